"""`python -m nqueens`: the same as the `nqueens` command."""

from .cli import main

raise SystemExit(main())
