"""A seat's view of the game as a fixed-size vector of numbers in [0, 1].

:class:`Encoder` turns a :class:`~rami.view.PlayerView` (and the tokens the seat has chosen
so far in a move, :mod:`rami.rl.codec`) into one ``float32`` vector whose size depends only
on the game and its number of players. Nothing else goes in: the encoding is a pure
function of the view, so an agent sees exactly what a person at that seat sees.

Seats are counted from the observer: seat ``+0`` is the observer, ``+1`` the next to play
after it, and so on. A "piece plane" is 53 numbers, one per piece in token order (card code,
then the joker or Joly), each the number of such pieces divided by how many the game's deck
holds. :meth:`Encoder.layout` lists the parts, their offsets and sizes (docs/rl.md prints
it for every game).
"""

from __future__ import annotations

import math

import numpy as np

from ..cards import Card, SUITS, COLOURS
from ..state import GameState, Phase
from ..variants import find_variant
from ..view import PlayerView
from .codec import AS_PIECE, GROUP_END, KIND, KINDS, PIECES, TARGET, piece

PHASES = tuple(Phase)


def fitted_rules(variant: str, players: int, rules: dict | None = None) -> dict:
    """The house rules asked for, on top of those the number of players needs (Push at 5 or
    6: no partnerships), as a lobby keeps them."""
    return {**find_variant(variant).fit_options(players, {}), **(rules or {})}


class Encoder:
    """The encoding of one game at one number of seats, under its house rules (``size``
    numbers). Rules the game refuses are refused here, in its words."""

    def __init__(self, variant: str, players: int, rules: dict | None = None):
        self.var = find_variant(variant)
        self.n = players
        deck = self.var.deck(GameState(self.var.name, players, rules or {}, 0))
        self.tiles = self.var.uses_tiles
        most = np.ones(PIECES, dtype=np.float32)
        counts = np.zeros(PIECES, dtype=np.float32)
        for c in deck:
            counts[piece(c)] += 1
        self.copies = np.maximum(counts, most)         # how many of each piece the deck holds
        self.deck_size = max(1, len(deck))
        self.slots = min(64, self.deck_size // 3)       # table melds described
        self.hand_scale = 20.0
        self.numbers = self.var.public_numbers       # (the game's own, with their scale)
        self._wild: dict = {}
        self._memos: dict = {}                          # seat -> what its events told
        parts = [("hand", PIECES), ("discard top", PIECES), ("discard pile (remembered)", PIECES),
                 ("discard pile (visible)", PIECES), ("taken this turn", PIECES),
                 ("on the table", PIECES), ("wild this deal", PIECES)]
        for r in range(1, players):
            parts += [(f"seat +{r} holds (taken from the pile)", PIECES),
                      (f"seat +{r} threw", PIECES),
                      (f"seat +{r} passed by", PIECES),
                      (f"seat +{r} laid on the table", PIECES),
                      (f"seat +{r} shows", PIECES)]
        parts += [("cards in each hand", players), ("has melded", players),
                  ("to play", players), ("dealer", players), ("score", players),
                  ("phase", len(PHASES)), ("stock and pile sizes", 2), ("hand number", 1),
                  ("game numbers", max(1, len(self.numbers))),
                  (f"table melds ({self.slots} x {21 + players})", self.slots * (21 + players)),
                  ("move so far: kind", len(KINDS)), ("move so far: pieces", PIECES),
                  ("move so far: wilds stand for", 65), ("move so far: table melds", self.slots),
                  ("move so far: groups closed", 1)]
        self.parts = parts
        self.offsets = {}
        at = 0
        for name, size in parts:
            self.offsets[name] = at
            at += size
        self.size = at

    def layout(self) -> list[tuple[str, int, int]]:
        """(part, offset, size) of every part of the vector."""
        return [(name, self.offsets[name], size) for name, size in self.parts]

    # -- helpers --------------------------------------------------------------------------
    def _wild_plane(self, view: PlayerView) -> np.ndarray:
        wild_rank = view.info.get("wild_rank")
        plane = self._wild.get(wild_rank)
        if plane is None:
            options = dict(view.options)
            if wild_rank is not None and hasattr(self.var, "deal_options"):
                options = self.var.deal_options(options, wild_rank)
            rules = self.var.solver_for(options).rules
            plane = np.zeros(PIECES, dtype=np.float32)
            for code in range(52):
                if rules.is_wild(Card._by_key[(self.tiles, code)]):
                    plane[code] = 1
            plane[52] = 1
            self._wild[wild_rank] = plane
        return plane

    def _memory(self, view: PlayerView, seat_plane: list, size: int):
        """(the pile, the cards each seat took and holds, the counts of the planes of what
        the others threw and passed by) after this hand's events so far. Kept per seat and
        brought up to date from the last event read, when the view's log still holds that
        very event at that place (a seat's log only grows during a hand; any other log is
        read from its start)."""
        n, me = self.n, view.seat
        events = view.events
        memo = self._memos.get(me)
        if memo is not None and 0 < memo[0] <= len(events) and events[memo[0] - 1] is memo[1] \
                and memo[5] is events[0]:
            done, pile, held, seen = memo[0], memo[2], memo[3], memo[4]
        else:
            done, pile, held, seen = 0, [], [[] for _ in range(n)], np.zeros(size, np.float32)
        for e in events[done:]:
            k, s = e.kind, e.seat
            if k == "deal":
                pile = [piece(e.card)] if e.card is not None else []
                continue
            if s < 0 or s >= n:
                continue
            if k == "take" and e.card is not None:
                c = piece(e.card)
                if pile and pile[-1] == c:
                    pile.pop()
                held[s].append(c)
            elif (k == "discard" or k == "knock") and e.card is not None:
                c = piece(e.card)
                pile.append(c)
                if s != me:
                    seen[seat_plane[s] + PIECES + c] += 1
                if c in held[s]:
                    held[s].remove(c)
            elif (k == "pass" or k == "draw") and s != me and pile:
                seen[seat_plane[s] + 2 * PIECES + pile[-1]] += 1
        if events:
            self._memos[me] = (len(events), events[-1], pile, held, seen, events[0])
        return pile, held, seen

    # -- the encoding ---------------------------------------------------------------------
    def encode(self, view: PlayerView, prefix=()) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        n, me, off = self.n, view.seat, self.offsets
        rel = [(me + r) % n for r in range(n)]
        # the piece planes, counted in one list, then scaled by the deck's copies at once
        # (each clipped to 1: a card thrown, taken back and thrown again counts once)
        planes = 7 + 5 * (n - 1)
        seat_plane = [0] * n                    # a seat's first plane (+ 0..4)
        for r in range(1, n):
            seat_plane[rel[r]] = (7 + 5 * (r - 1)) * PIECES
        # what every seat has seen of this hand's discard pile (as rami's Expert remembers
        # it, rami.bots.expert.Memory): the pile, cards taken and still held, thrown, passed
        pile, held, seen = self._memory(view, seat_plane, planes * PIECES)
        at = [piece(c) for c in view.hand]
        at += [3 * PIECES + piece(c) for c in view.discard]
        at += [2 * PIECES + c for c in pile]
        for s in range(n):
            if s != me:
                base = seat_plane[s]
                at += [base + c for c in held[s]]
                at += [base + 4 * PIECES + piece(c) for c in view.revealed.get(s, ())]
        for tm in view.table:
            for card, who in zip(tm.meld.cards, tm.played_by):
                c = piece(card)
                at.append(5 * PIECES + c)
                if 0 <= who < n and who != me:
                    at.append(seat_plane[who] + 3 * PIECES + c)
        block = np.bincount(at, minlength=planes * PIECES).astype(np.float32)
        block += seen
        block = block.reshape(planes, PIECES)
        block /= self.copies
        np.minimum(block, 1.0, out=block)
        out[:planes * PIECES] = block.ravel()
        if view.discard:
            out[off["discard top"] + piece(view.discard[-1])] = 1
        if view.taken is not None:
            out[off["taken this turn"] + piece(view.taken)] = 1
        w = off["wild this deal"]
        out[w:w + PIECES] = self._wild_plane(view)
        sides = len(view.scores)
        for r, s in enumerate(rel):
            out[off["cards in each hand"] + r] = min(1.0, view.hand_counts[s] / self.hand_scale)
            out[off["has melded"] + r] = 1.0 if view.melded and view.melded[s] else 0.0
            score = view.scores[view.teams[s]] if view.teams[s] < sides else 0
            out[off["score"] + r] = 0.5 + 0.5 * math.tanh(score / 100.0)
        if view.phase != Phase.MATCH_OVER and 0 <= view.turn < n:
            out[off["to play"] + (view.turn - me) % n] = 1
        if 0 <= view.dealer < n:
            out[off["dealer"] + (view.dealer - me) % n] = 1
        out[off["phase"] + PHASES.index(view.phase)] = 1
        out[off["stock and pile sizes"]] = min(1.0, view.stock_count / self.deck_size)
        out[off["stock and pile sizes"] + 1] = min(1.0, view.discard_count / self.deck_size)
        out[off["hand number"]] = min(1.0, view.hand_no / 20.0)
        for i, (key, scale) in enumerate(self.numbers):
            v = view.info.get(key)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                out[off["game numbers"] + i] = min(1.0, max(0.0, v / scale))
        self._melds(out, view, me)
        self._prefix(out, prefix)
        return out

    def _melds(self, out, view: PlayerView, me: int) -> None:
        n, width = self.n, 21 + self.n
        base = self.offsets[f"table melds ({self.slots} x {width})"]
        colours = COLOURS if self.tiles else SUITS
        for k, tm in enumerate(view.table[:self.slots]):
            m = tm.meld
            at = base + k * width
            out[at] = 1
            out[at + 1] = m.kind == "set"
            out[at + 2] = m.kind == "run"
            rank = m.rank if m.kind == "set" else m.start
            if rank:
                out[at + 3 + (rank - 1) % 13] = 1
            if m.suit and m.suit in colours:
                out[at + 16 + colours.index(m.suit)] = 1
            out[at + 20] = min(1.0, len(m.cards) / 13)
            if 0 <= tm.owner < n:
                out[at + 21 + (tm.owner - me) % n] = 1

    def _prefix(self, out, prefix) -> None:
        off = self.offsets
        groups = 0
        for t in prefix:
            if t < PIECES:
                at = off["move so far: pieces"] + t
                out[at] = min(1.0, out[at] + 1 / self.copies[t])
            elif t < KIND:
                out[off["move so far: wilds stand for"] + t - AS_PIECE] = 1
            elif t < TARGET:
                out[off["move so far: kind"] + t - KIND] = 1
            elif t < TARGET + self.slots:
                out[off["move so far: table melds"] + t - TARGET] = 1
            elif t == GROUP_END:
                groups += 1
        out[off["move so far: groups closed"]] = min(1.0, groups / 8)
