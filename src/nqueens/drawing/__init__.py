"""How a board looks and is drawn, from its cells alone: the shared look (`style`), a board
as SVG text (`svg`) and boards as a matplotlib figure (`figure`).

This package imports nothing else of nqueens, so the core's own values (`Spec`, `Outcome`,
`Propagation`) draw themselves with it in a notebook from the first line without the core
importing anything above it; the pictures of the package's work (trees, the step-through
page, files written) are `nqueens.pictures`, above the core.
"""
