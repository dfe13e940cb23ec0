"""The Expert level: it remembers the hand, infers the hidden cards, and weighs its choices
against sampled hands consistent with everything it has seen.

What every Expert keeps track of (:class:`Memory`, rebuilt from the view's events at every
decision, so a restored game thinks exactly as the running one did):

* the discard pile in order, and which cards each opponent took from it and still holds;
* what each opponent threw away, and which offered cards he let go (a card he passed on, or
  left on the pile to draw from the stock, did not complete anything for him then);
* the unseen cards: neither in our hand, nor on the table, nor known to be held.

From that it draws **determinizations**: hidden hands for the opponent, drawn from the unseen
cards (in Gin, each card with the chance that the learned opponent model gives it:
:mod:`rami.games.gin.model`) and weighted by how well they agree with his play (a hand in
which a card he passed on would have made a meld is unlikely; so is one he could have
knocked with). Each sample is a possible world; a choice is judged by its average over
them.

The search is split into small steps: :meth:`think` is a generator that yields between
steps, so the web page can draw frames while a bot thinks. The amount of work is fixed by
counts (samples, cards), never by the clock, so the same position always gives the same move.
"""

from __future__ import annotations

from ..actions import TAKE, Discard
from ..cards import Card
from ..state import Phase
from ..view import PlayerView
from ..solver import EXACT_CARDS
from .base import Thinker


class Memory:
    """What a seat has seen of this hand (see the module's docstring)."""

    def __init__(self, view: PlayerView):
        n = len(view.names)
        self.pile: list[Card] = []
        self.held: list[list[Card]] = [[] for _ in range(n)]       # taken, still in hand
        self.took: list[list[Card]] = [[] for _ in range(n)]       # every card taken
        self.threw: list[list[Card]] = [[] for _ in range(n)]      # every discard
        self.declined: list[list[Card]] = [[] for _ in range(n)]   # offered, not taken
        me = view.seat
        for e in view.events:
            k, s = e.kind, e.seat
            if k == "deal":
                self.pile = [e.card] if e.card is not None else []
                continue
            if s < 0 or s >= n:
                continue
            if k == "take" and e.card is not None:
                if self.pile and self.pile[-1] == e.card:
                    self.pile.pop()
                self.held[s].append(e.card)
                self.took[s].append(e.card)
            elif k in ("discard", "knock") and e.card is not None:
                self.pile.append(e.card)
                self.threw[s].append(e.card)
                if e.card in self.held[s]:
                    self.held[s].remove(e.card)
            elif k in ("pass", "draw") and s != me and self.pile:
                self.declined[s].append(self.pile[-1])
        known = set(view.hand) | set(self.pile)
        for s in range(n):
            if s != me:
                known.update(self.held[s])
        self.known = known

    def unseen(self, deck) -> list[Card]:
        return [c for c in deck if c not in self.known]


# -- Gin ------------------------------------------------------------------------------------------


# -- the other variants ------------------------------------------------------------------------

class Lookahead:
    """Expert for the variants of many cards (mixed in before the variant's Good player):
    the Good player's few best discards are weighed again by what the next draw is likely to
    bring (cards sampled from the unseen ones, each followed by the natural discard), by the
    deadwood kept, and by how much each discard would feed the next player (what the
    opponents took from the pile, his takes counting most). The measure may count loose
    cards with a partner towards a meld as partly made (``KEEP_PARTIAL``: 500 Rum, Push and
    tile Rami). A weighed discard replaces the Good one only when it scores ``MARGIN``
    better. The weighing runs in
    :meth:`think`, a step at a time; the Good player's own choice then reads the result."""

    name = "expert"
    DRAWS = 8             # unseen cards sampled per weighed discard
    CANDIDATES = 4        # the Good player's best discards weighed again
    NOW = 0.5             # weight of the deadwood kept now beside the expected one
    DANGER = 3.0          # points of weight per point of danger to the next player
    MARGIN = 2.0          # how much better a weighed discard must score than the Good one
    TIES_ONLY = False     # weigh again only the discards that keep the least measure
    WEIGH_TAKE = False    # weigh taking the top discard against a card from the stock
    TAKE_DRAWS = 64       # ... over this many unseen cards at most
    TAKE_MARGIN = 1.0     # ... which it must beat by this much deadwood
    KEEP_PARTIAL = 0.0    # points of weight per point of a loose card with a partner

    # choose() runs think() to its end; think() ends in the Good player's own choose()
    choose = Thinker.choose

    def unseen(self, view: PlayerView) -> list[Card]:
        from types import SimpleNamespace
        mem = Memory(view)
        # the variant builds its deck from the options and the seats, as for a real deal
        deck = self.var.deck(SimpleNamespace(options=dict(view.options), n=len(view.names),
                                             names=view.names, extra={}))
        pool = sorted(deck, key=lambda c: (c.code, c.is_tile))
        seen = list(view.hand) + list(mem.pile) + [c for t in view.table for c in t.meld.cards]
        for s_, cards in enumerate(mem.held):
            if s_ != view.seat:
                seen += cards
        for c in seen:
            if c in pool:
                pool.remove(c)
        return pool

    def measure(self, view: PlayerView, cards) -> float:
        """The deadwood, less ``KEEP_PARTIAL`` times the points of loose cards with a
        partner towards a meld."""
        if not self.KEEP_PARTIAL:
            return self.solver(view).deadwood(list(cards))
        arr = self.solver(view).arrange(list(cards))
        return arr.deadwood_value - self.KEEP_PARTIAL * partial_points(self, view, arr.deadwood)

    def after_draw(self, view: PlayerView, cards) -> float:
        """The measure of ``cards`` (one more than a hand) after the natural discard: the
        highest loose card of the best arrangement."""
        arr = self.solver(view).arrange(list(cards))
        loose = [c for c in arr.deadwood]
        if not loose:
            return 0.0
        worst = max(loose, key=lambda c: (self.value(view, c), c.code))
        rest = list(cards)
        if worst not in rest:          # a wild the arrangement names otherwise
            return max(0.0, arr.deadwood_value - self.value(view, worst))
        rest.remove(worst)
        return self.measure(view, rest)

    def feeds(self, view: PlayerView, card: Card) -> float:
        nxt = self.next_player(view)
        if view.teams[nxt] == view.teams[view.seat]:
            return 0.0
        score = 0.0
        mem = self._mem
        for s_, cards in enumerate(mem.took):
            if view.teams[s_] == view.teams[view.seat]:
                continue
            w = 1.0 if s_ == nxt else 0.4
            for t in cards:
                if t.rank == card.rank:
                    score += 2 * w
                elif t.suit == card.suit and abs(t.rank - card.rank) <= 2:
                    score += w
        if not card.suit:
            score += 4
        return score

    def weigh(self, view: PlayerView, hand, cards):
        """Scores (lower is better) for discarding each of ``cards``; yields between draws."""
        pool = self.unseen(view)
        draws = self.rng.sample(pool, min(self.DRAWS, len(pool))) if pool else []
        out = {}
        for card in cards:
            rest = list(hand)
            rest.remove(card)
            ahead = (yield from self.average(
                draws, lambda u: self.after_draw(view, rest + [u]))) if draws else 0.0
            out[card] = ahead + self.NOW * self.measure(view, rest) + \
                self.DANGER * self.feeds(view, card) - self.kept_bonus(view, hand, rest)
        self._weighed = out

    def kept_bonus(self, view: PlayerView, hand, rest) -> float:
        """What keeping ``rest`` of ``hand`` is worth beyond its measure (0 here)."""
        return 0.0

    def good_order(self, view: PlayerView, hand, cards) -> list[Card]:
        """The Good player's discards, best first."""
        solver = self.solver(view)
        return [c for _, c in solver.best_discards(list(hand)) if c in cards]

    def think(self, view: PlayerView):
        self._weighed = {}
        self._mem = Memory(view)
        self._take, self._take_view = None, view     # the weighing holds for this view only
        if self.WEIGH_TAKE and view.phase == Phase.DRAW and TAKE in view.legal \
                and view.top_discard is not None:
            self._take = yield from self.weigh_take(view)
        discards = [a.card for a in view.legal if isinstance(a, Discard)]
        # a hand grown far past any deal (a spread pile picked up, pushes) is arranged only
        # approximately (rami.solver.EXACT_CARDS), and weighing draws on it would cost
        # seconds: then the Expert searches no further than the Good player
        if view.phase == Phase.PLAY and len(discards) > 1 and self.weighs(view) \
                and len(view.hand) <= EXACT_CARDS + 1:
            order = self.good_order(view, view.hand, discards)[:self.CANDIDATES]
            if self.TIES_ONLY:      # only among the discards that keep the least measure
                kept = [self.measure(view, _without(view.hand, c)) for c in order]
                order = [c for c, k in zip(order, kept) if k == min(kept)]
            yield from self.weigh(view, view.hand, order)
        return super().choose(view)

    def weighs(self, view: PlayerView) -> bool:
        """Whether this turn's discards are weighed again at all."""
        return True

    @staticmethod
    def average(cards, score):
        """The average of ``score`` over ``cards`` (a generator: yields after each card)."""
        total = 0.0
        for u in cards:
            total += score(u)
            yield
        return total / len(cards)

    def weigh_take(self, view: PlayerView):
        """Take the top discard when the least deadwood it leaves (after a discard other
        than it) beats by ``TAKE_MARGIN`` the average, over ``TAKE_DRAWS`` unseen cards, of
        what a card from the stock would leave; yields between cards."""
        top = view.top_discard
        solver = self.solver(view)
        hand = list(view.hand)

        def left(cards, forbid=None):
            return min((d for d, c in solver.best_discards(cards) if c is not forbid),
                       default=0)

        taken = left(hand + [top], top)
        pool = self.unseen(view)
        if not pool:
            return None
        if len(pool) > self.TAKE_DRAWS:
            pool = self.rng.sample(pool, self.TAKE_DRAWS)
        stock = yield from self.average(pool, lambda u: left(hand + [u]))
        return taken < stock - self.TAKE_MARGIN

    def take_helps(self, view: PlayerView) -> bool:
        if getattr(self, "_take_view", None) is not view or self._take is None:
            return super().take_helps(view)
        return self._take

    def reweigh(self, view: PlayerView, card: Card, candidates) -> Card:
        """The Good player's ``card``, or a weighed candidate that scores better."""
        w = self._weighed
        if not w or card not in w:
            return card
        best = min((c for c in w if c in candidates), key=lambda c: (w[c], c.code),
                   default=card)
        return best if w[best] < w[card] - self.MARGIN else card

    def best_discard(self, view: PlayerView, candidates) -> Card:
        return self.reweigh(view, super().best_discard(view, candidates), candidates)

    def pick_discard(self, view: PlayerView, candidates) -> Card:
        return self.reweigh(view, super().pick_discard(view, candidates), candidates)


def partial_points(bot, view: PlayerView, loose) -> int:
    """The points of the loose cards (wilds aside) that have a partner among them towards a
    meld: one of the same rank in another suit, or of the same suit at most two apart."""
    loose = [c for c in loose if c.suit]
    return sum(bot.value(view, t) for t in loose if any(
        o is not t and (o.rank == t.rank and o.suit != t.suit or
                        o.suit == t.suit and 0 < abs(o.rank - t.rank) <= 2)
        for o in loose))


def suit_partners(view: PlayerView, cards) -> list:
    """The natural cards (not jokers) among ``cards`` with another natural card of their
    suit at most two ranks away (an ace both low and high): the makings of a pure
    sequence."""
    wild = view.info.get("wild_rank")
    natural = [c for c in cards if c.suit and c.rank != wild]

    def ranks(c):
        return (1, 14) if c.rank == 1 else (c.rank,)
    return [c for c in natural
            if any(d.suit == c.suit and d.rank != c.rank and
                   any(abs(x - y) <= 2 for x in ranks(c) for y in ranks(d)) for d in natural)]


def _without(hand, card) -> list:
    rest = list(hand)
    rest.remove(card)
    return rest


__all__ = ["Memory", "Lookahead", "partial_points", "suit_partners"]
