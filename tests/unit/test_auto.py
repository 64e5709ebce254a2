"""`auto`: each kind of job takes the route the policy table documents, and its answers are
those of the explicit backends and of the independent references; slow explicit choices
are announced on stderr only; the progress bar takes both feeds."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from nqueens import api, planning, policy
from nqueens.api import plan
from nqueens.backends import DEFAULT_BACKEND, REGISTRY
from nqueens.cli import main
from nqueens.cli.progress import CountProgress
from nqueens.forecast import Forecast, forecast
from nqueens.modeling.modelfile import load_model
from nqueens.policy import Rule, choose
from nqueens.spec import Spec
from nqueens.validator import find_violations

from cli_process import run
from known_counts import A000170, VARIANT_COUNTS
from paths import DOCS, MODELS

FF = {"order": "first-fail"}
PROP = {"order": "propagate"}
#: A tight completion: 9 of the 12 columns of every row forbidden (3 free per row).
TIGHT = Spec(12, forbidden=tuple((r, c) for r in range(12) for c in range(12)
                                 if (c - r) % 12 >= 3))
EXPLICIT = ("cpsat", "sat", "backtrack")


@pytest.mark.parametrize(("spec", "job", "limit", "backend", "options"), [
    (Spec(16), "count", None, "backtrack", {}),
    (Spec(8, fixed=((0, 0),)), "count", None, "backtrack", {}),
    (TIGHT, "count", None, "backtrack", PROP),  # at most n/2 free cells per open row
    (Spec(14, fixed=((0, 5), (7, 11))), "count", None,
     "backtrack", {}),  # two fixed queens leave more than n/2 free cells per open row
    (Spec(11, "torus"), "count", None, "backtrack", FF),
    (Spec(12), "enumerate", None, "backtrack", PROP),
    (Spec(8, forbidden=((3, 3),)), "enumerate", None, "backtrack", PROP),
    (Spec(10, "superqueens"), "enumerate", None, "backtrack", FF),
    (Spec(1000), "find", 1, "construct", {}),
    (Spec(8), "find", 1, "construct", {}),
    (Spec(3), "find", 1, "backtrack", FF),  # only a search proves "no solution"
    (Spec(20), "find", 5, "backtrack", FF),  # construct builds exactly one
    (Spec(100, fixed=((0, 5),)), "find", 1, "backtrack", PROP),
    (TIGHT, "find", 1, "backtrack", PROP),
    (Spec(11, "torus"), "find", 1, "backtrack", FF),
], ids=lambda v: v if isinstance(v, str) else None)
def test_documented_route(spec: Spec, job: str, limit: int | None, backend: str,
                          options: dict[str, Any]) -> None:
    route = choose(spec, job, limit)
    assert (route.backend, route.options) == (backend, options)


@pytest.mark.parametrize("kind_spec", [Spec(300, fixed=((0, 5),)), Spec(301, "torus")],
                         ids=["completion", "variant"])
def test_large_constrained_find_uses_local_search_only_when_registered(kind_spec: Spec) -> None:
    route = choose(kind_spec, "find", 1)
    if "minconflicts" in REGISTRY:
        assert route.backend == "minconflicts"
        assert route.fallback == ("backtrack", FF if kind_spec.variant != "queens" else PROP)
    else:
        assert (route.backend, route.options) == (
            "backtrack", FF if kind_spec.variant != "queens" else PROP)


def test_count_and_enumerate_routes_are_exhaustive() -> None:
    for route in policy.RULES:
        if route.job != "find" or route.fallback is None:
            assert route.backend in REGISTRY or route.needs == route.backend
        if route.job in ("count", "enumerate"):
            assert REGISTRY[route.backend].exhaustive, route
        if route.backend in REGISTRY and not REGISTRY[route.backend].exhaustive:
            # a finder that cannot prove "no solution" covers only boards that have one
            assert route.fallback is not None or (route.board == "plain" and route.n_from >= 4)


def test_auto_is_the_default() -> None:
    assert DEFAULT_BACKEND == "auto"
    outcome = api.count(8)
    assert outcome.backend == "backtrack" and outcome.rule is not None
    assert outcome.rule.backend == "backtrack" and "count" in outcome.rule.reason()
    assert api.count(8, backend="cpsat").rule is None


@pytest.mark.parametrize("n", range(1, 11))
def test_counts_equal_every_backend_and_oeis(n: int) -> None:
    counts = {b: api.count(n, backend=b).count for b in ("auto", *EXPLICIT)}
    assert set(counts.values()) == {A000170[n]}, counts


@pytest.mark.parametrize("path", sorted(MODELS.glob("completion-*.toml"))
                         + sorted(MODELS.glob("forbidden-*.toml"))
                         + [MODELS / f"{m}.toml" for m in ("torus-7", "superqueens-10", "rooks-6")],
                         ids=lambda p: p.stem)
def test_models_agree_with_every_backend(path: Path) -> None:
    spec = load_model(path)
    outcome = api.count(spec)
    assert outcome.rule is not None and outcome.complete
    others = {b: api.count(spec, backend=b).count for b in EXPLICIT}
    assert set(others.values()) == {outcome.count}, (outcome.count, others)
    one = api.solve(spec)
    assert one.rule is not None
    if outcome.count == 0:
        assert one.unsatisfiable
    else:
        assert one.solution is not None and find_violations(spec, one.solution) == []


@pytest.mark.parametrize(("variant", "n"), [("torus", 7), ("superqueens", 10), ("rooks", 5)])
def test_variants_match_the_oeis(variant: str, n: int) -> None:
    assert api.count(Spec(n, variant)).count == VARIANT_COUNTS[variant][n]
    listed = list(api.solutions(Spec(n, variant)))
    assert len(listed) == len(set(listed)) == VARIANT_COUNTS[variant][n]


def test_a_finder_that_finds_nothing_hands_over_to_its_exhaustive_fallback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = load_model(MODELS / "completion-8-unsat.toml")
    finder = Rule("find", "completion", 1, None, "genetic", {"generations": 3, "seed": 1},
                  "test finder", "test", fallback=("backtrack", FF))
    monkeypatch.setattr(planning.decision, "choose", lambda *args: finder)
    outcome = api.solve(spec)
    assert outcome.unsatisfiable and outcome.backend == "backtrack"
    assert outcome.rule.backend == "backtrack" and "genetic found none" in outcome.rule.reason()


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_solve_reports_the_route_in_text_and_json() -> None:
    text = run("solve", "8")
    assert text.returncode == 0 and "[auto: construct, explicit construction]" in text.stdout
    doc = json.loads(run("solve", "1000", "--format", "json").stdout)
    assert doc["backend"] == "construct" and doc["route"].startswith("find, plain board")
    assert find_violations(Spec(1000), doc["solutions"][0]) == []
    every = run("solve", "6", "--all", "--format", "json")
    doc = json.loads(every.stdout)
    assert doc["count"] == A000170[6] and doc["backend"] == "backtrack" and doc["route"]
    assert every.stderr == ""  # a quick job: no warning
    explicit = json.loads(run("solve", "6", "--backend", "sat", "--format", "json").stdout)
    assert explicit["backend"] == "sat" and explicit["route"] is None


def test_slow_explicit_choice_warns_on_stderr_and_still_runs(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "10", "--backend", "cpsat", "--all", "--format", "json"]
    assert main(argv) == 0
    quiet = capsys.readouterr()
    assert quiet.err == ""
    monkeypatch.setattr(planning.decision, "SLOW_SECONDS", 0.0)  # every job is "slow": this one warns
    assert main(argv) == 0
    warned = capsys.readouterr()
    assert re.fullmatch(r"nqueens: warning: listing every solution of 10-queens with cpsat: "
                        r"about 724 solutions, roughly .+ at this backend's rate; the default "
                        r"route \(backtrack, propagate order\) takes .+\n", warned.err)
    before, after = json.loads(quiet.out), json.loads(warned.out)  # stdout: the document only
    for doc in (before, after):
        doc.pop("elapsed"), doc.pop("stats")
    assert before == after and after["count"] == A000170[10]


def slow_warning(spec: Spec, backend: str, job: str, timeout: float | None = None) -> str | None:
    return plan(spec, job, backend, limit=1 if job == "find" else None, timeout=timeout).warning


def test_warning_names_the_estimate_and_the_faster_route() -> None:
    text = slow_warning(Spec(16), "cpsat", "count")
    assert text is not None and text.startswith("counting 16-queens with cpsat: about 14.8 "
                                                "million solutions, roughly ")
    assert text.endswith("--backend backtrack takes about 3 s")
    assert slow_warning(Spec(16), "backtrack", "count") is None  # the fast route: quiet
    assert slow_warning(Spec(8), "cpsat", "count") is None
    assert slow_warning(Spec(16), "cpsat", "count", timeout=5) is None  # already bounded
    bounded_find = slow_warning(Spec(1000), "cpsat", "find", timeout=1)
    assert bounded_find is not None and "--timeout stops it after 1.0 s" in bounded_find
    assert bounded_find.endswith("--backend construct takes under 0.1 s")
    variant = slow_warning(Spec(14, "torus"), "cpsat", "count")
    assert variant is not None and "search tree of about" in variant


def test_forecasts_are_quick_and_ordered() -> None:
    plain = forecast(Spec(16), "backtrack", "count")
    assert plain is not None and plain.solutions == A000170[16]
    solver = forecast(Spec(16), "cpsat", "count")
    assert solver is not None and solver.seconds > 100 * plain.seconds
    assert forecast(Spec(8), "genetic", "find") is None
    torus = forecast(Spec(12, "torus"), "backtrack", "count", FF)
    assert torus is not None and torus.nodes is not None and torus.nodes > 0
    # beyond TREE_ESTIMATE_MAX_N the tree is not walked: no n^2 walks, no refusal at n > 1,000
    huge = forecast(Spec(1200, fixed=[(0, 0)]), "backtrack", "count")
    assert huge is not None and huge.nodes is None and huge.seconds > 0


def test_progress_feeds(capsys: pytest.CaptureFixture[str]) -> None:
    with CountProgress(Spec(10), Forecast(1.0, solutions=724), enabled=True) as bar:
        for _ in range(10):
            bar.solution((0,))
        assert bar.solutions == 10 and bar.bar.total == 724
    with CountProgress(Spec(16), Forecast(3.0, solutions=A000170[16]), enabled=True) as bar:
        bar.subproblems(3, 8, 123_456, 0.5)
        bar.subproblems(8, 8, 14_772_512, 3.0)
    err = capsys.readouterr().err
    assert "subproblems" in err and "solutions=" in err
    silent = CountProgress(Spec(10), None, enabled=False)
    silent.solution((0,))
    silent.close()
    assert capsys.readouterr().err == ""


def test_callbacks_only_where_they_cost_nothing() -> None:
    assert not plan(Spec(16), "count", "backtrack").meets_each_solution  # the kernel's count
    assert not plan(Spec(12), "count", "cpsat").meets_each_solution  # mirrored count
    assert plan(Spec(12), "count", "backtrack", **FF).meets_each_solution
    assert plan(Spec(11, "torus"), "count", "backtrack").meets_each_solution


def test_the_docs_show_the_table() -> None:
    """The auto policy page (docs/explanation/auto.md) holds the marker the docs build
    replaces with the table the code uses, and every row's figures are in it."""
    import hooks  # docs/hooks.py: what `mkdocs build` runs

    assert hooks.SNIPPETS["auto-policy"] is policy.table_markdown
    page = (DOCS / "explanation" / "auto.md").read_text()
    assert [m.group(1) for m in hooks.MARKER.finditer(page)] == ["auto-policy"]
    table = policy.table_markdown()
    assert all(rule.why in table and rule.describe() in table for rule in policy.RULES)


def test_the_reasons_quote_the_forecasts_points() -> None:
    """A figure in a reason that is also a forecast's measured point is that point: the
    join's and the backends' rates are quoted as they are, not copied."""
    from nqueens.backends import REGISTRY
    from nqueens.counting import join

    table = policy.table_markdown()
    assert f"count 16, one core: {join.RATE.at(16)} CPU" in table
    assert f"first-fail {REGISTRY['backtrack'].measured('enumerate', 12, order='first-fail')}" in table
    assert f"cpsat {REGISTRY['cpsat'].measured('find', 1000)} (1.4 GB)" in table
