"""The genetic backend's facts (`genetic.py` is its search): its options with their
defaults and its registry row. No solver imports.
"""

from __future__ import annotations

from .facts import BackendInfo, Option

#: Generations before it gives up, candidates per generation, chance of a mutation.
GENERATIONS = 1000
POPULATION = 100
MUTATION_RATE = 0.8

SEED = Option("seed", "random seed, for a reproducible run", default_text="fresh",
              flag="--seed", value="integer")

ROW = BackendInfo(
    "genetic", "nqueens.backends.genetic", "GeneticBackend",
    "genetic algorithm on column arrays; finds, never proves", False,
    options=(
        SEED,
        Option("generations", "give up after G generations", default=GENERATIONS,
               flag="--generations", metavar="G", value="positive integer"),
        Option("population", "candidates per generation", default=POPULATION,
               flag="--population", metavar="P", value="positive integer"),
        Option("mutation_rate", "chance that a child mutates", default=MUTATION_RATE),
    ),
)
