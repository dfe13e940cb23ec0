# rami: `make play` and `make test` work on a fresh machine with Python 3.11+, Node 20+ with
# npm (the Pyodide runtime), and, for the browser tests, Debian's chromium (installed here).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VARIANT ?= gin

.PHONY: catalogues play play-terminal screenshots test test-cpython test-browser test-pyodide build dist chromium serve bench bench-door bench-rl rl-example train-gin bench-large bench-web bench-embed bench-phone bench-redraw phones bench-bots bench-review bench-friends arena arena-openspiel bench-ilp simulate soak setup clean

setup: $(VENV)/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

build/pyodide-site/.pins: requirements-dev.txt scripts/pyodide_site.py | setup
	$(PY) scripts/pyodide_site.py

$(VENV)/.installed: pyproject.toml requirements-dev.txt requirements-rl.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt \
	  -r requirements-rl.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	$(PY) scripts/catalogues.py compile >/dev/null
	touch $@

catalogues: setup      ## extract every message (Babel), refresh each language's .po, compile, and say what is missing
	$(PY) scripts/catalogues.py update
	$(PY) scripts/catalogues.py compile
	$(PY) scripts/catalogues.py check

play: dist             ## set up, build, and serve the game (dist/) on http://127.0.0.1:8000/
	$(PY) -m rami serve --dir dist

play-terminal: setup   ## play in the terminal: make play-terminal VARIANT=basic
	$(PY) -m rami play $(VARIANT)

# CPython first (both cores), then Chromium and Pyodide side by side: within 12 minutes from
# a fresh clone on two cores (the budget: tests/test_conformance.py)
test: test-cpython     ## every test: CPython, then Chromium and Pyodide side by side
	$(MAKE) --no-print-directory dist chromium build/pyodide-site/.pins
	$(MAKE) --no-print-directory -j2 --output-sync=target test-browser test-pyodide

test-cpython: setup
	$(PY) scripts/catalogues.py compile >/dev/null
	$(PY) -m pytest -n 2 --dist worksteal -q --ignore=tests/browser

test-browser: dist chromium    ## the page in Debian's Chromium, served from dist/
	@rm -rf build/chromium
	$(PY) -m pytest -q -n 2 --dist worksteal --reruns 1 --only-rerun "Target crashed" \
	  tests/browser; status=$$?; \
	  if [ -f build/chromium/crashes.txt ]; then cat build/chromium/crashes.txt; fi; \
	  exit $$status

chromium:
	@test -x /usr/bin/chromium || { echo "installing Debian's chromium"; \
	  $(SUDO) apt-get install -y -q chromium >/dev/null || \
	  { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q chromium >/dev/null; }; }

test-pyodide: node_modules/.installed build/pyodide-site/.pins build
	node scripts/pyodide_tests.mjs
	node scripts/check_vendor.mjs

build: node_modules/.installed setup   ## static/vendor: Pyodide (its stdlib precompiled), PyScript, rami.zip
	$(PY) scripts/build_web.py

dist: build            ## dist/: the site and its service worker, ready for any static host
	$(PY) scripts/dist.py

serve: play

screenshots: dist chromium   ## docs/screenshots/: the README's; tour/: every game at 2-8 seats, 3 sizes, summaries
	$(PY) scripts/screenshots.py

bench-large: setup     ## the worst cost per variant of a move over large hands (budgets: 50/100/300 ms)
	$(PY) benchmarks/large_hands.py

bench-web: dist chromium     ## the page's start-up times, ratios to bare Pyodide, responsiveness
	$(PY) benchmarks/web.py

SOAK_MINUTES ?= 60
soak: setup node_modules/.installed build/pyodide-site/.pins   ## the deep run on every core: make soak SOAK_MINUTES=60
	SOAK_MINUTES=$(SOAK_MINUTES) $(PY) scripts/soak.py
	RAMI_DEEP=1 $(PY) -m pytest -q -n 2 tests/test_door_cost.py
	RAMI_QUICK=0 RAMI_CONFORMANCE_HANDS=40 node scripts/pyodide_tests.mjs
	$(MAKE) --no-print-directory dist chromium
	RAMI_DEEP=1 $(PY) -m pytest -q -n 2 --dist worksteal tests/browser

bench-door: setup       ## the checks at the door: the worst cost per character of every entry (docs/door.md)
	$(PY) benchmarks/door.py

bench-phone: dist chromium   ## a tap, a redraw and a turn of the phone on a 4x slower processor
	$(PY) benchmarks/phone_speed.py

bench-redraw: dist chromium  ## where a redraw after a bot's move goes, by the main thread's own time (Chromium's trace, 4x)
	$(PY) benchmarks/redraw_trace.py

phones: dist chromium        ## every game at every phone and tablet shape: what a player misses, and screenshots (build/phones/)
	$(PY) scripts/phones.py build/phones

bench-embed: dist chromium   ## tutorial boards: one against six, time to interactive and memory
	$(PY) benchmarks/embed.py

bench-bots: dist chromium    ## the Expert's thinking time inside Pyodide in Chromium; the page during bot turns
	$(PY) benchmarks/bots_web.py

bench-review: node_modules/.installed   ## the review of a hand's time inside Pyodide (issue 48's budgets)
	node benchmarks/review_speed.mjs

bench-friends: dist chromium    ## friends by link: connection time, an action's round trip, characters per hand
	$(PY) benchmarks/friends.py

ARENA ?= gin expert simple --deals 1000
arena: setup           ## the duplicate-deal arena: make arena ARENA="basic expert good --deals 250"
	$(PY) benchmarks/arena.py $(ARENA)

OPENSPIEL ?= expert --matches 250
arena-openspiel: setup  ## Gin on OpenSpiel's engine against its SimpleGinRummyBot (installs open_spiel)
	$(PY) -m pip install --quiet --disable-pip-version-check open_spiel==2.0.2
	$(PY) benchmarks/openspiel_gin.py $(OPENSPIEL)

bench-ilp: setup       ## tile Rami's solver against an integer program (den Hertog & Hulshof), random racks
	$(PY) benchmarks/tiles_ilp.py --racks 1000

bench-rl: setup        ## the research environments' steps per second, every game, and RLCard's Gin beside them
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-train.txt
	$(PY) benchmarks/rl.py

train-gin: setup       ## Gin's opponent model: seeded hands, the fit, its calibration; writes rami/games/gin/weights.py
	$(PY) scripts/gin_model.py --hands 2000 --seed 1

TRAIN_MINUTES ?= 5
rl-example: setup      ## examples/rl_gin.py: a Q-network learns Gin for a few minutes, then plays Beginner and Good in the arena
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-train.txt
	$(PY) examples/rl_gin.py --minutes $(TRAIN_MINUTES)

bench: setup           ## print the engine's speed figures
	$(PY) benchmarks/bench.py

simulate: setup        ## bot against bot: make simulate VARIANT=basic
	$(PY) -m rami simulate --variant $(VARIANT) --games 200 --seats good,beginner

clean:
	rm -rf $(VENV) build dist node_modules static/vendor *.egg-info
