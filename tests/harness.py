"""What tests and benchmarks share: Debian's Chromium and nginx, real app servers on loopback
(behind deploy/nginx.conf if asked), and screenshots (written only when HITRULES_SCREENSHOTS=1,
as `make screenshots` sets)."""

from __future__ import annotations

import os
import resource
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


def save_screenshot(page, name: str, around=None) -> Path | None:
    """The whole page as docs/screenshots/NAME.png, if screenshots are wanted; else nothing.

    Streamlit scrolls inside stMain, not the document, so the viewport grows to fit it first.
    With ``around`` (a locator), the window as it is instead, with that element in its middle.
    """
    if not screenshots_wanted():
        return None
    if around is not None:
        around.evaluate("e => e.scrollIntoView({block: 'center'})")
    else:
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




class Nginx:
    """deploy/nginx.conf, as a club would install it, in front of app servers on loopback.

    The site is the deployed file with only these changes: its upstream lists the given ports
    (the deployed file has one process; affinity by address is already set), it listens on a
    free loopback port, and its cache and logs live in ``folder``.
    """

    def __init__(self, ports: list[int], folder: Path, worker_connections: int = 512):
        nginx = find_nginx()
        if nginx is None:
            raise RuntimeError("nginx is not installed (apt-get install nginx-light)")
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        site = (ROOT / "deploy" / "nginx.conf").read_text()
        upstream = "".join(f"    server 127.0.0.1:{port};\n" for port in ports)
        site = site.replace("    server 127.0.0.1:8501;\n", upstream)
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        site = site.replace("/var/cache/nginx/hitrules", str(folder / "cache"))
        temp_paths = "\n".join(f"  {name}_temp_path {folder / name};" for name in
                               ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        user = "user root;\n" if os.geteuid() == 0 else ""
        open_files = resource.getrlimit(resource.RLIMIT_NOFILE)[1]  # nginx may not raise its hard limit
        conf = folder / "nginx.conf"
        conf.write_text(
            f"{user}worker_processes 1;\nworker_rlimit_nofile {min(4 * worker_connections, open_files)};\n"
            f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\ndaemon off;\n"
            f"events {{ worker_connections {worker_connections}; }}\n"
            f"http {{\n  include /etc/nginx/mime.types;\n{temp_paths}\n"
            # Which process served each request: the tests check affinity with it.
            f"  log_format routed '$remote_addr|$cookie_hitrules_route|$upstream_addr|$request|$status';\n"
            f"  access_log {folder / 'access.log'} routed;\n{site}\n}}\n")
        check = subprocess.run([nginx, "-t", "-c", str(conf), "-p", str(folder)], capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(check.stderr)
        self.proc = subprocess.Popen([nginx, "-c", str(conf), "-p", str(folder)], start_new_session=True,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2).read()
                return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise

    def served(self) -> list[dict[str, str]]:
        """The requests done so far: address, route cookie, upstream (host:port), request, status."""
        keys = ("address", "cookie", "upstream", "request", "status")
        lines = (self.folder / "access.log").read_text().splitlines()
        return [dict(zip(keys, line.split("|"), strict=True)) for line in lines]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
