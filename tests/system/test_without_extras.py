"""The README's test command on a machine with only the `test` extra: an example that needs
an extra (the checker of `certify`) is skipped, naming what to install, not failed; under
NQUEENS_REQUIRE_OPTIONAL=1 (CI) it fails (issue 39, 5). The machine without the extra is
simulated: a `sitecustomize` that makes `dratify` unimportable, in the test run and in
every command it starts."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from paths import REPO

pytestmark = pytest.mark.system


def _run_without_dratify(tmp_path: Path, *, require: bool) -> subprocess.CompletedProcess[str]:
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text("import sys\nsys.modules['dratify'] = None\n")
    env = {key: value for key, value in os.environ.items()
           if key not in ("NQUEENS_REQUIRE_OPTIONAL", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")}
    env["PYTHONPATH"] = os.pathsep.join([str(hide), *filter(None, [os.environ.get("PYTHONPATH")])])
    if require:
        env["NQUEENS_REQUIRE_OPTIONAL"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "-p", "no:randomly", "tests/system/test_json_output_doc.py",
                           "-k", "certify"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
                          check=False)


@pytest.mark.skipif(shutil.which("jq") is None, reason="the page's examples select fields with jq")
def test_the_certify_examples_skip_without_the_checker(tmp_path: Path) -> None:
    done = _run_without_dratify(tmp_path, require=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 skipped" in done.stdout and "failed" not in done.stdout, done.stdout
    assert "needs dratify (pip install '.[certify]')" in done.stdout


@pytest.mark.skipif(shutil.which("jq") is None, reason="the page's examples select fields with jq")
def test_under_require_optional_they_fail(tmp_path: Path) -> None:
    done = _run_without_dratify(tmp_path, require=True)
    assert done.returncode == 1 and "2 failed" in done.stdout, done.stdout + done.stderr
    assert "NQUEENS_REQUIRE_OPTIONAL=1" in done.stdout
