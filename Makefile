# Two commands do all the set-up: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test test-display bench package package-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/dealer-trainer

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -q -n auto

# The GUI tests that need a real window (focus, activation, key routing, real fonts) under
# Xvfb with a window manager; installs xvfb and Qt's xcb libraries when run as root.
test-display: $(STAMP)
	bash tests/display/run-lane.sh

# Every speed figure in one table beside its goal and its peers measured in the same run
# (benchmarks/run.py; the peers come with the bench extra, never the app's dependencies).
# The dashboard's figure generates a database of a million answers once (minutes) and reuses it.
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	QT_QPA_PLATFORM=offscreen SDL_VIDEODRIVER=dummy $(BIN)/python benchmarks/run.py $(BENCH_ARGS)

# The desktop bundle for this system (PyInstaller, one folder: dist/dealer-trainer/), built with the
# versions pinned in packaging/constraints.txt; .github/workflows/bundles.yml runs the same script.
package: $(STAMP)
	$(BIN)/python packaging/build_bundle.py

# Build it, then run the bundle as a station would, outside the checkout: its snapshot of the home
# screen and of a Pokette round (the wheel), checked; the PNGs stay in build/bundle-snapshots/.
package-test: package
	$(BIN)/python packaging/smoke_test.py --out build/bundle-snapshots

clean:
	rm -rf $(VENV) build dist *.egg-info
