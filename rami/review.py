"""The review of a hand: each of a seat's decisions graded by the points it is expected to
cost against the best move, judged only from what the seat knew at that moment.

How a decision is judged (:func:`review_steps`):

* The position is the one the seat faced; its :class:`~rami.view.PlayerView` is all that is
  read. A move with no choice (one legal move) is not graded.
* The best move is the Expert's (:mod:`rami.bots.expert`), chosen from that view. A move
  the same as the Expert's is *best*.
* Otherwise both moves are played out in ``worlds`` possible deals (:func:`sample_world`):
  the cards the seat could not see (the other hands but the cards every seat knows to be
  in them, the stock) dealt anew at random from exactly those cards, so a world depends on
  the view alone, never on where the hidden cards really were. In each world the Good
  player plays every seat to the hand's end, the same players with the same seeds after
  either move (the two plays share their luck), and the hand is worth its points to the
  seat: its side's score less the other sides' average (penalty points count the other
  way). The expected cost is the average of (the best move's worth less the played one's)
  over the worlds; a played move that did as well or better is *best*.
* The cost is classed by the game's typical hand (:attr:`Variant.review_points`): up to
  ``STEPS[0]`` of it *good*, then *inaccuracy*, *mistake*, and past ``STEPS[2]``
  *blunder*.

Hindsight (:class:`Decision.hindsight`) is told apart: what the hidden cards show once the
hand is over (an opponent who could use the card thrown, the card the stock held). It is
never part of the grade.

The work is counted, never timed: the same match gives the same review in every process.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .actions import Action
from .bots import make_bot
from .bots.base import drain, label
from .bots.expert import Memory
from .bots.hint import Words
from .errors import RamiError
from .i18n import _, p_
from .known import KnownGame
from .registry import find_variant
from .state import GameState, Phase
from .view import PlayerView

__all__ = ["Decision", "HandReview", "GRADES", "review", "review_steps", "sample_world",
           "hands_of", "grade_word"]

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
STEPS = (0.05, 0.15, 0.35)       # of a typical hand's points: good, inaccuracy, mistake
WORLDS = 12                      # possible deals a move is played out in
MAX_MOVES = 3000                 # a played-out hand longer than this is cut (never seen)


def grade_word(grade: str) -> str:
    """A grade in words (chess's names for them, in the language of the moment)."""
    return {"best": p_("grade", "best"), "good": p_("grade", "good"),
            "inaccuracy": p_("grade", "inaccuracy"), "mistake": p_("grade", "mistake"),
            "blunder": p_("grade", "blunder")}[grade]


@dataclass(frozen=True)
class Decision:
    """One graded decision of the seat."""
    move: int                 # its place in the match's moves (0: the first)
    played: Action
    best: Action              # the Expert's move, or the played one when it did as well
    loss: float               # points expected to be lost against ``best`` (0 or more)
    grade: str                # one of GRADES
    said: str                 # what was played, in words (as the seat's log said it)
    line: str                 # the better move and why (empty for a best move)
    hindsight: str            # what the hidden cards show (never in the grade); or empty


@dataclass(frozen=True)
class HandReview:
    """A seat's decisions in one hand, graded."""
    variant: str
    seat: int
    hand: int                 # 1, 2, ...
    decisions: tuple

    @property
    def points_lost(self) -> float:
        return round(sum(d.loss for d in self.decisions), 1)

    @property
    def share_good(self) -> float:
        """The share of decisions graded best or good (1.0 with none to grade)."""
        if not self.decisions:
            return 1.0
        return sum(1 for d in self.decisions if d.grade in ("best", "good")) / len(
            self.decisions)

    def counts(self) -> dict:
        c = Counter(d.grade for d in self.decisions)
        return {g: c[g] for g in GRADES}


# -- the match's hands -------------------------------------------------------------------------
def beginning(g: GameState) -> GameState:
    """A new game at the start of ``g``'s match (from its seed, or the deal it began from)."""
    if g.start is not None:
        from .scenario import from_deal
        b = from_deal(g.start, g.seed)
        b.names = tuple(g.names)
        return b
    return GameState(g.variant.name, list(g.names), dict(g.options), g.seed)


def hands_of(g: GameState) -> list[tuple[int, int]]:
    """Each hand of the match as (its first move, the move after its last) in
    ``g.history``; a "deal" move starts the next hand."""
    out, start = [], 0
    for i, a in enumerate(g.history):
        if a.kind == "deal":
            out.append((start, i))
            start = i + 1
    out.append((start, len(g.history)))
    return out


# -- possible worlds ---------------------------------------------------------------------------
def sample_world(g: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``g`` in which the cards ``seat`` cannot see are dealt anew at random
    among their places: the stock and the other hands, less the cards every seat knows a
    hand holds (taken from the discard pile and not let go, or known by the rules). The
    cards dealt are put in a fixed order before the shuffle, so the world depends on what
    the seat knows, not on where the hidden cards were; the other seats' secret log lines
    (their draws) are blanked as the seat sees them."""
    c = g.copy()
    view = PlayerView.of(g, seat)
    mem = Memory(view)
    shown = g.variant.revealed(g, seat)
    known = g.variant.known_holdings(dict(view.public.get("extra", {})), g.turn)
    seats = [s for s in range(g.n) if s != seat and s not in shown]
    pool = list(c.stock)
    kept: dict[int, list] = {}
    for s in seats:
        sure = Counter(mem.held[s]) + Counter(known.get(s, ()))
        kept[s] = []
        for card in c.hands[s]:
            if sure[card] > 0:
                sure[card] -= 1
                kept[s].append(card)
            else:
                pool.append(card)
    pool.sort(key=lambda x: (x.is_tile, x.code))
    rng.shuffle(pool)
    c.stock, pool = pool[:len(c.stock)], pool[len(c.stock):]
    for s in seats:
        need = len(c.hands[s]) - len(kept[s])
        c.hands[s], pool = kept[s] + pool[:need], pool[need:]
    c.events = [e.for_seat(seat) for e in c.events]
    c.reset_logs()
    c._legal_cache = None
    return c


def worth(g: GameState, before: list, seat: int) -> float:
    """The points the hand moved for ``seat``'s side since ``before`` (the scores then): its
    side's gain less the other sides' average gain; penalty points count the other way."""
    mine = g.side(seat)
    gains = [a - b for a, b in zip(g.scores, before)]
    others = [x for s, x in enumerate(gains) if s != mine]
    rest = sum(others) / len(others) if others else 0.0
    return (-1 if g.variant.lower_wins else 1) * (gains[mine] - rest)


def play_out(g: GameState, seat: int, seed: str) -> float:
    """The hand of ``g`` played to its end by the Good player in every seat; what it was
    worth to ``seat`` (:func:`worth`, from the scores at the start of the play)."""
    before = list(g.scores)
    results = len(g.results)
    bots = [make_bot("good", g.variant.name, seed=f"{seed}:{s}") for s in range(g.n)]
    for _move in range(MAX_MOVES):
        if len(g.results) > results or g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return worth(g, before, seat)


def expected_cost(g: GameState, seat: int, best: Action, played: Action, worlds: int,
                  key: str):
    """The average, over ``worlds`` possible deals, of ``best``'s worth less ``played``'s
    (a generator: yields after each world; returns the average, or None if no world
    could play both)."""
    diffs = []
    for w in range(worlds):
        world = sample_world(g, seat, random.Random(f"review:{key}:{w}"))
        values = []
        for move in (best, played):
            c = world.copy()
            try:
                c.apply(move)
                values.append(play_out(c, seat, f"review:{key}:{w}"))
            except RamiError:
                break
        if len(values) == 2:
            diffs.append(values[0] - values[1])
        yield
    return sum(diffs) / len(diffs) if diffs else None


def classify(loss: float, points: float) -> str:
    if loss <= 1e-9:
        return "best"
    for grade, step in zip(GRADES[1:], STEPS):
        if loss <= step * points:
            return grade
    return "blunder"


# -- words ------------------------------------------------------------------------------------
def said_of(g: GameState, seat: int, action: Action) -> str:
    """What ``action`` did, as the seat's own log told it of the seat (applied to a
    copy)."""
    c = g.copy()
    before = len(c.events_for(seat))
    c.apply(action)
    lines = [e.describe(c.names, seat) for e in c.events_for(seat)[before:]
             if e.seat == seat and e.kind not in ("hand_over", "match_over")]
    return " ".join(x if x.endswith(".") else x + "." for x in lines if x) or str(action)


def why_costly(view: PlayerView, played: Action) -> str:
    """Why the played move may cost, from what the seat could see: a discard an opponent
    may use (he took a card of its rank or next to it in its suit, or it fits a meld on the
    table), or one that broke a meld of the hand."""
    card = getattr(played, "card", None)
    if played.kind not in ("discard", "knock") or card is None:
        return ""
    bot = make_bot("good", view.variant)
    words = Words(bot, view)
    took = words.collector(card)
    if took is not None:
        return _("The {card} may help {who}: they took the {taken}.", card=label(card),
                 who=view.names[took[0]], taken=label(took[1]))
    fits = view.table and find_variant(view.variant).layoff_actions(
        KnownGame.of(view), view.seat, cards=[card])
    if fits:
        return _("The {card} fits meld {meld} on the table: the next player may take it and "
                 "lay it off.", card=label(card), meld=fits[0].meld + 1)
    if card.suit and words.in_meld(card, view.hand):
        return _("The {card} was part of a meld in your hand.", card=label(card))
    return ""


def hindsight(g: GameState, seat: int, played: Action) -> str:
    """What the hidden cards showed about this move (read from the whole game: hindsight,
    never graded): an opponent whose hand the thrown card fitted, or the card the stock
    held instead of the one taken."""
    card = getattr(played, "card", None)
    if played.kind in ("discard", "knock") and card is not None and card.suit:
        for s in range(g.n):
            if s == seat or g.teams[s] == g.teams[seat]:
                continue
            view = PlayerView.of(g, s)
            solver = make_bot("good", g.variant.name).solver(view)
            hand = list(g.hands[s])
            arr = solver.arrange(hand + [card])
            for m in arr.melds:
                if any(x is card for x in m.cards) and len(m.cards) >= 3:
                    return _("Hindsight: {who} could have used the {card} you let go: "
                             "{cards}.", who=g.names[s], card=label(card),
                             cards=" ".join(label(x) for x in m.cards))
    if played.kind == "take" and g.stock:
        return _("Hindsight: the stock's top card was the {card}.", card=label(g.stock[-1]))
    return ""


# -- the review --------------------------------------------------------------------------------
def review_steps(g: GameState, seat: int, hand: int, worlds: int = WORLDS):
    """The review of ``seat``'s decisions in hand number ``hand`` (1, 2, ...) of ``g``'s
    match, in steps: yields the share done (0 to 1) as it goes; returns a
    :class:`HandReview`. ``g`` is the match as far as it has been played."""
    spans = hands_of(g)
    if not 1 <= hand <= len(spans):
        raise RamiError(_("This match has no hand {n}.", n=hand))
    if not 0 <= seat < g.n:
        raise RamiError(_("This match has no seat {n}.", n=seat + 1))
    first, end = spans[hand - 1]
    moves = list(g.history)
    b = beginning(g)
    for a in moves[:first]:
        b.apply(a)
    # hindsight only for a hand that is over (a hand under way keeps its hidden cards)
    over = end < len(moves) or g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    decisions = []
    for i in range(first, end):
        move = moves[i]
        if b.turn != seat or move.kind == "deal" or len(b.legal_actions()) < 2:
            b.apply(move)
            continue
        better, loss, grade, line = yield from _scaled(
            judge_steps(b, seat, move, worlds, str(i)), (i - first) / (end - first),
            worlds * (end - first))
        decisions.append(Decision(i, move, better, loss, grade, said_of(b, seat, move), line,
                                  hindsight(b, seat, move) if over else ""))
        b.apply(move)
        yield (i + 1 - first) / (end - first)
    return HandReview(g.variant.name, seat, hand, tuple(decisions))


def _expert(view: PlayerView):
    """The Expert that judges a decision, seeded by the position (as a hint's)."""
    expert = make_bot("expert", view.variant, seed=f"review:{len(view.events)}")
    expert.rng = random.Random(f"review:{len(view.events)}:{view.hand_no}")
    return expert


def expert_move(g: GameState, seat: int) -> Action:
    """The move the review holds best for ``seat`` at ``g`` (the Expert's, from the view)."""
    view = PlayerView.of(g, seat)
    return drain(_expert(view).think(view))


def judge_steps(g: GameState, seat: int, move: Action, worlds: int = WORLDS, key: str = ""):
    """``seat``'s ``move`` at ``g`` judged from the seat's view (a generator: yields after
    each world played out): (the better move, the points expected lost, the grade, the
    line saying the better move and why)."""
    view = PlayerView.of(g, seat)
    expert = _expert(view)
    best = drain(expert.think(view))
    loss, better = 0.0, best
    if best != move:
        cost = yield from expected_cost(g, seat, best, move, worlds, key)
        if cost is not None and cost > 0:
            loss = round(cost, 2)
        else:
            better = move
    grade = classify(loss, float(g.variant.review_points))
    line = ""
    if grade != "best":
        reason = why_costly(view, move)
        line = (reason + " " if reason else "") + _("Better: {move}",
                                                    move=Words(expert, view).say(best))
    return better, loss, grade, line


def _scaled(steps, start: float, parts: int):
    """``steps``'s yields as the share of the hand done: from ``start`` on, each a
    ``parts``-th of the whole."""
    k = 0
    try:
        while True:
            next(steps)
            k += 1
            yield min(0.999, start + k / parts)
    except StopIteration as stop:
        return stop.value


def review(g: GameState, seat: int, hand: int, worlds: int = WORLDS) -> HandReview:
    """:func:`review_steps`, run to its end."""
    steps = review_steps(g, seat, hand, worlds)
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value
