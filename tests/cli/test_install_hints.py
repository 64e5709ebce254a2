"""Every message that asks for an optional extra gives both ways to install it: the package
from an index (`pip install 'nqueens[X]'`) and a clone of the repository, as the README
installs it (`pip install '.[X]'`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

import nqueens.proofs.checkers

RunCli = Callable[..., Any]  # the run_cli fixture (tests/conftest.py)


def _missing_checker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nqueens.proofs.checkers, "checker_available", lambda: False)


@pytest.mark.parametrize(("extra", "hide", "argv"), [
    ("certify", _missing_checker, ["solve", "3", "--certify"]),
    ("count", lambda mp: mp.setitem(sys.modules, "pyganak", None),
     ["count", "6", "--backend", "sat", "--counter", "ganak"]),
    ("dask", lambda mp: mp.setitem(sys.modules, "distributed", None),
     ["count", "8", "--backend", "backtrack", "--executor", "dask"]),
], ids=["certify", "ganak", "dask"])
def test_a_missing_extra_is_named_with_both_installs(
        run_cli: RunCli, monkeypatch: pytest.MonkeyPatch, extra: str,
        hide: Callable[[pytest.MonkeyPatch], None], argv: list[str]) -> None:
    hide(monkeypatch)  # as if the extra were not installed
    result = run_cli(*argv)
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert (f"pip install 'nqueens[{extra}]', or pip install '.[{extra}]' in a clone of the "
            "repository") in result.err


def test_the_help_names_both_installs(run_cli: RunCli) -> None:
    result = run_cli("count", "--help")
    assert "pip install '.[dask]' in a clone" in " ".join(result.out.split())
