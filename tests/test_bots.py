"""Bots see only their PlayerView, are seeded, and the heuristic ones play sensibly."""

import pytest

from tests.conftest import DEEP, quick_skip
from tests.rules import sound

from rami.actions import DRAW, TAKE
from rami.bots import make_bot
from rami.state import GameState
from rami.view import PlayerView


class Spy:
    """Wraps a bot and records what it was given."""

    def __init__(self, bot):
        self.bot, self.seen = bot, set()

    def choose(self, view):
        self.seen.add(type(view))
        return self.bot.choose(view)


def play_match(variant, kinds, seed, options=None):
    g = GameState(variant, len(kinds), options, seed)
    bots = [Spy(make_bot(k, variant, seed=f"{seed}:{i}")) for i, k in enumerate(kinds)]
    while not g.is_over:
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return g, bots


@pytest.mark.parametrize("variant,kinds", [("gin", ["heuristic", "random"]),
                                           ("basic", ["heuristic", "random", "random"])])
@quick_skip
def test_heuristic_beats_random(variant, kinds):
    wins = 0
    for seed in range(12):
        g, bots = play_match(variant, kinds, seed)
        wins += 0 in g.final["winners"]
        assert all(b.seen == {PlayerView} for b in bots)
    assert wins >= 10


def test_bots_are_seeded():
    a, _ = play_match("gin", ["heuristic", "heuristic"], 7)
    b, _ = play_match("gin", ["heuristic", "heuristic"], 7)
    assert [str(x) for x in a.history] == [str(x) for x in b.history]


def test_heuristic_players_finish_multi_player_matches():
    for n in (4, 6):
        g, _ = play_match("basic", ["heuristic"] * n, 3)
        assert g.final["winners"]


@pytest.mark.parametrize("n,fmt", [(2, "points"), (3, "pool101"), (4, "deals"), (5, "pool61"),
                                   pytest.param(6, "pool201", marks=pytest.mark.skipif(
                                       not DEEP, reason="8 s, 16 in Pyodide: make soak"))])
def test_indian_bots_finish_every_format_and_declare_only_valid_hands(n, fmt):
    declared = 0
    for seed in range(3):
        g, bots = play_match("indian", ["heuristic"] * n, seed, {"format": fmt})
        assert g.final["winners"] and all(b.seen <= {PlayerView} for b in bots)
        declared += sum(r["how"] == "declare" for r in g.results)
        for r in g.results:
            for seat in r["seats"]:
                if seat["status"] in ("declared", "invalid"):
                    assert seat["status"] == "declared" and seat["grouping"]["valid"]
    assert declared, "the bots never declared"


@quick_skip
def test_indian_bots_drop_hopeless_hands_and_beat_random_players():
    wins = drops = 0
    for seed in range(12):
        g, _ = play_match("indian", ["heuristic", "random", "random"], seed,
                          {"format": "pool101"})
        wins += 0 in g.final["winners"]
    for seed in range(8):
        g, _ = play_match("indian", ["heuristic"] * 4, seed, {"format": "pool101"})
        drops += sum(s["status"].endswith("drop") for r in g.results for s in r["seats"])
    assert wins >= 10 and drops > 0


@pytest.mark.parametrize("n,options", [(2, {}), (3, {"jokers": 1}), (4, {"rum_call": True}),
                                       (5, {"jokers": 2}), (8, {}), (4, {"partnership": True}),
                                       (4, {"persian": True})])
def test_500_rum_bots_finish_matches_for_2_to_8_players(n, options):
    g, bots = play_match("rum500", ["heuristic"] * n, 1, options)
    assert g.final["winners"] and all(b.seen == {PlayerView} for b in bots)
    takes = [a for a in g.history if str(a).startswith("take ")]
    assert takes, "the bots never took from the pile"


@quick_skip
def test_500_rum_bots_beat_random_players():
    """A random 500 Rum player is not hopeless (every take it makes must be melded, so it
    scores), and three-handed matches swing: the bot wins 8 of these 12 matches, twice its
    share, and scores about a third more per hand than either random player."""
    wins = 0
    per_hand = [0, 0, 0]
    hands = 0
    for seed in range(12):
        g, _ = play_match("rum500", ["heuristic", "random", "random"], seed)
        wins += 0 in g.final["winners"]
        for r in g.results:
            hands += 1
            per_hand = [a + b for a, b in zip(per_hand, r["points"])]
    assert wins >= 7
    assert per_hand[0] > 1.25 * max(per_hand[1:])


def test_500_rum_bots_feed_their_partner_and_starve_the_opponents():
    from rami.games.rum500.bots import Rum500Bot
    from rami.scenario import from_deal
    g = from_deal("rum500 partnership=on | 0: 7h 8h 9h Kc Kd 2s 5d | 1: 2c 3d 5h "
                  "| 2: 9c Jd 4s | 3: 2d 3c 5s | discard: 4d 6s | stock: 6c")
    g.apply("draw")
    bot = Rum500Bot("rum500")
    events = list(PlayerView.of(g, 0).events)
    from rami.events import Event
    from rami.cards import Card
    # the partner (seat 2) took a 5 of clubs; an opponent (seat 1) took a queen of spades
    view = PlayerView.of(g, 0)
    object.__setattr__(view, "events", tuple(events) + (
        Event("take", 2, Card.parse("5c"), (Card.parse("5c"),)),
        Event("take", 1, Card.parse("Qs"), (Card.parse("Qs"),))))
    assert bot.danger(view, Card.parse("5d")) < 0 < bot.danger(view, Card.parse("Ks"))


@pytest.mark.parametrize("n,options", [(4, {}), (4, {"ten_every_round": True}),
                                       (5, {"partnerships": False}),
                                       (6, {"partnerships": False,
                                            "round5_three_and_seven": True})])
def test_push_bots_finish_every_configuration(n, options):
    g, bots = play_match("push", ["heuristic"] * n, 2, options)
    assert g.final["winners"] and len(g.results) == 5
    assert all(b.seen == {PlayerView} for b in bots)
    kinds = {str(a).split()[0] for a in g.history}
    assert {"push", "take", "contract"} <= kinds      # both draws are used, contracts laid


@quick_skip
def test_push_bots_beat_random_players():
    """A side of two heuristic players against two random ones, seats swapped every match:
    the bots win every one of these matches by hundreds of points (random players seldom
    lay a contract and never go out)."""
    margins = []
    for seed in range(6):
        kinds = ["heuristic", "random"] * 2 if seed % 2 == 0 else ["random", "heuristic"] * 2
        g, _ = play_match("push", kinds, seed)
        bot_side = 0 if seed % 2 == 0 else 1
        margins.append(g.scores[1 - bot_side] - g.scores[bot_side])
    assert min(margins) > 200


def test_push_bot_keeps_wilds_and_does_not_feed_the_next_player():
    from rami.games.push.bots import PushBot
    from rami.scenario import from_deal
    bot = PushBot("push")
    # before the contract: the joker is kept, the lone king goes
    g = from_deal("push | 0: 7h 7d Jk 9c 9d Kc 4s | 1: 3c 4c 6c 8c 10h Qd | 2: 3h 4h 6h 8h "
                  "10s Qs | 3: 3d 5d 6d 8d Kh Qc | discard: 10d | turn: 0 | phase: play "
                  "| dealer: 3")
    choice = bot.choose(PlayerView.of(g, 0))
    assert str(choice) in ("discard Kc", "discard 4s")
    # a wild on the pile would go to the opponent on the left: taken, not pushed
    g = from_deal("push | 0: 7h 7d 9c 9d Kc 4s | 1: 3c 4c 6c 8c 10h Qd | 2: 3h 4h 6h 8h "
                  "10s Qs | 3: 3d 5d 6d 8d Kh Qc | discard: 10d 2s | turn: 0 | phase: draw "
                  "| dealer: 3")
    assert str(bot.choose(PlayerView.of(g, 0))) == "take"
    # a card the left-hand opponent could lay off is not pushed to him
    g = from_deal("push | 0: 7h 7d 9c 9d Kc 4s | 1: 3c 4c 6c 8c 10h Qd | 2: 3h 4h 6h 8h "
                  "10s Qs | 3: 3d 5d 6d 8d Kh Qc | table: 1=Jh Jd Js; 1=4d 5d 6d "
                  "| discard: 10d Jc | turn: 0 | phase: draw | dealer: 3")
    assert str(bot.choose(PlayerView.of(g, 0))) == "take"
    g = from_deal("push | 0: 7h 7d 9c 9d Kc 4s | 1: 3c 4c 6c 8c 10h Qd | 2: 3h 4h 6h 8h "
                  "10s Qs | 3: 3d 5d 6d 8d Kh Qc | discard: 10d 5h | turn: 0 | phase: draw "
                  "| dealer: 3")
    assert str(bot.choose(PlayerView.of(g, 0))) == "push"


@pytest.mark.parametrize("top,good,expert", [
    ("7s", "take", "push"),      # it builds a set of 7s: the Good player takes it; the
    ("2s", "take", "take"),      # Expert pushes it, with a stock card, to the left; a wild
    ("5h", "push", "push")])     # both take, a loose card both push
def test_the_push_expert_pushes_all_but_wilds_contracts_and_lay_offs(top, good, expert):
    from rami.scenario import from_deal
    g = from_deal("push | 0: 7h 7d 9c 9d Kc 4s | 1: 3c 4c 6c 8c 10h Qd | 2: 3h 4h 6h 8h "
                  f"10s Qs | 3: 3d 5d 6d 8d Kh Qc | discard: 10d {top} | turn: 0 "
                  "| phase: draw | dealer: 3")
    view = PlayerView.of(g, 0)
    assert str(make_bot("good", "push", 1).choose(view)) == good
    assert str(make_bot("expert", "push", 1).choose(view)) == expert


@pytest.mark.parametrize("n,options", [(2, {"games": 2}), (3, {"games": 1, "doubla": True}),
                                       (4, {"games": 1, "min_first_meld": 45,
                                            "initial_meld_may_use_last_discard": True})])
def test_tile_bots_finish_every_configuration(n, options):
    g, bots = play_match("tiles", ["heuristic"] * n, 3, options)
    assert g.final["winners"] and len(g.results) == options["games"]
    assert all(b.seen == {PlayerView} for b in bots)
    assert {"open", "discard"} <= {str(a).split()[0] for a in g.history}


@quick_skip
def test_tile_bots_beat_random_players():
    """One heuristic player against two random ones, its seat moving: random players
    seldom make an initial meld of 50, so the bot wins nearly every match."""
    wins = 0
    for seed in range(9):
        kinds = ["random", "random"]
        kinds.insert(seed % 3, "heuristic")
        g, _ = play_match("tiles", kinds, seed, {"games": 2})
        wins += (seed % 3) in g.final["winners"]
    assert wins >= 8


def test_tile_bot_swaps_a_joly_and_takes_the_exposed_tile_to_go_out():
    from rami.games.tiles.bots import TilesBot
    from rami.scenario import from_deal
    bot = TilesBot("tiles")
    g = from_deal(sound("tiles | 0: r7 b5 k5 y1 | 1: b1 y4 y9 k12 r3 | 2: k3 k4 y13 b6 "
                  "| table: 2=r5 r6 joly=r7 r8 | melded: 0 | crosswise: k13 | exposed: y12 "
                  "| dealer: 1 | phase: play"))
    assert str(bot.choose(PlayerView.of(g, 0))).startswith("swap r7 on 1")
    g = from_deal(sound("tiles | 0: y5 y7 r9 | 1: b1 y4 y9 k12 r3 | 2: k3 k4 y13 b6 "
                        "| table: 0=k2 k3 k4 | crosswise: k13 | exposed: y6 | dealer: 1 "
                        "| phase: draw"))
    assert str(bot.choose(PlayerView.of(g, 0))) == "take exposed"


# -- the three levels --------------------------------------------------------------------------

LEVEL_SEATS = {"gin": 2, "basic": 3, "indian": 3, "rum500": 3, "push": 4, "tiles": 3}


@pytest.mark.parametrize("variant", sorted(LEVEL_SEATS))
def test_every_level_plays_only_from_its_view_and_finishes_a_hand(variant):
    from rami.bots import BOT_LEVELS
    n = LEVEL_SEATS[variant]
    for k, level in enumerate(BOT_LEVELS):
        kinds = [level] + [BOT_LEVELS[(k + i) % 3] for i in range(1, n)]
        g = GameState(variant, n, None, f"levels:{k}")
        bots = [Spy(make_bot(kd, variant, seed=f"{k}:{i}")) for i, kd in enumerate(kinds)]
        while not g.results:
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        assert all(b.seen == {PlayerView} for b in bots)
        assert [b.bot.name for b in bots][0] == level


@pytest.mark.parametrize("variant", sorted(LEVEL_SEATS))
def test_the_expert_thinks_in_steps_and_decides_as_choose_does(variant):
    """think() yields (so a page can draw) and returns what choose() returns, every time."""
    n = LEVEL_SEATS[variant]
    g = GameState(variant, n, None, "steps")
    others = [make_bot("good", variant, seed=i) for i in range(n)]
    yielded = 0
    for _ in range(60):
        if g.results:
            break
        view = PlayerView.of(g, g.turn)
        a = make_bot("expert", variant, seed="same")
        b = make_bot("expert", variant, seed="same")
        steps = a.think(view)
        while True:
            try:
                next(steps)
                yielded += 1
            except StopIteration as done:
                thought = done.value
                break
        assert thought == b.choose(view)
        g.apply(thought if g.turn % 2 == 0 else others[g.turn].choose(view))
    assert yielded > 0


def test_a_bot_level_that_does_not_exist_is_refused_in_plain_words():
    from rami.errors import OptionError
    with pytest.raises(OptionError, match="no bot level 'wizard': choose beginner, good, expert"):
        make_bot("wizard", "gin")


def test_the_beginner_keeps_its_melds_and_knocks_at_the_first_chance():
    from rami.actions import Knock
    from rami.scenario import from_deal
    far = from_deal("gin | 0: As 2s 3s 7h 7d 7c Kd Qc Jh 9s 4d | 1: 5h 6h 8c 9c 10d Jd Qd "
                    "2h 3h 4h | discard: 5c | turn: 0 | phase: play | dealer: 1")
    for seed in range(8):
        move = make_bot("beginner", "gin", seed).choose(PlayerView.of(far, 0))
        assert not isinstance(move, Knock)
        assert move.card.rank in (13, 12, 11)          # one of its high loose cards
    near = from_deal("gin | 0: As 2s 3s 7h 7d 7c 4d 5d 6d 2c Kc | 1: 5h 6h 8c 9c 10d Jd Qd "
                     "2h 3h 4h | discard: 5c | turn: 0 | phase: play | dealer: 1")
    move = make_bot("beginner", "gin", 0).choose(PlayerView.of(near, 0))
    assert isinstance(move, Knock) and str(move.card) == "Kc"


def test_the_expert_remembers_what_the_opponent_took_and_does_not_feed_it():
    """Bob took the K♥: the Expert keeps that card out of the unseen ones, knows Bob holds
    it, and does not throw him the K♦."""
    from rami.bots.expert import Memory
    from rami.cards import Card
    from rami.scenario import from_deal
    g = from_deal("gin | 0: As 2s 3s 7h 7d 7c 9c 8d Kd Qc | 1: Ks Kc 2h 3h 5c 6c 8s 10d "
                  "10s 4s | discard: Kh | stock: 2d | turn: 1 | phase: draw | dealer: 0")
    g.apply("take")
    g.apply("discard 4s")
    g.apply("draw")
    view = PlayerView.of(g, 0)
    mem = Memory(view)
    assert [str(c) for c in mem.held[1]] == ["Kh"] and "4s" in map(str, mem.pile)
    expert = make_bot("expert", "gin", 3)
    unseen = {str(c) for c in mem.unseen(expert.solver(view)._cards)}
    assert "Kh" not in unseen and "4s" not in unseen and "Ks" in unseen
    # in its sampled worlds Bob holds the K♥: the K♦ would help him, the Q♣ hardly
    expert.setup(view)
    for _ in expert.sample():
        pass
    kd, qc = (Card.parse(x).code for x in ("Kd", "Qc"))
    assert all(m >> kd_h & 1 for m in expert.samples for kd_h in [Card.parse("Kh").code])
    assert expert.feed(kd) > 2 * expert.feed(qc)
    for seed in range(4):
        assert str(make_bot("expert", "gin", seed).choose(view)) != "discard Kd"


@pytest.mark.parametrize("top,good,expert", [
    ("9h", "take", "take"),      # it makes the run 7-8-9: better than any stock card
    ("5c", "take", "draw"),      # the Good player takes it to throw the K; any low card
    ("6s", "take", "draw"),      # from the stock does that as well, on average
    ("Kh", "draw", "draw")])
def test_the_basic_expert_takes_the_discard_only_when_it_beats_a_stock_card(top, good, expert):
    from rami.scenario import from_deal
    g = from_deal(f"basic | 0: 7h 8h Kc Qd 4s Jc 9d Js 3c 10d | 1: 2c 3d 5h 6d 7c 8c 9c "
                  f"10c Jd Qs | discard: {top} | stock: 2d 2s | turn: 0 | phase: draw | dealer: 1")
    view = PlayerView.of(g, 0)
    assert str(make_bot("good", "basic", 1).choose(view)) == good
    assert str(make_bot("expert", "basic", 1).choose(view)) == expert


def test_hints_name_a_legal_move_and_say_why_in_one_line_in_every_variant():
    from rami.bots.hint import hint
    for variant, n in LEVEL_SEATS.items():
        g = GameState(variant, n, None, "hint")
        bots = [make_bot("good", variant, seed=i) for i in range(n)]
        kinds = set()
        for _ in range(40):
            if g.results:
                break
            view = PlayerView.of(g, g.turn)
            h = hint(view, "x")
            assert h.action in view.legal or g.variant.allows(g, h.action), (variant, h)
            assert h.text and "\n" not in h.text and len(h.text) < 160 and h.text[-1] == "."
            assert h == hint(view, "x")                     # the same position, the same hint
            kinds.add(h.action.kind)
            g.apply(bots[g.turn].choose(view))
        assert kinds & {"discard", "draw", "take", "push"}, variant


def test_a_discard_hint_names_the_card_and_the_reason():
    from rami.bots.hint import Words, hint, label
    from rami.cards import Card
    from rami.scenario import from_deal
    g = from_deal("gin | 0: As 2s 3s 7h 7d 7c 9c 8d Kd Qc | 1: Ks Kc 2h 3h 5c 6c 8s 10d "
                  "10s 4s | discard: Kh | stock: 2d | turn: 1 | phase: draw | dealer: 0 | "
                  "names: Ann,Bob")
    for move in ("take", "discard 4s", "draw"):
        g.apply(move)
    view = PlayerView.of(g, 0)
    h = hint(view)
    assert h.action.kind == "discard" and h.cards == (h.action.card,)
    assert h.text.startswith(f"Discard the {label(h.action.card)}: "), h.text
    words = Words(make_bot("expert", "gin"), view)
    assert words.discard_reason(Card.parse("Qc")).startswith("it fits nothing in your hand")
    assert words.discard_reason(Card.parse("Kd")).endswith("though Bob took the K♥")
    assert words.discard_reason(Card.parse("8d")).startswith("it is the loose card")


@pytest.mark.parametrize("opened", [False, True])
def test_the_tile_expert_keeps_high_tiles_until_its_initial_meld(opened):
    """Before its initial meld a rack costs nothing (never opening costs a fixed penalty), so
    the Expert throws a low loose tile and keeps the pair of 12s and the 13 that an opening of
    50 needs; the Good player, and the Expert once it has opened, throw a high one."""
    from rami.scenario import from_deal
    table = "| table: 2=b2 b3 b4 | melded: 0 " if opened else ""
    # (a rack that has not opened holds 15 tiles on its turn: pairs of low tiles fill it out,
    # identical tiles that make nothing together)
    fill = "" if opened else " r2 r2 k8 k8 b4 b4 r5 r5 k6 k6"
    g = from_deal(sound(f"tiles | 0: k12 y12 b13 y6 b9{fill} | 1: b1 y4 y9 k12 r3 "
                        f"| 2: k3 k4 y13 b6 | crosswise: k13 | exposed: y12 | dealer: 1 "
                        f"{table}| phase: play"))
    view = PlayerView.of(g, 0)
    good = str(make_bot("good", "tiles", 1).choose(view))
    expert = str(make_bot("expert", "tiles", 1).choose(view))
    assert good in ("discard k12", "discard y12", "discard b13")
    if opened:
        assert expert in ("discard k12", "discard y12", "discard b13")
    else:       # a low loose tile (5 points), never the 12s or the 13
        from rami.cards import Card
        assert expert.startswith("discard ") and Card.parse(expert.split()[1]).rank < 10
        from rami.bots.hint import hint
        assert "initial meld of 50 points" in hint(view).text


def test_the_500_rum_expert_values_what_a_pickup_may_meld_later():
    """A loose pair counts for part of its points in a pickup's worth (it melds with one more
    card); a card with no partner counts nothing, as it does for the Good player."""
    from rami.scenario import from_deal
    g = from_deal("rum500 | 0: 2c 3c 4c 9s | 1: 2d 5d 8s | discard: Kh Kd 7h "
                  "| phase: draw | turn: 0")
    view = PlayerView.of(g, 0)
    good, expert = make_bot("good", "rum500", 1), make_bot("expert", "rum500", 1)
    hand = list(view.hand)
    pair = hand + list(view.discard[:2])                     # + K♥ K♦: a loose pair
    assert good.worth(view, pair) == (15, 25)           # 9♠ K♥ K♦ left: 5 + 10 + 10
    assert expert.worth(view, pair) == (15 + 0.6 * 20, 25)
    lone = hand + [view.discard[2]]                          # + 7♥: nothing to meld with
    assert expert.worth(view, lone) == good.worth(view, lone)


def test_the_500_rum_expert_keeps_a_pair_the_least_deadwood_would_break():
    """Every card laid scores, so a pair of kings (a meld with one more king) is worth more
    kept than the 5 points of deadwood saved by throwing a king rather than the 9♠."""
    from rami.scenario import from_deal
    g = from_deal("rum500 | 0: Kh Kd 9s 6d 2c | 1: 2d 5d 8s | discard: 7h "
                  "| phase: play | turn: 0")
    view = PlayerView.of(g, 0)
    assert str(make_bot("good", "rum500", 1).choose(view)) in ("discard Kh", "discard Kd")
    assert str(make_bot("expert", "rum500", 1).choose(view)) in (
        "discard 9s", "discard 6d", "discard 2c")


def test_the_indian_expert_races_by_the_cards_to_replace_and_the_next_cards_chance():
    """The Expert plays a race (rami.games.indian.distance): of the discards that leave the
    hand two cards from a declaration, it keeps the one whose next card most often brings it
    nearer (3♦ goes: 14 unseen cards would help, against 8 to 13 for the others), where the
    Good player, counting points, throws a king; its hint says so. It takes the open card
    only when that card brings the hand nearer, and declares as soon as it can."""
    from rami.scenario import from_deal
    deal = ("indian | 0: Ks 5s Ah 3d Js 8s 9h Kd 4s 7s As Jd 10s 9d | 1: 2c 3c 4c 5c 6c 7c "
            "8c 9c 10c Jc Qc Kc 2h | joker: Ac | turn: 0 | phase: play")
    view = PlayerView.of(from_deal(deal), 0)
    for seed in range(3):
        assert str(make_bot("expert", "indian", seed).choose(view)) == "discard 3d"
    assert str(make_bot("good", "indian", 1).choose(view)) in ("discard Ks", "discard Kd")
    from rami.bots.hint import hint
    assert hint(view).text == ("Discard the 3♦: it fits nothing in your hand, and it keeps the "
                               "most chances: 14 cards not yet seen would bring your hand a "
                               "card nearer a declaration.")
    base = ("indian | 0: 2h 3h 4h 5s 6s 7s 8s 9d 9c Jc Qc Kd 2d | 1: Ah 2c 3c 4c 5c 6c 7c 8c "
            "10s 10h Jh Qh Kh | joker: 5d | turn: 0 | phase: draw | picks: 2 2 | discard: ")
    assert make_bot("expert", "indian", 1).choose(PlayerView.of(from_deal(base + "9h"), 0)) \
        == TAKE                                      # the set of nines
    assert make_bot("expert", "indian", 1).choose(PlayerView.of(from_deal(base + "6h"), 0)) \
        == DRAW
    g = from_deal("indian | 0: 2h 3h 4h 5s 6s 7s 8s 9d 9c 9h Jc Qc Kc Kd | 1: Ah 2c 3c 4c 5c "
                  "6c 7c 8c 10s 10h Jh Qh Kh | joker: 5d | turn: 0 | phase: play | discard: 2d")
    move = make_bot("expert", "indian", 1).choose(PlayerView.of(g, 0))
    assert move.kind == "declare" and str(move.card) == "Kd"


def test_a_joly_swap_hint_selects_every_tile_the_swap_takes_from_the_rack():
    """The hint's tiles are the ones the table's meld tap needs: the tile the Joly stands
    for and the two it will join (it once lit the first alone, and tapping the meld was
    refused)."""
    from rami.bots.hint import cards_of
    from rami.scenario import from_deal
    from rami.web.session import Session
    g = from_deal(sound("tiles | 0: r7 b5 k5 y1 | 1: b1 y4 y9 k12 r3 | 2: k3 k4 y13 b6 "
                        "| table: 2=r5 r6 joly=r7 r8 | melded: 0 | crosswise: k13 | exposed: y12 "
                        "| dealer: 1 | phase: play"))
    swap = next(a for a in g.legal_actions() if a.kind == "swap")
    s = Session(g, 0)
    s.selected = s.positions_of(cards_of(swap))
    assert len(s.selected) == 3
    assert s.table.meld_tap(s, swap.meld) == swap
