"""The review of a hand: each of a seat's decisions graded by the points it is expected to
cost against the best move, judged only from what the seat knew at that moment.

How a decision is judged (:func:`review_steps`):

* The position is the one the seat faced; its :class:`~rami.view.PlayerView` is all that is
  read. A move with no choice (one legal move) is not graded.
* The best move is the Expert's (:mod:`rami.bots.expert`), chosen from that view. A move
  the same as the Expert's is *best*.
* Otherwise both moves are played out in ``worlds`` possible deals (:func:`sample_world`):
  the cards the seat could not see (the other hands but the cards every seat knows to be
  in them, the stock) dealt anew at random from exactly those cards, each hand as a player
  who drew would have kept it, so a world depends on the view alone, never on where the
  hidden cards really were. In each world the Good player plays every seat to the hand's
  end, the same players with the same seeds after either move (the two plays share their
  luck), and the hand is worth its points to the seat: its side's score less the other
  sides' average (penalty points count the other way). The cost is the average of (the
  best move's worth less the played one's) over the worlds, less ``CAUTION`` standard
  errors (:func:`cost_of`); a played move that costs nothing so is *best*.
* The cost is classed by the game's typical hand (:attr:`Variant.review_points`): up to
  ``STEPS[0]`` of it *good*, then *inaccuracy*, *mistake*, and past ``STEPS[2]``
  *blunder*.

Hindsight (:class:`Decision.hindsight`) is told apart: what the hidden cards show once the
hand is over (an opponent who could use the card thrown, the card the stock held). It is
never part of the grade.

The work is counted, never timed: the same match gives the same review in every process.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from .actions import Action, parse_action
from .bots import make_bot
from .bots.base import drain, label
from .bots.expert import Memory
from .bots.hint import Words
from .cards import Card
from .errors import RamiError
from .i18n import _, check_spec, p_, pieces, recording, say, spec_of
from .known import KnownGame
from .registry import find_variant
from .state import GameState, Phase
from .view import PlayerView

__all__ = ["Decision", "HandReview", "GRADES", "choices_of", "classify", "cost_of",
           "decision_steps", "expert_in_seat", "expert_in_seat_steps", "expert_move",
           "grade_word", "hand_start", "hands_of", "is_over", "judge_steps", "review",
           "review_steps", "sample_world"]

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
STEPS = (0.05, 0.15, 0.35)       # of a typical hand's points: good, inaccuracy, mistake
WORLDS = 12                      # possible deals a move is played out in
CAUTION = 1.5                    # standard errors taken off a cost (rami.review.cost_of)
MAX_MOVES = 3000                 # a played-out hand longer than this is cut (never seen)
DRAWS_KEPT = 12                  # at most so many of a hand's draws are dealt as kept-best


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
    said: tuple               # what was played, as the seat's log said it (kept words)
    line: tuple               # why it cost, and the better move (none for a best move)
    hindsight: tuple          # what the hidden cards show (never in the grade), if anything
    hand: tuple = ()          # the seat's cards then (their codes), and the discard's top
    top: str = ""
    pile: tuple = ()          # the discard pile as the seat saw it (a spread pile whole)

    def to_dict(self) -> dict:
        """The decision as JSON values, its words as messages (:func:`rami.i18n.spec_of`),
        to be said in any language."""
        def specs(items):         # (kept words, or words read back from a dict already)
            return [x if isinstance(x, dict) else spec_of(x) for x in items]
        return {"move": self.move, "played": str(self.played), "best": str(self.best),
                "loss": self.loss, "grade": self.grade, "said": specs(self.said),
                "line": specs(self.line), "hindsight": specs(self.hindsight),
                "hand": list(self.hand), "top": self.top, "pile": list(self.pile)}

    @classmethod
    def from_dict(cls, d) -> "Decision":
        """A decision from :meth:`to_dict` (from the bots' worker, a save), checked: a
        ValueError if anything in it is not what a decision holds."""
        if not isinstance(d, dict):
            raise ValueError("not a decision")
        move, loss, grade = d.get("move"), d.get("loss"), d.get("grade")
        if type(move) is not int or move < 0 or grade not in GRADES or \
                type(loss) not in (int, float) or not 0 <= loss < 1e6:
            raise ValueError("not a decision")
        words = []
        for key in ("said", "line", "hindsight"):
            items = d.get(key)
            if not isinstance(items, list) or len(items) > 8:
                raise ValueError("not a decision's words")
            for x in items:
                check_spec(x)
            words.append(tuple(items))
        hand, top, pile = d.get("hand"), d.get("top"), d.get("pile", [])
        if not isinstance(hand, list) or len(hand) > 200 or not isinstance(top, str) or \
                not isinstance(pile, list) or len(pile) > 250:
            raise ValueError("not a decision's cards")
        try:
            played, best = parse_action(d.get("played")), parse_action(d.get("best"))
            [Card.parse(c) for c in hand + pile + ([top] if top else [])]
        except (RamiError, TypeError, AttributeError):
            raise ValueError("not a decision's moves") from None
        return cls(move, played, best, float(loss), grade, *words, tuple(hand), top,
                   tuple(pile))

    def words(self, field: str) -> str:
        """One of the decision's texts (said, line, hindsight) in the language of the
        moment."""
        parts = [say(x if isinstance(x, dict) else spec_of(x)) for x in getattr(self, field)]
        if field == "said" and len(parts) > 1:
            # several log lines (a push and the draw after it): a sentence each
            # TRANSLATORS: a sentence ended: Hindi ends one with a danda (।)
            parts = [p if p.endswith((".", "!", "?", "।")) else _("{sentence}.", sentence=p)
                     for p in parts]
        return " ".join(parts)


@dataclass(frozen=True)
class HandReview:
    """A seat's decisions in one hand, graded."""
    variant: str
    seat: int
    hand: int                 # 1, 2, ...
    decisions: tuple

    @property
    def points_lost(self) -> float:
        return points_lost(self.decisions)

    @property
    def share_good(self) -> float:
        return share_good(self.decisions)

    def counts(self) -> dict:
        c = Counter(d.grade for d in self.decisions)
        return {g: c[g] for g in GRADES}


def points_lost(decisions) -> float:
    """A hand's figure: the points its decisions were held to cost."""
    return round(sum(d.loss for d in decisions), 1)


def share_good(decisions) -> float:
    """A hand's figure: the share of its decisions graded best or good (1.0 with none)."""
    if not decisions:
        return 1.0
    return sum(1 for d in decisions if d.grade in ("best", "good")) / len(decisions)


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


def hand_start(g: GameState, hand: int) -> GameState:
    """The match as it stood when hand ``hand`` (1, 2, ...) began: its cards dealt, its
    moves to come (the same seed and history, so the same seats' players move the same)."""
    first, _end = hands_of(g)[hand - 1]
    b = beginning(g)
    for a in g.history[:first]:
        b.apply(a)
    return b


def expert_in_seat_steps(g: GameState, seat: int, hand: int, move, start=None):
    """Hand ``hand`` of ``g``'s match played again from its deal, the Expert in ``seat``
    and every other seat moved by ``move(state, seat)`` (its players as at the table, with
    their seeds), a move a step (a generator): returns (what the hand was worth to
    ``seat`` so played, and as it was played). ``start``: :func:`hand_start`'s, if at hand."""
    b = start.copy() if start is not None else hand_start(g, hand)
    before = list(b.scores)
    first, end = hands_of(g)[hand - 1]
    if not is_over(g, hand):
        raise RamiError(_("This hand is not over yet."))
    played = b.copy()
    for a in g.history[first:end]:
        played.apply(a)
    results = len(b.results)
    for _move in range(MAX_MOVES):
        if len(b.results) > results or b.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        if b.turn == seat:
            view = PlayerView.of(b, seat)
            b.apply(drain(_expert(view).think(view)))
        else:
            b.apply(move(b, b.turn))
        yield
    return worth(b, before, seat), worth(played, before, seat)


def expert_in_seat(g: GameState, seat: int, hand: int, move,
                   start=None) -> tuple[float, float]:
    """:func:`expert_in_seat_steps`, run to its end."""
    return drain(expert_in_seat_steps(g, seat, hand, move, start))


# -- possible worlds ---------------------------------------------------------------------------
def sample_world(g: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of ``g`` in which the cards ``seat`` cannot see are dealt anew at random
    among their places: the stock and the other hands, less the cards every seat knows a
    hand holds (taken from the discard pile and not let go, or known by the rules). A hand
    is dealt as a player who has drawn from the stock would hold it: for each card its
    player drew this hand, one card more is dealt and the one he would least keep let go
    again (a hand played for a while is better than one dealt at random). The cards dealt
    are put in a fixed order before the shuffle, so the world depends on what the seat
    knows, not on where the hidden cards were; the other seats' secret log lines (their
    draws) are blanked as the seat sees them."""
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
    drew = Counter(e.seat for e in view.events if e.kind == "draw")
    solver = g.variant.solver_for(view.options)
    for s in seats:
        need = len(c.hands[s]) - len(kept[s])
        hand, pool = kept[s] + pool[:need], pool[need:]
        for _draw in range(min(drew[s], len(pool), DRAWS_KEPT)):
            hand.append(pool.pop(0))
            worst = _least_kept(solver, hand, kept[s])
            hand.remove(worst)
            pool.append(worst)
        c.hands[s] = hand
    rng.shuffle(pool)                 # (the cards let go are anywhere in the stock)
    c.stock = pool
    c.events = [e.for_seat(seat) for e in c.events]
    c.reset_logs()
    c._legal_cache = None
    return c


def _least_kept(solver, hand: list, sure: list):
    """The card of ``hand`` a player would let go first (not one every seat knows he holds):
    the one whose discard leaves the least deadwood."""
    fixed = Counter(sure)
    for _dw, card in solver.best_discards(hand):
        if fixed[card] < hand.count(card):
            return card
    return hand[-1]


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


def differences(g: GameState, seat: int, best: Action, played: Action, worlds: int,
                key: str):
    """``best``'s worth less ``played``'s in each of ``worlds`` possible deals (a generator:
    yields after each world; returns the list; a world where either cannot be played is
    left out)."""
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
    return diffs


def cost_of(diffs: list) -> float:
    """The points a move is held to cost from its differences to the best move over the
    worlds: their average less ``CAUTION`` times its standard error (a cost the worlds
    cannot tell from their luck is no cost), never below 0."""
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return max(0.0, round(mean - CAUTION * math.sqrt(var / n), 2))


def classify(loss: float, points: float) -> str:
    if loss <= 1e-9:
        return "best"
    for grade, step in zip(GRADES[1:], STEPS):
        if loss <= step * points:
            return grade
    return "blunder"


# -- words ------------------------------------------------------------------------------------
def said_of(g: GameState, seat: int, action: Action) -> tuple:
    """What ``action`` did, as the seat's own log told it of the seat (applied to a
    copy)."""
    c = g.copy()
    before = len(c.events_for(seat))
    c.apply(action)
    return tuple(e.describe(c.names, seat) for e in c.events_for(seat)[before:]
                 if e.seat == seat and e.kind not in ("hand_over", "match_over")) or (
        str(action),)


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
def _span(g: GameState, seat: int, hand: int) -> tuple[int, int]:
    spans = hands_of(g)
    if not 1 <= hand <= len(spans):
        raise RamiError(_("This match has no hand {n}.", n=hand))
    if not 0 <= seat < g.n:
        raise RamiError(_("This match has no seat {n}.", n=seat + 1))
    return spans[hand - 1]


def is_over(g: GameState, hand: int) -> bool:
    """Whether hand ``hand`` of ``g``'s match is over (its hidden cards may be told)."""
    end = hands_of(g)[hand - 1][1]
    return end < len(g.history) or g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)


def choices_of(g: GameState, seat: int, hand: int, start=None) -> list[int]:
    """The moves of hand ``hand`` where ``seat`` chose among several (their places in the
    match's moves): the decisions a review grades. ``start``: :func:`hand_start`'s."""
    first, end = _span(g, seat, hand)
    b = start.copy() if start is not None else hand_start(g, hand)
    out = []
    for i in range(first, end):
        move = g.history[i]
        if b.turn == seat and move.kind != "deal" and len(b.legal_actions()) > 1:
            out.append(i)
        b.apply(move)
    return out


def decision_steps(b: GameState, seat: int, index: int, move: Action, over: bool,
                   worlds: int = WORLDS):
    """The decision ``move``, the match's move number ``index``, that ``seat`` made at
    ``b``, graded (a generator: yields after each world; returns a :class:`Decision`).
    ``over``: the hand is over, and hindsight may be told."""
    better, loss, grade, line = yield from judge_steps(b, seat, move, worlds, str(index))
    with recording(), pieces(b.variant.uses_tiles):   # (kept as messages: any language)
        said = said_of(b, seat, move)
        seen = hindsight(b, seat, move) if over else ""
    top = b.discard[-1] if b.discard else None
    pile = b.discard if b.variant.discard_spread else b.discard[-1:]
    return Decision(index, move, better, loss, grade, said, line, (seen,) if seen else (),
                    tuple(map(str, b.hands[seat])), str(top) if top is not None else "",
                    tuple(map(str, pile)))


def review_steps(g: GameState, seat: int, hand: int, worlds: int = WORLDS, start=None):
    """The review of ``seat``'s decisions in hand number ``hand`` (1, 2, ...) of ``g``'s
    match, in steps: yields the share done (0 to 1) as it goes; returns a
    :class:`HandReview`. ``g`` is the match as far as it has been played; ``start``:
    :func:`hand_start`'s, if at hand."""
    first, end = _span(g, seat, hand)
    b = start.copy() if start is not None else hand_start(g, hand)
    # hindsight only for a hand that is over (a hand under way keeps its hidden cards)
    over = is_over(g, hand)
    decisions = []
    for i in range(first, end):
        move = g.history[i]
        if b.turn != seat or move.kind == "deal" or len(b.legal_actions()) < 2:
            b.apply(move)
            continue
        decisions.append((yield from _scaled(
            decision_steps(b, seat, i, move, over, worlds), (i - first) / (end - first),
            worlds * (end - first))))
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
        loss = cost_of((yield from differences(g, seat, best, move, worlds, key)))
        if loss <= 0:
            better = move
    grade = classify(loss, float(g.variant.review_points))
    line = ()
    if grade != "best":
        with recording(), pieces(g.variant.uses_tiles):
            line = _better_line(view, expert, move, best)
    return better, loss, grade, line


def _better_line(view: PlayerView, expert, move: Action, best: Action) -> tuple:
    """Why ``move`` may have cost, and the better move, as kept words."""
    reason = why_costly(view, move)
    return ((reason,) if reason else ()) + (
        _("Better: {move}", move=Words(expert, view).say(best)),)


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
    return drain(review_steps(g, seat, hand, worlds))
