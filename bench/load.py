"""Club night: many simulated players over Streamlit's websocket protocol, no browsers.

Each simulated player opens a page, then changes real widgets again and again (BS on the
fantasy page; skill and modifiers on the 9th-edition page; the number on the trivial page),
waits a think time between changes, and checks every "Hit chance" shown against hitrules.
An error is a wrong value, an exception element, a run that did not finish ok, a timeout or
a dropped connection. Traffic goes to 127.0.0.1 only, and every loop is bounded.

    python bench/load.py                  # one process's ceiling, then two behind nginx (make load)
    python bench/load.py --soak 600       # 30 players for 600 s: is the memory flat?
    python bench/load.py --sweep          # the stress sweep N = 10..80 at 0.5-2 s, vs the trivial page
    python bench/load.py --users 800 --processes 2   # custom runs (2+ processes: behind nginx)
    python bench/load.py --goal           # the speed goal a club's server must hold: met or MISSED (make bench)

`make load` steps up the players (a change every 3 to 12 s) on one process until p95 passes
1 s or the first error (the players arrive at 10 a second, then all of them stay for 60 s,
the window that is measured), then does the same with two processes behind deploy/nginx.conf, the
players connecting from 64 loopback addresses so that nginx's affinity by address spreads
them. The trivial page (one number input, one metric, one Plotly chart) runs at the first step
as the baseline. It reports p50/p95/max latency, runs/s, server CPU ms per run, peak RSS,
errors, and the CPU of each app process, of nginx and of the load client.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from harness import AppServer, Nginx  # noqa: E402

from hitrules import fantasy, ninth  # noqa: E402
from hitrules.words import chance_text  # noqa: E402

RUN_TIMEOUT = 30.0
# What `make serve-public` uses: no watching of the source files. No garbage collection after every
# run (about 60% of a trivial run's CPU, see TESTING.md) comes from .streamlit/config.toml, which every
# server here reads, the trivial page's too (they run from the repository).
SERVER_SETTINGS = ("--server.fileWatcherType", "none")


# ----- one page's widgets and the value it must show -----

class Scenario:
    """How a simulated player uses a page: which widgets it changes and what it expects."""

    page_name = ""

    def change(self, rng: random.Random, ids: dict[str, str]) -> tuple[list[WidgetState], str]:
        raise NotImplementedError


class Trivial(Scenario):
    def change(self, rng, ids):
        n = rng.randint(1, 100)
        return [WidgetState(id=ids["n"], double_value=n)], f"{n}/100"


class Fantasy(Scenario):
    page_name = "fantasy"

    def change(self, rng, ids):
        bs = rng.randint(*fantasy.BS_RANGE)
        return ([WidgetState(id=ids["Ballistic Skill (BS)"], double_value=bs)],
                chance_text(fantasy.hit_chance(bs, 0)))


class Ninth(Scenario):
    page_name = "ninth"

    def change(self, rng, ids):
        skill = rng.randint(*ninth.SKILL_RANGE)
        mods = [rng.choice((-1, 1)) for _ in range(rng.randint(0, 3))]
        states = [WidgetState(id=ids["Skill (X+)"], string_value=f"{skill}+"),
                  WidgetState(id=ids["Hit modifiers"], string_value=",".join(f"{m:+d}" for m in mods))]
        return states, chance_text(ninth.hit_chance(skill, sum(mods)))


# ----- the protocol -----

@dataclass
class RunResult:
    ok: bool
    seconds: float
    metric: str | None
    error: str = ""


def _widget_label(element) -> tuple[str, str] | None:
    kind = element.WhichOneof("type")
    if kind in ("number_input", "text_input", "selectbox", "checkbox", "radio"):
        proto = getattr(element, kind)
        return proto.label, proto.id
    return None


class Player:
    """One simulated player with one websocket session."""

    def __init__(self, url: str, scenario: Scenario, rng: random.Random, query: str = "",
                 source: str | None = None, cookie: str | None = None):
        self.url = url.replace("http://", "ws://") + "/_stcore/stream"
        self.scenario = scenario
        self.rng = rng
        self.query = query  # the link's query string, as a browser's location.search without "?"
        self.source = source  # a loopback address to connect from (127.0.0.2, ...): nginx routes by it
        self.cookie = cookie  # or a Cookie header, as a browser sends nginx's route cookie
        self.ids: dict[str, str] = {}
        # The download buttons of the last run: a file URL (/media/...), or the id of a file the
        # server makes only when asked (a callable's data; see download_url).
        self.downloads: list[str] = []
        self.ws = None
        self.session_id = ""  # the server's id for this session, from its first message

    async def connect(self) -> RunResult:
        self.ws = await websockets.connect(self.url, subprotocols=["streamlit", "PLACEHOLDER_AUTH_TOKEN"],
                                           max_size=2**24, open_timeout=RUN_TIMEOUT,
                                           local_addr=(self.source, 0) if self.source else None,
                                           additional_headers={"Cookie": self.cookie} if self.cookie else None)
        return await self.rerun([])

    async def rerun(self, states: list[WidgetState]) -> RunResult:
        msg = BackMsg()
        msg.rerun_script.page_name = self.scenario.page_name
        # The page is named by its URL path, as a browser's first request does; a page hash
        # from new_session can belong to the legacy pages/ mode a fresh server starts in.
        msg.rerun_script.page_script_hash = ""
        msg.rerun_script.query_string = self.query
        msg.rerun_script.widget_states.widgets.extend(states)
        self.downloads = []
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        metric, error = None, ""
        deadline = start + RUN_TIMEOUT
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return RunResult(False, time.perf_counter() - start, metric, "timeout")
            try:
                raw = await asyncio.wait_for(self.ws.recv(), timeout=remaining)
            except TimeoutError:
                return RunResult(False, time.perf_counter() - start, metric, "timeout")
            fwd = ForwardMsg()
            fwd.ParseFromString(raw)
            kind = fwd.WhichOneof("type")
            if kind == "new_session":
                self.session_id = fwd.new_session.initialize.session_id
            elif kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
                element = fwd.delta.new_element
                found = _widget_label(element)
                if found:
                    self.ids[found[0]] = found[1]
                elif element.WhichOneof("type") == "metric" and element.metric.label == "Hit chance":
                    metric = element.metric.body
                elif element.WhichOneof("type") == "exception":
                    error = f"exception: {element.exception.message[:100]}"
                elif element.WhichOneof("type") == "download_button":
                    button = element.download_button
                    self.downloads.append(button.url or f"deferred:{button.deferred_file_id}")
            elif kind == "script_finished":
                status = fwd.script_finished
                if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    continue
                seconds = time.perf_counter() - start
                if status != ForwardMsg.FINISHED_SUCCESSFULLY:
                    error = error or f"script_finished {status}"
                return RunResult(not error, seconds, metric, error)

    async def download_url(self, n: int = 0) -> str:
        """The URL of the last run's ``n``-th download, as a browser gets it on a click: a file made
        on request is asked for over the websocket (a backend operation), and the server answers
        with its URL, which only this session's process can serve."""
        button = self.downloads[n]
        if not button.startswith("deferred:"):
            return button
        msg = BackMsg()
        msg.backend_operation_request.request_id = request = f"download-{n}-{time.monotonic_ns()}"
        msg.backend_operation_request.session_id = self.session_id
        msg.backend_operation_request.deferred_file.file_id = button.removeprefix("deferred:")
        await self.ws.send(msg.SerializeToString())
        deadline = time.perf_counter() + RUN_TIMEOUT
        while time.perf_counter() < deadline:
            fwd = ForwardMsg()
            fwd.ParseFromString(await asyncio.wait_for(self.ws.recv(), timeout=RUN_TIMEOUT))
            if fwd.WhichOneof("type") == "backend_operation_response":
                response = fwd.backend_operation_response
                if response.request_id == request:
                    if response.error_msg:
                        raise RuntimeError(f"download refused: {response.error_msg}")
                    return response.deferred_file.url
        raise TimeoutError("no answer to the download request")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


# ----- measuring the server -----

class ServerWatch:
    """CPU seconds (each process's, and in all) and peak RSS (all together) of the server
    processes, sampled from /proc."""

    def __init__(self, *pids: int):
        self.pids = pids
        self.peak_rss = 0
        self.samples: list[tuple[float, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def cpu_each(self) -> list[float]:
        seconds = []
        for pid in self.pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            seconds.append((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
        return seconds

    def rss(self) -> int:
        total = 0
        for pid in self.pids:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        return total

    def _sample(self) -> None:
        start = time.monotonic()
        while not self._stop.wait(1.0):
            rss = self.rss()
            self.peak_rss = max(self.peak_rss, rss)
            self.samples.append((time.monotonic() - start, rss))

    def __enter__(self):
        self.cpu0 = self.cpu_each()
        self.peak_rss = self.rss()
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self.each = [after - before for after, before in zip(self.cpu_each(), self.cpu0, strict=True)]
        self.cpu = sum(self.each)


# ----- a run -----

@dataclass
class Report:
    label: str
    users: int
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    wall: float = 0.0
    cpu: float = 0.0
    peak_rss: int = 0
    #: Every rerun, also those before the measured window (latencies holds only the window's).
    runs: int = 0

    @property
    def p95(self) -> float:
        lat = sorted(self.latencies) or [0.0]
        return lat[min(len(lat) - 1, int(0.95 * len(lat)))]

    def row(self) -> str:
        lat = sorted(self.latencies) or [0.0]
        p50 = statistics.median(lat)
        p95 = self.p95
        runs = self.runs or len(self.latencies)
        cpu_ms = 1000 * self.cpu / runs if runs else 0.0
        return (f"| {self.label} | {self.users} | {runs} | {p50 * 1000:.0f} | {p95 * 1000:.0f} | "
                f"{lat[-1] * 1000:.0f} | {runs / self.wall if self.wall else 0:.1f} | {cpu_ms:.1f} | "
                f"{self.peak_rss / 2**20:.0f} | {len(self.errors)} |")


HEADER = ("| page | users | runs | p50 ms | p95 ms | max ms | runs/s | server CPU ms/run | peak RSS MB | errors |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


async def player_loop(url, scenario, seed, interactions, think, report: Report, until: float | None,
                      arrive: float, source: str | None, measure_from: float = 0.0):
    rng = random.Random(seed)
    player = Player(url, scenario, rng, source=source)
    await asyncio.sleep(rng.uniform(0, arrive))  # players arrive spread over some seconds
    try:
        first = await player.connect()
        if not first.ok:
            report.errors.append(first.error)
            return
        done = 0
        while done < interactions or (until is not None and time.monotonic() < until):
            if until is not None and time.monotonic() >= until:
                break
            await asyncio.sleep(rng.uniform(*think))
            states, expected = scenario.change(rng, player.ids)
            started = time.monotonic()
            result = await player.rerun(states)
            report.runs += 1
            if started >= measure_from:
                report.latencies.append(result.seconds)
            if not result.ok:
                report.errors.append(result.error)
            elif result.metric != expected:
                report.errors.append(f"wrong value: {result.metric!r}, expected {expected!r}")
            done += 1
    except (OSError, websockets.ConnectionClosed, websockets.InvalidStatus, KeyError, TimeoutError) as error:
        report.errors.append(f"dropped: {type(error).__name__}: {error}")
    finally:
        await player.close()


ARRIVALS_PER_SECOND = 10

#: Loopback addresses the players connect from through nginx, which spreads them over the app
#: processes by address: like players on 64 different networks.
SOURCES = tuple(f"127.0.0.{n}" for n in range(2, 66))


def run(url: str, pids: list[int], scenarios: list[Scenario], label: str, users: int, interactions: int,
        think: tuple[float, float], duration: float | None = None, sources: tuple[str, ...] = (),
        watch_too: tuple[int, ...] = (), hold: float | None = None) -> Report:
    """One run: ``users`` players against ``url``; the CPU of ``pids`` (the app processes) is
    per run, that of ``watch_too`` (nginx) and of this load client is reported beside it.

    With ``hold``, every player stays until ``hold`` seconds after the last has arrived, and the
    latencies are those of that window only: all the players at once, not a rolling subset.
    """
    report = Report(label, users)
    # Arrivals: over one think time, and at most 10 new players a second (a club's players
    # come in over minutes; a first visit is several times a rerun's work).
    arrive = max(think[1], users / ARRIVALS_PER_SECOND)
    client0 = time.process_time()
    with ServerWatch(*pids) as watch, ServerWatch(*watch_too) as proxy:
        start = time.monotonic()
        until = start + duration if duration else None
        measure_from = 0.0
        if hold:
            until, measure_from, interactions = start + arrive + hold, start + arrive, 10**9

        async def everyone():
            await asyncio.gather(*(player_loop(url, scenarios[i % len(scenarios)], 1000 * users + i, interactions,
                                               think, report, until, arrive,
                                               sources[i % len(sources)] if sources else None, measure_from)
                                   for i in range(users)))

        asyncio.run(everyone())
        report.wall = time.monotonic() - start
    report.cpu, report.peak_rss = watch.cpu, watch.peak_rss
    report.samples = watch.samples  # type: ignore[attr-defined]
    report.cpu_split = (watch.each, proxy.cpu, time.process_time() - client0)  # type: ignore[attr-defined]
    return report


def passes(report: Report) -> bool:
    """The goal for a realistic run: p95 under 1 s and no error."""
    return not report.errors and report.p95 < 1.0


def ceiling(label: str, start_run, steps: list[int]) -> list[Report]:
    """Runs with more and more players until one fails the goal (p95 1 s or an error)."""
    reports = []
    for users in steps:
        report = start_run(users)
        reports.append(report)
        print(report.row(), flush=True)
        each, proxy_cpu, client_cpu = report.cpu_split
        wall = report.wall or 1
        split = ", ".join(f"{100 * c / wall:.0f}%" for c in each)
        print(f"  CPU of a core over the run: app processes {split}"
              + (f", nginx {100 * proxy_cpu / wall:.0f}%" if proxy_cpu else "")
              + f", load client {100 * client_cpu / wall:.0f}%", flush=True)
        if report.errors:
            print(f"  errors: {len(report.errors)}, first 3: {report.errors[:3]}", flush=True)
        if not passes(report):
            break
    held = [r.users for r in reports if passes(r)]
    failed = [r for r in reports if not passes(r)]
    verdict = f"holds {held[-1]} players" if held else "holds none of the steps"
    verdict += (f"; at {failed[0].users}: p95 {failed[0].p95 * 1000:.0f} ms, {len(failed[0].errors)} errors"
                if failed else " (the last step tried; the ceiling is higher)")
    print(f"\n{label}: {verdict}\n", flush=True)
    return reports


def nginx_pids(nginx: Nginx) -> tuple[int, ...]:
    """nginx's worker processes (not its cache loader, which exits after a minute)."""
    pid = nginx.proc.pid
    children = map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())
    return tuple(c for c in children if b"worker process" in Path(f"/proc/{c}/cmdline").read_bytes())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, nargs="*", help="custom runs with these user counts")
    parser.add_argument("--processes", type=int, default=1, help="custom runs: app processes (2+: behind nginx)")
    parser.add_argument("--think", type=float, nargs=2, default=None, help="think time range, seconds")
    parser.add_argument("--interactions", type=int, default=20, help="custom runs: changes per player")
    parser.add_argument("--hold", type=float, default=None,
                        help="instead: all players stay this long after the last arrives, measured then "
                             "(make load: 60)")
    parser.add_argument("--soak", type=float, default=0, help="soak: 30 players for this many seconds")
    parser.add_argument("--sweep", action="store_true", help="the stress sweep, N = 10..80 at 0.5-2 s, vs trivial")
    parser.add_argument("--default-settings", action="store_true", help="Streamlit's defaults (postScriptGC on)")
    parser.add_argument("--goal", action="store_true", help=f"the goal: {GOAL_TEXT}; says met or MISSED")
    args = parser.parse_args()
    settings = ("--runner.postScriptGC", "true", *SERVER_SETTINGS) if args.default_settings else SERVER_SETTINGS
    # Each player holds a socket (two through nginx): more than the usual 1,024 descriptors.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    ours = [Fantasy(), Ninth()]
    print(f"server settings: {' '.join(settings) or 'Streamlit defaults'}; {os.cpu_count()} cores; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n", flush=True)
    if args.soak:
        app = AppServer(ROOT / "app.py", *settings)
        try:
            report = run(app.url, [app.proc.pid], ours, "fantasy + ninth (soak)", 30, 10**6, (3.0, 12.0),
                         duration=args.soak)
        finally:
            app.stop()
        print(HEADER)
        print(report.row())
        samples = report.samples
        settled = [rss for t, rss in samples if t >= 60] or [rss for _, rss in samples]
        print(f"\nRSS over the soak (after the first minute): min {min(settled) / 2**20:.1f} MB, "
              f"max {max(settled) / 2**20:.1f} MB, growth {100 * (max(settled) / min(settled) - 1):.1f}%")
        for t, rss in samples[:: max(1, len(samples) // 12)]:
            print(f"  t={t:6.0f} s  RSS {rss / 2**20:6.1f} MB")
        return 1 if report.errors else 0
    if args.sweep:
        return sweep(settings, args.interactions)
    if args.goal:
        return goal(settings)
    think = tuple(args.think or (3.0, 12.0))
    interactions = args.interactions
    hold = args.hold or (None if args.users else 60.0)
    if args.users:
        reports = processes_run(settings, args.processes, args.users, think, interactions, ours, hold,
                                stop_early=False)
        return 0 if all(passes(r) for r in reports) else 1
    # make load: one process's ceiling, with the trivial page at the first step as the baseline,
    # then two processes behind nginx, from 64 loopback addresses.
    trivial = AppServer(ROOT / "bench" / "trivial_app.py", *settings)
    try:
        print(HEADER)
        baseline = run(trivial.url, [trivial.proc.pid], [Trivial()], f"trivial (think {think[0]:g}-{think[1]:g} s)",
                       400, interactions, think, hold=hold)
        print(baseline.row(), flush=True)
    finally:
        trivial.stop()
    processes_run(settings, 1, ONE_PROCESS_STEPS, think, interactions, ours, hold)
    reports = processes_run(settings, 2, TWO_PROCESS_STEPS, think, interactions, ours, hold)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if passes(reports[0]) else 1


#: make load's steps (players at 3-12 s think time): one process, then two behind nginx.
ONE_PROCESS_STEPS = [400, 550, 700, 850, 1000]
TWO_PROCESS_STEPS = [800, 1000, 1200, 1400]


def processes_run(settings, processes: int, steps: list[int], think, interactions: int, scenarios,
                  hold: float | None, stop_early: bool = True) -> list[Report]:
    """Runs with more and more players against ``processes`` app processes (behind nginx when
    there are several), until one fails the goal (unless ``stop_early`` is off)."""
    apps = [AppServer(ROOT / "app.py", *settings) for _ in range(processes)]
    nginx = Nginx([a.port for a in apps], ROOT / "build" / "load-nginx", worker_connections=8192) \
        if processes > 1 else None
    where = f"{processes} processes behind nginx, from {len(SOURCES)} addresses" if nginx else "1 process, direct"
    try:
        def start_run(users):
            label = f"fantasy + ninth, {where} (think {think[0]:g}-{think[1]:g} s)"
            if nginx:
                return run(nginx.url, [a.proc.pid for a in apps], scenarios, label, users, interactions, think,
                           sources=SOURCES, watch_too=nginx_pids(nginx), hold=hold)
            return run(apps[0].url, [apps[0].proc.pid], scenarios, label, users, interactions, think, hold=hold)

        if not stop_early:
            print(HEADER)
            return [ceiling(where, start_run, [users])[0] for users in steps]
        return ceiling(where, start_run, steps)
    finally:
        if nginx:
            nginx.stop()
        for app in apps:
            app.stop()


#: The speed goal a club's server must hold (issue 41): players, app processes (behind nginx), think time.
GOAL_USERS, GOAL_PROCESSES, GOAL_THINK = 800, 2, (3.0, 12.0)
GOAL_TEXT = (f"{GOAL_USERS} players, {GOAL_PROCESSES} processes behind nginx, think {GOAL_THINK[0]:g}-"
             f"{GOAL_THINK[1]:g} s: p95 under 1 s and no errors")


def goal(settings) -> int:
    """The load goal, one run (20 changes a player, all measured): prints met or MISSED."""
    (report,) = processes_run(settings, GOAL_PROCESSES, [GOAL_USERS], GOAL_THINK, 20, [Fantasy(), Ninth()], None,
                              stop_early=False)
    verdict = "met" if passes(report) else "MISSED"
    print(f"Goal, {GOAL_TEXT}: {verdict} (p95 {report.p95 * 1000:.0f} ms, {len(report.errors)} errors)")
    return 0 if passes(report) else 1


def sweep(settings, interactions: int) -> int:
    """The stress sweep: N = 10, 20, 40, 80 at 0.5-2 s and N = 100 at 3-12 s, each against the
    trivial page in the same run."""
    app = AppServer(ROOT / "app.py", *settings)
    trivial = AppServer(ROOT / "bench" / "trivial_app.py", *settings)
    failed = False
    try:
        print(HEADER)
        for users, think in [(n, (0.5, 2.0)) for n in (10, 20, 40, 80)] + [(100, (3.0, 12.0))]:
            for label, server, scenarios in (("fantasy + ninth", app, [Fantasy(), Ninth()]),
                                             ("trivial", trivial, [Trivial()])):
                report = run(server.url, [server.proc.pid], scenarios, f"{label} (think {think[0]:g}-{think[1]:g} s)",
                             users, interactions, think)
                print(report.row(), flush=True)
                if report.errors:
                    print(f"  errors, first 3: {report.errors[:3]}")
                    failed |= label != "trivial" and think[0] >= 3
    finally:
        app.stop()
        trivial.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
