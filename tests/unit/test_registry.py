"""The registry's data (names, options, capabilities) agrees with the backend classes, and
learning it imports no backend module and no solver library."""

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
    parameters = {p.name: p for p in inspect.signature(cls).parameters.values()
                  if p.name not in ("self", "args", "kwargs")}
    assert tuple(parameters) == info.option_names
    for option in info.options:  # the facts' default is the one the class applies
        assert parameters[option.name].default == option.default, option.name


def test_unknown_name_and_option() -> None:
    with pytest.raises(UnknownBackendError, match="choose one of: cpsat, sat, backtrack"):
        get_backend("cp-sat")
    with pytest.raises(InputError, match="has no option 'all'"):
        get_backend("cpsat", all=True)


@pytest.mark.system  # runs a subprocess: the quick lane leaves it out
def test_capabilities_import_no_backend() -> None:
    code = (
        "import sys; from nqueens.backends import REGISTRY, backend_names;"
        "names = backend_names(exhaustive_only=True);"
        "searches = {info.module for info in REGISTRY.values()};"
        "loaded = [m for m in sys.modules if m in searches or m.split('.')[0] in ('ortools', 'pysat')];"
        "print(names, loaded)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['cpsat', 'sat', 'backtrack', 'permutation'] []"


@pytest.mark.parametrize("name", list(REGISTRY))
def test_option_choices_match_the_backends(name: str) -> None:
    """The choices in the facts (argparse reads them) are the ones the class accepts: each
    one builds the backend, and a value outside them is refused by the class itself."""
    info = REGISTRY[name]
    cls = getattr(importlib.import_module(info.module), info.cls)
    for option in info.options:
        for choice in option.choices:
            assert get_backend(name, **{option.name: choice}) is not None
        if option.choices:
            with pytest.raises(InputError):
                cls(**{option.name: "no-such-" + option.name})
