"""Known answers from independent references, never from this project's own output.

OEIS A000170: number of ways to place n non-attacking queens on an n x n board.
OEIS A002562: the same up to rotations and reflections (fundamental solutions).
"""

A000170 = {
    1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724,
    11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512,
}

A002562 = {
    1: 1, 2: 0, 3: 0, 4: 1, 5: 2, 6: 1, 7: 6, 8: 12, 9: 46, 10: 92,
    11: 341, 12: 1787, 13: 9233, 14: 45752,
}

# The textbook's state-space-tree table (shared/FACTS.md, seeds 000 and 001).
TEXTBOOK_NODES_CHECKED = {4: 61, 8: 15721}
TEXTBOOK_PROMISING_NODES = {4: 17, 8: 2057}
