"""The counting engine: one spec counted as a sum over disjoint subproblems.

partition.py (which subproblems, one depth chooser) -> tasks.py (what a worker does with one)
-> executors.py / cluster.py (where they run) -> ledger.py (what finished, on disk) ->
engine.py (the one run loop, and `count_parts`, its front door).
"""

#: Seconds to wait for a Dask scheduler to answer, and then for a first worker (here, so
#: that the CLI can show the default without importing the cluster module).
DEFAULT_CONNECT_TIMEOUT = 10.0
