"""Certified answers: DRAT proofs of "no solution" replayed by the checkers, refusals of
what cannot be certified, and the validator as the certificate of a "yes".

Which instances have no solution comes from references sharing no code with the package
(OEIS A000170, the brute force in tests/brute_force.py); the hand-written proof below is
checked by hand in its comment."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import nqueens
from nqueens.backends.sat import encode_cnf
from nqueens.errors import CertificateError, CountMismatchError, InputError
from nqueens.proofs import certificates, checkers
from nqueens.result import Outcome, Status
from nqueens.spec import Spec

from brute_force import brute_force_solutions
from known_counts import A000170
from optional import require

require("dratify", "pip install '.[certify]'")

#: A DRUP proof that the pairwise CNF of the 2x2 board (cells 1 2 / 3 4) has no model.
#: "-1 0": a queen on 1 empties 2 (row), 3 (column) and 4 (diagonal), so row 2 has none.
#: "0": then 1 is empty, row 1 puts the queen on 2, which empties 3 (anti-diagonal) and 4
#: (column): row 2 again has none.
HAND_PROOF_N2 = "-1 0\n0\n"

BLOCKED_COLUMN = Spec(6, forbidden=tuple((row, 2) for row in range(6)))
#: A completion whose two fixed queens leave no solution (brute force below).
DEAD_COMPLETION = Spec(6, fixed=((0, 0), (1, 2)))


def proof_file(tmp_path: Path, text: str, name: str = "p.drat") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("spec", [Spec(2), Spec(3), BLOCKED_COLUMN, DEAD_COMPLETION],
                         ids=["n2", "n3", "blocked-column", "dead-completion"])
def test_a_no_is_certified_by_a_replayed_proof(spec: Spec, tmp_path: Path) -> None:
    assert not brute_force_solutions(spec.n, spec.fixed, spec.forbidden)  # the reference
    proof = tmp_path / "no.drat"
    outcome = nqueens.solve(spec, certify=True, proof=str(proof))
    assert outcome.unsatisfiable
    certificate = outcome.certificate
    assert certificate.kind == "drat" and certificate.certified
    assert certificate.proof == str(proof) and proof.read_text().rstrip().endswith("0")
    # a small proof is replayed by dratify's Python engine and by drup (and by dratify's
    # Rust engine too where it is installed)
    assert {"dratify-python", "drup"} <= {run.name for run in certificate.checkers}
    assert all(run.ok for run in certificate.checkers)
    # the CNF written is the encoder's, clause for clause, less the clauses its unit
    # clauses satisfy (a subset: a refutation of it refutes the whole)
    written = [line for line in Path(certificate.cnf).read_text().splitlines()
               if not line.startswith("c")]
    clauses = encode_cnf(spec, "pairwise").cnf.clauses
    units = {clause[0] for clause in clauses if len(clause) == 1}
    kept = [c for c in clauses if len(c) == 1 or not units & set(c)]
    assert written[0] == f"p cnf {spec.n * spec.n} {len(kept)}"
    assert [[int(v) for v in line.split()[:-1]] for line in written[1:]] == kept
    assert certificate.clauses == len(clauses) and certificate.checked == len(kept)
    # and the proof replays against the CNF rebuilt from the spec alone
    assert nqueens.verify_proof(spec, str(proof)).certified


def test_the_bundled_unsatisfiable_completion_is_certified(tmp_path: Path) -> None:
    spec = nqueens.planning.spec_of("completion-8-unsat")
    assert not brute_force_solutions(spec.n, spec.fixed, spec.forbidden)
    assert nqueens.solve(spec, backend="sat", certify=True,
                         proof=str(tmp_path / "c.drat")).certificate.certified


def test_the_default_proof_goes_to_a_temporary_folder() -> None:
    certificate = nqueens.solve(3, certify=True).certificate
    assert certificate.certified and Path(certificate.proof).is_file()
    assert Path(certificate.cnf).parent == Path(certificate.proof).parent


def test_a_hand_written_proof_checks(tmp_path: Path) -> None:
    certificate = nqueens.verify_proof(2, str(proof_file(tmp_path, HAND_PROOF_N2)))
    assert certificate.certified and len(certificate.checkers) >= 2


@pytest.mark.parametrize("edited", ["0\n", "-1 0\n", ""], ids=["lemma-removed", "empty-clause-removed",
                                                           "everything-removed"])
def test_a_proof_edited_by_hand_does_not_check(edited: str, tmp_path: Path) -> None:
    certificate = nqueens.verify_proof(2, str(proof_file(tmp_path, edited)))
    assert not certificate.certified
    assert all(not run.ok for run in certificate.checkers)


def test_a_solver_proof_without_its_lemmas_or_its_empty_clause_fails(tmp_path: Path) -> None:
    proof = tmp_path / "n3.drat"
    assert nqueens.solve(3, certify=True, proof=str(proof)).certificate.certified
    lines = proof.read_text().splitlines()
    assert lines[-1] == "0"
    no_lemmas = proof_file(tmp_path, "0\n", "no-lemmas.drat")  # n = 3 has no unit clause
    no_empty = proof_file(tmp_path, "\n".join(lines[:-1]) + "\n", "no-empty.drat")
    assert not nqueens.verify_proof(3, str(no_lemmas)).certified
    assert not nqueens.verify_proof(3, str(no_empty)).certified


@pytest.mark.parametrize("n", [4, 5, 8])
def test_a_proof_against_a_satisfiable_cnf_fails(n: int, tmp_path: Path) -> None:
    assert A000170[n] > 0
    proof = tmp_path / "n3.drat"
    nqueens.solve(3, certify=True, proof=str(proof))
    assert not nqueens.verify_proof(n, str(proof)).certified
    assert not nqueens.verify_proof(n, str(proof_file(tmp_path, HAND_PROOF_N2, "hand.drat"))).certified


def test_a_file_that_is_not_a_drat_proof_is_bad_input(tmp_path: Path) -> None:
    # issue 32 item 14: not a proof at all is bad input (exit 2), not bad evidence (exit 4)
    with pytest.raises(InputError, match="is not a DRAT proof: proof line 1: bad token 'x'"):
        nqueens.verify_proof(2, str(proof_file(tmp_path, "-1 x 0\n0\n")))
    binary = tmp_path / "proof.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(InputError, match=r"not a DRAT proof in text form \(byte 0x89 at offset 0"):
        nqueens.verify_proof(2, str(binary))
    # a proof in DRAT form naming a variable no CNF of this board has is bad evidence
    certificate = nqueens.verify_proof(2, str(proof_file(tmp_path, "-99999 0\n0\n")))
    assert not certificate.certified and "malformed" in certificate.reason


@pytest.mark.parametrize("solver", ["maplesat", "maplecm", "minisat22", "minicard", "kissat404"])
def test_solvers_without_a_checkable_proof_are_refused(solver: str) -> None:
    with pytest.raises(InputError, match=f"cannot certify: the SAT solver {solver}"):
        nqueens.solve(3, backend="sat", solver=solver, certify=True)


def test_a_proof_solver_named_by_the_user_certifies() -> None:
    certificate = nqueens.solve(3, backend="sat", solver="glucose4", certify=True).certificate
    assert certificate.certified and certificate.solver == "glucose4"


def test_the_native_encoding_and_counts_no_search_proves_are_refused() -> None:
    with pytest.raises(InputError, match="native encoding"):
        nqueens.solve(3, backend="sat", encoding="native", certify=True)
    with pytest.raises(InputError, match="cpsat backend's search writes no proof"):
        nqueens.plan(3, "count", "cpsat", certify=True)
    with pytest.raises(InputError, match="reduced by symmetry"):
        nqueens.plan(6, "count", certify=True, unique=True)
    with pytest.raises(InputError, match="certif"):
        nqueens.plan(3, "find", "backtrack", proof="p.drat")


def test_a_missing_checker_is_refused_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkers, "checker_available", lambda: False)
    with pytest.raises(InputError, match=r"nqueens\[certify\]"):
        nqueens.solve(3, certify=True)


def test_a_yes_is_certified_by_the_validator() -> None:
    outcome = nqueens.solve(8, certify=True)
    assert outcome.certificate.kind == "validator" and outcome.certificate.certified
    assert not nqueens.validate(8, outcome.solution)


def test_an_invalid_solution_is_not_certified() -> None:
    certificate = certificates.certify_solutions(Spec(4), [(0, 1, 2, 3)])
    assert not certificate.certified and "breaks a rule" in certificate.reason


def test_a_no_that_the_solver_contradicts_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search claiming "no" on a satisfiable board: the proof's solver finds a model (a
    backend whose search writes no proof), or the search's own proof does not check."""
    from nqueens.backends.backtrack import BacktrackBackend
    from nqueens.backends.cpsat import CpSatBackend

    monkeypatch.setattr(CpSatBackend, "search",
                        lambda self, spec, sink=None, **kw: Outcome(Status.COMPLETE, 0, backend="cpsat"))
    with pytest.raises(CertificateError, match="found a model"):
        nqueens.solve(6, backend="cpsat", certify=True)

    def wrong(self: object, spec: Spec, sink: object = None, **kw: Any) -> Outcome:
        kw["proof"].write(b"0\n")  # "the CNF is refuted by unit propagation": it is not
        return Outcome(Status.COMPLETE, 0, backend="backtrack", stats={"order": "rows"})

    monkeypatch.setattr(BacktrackBackend, "search_proving", wrong)
    with pytest.raises(CertificateError, match="rejects the proof"):
        nqueens.solve(6, backend="backtrack", certify=True)


def test_cross_check_agrees_with_oeis() -> None:
    for n in (1, 4, 6):
        first, second = nqueens.cross_check(n, backend="sat")
        assert first.count == second.count == A000170[n]
        assert first.backend != second.backend


def test_the_api_refuses_a_cross_check_as_the_command_does(tmp_path: Path) -> None:
    from nqueens.counting.route import Split

    for refused in ({"unique": True}, {"split": Split(checkpoint=tmp_path / "c.ckpt")}):
        with pytest.raises(nqueens.InputError, match="compares two whole counts"):
            nqueens.cross_check(6, **refused)


def test_cross_check_disagreement_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from nqueens.planning import Plan

    real = Plan.run

    def off_by_one(self: Plan, *args: object, **kwargs: object) -> Outcome:
        outcome = real(self, *args, **kwargs)  # type: ignore[arg-type]
        return Outcome(outcome.status, outcome.count + (self.backend != "sat"), backend=outcome.backend)

    monkeypatch.setattr(Plan, "run", off_by_one)
    with pytest.raises(CountMismatchError, match="disagree"):
        nqueens.cross_check(5, backend="sat")


def test_without_the_rust_engine_the_python_engine_checks_every_proof(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(checkers, "_native_engine", lambda: False)
    monkeypatch.setattr(checkers, "PYTHON_ENGINE_STEPS", 0)
    monkeypatch.setattr(checkers, "SECOND_CHECKER_BUDGET", 0)
    certificate = nqueens.verify_proof(2, str(proof_file(tmp_path, HAND_PROOF_N2)))
    assert certificate.certified
    assert [run.name for run in certificate.checkers] == ["dratify-python"]


def test_under_a_time_limit_the_checkers_replay_in_a_child_with_the_same_verdicts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nqueens.result import Deadline

    monkeypatch.setattr(checkers, "IN_PROCESS_SECONDS", 0.0)  # even a tiny replay

    good = proof_file(tmp_path, HAND_PROOF_N2)
    here = certificates.verify_proof(Spec(2), good)
    there = certificates.verify_proof(Spec(2), good, deadline=Deadline(60))
    assert here.certified and there.certified and there.reason == here.reason
    assert [run.name for run in there.checkers] == [run.name for run in here.checkers]
    assert nqueens.verify_proof(2, str(good), timeout=60).certified  # the API's way there
    with pytest.raises(InputError, match="timeout must be a positive number"):
        nqueens.verify_proof(2, str(good), timeout=0)
    bad = certificates.verify_proof(Spec(2), proof_file(tmp_path, "0\n", "bad.drat"),
                                    deadline=Deadline(60))
    assert not bad.certified and bad.checkers and all(not run.ok for run in bad.checkers)


def test_a_stop_kills_a_long_replay_and_keeps_the_proof(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The checkers have no stop hook: the deadline ends their process (a stand-in that
    would take a minute) and the certificate says so; the files stay for a later check."""
    import time

    from nqueens.result import Deadline

    monkeypatch.setattr(checkers, "_CHILD", "import time; time.sleep(60)")
    monkeypatch.setattr(checkers, "IN_PROCESS_SECONDS", 0.0)  # every replay a child's
    proof = proof_file(tmp_path, HAND_PROOF_N2)
    started = time.monotonic()
    certificate = certificates.verify_proof(Spec(2), proof, deadline=Deadline(0.5))
    assert time.monotonic() - started < 10
    assert not certificate.certified and certificate.checkers == ()
    assert certificate.reason.startswith("stopped before") and str(proof) in certificate.reason
    assert proof.read_text() == HAND_PROOF_N2


def test_a_checker_process_that_fails_does_not_certify(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from nqueens.result import Deadline

    monkeypatch.setattr(checkers, "_CHILD", "raise SystemExit('checker crashed')")
    monkeypatch.setattr(checkers, "IN_PROCESS_SECONDS", 0.0)
    certificate = certificates.verify_proof(Spec(2), proof_file(tmp_path, HAND_PROOF_N2),
                                            deadline=Deadline(60))
    assert not certificate.certified and "checker crashed" in certificate.reason


def test_lingeling_named_by_the_user_solves_and_certifies() -> None:
    """PySAT's Lingeling takes no conflict budget: the search runs whole instead of failing."""
    from nqueens.validator import find_violations

    found = nqueens.solve(8, backend="sat", solver="lingeling")
    assert found.count == 1 and not find_violations(Spec(8), found.solutions[0])
    outcome = nqueens.solve(3, backend="sat", solver="lingeling", certify=True)
    assert outcome.unsatisfiable and outcome.certificate.certified
    assert outcome.certificate.solver == "lingeling"


@pytest.mark.parametrize("n", range(1, 11))
def test_a_certified_count_agrees_with_the_references(n: int) -> None:
    """Brute force up to n = 8, OEIS A000170 beyond (n = 12: tests/system/test_certify.py)."""
    outcome = nqueens.count(n, certify=True)
    certificate = outcome.certificate
    assert outcome.complete and certificate.certified and certificate.route == "search"
    assert outcome.count == len(outcome.solutions) == len(set(outcome.solutions))
    if n <= 8:
        assert set(outcome.solutions) == brute_force_solutions(n)
    else:
        assert outcome.count == A000170[n]
    if 1 < outcome.count < 100:  # a solution left out: the proof no longer holds
        listed = [list(p) for p in outcome.solutions[:-1]]
        assert not nqueens.verify_proof(n, certificate.proof, solutions=listed).certified


def test_a_long_rows_proof_gives_way_to_a_shorter_solver_proof(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows order's tree can dwarf a CDCL refutation: past RACE_FROM_STEPS CaDiCaL gets
    the search proof's expected replay time, and its proof is kept when shorter."""
    from nqueens.modeling import generators
    from nqueens.proofs import certify as certified

    monkeypatch.setattr(certified, "RACE_FROM_STEPS", 100)
    spec = generators.diagonals(10, 3, 2, 12).spec  # rows order: 639 steps; CaDiCaL: 49
    proof = tmp_path / "d10.drat"
    outcome = nqueens.solve(spec, backend="backtrack", order="rows", certify=True,
                            proof=str(proof))
    certificate = outcome.certificate
    assert outcome.unsatisfiable and certificate.certified and certificate.route == "solver"
    assert certificate.proof == str(proof) and certificate.steps < 100
    assert nqueens.verify_proof(spec, str(proof)).certified
    # a short proof is kept: CaDiCaL's of the corner 6-board is longer than the search's
    monkeypatch.setattr(certified, "RACE_FROM_STEPS", 0)
    corner = nqueens.solve(6, fixed=[(0, 0)], backend="backtrack", order="rows", certify=True)
    assert corner.certificate.certified and corner.certificate.route == "search"


def test_a_certified_count_hands_its_list_to_the_answer_hook(tmp_path: Path) -> None:
    """What a stop during the replay reports (cli/count.py's abandon): the count's
    solutions, listed before their proof is checked."""
    from nqueens.planning import plan

    answered: list[tuple[Outcome, str | None]] = []
    proof = tmp_path / "six.drat"
    outcome = plan(6, "count", certify=True, proof=str(proof)).run(
        on_answer=lambda answer, path: answered.append((answer, path)))
    [(answer, path)] = answered
    assert path == str(proof) and proof.read_text().endswith("\n0\n")
    assert answer.certificate is None and answer.count == 4
    assert set(answer.solutions) == brute_force_solutions(6) and len(answer.solutions) == 4
    assert outcome.certificate.certified and outcome.solutions == answer.solutions
