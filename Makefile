# make run: set up and start the app.  make test: set up and run every check.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# The app listens on this machine only; HITRULES_HOST=0.0.0.0 opens it to the network.
HITRULES_HOST ?= localhost
HITRULES_PORT ?= 8501

.PHONY: run test lint system-packages screenshots bench load soak fuzz serve-public clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.run-installed: requirements.txt | $(PY)
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(PY) -m streamlit run app.py --server.address $(HITRULES_HOST) --server.port $(HITRULES_PORT)

# Runs the app for a club: all interfaces, no source watching (see docs/hosting.md); like every
# run, no garbage collection after each run (.streamlit/config.toml). Put deploy/nginx.conf in front of it.
serve-public: $(VENV)/.run-installed
	$(PY) -m streamlit run app.py --server.address $${HITRULES_HOST:-0.0.0.0} \
		--server.port $(HITRULES_PORT) --server.fileWatcherType none

lint: $(VENV)/.dev-installed
	$(PY) -m ruff check .

# What the browser and nginx tests need from the system (Debian's chromium and nginx-light):
# installed as root with apt-get when missing; otherwise a banner gives the command and those
# tests skip (HITRULES_SKIP_BROWSER=1 skips them on purpose). See tests/system_packages.py.
system-packages: $(VENV)/.dev-installed
	$(PY) tests/system_packages.py

# Every test; it writes nothing in the working tree (screenshots: `make screenshots`) and
# asserts no wall-clock time (speed limits: `make bench` and `make fuzz`).
test: lint system-packages
	$(PY) -m pytest

# Refreshes docs/screenshots: the browser tests with HITRULES_SCREENSHOTS=1.
screenshots: system-packages
	HITRULES_SCREENSHOTS=1 $(PY) -m pytest -m browser -p no:cacheprovider -q tests/test_browser.py \
		tests/test_pictures_browser.py tests/test_browser_unit.py tests/test_combat_browser.py tests/test_browser_army.py

bench: $(VENV)/.dev-installed
	$(PY) bench/engine.py
	$(PY) bench/combat.py
	$(PY) bench/charge.py
	$(PY) bench/cache_memory.py
	$(PY) bench/apptest.py
	$(PY) bench/apptest.py --pictures
	$(PY) bench/apptest.py --target
	$(PY) bench/apptest.py --unit
	$(PY) bench/rosters.py
	$(PY) bench/persist_state.py
	$(PY) bench/chart_redraw.py
	$(PY) bench/figures.py
	$(PY) bench/browser.py
	$(PY) bench/load.py --goal

load: $(VENV)/.dev-installed
	$(PY) bench/load.py

soak: $(VENV)/.dev-installed
	$(PY) bench/load.py --soak 600

fuzz: $(VENV)/.dev-installed
	HITRULES_FUZZ_EXAMPLES=10000 HITRULES_SPEED_LIMITS=1 $(PY) -m pytest tests/test_fuzz.py tests/test_fuzz_chain.py \
		-p no:cacheprovider --timeout=0 -q -s

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
