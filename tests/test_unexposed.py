"""webui_routes.unexposed, the app's one read of Streamlit's private names (issue 41): it fails loudly when an
upgrade of Streamlit moves them, so that the function is read again against the new release."""

from __future__ import annotations

import dataclasses
import inspect
import subprocess
from pathlib import Path

import streamlit as st
from streamlit.commands import navigation
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner import ScriptRunContext

import webui_routes

ROOT = Path(__file__).resolve().parents[1]


def test_it_was_read_against_the_installed_streamlit():
    assert st.__version__ == webui_routes.UNEXPOSED_READ_FOR, (
        f"Streamlit {st.__version__} is installed; webui_routes.unexposed was read against "
        f"{webui_routes.UNEXPOSED_READ_FOR}. "
        "Check that ScriptRunContext.is_history_navigation and PagesManager.uses_pages_directory still mean "
        "what its docstring says (or that a public API now gives them), then set webui_routes.UNEXPOSED_READ_FOR")


def test_the_private_names_it_reads_are_there():
    assert "is_history_navigation" in {f.name for f in dataclasses.fields(ScriptRunContext)}
    assert "uses_pages_directory" in vars(PagesManager)
    # Routing relies on st.navigation (app.py) switching the legacy mode off for the whole process.
    assert "PagesManager.uses_pages_directory = False" in inspect.getsource(navigation.navigation)


def test_outside_a_run_it_is_no_history_and_it_switches_the_legacy_mode_off():
    before = PagesManager.uses_pages_directory
    try:
        PagesManager.uses_pages_directory = True
        assert webui_routes.unexposed() == (False, True)
        assert PagesManager.uses_pages_directory is True  # asked only
        assert webui_routes.unexposed(leave_pages_folder=True) == (False, True)
        assert PagesManager.uses_pages_directory is False
        assert webui_routes.unexposed(leave_pages_folder=True) == (False, False)
    finally:
        PagesManager.uses_pages_directory = before


def test_nothing_else_of_the_app_reaches_into_streamlit_private_modules():
    """Only webui_routes.unexposed names streamlit.runtime or streamlit.elements, in the app's own files."""
    files = [*ROOT.glob("views/*.py"), *ROOT.glob("pages/*.py"), *ROOT.glob("webui*.py"), ROOT / "app.py",
             *ROOT.glob("hitrules/**/*.py")]
    found = subprocess.run(["grep", "-n", r"streamlit\.runtime\|streamlit\.elements", *map(str, files)],
                           capture_output=True, text=True).stdout.splitlines()
    source, start = inspect.getsourcelines(webui_routes.unexposed)
    inside = range(start, start + len(source))
    outside = [line for line in found if not (line.startswith(str(ROOT / "webui_routes.py") + ":")
                                              and int(line.split(":")[1]) in inside)]
    assert not outside
    assert len(found) == 2  # its two imports
