"""What tests and benchmarks share: Debian's Chromium, and a real app server on loopback."""

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


def find_chromium() -> str | None:
    """HITRULES_CHROMIUM if set, else a Chromium or Chrome on the PATH."""
    if os.environ.get("HITRULES_CHROMIUM"):
        return os.environ["HITRULES_CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if found := shutil.which(name):
            return found
    return None


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


