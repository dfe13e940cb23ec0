"""A variant is written in one place and registered from outside rami (#47): Short Rummy
(tests/shortrummy.py), a game that exists only in these tests, plays in the engine, the
terminal, the table (drawn under CPython), the bots at every level, the hints and the
PettingZoo environment, and no file of rami/ names it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rami.bots import BOT_LEVELS, make_bot
from rami.registry import lookup, register, unregister
from rami.state import GameState, Phase, replay
from rami.view import PlayerView
from rami.web import howto, render
from rami.web.session import Session

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True, scope="module")
def short_rummy():
    """The game registered for these tests only (the other tests see rami's six)."""
    from tests.shortrummy import SHORT
    register(SHORT)
    yield SHORT
    unregister(SHORT)
    assert lookup("shortrummy") is None


def test_no_file_of_rami_names_the_game():
    named = [str(p.relative_to(ROOT)) for p in (ROOT / "rami").rglob("*")
             if p.is_file() and p.suffix in (".py", ".po", ".pot", ".toml", ".json")
             and "shortrummy" in p.read_text(errors="replace").lower()]
    assert named == []


@pytest.mark.parametrize("level", ("random",) + BOT_LEVELS)
def test_a_match_of_it_plays_to_its_end_and_replays(level):
    g = GameState("short rummy", 3, seed=4)
    bots = [make_bot(level, "shortrummy", seed=s) for s in range(3)]
    for _ in range(3000):
        if g.phase == Phase.MATCH_OVER:
            break
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    assert g.phase == Phase.MATCH_OVER and max(g.scores) >= 50
    assert "wins the match" in g.final["headline"]
    again = replay("shortrummy", list(g.names), {}, g.seed, [str(a) for a in g.history])
    assert again.to_dict() == g.to_dict()
    back = GameState.from_json(g.to_json())               # (its save, read at the door)
    assert back.to_dict() == g.to_dict()


def test_its_table_is_drawn_and_played_with_hints_and_how_to_play():
    s = Session.new("shortrummy", ["Ada", "Bo"], levels={1: "good"}, seed=2)
    for _ in range(400):
        if s.game.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if s.bot_to_move():
            s.bot_step()
            continue
        html = render.table_html(s)
        assert 'class="card hand-card' in html and "Traceback" not in html
        hint = s.hint()
        assert hint.text and hint.action in s.game.legal_actions()
        s.play(hint.action)
    assert s.game.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert "goes out" in render.table_html(s) or "stock ran out" in render.table_html(s)
    page = howto.howto_html("shortrummy")
    assert "How to play Short Rummy" in page and "The first to 50 wins" in page
    assert 'aria-label="8 of hearts, 8 of clubs, 8 of spades"' in page


def test_the_research_environment_plays_it():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from rami.rl import env
    from rami.rl.policies import BotPolicy
    api_test(env("shortrummy", players=2), num_cycles=200)
    e = env("shortrummy", players=3)
    e.reset(seed=3)
    policies = {a: BotPolicy("good", "shortrummy", seed=i)
                for i, a in enumerate(e.possible_agents)}
    for agent in e.agent_iter():
        obs, reward, done, cut, info = e.last()
        e.step(None if done or cut else policies[agent](obs, info))
    assert e.unwrapped.state.results[-1]["how"] in ("out", "block")


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a subprocess")
def test_the_terminal_plays_it_from_a_plugin_s_entry_point(tmp_path):
    """Installed as a plug-in is (an entry point of the group rami.variants), the game is
    played with ``python -m rami play``, as rami's own are."""
    info = tmp_path / "shortrummy_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: shortrummy-plugin\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text("[rami.variants]\nshortrummy = tests.shortrummy\n")
    p = subprocess.run([sys.executable, "-m", "rami", "play", "shortrummy", "--seed", "3"],
                       input="1\n\n" * 3000, text=True, capture_output=True, cwd=ROOT,
                       timeout=300, env=dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}"
                                                                     f"{tmp_path}"))
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr
    assert "wins the match" in p.stdout
    # a plug-in that fails to load is said, and rami plays its own games
    (info / "entry_points.txt").write_text("[rami.variants]\nbroken = tests.no_such_game\n")
    p = subprocess.run([sys.executable, "-m", "rami", "play", "gin", "--seed", "3"],
                       input="quit\n", text=True, capture_output=True, cwd=ROOT, timeout=60,
                       env=dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{tmp_path}"))
    assert p.returncode == 0 and "plug-in 'broken' could not be loaded" in p.stderr
    assert json.dumps("Traceback") not in p.stdout
