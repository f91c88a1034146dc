"""Shared fixtures: the repository on sys.path, a real app server, and Debian's Chromium.

The browser tests (marker `browser`) need Chromium, the proxy tests (marker `nginx`) nginx;
`make test` installs both when it can (tests/system_packages.py). Without them those tests
skip with the reason, or fail when HITRULES_REQUIRE_BROWSER=1 (CI); HITRULES_SKIP_BROWSER=1
skips them on purpose.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from harness import CHROMIUM_ARGS, INSTALL_COMMAND, AppServer, find_chromium, find_nginx  # noqa: E402

NEEDS = {"browser": ("Chromium", find_chromium, "or set HITRULES_CHROMIUM to a Chromium or Chrome binary"),
         "nginx": ("nginx", find_nginx, "")}


def _missing_reason(marker: str) -> str | None:
    """Why the tests with this marker cannot run here, or None."""
    if os.environ.get("HITRULES_SKIP_BROWSER") == "1" and os.environ.get("HITRULES_REQUIRE_BROWSER") != "1":
        return "HITRULES_SKIP_BROWSER=1"
    name, find, alternative = NEEDS[marker]
    if find():
        return None
    return f"no {name} found: as root, {INSTALL_COMMAND} (`make test` does it when run as root) {alternative}".strip()


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected, so that the counts are right
def pytest_collection_modifyitems(config, items):
    config._hitrules_skipped = {}
    for marker in NEEDS:
        marked = [item for item in items if marker in item.keywords]
        reason = marked and _missing_reason(marker)
        if not reason:
            continue
        if os.environ.get("HITRULES_REQUIRE_BROWSER") == "1":
            for item in marked:
                item._hitrules_required = f"HITRULES_REQUIRE_BROWSER=1 but {reason}"
            continue
        config._hitrules_skipped[marker] = (len(marked), reason)
        skip = pytest.mark.skip(reason=f"{reason}; set HITRULES_REQUIRE_BROWSER=1 to make this a failure")
        for item in marked:
            item.add_marker(skip)


def pytest_runtest_setup(item):
    if required := getattr(item, "_hitrules_required", None):
        pytest.fail(required)


def pytest_terminal_summary(terminalreporter, config):
    """A skipped browser or nginx test must not pass unnoticed: say so at the end, loudly."""
    for marker, (count, reason) in getattr(config, "_hitrules_skipped", {}).items():
        terminalreporter.write_sep("!", f"{count} {marker} tests SKIPPED: {reason}", red=True, bold=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": find_chromium(), "headless": True,
            "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def app_server():
    server = AppServer(ROOT / "app.py")
    yield server
    server.stop()
