"""Evidence for an answer that a skeptic can check without trusting the search.

The proofs are about the pairwise CNF (`backends/cnf.py`, which the sat backend also
solves) and are written by the backtracker's own search (`backends/proving.py`) or by a
proof-logging SAT solver; this package certifies with them:

- `certificates`: the certificate records, how each answer is certified, and `verify --proof`;
- `checkers`: replaying a proof with independent checkers;
- `scratch`: a proof's temporary folder and its side files;
- `certify`: how a certified job runs (`Plan.run` with `certify`): which search answers and
  which proof it leaves.
"""
