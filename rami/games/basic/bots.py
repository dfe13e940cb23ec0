"""Basic Rummy's players: the Good player of the plain turn (draw, meld, lay off, discard),
which also plays any game that names no players of its own, its Beginner and its Expert
(the shared lookahead of :mod:`rami.bots.expert` over the Good player's judgement)."""

from __future__ import annotations

from ...actions import DEAL, DRAW, TAKE, Discard, LayOff, MeldCards, Turnover
from ...state import Phase
from ...view import PlayerView
from ...bots.heuristic import HeuristicBot
from ...bots.beginner import Beginner
from ...bots.expert import Lookahead


class BasicBot(HeuristicBot):
    def choose(self, view: PlayerView):
        legal = view.legal
        if view.phase == Phase.DRAW:
            if TAKE in legal and self.take_is_useful(view):
                return TAKE
            if DRAW in legal:
                return DRAW
            return next((a for a in legal if isinstance(a, Turnover)), legal[0])
        if view.phase == Phase.PLAY:
            return self.play(view)
        if view.phase == Phase.HAND_OVER:
            return DEAL
        return legal[0]

    def take_is_useful(self, view: PlayerView) -> bool:
        top = view.top_discard
        rules = self.var.rules_for(view.options)
        from ...melds import layoff_results
        if any(layoff_results(t.meld, top, rules) for t in view.table):
            return True
        return self.take_helps(view)

    def play(self, view: PlayerView):
        legal = view.legal
        melds = [a for a in legal if isinstance(a, MeldCards)]
        if melds:
            # lay the melds of the best arrangement, biggest first
            arr = self.solver(view).arrange(list(view.hand))
            wanted = {tuple(sorted(map(str, m.cards))) for m in arr.melds}
            fitting = [a for a in melds if tuple(sorted(map(str, a.cards))) in wanted]
            if fitting:
                return max(fitting, key=lambda a: len(a.cards))
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            solver = self.solver(view)
            now = solver.deadwood(list(view.hand))
            for a in layoffs:
                rest = list(view.hand)
                rest.remove(a.card)
                if solver.deadwood(rest) < now or len(rest) <= 1:
                    return a
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        return Discard.of(self.best_discard(view, discards))


class BeginnerBasic(Beginner, BasicBot):
    pass


class ExpertBasic(Lookahead, BasicBot):
    # going out decides a hand of Basic Rummy, and any loose card may be caught in hand:
    # weighing discards that keep more deadwood lost matches to the Good player (39% of
    # 500), so only the discards that keep the least deadwood are weighed again, over
    # every unseen card
    TIES_ONLY = True
    MARGIN = 0.0
    DRAWS = 64
    WEIGH_TAKE = True
    TAKE_MARGIN = 1.0
