"""Before `make test`: install what the browser and proxy tests need (Debian's chromium and
nginx-light), as root with apt-get, only when missing. When that cannot be done, say so loudly
and print the command: those tests then skip with their reasons (or fail, under
HITRULES_REQUIRE_BROWSER=1, as CI sets). HITRULES_SKIP_BROWSER=1 skips them on purpose.

    python tests/system_packages.py             # install what is missing, if it can
    python tests/system_packages.py --dry-run   # print what it would run, change nothing
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys

from harness import INSTALL_COMMAND, missing_packages


def banner(*lines: str) -> None:
    rule = "!" * 78
    print("\n".join([rule, *(f"!! {line}" for line in lines), rule]), file=sys.stderr, flush=True)


def apt_commands(packages: list[str]) -> list[list[str]]:
    return [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *packages]]


def cannot_install(packages: list[str]) -> str | None:
    """Why apt-get cannot install here, or None when it can."""
    if os.geteuid() != 0:
        return "not running as root"
    if shutil.which("apt-get") is None:
        return "apt-get is not available"
    return None


def ensure(dry_run: bool = False, run=subprocess.run) -> int:
    """Install the missing packages if possible; 0 unless the run demands them and they are missing."""
    required = os.environ.get("HITRULES_REQUIRE_BROWSER") == "1"
    if os.environ.get("HITRULES_SKIP_BROWSER") == "1" and not required:
        banner("HITRULES_SKIP_BROWSER=1: the browser and nginx tests are skipped.")
        return 0
    packages = missing_packages()
    if not packages:
        return 0
    reason = cannot_install(packages)
    if reason is None:
        print(f"Installing {' '.join(packages)} for the browser and nginx tests (about a minute)...", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in apt_commands(packages):
            print("+ " + " ".join(command), flush=True)
            if not dry_run and run(command, env=env).returncode != 0:
                reason = f"`{' '.join(command)}` failed"
                break
        else:
            return 0
    banner(f"{' and '.join(packages)} missing, and {reason}: the browser and nginx tests will be SKIPPED.",
           f"To run them, install {'them' if len(packages) > 1 else 'it'} as root, then run `make test` again:",
           f"    sudo sh -c '{INSTALL_COMMAND}'",
           "(or set HITRULES_CHROMIUM to a Chromium or Chrome binary; HITRULES_SKIP_BROWSER=1 hides this)")
    return 1 if required else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="print the apt-get commands, run nothing")
    return ensure(parser.parse_args().dry_run)


if __name__ == "__main__":
    sys.exit(main())
