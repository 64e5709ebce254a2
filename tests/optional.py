"""Optional dependencies of the tests, treated one way everywhere: on a developer's machine a
test that needs something not installed is skipped, naming what to install; with
NQUEENS_REQUIRE_OPTIONAL=1 (set by `.ci/run`) the same test fails, so CI cannot pass by
skipping."""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import NoReturn

import pytest

REQUIRE = "NQUEENS_REQUIRE_OPTIONAL"


def required() -> bool:
    """True when a missing optional dependency is a failure (CI), not a skip."""
    return os.environ.get(REQUIRE, "") not in ("", "0")


def missing(message: str) -> NoReturn:
    """Skip (or, under NQUEENS_REQUIRE_OPTIONAL=1, fail) the current test or module."""
    if required():
        pytest.fail(f"{message} ({REQUIRE}=1)", pytrace=False)
    pytest.skip(message, allow_module_level=True)


def require(module: str, install: str = "pip install '.[system]'") -> ModuleType:
    """Import `module` for a test module or test; if it is not installed, `missing()`."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        missing(f"needs {module} ({install}): {error}")
