"""SimpleGinRummyPlayer, the reference opponent of the EAAI Gin Rummy challenge (Todd Neller,
2020), rebuilt on rami's engine from its published description and source:

* **Face-up card**: draw it if it would be part of a meld with the cards in hand (any meld
  containing it, not only the best arrangement); otherwise draw from the stock. The same
  rule decides the first upcard.
* **Discard**: among the cards in hand (never the card just taken face up), a card chosen
  uniformly at random from those whose discard leaves the least deadwood.
* **Knock**: as soon as the best arrangement of the ten cards kept leaves at most the knock
  limit in deadwood (gin when it leaves none); it never holds out for gin, and never goes
  out with eleven cards (big gin) since that player always discards first.
* **Lay-offs** after the opponent knocks: every deadwood card that can be laid off is (the
  challenge's game manager lays off the defender's deadwood, as much as fits).
* It keeps no record of the opponent: no card counting, no inference.

rami's Gin rules match the challenge's: 10 cards, ace low, knock limit 10, gin bonus 25,
undercut bonus 25, a hand drawn when two cards are left in the stock.
"""

from __future__ import annotations

from rami.actions import DEAL, DONE, DRAW, PASS, TAKE, Discard, Knock, LayOff
from rami.bots import Bot
from rami.games.gin.model import in_some_meld, mask_of
from rami.melds import MeldRules
from rami.solver import Solver, gin_values
from rami.state import Phase
from rami.view import PlayerView

_SOLVER = Solver(MeldRules(ace="low", jokers_wild=False), gin_values())


def makes_meld(card, hand) -> bool:
    """Is ``card`` part of at least one set or run made with ``hand``?"""
    return in_some_meld(card.code, mask_of(hand))


class SimpleGinBot(Bot):
    name = "simple"

    def choose(self, view: PlayerView):
        legal = view.legal
        phase = view.phase
        if phase == Phase.UPCARD:
            return TAKE if makes_meld(view.top_discard, view.hand) else PASS
        if phase == Phase.DRAW:
            if TAKE in legal and makes_meld(view.top_discard, view.hand):
                return TAKE
            return DRAW
        if phase == Phase.PLAY:
            hand = list(view.hand)
            options = []
            for c in hand:
                if view.taken is not None and c == view.taken:
                    continue
                rest = list(hand)
                rest.remove(c)
                options.append((_SOLVER.deadwood(rest), c))
            least = min(d for d, _ in options)
            dead, card = self.rng.choice([(d, c) for d, c in options if d == least])
            knock = Knock.of(card)
            if dead <= view.info.get("knock_limit", 10) and knock in legal:
                return knock
            return Discard.of(card)
        if phase == Phase.LAYOFF:
            now = _SOLVER.deadwood(view.hand)
            for a in legal:         # a deadwood card that fits a meld of the knocker's
                if isinstance(a, LayOff):
                    rest = list(view.hand)
                    rest.remove(a.card)
                    if _SOLVER.deadwood(rest) < now:
                        return a
            return DONE
        if phase == Phase.HAND_OVER:
            return DEAL
        return legal[0]
