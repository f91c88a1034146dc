"""Shared fixtures: the repository on sys.path, a real app server, and Debian's Chromium."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from harness import CHROMIUM_ARGS, AppServer, find_chromium  # noqa: E402


def pytest_collection_modifyitems(config, items):
    browser_items = [item for item in items if "browser" in item.keywords]
    if not browser_items or find_chromium():
        return
    if os.environ.get("HITRULES_REQUIRE_BROWSER") == "1":
        reason = ("HITRULES_REQUIRE_BROWSER=1 but no Chromium was found: install Debian's chromium "
                  "(apt-get install chromium) or set HITRULES_CHROMIUM to its path.")
        config._hitrules_browser_missing = reason
        return
    skip = pytest.mark.skip(reason="no Chromium found (apt-get install chromium, or set HITRULES_CHROMIUM); "
                                   "set HITRULES_REQUIRE_BROWSER=1 to make this a failure")
    for item in browser_items:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, pytestconfig):
    # Reached only when the browser tests run: without Chromium, that is when the run demands them.
    missing = getattr(pytestconfig, "_hitrules_browser_missing", None)
    if missing:
        pytest.fail(missing)
    return {**browser_type_launch_args, "executable_path": find_chromium(), "headless": True,
            "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def app_server():
    server = AppServer(ROOT / "app.py")
    yield server
    server.stop()
