# Two commands do all the set-up: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test test-display clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/dealer-trainer

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -q

# The GUI tests that need a real window (focus, activation, key routing, real fonts) under
# Xvfb with a window manager; installs xvfb and Qt's xcb libraries when run as root.
test-display: $(STAMP)
	bash tests/display/run-lane.sh

clean:
	rm -rf $(VENV) build *.egg-info
