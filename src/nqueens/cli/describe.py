"""`nqueens describe`: the size and structure of the compiled model in each backend's
formalism (CP-SAT constraints, CNF clauses, the backtracker's search tree)."""

from __future__ import annotations

import argparse
import math
from typing import Any

from ..backends import option_owners
from ..backends.sat_facts import DEFAULT_ENCODING
from ..errors import InputError
from ..modeling.structure import describe_compiled, described_backends, problem_summary
from ..spec import Spec
from .common import (
    EXIT_OK,
    add_cell_arguments,
    add_format_argument,
    add_problem_argument,
    add_variant_argument,
    load_problem_args,
    print_json,
    wrap,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "describe", help="show the compiled model's size and structure",
        description=wrap("Show what each backend compiles the problem into: variables, "
        "constraints or clauses by family, auxiliary variables, and the backtracker's "
        "search-space bounds. Computed from n and the spec without building any model."),
        epilog="examples:\n  nqueens describe 8\n"
        "  nqueens describe completion-8-a1 --backend sat --encoding seqcounter",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_problem_argument(parser)
    add_variant_argument(parser)
    add_cell_arguments(parser)
    shown = described_backends()
    parser.add_argument("--backend", "-b", choices=shown, action="append", default=None,
                        help="backend to describe; repeat for several (default: "
                        f"{', '.join(shown)}, one per formalism)")
    parser.add_argument("--encoding", default=None,
                        help=f"at-most-one encoding for the sat backend (default: {DEFAULT_ENCODING})")
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def _number(value: int) -> str:
    """Thousands separators, and powers of ten for the astronomically large bounds (with
    integer arithmetic: n^n overflows a float from n = 144 on)."""
    if value < 10**12:
        return f"{value:,}"
    exponent = len(str(value)) - 1 if value < 10**4000 else int(math.log10(value))
    mantissa = value // 10 ** (exponent - 2)  # three significant digits
    return f"{mantissa / 100:.2f}e{exponent}"


def _power(log10: float) -> str:
    """A figure given as its base-10 logarithm, as 1.23e4567."""
    exponent = math.floor(log10)
    return f"{10 ** (log10 - exponent):.2f}e{exponent}"


def _table(title: str, rows: dict[str, Any]) -> list[str]:
    lines = [f"  {title}:"]
    width = max((len(key) for key in rows), default=0)
    lines += [f"    {key:<{width}}  {value if isinstance(value, _Shown) else _number(value):>12}"
              for key, value in rows.items()]
    return lines


def _text(doc: dict[str, Any]) -> list[str]:
    formalism = doc["formalism"]
    if formalism == "cpsat":
        return [
            (f"cpsat: {doc['variables']} Boolean variables ({doc['cell_variables']} cells, "
             f"{doc['aux_variables']} auxiliary), {doc['constraints']} constraints, "
             f"{doc['literals']} literals"),
            *_table("constraints by family", doc["constraints_by_family"]),
            *_table("constraints by type", doc["constraints_by_type"]),
        ]
    if formalism == "cnf":
        cardinality = doc.get("cardinality_constraints", 0)
        native = f" and {cardinality} at-most-one cardinality constraints" if cardinality else ""
        return [
            (f"sat ({doc['encoding']} encoding): {doc['variables']} variables "
             f"({doc['cell_variables']} cells, {doc['aux_variables']} auxiliary), "
             f"{doc['clauses']} clauses{native}, {doc['literals']} literals"),
            *_table("clauses and cardinality constraints by family" if cardinality
                    else "clauses by family", doc["clauses_by_family"]),
            *_table("clauses by length", doc["clauses_by_length"]),
        ]
    space = doc.get("search_space") or {
        key: _Shown(_power(value)) for key, value in doc["search_space_log10"].items()
    }
    per_row = doc["allowed_per_row"]
    shown = (" ".join(map(str, per_row)) if len(per_row) <= 32
             else f"{min(per_row)} to {max(per_row)}")
    return [
        (f"{doc['backend']}: row by row, {doc['allowed_cells']} cells open before the search "
         f"(per row: {shown})"),
        *_table("lines by family (attack masks)", doc["lines_by_family"]),
        *_table("search space", {
            "tree nodes (1 + n + ... + n^n)": space["tree_nodes"],
            "leaves, one queen per row (n^n)": space["leaves_one_queen_per_row"],
            "permutations (n!)": space["permutations"],
            "promising-node bound (1 + n + n(n-1) + ... + n!)": space["promising_bound"],
            "leaves over open cells only": space["allowed_leaves"],
        }),
    ]


class _Shown(str):
    """A figure already formatted (see `_number`)."""


def run(args: argparse.Namespace) -> int:
    spec = load_problem_args(args)
    backends = args.backend or described_backends()
    owners = option_owners("encoding")
    if args.encoding is not None and not set(owners) & set(backends):
        raise InputError(f"--encoding applies to --backend {' or '.join(owners)} only; drop "
                         f"it or add --backend {owners[0]}")
    if spec.is_open:
        docs = _posed_docs(spec, backends, args.encoding)
        summary = {**problem_summary(spec), **spec.posed_json()}
    else:
        docs = [describe_compiled(spec, name, args.encoding) for name in backends]
        summary = problem_summary(spec)
    if args.format == "json":
        print_json({"problem": summary, "backends": docs})
        return EXIT_OK
    title = spec.describe() + (f" ({spec.name})" if spec.name else "")
    lines = [title]
    for doc in docs:
        lines += [""] + (_posed_text(doc) if spec.is_open else _text(doc))
    print("\n".join(lines))
    return EXIT_OK


def _posed_docs(spec: Spec, backends: list[str], encoding: str | None) -> list[dict[str, Any]]:
    """Each backend's compiled form of a posed problem; a backend that takes none is
    refused, naming those that do."""
    from ..backends import backend_info, backend_names
    from ..modeling.posed_structure import posed_structure

    docs = []
    for name in backends:
        info = backend_info(name)
        if not info.posed:
            takers = [other for other in backend_names() if backend_info(other).posed]
            raise InputError(f"backend {name!r} takes the n-queens problem and its variants "
                             f"only, not a posed problem; describe one of: {', '.join(takers)}")
        docs.append({**posed_structure(spec, info.formalism, encoding), "backend": name,
                     "formalism": info.formalism})
    return docs


def _posed_text(doc: dict[str, Any]) -> list[str]:
    """A posed problem's compiled form in words, per formalism (see `_text`)."""
    objective = [f"  objective: {doc['objective']}"] if "objective" in doc else []
    if doc["formalism"] == "cpsat":
        return [
            (f"{doc['backend']}: {doc['variables']} Boolean variables (the open cells), "
             f"{doc['constraints']} constraints, {doc['literals']} literals"),
            *_table("constraints by family", doc["constraints_by_family"]),
            *_table("constraints by type", doc["constraints_by_type"]),
            *objective,
        ]
    if doc["formalism"] == "cnf" and "clauses_estimated" in doc:
        return [(f"{doc['backend']} ({doc['encoding']} encoding, bounds above one by "
                 f"{doc['bounds_above_one']}): about {doc['clauses_estimated']:,} clauses, from "
                 "the encodings' formulas (a CNF this large is not built only to be "
                 "counted)"), *objective]
    if doc["formalism"] == "cnf":
        cardinality = doc["cardinality_constraints"]
        native = f" and {cardinality} cardinality constraints" if cardinality else ""
        return [
            (f"{doc['backend']} ({doc['encoding']} encoding, bounds above one by "
             f"{doc['bounds_above_one']}): {doc['variables']} variables "
             f"({doc['cell_variables']} cells, {doc['aux_variables']} auxiliary), "
             f"{doc['clauses']} clauses{native}, {doc['literals']} literals"),
            *_table("clauses and cardinality constraints by family" if cardinality
                    else "clauses by family", doc["clauses_by_family"]),
            *_table("clauses by length", doc["clauses_by_length"]),
            *objective,
        ]
    bounds = {kind: _Shown(", ".join(shown)) for kind, shown in doc["bounds_by_family"].items()}
    space = doc["search_space_log2"]
    return [
        f"{doc['backend']}: {doc['search']}; {doc['open_cells']} open cells",
        *_table("lines by family", doc["lines_by_family"]),
        *_table("queens per line, by family", bounds),
        *_table("search space", {key: _Shown(f"2^{value}") for key, value in space.items()}),
        *objective,
    ]
