"""What a Python user installs: the sdist and the wheel built from a clean checkout (no
compiled catalogue in it) carry every language's compiled catalogue, and the game installed
from the wheel in a fresh virtual environment speaks Romanian and Hindi."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from rami.i18n import LANGUAGES
from tests.conftest import QUICK

ROOT = Path(__file__).resolve().parent.parent


def run(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, timeout=300, **kw)


@pytest.mark.skipif(QUICK or sys.platform == "emscripten", reason="builds with pip")
def test_the_wheel_and_sdist_speak_every_language(tmp_path):
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a checkout")
    tracked = run("git", "ls-files", "-z", cwd=ROOT).stdout.split("\0")
    src = tmp_path / "src"
    for name in filter(None, tracked):
        path = ROOT / name
        if path.is_file() and not name.startswith(("tests/", "docs/", "static/", "learn/")):
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, src / name)
    assert not list(src.glob("rami/locale/*/LC_MESSAGES/*.mo"))       # (a clean checkout)
    out = tmp_path / "out"
    run(sys.executable, "-c", "import sys; from setuptools import build_meta as b; "
        "print(b.build_sdist(sys.argv[1]))", str(out), cwd=src)
    sdist = next(out.glob("rami-*.tar.gz"))
    with tarfile.open(sdist) as t:
        in_sdist = {Path(n).name + ":" + Path(n).parent.parent.name for n in t.getnames()
                    if n.endswith(".mo")}
    codes = [c for c in LANGUAGES if (src / "rami/locale" / c / "LC_MESSAGES/rami.po").exists()]
    assert in_sdist == {f"rami.mo:{c}" for c in codes}
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
        "-w", str(out), str(sdist))
    wheel = next(out.glob("rami-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        mos = {n for n in z.namelist() if n.endswith(".mo")}
    assert mos == {f"rami/locale/{c}/LC_MESSAGES/rami.mo" for c in codes}
    env = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", str(env))
    python = env / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
        "--no-index", str(wheel))
    for lang, words in (("ro", "Trageți o carte"), ("hi", "पत्ता")):
        said = subprocess.run([str(python), "-m", "rami", "play", "gin", "--seed", "3"],
                              input="pass\nquit\n", capture_output=True, text=True,
                              timeout=60, cwd=tmp_path,
                              env={**os.environ, "LANGUAGE": lang, "PYTHONPATH": ""})
        assert words in said.stdout, said.stdout[-800:] + said.stderr[-800:]
