"""The hard-instance bench's reading of answers, cross-checks and plot, in process (the runs
themselves are in tests/system/test_hard_suite.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nqueens.bench import suite_report, suite_runs, suites
from nqueens.errors import InputError, QueensError
from nqueens.pictures.hardness import plot_hardness_file

from paths import REPO

ASP28 = REPO / "benchmarks" / "asp-blocked-28"


def test_our_json_is_read_as_yes_no_or_unknown() -> None:
    def read(stdout: str, code: int, stderr: str = "") -> tuple[str, object, bool]:
        answer, certified = suite_runs._read_nqueens(stdout, code, stderr)
        return answer.status, answer.columns or answer.cells, certified

    sat = json.dumps({"status": "found", "count": 1, "complete": False, "solutions": [[1, 3, 0, 2]]})
    assert read(sat, 0) == ("sat", [1, 3, 0, 2], False)
    unsat = json.dumps({"status": "complete", "count": 0, "complete": True, "solutions": [],
                        "certified": True})
    assert read(unsat, 1) == ("unsat", None, True)
    # a "no" that is not a finished search is no "no"
    stopped = json.dumps({"status": "timeout", "count": 0, "complete": False, "solutions": []})
    assert read(stopped, 3)[0] == "timeout"
    assert read("", 2, "nqueens: error: bad\n")[0] == "error"
    assert read(unsat.replace('"certified": true', '"x": 1'), 1)[2] is False


def test_our_json_of_an_optimum_counts_only_when_proved() -> None:
    """A posed problem's solutions are cells; with an objective the answer is the optimum,
    and a best placement whose bound is below it is no answer."""
    proved = json.dumps({"status": "found", "objective": "fewest", "optimum": 3, "bound": 3,
                         "solutions": [[[1, 1], [1, 2], [1, 3]]]})
    answer, _ = suite_runs._read_nqueens(proved, 0, "")
    assert (answer.status, answer.cells, answer.optimum) == ("sat", [(1, 1), (1, 2), (1, 3)], 3)
    unproved = proved.replace('"bound": 3', '"bound": 2')
    assert suite_runs._read_nqueens(unproved, 0, "")[0].status == "timeout"


def test_minizinc_output_is_read() -> None:
    def read(objective: bool, stdout: str, code: int = 0, stderr: str = "") -> tuple:
        answer = suite_runs._read_minizinc(objective, stdout, code, stderr)
        return answer.status, answer.columns or answer.cells, answer.optimum

    assert read(False, "=====UNSATISFIABLE=====\n")[0] == "unsat"
    assert read(False, "columns = [1, 3, 0, 2]\n----------\n") == ("sat", [1, 3, 0, 2], None)
    assert read(False, "=====UNKNOWN=====\n")[0] == "timeout"
    assert read(False, "", 1, "Error: type error\n")[0] == "error"
    # a posed model: its queens' cells; with an objective only a finished search is optimal
    posed = "queens = 4: (0, 0) (0, 1) (1, 2) (3, 3)\n----------\nqueens = 3: (1, 1) (1, 2) (1, 3)\n----------\n"
    assert read(True, posed)[0] == "timeout"
    assert read(True, posed + "==========\n") == ("sat", [(1, 1), (1, 2), (1, 3)], 3)
    assert read(False, "queens = 2: (0, 1) (1, 0)\n----------\n") == ("sat", [(0, 1), (1, 0)], None)


def _run(instance: str, subject: str, status: str, published: str = "",
         optimum: int | None = None, published_optimum: int | None = None) -> suite_runs.Run:
    return suite_runs.Run(instance, 4, 1.0, subject, 0.5, 0.4, status, False,
                          status if status in ("sat", "unsat") else "", "", published, None,
                          optimum=optimum, published_optimum=published_optimum)


def test_disagreements_between_subjects_and_with_the_published_answer_are_flagged() -> None:
    runs = [_run("a", "auto", "sat"), _run("a", "sat", "unsat"), _run("a", "cpsat", "timeout"),
            _run("b", "auto", "unsat", "unsat"), _run("b", "sat", "unsat", "unsat"),
            _run("c", "auto", "sat", "unsat")]
    problems = suite_runs.cross_check(runs)
    assert len(problems) == 2 and problems[0].startswith("a: answers disagree")
    assert "published: unsat" in problems[1]
    assert [r.status for r in runs] == ["disagree", "disagree", "timeout", "unsat", "unsat",
                                        "disagree"]


def test_optima_are_compared_between_subjects_and_with_the_published_one() -> None:
    runs = [_run("d5", "auto", "sat", "sat", 3, 3), _run("d5", "ACE", "sat", "sat", 3, 3),
            _run("d6", "auto", "sat", "sat", 3, 3), _run("d6", "Choco", "sat", "sat", 4, 3),
            _run("d7", "auto", "sat", "sat", 5, 4)]
    problems = suite_runs.cross_check(runs)
    assert problems == [("d6: answers disagree (auto: optimum 3, Choco: optimum 4; published: "
                         "optimum 3)"),
                        "d7: answers disagree (auto: optimum 5; published: optimum 4)"]
    assert [r.status for r in runs] == ["sat", "sat", "disagree", "disagree", "disagree"]


def test_unanswered_runs_count_at_the_limit_in_the_summary() -> None:
    runs = [_run("a", "auto", "sat"), _run("b", "auto", "timeout"), _run("c", "auto", "unsat")]
    row = suite_report.summary(runs, 10.0)[0]
    assert (row["sat"], row["unsat"], row["unanswered"]) == (1, 1, 1)
    assert row["total"] == pytest.approx(11.0) and row["max"] == 10.0
    assert suite_report.percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5


def test_the_asp_set_is_read_with_its_published_answers() -> None:
    suite = suites.read_suite("asp", ASP28)
    assert len(suite.instances) == 100
    assert sum(i.published is True for i in suite.instances) == 49
    assert sum(i.published_seconds or 0 for i in suite.instances) == pytest.approx(22.59)
    first = suite.instances[0]
    assert first.parameter == len(first.spec.forbidden) and first.spec.n == 28


def test_a_bad_instance_stops_the_bench_before_it_starts(tmp_path: Path) -> None:
    (tmp_path / "good.param").write_text("letting n = 4\nletting blocks = []\n")
    (tmp_path / "bad.param").write_text("letting n = 4\nletting blocks = [[0, 1]]\n")
    with pytest.raises(QueensError, match=r"bad\.param: line 2"):
        suites.read_suite("blocked", tmp_path)
    with pytest.raises(InputError, match="not a directory"):
        suites.read_suite("blocked", tmp_path / "none")


def test_unknown_subject_is_refused() -> None:
    with pytest.raises(InputError, match="unknown subject"):
        suite_runs.subjects(["auto", "lingeling"])


def test_the_certifying_subject_runs_only_when_named(tmp_path: Path) -> None:
    """`certify` (auto --certify) needs the certify extra and answers each "no" twice: it
    is never part of the default set; named, it keeps its proof in the run's folder."""
    assert "auto --certify" not in [s.label for s in suite_runs.subjects()]
    (chosen,) = suite_runs.subjects(["certify"])
    instance = suites.read_suite("asp", ASP28).instances[0]
    argv = chosen.argv(instance, 10.0, tmp_path)
    assert argv[argv.index("--proof") + 1].startswith(str(tmp_path))
    assert "--certify" in argv and argv[argv.index("--timeout") + 1] == "10"


def test_the_plot_is_drawn_from_a_results_file(tmp_path: Path) -> None:
    runs = [{"instance": f"i{k}", "parameter": float(k % 4), "subject": subject,
             "seconds": 0.1 * (1 + k % 4), "status": "sat" if k % 4 < 2 else "unsat",
             "published": "", "published_seconds": None}
            for k in range(12) for subject in ("auto", "sat")]
    results = tmp_path / "hard-x.json"
    results.write_text(json.dumps({"meta": {"parameter": "p", "run_timeout": 1, "title": "t"},
                                   "runs": runs}))
    out = tmp_path / "hard-x.png"
    plot_hardness_file(results, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_set_at_one_parameter_value_is_drawn_as_sorted_times(tmp_path: Path) -> None:
    from nqueens.pictures.hardness import hardness_figure

    runs = [{"instance": f"i{k}", "parameter": 595.0, "subject": "auto", "seconds": 0.1 * k,
             "status": "sat" if k % 2 else "unsat", "published": "", "published_seconds": 0.05}
            for k in range(1, 9)]
    figure = hardness_figure({"meta": {"parameter": "blocked squares", "run_timeout": 1},
                              "runs": runs})
    ax = figure.axes[0]
    assert "instances answered" in ax.get_xlabel() and "4 of 8 satisfiable" in ax.get_xlabel()
    drawn = [list(line.get_ydata()) for line in ax.get_lines() if len(line.get_ydata()) == 8]
    assert drawn[0] == sorted(0.1 * k for k in range(1, 9))


def test_a_certified_no_carries_its_proof_figures_into_the_table() -> None:
    doc = {"status": "complete", "count": 0, "complete": True, "certified": True,
           "certificate": {"route": "search", "steps": 679,
                           "checkers": [{"seconds": 0.012}, {"seconds": 0.003}]}}
    assert suite_runs._proof_facts(json.dumps(doc)) == ("search", 679, 0.015)
    assert suite_runs._proof_facts("not json") is None
    runs = [suite_runs.Run("a", 28, 1.0, "auto --certify", 0.7, 0.4, "unsat", True, "unsat",
                     proof_route="search", proof_steps=679, check_seconds=0.015),
            suite_runs.Run("b", 28, 1.0, "auto --certify", 0.6, 0.3, "sat", answer="sat"),
            suite_runs.Run("a", 28, 1.0, "auto", 0.5, 0.3, "unsat", answer="unsat")]
    rows = suite_report.summary(runs, 10.0)
    assert rows[0]["by_search"] == 1 and rows[0]["steps_max"] == 679 and "by_search" not in rows[1]
    text = suite_report.proof_table(rows)
    subjects = [line.split("  ")[0] for line in text.splitlines()[2:-1]]
    assert subjects == ["auto --certify"] and "679" in text


def test_a_certified_optimum_counts_as_certified_and_a_plain_yes_does_not() -> None:
    from nqueens import Rule, Spec

    domination = suites.Instance("d5", "d5.toml", Spec(5, rules=(Rule("coverage", 1, None),),
                                                       objective="fewest"), 5.0,
                                 published=True, published_optimum=3)
    board = suites.Instance("q8", "q8.toml", Spec(8), 8.0, published=True)
    subject = suite_runs.Subject("auto --certify", lambda *_: [])
    assert suite_runs._run(domination, subject, 0.5, 0.4, "sat", certified=True).certified
    assert not suite_runs._run(board, subject, 0.5, 0.4, "sat", certified=True).certified
    assert not suite_runs._run(domination, subject, 0.5, 0.4, "sat", certified=False).certified
