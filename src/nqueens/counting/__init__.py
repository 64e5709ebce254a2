"""The counting engine: one spec counted as a sum over disjoint subproblems.

plan.py (which subproblems, one depth chooser) -> tasks.py (what a worker does with one)
-> executors.py / cluster.py (where they run) -> ledger.py (what finished, on disk) ->
engine.py (the one run loop, and `count_split`, its front door).
"""
