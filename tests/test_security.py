"""Security basics: loopback by default, XSRF on, no raw HTML, long links refused, no secrets."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest
from apptest_util import open_page, warnings
from harness import ROOT, free_port

from hitrules.edge import urlstate

CONFIG = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
OUR_CODE = [ROOT / "app.py", *ROOT.glob("webui*.py"),
            *(path for folder in ("pages", "views", "hitrules") for path in (ROOT / folder).rglob("*.py"))]


def listening_addresses(port: int) -> set[str]:
    """Local addresses with a listening TCP socket on ``port``, from /proc/net/tcp and tcp6."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A = LISTEN
                found.add(address)
    return found


def test_the_app_binds_to_loopback_unless_told_otherwise():
    assert CONFIG["server"]["address"] == "localhost"
    port = free_port()
    log = open(ROOT / "build" / "security-bind.log", "w")  # noqa: SIM115
    # No --server.address: only the project's config decides.
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        addresses = listening_addresses(port)
        loopback = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1
        assert addresses and addresses <= loopback, addresses
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()


def test_make_run_listens_on_localhost_by_default():
    makefile = (ROOT / "Makefile").read_text()
    assert "HITRULES_HOST ?= localhost" in makefile
    assert re.search(r"^run:.*\n\t.*--server.address \$\(HITRULES_HOST\)", makefile, re.M)


def test_xsrf_protection_stays_on():
    assert CONFIG["server"]["enableXsrfProtection"] is True
    for path in [ROOT / "Makefile", ROOT / ".ci" / "run", *ROOT.glob("deploy/*"), *OUR_CODE]:
        assert "enableXsrfProtection false" not in path.read_text() and "XsrfProtection=false" not in path.read_text()


def test_no_raw_html_anywhere():
    for path in OUR_CODE:
        source = path.read_text()
        for forbidden in ("unsafe_allow_html", "st.html(", "components.html", "components.v1"):
            assert forbidden not in source, f"{forbidden} in {path.name}"


def test_config_holds_no_secrets():
    text = (ROOT / ".streamlit" / "config.toml").read_text().lower()
    for word in ("password", "secret", "token", "api_key", "cookiesecret"):
        assert word not in re.sub(r"#.*", "", text), word
    assert not (ROOT / ".streamlit" / "secrets.toml").exists()


@pytest.mark.parametrize("page", ["fantasy", "ninth", "explore", "learn"])
def test_links_over_the_limit_are_refused_with_a_message(page):
    at = open_page(page, junk="x" * (urlstate.MAX_QUERY_LENGTH + 1))
    assert "This link is too long" in warnings(at)
