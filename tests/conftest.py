"""Shared fixtures: `backend` runs a test once per registered backend, so a new backend is
covered by every known-answer test without touching the tests."""

from __future__ import annotations

import pytest

from nqueens.backends import backend_names


@pytest.fixture(params=backend_names())
def backend(request: pytest.FixtureRequest) -> str:
    return request.param
