"""`python -m nqueens`: the same as the `nqueens` command."""

from .entry import main

raise SystemExit(main())
