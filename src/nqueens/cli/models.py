"""`nqueens models`: list the model files bundled with the package, which every command
that takes N also takes by name (`nqueens count superqueens-11`)."""

from __future__ import annotations

import argparse

from ..modeling.bundled import MODELS_DIR, bundled_model, bundled_names
from ..modeling.modelfile import read_model
from ..wording import plural
from .common import EXIT_OK, add_format_argument, print_json, print_table, wrap


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "models", help="list the bundled model files",
        description=wrap("List the model files that ship with nqueens: name, size, variant, "
        "fixed and forbidden cells and the known answer. Name one without a path wherever "
        "a command takes N."),
        epilog="examples:\n  nqueens models\n  nqueens count superqueens-11\n"
        "  nqueens solve completion-8-a1 --backend sat",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_format_argument(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rows = []
    for name in bundled_names():
        path = bundled_model(name)
        assert path is not None
        model = read_model(path)
        spec, expected = model.spec, model.expected
        if expected is None:
            answer = ""
        elif expected.count is not None:
            answer = f"{expected.count} {plural(expected.count, 'solution')}"
        else:
            answer = "satisfiable" if expected.satisfiable else "unsatisfiable"
        rows.append({"name": name, "n": spec.n, "variant": spec.variant,
                     "fixed": len(spec.fixed), "forbidden": len(spec.forbidden),
                     "expected": answer})
    if args.format == "json":
        print_json({"directory": str(MODELS_DIR), "models": rows})
        return EXIT_OK
    print_table(["name", "n", "variant", "fixed", "forbidden", "expected"],
                [list(row.values()) for row in rows])
    return EXIT_OK
