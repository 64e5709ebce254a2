"""The backtracker's orders writing their own DRAT proof (`backends/proving.py`): each order's
proof of a "no" and of a count (with one blocking clause per solution) is replayed by the
independent checkers against the pairwise CNF; a proof missing a clause, with a literal
flipped or without its empty clause is rejected; the C search and its Python twin write the
same proof; logging changes neither the solutions nor their order, and the plain search
(no proof) visits the nodes it visited before.

Which instances have no solution, and the counts, come from references sharing no code
with the package (tests/brute_force.py, OEIS in tests/known_counts.py)."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import NamedTuple

import pytest

from nqueens.backends import propagate, proving
from nqueens.backends.backtrack import BacktrackBackend
from nqueens.backends.base import Emitter
from nqueens.backends.sat import encode_cnf
from nqueens.modeling import generators
from nqueens.proofs import certificates
from nqueens.result import Deadline
from nqueens.spec import Placement, Spec
from nqueens.validator import find_violations

from brute_force import brute_force_solutions
from known_counts import A000170, VARIANT_COUNTS
from optional import missing, require

dratify = require("dratify", "pip install '.[certify]'")
try:
    import cdclkit_native
except ImportError:  # dratify's Python engine only
    pass
else:
    dratify.register_native(cdclkit_native)

ORDERS = proving.ORDERS
#: Queens boards without a solution: plain, a completion, a blocked board and excluded
#: diagonals from the published generators (brute force confirms each below).
QUEENS_NO = {
    "n2": Spec(2), "n3": Spec(3), "corner-6": Spec(6, fixed=((0, 0),)),
    "completion-7-2-s18": generators.completion(7, 2, 18).spec,
    "blocked-7-18-k2-s46": generators.blocked(7, 18, 2, 46).spec,
    "diagonals-7-k2-d7-s19": generators.diagonals(7, 2, 19, 7).spec,
}


@functools.cache
def solutions(spec: Spec) -> frozenset[Placement]:
    """The brute-force reference (queens boards)."""
    return frozenset(brute_force_solutions(spec.n, spec.fixed, spec.forbidden))


def prove(spec: Spec, order: str, tmp_path: Path, *, limit: int | None = None,
          use_c: bool = True) -> tuple[bool, list[Placement], dict[str, int], Path]:
    found: list[Placement] = []
    path = tmp_path / f"{order}-{'c' if use_c else 'python'}.drat"
    with path.open("wb") as out:
        exhausted, _, stats = proving.proving_search(
            spec, order, Emitter(found.append, limit), None, out, use_c=use_c)
    return exhausted, found, stats, path


class Verdict(NamedTuple):
    certified: bool
    reason: str
    steps: int


def replay(spec: Spec, solutions: list[Placement], proof: Path) -> Verdict:
    """dratify (its Rust engine where installed) on the CNF plus one blocking clause per
    solution. (`certificates.check_proof` adds the other checkers: too slow for this many.)"""
    cnf = encode_cnf(spec, "pairwise").cnf
    n = spec.n
    blocking = [[-(r * n + c + 1) for r, c in enumerate(p)] for p in solutions]
    formula = dratify.parse_dimacs(certificates.dimacs(cnf.clauses + blocking, cnf.nv))
    result = dratify.check_proof(formula, proof.read_text())
    return Verdict(bool(result.ok and result.reached_empty), str(result.reason), result.steps)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("name", QUEENS_NO)
def test_each_order_proves_a_no(name: str, order: str, tmp_path: Path) -> None:
    spec = QUEENS_NO[name]
    assert not solutions(spec)  # the reference
    exhausted, found, stats, proof = prove(spec, order, tmp_path)
    assert exhausted and found == []
    certificate = replay(spec, [], proof)
    assert certificate.certified, certificate.reason
    assert stats["proof_added"] + stats["proof_deleted"] == certificate.steps


@pytest.mark.parametrize("order", ["rows", "first-fail"])
@pytest.mark.parametrize("spec", [Spec(6, "torus"), Spec(7, "superqueens")],
                         ids=lambda s: s.describe())
def test_the_variants_no_is_proved_on_their_own_cnf(spec: Spec, order: str,
                                                    tmp_path: Path) -> None:
    assert VARIANT_COUNTS[spec.variant][spec.n] == 0  # OEIS
    exhausted, found, _, proof = prove(spec, order, tmp_path)
    assert exhausted and found == []
    assert replay(spec, [], proof).certified


COUNTED = [Spec(6), Spec(7, fixed=((0, 1),), forbidden=((3, 3),)), Spec(5, "torus")]


@pytest.mark.parametrize(("spec", "order"), [
    (spec, order) for spec in COUNTED for order in ORDERS
    if order != "propagate" or spec.variant == "queens"],  # its lines are the queens'
    ids=lambda x: x.describe() if isinstance(x, Spec) else x)
def test_a_count_is_proved_with_its_blocking_clauses(spec: Spec, order: str,
                                                     tmp_path: Path) -> None:
    expected = (VARIANT_COUNTS[spec.variant][spec.n] if spec.variant != "queens"
                else len(solutions(spec)))
    exhausted, found, _, proof = prove(spec, order, tmp_path)
    assert exhausted and len(found) == len(set(found)) == expected
    assert all(find_violations(spec, placement) == [] for placement in found)
    assert replay(spec, found, proof).certified
    # without the last solution's blocking clause the proof no longer holds
    assert not replay(spec, found[:-1], proof).certified


def _lines(proof: Path) -> list[str]:
    return proof.read_text().splitlines()


@pytest.mark.parametrize("order", ORDERS)
def test_a_tampered_proof_is_rejected(order: str, tmp_path: Path) -> None:
    spec = QUEENS_NO["corner-6"]
    assert not solutions(spec)
    _, _, _, proof = prove(spec, order, tmp_path)
    lines = _lines(proof)
    assert lines[-1] == "0" and replay(spec, [], proof).certified
    broken = tmp_path / "broken.drat"
    added = [i for i, line in enumerate(lines) if not line.startswith("d") and line != "0"]
    for i in added:  # without any one node's clause
        broken.write_text("\n".join(lines[:i] + lines[i + 1:]) + "\n")
        assert not replay(spec, [], broken).certified, lines[i]
    first = lines[added[0]].split()  # "-a -b 0" becomes "a -b 0"
    broken.write_text("\n".join([" ".join([first[0].lstrip("-"), *first[1:]]), *lines[1:]]) + "\n")
    assert not replay(spec, [], broken).certified
    broken.write_text("\n".join(lines[:-1]) + "\n")  # no empty clause
    certificate = replay(spec, [], broken)
    assert not certificate.certified and "empty clause" in certificate.reason


#: A "no" of the excluded-diagonals generator (brute force confirms it below) with one of
#: the largest trees of an 8-board's: a few hundred nodes in each order.
DIAGONALS_8 = generators.diagonals(8, 2, 14, 5).spec


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("spec", [DIAGONALS_8, Spec(8)], ids=["diagonals-8-no", "count-8"])
def test_a_closed_node_deletes_its_childrens_clauses(spec: Spec, order: str,
                                                     tmp_path: Path) -> None:
    """Every deletion names a clause the checker holds, and the clauses alive at any time
    are those of open nodes' children: at most n for each of at most n depths, however
    long the proof (so a checker's clause set stays small)."""
    exhausted, found, stats, proof = prove(spec, order, tmp_path)
    assert exhausted and len(found) == len(solutions(spec))
    alive: dict[frozenset[int], int] = {}
    most = 0
    for line in _lines(proof):
        kind, *numbers = line.split()
        if kind == "d":
            clause = frozenset(map(int, numbers[:-1]))
            assert alive.get(clause, 0) > 0, f"deletes a clause it never added: {line}"
            alive[clause] -= 1
        else:
            clause = frozenset(map(int, [kind, *numbers][:-1]))
            alive[clause] = alive.get(clause, 0) + 1
        most = max(most, sum(alive.values()))
    n = spec.n
    assert stats["proof_deleted"] > 0 and most <= n * n
    assert replay(spec, found, proof).certified


def test_the_plain_orders_visit_the_nodes_they_did_before_logging_existed() -> None:
    """Node counts of each order's search without a proof, measured on main before the
    proof-logging search was added (b36ee2b); the solutions are brute force's."""
    counts = {  # (nodes_checked, promising_nodes) per order
        Spec(8): {"rows": (15721, 2057), "first-fail": (7817, 1361), "propagate": (2397, 1199)},
        DIAGONALS_8: {"rows": (3425, 428), "first-fail": (409, 75), "propagate": (119, 60)},
    }
    for spec, by_order in counts.items():
        for order, (checked, promising) in by_order.items():
            found: list[Placement] = []
            outcome = BacktrackBackend(order=order).search(spec, found.append)
            assert outcome.complete and set(found) == solutions(spec)
            assert len(found) == len(solutions(spec))
            assert (outcome.stats["nodes_checked"], outcome.stats["promising_nodes"]) == (
                checked, promising), order
        twin = propagate.propagate_search(spec, Emitter(None, None), None, use_c=False)[2]
        assert (twin["nodes_checked"], twin["promising_nodes"]) == by_order["propagate"]


def _random_specs(count: int, seed: int) -> list[Spec]:
    rng = random.Random(seed)
    specs = []
    while len(specs) < count:
        n = rng.randint(4, 9)
        cells = [(r, c) for r in range(n) for c in range(n)]
        rng.shuffle(cells)
        fixed = cells[:1] if rng.random() < 0.5 else []
        specs.append(Spec(n, fixed=fixed, forbidden=cells[1:1 + rng.randint(0, 2 * n)]))
    return specs


def test_the_c_search_and_its_python_twin_write_the_same_proof(tmp_path: Path) -> None:
    if not propagate.compiled():
        missing("the C extension nqueens._propagate is not built (pip install -e .)")
    for spec in _random_specs(12, 7):
        for limit in (None, 1):
            c = prove(spec, "propagate", tmp_path, limit=limit)
            python = prove(spec, "propagate", tmp_path, limit=limit, use_c=False)
            assert c[:3] == python[:3] and c[3].read_bytes() == python[3].read_bytes()


@pytest.mark.parametrize("order", ORDERS)
def test_logging_keeps_the_solutions_and_their_order(order: str, tmp_path: Path) -> None:
    for spec in _random_specs(6, 11):
        plain: list[Placement] = []
        BacktrackBackend(order=order).search(spec, plain.append)
        assert prove(spec, order, tmp_path)[1] == plain


def test_the_plain_search_visits_the_nodes_it_did_before_logging_existed() -> None:
    # (status, placements, removals) of the C loop on main before the proof-logging search
    # was added (a68cb2d); the search's choices and node counts must not move
    if not propagate.compiled():
        missing("the C extension nqueens._propagate is not built (pip install -e .)")
    found: list[Placement] = []
    assert propagate._kernel.search(10, [], [], lambda p: found.append(p) is None) == (
        0, 16447, 16447)
    assert len(set(found)) == A000170[10]
    spec = generators.diagonals(20, 4, 14, 18).spec  # a "no" of the published set
    n = spec.n
    assert propagate._kernel.search(n, [], [r * n + c for r, c in spec.forbidden],
                                    lambda p: True) == (0, 33374, 33374)


def test_a_deadline_stops_the_search_with_an_unfinished_proof(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(proving, "_POLL_EVERY", 1)  # the Python loop's; C polls every 2^14
    for use_c in (True, False):
        with (tmp_path / "p.drat").open("wb") as out:
            exhausted, timed_out, _ = proving.proving_search(
                Spec(12), "propagate", Emitter(None, None), Deadline(0.0), out, use_c=use_c)
        assert timed_out and not exhausted
        assert not (tmp_path / "p.drat").read_text().endswith("\n0\n")


def test_a_proof_that_cannot_be_written_is_an_os_error(tmp_path: Path) -> None:
    path = tmp_path / "p.drat"
    path.write_text("")
    for order in ORDERS:
        with (path.open("rb") as read_only,
              pytest.raises(OSError, match=r"Bad file descriptor|write")):
            proving.proving_search(Spec(6), order, Emitter(None, None), None, read_only)
