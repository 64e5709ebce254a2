"""What `pip install` makes of the repository: one version, the models mapped into the package,
every subpackage listed."""

from __future__ import annotations

import importlib.metadata
import tomllib
from collections.abc import Callable
from typing import Any

import pytest

import nqueens
from nqueens.modeling.bundled import MODELS_DIR, bundled_names

from paths import MODELS, REPO, SRC


def _pyproject() -> dict[str, object]:
    with (REPO / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def test_version_is_the_installed_metadata(run_cli: Callable[..., Any]) -> None:
    try:
        installed = importlib.metadata.version("nqueens")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("nqueens is not installed (pip install .): no metadata to compare with")
    result = run_cli("--version")
    assert result.code == 0
    assert result.out == f"nqueens {installed}\n"
    assert nqueens.__version__ == installed


def test_the_version_is_written_once() -> None:
    project = _pyproject()["project"]
    assert isinstance(project, dict)
    assert "version" not in project and "version" in project["dynamic"]
    tool = _pyproject()["tool"]
    assert isinstance(tool, dict)
    assert tool["setuptools"]["dynamic"]["version"] == {"attr": "nqueens.__version__"}


def test_every_subpackage_is_listed_and_the_models_are_mapped() -> None:
    tool = _pyproject()["tool"]
    assert isinstance(tool, dict)
    setuptools = tool["setuptools"]
    on_disk = {"nqueens"} | {
        "nqueens." + ".".join(init.parent.relative_to(SRC / "nqueens").parts)
        for init in (SRC / "nqueens").rglob("__init__.py") if init.parent != SRC / "nqueens"
    }
    listed = set(setuptools["packages"])
    data = {"nqueens.models", "nqueens.benchmarks"}  # folders at the top, mapped in
    assert listed == on_disk | data, (
        f"pyproject.toml [tool.setuptools] packages must list every subpackage: missing "
        f"{sorted(on_disk - listed)}, not on disk {sorted(listed - on_disk - data)}")
    assert setuptools["package-dir"] == {"": "src", "nqueens.models": "models",
                                         "nqueens.benchmarks": "benchmarks"}
    assert set(setuptools["package-data"]["nqueens.models"]) == {"*.toml", "README.md"}
    shipped = setuptools["package-data"]["nqueens.benchmarks"]
    assert all(list((REPO / "benchmarks").glob(pattern)) for pattern in shipped)


def test_one_copy_of_the_models_and_the_package_finds_it() -> None:
    assert not (SRC / "nqueens" / "models").exists()  # one copy: models/ at the top
    stems = sorted(path.stem for path in MODELS.glob("*.toml"))
    assert len(stems) >= 20
    assert bundled_names() == stems
    assert sorted(path.stem for path in MODELS_DIR.glob("*.toml")) == stems
