"""A posed problem as the tests write it, a plain dict (the brute force's input, its own
meaning of every family: tests/brute_force_posed.py), turned into the package's Spec, and a
Spec's stated rules back into a dict. This is the tests' plumbing, not a reference: the brute
force reads the dict, never the Spec."""

from __future__ import annotations

from typing import Any

from nqueens.spec import Rule, Spec


def spec_of(problem: dict[str, Any]) -> Spec:
    """The Spec of a problem dict; a problem with a `variant` is that variant of the n-queens
    problem (its fixed and forbidden cells too)."""
    fixed = tuple(tuple(cell) for cell in problem.get("fixed", ()))
    forbidden = tuple(tuple(cell) for cell in problem.get("forbidden", ()))
    if "variant" in problem:
        return Spec(problem["n"], problem["variant"], fixed=fixed, forbidden=forbidden)
    rules = tuple(Rule(rule["family"], rule.get("lo"), rule.get("hi"),
                       attack=rule.get("attack", "queen"),
                       cells=tuple(tuple(tuple(cell) for cell in line)
                                   for line in rule.get("cells", ())))
                  for rule in problem["rules"])
    return Spec(problem["n"], rules=rules,
                regions=tuple(tuple(row) for row in problem.get("regions", ())),
                queens=tuple(problem["queens"]) if "queens" in problem else None,
                objective=problem.get("objective"), fixed=fixed, forbidden=forbidden)


def problem_of(spec: Spec) -> dict[str, Any]:
    """The brute force's plain dict of a spec, from its stated rules (not its lines)."""
    rules = [{"family": rule.family, "lo": rule.lo, "hi": rule.hi, "attack": rule.attack,
              "cells": [list(map(list, line)) for line in rule.cells]} for rule in spec.rules]
    problem: dict[str, Any] = {"n": spec.n, "rules": rules,
                               "regions": [list(row) for row in spec.regions],
                               "fixed": [list(c) for c in spec.fixed],
                               "forbidden": [list(c) for c in spec.forbidden]}
    if spec.queens is not None:
        problem["queens"] = list(spec.queens)
    if spec.objective is not None:
        problem["objective"] = spec.objective
    return problem
