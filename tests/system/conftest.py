"""The system lane's one browser: headless Chromium driven by Selenium, started once for the
session (the step-through page's test and the play board's share it) and quit at the end.

Needs Debian's `chromium` and `chromium-driver` and the `selenium` package (`.ci/run`
installs them). Without them a test that asks for the browser fails under
NQUEENS_REQUIRE_OPTIONAL=1 (as `.ci/run` sets) and is skipped with the same message
elsewhere: it never passes silently.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

from optional import missing

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def _missing() -> list[str]:
    absent = [what for what, ok in (
        ("the chromium browser (apt-get install chromium)", CHROMIUM),
        ("chromedriver (apt-get install chromium-driver)", DRIVER),
    ) if not ok]
    try:
        import selenium  # noqa: F401
    except ImportError:
        absent.append("selenium (pip install '.[system]')")
    return absent


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    absent = _missing()
    if absent:
        missing("the browser test needs " + ", ".join(absent))
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None and DRIVER is not None  # (nothing is missing)
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="nqueens-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 f"--user-data-dir={profile}", "--window-size=1400,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
