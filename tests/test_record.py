"""A match as a text file (rami/record.py): it replays the very game in every variant, and
every file from outside is taken whole or refused in words; `python -m rami replay FILE`."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from rami.bots import make_bot
from rami.record import HEADER, RecordError, match_text, read_match
from rami.state import GameState
from rami.view import PlayerView
from tests.conftest import QUICK

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = [("gin", 2), ("basic", 3), ("indian", 3), ("rum500", 3), ("push", 4), ("tiles", 3)]


def played(variant: str, n: int, seed, moves: int | None = None) -> GameState:
    g = GameState(variant, [f"P{i} #{i}" for i in range(n)], seed=seed)   # (a # in a name)
    bots = [make_bot("good", variant, seed=i) for i in range(n)]
    while not g.is_over and (moves is None or len(g.history) < moves):
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return g


@pytest.mark.parametrize("variant, n", GAMES)
def test_a_match_file_replays_the_very_match(variant, n):
    # (whole matches; inside Pyodide, beside the browser tests, their first 150 moves)
    most = 150 if QUICK else None if variant != "basic" else 400
    whole = played(variant, n, f"rec-{variant}", moves=most)
    text = match_text(whole)
    assert text.startswith(HEADER + "\n") and "# hand 1\n" in text
    assert read_match(text) == whole
    assert read_match(text, most_moves=7) == played(variant, n, f"rec-{variant}", moves=7)


def test_a_file_that_is_not_sound_is_refused_with_the_line_and_the_reason():
    g = played("gin", 2, "door", moves=30)
    text = match_text(g)
    lines = text.splitlines()
    moves_at = lines.index("moves:")

    def refused(t) -> str:
        with pytest.raises(RecordError) as e:
            read_match(t)
        return str(e.value)
    assert "first line" in refused("hello\n" + text)
    assert "first line" in refused("")
    assert "does not say its seed" in refused("\n".join(l for l in lines
                                                        if not l.startswith("seed:")))
    assert "not readable" in refused(text.replace('variant: "gin"', "variant: gin"))
    assert "not readable" in refused(text.replace("options: {", "options: " + "[" * 5000 + "{"))
    assert "not understood" in refused(text.replace("moves:", "color: 3\nmoves:"))
    assert "heading is not sound" in refused(text.replace('names: ["', 'names: [1, "'))
    assert "cannot be set up" in refused(text.replace('"gin"', '"chess"'))
    assert "cannot be set up" in refused(text.replace('"target": 100', '"target": "lots"'))
    bad = lines[:moves_at + 3] + ["discard Zz"] + lines[moves_at + 3:]
    words = refused("\n".join(bad))
    assert f"Line {moves_at + 4}" in words and "discard Zz" in words
    assert "too long for a move" in refused(text + "draw " * 100 + "\n")
    assert "too long" in refused(text + "#" * 2_000_001)
    assert "is text" in refused(None)


def test_random_damage_is_refused_in_words_never_a_crash():
    rng = random.Random(5)
    text = match_text(played("push", 4, "fuzz", moves=40))
    for _ in range(60 if QUICK else 300):
        chars = list(text)
        for _k in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice('#:{}[]",\n 0123456789abcdrsjQK')
        try:
            read_match("".join(chars))
        except RecordError as e:
            assert str(e) and "Traceback" not in str(e)


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a subprocess")
def test_python_m_rami_replay_tells_the_match_hand_by_hand(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "rami", *args], text=True,
                              capture_output=True, cwd=ROOT, timeout=300,
                              env=dict(os.environ, PYTHONPATH=ROOT))
    g = played("tiles", 2, "cli")
    path = tmp_path / "match.rami.txt"
    path.write_text(match_text(g), encoding="utf-8")
    p = run("replay", str(path))
    assert p.returncode == 0, p.stderr
    assert "Game 1" in p.stdout and f"Game {g.hand_no + 1}" in p.stdout
    assert g.final["headline"] in p.stdout and "discarded" in p.stdout
    one = run("replay", str(path), "--hand", "2", "--lang", "ro")
    assert one.returncode == 0 and "Jocul 2" in one.stdout and "Jocul 1\n" not in one.stdout
    assert "Game" not in one.stdout
    assert run("--lang", "fr", "replay", str(path)).stdout.startswith("Partie 1")
    beyond = run("replay", str(path), "--hand", "99")
    assert beyond.returncode == 2 and "has" in beyond.stderr and "Traceback" not in beyond.stderr
    path.write_text(json.dumps({"not": "a match"}))
    p = run("replay", str(path))
    assert p.returncode == 2 and "not a rami match file" in p.stderr
    p = run("replay", str(tmp_path / "missing.txt"))
    assert p.returncode == 2 and "cannot be read" in p.stderr and "Traceback" not in p.stderr
