"""`make test`'s set-up step (tests/system_packages.py), with the packages made to look absent:
as root it installs them with apt-get; otherwise it prints the command and the tests skip."""

from __future__ import annotations

import system_packages


def fake_system(monkeypatch, *, root: bool, apt: bool, missing=("chromium", "nginx-light")):
    calls = []
    monkeypatch.setattr(system_packages, "missing_packages", lambda: list(missing))
    monkeypatch.setattr(system_packages.os, "geteuid", lambda: 0 if root else 1000)
    monkeypatch.setattr(system_packages.shutil, "which", lambda name: "/usr/bin/apt-get" if apt else None)
    monkeypatch.delenv("HITRULES_SKIP_BROWSER", raising=False)
    monkeypatch.delenv("HITRULES_REQUIRE_BROWSER", raising=False)

    def run(command, env):
        calls.append((command, env["DEBIAN_FRONTEND"]))
        return type("Done", (), {"returncode": 0})()

    return calls, run


def test_as_root_it_installs_what_is_missing(monkeypatch):
    calls, run = fake_system(monkeypatch, root=True, apt=True)
    assert system_packages.ensure(run=run) == 0
    assert calls == [(["apt-get", "update", "-qq"], "noninteractive"),
                     (["apt-get", "install", "-y", "-qq", "chromium", "nginx-light"], "noninteractive")]


def test_only_what_is_missing(monkeypatch):
    calls, run = fake_system(monkeypatch, root=True, apt=True, missing=("nginx-light",))
    system_packages.ensure(run=run)
    assert calls[-1][0][-1] == "nginx-light" and "chromium" not in calls[-1][0]


def test_nothing_missing_runs_nothing(monkeypatch):
    calls, run = fake_system(monkeypatch, root=True, apt=True, missing=())
    assert system_packages.ensure(run=run) == 0 and calls == []


def test_not_root_prints_the_command_and_skips(monkeypatch, capsys):
    calls, run = fake_system(monkeypatch, root=False, apt=True)
    assert system_packages.ensure(run=run) == 0 and calls == []
    err = capsys.readouterr().err
    assert "SKIPPED" in err and "apt-get update && apt-get install -y chromium nginx-light" in err
    monkeypatch.setenv("HITRULES_REQUIRE_BROWSER", "1")
    assert system_packages.ensure(run=run) == 1  # CI demands them


def test_without_apt_get_it_says_so(monkeypatch, capsys):
    _, run = fake_system(monkeypatch, root=True, apt=False)
    assert system_packages.ensure(run=run) == 0
    assert "apt-get is not available" in capsys.readouterr().err


def test_skip_browser_asks_for_nothing(monkeypatch, capsys):
    calls, run = fake_system(monkeypatch, root=True, apt=True)
    monkeypatch.setenv("HITRULES_SKIP_BROWSER", "1")
    assert system_packages.ensure(run=run) == 0 and calls == []
    assert "HITRULES_SKIP_BROWSER=1" in capsys.readouterr().err


def test_dry_run_prints_the_commands_and_runs_nothing(monkeypatch, capsys):
    calls, run = fake_system(monkeypatch, root=True, apt=True)
    assert system_packages.ensure(dry_run=True, run=run) == 0 and calls == []
    assert "+ apt-get install -y -qq chromium nginx-light" in capsys.readouterr().out
