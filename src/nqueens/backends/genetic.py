"""Seed 001's genetic algorithm: a candidate is the array of queen columns (one per row),
its fitness the number of non-attacking pairs, and each generation is bred by roulette-wheel
selection, one-point crossover and mutation until a candidate attacks nothing.

It is a local search, not a proof: `exhaustive` is False, so it never claims "no solution"
(giving up after its generations is reported as CAPPED with a note, at the deadline as
TIMEOUT) and it cannot count. Fixed cells are kept in
every candidate and forbidden cells never enter one, so crossover and mutation preserve
both. Attacks are counted on the spec's lines, so every variant works; every solution still
goes through the shared validator before it is reported. No solver imports.
"""

from __future__ import annotations

import random
import time
from typing import ClassVar

from ..errors import InputError
from ..result import Deadline, Outcome, SolutionSink
from ..spec import Spec
from ..validator import find_violations
from ..wording import plural
from .base import Emitter
from .genetic_facts import GENERATIONS, MUTATION_RATE, POPULATION

Candidate = tuple[int, ...]


def _positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InputError(f"{name} must be a positive integer, got {value!r}")
    return value


class _Fitness:
    """Non-attacking pairs of a candidate: all pairs minus, per line, C(k, 2) for k queens on
    it. Rows are skipped: a column array has exactly one queen per row."""

    def __init__(self, spec: Spec) -> None:
        n = spec.n
        self.best = n * (n - 1) // 2
        self.lines = [
            [tuple(i for i in spec.line_ids_of((r, c)) if spec.lines[i].kind != "row")
             for c in range(n)]
            for r in range(n)
        ]

    def __call__(self, candidate: Candidate) -> int:
        seen: dict[int, int] = {}
        attacks = 0
        for row, col in enumerate(candidate):
            for line_id in self.lines[row][col]:
                k = seen.get(line_id, 0)
                attacks += k
                seen[line_id] = k + 1
        return self.best - attacks


class GeneticBackend:
    """Roulette selection, one-point crossover, mutation; the best candidate always survives."""

    name: ClassVar[str] = "genetic"

    def __init__(
        self,
        seed: int | None = None,
        generations: int = GENERATIONS,
        population: int = POPULATION,
        mutation_rate: float = MUTATION_RATE,
    ) -> None:
        self.seed = seed
        self.generations = _positive("generations", generations)
        self.population = _positive("population", population)
        if not 0.0 <= mutation_rate <= 1.0:
            raise InputError(f"mutation_rate must be between 0 and 1, got {mutation_rate!r}")
        self.mutation_rate = mutation_rate

    def search(
        self,
        spec: Spec,
        on_solution: SolutionSink | None = None,
        *,
        limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> Outcome:
        started = time.perf_counter()
        emitter = Emitter(on_solution, limit)
        rng = random.Random(self.seed)
        n = spec.n
        forbidden = set(spec.forbidden)
        genes = [
            (spec.fixed_columns[r],) if r in spec.fixed_columns
            else tuple(c for c in range(n) if (r, c) not in forbidden)
            for r in range(n)
        ]
        free_rows = [r for r in range(n) if len(genes[r]) > 1]
        fitness = _Fitness(spec)
        found: set[Candidate] = set()
        generation, best_seen, stopped, timed_out = 0, -1, False, False
        if any(not options for options in genes):  # a row with every cell forbidden
            pool: list[Candidate] = []
        else:
            pool = [tuple(rng.choice(g) for g in genes) for _ in range(self.population)]
        while pool and generation < self.generations and not stopped:
            generation += 1
            scores = [fitness(c) for c in pool]
            best_seen = max(best_seen, *scores)
            for candidate, score in zip(pool, scores, strict=True):
                if score == fitness.best and candidate not in found:
                    if find_violations(spec, candidate):  # fitness and validator disagree
                        raise RuntimeError(f"genetic: {candidate} scored perfect but is invalid")
                    found.add(candidate)
                    if not emitter.emit(candidate):
                        stopped = True
                        break
            if stopped:
                break
            if deadline is not None and deadline.expired():
                timed_out = True
                break
            pool = self._next_generation(pool, scores, free_rows, genes, rng)
        note = ""
        generations = f"{generation:,} {plural(generation, 'generation')}"
        if not stopped:
            note = (
                f"the genetic search stopped after {generations} of "
                f"{self.population} candidates (best fitness {max(best_seen, 0)} of "
                f"{fitness.best}); this proves nothing: raise --generations or use an "
                f"exhaustive backend"
            )
        return Outcome(
            status=emitter.status(exhausted=False, timed_out=timed_out,
                                  capped=not (stopped or timed_out)),
            count=emitter.count,
            elapsed=time.perf_counter() - started,
            backend=self.name,
            stats={"generations": generation, "population": self.population,
                   **({} if stopped or timed_out else {"cap": generations}),
                   "best_fitness": max(best_seen, 0), "perfect_fitness": fitness.best,
                   **({"note": note} if note else {})},
        )

    def _next_generation(
        self,
        pool: list[Candidate],
        scores: list[int],
        free_rows: list[int],
        genes: list[tuple[int, ...]],
        rng: random.Random,
    ) -> list[Candidate]:
        """Elitism (the best candidate survives), then roulette-wheel parents, one-point
        crossover and, with probability `mutation_rate`, one random gene replaced."""
        n = len(genes)
        elite = pool[max(range(len(pool)), key=scores.__getitem__)]
        worst = min(scores)
        # roulette on fitness above the worst (windowing): plain fitness-proportionate
        # selection barely prefers 27 of 28 over 20 of 28 and converges very slowly
        weights = [s - worst + 1 for s in scores]
        parents = rng.choices(pool, weights=weights, k=2 * (len(pool) - 1))
        children = [elite]
        for mother, father in zip(parents[::2], parents[1::2], strict=False):
            cut = rng.randrange(1, n) if n > 1 else 0
            child = list(mother[:cut] + father[cut:])
            if free_rows and rng.random() < self.mutation_rate:
                row = rng.choice(free_rows)
                child[row] = rng.choice(genes[row])
            children.append(tuple(child))
        return children
