"""Events: what happened, for the log, animations and replays, redacted per viewer.

An event's ``card`` is public unless ``secret`` is set, in which case only ``seat`` sees it
(a card drawn from the stock); its ``cards`` are public always (Push's pushed card, beside
the stock card the seat gets face down).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .cards import Card
from .i18n import N_, Nn_, _, n_, say


class Event(NamedTuple):
    kind: str                 # draw, take, pass, meld, layoff, discard, knock, gin, ...
    seat: int                 # who did it (-1: the table, e.g. a new hand)
    card: Card | None = None
    cards: tuple = ()
    secret: bool = False      # ``card`` only for ``seat``'s eyes
    text: str = ""            # extra public words ("turned the discard pile over")
    meld: int = -1            # table meld index touched
    said: object = None       # ``text`` kept as a message, when it is words (rami.i18n.say)

    def for_seat(self, viewer: int) -> "Event":
        if self.secret and viewer != self.seat:
            return Event(self.kind, self.seat, None, self.cards, True, self.text, self.meld,
                         self.said)
        return self

    def to_dict(self) -> dict:
        d = {"kind": self.kind, "seat": self.seat}
        if self.card is not None:
            d["card"] = str(self.card)
        if self.cards:
            d["cards"] = [str(c) for c in self.cards]
        if self.secret:
            d["secret"] = True
        if self.text:
            d["text"] = self.text
        if self.meld >= 0:
            d["meld"] = self.meld
        if self.said is not None:
            d["said"] = self.said
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        return cls(d["kind"], d["seat"], Card.parse(d["card"]) if "card" in d else None,
                   tuple(Card.parse(c) for c in d.get("cards", ())), d.get("secret", False),
                   d.get("text", ""), d.get("meld", -1), d.get("said"))

    def describe(self, names, viewer: int | None = None) -> str:
        """One line of the log, in words of the language of the moment, as ``viewer`` may read
        it. (An event's ``text`` is the engine's own note, in a fixed form kept in saves:
        it is put in words here.)"""
        ev = self.for_seat(viewer) if viewer is not None else self
        you = viewer is not None and viewer == ev.seat
        kw = {"who": names[ev.seat] if 0 <= ev.seat < len(names) else "",
              "card": str(ev.card) if ev.card is not None else "",
              "cards": " ".join(str(c) for c in ev.cards), "meld": ev.meld + 1,
              "note": (say(ev.said) if ev.said is not None else note(ev.text)) if ev.text
              else ""}
        if ev.kind in ("push", "pushed"):
            kw["to"] = ev.text
            by_you = viewer is not None and 0 <= viewer < len(names) and names[viewer] == ev.text
            if ev.kind == "pushed":
                return _form(_pushed(ev, by_you), you, kw)
            if by_you:
                return _form("push_you", you, kw)
        if ev.kind in ("exchange", "rescue"):
            kw["to"] = ev.text
        if ev.kind == "deal":
            return _form("deal", you, {**kw, "hand": note(ev.text)})
        key = ev.kind
        if ev.kind == "pass" and ev.text in ("rum", "doubla", "wall", "stock"):
            key = f"pass_{ev.text}"
        elif ev.kind in ("draw", "doubla", "exchange") and ev.card is None:
            key = f"{ev.kind}_hidden"
        elif ev.kind in _NOTED and ev.text:
            key = f"{ev.kind}_noted"
        elif ev.kind == "gin" and not ev.text:
            key = "gin_plain"
        if key not in _LOG:
            return kw["note"] or ev.kind
        return _form(key, you, kw)


def _pushed(ev: Event, by_you: bool) -> str:
    """The words for a Push's receiver: the card pushed (public) and the stock card, named
    to the receiver alone; a push from before the card pushed was kept in the event is
    told without it."""
    if not ev.cards:
        return "pushed_hidden_old" if ev.card is None else "pushed"
    if ev.card is None:
        return "pushed_you_hidden" if by_you else "pushed_both_hidden"
    return "pushed_both"


def _form(key: str, you: bool, kw: dict) -> str:
    forms = _LOG[key]
    if isinstance(forms, str):
        return _(forms, **kw)
    return _(forms[0] if you else forms[1], **kw)


# the events whose note, when there is one, ends the line: "Ana went out (by melding)"
_NOTED = {"toss", "joker", "reshuffle", "take", "knock", "out", "drop", "declare", "show", "rejoin", "open", "swap",
          "rebuild", "few"}

# the log's words for each kind of event: what you did, and what another player did
_LOG = {
    "deal": (N_("{hand}: you deal; {card} is turned up"),
             N_("{hand}: {who} deals; {card} is turned up")),
    "toss_noted": N_("Toss: {note}"),
    "joker_noted": N_("The wild joker is {card}: {note}"),
    "reshuffle_noted": N_("The closed deck ran out: {note}; {card} stays on the open deck"),
    "draw": (N_("You drew {card}"), N_("{who} drew {card}")),
    "draw_hidden": (N_("You drew from the stock"), N_("{who} drew from the stock")),
    "take": (N_("You took {card} from the discard pile"),
             N_("{who} took {card} from the discard pile")),
    "take_noted": (N_("You took {card} from the discard pile ({note})"),
                   N_("{who} took {card} from the discard pile ({note})")),
    "pass": (N_("You passed on the upcard"), N_("{who} passed on the upcard")),
    "pass_rum": (N_("You did not call rum"), N_("{who} did not call rum")),
    "pass_doubla": (N_("You offered no doubla"), N_("{who} offered no doubla")),
    "pass_wall": (N_("You had to draw from a wall that ran out again"),
                  N_("{who} had to draw from a wall that ran out again")),
    "pass_stock": (N_("You did not take from the pile: the stock is empty"),
                   N_("{who} did not take from the pile: the stock is empty")),
    "meld": (N_("You melded {cards}"), N_("{who} melded {cards}")),
    "layoff": (N_("You laid off {card} on meld {meld}"),
               N_("{who} laid off {card} on meld {meld}")),
    "discard": (N_("You discarded {card}"), N_("{who} discarded {card}")),
    "knock": (N_("You knocked"), N_("{who} knocked")),
    "knock_noted": (N_("You knocked ({note})"), N_("{who} knocked ({note})")),
    "gin": (N_("You went {note}"), N_("{who} went {note}")),
    "gin_plain": (N_("You went gin"), N_("{who} went gin")),
    "done": (N_("You finished laying off"), N_("{who} finished laying off")),
    "turnover": (N_("You turned the discard pile over as a new stock; {card} is turned up"),
                 N_("{who} turned the discard pile over as a new stock; {card} is turned up")),
    "out": (N_("You went out"), N_("{who} went out")),
    "out_noted": (N_("You went out ({note})"), N_("{who} went out ({note})")),
    "drop": (N_("You dropped"), N_("{who} dropped")),
    "drop_noted": (N_("You dropped ({note})"), N_("{who} dropped ({note})")),
    "declare": (N_("You declared, finishing with {card}"),
                N_("{who} declared, finishing with {card}")),
    "declare_noted": (N_("You declared, finishing with {card} ({note})"),
                      N_("{who} declared, finishing with {card} ({note})")),
    "show": (N_("You showed the cards in groups"), N_("{who} showed the cards in groups")),
    "show_noted": (N_("You showed the cards in groups ({note})"),
                   N_("{who} showed the cards in groups ({note})")),
    "rejoin": (N_("You rejoined the pool"), N_("{who} rejoined the pool")),
    "rejoin_noted": (N_("You rejoined the pool ({note})"),
                     N_("{who} rejoined the pool ({note})")),
    "decline": (N_("You declined to rejoin the pool"), N_("{who} declined to rejoin the pool")),
    "rum": (N_("You called rum and laid off {card} on meld {meld}"),
            N_("{who} called rum and laid off {card} on meld {meld}")),
    "bury": N_("The wild {cards} turned up is buried in the stock"),
    "crosswise": (N_("You opened the game, discarding {card} crosswise"),
                  N_("{who} opened the game, discarding {card} crosswise")),
    "lapse": N_("Nobody matched the doubla offered"),
    "doubla": (N_("You offered a doubla ({note}) of {card}"),
               N_("{who} offered a doubla ({note}) of {card}")),
    "doubla_hidden": (N_("You offered a doubla ({note})"),
                      N_("{who} offered a doubla ({note})")),
    "exchange": (N_("You exchanged doublas with {to}: you got {card}"),
                 N_("{who} exchanged doublas with {to}: you got {card}")),
    "exchange_hidden": (N_("You exchanged doublas with {to}"),
                        N_("{who} exchanged doublas with {to}")),
    "twin": (N_("You announced the twin of the exposed tile, {card}"),
             N_("{who} announced the twin of the exposed tile, {card}")),
    "exposed": (N_("You took the exposed tile, {card}, to go out"),
                N_("{who} took the exposed tile, {card}, to go out")),
    "open": (N_("You made the initial meld"), N_("{who} made the initial meld")),
    "open_noted": (N_("You made the initial meld ({note})"),
                   N_("{who} made the initial meld ({note})")),
    "swap": (N_("You put {cards} in meld {meld} and laid its Joly again"),
             N_("{who} put {cards} in meld {meld} and laid its Joly again")),
    "swap_noted": (N_("You put {cards} in meld {meld} and laid its Joly again ({note})"),
                   N_("{who} put {cards} in meld {meld} and laid its Joly again ({note})")),
    "rebuild": N_("The wall ran out: the discard row was shuffled into a new wall"),
    "rebuild_noted": N_("The wall ran out: the discard row was shuffled into a new wall "
                        "({note})"),
    "few": (N_("You announce few tiles left"), N_("{who} announces few tiles left")),
    "few_noted": (N_("You announce few tiles left ({note})"),
                  N_("{who} announces few tiles left ({note})")),
    "push": (N_("You pushed {card} and the top stock card, face down, to {to}"),
             N_("{who} pushed {card} and the top stock card, face down, to {to}")),
    "push_you": (N_("You pushed {card} and the top stock card, face down, to yourself"),
                 N_("{who} pushed {card} and the top stock card, face down, to you")),
    # (the receiver of a push, who alone sees the stock card: {cards} is the card pushed)
    "pushed_both": (N_("You got {cards} and, face down, {card} in the push from {to}"),
                    N_("{who} got {cards} and, face down, {card} in the push from {to}")),
    "pushed_both_hidden": (N_("You got {cards} and a card face down in the push from {to}"),
                           N_("{who} got {cards} and a card face down in the push from {to}")),
    # (the one who pushed, who never gets the cards: the other seat's words only)
    "pushed_you_hidden": N_("{who} got {cards} and a card face down in the push from you"),
    # (a push kept in a save from before: the card pushed is not in the event)
    "pushed": (N_("You got {card} face down in the push from {to}"),
               N_("{who} got {card} face down in the push from {to}")),
    "pushed_hidden_old": (N_("You took both cards into hand"),
                          N_("{who} took both cards into hand")),
    "contract": (N_("You laid the contract: {note}"), N_("{who} laid the contract: {note}")),
    "rescue": (N_("You rescued the {to} from meld {meld} with {card}"),
               N_("{who} rescued the {to} from meld {meld} with {card}")),
}

# the engine's notes on an event (kept in saves in this fixed form), in words
_NOTES = {
    "gin": N_("gin"), "big gin": N_("big gin"), "rummy": N_("rummy"),
    "melding": N_("by melding"), "laying off": N_("by laying off"),
    "discarding": N_("by discarding"), "by melding": N_("by melding"),
    "by laying off": N_("by laying off"), "by discarding": N_("by discarding"),
    "by laying the contract": N_("by laying the contract"),
    "by taking the exposed tile": N_("by taking the exposed tile"),
    "with a seven-card straight": N_("with a seven-card straight"),
    "a valid declaration": N_("a valid declaration"), "high": N_("high"), "low": N_("low"),
}
_NOTE_FORMS = (
    (re.compile(r"^Hand (\d+)$"), N_("Hand {n}")),
    (re.compile(r"^Deal (\d+)$"), N_("Deal {n}")),
    (re.compile(r"^Game (\d+)$"), N_("Game {n}")),
    (re.compile(r"^(-?\d+) deadwood$"), N_("{n} deadwood")),
    (re.compile(r"^(-?\d+) points$"), N_("{n} points")),
    (re.compile(r"^at (-?\d+) points$"), N_("at {n} points")),
    (re.compile(r"^(\d+) tiles$"), N_("{n} tiles")),
    (re.compile(r"^first drop, (-?\d+) points$"), N_("first drop, {n} points")),
    (re.compile(r"^middle drop, (-?\d+) points$"), N_("middle drop, {n} points")),
)
_PLURAL_NOTES = (
    (re.compile(r"^(\d+) tiles? left$"), Nn_("{n} tile left", "{n} tiles left")),
    (re.compile(r"^and the (\d+) cards? above it$"),
     Nn_("and the {n} card above it", "and the {n} cards above it")),
    (re.compile(r"^and the (\d+) tiles? after it$"),
     Nn_("and the {n} tile after it", "and the {n} tiles after it")),
)


_OPENED = re.compile(r"^(\d+) points: (.+)$")


def note(text: str) -> str:
    """An event's note in words (a note rami does not know, from elsewhere, as it is)."""
    if text in _NOTES:
        return _(_NOTES[text])
    if text.startswith("by ") and text[3:] in _NOTES:
        return _(_NOTES[text[3:]])
    for pattern, form in _NOTE_FORMS:
        m = pattern.match(text)
        if m:
            return _(form, n=int(m.group(1)))
    m = _OPENED.match(text)
    if m:
        return _("{n} points: {melds}", n=int(m.group(1)), melds=m.group(2))
    for pattern, (one, many) in _PLURAL_NOTES:
        m = pattern.match(text)
        if m:
            return n_(one, many, int(m.group(1)))
    return text
