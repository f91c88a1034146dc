"""What tests and benchmarks share: Debian's Chromium and nginx, a real app server on loopback,
and screenshots (written only when HITRULES_SCREENSHOTS=1, as `make screenshots` sets)."""

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

ROOT = Path(__file__).resolve().parents[1]

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


#: The Debian packages the browser and proxy tests need, and how a root user installs them
#: (`make test` runs tests/system_packages.py, which does this when it can).
SYSTEM_PACKAGES = {"chromium": "chromium", "nginx": "nginx-light"}
INSTALL_COMMAND = f"apt-get update && apt-get install -y {' '.join(SYSTEM_PACKAGES.values())}"
SCREENSHOTS = ROOT / "docs" / "screenshots"


def find_chromium() -> str | None:
    """HITRULES_CHROMIUM if set, else a Chromium or Chrome on the PATH."""
    if os.environ.get("HITRULES_CHROMIUM"):
        return os.environ["HITRULES_CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if found := shutil.which(name):
            return found
    return None


def find_nginx() -> str | None:
    """nginx on the PATH, or where Debian puts it (/usr/sbin is not on every user's PATH)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")


def missing_packages() -> list[str]:
    """The Debian packages of SYSTEM_PACKAGES whose program cannot be found."""
    found = {"chromium": find_chromium(), "nginx": find_nginx()}
    return [package for program, package in SYSTEM_PACKAGES.items() if not found[program]]


def screenshots_wanted() -> bool:
    """Only `make screenshots` (HITRULES_SCREENSHOTS=1) rewrites docs/screenshots: `make test`
    leaves the working tree as it found it."""
    return os.environ.get("HITRULES_SCREENSHOTS") == "1"


def save_screenshot(page, name: str) -> Path | None:
    """The whole page as docs/screenshots/NAME.png, if screenshots are wanted; else nothing.

    Streamlit scrolls inside stMain, not the document, so the viewport grows to fit it first.
    """
    if not screenshots_wanted():
        return None
    height = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
    page.set_viewport_size({"width": page.viewport_size["width"], "height": min(max(height, 600), 6000)})
    page.wait_for_timeout(500)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppServer:
    """``streamlit run`` in its own process group, on loopback, until stopped."""

    def __init__(self, script: Path, *extra: str):
        (ROOT / "build").mkdir(exist_ok=True)
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


