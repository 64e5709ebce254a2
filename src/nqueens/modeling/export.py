"""Export a spec's compiled forms as text other tools read: DIMACS CNF (with the cell map and a
projection line for projected model counters), the CP-SAT model proto in text format, a
MiniZinc model with its data, and the forms of the wider modeling world: an XCSP3 instance
(the constraint-solver competitions' format), a pseudo-Boolean OPB file and a CPMpy script.

DIMACS follows the model counting competition conventions that Ganak reads: `c t pmc`
(projected model counting), then `p cnf V C`, then `c p show 1 ... n*n 0` naming the cell
variables, so a counter counts placements and not the encoding's auxiliary variables.
The MiniZinc model is generic over lines (the data lists every line's cells), so every
variant exports through the same model text. Solver libraries are imported only by the
format that needs them.
"""

from __future__ import annotations

from ..errors import InputError, SizeLimitError
from ..spec import Spec

__all__ = ["ANY_SPEC_FORMATS", "FORMATS", "check_export", "cpsat_text", "dimacs_text", "export_text", "minizinc_text"]

#: format name -> usual file suffix
FORMATS = {"dimacs": ".cnf", "cpsat": ".pbtxt", "minizinc": ".mzn", "xcsp3": ".xml",
           "opb": ".opb", "cpmpy": ".py"}
#: The formats that state lines with any bounds and an objective, so any spec, posed or not.
ANY_SPEC_FORMATS = ("minizinc", "xcsp3", "opb", "cpmpy")


def dimacs_text(spec: Spec, encoding: str | None = None) -> str:
    """DIMACS CNF of `encode_cnf(spec, encoding)` with the cell map in comment lines."""
    from ..backends.cnf import cell_var
    from ..backends.sat import DEFAULT_ENCODING, CompiledCnf, encode_cnf

    if spec.is_open:  # its lines' bounds by cardinality encodings (`sat_posed`)
        from ..backends.sat_posed import encode_posed

        chosen = encoding or DEFAULT_ENCODING
        compiled = CompiledCnf(spec.n, chosen, encode_posed(spec, chosen))
    else:
        compiled = encode_cnf(spec, encoding or DEFAULT_ENCODING)
    n, cnf, cardinality = spec.n, compiled.cnf, compiled.cardinality
    larger = ""
    if spec.is_open:
        from ..backends.sat_facts import ANY_K, K_ENCODING

        if compiled.encoding not in ANY_K and compiled.encoding != "native":
            larger = f", larger bounds by {K_ENCODING}"
    # the native encoding is CNF+ (MiniCard's format): "l1 l2 ... <= 1" lines after the
    # clauses; model counters read plain CNF only
    problem = (f"p cnf+ {cnf.nv} {len(cnf.clauses) + len(cardinality)}" if cardinality
               else f"p cnf {cnf.nv} {len(cnf.clauses)}")
    out = [
        *([] if cardinality else ["c t pmc"]),
        problem,
        f"c nqueens: {spec.describe()}" + (f" ({spec.name})" if spec.name else ""),
        (f"c encoding: {compiled.encoding} at-most-one{larger}; variables 1..{n * n} are the cells "
         f"(row-major, 0-based), {compiled.aux_vars} auxiliary variables above"),
        *(f"c cell {cell_var(n, r, c)} = row {r} col {c}" for r in range(n) for c in range(n)),
        "c p show " + " ".join(str(v) for v in range(1, n * n + 1)) + " 0",
    ]
    out += [" ".join(map(str, clause)) + " 0" for clause in cnf.clauses]
    out += [" ".join(map(str, literals)) + f" <= {bound}" for literals, bound in cardinality]
    return "\n".join(out) + "\n"


def cpsat_text(spec: Spec) -> str:
    """The CpModelProto of `compile_cpsat_model(spec)` in protobuf text format; cell
    variables are named q_ROW_COL."""
    header = f"# nqueens: {spec.describe()}; variables q_ROW_COL (0-based) are the cells\n"
    if spec.is_open:  # one linear constraint per line, and the objective
        from ..backends.cpsat_posed import compile_posed_cpsat

        return header + str(compile_posed_cpsat(spec)[0].proto)
    from ..backends.cpsat import compile_cpsat_model

    return header + str(compile_cpsat_model(spec).model.proto)


_MINIZINC_MODEL = """\
% Every line holds exactly one queen (rows, columns) or at most one (the rest).
int: n;
int: n_lines;
array[1..n_lines] of bool: exact;
array[1..n_lines] of set of 0..n*n-1: line_cells;   % cell index = row * n + col
set of 0..n*n-1: fixed_cells;
set of 0..n*n-1: forbidden_cells;

array[0..n-1, 0..n-1] of var bool: queen;

constraint forall(l in 1..n_lines)(
  let { var int: on = sum(i in line_cells[l])(bool2int(queen[i div n, i mod n])) } in
  if exact[l] then on = 1 else on <= 1 endif
);
constraint forall(i in fixed_cells)(queen[i div n, i mod n]);
constraint forall(i in forbidden_cells)(not queen[i div n, i mod n]);

solve satisfy;

output ["columns = ", show([sum(c in 0..n-1)(c * bool2int(fix(queen[r, c]))) | r in 0..n-1]), "\\n"];
"""


def _mzn_set(cells: list[int]) -> str:
    return "{" + ", ".join(map(str, cells)) + "}"


_MINIZINC_POSED_MODEL = """\
% A posed problem: every line holds between lo and hi queens.
int: n;
int: n_lines;
array[1..n_lines] of int: lo;
array[1..n_lines] of int: hi;
array[1..n_lines] of set of 0..n*n-1: line_cells;   % cell index = row * n + col
set of 0..n*n-1: fixed_cells;
set of 0..n*n-1: forbidden_cells;

array[0..n-1, 0..n-1] of var bool: queen;
var 0..n*n: queens = sum(r in 0..n-1, c in 0..n-1)(bool2int(queen[r, c]));

constraint forall(l in 1..n_lines)(
  let { var int: on = sum(i in line_cells[l])(bool2int(queen[i div n, i mod n])) } in
  lo[l] <= on /\\ on <= hi[l]
);
constraint forall(i in fixed_cells)(queen[i div n, i mod n]);
constraint forall(i in forbidden_cells)(not queen[i div n, i mod n]);
"""

_MINIZINC_SOLVE = {None: "solve satisfy;", "fewest": "solve minimize queens;",
                   "most": "solve maximize queens;"}
_MINIZINC_POSED_OUTPUT = (
    'output ["queens = \\(queens):"] ++ [" (\\(r), \\(c))" | r in 0..n-1, c in 0..n-1 '
    'where fix(queen[r, c])] ++ ["\\n"];')


def _minizinc_posed(spec: Spec) -> str:
    """A posed problem's MiniZinc model: lines with bounds, the objective as its solve item;
    it prints the number of queens and their (row, col) cells, 0-based."""
    n = spec.n
    lines = spec.lines
    data = [
        f"% nqueens: {spec.describe()}" + (f" ({spec.name})" if spec.name else ""),
        "% Prints the number of queens and their 0-based (row, col) cells.",
        "",
        _MINIZINC_POSED_MODEL,
        _MINIZINC_SOLVE[spec.objective],
        "",
        _MINIZINC_POSED_OUTPUT,
        "",
        "% data",
        f"n = {n};",
        f"n_lines = {len(lines)};",
        "lo = [" + ", ".join(str(line.lo) for line in lines) + "];",
        "hi = [" + ", ".join(str(line.hi) for line in lines) + "];",
        "line_cells = [",
        *(f"  {_mzn_set([r * n + c for r, c in line.cells])},  % {line.kind}" for line in lines),
        "];",
        f"fixed_cells = {_mzn_set([r * n + c for r, c in spec.fixed])};",
        f"forbidden_cells = {_mzn_set([r * n + c for r, c in spec.forbidden])};",
    ]
    return "\n".join(data) + "\n"


def minizinc_text(spec: Spec) -> str:
    """A self-contained MiniZinc model (.mzn): the generic line model and this spec's data
    (a posed problem's: lines with any bounds and its objective)."""
    if spec.is_open:
        return _minizinc_posed(spec)
    n = spec.n
    lines = spec.lines
    index = [[r * n + c for r, c in line.cells] for line in lines]
    data = [
        f"% nqueens: {spec.describe()}" + (f" ({spec.name})" if spec.name else ""),
        "% Prints the 0-based column of the queen in each row.",
        "",
        _MINIZINC_MODEL,
        "% data",
        f"n = {n};",
        f"n_lines = {len(lines)};",
        "exact = [" + ", ".join("true" if line.exact else "false" for line in lines) + "];",
        "line_cells = [",
        *(f"  {_mzn_set(cells)},  % {line.kind}" for cells, line in zip(index, lines, strict=True)),
        "];",
        f"fixed_cells = {_mzn_set([r * n + c for r, c in spec.fixed])};",
        f"forbidden_cells = {_mzn_set([r * n + c for r, c in spec.forbidden])};",
    ]
    return "\n".join(data) + "\n"


#: Most literals (cell occurrences) an export writes: about 100 MB of text and tens of
#: seconds to build; beyond that the command refuses at once.
MAX_EXPORT_LITERALS = 20_000_000


def check_export(spec: Spec, fmt: str, encoding: str | None = None) -> None:
    """Refuse, from formulas and before building anything, an export too large to write in
    reasonable time and memory.

    Raises:
        SizeLimitError: naming the size, the limit and what to do instead.
    """
    from ..backends import first_by_formalism
    from ..backends.sat_facts import DEFAULT_ENCODING, LARGE_ENCODING
    from .structure import describe_compiled

    if spec.is_open:  # a small board (posed.families.MAX_OPEN_N): no size to refuse
        if fmt == "dimacs" and spec.objective is not None:
            raise InputError(f"DIMACS states no objective ({spec.describe()}); export --to "
                             f"{', '.join(ANY_SPEC_FORMATS)} or cpsat, which state it")
        return

    backend = first_by_formalism()["cnf" if fmt == "dimacs" else "cpsat"]
    doc = describe_compiled(spec, backend, encoding)
    size = doc["literals"] + (doc["variables"] if fmt != "dimacs" else 0)
    if size > MAX_EXPORT_LITERALS:
        hint = (f"try --encoding {LARGE_ENCODING} (O(n^2) clauses) or a smaller n"
                if fmt == "dimacs" and (encoding or DEFAULT_ENCODING) == DEFAULT_ENCODING
                else "use a smaller n")
        raise SizeLimitError(
            f"the {fmt} export of {spec.describe()} would hold about {size:,} literals and "
            f"variables (limit {MAX_EXPORT_LITERALS:,}); {hint}")


def export_text(spec: Spec, fmt: str, encoding: str | None = None) -> str:
    """The text of `spec` in format `fmt` (a key of FORMATS), after `check_export`."""
    check_export(spec, fmt, encoding)
    if fmt == "dimacs":
        return dimacs_text(spec, encoding)
    if fmt == "cpsat":
        return cpsat_text(spec)
    if fmt == "xcsp3":
        from .xcsp3 import xcsp3_text

        return xcsp3_text(spec)
    if fmt == "opb":
        from .opb import opb_text

        return opb_text(spec)
    if fmt == "cpmpy":
        from .cpmpy_bridge import cpmpy_script

        return cpmpy_script(spec)
    return minizinc_text(spec)
