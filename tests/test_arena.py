"""The reference opponent (SimpleGinRummyPlayer) plays as published, and the duplicate
arena's figures are sound: a bot against itself breaks exactly even."""

from __future__ import annotations

import os
import sys

import pytest

from rami.actions import DRAW, PASS, TAKE, Discard, Knock
from rami.scenario import from_deal
from rami.view import PlayerView
from tests.conftest import deep

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="benchmarks/ is not "
                                "shipped to Pyodide")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "benchmarks"))


def simple(seed=0):
    from simple_gin import SimpleGinBot
    return SimpleGinBot("gin", seed)


def test_simple_takes_the_face_up_card_only_when_it_makes_a_meld():
    # 9♥ goes with 9♠ 9♦ (a set), though it is not in the hand's best arrangement
    g = from_deal("gin | 0: 9s 9d 2c 3c 4c 5c Kd Qh 7s Jc | 1: As 2s 3s 4h 5h 6h 8d 8c 10d "
                  "Ks | discard: 9h | turn: 0 | phase: draw | dealer: 1")
    assert simple().choose(PlayerView.of(g, 0)) == TAKE
    g = from_deal("gin | 0: 9s 8d 2c 3c 4c 5c Kd Qh 7s Jc | 1: As 2s 3s 4h 5h 6h 9d 8c 10d "
                  "Ks | discard: 9h | turn: 0 | phase: draw | dealer: 1")
    assert simple().choose(PlayerView.of(g, 0)) == DRAW      # 9♥ lowers deadwood, melds nothing
    g = from_deal("gin | 0: 9s 8d 2c 3c 4c 5c Kd Qh 7s Jc | 1: As 2s 3s 4h 5h 6h 9d 8c 10d "
                  "Ks | discard: 10h | turn: 0 | phase: upcard | dealer: 1")
    assert simple().choose(PlayerView.of(g, 0)) == PASS


def test_simple_discards_at_random_among_the_least_deadwood_and_knocks_at_once():
    g = from_deal("gin | 0: As 2s 3s 7h 7d 7c Kd Qc Jh 9s 4d | 1: 5h 6h 8c 9c 10d Jd Qd "
                  "2h 3h 4h | discard: 5c | turn: 0 | phase: play | dealer: 1")
    seen = {simple(seed).choose(PlayerView.of(g, 0)) for seed in range(30)}
    assert seen == {Discard.of(c) for c in g.hands[0] if str(c) in ("Kd", "Qc", "Jh")}
    g = from_deal("gin | 0: As 2s 3s 7h 7d 7c 4d 5d 6d 2c Kc | 1: 5h 6h 8c 9c 10d Jd Qd "
                  "2h 3h 4h | discard: 5c | turn: 0 | phase: play | dealer: 1")
    move = simple().choose(PlayerView.of(g, 0))
    assert isinstance(move, Knock) and str(move.card) == "Kc"   # 2 left: knock, not wait


def test_the_arena_plays_each_deal_both_ways(capsys):
    import arena
    assert arena.main(["gin", "simple", "simple", "--deals", "6", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "6 deals played both ways = 12 hands" in out
    assert "won by simple:  50.0% ± 0.0" in out and "+0.00 ± 0.00" in out
    assert arena.main(["basic", "good", "beginner", "--deals", "3", "--jobs", "1",
                       "--unit", "match", "-o", "hands=1"]) == 0
    assert "= 6 matches" in capsys.readouterr().out
    a, b = arena.play(("push", ("good", "beginner"), 4, 1, 0, "hand", {}, {})), \
        arena.play(("push", ("good", "beginner"), 4, 1, 1, "hand", {}, {}))
    assert {a[0], b[0]} <= {0.0, 1.0} and a[1] == a[1]


def test_more_than_two_single_players_count_every_seat(capsys):
    """Four single players, two seats each: a bot against itself wins exactly half the hands
    however the wins fall among the seats, and its average points break even."""
    import arena
    assert arena.main(["basic", "good", "good", "--players", "4", "--deals", "3",
                       "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "basic" in out.lower() and "4 seats" in out
    assert "won by good:  50.0% ± 0.0" in out and "+0.00 ± 0.00" in out
    share, points, _, _ = arena.play(("basic", ("good", "beginner"), 4, 2, 0, "hand", {}, {}))
    assert share in (0.0, 1.0) and points == points


def test_a_tried_setting_is_compared_deal_by_deal(capsys):
    """``--try`` plays the same deals again with the first bot tuned and prints the paired
    difference: a setting equal to the bot's own changes nothing, exactly; a name the bot
    does not have is refused."""
    import arena
    assert arena.main(["indian", "good", "beginner", "--deals", "2", "--jobs", "1",
                       "--try", "DROP_FIRST=75", "--try", "DROP_FIRST=75,NO_PURE=30"]) == 0
    out = capsys.readouterr().out
    assert "with good tuned DROP_FIRST=75:" in out
    assert "with good tuned DROP_FIRST=75,NO_PURE=30:" in out
    assert out.count("against the untuned good, deal by deal: +0.0% ± 0.0 of hands, "
                     "+0.00 ± 0.00 points per hand") == 2
    with pytest.raises(SystemExit, match="expected NAME=NUMBER"):
        arena.main(["basic", "good", "beginner", "--deals", "1", "--try", "DRAWS"])
    with pytest.raises(SystemExit, match="has no parameter DRAWZ"):
        arena.main(["basic", "expert", "beginner", "--deals", "1", "--try", "DRAWZ=3"])


def test_a_policy_file_plays_in_the_arena(capsys, tmp_path):
    """``FILE.py:NAME`` makes a bot: here the Good bot's policy through rami.rl's PolicyBot,
    which breaks exactly even against the Good bot."""
    pytest.importorskip("pettingzoo")
    import arena
    f = tmp_path / "mine.py"
    f.write_text("from rami.rl.policies import BotPolicy, PolicyBot\n"
                 "def make(variant, players, seed):\n"
                 "    return PolicyBot(BotPolicy('good', variant, seed), variant, players)\n")
    assert arena.main(["gin", f"{f}:make", "good", "--deals", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 deals played both ways" in out and "points per hand" in out


@deep            # (Ray starts a cluster: 14 s of make test; the process pool is tested above)
def test_ray_gives_the_process_pools_figures(tmp_path):
    """The same deals through a Ray started here: the same figures, deal by deal (only the
    line of times and workers differs)."""
    pytest.importorskip("ray")
    import subprocess
    arena = os.path.join(os.path.dirname(os.path.dirname(__file__)), "benchmarks", "arena.py")
    args = [sys.executable, arena, "basic", "good", "beginner", "--deals", "4",
            "--players", "3"]
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0")
    pool = subprocess.run(args + ["--jobs", "2"], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=300)
    ray = subprocess.run(args + ["--ray", "--batch", "3"], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=300)
    assert pool.returncode == 0 and ray.returncode == 0, ray.stderr[-2000:]
    assert "on Ray (1 node(s)" in ray.stdout and "3 task(s)" in ray.stdout
    assert pool.stdout.splitlines()[:-1] == ray.stdout.splitlines()[:-1]
    assert "4 deals played both ways" in ray.stdout
