"""Prepare the test tools for running rami's engine tests inside Pyodide.

Downloads the pure-Python wheels pinned in requirements-dev.txt (all but the ones that only
run the tests on several cores, drive a browser, build the site or check benchmarks/ against
an outside solver) for Python 3.14, and unpacks them into
build/pyodide-site, which scripts/pyodide_tests.mjs puts on Pyodide's sys.path.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "pyodide-site"
WHEELS = ROOT / "build" / "pyodide-wheels"
# several cores, a real browser, the site's build (Zopfli), or benchmarks/'s integer
# programs (SciPy; those tests skip in Pyodide): not inside one Pyodide
SKIP = {"pytest-xdist", "execnet", "playwright", "greenlet", "pytest-rerunfailures", "zopfli",
        "scipy"}


def main() -> int:
    pins = [line.strip() for line in (ROOT / "requirements-dev.txt").read_text().splitlines()
            if line.strip() and line.split("==")[0] not in SKIP]
    stamp = SITE / ".pins"
    if stamp.exists() and stamp.read_text() == "\n".join(pins):
        return 0
    shutil.rmtree(SITE, ignore_errors=True)
    shutil.rmtree(WHEELS, ignore_errors=True)
    WHEELS.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "--only-binary=:all:",
                    "--python-version", "3.14", "--platform", "any", "--implementation", "py",
                    "-d", str(WHEELS), *pins], check=True)
    SITE.mkdir(parents=True)
    for wheel in sorted(WHEELS.glob("*.whl")):
        with zipfile.ZipFile(wheel) as z:
            z.extractall(SITE)
    stamp.write_text("\n".join(pins))
    return 0


if __name__ == "__main__":
    sys.exit(main())
