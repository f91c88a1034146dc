"""deploy/nginx.conf in front of the real app, on loopback: gzip, caching, the websocket,
and a cold first visit with and without the proxy."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import os
import random
import re
import subprocess
import sys
import time
import urllib.request

import pytest
from harness import ROOT, find_nginx, free_port

sys.path.insert(0, str(ROOT / "bench"))

NGINX = find_nginx()
pytestmark = pytest.mark.nginx  # skipped without nginx, see conftest.py


@pytest.fixture(scope="module")
def proxy(app_server, tmp_path_factory):
    """nginx with deploy/nginx.conf, pointed at the test's app server, on a free loopback port."""
    tmp = tmp_path_factory.mktemp("nginx")
    port = free_port()
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    site = site.replace("127.0.0.1:8501", f"127.0.0.1:{app_server.port}")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    site = site.replace("/var/cache/nginx/hitrules", str(tmp / "cache"))
    temp_paths = "\n".join(f"  {name}_temp_path {tmp / name};" for name in
                           ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""
    (tmp / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {tmp / 'nginx.pid'};\nerror_log {tmp / 'error.log'} warn;\n"
        f"daemon off;\nevents {{ worker_connections 512; }}\nhttp {{\n  include /etc/nginx/mime.types;\n"
        f"  access_log {tmp / 'access.log'};\n{temp_paths}\n{site}\n}}\n")
    check = subprocess.run([NGINX, "-t", "-c", str(tmp / "nginx.conf"), "-p", str(tmp)], capture_output=True,
                           text=True)
    assert check.returncode == 0, check.stderr
    proc = subprocess.Popen([NGINX, "-c", str(tmp / "nginx.conf"), "-p", str(tmp)], start_new_session=True,
                            stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 15
    while True:
        try:
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read()
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise
            time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


def get(url: str, gzip_ok: bool = True):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers, response.read()


def main_script(url: str) -> str:
    _, html = get(url, gzip_ok=False)
    return re.search(r'src="\.?(/static/js/[^"]+\.js)"', html.decode()).group(1)


def test_static_files_come_back_gzipped_and_cached(proxy, app_server):
    path = main_script(proxy)
    headers, body = get(proxy + path)
    assert headers["Content-Encoding"] == "gzip"
    size = len(gzip.decompress(body))
    direct_headers, direct = get(app_server.url + path)
    assert direct_headers.get("Content-Encoding") is None and len(direct) == size
    assert len(body) < 0.5 * size
    again, _ = get(proxy + path)
    assert again["X-Cache-Status"] == "HIT"
    assert "immutable" in again["Cache-Control"]


def test_the_websocket_works_through_the_proxy(proxy):
    from load import Fantasy, Player
    from websockets.protocol import State

    async def visit():
        player = Player(proxy, Fantasy(), random.Random(1))
        first = await player.connect()
        states, expected = player.scenario.change(player.rng, player.ids)
        second = await player.rerun(states)
        await player.close()
        return first, second, expected, player.ws.state

    # Its own thread: pytest-playwright may already run an event loop in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        first, second, expected, state = pool.submit(asyncio.run, visit()).result(timeout=60)
    assert first.ok and first.metric == "1/2 (50.0%)"
    assert second.ok and second.metric == expected
    assert state == State.CLOSED


@pytest.mark.browser
def test_cold_first_visit_with_and_without_the_proxy(browser, proxy, app_server):
    """Prints the bytes and time of a first visit (empty cache) both ways; asserts the bytes."""
    results = {}
    for name, base in (("direct", app_server.url), ("nginx", proxy)):
        context = browser.new_context()
        page = context.new_page()
        start = time.perf_counter()
        page.goto(f"{base}/fantasy")
        page.wait_for_selector('[data-testid="stMetricValue"]', timeout=30_000)
        page.wait_for_selector(".js-plotly-plot svg.main-svg", state="attached", timeout=30_000)
        elapsed = time.perf_counter() - start
        transferred = page.evaluate(
            "() => performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
            ".reduce((sum, e) => sum + (e.transferSize || 0), 0)")
        results[name] = (elapsed, transferred)
        context.close()
    for name, (elapsed, transferred) in results.items():
        print(f"cold first visit {name}: {elapsed * 1000:.0f} ms, {transferred / 2**20:.2f} MB transferred")
    assert results["nginx"][1] < 0.5 * results["direct"][1]
