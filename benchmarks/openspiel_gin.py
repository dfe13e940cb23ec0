"""rami's Gin players on a rules engine that is not rami's: OpenSpiel's ``gin_rummy``, against
OpenSpiel's own SimpleGinRummyBot (its port of Neller's SimpleGinRummyPlayer; neither the
engine nor the opponent is ours).

    pip install open_spiel==2.0.2        # (make arena-openspiel does it)
    python benchmarks/openspiel_gin.py expert --matches 200

OpenSpiel deals and judges every hand; rami's bot sees a mirror of it. The deck is shuffled
by a seeded generator here and fed to OpenSpiel's chance nodes in that order, so the mirror,
a rami position made from the same hands, upcard and stock (``rami.scenario.from_deal``),
draws the same cards; every move of either player is applied to both. rami's bot chooses
from the mirror's ``PlayerView`` and its move is said to OpenSpiel in OpenSpiel's actions
(a knock is the knock, the discard, the melds of rami's best arrangement one by one, and a
pass). Where the two engines' rules part, OpenSpiel's stand: with two cards left in the
stock OpenSpiel lets the player to move pick up the upcard and knock (the *wall*), where
rami's hand is drawn; a bot whose mirror has ended passes there, and lays off whatever
OpenSpiel allows if the other knocks. Big gin (rami's eleven cards melded) is not in
OpenSpiel: it is played as a knock with the discard that keeps no deadwood.

A match goes to 100 points (OpenSpiel's returns a hand: the knock's difference, gin and
undercut bonuses 25), the first to reach it wins; the seats alternate hand by hand (OpenSpiel's
player 0 decides first on the upcard), and each match is played twice, the bots swapping
seats, with the same shuffles. Prints matches won, hands won and points a hand with 95%
confidence intervals, and how many hands the mirror lost track of (asserts nothing).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rami.actions import BIG_GIN, DONE, DRAW, PASS, TAKE, Discard, Knock, LayOff  # noqa: E402
from rami.cards import Card                                                      # noqa: E402
from rami.scenario import from_deal                                              # noqa: E402
from rami.state import Phase                                                     # noqa: E402
from rami.view import PlayerView                                                 # noqa: E402

SUITS = "scdh"                       # OpenSpiel's card i: suit i // 13, rank i % 13 + 1
RANKS = "A23456789TJQK"
TARGET = 100


def card_of(i: int) -> Card:
    return Card(i % 13 + 1, SUITS[i // 13])


def index_of(c: Card) -> int:
    return SUITS.index(c.suit) * 13 + c.rank - 1


def meld_cards(text: str) -> frozenset:
    """The cards of an OpenSpiel meld action's text ("... Action: As2s3s")."""
    body = text.rsplit(":", 1)[-1].strip()
    return frozenset(SUITS.index(body[i + 1]) * 13 + RANKS.index(body[i])
                     for i in range(0, len(body), 2))


class Mirror:
    """rami's position beside OpenSpiel's, kept in step."""

    def __init__(self, hands, upcard, stock):
        deal = (f"gin | 0: {' '.join(str(card_of(i)) for i in hands[0])} | 1: "
                f"{' '.join(str(card_of(i)) for i in hands[1])} | discard: {card_of(upcard)} | "
                f"stock: {' '.join(str(card_of(i)) for i in stock)} | dealer: 1 | turn: 0 | "
                f"phase: upcard")
        self.g = from_deal(deal)
        self.alive = True
        self.parted = False                # the engines disagreed (not just the wall)
        self.knocking = [False, False]

    def apply(self, pyspiel, state, player: int, action: int) -> None:
        """Apply OpenSpiel's ``action`` by ``player`` (before it is applied there)."""
        if not self.alive:
            return
        g = self.g
        gr = pyspiel.gin_rummy
        phase = state.current_phase()
        try:
            if g.phase in (Phase.HAND_OVER,) or g.is_over:
                self.alive = False
                return
            if action == gr.DRAW_UPCARD_ACTION:
                g.apply(TAKE)
            elif action == gr.DRAW_STOCK_ACTION:
                g.apply(DRAW)
            elif action == gr.KNOCK_ACTION:
                self.knocking[player] = True
            elif action == gr.PASS_ACTION:
                if phase == gr.Phase.FIRST_UPCARD:
                    g.apply(PASS)
                elif g.phase == Phase.LAYOFF and g.turn == player:
                    g.apply(DONE)
            elif action < 52:
                card = card_of(action)
                if phase == gr.Phase.DISCARD:
                    g.apply(Knock.of(card) if self.knocking[player] else Discard.of(card))
                    self.knocking[player] = False
                elif phase == gr.Phase.KNOCK and self.knocking[player]:
                    g.apply(Knock.of(card))
                    self.knocking[player] = False
                elif phase == gr.Phase.LAYOFF and g.phase == Phase.LAYOFF:
                    lay = next((a for a in g.legal_actions()
                                if isinstance(a, LayOff) and a.card is card), None)
                    if lay is None:
                        self.alive = False
                        self.parted = True
                    else:
                        g.apply(lay)
            # meld declarations: rami lays out the best arrangement itself
        except Exception:                  # the engines parted: OpenSpiel goes on alone
            self.alive = False
            self.parted = True


def best_melds(hand_ints) -> list[frozenset]:
    from rami.variants import find_variant
    solver = find_variant("gin").solver_for({})
    arr = solver.arrange([card_of(i) for i in hand_ints])
    return [frozenset(index_of(c) for c in m.cards) for m in arr.melds]


def our_moves(pyspiel, state, mirror: Mirror, bot, player: int) -> list[int]:
    """OpenSpiel actions for rami's bot's next move (several for a knock)."""
    gr = pyspiel.gin_rummy
    legal = state.legal_actions()
    phase = state.current_phase()
    g = mirror.g
    if phase in (gr.Phase.KNOCK, gr.Phase.LAYOFF) and any(a >= gr.MELD_ACTION_BASE
                                                          for a in legal):
        # lay out melds (the knocker's, or the defender's own after lay-offs)
        want = best_melds(state.hands()[player])
        for a in legal:
            if a >= gr.MELD_ACTION_BASE and meld_cards(state.action_to_string(player, a)) \
                    in want:
                return [a]
        return [gr.PASS_ACTION] if gr.PASS_ACTION in legal else [legal[0]]
    if mirror.alive and g.turn == player and not g.is_over and g.phase in (
            Phase.UPCARD, Phase.DRAW, Phase.PLAY, Phase.LAYOFF):
        move = bot.choose(PlayerView.of(g, player))
        if move == TAKE:
            return [gr.DRAW_UPCARD_ACTION]
        if move == DRAW:
            return [gr.DRAW_STOCK_ACTION]
        if move == PASS or move == DONE:
            return [gr.PASS_ACTION]
        if isinstance(move, Knock):
            return [gr.KNOCK_ACTION, index_of(move.card)]
        if move == BIG_GIN:
            hand = state.hands()[player]
            for i in hand:            # a discard that keeps no deadwood
                rest = [x for x in hand if x != i]
                if sum(len(m) for m in best_melds(rest)) == len(rest):
                    return [gr.KNOCK_ACTION, i]
        if isinstance(move, Discard):
            return [index_of(move.card)]
        if isinstance(move, LayOff) and index_of(move.card) in legal:
            return [index_of(move.card)]
    # the mirror has ended or parted: the plainest legal move
    if phase == gr.Phase.LAYOFF:
        lay = [a for a in legal if a < 52]
        return [lay[0]] if lay else [gr.PASS_ACTION]
    if gr.PASS_ACTION in legal:
        return [gr.PASS_ACTION]
    if gr.DRAW_STOCK_ACTION in legal:
        return [gr.DRAW_STOCK_ACTION]
    return [legal[0]]


def play_hand(ours_kind: str, ours_at: int, seed: str) -> tuple[float, bool]:
    """One hand on OpenSpiel: (rami's bot's return, whether the mirror kept up)."""
    import pyspiel
    from arena import bot as make
    game = pyspiel.load_game("gin_rummy")
    other = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - ours_at)
    ours = make(ours_kind if ours_kind != "openspiel" else "simple", "gin", seed)
    mine = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), ours_at)
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    state = game.new_initial_state()
    k = 0
    while state.is_chance_node():
        state.apply_action(deck[k])
        k += 1
    hands = state.hands()
    upcard = state.upcard()
    used = set(hands[0]) | set(hands[1]) | {upcard}
    stock = [c for c in deck if c not in used]
    mirror = Mirror(hands, upcard, stock)
    queue: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            nxt = stock.pop(0)
            state.apply_action(nxt)
            continue
        p = state.current_player()
        if p == ours_at and ours_kind == "openspiel":
            action = mine.step(state)             # (the harness's check: both OpenSpiel's)
        elif p == ours_at:
            if not queue:
                queue = our_moves(pyspiel, state, mirror, ours, p)
            action = queue.pop(0)
            if action not in state.legal_actions():      # (never seen: counted if it is)
                mirror.alive, mirror.parted, queue = False, True, []
                action = our_moves(pyspiel, state, mirror, ours, p)[0]
        else:
            action = other.step(state)
        mirror.apply(pyspiel, state, p, action)
        state.apply_action(action)
    return state.returns()[ours_at], not mirror.parted


def play_match(job) -> tuple[int, list[float], int]:
    """(1 if rami's bot won the match, its return each hand, hands the mirror lost)."""
    kind, match, first = job
    totals = [0.0, 0.0]              # rami's bot, the other
    returns, lost = [], 0
    h = 0
    while max(totals) < TARGET and h < 200:
        at = (first + h) % 2
        r, kept = play_hand(kind, at, f"osgin:{match}:{h}")
        returns.append(r)
        lost += not kept
        if r > 0:
            totals[0] += r
        elif r < 0:
            totals[1] -= r
        h += 1
    return (1 if totals[0] > totals[1] else 0), returns, lost


def interval(xs, z=1.96):
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(1, n - 1)
    return mean, z * math.sqrt(var / n)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bot", help="rami's level (beginner, good, expert), simple (rami's "
                    "own SimpleGin) or openspiel (OpenSpiel's bot in both seats: the harness's "
                    "check)")
    ap.add_argument("--matches", type=int, default=100, help="seeds, each played both ways")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit("needs OpenSpiel: pip install open_spiel==2.0.2") from None
    jobs = [(args.bot, m, first) for m in range(args.start, args.start + args.matches)
            for first in (0, 1)]
    t = time.perf_counter()
    with Pool(args.jobs) as pool:
        out = pool.map(play_match, jobs, chunksize=2)
    secs = time.perf_counter() - t
    pairs = [(out[i], out[i + 1]) for i in range(0, len(out), 2)]
    won = [(a[0] + b[0]) / 2 for a, b in pairs]
    hands = [r for o in out for r in o[1]]
    per_seed_pts = [(sum(a[1]) / len(a[1]) + sum(b[1]) / len(b[1])) / 2 for a, b in pairs]
    per_seed_won = [(sum(r > 0 for r in a[1]) / len(a[1]) + sum(r > 0 for r in b[1]) /
                     len(b[1])) / 2 for a, b in pairs]
    lost = sum(o[2] for o in out)
    w, wh = interval(won)
    hw, hwh = interval(per_seed_won)
    p, ph = interval(per_seed_pts)
    print(f"OpenSpiel gin_rummy: rami's {args.bot} against OpenSpiel's SimpleGinRummyBot, "
          f"{args.matches} seeds played both ways = {len(out)} matches to {TARGET}, "
          f"{len(hands)} hands")
    print(f"  matches won: {100 * w:.1f}% ± {100 * wh:.1f}   hands won: {100 * hw:.1f}% ± "
          f"{100 * hwh:.1f}   points a hand: {p:+.2f} ± {ph:.2f}   (95% confidence)")
    print(f"  {secs:.0f} s; hands where the mirror lost track: {lost}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
