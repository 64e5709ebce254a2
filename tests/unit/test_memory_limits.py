"""Memory up front: each backend estimates its model's memory from n and the spec (formulas,
nothing built) and refuses what the machine cannot hold, naming the size, the estimate, the
machine's memory and the route that fits, with exit 2 on the command line."""

from __future__ import annotations

import pytest

import nqueens
from nqueens import Spec, api, backends, limits
from nqueens.backends import cpsat_facts, facts, minconflicts_facts, sat_facts
from nqueens.cli import main

GB = 2**30


@pytest.fixture
def small_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend this machine has 1 GB."""
    monkeypatch.setattr(limits, "machine_memory", lambda: GB)


@pytest.mark.parametrize("backend", ["cpsat", "sat", "backtrack", "permutation"])
def test_a_model_beyond_memory_is_refused_before_it_is_built(
    backend: str, small_machine: None
) -> None:
    with pytest.raises(nqueens.SizeLimitError) as caught:
        api.solve(2000, backend=backend)
    message = str(caught.value)
    assert "2000x2000" in message and f"beyond the {backend} backend" in message
    assert "needs about" in message and "this machine has 1.0 GB" in message
    assert "--backend construct" in message  # plain board: the O(n) construction


def test_a_constrained_board_is_pointed_to_minconflicts(small_machine: None) -> None:
    with pytest.raises(nqueens.SizeLimitError, match="--backend minconflicts"):
        api.solve(Spec(2000, fixed=((0, 3),)), backend="cpsat")
    with pytest.raises(nqueens.SizeLimitError, match="--backend minconflicts"):
        api.solve(Spec(2000, variant="torus"), backend="sat")


def test_minconflicts_fits_where_the_models_do_not(small_machine: None) -> None:
    spec = Spec(10**6)
    backends.check(minconflicts_facts.ROW, spec, {}, "find")  # no error: O(n) memory
    assert minconflicts_facts.minconflicts_bytes(spec) < GB < cpsat_facts.cpsat_bytes(Spec(1000))


def test_cli_refusal_is_one_line_exit_2(
    small_machine: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "900", "--backend", "cpsat"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("nqueens: error: ")
    assert "900x900" in err and "GB" in err and "--backend construct" in err


def test_the_real_machine_refuses_a_grid_of_ten_billion_cells() -> None:
    with pytest.raises(nqueens.SizeLimitError, match="this machine has"):
        api.solve(Spec(100_000, fixed=((0, 0),)), backend="cpsat")


def test_estimates_grow_with_the_model() -> None:
    cpsat_bytes, sat_bytes, lines_bytes = cpsat_facts.cpsat_bytes, sat_facts.sat_bytes, facts.lines_bytes
    assert cpsat_bytes(Spec(1000), workers=2) > cpsat_bytes(Spec(1000))
    assert cpsat_bytes(Spec(100, variant="superqueens")) > cpsat_bytes(Spec(100))
    assert sat_bytes(Spec(1000), "seqcounter") > 3 * sat_bytes(Spec(300), "seqcounter")
    assert lines_bytes(Spec(2000)) > lines_bytes(Spec(1000)) * 3.5


def test_solver_stats_report_peak_memory() -> None:
    for backend in ("cpsat", "sat", "minconflicts"):
        outcome = api.solve(8, backend=backend)
        assert outcome.stats["peak_rss_mb"] > 0
    assert "compile_seconds" in api.solve(8, backend="sat").stats


def test_a_spent_deadline_stops_the_sat_build_of_a_large_board() -> None:
    """Building the CNF of n = 1000 takes minutes on a loaded machine: the deadline is
    checked between lines, and a solver is never started after it expired."""
    from nqueens.backends.sat import SatBackend
    from nqueens.result import Deadline

    outcome = SatBackend().search(Spec(300), limit=1, deadline=Deadline(0))
    assert outcome.status is nqueens.Status.TIMEOUT and outcome.count == 0
    assert outcome.stats["clauses"] == 0


def test_cpsat_estimate_is_for_the_route_that_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A large queens board is searched by one worker (one copy of the grid), a small one
    by two: the refusal is checked against the estimate of that route."""
    needed: list[int] = []

    def record(spec: Spec, backend: str, max_n: int, estimate: int, instead: object) -> None:
        needed.append(estimate)
        raise nqueens.SizeLimitError("recorded")

    monkeypatch.setattr(backends, "refuse_oversized", record)
    for spec in (Spec(1000), Spec(200)):
        with pytest.raises(nqueens.SizeLimitError):
            api.solve(spec, backend="cpsat")
    assert needed == [cpsat_facts.cpsat_bytes(Spec(1000), 1),
                      cpsat_facts.cpsat_bytes(Spec(200), cpsat_facts.FIND_ONE_WORKERS)]
    sizes = [cpsat_facts.cpsat_bytes(Spec(n)) for n in (200, 500, 1000, 2000)]
    assert sizes == sorted(sizes) and sizes[-1] > 3 * sizes[-2]


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_cpsat_estimate_is_near_the_measured_peak() -> None:
    """The one-worker grid route, forced at n = 250 in a fresh process: the estimate
    covers the peak resident memory without doubling it. (On Linux the stat is VmHWM:
    ru_maxrss would start from this large pytest process's, inherited through fork and
    exec, and the child would report pytest's size.)"""
    import json
    import subprocess
    import sys

    script = (
        "import json, nqueens.backends.cpsat_facts as c; from nqueens import api, Spec;"
        "c.RESTARTS_FROM_N = 1; o = api.solve(Spec(250), backend='cpsat');"
        "print(json.dumps([o.solution is not None, o.stats['peak_rss_mb']]))"
    )
    found, peak_mb = json.loads(subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True,
    ).stdout)
    estimate_mb = cpsat_facts.cpsat_bytes(Spec(250)) / 2**20
    assert found and peak_mb <= estimate_mb <= 2 * peak_mb


def test_an_address_space_limit_counts_as_the_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    # `ulimit -v 6000000` (about 5.7 GB) on a large machine: the limit is what fits
    import resource

    monkeypatch.setattr(limits, "machine_memory", lambda: 64 * GB)
    monkeypatch.setattr(resource, "getrlimit",
                        lambda which: (6_000_000 * 1024, resource.RLIM_INFINITY))
    with pytest.raises(nqueens.SizeLimitError) as caught:
        api.plan(50_000_000)  # the decision only: nothing is built, refused or not
    message = str(caught.value)
    assert "beyond the construct backend" in message and "(ulimit -v)" in message
    assert "give a smaller n" in message and "--backend construct" not in message
    assert limits.memory_limit() == (6_000_000 * 1024, "this process may use 5.7 GB (ulimit -v)")


def test_construct_is_refused_by_its_estimate_on_the_command_line(
    small_machine: None, memory_cap: None, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "10000000", "--format", "json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "beyond the construct backend" in captured.err
    assert "needs about 4.3 GB and this machine has 1.0 GB" in captured.err


def test_the_api_refuses_a_check_beyond_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """`nqueens.validate` refuses, as `verify` does, a placement whose check would not fit."""
    monkeypatch.setattr(limits, "VALIDATION_BYTES_PER_QUEEN", 2**50)  # as if each took a PB
    with pytest.raises(nqueens.SizeLimitError, match="checking 4 queens needs about"):
        nqueens.validate(4, (1, 3, 0, 2))
    monkeypatch.undo()
    assert nqueens.validate(4, (1, 3, 0, 2)) == []


def test_running_out_of_memory_anyway_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from nqueens.cli import count

    def exhausted(args: object) -> int:
        raise MemoryError

    monkeypatch.setattr(count, "run", exhausted)
    assert main(["count", "8"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("nqueens: error: ran out of memory")


def test_a_count_beyond_memory_is_not_pointed_to_a_finder(
    memory_cap: None, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["count", "100000000", "--fixed", "0,0"]) == 2
    err = capsys.readouterr().err
    assert "beyond any count; give a smaller n" in err and "minconflicts" not in err
    assert " PB " in err  # petabytes, not millions of gigabytes
