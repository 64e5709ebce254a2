"""After a "no": which givens cause it (`explain`), how many queens still fit
(`most_queens`), and which givens to drop for a solution (`explain(..., repair=True)`).

    explaining.py  the answer, checked, from the parts below
    oracles.py     is a subset of the givens solvable? (propagating search, or CaDiCaL)
    cores.py       a minimal set without solution (deletion), a smallest (hitting sets)
    repair.py      fewest givens to drop (MaxSAT)
    mostqueens.py  most queens that fit (CP-SAT and MaxSAT, cross-checked)
    maxsat.py      RC2 under a deadline

The givens themselves are the model's (`modeling.givens`). Importing this package imports
no solver: each part imports the one it runs.
"""

from __future__ import annotations

from .explaining import Correction, Explanation, Removal, explain
from .mostqueens import MostQueens, most_queens

__all__ = ["Correction", "Explanation", "MostQueens", "Removal", "explain", "most_queens"]
