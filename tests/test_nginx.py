"""deploy/nginx.conf in front of the real app, on loopback: gzip, caching, the websocket,
and a cold first visit with and without the proxy."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import http.client
import random
import re
import sys
import time
import urllib.request

import pytest
from harness import ROOT, AppServer, Nginx

sys.path.insert(0, str(ROOT / "bench"))

pytestmark = pytest.mark.nginx  # skipped without nginx, see conftest.py


@pytest.fixture(scope="module")
def proxy(app_server, tmp_path_factory):
    """nginx with deploy/nginx.conf, pointed at the test's app server, on a free loopback port."""
    nginx = Nginx([app_server.port], tmp_path_factory.mktemp("nginx"))
    yield nginx.url
    nginx.stop()


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


@pytest.fixture(scope="module")
def two_processes(tmp_path_factory):
    """Two app processes behind one nginx, as docs/hosting.md sets up a bigger club."""
    servers = [AppServer(ROOT / "app.py"), AppServer(ROOT / "app.py")]
    nginx = Nginx([s.port for s in servers], tmp_path_factory.mktemp("nginx-two"))
    yield nginx, servers
    nginx.stop()
    for server in servers:
        server.stop()


def fetch(url: str, path: str, source: str = "127.0.0.1", cookie: str | None = None) -> tuple[int, dict, bytes]:
    """GET from a given loopback address, with a given Cookie header (nginx routes by either)."""
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))
    try:
        connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_a_page_gives_the_browser_its_route_cookie_once(proxy):
    status, headers, _ = fetch(proxy, "/fantasy")
    assert status == 200 and re.fullmatch(r"hitrules_route=[0-9a-f]{32}; Path=/; HttpOnly; SameSite=Lax",
                                          headers["Set-Cookie"])
    _, again, _ = fetch(proxy, "/fantasy", cookie=headers["Set-Cookie"].split(";")[0])
    assert "Set-Cookie" not in again


@pytest.mark.parametrize("routed_by", ["address", "cookie"])
def test_a_csv_download_from_a_tab_on_the_second_process_works_through_nginx(two_processes, routed_by):
    """Affinity: a tab's download lives in the process that runs its session, and nginx sends
    the download there too, by the tab's route cookie or, without one, by its address. Opens
    tabs until one lands on the second process (nginx's log says where each request went),
    downloads Explore's comparison table through nginx the way that tab would, and checks that
    the websocket and the download were served by that same process."""
    from load import Player, Scenario

    nginx, (_, second) = two_processes
    explore = Scenario()
    explore.page_name = "explore"

    def upstream(request_start: str, route: str) -> str | None:
        found = [r["upstream"] for r in nginx.served() if r["request"].startswith(request_start)
                 and route in (r["address"], r["cookie"])]
        return found[-1] if found else None

    async def tab_on_the_second_process():
        for n in range(2, 66):
            by_address = routed_by == "address"
            source = f"127.0.0.{n}" if by_address else "127.0.0.1"
            route = f"{n:032x}"
            cookie = None if by_address else f"hitrules_route={route}"
            player = Player(nginx.url, explore, random.Random(1), query="view=diff", source=source, cookie=cookie)
            try:
                run = await player.connect()
                assert run.ok and len(player.downloads) == 1, (run, player.downloads)
                url = await player.download_url(0)  # the CSV is made when the tab asks for it
                download = fetch(nginx.url, url, source, cookie)
            finally:
                await player.close()
            key = source if by_address else route
            for _ in range(50):  # nginx logs the websocket when it closes
                if (stream := upstream("GET /_stcore/stream", key)) is not None:
                    break
                await asyncio.sleep(0.1)
            if stream == f"127.0.0.1:{second.port}":
                return download, stream, upstream(f"GET {url}", key)
        raise AssertionError(f"none of 64 tabs routed by {routed_by} reached the second process")

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        (status, headers, body), stream, download_upstream = pool.submit(
            asyncio.run, tab_on_the_second_process()).result(timeout=120)
    assert download_upstream == stream
    assert status == 200 and headers["Content-Type"].startswith("text/csv")
    assert body.decode().splitlines()[0] == "modifier,fantasy,8th,9th,agree,why they differ"


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
