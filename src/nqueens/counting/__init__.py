"""Counting: the counting routes and the engine that runs a count as a sum over parts.

registry.py (the table of counting routes; each row, `route.CountingRoute`, in its own module:
walk.py, join.py, search.py, ganak.py) -> partition.py (which parts, one depth chooser) ->
a route's task (what a worker does with one; tasks.py: the deadline it learns) ->
executors.py / processes.py / cluster.py (where they run) -> ledger.py (what finished, on
disk) -> engine.py (the one run loop, and `count_parts`, its front door).
"""

#: Seconds to wait for a Dask scheduler to answer, and then for a first worker (here, so
#: that the CLI can show the default without importing the cluster module).
DEFAULT_CONNECT_TIMEOUT = 10.0
