# rami: `make play` and `make test` work on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
VARIANT ?= gin

.PHONY: play test bench simulate setup clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@

play: setup            ## play in the terminal: make play VARIANT=basic
	$(PY) -m rami play $(VARIANT)

test: setup            ## every test, on both cores
	$(PY) -m pytest -n 2 --dist worksteal -q

bench: setup           ## print the engine's speed figures
	$(PY) benchmarks/bench.py

simulate: setup        ## bot against bot: make simulate VARIANT=basic
	$(PY) -m rami simulate --variant $(VARIANT) --games 200 --seats heuristic,random

clean:
	rm -rf $(VENV) build *.egg-info
