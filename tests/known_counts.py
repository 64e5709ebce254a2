"""Known answers from independent references, never from this project's own output.

OEIS A000170: number of ways to place n non-attacking queens on an n x n board.
OEIS A002562: the same up to rotations and reflections (fundamental solutions).
"""

A000170 = {
    1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724,
    11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512,
    17: 95815104, 18: 666090624,
}
#: A000170 beyond: apart, since the tests that run every count above would take hours on these.
A000170_LARGE = {19: 4968057848, 20: 39029188884}

A002562 = {
    1: 1, 2: 0, 3: 0, 4: 1, 5: 2, 6: 1, 7: 6, 8: 12, 9: 46, 10: 92,
    11: 341, 12: 1787, 13: 9233, 14: 45752, 15: 285053, 16: 1846955, 17: 11977939,
}

# The textbook's state-space-tree table (shared/FACTS.md, seeds 000 and 001).
TEXTBOOK_NODES_CHECKED = {4: 61, 8: 15721}
TEXTBOOK_PROMISING_NODES = {4: 17, 8: 2057}

# Variants (issue 4).
# OEIS A051906: n non-attacking queens on an n x n toroidal board (diagonals wrap around).
A051906 = {1: 1, 2: 0, 3: 0, 4: 0, 5: 10, 6: 0, 7: 28, 8: 0, 9: 0, 10: 0, 11: 88}
# OEIS A051223: n non-attacking superqueens (queen + knight moves) on an n x n board.
A051223 = {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 4, 11: 44}
# OEIS A000142: n non-attacking rooks on an n x n board, n!.
A000142 = {1: 1, 2: 2, 3: 6, 4: 24, 5: 120, 6: 720}

#: variant -> its known counts by board size.
VARIANT_COUNTS = {"torus": A051906, "superqueens": A051223, "rooks": A000142}
