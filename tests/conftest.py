import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The Pyodide run of `make test` is there to catch CPython-vs-3.14 differences, and shares two
# cores with the browser tests: its deepest tests run smaller there (RAMI_QUICK=1, set by
# scripts/pyodide_tests.mjs). `make soak` runs them at full size inside Pyodide too.
QUICK = os.environ.get("RAMI_QUICK") == "1"
# ... and it leaves out the tests of what Chromium runs inside Pyodide in make test anyway:
# the web layer's drawing (tests/browser plays every game through the page), the bots
# (every browser game is played by them there, test_worker.py compares their moves with
# CPython's) and friends' games (test_friends.py: a host's page and a friend's, each
# Pyodide); make soak runs those inside Pyodide too
if sys.platform == "emscripten" and QUICK:
    collect_ignore = ["test_web.py", "test_board.py", "test_editor.py", "test_share.py",
                      "test_around.py", "test_thinking.py", "test_site.py", "test_learn.py",
                      "test_bots.py", "test_remote.py", "test_room.py"]

# Whole matches played through the browser page take minutes of both cores: `make test` plays
# one deal or a short match of each game there (every match's end is played by the engine's
# own tests), and `make soak` plays the full ones too (RAMI_DEEP=1).
DEEP = os.environ.get("RAMI_DEEP") == "1"


def deep(test):
    """A test that runs in `make soak` (RAMI_DEEP=1), not in `make test`."""
    import pytest
    return pytest.mark.skipif(not DEEP, reason="a deep run: make soak plays it")(test)


def soak_only(*values):
    """One case of a parametrized test that runs in `make soak` only: `make test` keeps the
    others, which cover the same code (`make test` stays within 12 minutes from a fresh
    clone on two cores)."""
    import pytest
    return pytest.param(*values, marks=pytest.mark.skipif(
        not DEEP, reason="a deep run: make soak plays it"))


def quick_skip(test):
    """An engine test of bot strength or statistics, skipped in the quick Pyodide run of
    `make test` (it runs under CPython there, and at full size in `make soak`)."""
    import pytest
    return pytest.mark.skipif(QUICK, reason="statistics: CPython and make soak run it")(test)
