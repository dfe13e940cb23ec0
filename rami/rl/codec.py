"""rami's moves as integers: one small vocabulary of *tokens* for every game, and a move
written as a short sequence of them.

A move of rami (:mod:`rami.actions`) has a text form, ``meld 7h Jk=8h 9h`` or
``layoff 5c on 2``. Here it is spelt as tokens, one choice at a time::

    meld 7h Jk=8h 9h      ->  [meld] [7h] [Jk] [as 8h] [9h] [group end] [end]
    layoff 5c on 2        ->  [layoff] [5c] [meld 2] [end]
    discard Qs            ->  [discard] [Qs] [end]
    contract 7h 7d 2c=7 / 9s 10s Jk=Js Qs
                          ->  [contract] [7h] [7d] [2c] [as rank 7] [group end]
                              [9s] [10s] [Jk] [as Js] [Qs] [group end] [end]

The tokens (``VOCABULARY``, 213 of them, the same for every game):

==========  =======  ==========================================================
tokens      count    meaning
==========  =======  ==========================================================
0-52        53       a piece: card code ``13 * suit + rank - 1`` (suits s h d c;
                     tile colours in their order), 52 the joker (tiles: the Joly)
53-104      52       a wild stands for this piece (``Jk=8h``)
105-117     13       a wild in a set stands for this rank (``2c=7``)
118-142     25       the kind of move (``KINDS``: draw, take, meld...)
143-206     64       table meld number k (0-based): lay off on, rescue from...
207-210     4        the 2nd to 5th copy of a card down a spread discard pile
211         1        the end of a group (a meld, a group of a declaration)
212         1        the end of the move
==========  =======  ==========================================================

Only moves the engine lists as legal are ever spelt (:meth:`GameState.legal_actions`), so
the sequences of one position form a tree, and :class:`Decision` walks it: at each step its
``mask`` says which tokens continue some legal move. A step with one possible token is
taken at once (:meth:`Decision.forced`), so an agent is asked only real choices; the
move is played when its ``end`` is reached. This module is pure Python (no NumPy), so the
same spelling serves an environment, a bot, a log.
"""

from __future__ import annotations

from ..actions import Action
from ..cards import Card
from ..melds import SetRank

PIECES = 53                    # 0..51 the natural pieces, 52 the joker / Joly
AS_PIECE = 53                  # + code: a wild stands for this piece
AS_RANK = AS_PIECE + 52        # + rank - 1: a wild in a set stands for this rank
KINDS = ("draw", "take", "pass", "meld", "layoff", "rum", "discard", "knock", "gin",
         "turnover", "done", "deal", "drop", "push", "contract", "rescue", "open", "swap",
         "exposed", "doubla", "twin", "declare", "show", "rejoin", "decline")
KIND = AS_RANK + 13            # + index in KINDS
MAX_MELDS = 64                 # table melds a target token can name
TARGET = KIND + len(KINDS)     # + k: table meld k
MAX_COPY = 5
COPY = TARGET + MAX_MELDS      # + copy - 2: the 2nd..5th copy of a card down the pile
GROUP_END = COPY + MAX_COPY - 1
END = GROUP_END + 1
VOCABULARY = END + 1

_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


class CodecError(ValueError):
    """A move that the token vocabulary cannot spell (never one of rami's legal moves)."""


def piece(card: Card) -> int:
    return card.code if card.suit else 52


def _rep(rep) -> int:
    if isinstance(rep, SetRank):
        return AS_RANK + rep.rank - 1
    if isinstance(rep, Card) and rep.suit:
        return AS_PIECE + rep.code
    raise CodecError(f"a wild cannot stand for {rep!r}")


def _target(meld: int) -> int:
    if not 0 <= meld < MAX_MELDS:
        raise CodecError(f"table meld {meld + 1} is past the {MAX_MELDS} a token can name")
    return TARGET + meld


def _meld(out: list, m) -> None:
    reps = m.reps or (None,) * len(m.cards)
    for c, r in zip(m.cards, reps):
        out.append(piece(c))
        if r is not None:
            out.append(_rep(r))
    out.append(GROUP_END)


def _groups(out: list, groups) -> None:
    for g in groups:
        out.extend(piece(c) for c in g)
        out.append(GROUP_END)


def tokens(action: Action) -> tuple[int, ...]:
    """The move spelt as tokens, from its kind to ``END``."""
    k = action.kind
    i = _KIND_INDEX.get(k)
    if i is None:
        raise CodecError(f"no token for a move of kind {k!r}")
    out = [KIND + i]
    if k in ("discard", "knock", "doubla"):
        out.append(piece(action.card))
    elif k == "take":
        if action.card is not None:
            out.append(piece(action.card))
            if action.copy != 1:
                if not 2 <= action.copy <= MAX_COPY:
                    raise CodecError(f"copy {action.copy} of a card down the pile")
                out.append(COPY + action.copy - 2)
        if action.meld is not None:
            _meld(out, action.meld)
    elif k == "meld":
        _meld(out, action)
    elif k in ("layoff", "rescue"):     # a card, a table meld, and what a wild stands for
        out += [piece(action.card), _target(action.meld)]   # (or which wild is rescued)
        if k == "layoff" and action.rep is not None:
            out.append(_rep(action.rep))
        elif k == "rescue" and action.wild is not None:
            out.append(piece(action.wild))
    elif k == "rum":
        if action.meld is not None:
            out.append(_target(action.meld))
        if action.rep is not None:
            out.append(_rep(action.rep))
    elif k in ("contract", "open"):
        for m in action.melds:
            _meld(out, m)
    elif k == "swap":
        out.extend(piece(c) for c in action.cards)
        out += [GROUP_END, _target(action.meld)]
        _meld(out, action.new)
    elif k == "declare":
        out.append(piece(action.card))
        _groups(out, action.groups)
    elif k == "show":
        _groups(out, action.groups)
    out.append(END)
    return tuple(out)


def token_text(t: int, tiles: bool = False) -> str:
    """A token in words, for logs and documentation: ``7h``, ``as 8h``, ``meld 2``..."""
    def name(code):
        if code == 52:
            return "joly" if tiles else "Jk"
        return str(Card._by_key[(tiles, code)])
    if not 0 <= t < VOCABULARY:
        raise CodecError(f"no token {t}")
    if t < PIECES:
        return name(t)
    if t < AS_RANK:
        return "as " + name(t - AS_PIECE)
    if t < KIND:
        return "as rank " + str(SetRank(t - AS_RANK + 1))
    if t < TARGET:
        return KINDS[t - KIND]
    if t < COPY:
        return f"meld {t - TARGET + 1}"
    if t < GROUP_END:
        return f"copy {t - COPY + 2}"
    return "group end" if t == GROUP_END else "end"


class Decision:
    """One seat's choice among the legal moves of a position, token by token.

    ``prefix`` holds the tokens chosen so far; ``mask()`` the tokens that may follow;
    ``choose(t)`` takes one (and every forced token after it) and returns the move once
    it is complete, else None."""

    __slots__ = ("actions", "seqs", "live", "prefix", "done")

    def __init__(self, legal):
        self.actions = list(legal)
        self.seqs = [tokens(a) for a in self.actions]
        if len(set(self.seqs)) != len(self.seqs):
            raise CodecError("two legal moves are spelt alike")
        self.live = list(range(len(self.seqs)))
        self.prefix: list[int] = []
        self.done: Action | None = None
        self.forced()

    def next_tokens(self) -> list[int]:
        """The tokens that continue some legal move, in increasing order."""
        at = len(self.prefix)
        return sorted({self.seqs[i][at] for i in self.live})

    def forced(self) -> None:
        """Take every token that is the only one possible (the move is then done at its
        end)."""
        while self.done is None:
            nxt = self.next_tokens()
            if len(nxt) != 1:
                return
            self._take(nxt[0])

    def _take(self, t: int) -> None:
        at = len(self.prefix)
        self.live = [i for i in self.live if self.seqs[i][at] == t]
        self.prefix.append(t)
        if t == END:
            self.done = self.actions[self.live[0]]

    def choose(self, t: int) -> Action | None:
        """Take token ``t`` (a CodecError if it continues no legal move)."""
        t = int(t)
        if self.done is not None:
            raise CodecError("the move is already complete")
        at = len(self.prefix)
        if not any(self.seqs[i][at] == t for i in self.live):
            raise CodecError(f"token {t} ({token_text(t)}) continues no legal move here")
        self._take(t)
        self.forced()
        return self.done

    def completions(self) -> list[Action]:
        """The legal moves still open after the tokens chosen so far."""
        return [self.actions[i] for i in self.live]
