"""`python -m nqueens`: the same as the `nqueens` command."""

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while the package itself is importing
    import sys

    print("nqueens: interrupted", file=sys.stderr)
    raise SystemExit(3) from None

raise SystemExit(main())
