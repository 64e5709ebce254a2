"""`solve --certify`, `verify --proof` and `count --cross-check` from the command line: exit
codes 0/1 for certified answers, 4 for evidence that does not check, 5 for counts that
disagree, 2 (one line, nothing on stdout, no file) for what cannot be certified."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import nqueens
from nqueens.result import Deadline, Outcome

from brute_force import brute_force_solutions
from known_counts import A000170
from optional import require

require("dratify", "pip install '.[certify]'")

Run = Callable[..., object]


def test_solve_certify_a_no_writes_and_checks_the_proof(run_cli: Run, tmp_path: Path) -> None:
    proof = tmp_path / "q3.drat"
    result = run_cli("solve", "3", "--certify", "--proof", str(proof), "--format", "json")
    assert result.code == 1, result.err
    doc = json.loads(result.out)
    assert doc["count"] == 0 and doc["complete"] is True
    assert doc["certified"] is True and doc["proof"] == str(proof)
    assert doc["certificate"]["cnf"] == str(tmp_path / "q3.cnf")
    assert proof.is_file() and (tmp_path / "q3.cnf").is_file()
    checked = run_cli("verify", "--proof", str(proof), "--model", "3")
    assert checked.code == 0 and checked.out.startswith("certified: no solution")


def test_solve_certify_text_says_certified(run_cli: Run, tmp_path: Path) -> None:
    result = run_cli("solve", "6", "--forbidden", *[f"{r},2" for r in range(6)], "--certify",
                     "--proof", str(tmp_path / "b.drat"))
    assert result.code == 1
    assert "no solution exists" in result.out
    assert "certified: no solution: " in result.out and "drup replayed" in result.out


def test_solve_certify_a_yes_is_validated(run_cli: Run) -> None:
    result = run_cli("solve", "8", "--certify", "--format", "json")
    assert result.code == 0
    doc = json.loads(result.out)
    assert doc["certified"] is True and doc["proof"] is None
    assert doc["certificate"]["kind"] == "validator"
    assert len(doc["solutions"]) == 1 and not nqueens.validate(8, doc["solutions"][0])


def test_the_proof_goes_beside_the_picture(run_cli: Run, tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    result = run_cli("solve", "2", "--certify", "-o", str(picture))
    assert result.code == 1
    assert (tmp_path / "board.drat").is_file() and (tmp_path / "board.cnf").is_file()


def test_a_proof_that_does_not_check_exits_4(run_cli: Run, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from nqueens.backends import sat

    real = sat.refute_with_proof

    def without_lemmas(*args: object, **kwargs: object) -> tuple[bool | None, list[str]]:
        answer, _ = real(*args, **kwargs)  # type: ignore[arg-type]
        return answer, ["0"]

    monkeypatch.setattr(sat, "refute_with_proof", without_lemmas)
    result = run_cli("solve", "3", "--certify", "--backend", "sat", "--proof",
                     str(tmp_path / "bad.drat"))
    assert result.code == 4
    assert result.err.count("\n") == 1 and "not certified" in result.err


@pytest.mark.parametrize("edit", ["a node's clause removed", "a literal flipped",
                                  "the empty clause removed"])
def test_verify_an_edited_proof_exits_4(edit: str, run_cli: Run, tmp_path: Path) -> None:
    proof = tmp_path / "corner.drat"
    board = ["6", "--fixed", "0,0"]  # no solution (brute force)
    assert not brute_force_solutions(6, ((0, 0),))
    assert run_cli("solve", *board, "--certify", "--proof", str(proof)).code == 1
    lines = proof.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if line[0] not in "d0")
    if edit == "a node's clause removed":
        del lines[first]
    elif edit == "a literal flipped":
        literal, *rest = lines[first].split()
        lines[first] = " ".join([str(-int(literal)), *rest])
    else:
        assert lines.pop() == "0"
    proof.write_text("\n".join(lines) + "\n")
    result = run_cli("verify", "--proof", str(proof), "--model", *board, "--format", "json")
    assert result.code == 4 and json.loads(result.out)["certified"] is False


def test_a_time_limit_stops_a_long_proof_check(run_cli: Run, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """solve --certify and verify --proof under --timeout: a replay still running at the
    limit is stopped (exit 3, one line naming the proof, which stays for a later check)."""
    from nqueens.proofs import checkers

    proof = tmp_path / "q3.drat"
    monkeypatch.setattr(checkers, "_CHILD", "import time; time.sleep(60)")
    monkeypatch.setattr(checkers, "IN_PROCESS_SECONDS", 0.0)  # every replay a child's
    result = run_cli("solve", "3", "--certify", "--proof", str(proof), "--timeout", "1.5")
    assert result.code == 3 and result.err.count("\n") == 1, result.err
    assert "stopped before" in result.err and "not certified" in result.err
    assert proof.is_file()
    checked = run_cli("verify", "--proof", str(proof), "--model", "3", "--timeout", "0.5")
    assert checked.code == 3 and checked.out == "" and checked.err.count("\n") == 1
    assert "stopped before" in checked.err
    monkeypatch.undo()
    assert run_cli("verify", "--proof", str(proof), "--model", "3", "--timeout", "60").code == 0


def test_verify_a_proof_against_a_model_file(run_cli: Run, tmp_path: Path) -> None:
    model = tmp_path / "dead.toml"
    assert run_cli("model", "6", "--fixed", "0,0", "1,2", "-o", str(model)).code == 0
    proof = tmp_path / "dead.drat"
    assert run_cli("solve", str(model), "--certify", "--proof", str(proof)).code == 1
    assert run_cli("verify", "--proof", str(proof), "--model", str(model)).code == 0
    assert run_cli("verify", "--proof", str(proof), "--model", "6").code == 4  # satisfiable


@pytest.mark.parametrize("argv", [
    ["solve", "3", "--certify", "--backend", "sat", "--encoding", "native"],
    ["solve", "3", "--proof", "p.drat"],
    ["verify", "--proof", "missing.drat", "--model", "3"],
    ["verify", "--proof", "p.drat"],
], ids=["native", "proof-without-certify", "missing-proof", "no-model"])
def test_what_cannot_be_certified_is_refused(argv: list[str], run_cli: Run, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli(*argv)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith("nqueens: error: ") and result.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_directory_given_as_the_proof_is_named_a_directory(run_cli: Run,
                                                              tmp_path: Path) -> None:
    result = run_cli("verify", "--proof", str(tmp_path), "--model", "3")
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"nqueens: error: cannot read the proof {tmp_path}: is a directory; "
                          "give the proof file `solve --certify` wrote\n")


@pytest.mark.parametrize("n", [1, 5, 6])
def test_count_cross_check_agrees_with_oeis(n: int, run_cli: Run) -> None:
    result = run_cli("count", str(n), "--cross-check", "--backend", "sat", "--format", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["count"] == doc["cross_check"]["count"] == A000170[n]
    assert doc["agree"] is True and doc["backend"] != doc["cross_check"]["backend"]


def test_count_cross_check_disagreement_exits_5(run_cli: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    from nqueens.planning import Plan

    real = Plan.run

    def off_by_one(self: Plan, *args: object, **kwargs: object) -> Outcome:
        outcome = real(self, *args, **kwargs)  # type: ignore[arg-type]
        return Outcome(outcome.status, outcome.count + (self.backend != "sat"), backend=outcome.backend)

    monkeypatch.setattr(Plan, "run", off_by_one)
    result = run_cli("count", "5", "--cross-check", "--backend", "sat")
    assert result.code == 5
    assert "the two counts DISAGREE" in result.out
    assert result.err.count("\n") == 1 and "counts disagree" in result.err


def test_a_cross_check_that_cannot_finish_is_refused_with_its_forecast(run_cli: Run) -> None:
    """count 18 --cross-check started days of CP-SAT counting without a word (issue 32,
    item 24): the second count is forecast, and refused before either count starts."""
    from nqueens.forecast import forecast, seconds_text

    # the bounded cases first: before the fix they ran (and failed) within their limit
    with pytest.raises(nqueens.InputError, match="nothing would be compared"):
        nqueens.cross_check(18, timeout=2)
    bounded = run_cli("count", "18", "--cross-check", "--timeout", "2")
    assert (bounded.code, bounded.out) == (2, "")
    # the join counts 18 in seconds; its parts' check by the per-class walk takes minutes
    assert "the per-class walk that checks each part of the count is forecast at roughly" in bounded.err
    assert "beyond the time limit of 2 s, so nothing would be compared" in bounded.err
    # up to n = 18 the join's parts are checked by the per-class walk (minutes); beyond,
    # the second count is sat's, forecast at days
    days = seconds_text(forecast(nqueens.Spec(19), "sat", "count").seconds)
    unbounded = run_cli("count", "19", "--cross-check")
    assert (unbounded.code, unbounded.out) == (2, "")
    assert unbounded.err == (
        "nqueens: error: --cross-check: the second count of 19-queens, by sat (the quickest "
        "backend of another formalism than backtrack), is forecast at roughly "
        f"{days}; give it the time with a time limit (--timeout S, timeout=S) of about that, "
        "or cross-check a smaller board\n")


def test_the_second_count_is_the_quickest_other_formalism(run_cli: Run) -> None:
    """CNF enumeration is forecast quicker than CP-SAT's on plain boards: it counts second."""
    result = run_cli("count", "8", "--cross-check", "--format", "json")
    doc = json.loads(result.out)
    assert result.code == 0 and doc["agree"] is True
    assert (doc["backend"], doc["cross_check"]["backend"]) == ("backtrack", "sat")


@pytest.mark.parametrize(("stopped", "said"), [
    ("backtrack", ("the first count (backtrack) stopped (timeout) before it finished, and "
                   "the second (sat) never started")),
    ("sat", "the second count (sat) stopped (timeout) before it finished"),
])
def test_a_stopped_cross_check_says_it_compared_nothing(
        run_cli: Run, monkeypatch: pytest.MonkeyPatch, stopped: str, said: str) -> None:
    """A stop during either count: both lines, no verdict, and one line saying that nothing
    was compared (issue 32, item 24)."""
    from nqueens.planning import Plan

    real = Plan.run

    def limit_runs_out(self: Plan, deadline: Deadline, **kwargs: object) -> Outcome:
        if self.backend == stopped:
            deadline.stop()  # as the guard does when the time limit runs out
        return real(self, deadline, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Plan, "run", limit_runs_out)
    result = run_cli("count", "6", "--cross-check", "--timeout", "60")
    assert result.code == 3
    assert "agree" not in result.out and result.out.count("(at least; search stopped") >= 1
    assert result.err == f"nqueens: the cross-check compared nothing: {said}\n"


def test_explain_certify_checks_the_sets_no(run_cli: Run, tmp_path: Path) -> None:
    proof = tmp_path / "why.drat"
    result = run_cli("explain", "completion-8-unsat", "--certify", "--proof", str(proof),
                     "--format", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["certified"] is True and doc["proof"] == str(proof) and proof.is_file()
    checked = run_cli("verify", "--proof", str(proof), "--model", "completion-8-unsat")
    assert checked.code == 0 and checked.out.startswith("certified: no solution")


def test_the_json_names_the_route_that_proved_the_no(run_cli: Run, tmp_path: Path) -> None:
    for backend, route, writer in (("auto", "search", "backtrack, first-fail order"),
                                   ("sat", "solver", "cadical195")):
        proof = tmp_path / f"{backend}.drat"
        result = run_cli("solve", "3", "--backend", backend, "--certify", "--proof", str(proof),
                         "--format", "json")
        certificate = json.loads(result.out)["certificate"]
        assert result.code == 1 and certificate["route"] == route
        assert certificate["solver"] == writer and certificate["steps"] == len(
            [line for line in proof.read_text().splitlines() if line])


def test_a_proof_file_is_never_overwritten_unasked_nor_the_model(run_cli: Run,
                                                                  tmp_path: Path) -> None:
    # issue 32 item 4: --proof and the CNF beside it refuse an existing file without --force,
    # and the model being solved is never one of them
    model = tmp_path / "m.toml"
    assert run_cli("model", "6", "--fixed", "0,0", "-o", str(model)).code == 0
    kept = model.read_text()
    for proof, forced in ((model, True), (model, False)):
        result = run_cli("solve", str(model), "--certify", "--proof", str(proof),
                         *(["--force"] if forced else []))
        assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
        assert "is the model being solved" in result.err
    assert model.read_text() == kept
    (tmp_path / "p.cnf").write_text("kept\n")
    refused = run_cli("solve", str(model), "--certify", "--proof", str(tmp_path / "p.drat"))
    assert refused.code == 2 and "p.cnf: already exists; use --force" in refused.err
    assert not (tmp_path / "p.drat").exists() and (tmp_path / "p.cnf").read_text() == "kept\n"
    forced_run = run_cli("solve", str(model), "--certify", "--proof", str(tmp_path / "p.drat"),
                         "--force")
    assert forced_run.code == 1 and (tmp_path / "p.cnf").read_text() != "kept\n"


def test_verify_proof_refuses_what_is_not_a_proof_as_bad_input(run_cli: Run,
                                                               tmp_path: Path) -> None:
    # issue 32 item 14: exit 2 (bad input) with one line, not a decoding error or exit 4
    binary = tmp_path / "board.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    text = tmp_path / "notes.txt"
    text.write_text("not a proof\n")
    for path, says in ((binary, "is not a DRAT proof in text form"),
                       (text, "is not a DRAT proof: proof line 1")):
        result = run_cli("verify", "--proof", str(path), "--model", "3")
        assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
        assert says in result.err
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = run_cli("verify", "--model", str(tmp_path / "nosuch.toml"), str(empty))
    assert result.code == 2 and "nosuch.toml" in result.err and "empty" not in result.err


def test_verify_proof_checks_the_board_with_its_cells(run_cli: Run, tmp_path: Path) -> None:
    # issue 32 item 26: --fixed and --forbidden belong to the model the proof is checked on
    cells = ["0,1", "0,2", "0,3", "1,0", "1,3", "2,3", "3,3"]
    proof = str(tmp_path / "p.drat")
    assert run_cli("solve", "4", "--forbidden", *cells, "--certify", "--proof", proof).code == 1
    checked = run_cli("verify", "--proof", proof, "--model", "4", "--forbidden", *cells)
    assert checked.code == 0 and checked.out.startswith("certified: no solution")
    assert run_cli("verify", "--proof", proof, "--model", "4").code == 4  # 4-queens has two


def test_count_certify_lists_every_solution_and_proves_there_are_no_others(
        run_cli: Run, tmp_path: Path) -> None:
    proof = tmp_path / "q6.drat"
    result = run_cli("count", "6", "--certify", "--proof", str(proof), "--format", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["count"] == A000170[6] and doc["certified"] is True
    assert sorted(map(tuple, doc["solutions"])) == sorted(brute_force_solutions(6))
    assert doc["certificate"]["route"] == "search" and doc["certificate"]["blocked"] == 4
    listed = tmp_path / "q6.solutions.json"
    assert doc["certificate"]["solutions"] == str(listed) and (tmp_path / "q6.cnf").is_file()
    assert json.loads(listed.read_text())["solutions"] == doc["solutions"]
    checked = run_cli("verify", "--proof", str(proof), "--model", "6", "--solutions", str(listed))
    assert checked.code == 0 and checked.out.startswith("certified: no other solution exists")


@pytest.mark.parametrize("edit", ["drop one", "repeat one", "an invalid one"])
def test_a_certified_count_with_a_wrong_list_does_not_check(run_cli: Run, tmp_path: Path,
                                                            edit: str) -> None:
    proof = tmp_path / "q6.drat"
    assert run_cli("count", "6", "--certify", "--proof", str(proof)).code == 0
    listed = tmp_path / "q6.solutions.json"
    doc = json.loads(listed.read_text())
    solutions = doc["solutions"]
    doc["solutions"] = {"drop one": solutions[1:], "repeat one": solutions + solutions[:1],
                        "an invalid one": solutions[:-1] + [[0, 1, 2, 3, 4, 5]]}[edit]
    listed.write_text(json.dumps(doc))
    result = run_cli("verify", "--proof", str(proof), "--model", "6", "--solutions", str(listed))
    assert result.code == 4 and result.out.startswith("not certified")


def test_counts_that_no_proof_covers_are_refused_up_front(run_cli: Run) -> None:
    for args, says in ((["--unique"], "reduced by symmetry"),
                       (["--backend", "cpsat"], "cpsat backend's search writes no proof"),
                       (["--cross-check"], "choose one"),
                       (["--jobs", "2"], "drop --jobs")):
        result = run_cli("count", "8", "--certify", *args)
        assert result.code == 2 and result.out == "" and says in result.err, (args, result.err)
    big = run_cli("count", "17", "--certify")
    assert big.code == 2 and "95,815,104 solutions" in big.err and "GB" in big.err


def test_a_count_proof_checks_against_the_list_solve_all_writes(run_cli: Run,
                                                                tmp_path: Path) -> None:
    """`verify --solutions` reads the JSON of `solve --all --format json` as well as the
    list a certified count writes (its order does not matter)."""
    proof = tmp_path / "q6.drat"
    assert run_cli("count", "6", "--certify", "--proof", str(proof)).code == 0
    listed = run_cli("solve", "6", "--all", "--backend", "sat", "--format", "json")
    assert listed.code == 0 and len(json.loads(listed.out)["solutions"]) == A000170[6]
    solutions = tmp_path / "all.json"
    solutions.write_text(listed.out)
    checked = run_cli("verify", "--proof", str(proof), "--model", "6", "--solutions",
                      str(solutions))
    assert checked.code == 0 and checked.out.startswith("certified: no other solution exists")
