"""Shared fixtures: `backend` runs a test once per registered backend, so a new backend is
covered by every known-answer test without touching the tests."""

from __future__ import annotations

import pytest

from nqueens.backends import backend_names


@pytest.fixture(params=backend_names(exhaustive_only=True))
def backend(request: pytest.FixtureRequest) -> str:
    """Every backend whose counts are exact (the known-answer tests apply to all of them)."""
    return request.param
