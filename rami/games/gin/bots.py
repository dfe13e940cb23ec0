"""Gin Rummy's Good and Beginner players (the Expert, which reads the learned opponent
model, is :mod:`rami.games.gin.expert`)."""

from __future__ import annotations

from ...actions import DEAL, DONE, DRAW, PASS, TAKE, BigGin, Discard, Knock, LayOff
from ...state import Phase
from ...view import PlayerView
from ...bots.heuristic import HeuristicBot
from ...bots.beginner import Beginner


class GinBot(HeuristicBot):
    def choose(self, view: PlayerView):
        legal = view.legal
        if view.phase == Phase.UPCARD:
            return TAKE if self.take_helps(view) else PASS
        if view.phase == Phase.DRAW:
            if TAKE in legal and self.take_helps(view):
                return TAKE
            return DRAW
        if view.phase == Phase.PLAY:
            if any(isinstance(a, BigGin) for a in legal):
                return next(a for a in legal if isinstance(a, BigGin))
            knocks = [a for a in legal if isinstance(a, Knock)]
            if knocks:
                solver = self.solver(view)
                scored = []
                for a in knocks:
                    rest = list(view.hand)
                    rest.remove(a.card)
                    scored.append((solver.deadwood(rest), -self.value(view, a.card), a))
                scored.sort(key=lambda t: (t[0], t[1]))
                dead, _x, act = scored[0]
                # with many cards left in the stock, hold out for gin when close to it
                if dead == 0 or dead <= 4 or view.stock_count < 20:
                    return act
            cards = [a.card for a in legal if isinstance(a, Discard)]
            return Discard.of(self.best_discard(view, cards))
        if view.phase == Phase.LAYOFF:
            return self.best_layoff(view) or DONE
        if view.phase == Phase.HAND_OVER:
            return DEAL
        return legal[0]

    def best_layoff(self, view: PlayerView):
        """The lay-off that most lowers our deadwood, if any does."""
        solver = self.solver(view)
        now = solver.deadwood(list(view.hand))
        best = None
        for a in view.legal:
            if not isinstance(a, LayOff):
                continue
            rest = list(view.hand)
            rest.remove(a.card)
            d = solver.deadwood(rest)
            if d < now and (best is None or d < best[0]):
                best = (d, a)
        return best[1] if best else None


class BeginnerGin(Beginner, GinBot):
    def choose(self, view: PlayerView):
        knocks = [a for a in view.legal if isinstance(a, Knock)]
        if view.phase == Phase.PLAY and knocks and not any(a.kind == "gin"
                                                           for a in view.legal):
            solver = self.solver(view)

            def left(a):
                rest = list(view.hand)
                rest.remove(a.card)
                return (solver.deadwood(rest), a.card.code)
            return min(knocks, key=left)          # knock at the first chance
        return super().choose(view)
