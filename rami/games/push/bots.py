"""Push's players: the Good player (the contract laid as soon as it can be, pushes and
takes weighed), the Beginner and the Expert (the shared lookahead)."""

from __future__ import annotations

from ...actions import DEAL, DRAW, PUSH, TAKE, Discard
from ...cards import Card
from ...melds import layoff_results
from ...state import Phase
from ...view import PlayerView
from ...bots.heuristic import HeuristicBot
from ...bots.beginner import Beginner
from ...bots.expert import Lookahead


class PushBot(HeuristicBot):
    """Push: lay the contract as soon as it can be laid, spending as few wilds and shedding
    as many points as possible; before it, keep the wilds and the cards that build towards
    this deal's sets or runs. Take the top discard when it completes the contract, fits a
    meld or a lay-off, or builds towards the contract; otherwise push it, unless pushing would
    hand the opponent on the left a wild or a card he can lay off (then take a cheap one).
    After the contract: rescue every wild that can be rescued, meld and lay off everything,
    and discard the card that is least useful and least helpful to the next player. With the
    stock empty, end the deal when our side holds fewer points than the others seem to."""

    TAKE_USEFUL = 4       # how much the top discard must build towards melds to be taken
    GIFT_TAKE = 3         # ... or how much it would help the opponent on the left

    def rules(self, view: PlayerView):
        return self.var.rules_for(view.options)

    def shapes(self, view: PlayerView):
        return self.var.shapes_for(view.hand_no, view.options)

    def choose(self, view: PlayerView):
        legal = view.legal
        if view.phase == Phase.HAND_OVER:
            return DEAL
        if view.phase == Phase.DRAW:
            return self.draw(view)
        if view.phase == Phase.PLAY:
            return self.play(view)
        return legal[0]

    # -- the draw ------------------------------------------------------------------------------
    def draw(self, view: PlayerView):
        legal = view.legal
        if TAKE not in legal:
            return legal[0]
        top = view.top_discard
        if PUSH not in legal:               # the stock is empty: take, or end the deal
            return DRAW if self.ending_pays(view) else TAKE
        if self.take_helps(view):
            return TAKE
        if self.gift(view, top) >= self.GIFT_TAKE and self.value(view, top) <= 10:
            return TAKE                     # do not hand the next player what he needs
        return PUSH

    def ending_pays(self, view: PlayerView) -> bool:
        """Our side's cards against the average side's, at about 9 points a card."""
        mine = sum(self.value(view, c) for c in view.hand)
        partners = [s for s in range(len(view.names)) if s != view.seat
                    and view.teams[s] == view.teams[view.seat]]
        ours = mine + 9 * sum(view.hand_counts[s] for s in partners)
        sides = {}
        for s, t in enumerate(view.teams):
            if t != view.teams[view.seat]:
                sides[t] = sides.get(t, 0) + 9 * view.hand_counts[s]
        return not sides or ours <= min(sides.values())

    def take_helps(self, view: PlayerView) -> bool:
        top = view.top_discard
        rules = self.rules(view)
        if top is None:
            return False
        if rules.is_wild(top):
            return True
        hand = list(view.hand)
        if not view.melded[view.seat]:
            from . import contract_melds_for
            shapes = self.shapes(view)
            if contract_melds_for(hand + [top], shapes, rules, limit=1) and \
                    not contract_melds_for(hand, shapes, rules, limit=1):
                return True
            return self.usefulness(view, hand + [top], top) >= self.TAKE_USEFUL
        if any(layoff_results(t.meld, top, rules) for t in view.table):
            return True
        return self.usefulness(view, hand + [top], top) >= self.TAKE_USEFUL

    def gift(self, view: PlayerView, card: Card) -> int:
        """How much ``card`` would help the opponent on our left."""
        left = self.next_player(view)
        if view.teams[left] == view.teams[view.seat]:
            return 0
        rules = self.rules(view)
        if rules.is_wild(card):
            return 5
        score = 0
        if view.melded[left] and any(layoff_results(t.meld, card, rules) for t in view.table):
            score += 3
        for e in view.events:
            if e.seat == left and e.kind == "take" and e.card is not None:
                if e.card.rank == card.rank:
                    score += 2
                elif e.card.suit == card.suit and abs(e.card.rank - card.rank) <= 2:
                    score += 1
        return score

    # -- the turn --------------------------------------------------------------------------------
    def play(self, view: PlayerView):
        legal = view.legal
        by_kind: dict = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "contract" in by_kind:
            return min(by_kind["contract"], key=lambda a: self.contract_key(view, a))
        rescued = set(view.info.get("rescued", ()))
        if rescued:
            uses = [a for a in by_kind.get("meld", []) + by_kind.get("layoff", [])
                    if rescued & {str(c) for c in getattr(a, "cards", ()) or (a.card,)}]
            if uses:
                return uses[0]
        if "rescue" in by_kind:
            return by_kind["rescue"][0]
        rules = self.rules(view)
        if "meld" in by_kind:
            return min(by_kind["meld"], key=lambda a: (
                sum(1 for c in a.cards if rules.is_wild(c)), -len(a.cards)))
        if "layoff" in by_kind:
            return min(by_kind["layoff"], key=lambda a: (rules.is_wild(a.card), a.meld))
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        return Discard.of(self.pick_discard(view, discards))

    def contract_key(self, view: PlayerView, a) -> tuple:
        rules = self.rules(view)
        cards = [c for m in a.melds for c in m.cards]
        return (sum(1 for c in cards if rules.is_wild(c)),
                -sum(self.value(view, c) for c in cards), str(a))

    def usefulness(self, view: PlayerView, hand, card: Card) -> int:
        """How much ``card`` builds towards melds with the rest of ``hand``."""
        rules = self.rules(view)
        if rules.is_wild(card):
            return 20
        kinds = {k for k, _ in self.shapes(view)} if not view.melded[view.seat] \
            else {"set", "run"}
        score = 0
        suits = set()
        for c in hand:
            if c is card or not c.suit or rules.is_wild(c):
                continue
            if "set" in kinds and c.rank == card.rank and c.suit != card.suit \
                    and c.suit not in suits:
                suits.add(c.suit)
                score += 3
            if "run" in kinds and c.suit == card.suit and c.rank != card.rank:
                gap = min(abs(c.rank - card.rank),
                          abs((14 if c.rank == 1 else c.rank) - (14 if card.rank == 1
                                                                 else card.rank)))
                score += 2 if gap <= 2 else (1 if gap == 3 else 0)
        return score

    def pick_discard(self, view: PlayerView, cards) -> Card:
        hand = list(view.hand)
        return min(dict.fromkeys(cards), key=lambda c: (
            self.usefulness(view, hand, c) + 2 * self.gift(view, c),
            -self.value(view, c), c.code))


class BeginnerPush(Beginner, PushBot):
    def draw(self, view: PlayerView):
        legal = view.legal
        if TAKE not in legal:
            return legal[0]
        if PUSH not in legal:
            return DRAW if self.ending_pays(view) else TAKE
        return TAKE if self.makes_meld(view, view.top_discard) else PUSH


class ExpertPush(Lookahead, PushBot):
    # a push hands the opponent on the left two cards (more to meld, more to be caught
    # with): the Expert takes the top discard only when it is a wild, completes its
    # contract or lays off, never merely because it builds towards a meld or would help the
    # next player (61.1% and 56.4% of two sets of 500 matches against the Good player,
    # 50.1% before); its discards keep loose cards with a partner (62.4% and 61.5% of the
    # same matches with KEEP_PARTIAL at 1.5)
    TAKE_USEFUL = 99
    GIFT_TAKE = 99
    KEEP_PARTIAL = 1.5

    def good_order(self, view: PlayerView, hand, cards) -> list[Card]:
        h = list(hand)
        return sorted(dict.fromkeys(cards), key=lambda c: (
            self.usefulness(view, h, c) + 2 * self.gift(view, c), -self.value(view, c),
            c.code))
