"""Events: what happened, for the log, animations and replays, redacted per viewer.

An event's ``card`` is public unless ``secret`` is set, in which case only ``seat`` sees it
(a card drawn from the stock).
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card


class Event(NamedTuple):
    kind: str                 # draw, take, pass, meld, layoff, discard, knock, gin, ...
    seat: int                 # who did it (-1: the table, e.g. a new hand)
    card: Card | None = None
    cards: tuple = ()
    secret: bool = False      # card/cards only for ``seat``'s eyes
    text: str = ""            # extra public words ("turned the discard pile over")
    meld: int = -1            # table meld index touched

    def for_seat(self, viewer: int) -> "Event":
        if self.secret and viewer != self.seat:
            return Event(self.kind, self.seat, None, (), True, self.text, self.meld)
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
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        return cls(d["kind"], d["seat"], Card.parse(d["card"]) if "card" in d else None,
                   tuple(Card.parse(c) for c in d.get("cards", ())), d.get("secret", False),
                   d.get("text", ""), d.get("meld", -1))

    def describe(self, names, viewer: int | None = None) -> str:
        """One line of the log, in plain words, as ``viewer`` may read it."""
        ev = self.for_seat(viewer) if viewer is not None else self
        who = "You" if viewer == ev.seat else (names[ev.seat] if ev.seat >= 0 else "")
        card = f" {ev.card}" if ev.card is not None else ""
        cards = " ".join(str(c) for c in ev.cards)
        text = f" ({ev.text})" if ev.text else ""
        if ev.kind == "deal":
            return f"{ev.text}: {who} {'deal' if who == 'You' else 'deals'}; {card.strip()} is turned up"
        if ev.kind == "toss":
            return f"Toss: {ev.text}"
        if ev.kind == "joker":
            return f"The wild joker is{card}: {ev.text}"
        if ev.kind == "reshuffle":
            return f"The closed deck ran out: {ev.text};{card} stays on the open deck"
        if ev.kind == "draw" and not card:
            card = " from the stock"
        if ev.kind == "pass" and ev.text == "rum":
            return f"{who} did not call rum"
        if ev.kind == "pass" and ev.text == "doubla":
            return f"{who} offered no doubla"
        if ev.kind == "pass" and ev.text == "wall":
            return f"{who} had to draw from a wall that ran out again"
        if ev.kind == "doubla":
            return f"{who} offered a doubla ({ev.text}){' of' + card if card else ''}"
        if ev.kind == "exchange":
            got = f": you got{card} {card.strip()}" if card else ""
            return f"{who} exchanged doublas with {ev.text}{got}"
        if ev.kind == "pass" and ev.text == "stock":
            return f"{who} did not take from the pile: the stock is empty"
        if ev.kind in ("push", "pushed"):
            to = "you" if viewer is not None and viewer >= 0 and names[viewer] == ev.text \
                else ev.text
            if ev.kind == "push":
                return f"{who} pushed{card} and the top stock card, face down, to {to}"
            if card:
                return f"{who} got{card} face down in the push from {to}"
            return f"{who} took both cards into hand"
        if ev.kind == "contract":
            return f"{who} laid the contract: {ev.text}"
        if ev.kind == "rescue":
            return f"{who} rescued the {ev.text} from meld {ev.meld + 1} with{card}"
        if ev.kind == "gin":
            text = f" {ev.text or 'gin'}"
        form = _LOG.get(ev.kind)
        return form.format(who=who, card=card, cards=cards, meld=ev.meld + 1, text=text) \
            if form else (ev.text or ev.kind)


# the log's words for each kind of event
_LOG = {
    "draw": "{who} drew{card}",
    "take": "{who} took{card} from the discard pile{text}",
    "pass": "{who} passed on the upcard",
    "meld": "{who} melded {cards}",
    "layoff": "{who} laid off{card} on meld {meld}",
    "discard": "{who} discarded{card}",
    "knock": "{who} knocked{text}",
    "gin": "{who} went{text}",
    "done": "{who} finished laying off",
    "turnover": "{who} turned the discard pile over as a new stock;{card} is turned up",
    "out": "{who} went out{text}",
    "drop": "{who} dropped{text}",
    "declare": "{who} declared, finishing with{card}{text}",
    "show": "{who} showed the cards in groups{text}",
    "rejoin": "{who} rejoined the pool{text}",
    "decline": "{who} declined to rejoin the pool",
    "rum": "{who} called rum and laid off{card} on meld {meld}",
    "bury": "The wild {cards} turned up is buried in the stock",
    "crosswise": "{who} opened the game, discarding{card} crosswise",
    "lapse": "Nobody matched the doubla offered",
    "twin": "{who} announced the twin of the exposed tile,{card}",
    "exposed": "{who} took the exposed tile,{card}, to go out",
    "open": "{who} made the initial meld{text}",
    "swap": "{who} put {cards} in meld {meld} and laid its Joly again{text}",
    "rebuild": "The wall ran out: the discard row was shuffled into a new wall{text}",
    "few": "{who} announces few tiles left{text}",
}
