"""The registry's data (names, options, capabilities) agrees with the backend classes, and
learning it imports no backend module."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys

import pytest

from nqueens.backends import REGISTRY, get_backend
from nqueens.errors import InputError, UnknownBackendError


@pytest.mark.parametrize("name", list(REGISTRY))
def test_entry_matches_class(name: str) -> None:
    info = REGISTRY[name]
    cls = getattr(importlib.import_module(info.module), info.cls)
    assert cls.name == name
    accepted = [p for p in inspect.signature(cls).parameters if p not in ("self", "args", "kwargs")]
    assert tuple(accepted) == info.options


def test_unknown_name_and_option() -> None:
    with pytest.raises(UnknownBackendError, match="choose one of: cpsat, sat, backtrack"):
        get_backend("cp-sat")
    with pytest.raises(InputError, match="has no option 'all'"):
        get_backend("cpsat", all=True)


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_capabilities_import_no_backend() -> None:
    code = (
        "import sys; from nqueens.backends import backend_names;"
        "names = backend_names(exhaustive_only=True);"
        "loaded = [m for m in sys.modules if m.startswith('nqueens.backends.') and m != 'nqueens.backends.base'];"
        "print(names, loaded)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['cpsat', 'sat', 'backtrack', 'permutation'] []"


def test_option_choices_match_the_backends() -> None:
    """The registry's choices (argparse reads them) are the ones the backends accept."""
    from nqueens.backends import BACKTRACK_ORDERS, SAT_ENCODINGS
    from nqueens.backends.backtrack import ORDERS
    from nqueens.backends.sat import ENCODINGS

    assert tuple(ENCODINGS) == SAT_ENCODINGS
    assert BACKTRACK_ORDERS == ORDERS
