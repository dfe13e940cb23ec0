"""Sets and runs, and the rules that say which groups of cards are melds.

A :class:`Meld` is a value: its kind, its cards in table order, and what each wild
*represents*. In a run every slot stands for one definite card (``Jk=8h``); in a set the
wilds stand for the set's rank. That choice is fixed when the meld is laid.

>>> from rami.cards import parse_cards
>>> rules = MeldRules(ace="either")
>>> Meld.parse("7h Jk=8h 9h", rules)
Meld.parse('7h Jk=8h 9h')
>>> [str(m) for m in interpretations(parse_cards("Qh Kh Jk"), rules)]
['Jk=Jh Qh Kh', 'Qh Kh Jk=Ah']
>>> explain_not_meld(parse_cards("Kh Ah 2h"), rules)
'K-A-2 is not a run: an ace is low (A-2-3) or high (Q-K-A), never in the middle'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Sequence

from .cards import (COLOUR_NAMES, JOKER, RANK_NAMES, RANK_TEXT, SET_NAMES, SUIT_NAMES,
                    TILE_SET_NAMES, Card, CardSyntaxError)
from .i18n import _, join_or, n_

__all__ = [
    "MeldRules", "Meld", "MeldError", "SetRank", "possible_melds", "interpretations", "explain_not_meld",
    "layoff_results", "covers",
]

ACE_POLICIES = ("low", "high", "either", "round")


class MeldError(ValueError):
    """These cards do not make a meld (the message says why)."""


@dataclass(frozen=True)
class SetRank:
    """What a wild in a set stands for: the set's rank (written ``Jk=7``)."""

    rank: int
    suit = None

    def __str__(self):
        return RANK_TEXT.get(self.rank, str(self.rank))


@dataclass(frozen=True)
class MeldRules:
    """What a variant accepts as a meld.

    ``ace``: ``low`` (A-2-3 only), ``high`` (Q-K-A only), ``either`` (A-2-3 or Q-K-A, never
    K-A-2; also the tile rule 12-13-1), ``round`` (K-A-2 allowed too).
    ``wild_ranks``: ranks whose every card is wild (Indian cut joker, Push twos); a card of
    a wild rank may still be used as itself. Printed jokers and Jolys are wild when
    ``jokers_wild``; when they are not, ``joker_sets`` lets them meld as sets of jokers only
    (Persian rummy). ``naturals_per_wild``: each wild needs this many real cards in its meld
    (Romanian tiles: 2). ``min_naturals``: real cards a meld needs at least.
    """

    ace: str = "either"
    wild_ranks: frozenset = frozenset()
    jokers_wild: bool = True
    naturals_per_wild: int = 0
    min_naturals: int = 1
    max_wilds: int = 99
    set_min: int = 3
    set_max: int = 4
    run_min: int = 3
    set_distinct_suits: bool = True
    wilds_in_sets: bool = True
    joker_sets: bool = False    # jokers that are not wild meld as sets of jokers (Persian)
    wild_rank_sets: bool = True  # a wild-rank card may be itself in a set (Push: only in runs)

    def __post_init__(self):
        if self.ace not in ACE_POLICIES:
            raise ValueError(f"ace policy must be one of {ACE_POLICIES}")

    def is_wild(self, card: Card) -> bool:
        if not card.suit:
            return self.jokers_wild
        return card.rank in self.wild_ranks

    def wild_limit(self, naturals: int) -> int:
        """How many wilds a meld with this many real cards may hold."""
        if self.naturals_per_wild:
            return min(self.max_wilds, naturals // self.naturals_per_wild)
        return self.max_wilds

    @property
    def run_positions(self) -> tuple[int, int]:
        """The lowest and highest position a run slot may have (ace low = 1, high = 14)."""
        return {"low": (1, 13), "high": (2, 14), "either": (1, 14), "round": (1, 13)}[self.ace]


def rank_at(pos: int) -> int:
    """The rank a run position stands for: 14 is the high ace, and round-the-corner
    positions past 13 wrap."""
    return (pos - 1) % 13 + 1


@dataclass(frozen=True)
class Meld:
    """A meld on the table or in a hand arrangement.

    ``kind`` is ``"set"`` or ``"run"``; ``cards`` in table order (a run low to high);
    ``rank`` is a set's rank; a run's ``suit`` and ``start`` position say what each slot
    represents (see :func:`rank_at`).
    """

    kind: str
    cards: tuple
    rank: int = 0
    suit: str = ""
    start: int = 0
    is_tile: bool = field(default=False, compare=False)

    # -- what the slots stand for ------------------------------------------------------
    def represented(self) -> list[Card | None]:
        """The card each slot stands for (runs), or None for a set's wilds."""
        reps = self.__dict__.get("_reps")       # a meld never changes: work it out once
        if reps is None:
            if self.kind == "set":
                reps = tuple(c if c.suit and c.rank == self.rank and not _set_wild(c, self)
                             else None for c in self.cards)
            else:
                reps = tuple(Card(rank_at(self.start + i), self.suit, self.is_tile)
                             for i in range(len(self.cards)))
            object.__setattr__(self, "_reps", reps)
        return list(reps)

    def positions(self) -> list[int]:
        """Run slot positions (1 = low ace ... 14 = high ace); a set's rank for sets."""
        if self.kind == "set":
            return [self.rank] * len(self.cards)
        return list(range(self.start, self.start + len(self.cards)))

    def wild_slots(self) -> list[int]:
        """Indexes of the cards that stand for a card other than themselves."""
        if self.kind == "set":
            return [i for i, c in enumerate(self.cards) if _set_wild(c, self)]
        return [i for i, (c, r) in enumerate(zip(self.cards, self.represented())) if c is not r]

    @property
    def is_pure(self) -> bool:
        """No card stands in for another (a wild-rank card used as itself keeps it pure)."""
        return not self.wild_slots()

    @property
    def end(self) -> int:
        return self.start + len(self.cards) - 1

    # -- text ----------------------------------------------------------------------------
    def __str__(self) -> str:
        text = self.__dict__.get("_text")      # (a value: written once)
        if text is None:
            text = self._write()
            object.__setattr__(self, "_text", text)
        return text

    def _write(self) -> str:
        out = []
        wild = set(self.wild_slots())
        reps = self.represented()
        for i, c in enumerate(self.cards):
            if i in wild and self.kind == "run":
                out.append(f"{c}={reps[i]}")
            else:
                out.append(str(c))
        return " ".join(out)

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def describe(self) -> str:
        """``run of hearts, 7 to 9`` / ``black run, 12 to 1`` / ``set of queens``: in words,
        never in codes (a plural like ``5s`` or a run like ``5s-8s`` would read as cards)."""
        if self.kind == "set":
            if self.rank == 0:
                return _("set of jokers")
            return _((TILE_SET_NAMES if self.is_tile else SET_NAMES)[self.rank])
        reps = self.represented()
        if self.is_tile:
            # TRANSLATORS: a run of tiles of one colour: "black run, 12 to 1"
            return _("{colour} run, {first} to {last}", colour=_(COLOUR_NAMES[self.suit]),
                     first=reps[0].rank, last=reps[-1].rank)
        ends = [_(RANK_NAMES[c.rank]) if c.rank in RANK_NAMES else str(c.rank)
                for c in (reps[0], reps[-1])]
        # TRANSLATORS: a run of cards of one suit: "run of hearts, 7 to 9", "…, 10 to ace"
        return _("run of {suit}, {first} to {last}", suit=_(SUIT_NAMES[self.suit]),
                 first=ends[0], last=ends[1])

    @classmethod
    def parse(cls, text: str, rules: MeldRules) -> "Meld":
        """Read a meld, with wilds' stand-ins written ``Jk=8h`` where they matter."""
        cards, reps = parse_meld_tokens(text)
        options = interpretations(cards, rules, reps)
        if not options:
            raise MeldError(explain_not_meld(cards, rules, reps))
        if len(options) > 1:
            raise MeldError(ambiguity_message(options))
        return options[0]


def _set_wild(card: Card, meld: Meld) -> bool:
    if not card.suit:
        return meld.rank != 0       # a joker in a set of jokers is itself
    return card.rank != meld.rank


def parse_meld_tokens(text: str | Sequence[str]) -> tuple[list[Card], list[Card | None]]:
    """Split ``"7h Jk=8h 9h"`` into cards and the stand-ins written for them."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards, reps = [], []
    for tok in tokens:
        if "=" in tok:
            a, b = tok.split("=", 1)
            cards.append(Card.parse(a))
            reps.append(parse_rep(b))
        else:
            cards.append(Card.parse(tok))
            reps.append(None)
    return cards, reps


def parse_rep(text: str):
    """What a wild stands for: a card (``8h``) in a run, a rank (``8``, ``Q``) in a set."""
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    if text.isdigit() or text.upper() in ranks:
        rank = ranks.get(text.upper()) or int(text)
        if not 1 <= rank <= 13:
            raise CardSyntaxError(_("{text} is not a rank", text=text))
        return SetRank(rank)
    return Card.parse(text)


def ambiguity_message(options: Sequence[Meld]) -> str:
    return _("Say which card each wild stands for: {choices}",
             choices=join_or(f"'{said(m)}'" for m in options))


def said(m: Meld) -> str:
    """A meld as a player says it: a set's wilds with the rank they stand for (``Jk=7``)."""
    if m.kind != "set" or not m.wild_slots():
        return str(m)
    wild = set(m.wild_slots())
    rank = RANK_TEXT.get(m.rank, str(m.rank))
    return " ".join(f"{c}={rank}" if i in wild else str(c) for i, c in enumerate(m.cards))


# -- recognising melds ---------------------------------------------------------------------

def interpretations(cards: Sequence[Card], rules: MeldRules,
                    reps: Sequence[Card | None] | None = None) -> list[Meld]:
    """Every meld these cards can form (differing in what the wilds stand for).

    ``reps`` optionally fixes, card by card, what a wild stands for. The result is empty
    when the cards are not a meld; :func:`explain_not_meld` then says why.
    """
    reps = list(reps) if reps is not None else [None] * len(cards)
    found: dict[tuple, Meld] = {}
    for m in _set_options(cards, rules, reps) + _run_options(cards, rules, reps):
        found.setdefault((m.kind, m.rank, m.suit, m.start, m.cards), m)
    return list(found.values())


def _split(cards, rules, reps):
    """Cards that must be natural, cards that may go either way (wild ranks), and wilds."""
    naturals, flexible, wilds = [], [], []
    for c, r in zip(cards, reps):
        if not rules.is_wild(c) or r is c:
            naturals.append(c)        # (a wild-rank card said to be itself: ``2c=2c``)
        elif c.suit and r is None:
            flexible.append(c)        # a wild-rank card: itself, or a stand-in
        else:
            wilds.append((c, r))
    return naturals, flexible, wilds


def _wild_ok(n_nat: int, n_wild: int, rules: MeldRules) -> bool:
    return n_nat >= rules.min_naturals and n_wild <= rules.wild_limit(n_nat)


def _set_options(cards, rules, reps) -> list[Meld]:
    n = len(cards)
    if not (rules.set_min <= n <= rules.set_max):
        return []
    if rules.joker_sets and not rules.jokers_wild and any(not c.suit for c in cards):
        if all(c is JOKER for c in cards):
            return [Meld("set", tuple(cards), rank=0)]
        return []
    naturals, flexible, wilds = _split(cards, rules, reps)
    out = []
    # each wild-rank card is used either as itself or as a stand-in
    for k in range(len(flexible) + 1 if rules.wild_rank_sets else 1):
        for as_self in combinations(range(len(flexible)), k):
            nat = naturals + [flexible[i] for i in as_self]
            n_wild = n - len(nat)
            if n_wild and not rules.wilds_in_sets:
                continue
            if not _wild_ok(len(nat), n_wild, rules):
                continue
            ranks = {c.rank for c in nat}
            fixed = {r.rank for c, r in wilds if r is not None}
            cand = ranks | fixed
            if len(cand) > 1:
                continue
            if not cand:
                continue  # an all-wild set has no rank to stand for
            rank = cand.pop()
            if not rules.wild_rank_sets and rank in rules.wild_ranks:
                continue  # twos are wild: there is no set of twos (Push)
            if rules.set_distinct_suits and len({c.suit for c in nat}) != len(nat):
                continue
            others = [flexible[i] for i in range(len(flexible)) if i not in as_self]
            if any(c.rank == rank for c in others):
                continue  # a card of the set's own rank is itself, not a stand-in
            # the stand-ins in a fixed order (jokers, then wild ranks by code), whatever the
            # player said of them: one set is written one way, in saves and deal strings
            ordered = tuple(sorted(nat, key=lambda c: c.code) +
                            sorted([c for c, _ in wilds] + others,
                                   key=lambda c: (bool(c.suit), c.code)))
            out.append(Meld("set", ordered, rank=rank, is_tile=cards[0].is_tile))
    return out


def _run_options(cards, rules, reps) -> list[Meld]:
    n = len(cards)
    if n < rules.run_min or n > 13:
        return []
    naturals, flexible, wilds = _split(cards, rules, reps)
    lo, hi = rules.run_positions
    is_tile = cards[0].is_tile
    out = []
    for k in range(len(flexible) + 1):
        for as_self in combinations(range(len(flexible)), k):
            nat = naturals + [flexible[i] for i in as_self]
            stand_ins = list(wilds) + [(flexible[i], None) for i in range(len(flexible))
                                       if i not in as_self]
            if not _wild_ok(len(nat), n - len(nat), rules):
                continue
            if any(isinstance(r, SetRank) for _, r in stand_ins):
                continue  # a wild said to stand for a rank belongs in a set
            suits = {c.suit for c in nat} | {r.suit for _, r in stand_ins if r is not None}
            if len(suits) > 1:
                continue
            suit = suits.pop() if suits else None
            if suit is None:
                continue  # an all-wild run: no suit to stand for
            starts = range(1, 14) if rules.ace == "round" else range(lo, hi - n + 2)
            for start in starts:
                slots: list[Card | None] = [None] * n
                ok = True
                for c in nat:
                    p = _slot_of(c.rank, start, n, rules)
                    if p is None or slots[p] is not None:
                        ok = False
                        break
                    slots[p] = c
                if not ok:
                    continue
                free = [i for i in range(n) if slots[i] is None]
                fixed = [(c, r) for c, r in stand_ins if r is not None]
                loose = [c for c, r in stand_ins if r is None]
                for c, r in fixed:
                    p = _slot_of(r.rank, start, n, rules) if r.suit == suit else None
                    if p is None or slots[p] is not None:
                        ok = False
                        break
                    slots[p] = c
                if not ok:
                    continue
                free = [i for i in range(n) if slots[i] is None]
                for i, c in zip(free, loose):
                    slots[i] = c
                m = Meld("run", tuple(slots), suit=suit, start=start, is_tile=is_tile)
                # a loose stand-in must not stand for itself (then it is natural, counted above)
                reps_ = m.represented()
                if any(reps_[i] is slots[i] for i in free[:len(loose)]):
                    continue
                # a wild-rank card standing in while its own slot holds another stand-in
                # is the same meld made less pure: keep only the purer reading
                # (unless what each stand-in is was said: a meld laid so stays as laid)
                wild_cards = {slots[i] for i in m.wild_slots()}
                if loose and any(reps_[i] in wild_cards for i in m.wild_slots()):
                    continue
                out.append(m)
    return out


def _slot_of(rank: int, start: int, n: int, rules: MeldRules) -> int | None:
    """Which slot of a run starting at ``start`` a card of ``rank`` fills, if any."""
    for pos in ((rank, 14) if rank == 1 and rules.ace in ("high", "either") else (rank,)):
        if rules.ace == "high" and pos == 1:
            continue
        if rules.ace == "round":
            off = (pos - start) % 13
        else:
            off = pos - start
        if 0 <= off < n:
            return off
    return None


def explain_not_meld(cards: Sequence[Card], rules: MeldRules,
                     reps: Sequence[Card | None] | None = None) -> str:
    """Why these cards are not a meld, in a player's words."""
    reps = list(reps) if reps is not None else [None] * len(cards)
    n = len(cards)
    naturals, flexible, wilds = _split(cards, rules, reps)
    real = naturals + flexible
    if n < min(rules.set_min, rules.run_min):
        return n_("A meld needs at least {n} card", "A meld needs at least {n} cards",
                  min(rules.set_min, rules.run_min))
    if rules.joker_sets and not rules.jokers_wild and any(c is JOKER for c in cards):
        return _("Jokers are not wild here: they meld only with each other, as a set of jokers")
    if len(real) < rules.min_naturals:
        return _("A meld needs at least one real card, not only wilds")
    if rules.naturals_per_wild and len(wilds) > len(real) // rules.naturals_per_wild:
        return n_("Each wild needs {n} real card beside it in a meld",
                  "Each wild needs {n} real cards beside it in a meld", rules.naturals_per_wild)
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    if len(ranks) == 1 and len(naturals) > 1:
        if n > rules.set_max:
            return n_("A set has at most {n} card", "A set has at most {n} cards",
                      rules.set_max)
        if rules.set_distinct_suits and len(suits) < len(naturals):
            return _("Two identical cards never make a set: a set's suits must all differ")
        if wilds and not rules.wilds_in_sets:
            return _("Wilds may not be used in sets in this game")
    if len(suits) == 1 and len(naturals) > 1:
        rs = sorted(c.rank for c in naturals)
        if len(set(rs)) < len(rs):
            return _("A run cannot hold the same card twice")
        if 1 in rs and 13 in rs and rules.ace != "round" and 2 in rs:
            if naturals[0].is_tile:
                return (_("13-1-2 is not a run: a 1 comes before the 2 (1-2-3) or after the 13 "
                          "(12-13-1), never between them"))
            return (_("K-A-2 is not a run: an ace is low (A-2-3) or high (Q-K-A), never in the "
                      "middle"))
        if 1 in rs and rules.ace == "low" and 13 in rs:
            return _("Aces are low only in this game: Q-K-A is not a run")
        if 1 in rs and rules.ace == "high" and 2 in rs:
            return _("Aces are high only in this game: A-2-3 is not a run")
        return _("These cards are not consecutive, and there are not enough wilds to fill the "
                 "gaps")
    if len(suits) > 1 and len(ranks) > 1:
        return _("A meld is either a set (one rank) or a run (one suit in sequence)")
    return _("These cards do not make a set or a run")


def layoff_results(meld: Meld, card: Card, rules: MeldRules,
                   rep: Card | None = None) -> list[Meld]:
    """The melds that adding ``card`` to ``meld`` can make (empty if it does not fit).

    Lay-offs never move a card already on the table: the new card goes at one end of a run
    or joins a set.
    """
    if not rules.is_wild(card) and (card.rank != meld.rank if meld.kind == "set"
                                    else card.suit != meld.suit):
        return []               # a natural card joins only its rank's set or its suit's run
    if meld.kind == "set":
        if len(meld.cards) + 1 > rules.set_max:
            return []
        opts = _set_options(list(meld.cards) + [card], rules,
                            [None] * len(meld.cards) + [rep])
        return [m for m in opts if m.rank == meld.rank]
    out = []
    n = len(meld.cards)
    # (the end is named, not found by identity: with two decks the run may already hold
    # this very card at its other end, and 7d laid on 7d-8d-9d-10d is not its jack)
    for slot, new_start, cards in ((0, meld.start - 1, (card,) + meld.cards),
                                   (n, meld.start, meld.cards + (card,))):
        lo, hi = rules.run_positions
        if n + 1 > 13:
            continue        # 13 ranks: a 14th card would put the ace at both ends
        if rules.ace != "round" and not (lo <= new_start and new_start + n <= hi):
            continue
        if rules.ace == "round":
            if n + 1 > 13:
                continue
            new_start = (new_start - 1) % 13 + 1
        m = Meld("run", cards, suit=meld.suit, start=new_start, is_tile=meld.is_tile)
        reps_ = m.represented()
        target = reps_[slot]
        if rules.is_wild(card):
            if isinstance(rep, SetRank) or (rep is not None and rep is not target):
                continue
            if card is not target and card.suit and not rules.is_wild(card):
                continue
        elif card is not target:
            continue
        kept = [i + (1 if slot == 0 else 0) for i in meld.wild_slots()]
        nat = sum(1 for i in range(n + 1) if i not in kept and (i != slot or card is target))
        if not _wild_ok(nat, n + 1 - nat, rules):
            continue
        out.append(m)
    return out


def possible_melds(hand: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every distinct meld that can be laid from ``hand``, wild readings included.

    Sets take any choice of the rank's suits plus wilds; runs take any window of one suit,
    each slot filled by its natural card or by a wild (a wild may be used even where the
    natural card is held, to keep that card for something else).
    """
    wilds = [c for c in hand if rules.is_wild(c)]
    naturals = [c for c in hand if not rules.is_wild(c) or c.suit]  # wild ranks are both
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, set[int]] = {}
    for c in dict.fromkeys(naturals):
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, set()).add(c.rank)
    out: dict[tuple, Meld] = {}
    if rules.joker_sets and not rules.jokers_wild:
        jokers = [c for c in hand if c is JOKER]
        for k in range(rules.set_min, min(len(jokers), rules.set_max) + 1):
            m = Meld("set", (JOKER,) * k, rank=0)
            out[("set", 0, "", 0, m.cards)] = m
        naturals = [c for c in naturals if c is not JOKER]

    def wild_choices(k: int, exclude: Sequence[Card] = ()):
        pool = list(wilds)
        for c in exclude:
            if c in pool:
                pool.remove(c)
        return dict.fromkeys(tuple(sorted(x, key=str)) for x in combinations(pool, k))

    def add(cards: list[Card], reps: list):
        for m in interpretations(cards, rules, reps):
            out.setdefault((m.kind, m.rank, m.suit, m.start, m.cards), m)

    # without wilds every candidate below is a meld with one reading: it is built directly
    # (a large hand has hundreds; reading each again is most of the work)
    plain = not wilds and rules.ace != "round" and rules.min_naturals <= rules.run_min

    for rank, group in by_rank.items():
        for k in range(1, min(len(group), rules.set_max) + 1):
            for nat in combinations(group, k):
                for w in range(0, min(len(wilds), rules.set_max - k) + 1):
                    if k + w < rules.set_min:
                        continue
                    if plain and (not rules.set_distinct_suits or
                                  len({c.suit for c in nat}) == k):
                        cards = tuple(sorted(nat, key=lambda c: c.code))
                        out.setdefault(("set", rank, "", 0, cards),
                                       Meld("set", cards, rank=rank, is_tile=cards[0].is_tile))
                        continue
                    for ws in wild_choices(w, nat):
                        add(list(nat) + list(ws), [None] * k + [SetRank(rank)] * w)
    is_tile = bool(hand) and hand[0].is_tile
    lo, hi = rules.run_positions
    for suit, ranks in by_suit.items():
        starts = range(1, 14) if rules.ace == "round" else range(lo, hi + 1)
        for a in starts:
            nat_slots = []
            for length in range(1, 14):
                pos = a + length - 1
                if rules.ace != "round" and pos > hi:
                    break
                r = rank_at(pos)
                nat_slots.append(r in ranks and not (rules.ace == "high" and pos == 1)
                                 and not (rules.ace == "low" and pos == 14))
                if length < rules.run_min:
                    continue
                missing = nat_slots.count(False)
                if missing > len(wilds) or missing == length:
                    if missing > len(wilds):
                        break
                    continue
                present = [i for i, ok in enumerate(nat_slots) if ok]
                if plain and length < 13:       # (13 cards read two ways with the ace)
                    cards = tuple(Card(rank_at(a + i), suit, is_tile) for i in range(length))
                    out.setdefault(("run", 0, suit, a, cards),
                                   Meld("run", cards, suit=suit, start=a, is_tile=is_tile))
                    continue
                for extra in range(0, len(wilds) - missing + 1):
                    for swap in combinations(present, extra):
                        if len(present) - extra < max(1, rules.min_naturals):
                            continue
                        slots, reps, need = [], [], 0
                        for i in range(length):
                            r = Card(rank_at(a + i), suit, is_tile)
                            if nat_slots[i] and i not in swap:
                                slots.append(r)
                                reps.append(None)
                            else:
                                slots.append(None)
                                reps.append(r)
                                need += 1
                        nat_used = [c for c in slots if c is not None]
                        for ws in wild_choices(need, nat_used):
                            it = iter(ws)
                            cards = [c if c is not None else next(it) for c in slots]
                            add(cards, reps)
    return list(out.values())


MAX_COVER = 14          # cards a selection is read from (the search grows as 2**n)


def covers(cards: Sequence[Card], rules: MeldRules, limit: int = 12, kinds=("set", "run"),
           most: int = 99, accept=lambda melds: True) -> list[tuple]:
    """Every way (up to ``limit``) to lay exactly these ``cards`` as at most ``most`` melds of
    ``kinds``, wild readings included, that ``accept`` takes: what a player means by "these
    cards are my contract" (Push) or "my initial meld" (tile Rami)."""
    cards = list(cards)
    n = len(cards)
    if n > MAX_COVER or n < 3:
        return []
    melds_at: dict[int, list] = {}          # lowest index -> [(mask, meld)]
    for size in range(3, n + 1):
        for idx in combinations(range(n), size):
            nat = [cards[i] for i in idx if not rules.is_wild(cards[i])]
            if len({c.rank for c in nat}) > 1 and len({c.suit for c in nat}) > 1:
                continue
            mask = sum(1 << i for i in idx)
            for m in interpretations([cards[i] for i in idx], rules):
                if m.kind in kinds:
                    melds_at.setdefault(idx[0], []).append((mask, m))
    full = (1 << n) - 1
    out: dict[str, tuple] = {}

    def cover(used: int, chosen: list):
        if len(out) >= limit:
            return
        if used == full:
            if accept(chosen):
                out.setdefault(" / ".join(sorted(str(m) for m in chosen)), tuple(chosen))
            return
        if len(chosen) == most:
            return
        first = next(i for i in range(n) if not used >> i & 1)
        for mask, m in melds_at.get(first, ()):
            if not mask & used:
                chosen.append(m)
                cover(used | mask, chosen)
                chosen.pop()

    cover(0, [])
    return list(out.values())
