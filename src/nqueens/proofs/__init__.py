"""Evidence for an answer that a skeptic can check without trusting the search.

- `cnf`: the pairwise CNF every certificate is about, built without PySAT;
- `search_log`: the backtracker's orders writing their own DRAT proof as they search;
- `certificates`: the certificate records, how each answer is certified, and `verify --proof`;
- `checkers`: replaying a proof with independent checkers;
- `scratch`: a proof's temporary folder and its side files;
- `certify`: how a certified job runs (`Plan.run` with `certify`): which search answers and
  which proof it leaves.
"""
