"""The bench's printed table keeps its columns aligned whatever the names' lengths."""

from __future__ import annotations

from nqueens.bench.run import Measurement, table


def test_columns_line_up_under_long_workload_and_subject_names() -> None:
    results = [
        Measurement("count: backtrack", "count", 14, "C one board per class (cc -O2)",
                    "reference", [0.05], 0.05, "ok", "365596", 1.0),
        Measurement("count: join of partial boards and then some", "count", 18,
                    "a subject whose name is longer than the usual forty-two characters",
                    "subject", [], None, "timeout", ""),
    ]
    lines = table(results, 30.0).splitlines()
    header, rows = lines[0], lines[2:]
    # the right edge of the n, median and ratio columns is the same on every line
    for column in ("n", "median s"):
        edge = header.index(column) + len(column)
        assert all(row[edge - 1] != " " and row[edge] == " " for row in rows), (column, lines)
    assert rows[1].split()[-1] == "timeout" and "> 30" in rows[1]
    assert lines[1] == "-" * len(header)
