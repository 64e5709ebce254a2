"""The compiled join at n = 17 against OEIS A000170: a few seconds of one core, so it
runs with the system tests, outside the quick lane."""

from __future__ import annotations

import pytest

from nqueens.counting.halfboards import count, join_available

from known_counts import A000170


@pytest.mark.slow
@pytest.mark.skipif(not join_available(), reason="compiled join not built")
def test_compiled_join_total_of_17_matches_oeis() -> None:
    found = count(17)
    assert found.complete and found.total == A000170[17]
