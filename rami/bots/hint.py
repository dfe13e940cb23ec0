"""Hints: the move the Expert would make for a seat, and why, in one line.

>>> from rami.state import GameState
>>> from rami.view import PlayerView
>>> g = GameState("gin", ["Ann", "Bob"], seed=3)
>>> h = hint(PlayerView.of(g, g.turn))
>>> h.action in PlayerView.of(g, g.turn).legal, h.text[:4] in ("Take", "Pass")
(True, True)

The reasons are read from the same things the Expert weighs: the best arrangement of the
hand, the cards the opponents took and threw, and the unseen cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..cards import SET_NAMES, TILE_SET_NAMES, Card
from ..view import PlayerView
from . import make_bot
from .base import drain, label
from .expert import Memory
from ..i18n import _, n_



@dataclass(frozen=True)
class Hint:
    action: Action
    text: str                      # one line, plain words
    cards: tuple = ()              # the hand's cards the move plays (to highlight)


def hint_steps(view: PlayerView, seed: int | str = 0):
    """The hint in steps, as :meth:`rami.bots.Bot.think`: yields while the Expert thinks."""
    bot = make_bot("expert", view.variant, seed)
    import random
    bot.rng = random.Random(f"hint:{seed}:{len(view.events)}")
    action = yield from bot.think(view)
    return Hint(action, Words(bot, view).say(action), cards_of(action))


def hint(view: PlayerView, seed: int | str = 0) -> Hint:
    return drain(hint_steps(view, seed))


def cards_of(action) -> tuple:
    """The hand's cards to light up (and select) for the move: the one card of a discard,
    knock, lay-off or declaration (its finish card), every card of a meld."""
    if action.kind in ("discard", "knock", "layoff", "declare", "rescue", "swap") and \
            getattr(action, "card", None) is not None:
        return (action.card,)
    cards = getattr(action, "cards", None) or ()
    if action.kind == "swap":        # the tile(s) the Joly stands for, and the two it joins
        return tuple(cards) + tuple(c for c in action.new.cards if c.suit)
    card = getattr(action, "card", None)
    melds = getattr(action, "melds", None) or ()
    out = list(cards) + ([card] if card is not None else [])
    for m in melds:
        out += list(getattr(m, "cards", m))
    return tuple(dict.fromkeys(out))


def set_of(card: Card) -> str:
    """A set of this card's rank, in words: ``set of kings``, ``set of sevens``."""
    if not card.suit:
        return _("set of Jolys") if card.is_tile else _("set of jokers")
    return _((TILE_SET_NAMES if card.is_tile else SET_NAMES)[card.rank])


class Words:
    """The reasons for one move of one seat."""

    def __init__(self, bot, view: PlayerView):
        self.bot = bot
        self.view = view
        self.mem = Memory(view)

    # -- what the hand says -------------------------------------------------------------------
    def solver(self):
        return self.bot.solver(self.view)

    def deadwood(self, cards) -> int:
        return self.solver().deadwood(list(cards))

    def near(self, card: Card, cards) -> bool:
        """Does ``card`` make a pair or a near-run with any of ``cards``?"""
        if not card.suit:
            return True
        return any(c is not card and c.suit and (c.rank == card.rank or (
            c.suit == card.suit and abs(c.rank - card.rank) <= 2)) for c in cards)

    def in_meld(self, card: Card, cards) -> bool:
        arr = self.solver().arrange(list(cards))
        return any(c is card for c in arr.melded)

    def who(self, seat: int) -> str:
        return self.view.names[seat]

    def others(self):
        v = self.view
        return [s for s in range(len(v.names)) if v.teams[s] != v.teams[v.seat]]

    def collector(self, card: Card):
        """(seat, card taken) of an opponent who took a card of this rank or next to it."""
        for s in self.others():
            for t in self.mem.took[s]:
                if t.suit and card.suit and (t.rank == card.rank or (
                        t.suit == card.suit and abs(t.rank - card.rank) <= 2)):
                    return s, t
        return None

    def thrower(self, card: Card):
        """(seat, card thrown) of an opponent who threw this rank away."""
        for s in self.others():
            for t in self.mem.threw[s]:
                if t.suit and card.suit and t.rank == card.rank and t is not card:
                    return s, t
        return None

    # -- the line ----------------------------------------------------------------------------
    def say(self, action) -> str:
        kind = action.kind
        fn = getattr(self, f"say_{kind}", None)
        text = fn(action) if fn is not None else None
        return text or _("`{move}`: the Expert's choice here.", move=self.describe(action))

    def describe(self, action) -> str:
        return str(action)

    def discard_reason(self, card: Card) -> str:
        """Why this card goes, as a clause: "it fits nothing in your hand, and …"."""
        hand = list(self.view.hand)
        rest = list(hand)
        rest.remove(card)
        left = self.deadwood(rest)
        if not card.suit:
            fit = _("you have nothing better to let go")
        elif not self.near(card, hand):
            fit = _("it fits nothing in your hand")
        elif not self.in_meld(card, hand):
            fit = _("it is the loose card you need least")
        else:
            fit = _("breaking that meld costs least")
        own = self.bot.hint_discard(self, card, hand, rest, fit)     # (the game's own)
        if own:
            return own
        thrown = self.thrower(card)
        took = self.collector(card)
        if thrown:
            # TRANSLATORS: "…, and Ana threw the 7♠ and is not collecting: set of sevens"
            return _("{reason}, and {who} threw the {card} and is not collecting a {set}",
                     reason=fit, who=self.who(thrown[0]), card=label(thrown[1]),
                     set=set_of(card))
        if took:
            return _("{reason}, though {who} took the {card}", reason=fit,
                     who=self.who(took[0]), card=label(took[1]))
        if self.bot.var.says_points:
            return _("{reason}, and it leaves {n} points in your hand", reason=fit, n=left)
        return _("{reason}, and it leaves {n} in deadwood", reason=fit, n=left)

    def say_discard(self, a) -> str:
        return _("Discard the {card}: {reason}.", card=label(a.card),
                 reason=self.discard_reason(a.card))

    def say_knock(self, a) -> str:
        rest = list(self.view.hand)
        rest.remove(a.card)
        left = self.deadwood(rest)
        if left == 0:
            return _("Go gin, discarding the {card}: every card is in a meld.",
                     card=label(a.card))
        opp = self.others()[0]
        return _("Knock, discarding the {card}: {n} in deadwood, and {who} most likely holds "
                 "more.", card=label(a.card), n=left, who=self.who(opp))

    def say_gin(self, a) -> str:
        return _("Go out with big gin: all eleven cards are in melds.")

    def take_reason(self, card: Card, more=()) -> str:
        """Why to take ``card`` (and ``more``, the cards that come with it from a spread
        pile), as a clause."""
        hand = list(self.view.hand)
        if not card.suit or self.bot.var.rules_for(self.view.options).is_wild(card):
            return _("a wild card fits any meld")
        with_it = hand + [card] + list(more)
        arr = self.solver().arrange(with_it)
        for m in arr.melds:
            if any(c is card for c in m.cards):
                return _("it makes {cards}", cards=" ".join(label(c) for c in m.cards))
        now = self.deadwood(hand)
        after = min(d for d, c in self.solver().best_discards(with_it) if c is not card) \
            if len(with_it) > 1 else now
        if after < now:
            if self.bot.var.says_points:
                return _("it brings your points from {before} down to {after}", before=now,
                         after=after)
            return _("it brings your deadwood from {before} down to {after}", before=now,
                     after=after)
        return _("it builds towards a meld")

    def say_take(self, a) -> str:
        top = self.view.top_discard
        if top is None:
            return None
        pile = list(self.view.discard)
        at = a.index_in(pile) if getattr(a, "card", None) is not None else len(pile) - 1
        if at < 0:
            return None
        card, above = pile[at], pile[at + 1:]
        if getattr(a, "meld", None) is not None:
            # (tile Rami: the row's tile laid at once with two of the rack's)
            with_ = " ".join(label(c) for c in a.meld.cards if c is not card)
            if not above:
                return _("Take the {card} and lay it with {cards}.", card=label(card),
                         cards=with_)
            return n_("Take the {card} and lay it with {cards}; the card after it comes "
                      "too.", "Take the {card} and lay it with {cards}; the {n} cards after "
                      "it come too.", len(above), card=label(card), cards=with_)
        reason = self.take_reason(card, above)
        if not above:
            return _("Take the {card}: {reason}.", card=label(card), reason=reason)
        return n_("Take the {card} and the card above it: {reason}.",
                  "Take the {card} and the {n} cards above it: {reason}.", len(above),
                  card=label(card), reason=reason)

    def say_draw(self, a) -> str:
        top = self.view.top_discard
        if top is None:
            return _("Draw from the stock: there is nothing to take.")
        if not self.near(top, self.view.hand):
            why = _("it fits nothing in your hand")
        else:
            why = _("a card from the stock is likely to do more for you")
        return _("Draw from the stock, not the {card}: {reason}.", card=label(top), reason=why)

    def say_pass(self, a) -> str:
        top = self.view.top_discard
        if top is None:
            return _("Pass.")
        why = _("it fits nothing in your hand") if not self.near(top, self.view.hand) \
            else _("it would not lower your deadwood enough")
        return _("Pass on the {card}: {reason}.", card=label(top), reason=why)

    def say_push(self, a) -> str:
        v = self.view
        top = v.top_discard
        if top is None:
            return None
        left = self.who(self.bot.next_player(v))
        why = _("it fits nothing in your hand") if not self.near(top, v.hand) \
            else _("it is no wild and lays off nowhere") if v.melded[v.seat] \
            else _("it is no wild and does not complete your contract")
        return _("Push the {card} on: {reason}, and {who} must take it with a card from the "
                 "stock.", card=label(top), reason=why, who=left)

    def say_layoff(self, a) -> str:
        return _("Lay off the {card} on meld {meld}: it no longer counts against you.",
                 card=label(a.card), meld=a.meld + 1)

    def say_done(self, a) -> str:
        return _("Done: nothing more of yours fits the melds on the table.")

    def say_meld(self, a) -> str:
        return _("Meld {cards}: it takes {points} points off your hand.",
                 cards=" ".join(label(c) for c in a.cards),
                 points=sum(self.bot.value(self.view, c) for c in a.cards))

    def say_declare(self, a) -> str:
        return _("Declare, finishing with the {card}: your groups are valid.",
                 card=label(a.card))

    def say_drop(self, a) -> str:
        return _("Drop: this hand is too far from a valid declaration to be worth playing.")

    def say_show(self, a) -> str:
        return _("Show your groups: the best grouping counts fewest points.")

    def say_rum(self, a) -> str:
        if getattr(a, "card", None):
            return _("Call rum: the {card} fits a meld.", card=label(a.card))
        return _("Call rum: the card fits a meld.")

    def say_rejoin(self, a) -> str:
        return _("Rejoin the pool: you are still in with a chance.")

    def say_contract(self, a) -> str:
        return _("Lay down the contract now: it spends the fewest wilds.")

    def say_rescue(self, a) -> str:
        return _("Rescue the wild: it is worth more in your hand.")

    def say_open(self, a) -> str:
        return _("Open now: your first melds reach the points needed.")

    def say_swap(self, a) -> str:
        return _("Swap for the Joly: it fits anywhere.")

    def say_exposed(self, a) -> str:
        return _("Take the exposed tile: it lets you go out.")

    def say_deal(self, a) -> str:
        return _("Deal the next hand.")



__all__ = ["Hint", "cards_of", "hint", "hint_steps"]
