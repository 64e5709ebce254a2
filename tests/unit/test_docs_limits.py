"""The limits reference page (docs/reference/limits.md) is written from the constants the
code refuses with when the docs are built: the page holds the generator's marker, every
limit's value is in what it writes, and a changed constant changes the page."""

from __future__ import annotations

import pytest

from nqueens import limits as core_limits
from nqueens.backends import REGISTRY, sat_facts
from nqueens.cli import placement_input, stats, verify
from nqueens.modeling import export, structure
from nqueens.pictures import board, tree
from nqueens.playing import rules as propagation
from nqueens.playing.board import PLAY_MAX_N
from nqueens.textbook import estimate

from docgen import limits  # docs/docgen/, the generator the docs build runs
from paths import DOCS


def test_the_page_is_this_generator() -> None:
    import hooks  # docs/hooks.py: what `mkdocs build` runs

    assert hooks.SNIPPETS["limits"] is limits.limits_markdown
    page = (DOCS / "reference" / "limits.md").read_text()
    assert [m.group(1) for m in hooks.MARKER.finditer(page)] == ["limits"]


def test_every_limit_is_on_the_page() -> None:
    page = limits.limits_markdown()
    for value in (core_limits.MAX_BOARD_N, core_limits.MAX_TERMINAL_SOLUTIONS, core_limits.MAX_TIMEOUT,
                  structure.MAX_DESCRIBE_N, estimate.MAX_ESTIMATE_N, propagation.MAX_N,
                  tree.MAX_TREE_NODES, tree.DEFAULT_TREE_NODES):
        assert f"{value:,}" in page, value
    for value in (core_limits.MAX_DIGITS, core_limits.MAX_COUNTED_N, sat_facts.PAIRWISE_UP_TO_N,
                  board.MAX_BOARDS, board.MAX_DRAWN_N, stats.MAX_STATS_N,
                  placement_input.MAX_DEPTH, PLAY_MAX_N):
        assert f" {value}" in page, value
    assert f"{sat_facts.MAX_CLAUSES // 10**6} million clauses" in page
    assert f"{export.MAX_EXPORT_LITERALS // 10**6} million literals" in page
    assert f"{verify.MAX_INPUT_BYTES // 2**20} MiB" in page
    for info in REGISTRY.values():
        if info.max_n is not None and info.max_n < core_limits.MAX_BOARD_N:
            assert f"n > {info.max_n:,} for" in page and f"`{info.name}`" in page


def test_a_changed_constant_changes_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    before = limits.limits_markdown()
    monkeypatch.setattr(core_limits, "MAX_COUNTED_N", 29)
    monkeypatch.setattr(sat_facts, "MAX_CLAUSES", 30_000_000)
    after = limits.limits_markdown()
    assert "beyond n = 29" in after and "30 million clauses" in after and after != before
