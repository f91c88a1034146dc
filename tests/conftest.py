"""Shared fixtures: the repository on sys.path, a real app server, and Debian's Chromium."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def find_chromium() -> str | None:
    """HITRULES_CHROMIUM if set, else a Chromium or Chrome on the PATH."""
    if os.environ.get("HITRULES_CHROMIUM"):
        return os.environ["HITRULES_CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if found := shutil.which(name):
            return found
    return None


def pytest_collection_modifyitems(config, items):
    browser_items = [item for item in items if "browser" in item.keywords]
    if not browser_items or find_chromium():
        return
    if os.environ.get("HITRULES_REQUIRE_BROWSER") == "1":
        reason = ("HITRULES_REQUIRE_BROWSER=1 but no Chromium was found: install Debian's chromium "
                  "(apt-get install chromium) or set HITRULES_CHROMIUM to its path.")
        for item in browser_items:
            item.add_marker(pytest.mark.usefixtures("_browser_required"))
        config._hitrules_browser_missing = reason
        return
    skip = pytest.mark.skip(reason="no Chromium found (apt-get install chromium, or set HITRULES_CHROMIUM); "
                                   "set HITRULES_REQUIRE_BROWSER=1 to make this a failure")
    for item in browser_items:
        item.add_marker(skip)


@pytest.fixture
def _browser_required(request):
    pytest.fail(request.config._hitrules_browser_missing)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": find_chromium(), "headless": True,
            "args": CHROMIUM_ARGS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppServer:
    """``streamlit run`` in its own process group, on loopback, until stopped."""

    def __init__(self, script: Path, *extra: str):
        self.port = free_port()
        self.url = f"http://localhost:{self.port}"
        self.log = open(ROOT / "build" / f"server-{self.port}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
             "--server.port", str(self.port), "--server.address", "localhost",
             "--browser.gatherUsageStats", "false", *extra],
            cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self.wait_healthy()

    def wait_healthy(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"streamlit exited with {self.proc.returncode}; see {self.log.name}")
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"streamlit did not answer /_stcore/health within {timeout} s")

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


@pytest.fixture(scope="session")
def app_server():
    (ROOT / "build").mkdir(exist_ok=True)
    server = AppServer(ROOT / "app.py")
    yield server
    server.stop()
