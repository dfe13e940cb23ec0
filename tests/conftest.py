import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The Pyodide run of `make test` is there to catch CPython-vs-3.14 differences, and shares two
# cores with the browser tests: its deepest tests run smaller there (RAMI_QUICK=1, set by
# scripts/pyodide_tests.mjs). `make soak` runs them at full size inside Pyodide too.
QUICK = os.environ.get("RAMI_QUICK") == "1"
