"""The research environments (rami.rl): PettingZoo's own API and seed tests for every game,
moves spelt as tokens and back, observations that see only the view, rewards, and rami's
bots as policies. (Skipped where the extra is not installed: inside Pyodide.)"""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from rami.bots import make_bot  # noqa: E402
from rami.rl import VOCABULARY, Decision, env, raw_env, token_text, tokens  # noqa: E402
from rami.rl.codec import KINDS, CodecError, END, KIND  # noqa: E402
from rami.rl.policies import BotPolicy, PolicyBot  # noqa: E402
from rami.state import GameState, replay  # noqa: E402
from rami.variants import find_variant  # noqa: E402
from rami.view import PlayerView  # noqa: E402

GAMES = ["basic", "gin", "indian", "rum500", "push", "tiles"]
SEATS = [(g, n) for g in GAMES for n in sorted({max(2, find_variant(g).min_players),
                                                 find_variant(g).max_players})]


@pytest.mark.parametrize("variant,players", SEATS)
def test_pettingzoos_api_test_passes(variant, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")         # (its advice on Dict observations)
        api_test(env(variant, players=players), num_cycles=300)


@pytest.mark.parametrize("variant", GAMES)
def test_pettingzoos_seed_test_passes(variant):
    seed_test(lambda: env(variant), num_cycles=300)


def test_a_whole_match_passes_the_api_test_with_its_reward():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("gin", reward="match"), num_cycles=3000)


def play_out(e, level: str = "good", seed=0) -> dict:
    """Play the environment's episode with a rami bot's policy at every seat (seeded by
    seat); each agent's total reward."""
    variant = e.unwrapped.variant
    pol = {a: BotPolicy(level, variant, f"{seed}:{i}")
           for i, a in enumerate(e.unwrapped.possible_agents)}
    total = {a: 0.0 for a in e.unwrapped.possible_agents}
    for agent in e.agent_iter():
        obs, r, term, trunc, info = e.last()
        total[agent] += r
        e.step(None if term or trunc else pol[agent](obs, info))
    return total


def random_legal(g: GameState, rng) -> object:
    return rng.choice(g.legal_actions())


@pytest.mark.parametrize("variant", GAMES)
def test_every_legal_move_is_spelt_once_and_read_back(variant):
    var = find_variant(variant)
    n = var.max_players
    g = GameState(variant, n, var.fit_options(n, {}), 5)
    rng = random.Random(5)
    spelt = 0
    for _ in range(150):
        if g.is_over:
            break
        legal = g.legal_actions()
        seqs = [tokens(a) for a in legal]
        assert len(set(seqs)) == len(seqs)
        for a, seq in zip(legal, seqs):
            assert seq[0] == KIND + KINDS.index(a.kind)
            assert seq[-1] == END and END not in seq[:-1]
            d = Decision(legal)
            while d.done is None:
                assert tuple(d.prefix) == seq[:len(d.prefix)]
                d.choose(seq[len(d.prefix)])
            assert d.done is a, (str(a), [token_text(t, var.uses_tiles) for t in seq])
            spelt += 1
        g.apply(random_legal(g, rng))
    assert spelt > 50


def test_a_token_that_continues_no_legal_move_is_refused_and_changes_nothing():
    g = GameState("gin", 2, {}, 1)
    d = Decision(g.legal_actions())
    before = list(d.prefix)
    with pytest.raises(CodecError, match="continues no legal move"):
        d.choose(KIND + 6 if KIND + 6 not in d.next_tokens() else 0)
    assert d.prefix == before and d.done is None
    e = env("gin")
    e.reset(seed=1)
    mask = e.last()[0]["action_mask"]
    with pytest.raises(Exception):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    raw = raw_env("gin")
    raw.reset(seed=1)
    before = raw.state.to_dict()
    for bad in (None, "draw", 0 if not raw.observe(raw.agent_selection)["action_mask"][0] else 212):
        with pytest.raises(CodecError, match="token"):
            raw.step(bad)
    assert raw.state.to_dict() == before


def test_tokens_read_as_words():
    from rami.actions import parse_action
    a = parse_action("meld 7h Jk=8h 9h")
    assert [token_text(t) for t in tokens(a)] == ["meld", "7h", "Jk", "as 8h", "9h",
                                                  "group end", "end"]
    assert [token_text(t) for t in tokens(parse_action("layoff 5c on 2"))] == [
        "layoff", "5c", "meld 2", "end"]
    assert VOCABULARY == 213


def test_the_same_seed_gives_the_same_game_and_rami_replays_it():
    def run(seed):
        e = env("basic", players=3)
        e.reset(seed=seed)
        play_out(e)
        return e.unwrapped.state
    a, b = run(11), run(11)
    assert [str(x) for x in a.history] == [str(x) for x in b.history]
    assert a.results and a.to_dict() == b.to_dict()
    again = replay("basic", 3, a.options, 11, [str(x) for x in a.history])
    assert again.to_dict() == a.to_dict()
    assert [str(x) for x in run(12).history] != [str(x) for x in a.history]


def test_bot_policies_play_the_bots_own_moves():
    """Through the environment, a bot plays exactly as it does in rami itself (asked only
    when there is a choice)."""
    e = raw_env("gin")
    e.reset(seed=4)
    play_out(e, "expert", "s")
    played = e.unwrapped.state
    g = GameState("gin", 2, {}, 4)
    bots = [make_bot("expert", "gin", f"s:{i}") for i in range(2)]
    while not g.results:                # (a lone legal move is played without asking)
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else bots[g.turn].choose(PlayerView.of(g, g.turn)))
    assert [str(x) for x in g.history] == [str(x) for x in played.history]


def test_the_observation_sees_only_the_view():
    """Two games that differ only in what seat 0 cannot see (the other hand and the stock,
    shuffled together) look the same to seat 0, and differ to seat 1."""
    e = raw_env("gin")
    e.reset(seed=9)
    g, encode = e.unwrapped.state, e.unwrapped.encoder.encode
    mine = encode(PlayerView.of(g, 0))
    theirs = encode(PlayerView.of(g, 1))
    assert np.array_equal(e.observe("player_0")["observation"], mine)
    hidden = g.hands[1] + g.stock
    random.Random(1).shuffle(hidden)
    g.hands[1], g.stock = hidden[:len(g.hands[1])], hidden[len(g.hands[1]):]
    g._legal_cache = None
    assert np.array_equal(encode(PlayerView.of(g, 0)), mine)
    assert not np.array_equal(encode(PlayerView.of(g, 1)), theirs)


def test_hand_rewards_sum_to_zero_and_match_rewards_name_the_winner():
    e = raw_env("rum500", players=3)
    e.reset(seed=2)
    total = play_out(e)
    assert abs(sum(total.values())) < 1e-9 and any(total.values())
    e = raw_env("gin", reward="match")
    e.reset(seed=2)
    total = play_out(e)
    g = e.unwrapped.state
    assert g.is_over and len(g.results) > 1
    winner = f"player_{g.final['winners'][0]}"
    assert total[winner] == 1.0 and sum(total.values()) == 0.0


def test_a_policy_plays_as_a_bot():
    """Any policy of the environment becomes a rami bot (the arena's), meeting the
    environment's positions: the Good bot's policy, so played, plays the Good bot's game."""
    g = GameState("push", 4, {}, 8)
    h = GameState("push", 4, {}, 8)
    bots = [PolicyBot(BotPolicy("good", "push", s), "push", 4) for s in range(4)]
    good = [make_bot("good", "push", s) for s in range(4)]
    for _ in range(60):
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        h.apply(good[h.turn].choose(PlayerView.of(h, h.turn)))
    assert [str(x) for x in g.history] == [str(x) for x in h.history]


def test_bad_arguments_are_refused_in_words():
    with pytest.raises(Exception, match="Gin"):
        env("gin", players=5)
    with pytest.raises(ValueError, match="reward"):
        env("gin", reward="points")
    with pytest.raises(Exception, match="partnerships"):
        env("push", players=6, partnerships=True)


def test_the_table_renders_as_the_terminal_draws_it():
    e = env("tiles", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    g = e.unwrapped.state
    assert isinstance(text, str) and str(g.hands[g.turn][0]) in text
