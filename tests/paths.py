"""Where the repository's parts are, for tests in any folder under tests/."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SRC = REPO / "src"
#: the bundled model files, read from the repository (not through the package's own lookup)
MODELS = REPO / "models"
README = REPO / "README.md"
#: the documentation site's pages (MkDocs, mkdocs.yml at the top)
DOCS = REPO / "docs"
