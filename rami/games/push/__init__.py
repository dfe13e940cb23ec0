"""Push, as ``docs/rules.md`` section 5 says: partnership contract rummy with the push draw.

Four players in two fixed partnerships, partners opposite (``partnerships``; off: four to six
single players, a third deck and its two jokers from five on). Two decks and four jokers, 108
cards; twos and jokers are wild. Five deals of 6, 7, 8, 9 and 10 cards (``ten_every_round``:
10 every deal), the deal passing clockwise; the first upcard is never wild (a wild one is
buried in the stock and the next card turned).

Each deal has its **contract**, the first melds a player lays, all in one move
(``contract 7h 7d 2c=7 / 9s 9d Jk=9``), before any other meld or lay-off; each player lays
his own: 1 two sets of three, 2 a set of three and a run of four, 3 two runs of four, 4 three
sets of three, 5 two runs of five (``round5_three_and_seven``: a run of three and a run of
seven). "Of three" means at least three. Sets hold 3 or 4 cards of distinct suits (two sets of
one rank may be laid); runs go ace high or low, and once laid are extended, never split or
joined. A meld may be all wilds, or one natural and wilds: then the player says set or run and
what each wild stands for (``Jk=7`` in a set, ``Jk=8h`` in a run), as every ambiguous meld in
rami is laid. A two may be itself in a run (A-2-3-4) and is then never rescued.

**The draw**: take the top discard (``take``), or **push** (``push``): the top stock card goes
face down on the top discard and both go into the hand of the opponent on the left, then the
pusher draws the next stock card. With an empty discard pile the player draws (``draw``).
After his contract a player melds and lays off on any meld, and may **rescue** a wild: put the
natural card it stands for in its place (``rescue 8h on 2``) and use that wild in the same
turn. He discards one card. Going out: no cards left, by melding or laying off all, or all but
one and discarding it. A player who must draw from an empty stock ends the deal (``draw``).

Scoring, per side: the side of the player who went out scores 0; every other side scores its
cards left in hand, 3-9 5, 10-K 10, ace 15, two and joker 20; if the stock ran out, every side
scores. After five deals the lower total wins (a tie is shared).

Readings where the rule book is silent:

* a set's rank is never two (twos are wild; a natural two is itself only in a run);
* the contract's melds may be longer than its minimum (a set of four, a run of six), and a
  player may go out with his contract;
* pushing with one card left in the stock pushes it, and the pusher's own draw then finds the
  stock empty: the deal ends;
* a rescue is a play on the table, so it needs the player's contract (laid earlier or in the
  same turn); a wild in a set is rescued by a card of the set's rank whose suit the set lacks;
  a rescue is allowed only when the wild can then be used, and the player may not discard while
  he still holds a rescued wild that he could use;
* as in the other games, the card taken from the discard pile may not be discarded that turn.

In a deal string, ``rescued: Jk`` names the rescued wilds the player to move must still use.
``hand: 3`` sets the deal (and so the contract).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ...actions import (DRAW, PUSH, TAKE, Action, Contract, LayOff, MeldCards, Push, Rescue)
from ...cards import Card, french_deck
from ...checks import need
from ...errors import OptionError
from ...known import holding
from ...melds import (Meld, MeldRules, SetRank, ambiguity_message, covers, explain_not_meld,
                     interpretations, layoff_results, rank_at)
from ...state import Phase, TableMeld
from ...variants.base import Option, Variant, meld_of_action
from ...i18n import N_, Said, _, glue, join, n_

DEALS = 5
CONTRACTS = (
    (("set", 3), ("set", 3)),
    (("set", 3), ("run", 4)),
    (("run", 4), ("run", 4)),
    (("set", 3), ("set", 3), ("set", 3)),
    (("run", 5), ("run", 5)),
)
THREE_AND_SEVEN = (("run", 3), ("run", 7))
LISTED_CONTRACTS = 60          # legal_actions lists at most this many contracts (see allows)


# each contract in words (one message each: a language says them its own way)
CONTRACT_WORDS = {
    (("set", 3), ("set", 3)): N_("two sets of three"),
    (("set", 3), ("run", 4)): N_("a set of three and a run of four"),
    (("run", 4), ("run", 4)): N_("two runs of four"),
    (("set", 3), ("set", 3), ("set", 3)): N_("three sets of three"),
    (("run", 5), ("run", 5)): N_("two runs of five"),
    (("run", 3), ("run", 7)): N_("a run of three and a run of seven"),
}


def describe_contract(shapes) -> str:
    """``two sets of three``, ``a set of three and a run of four``."""
    key = tuple(tuple(s) for s in shapes)
    if key in CONTRACT_WORDS:
        return _(CONTRACT_WORDS[key])
    parts = []                          # (no contract of the rules: named in plain figures)
    for shape in dict.fromkeys(key):
        k = key.count(shape)
        kind, n = shape
        parts.append(f"{k} × {kind} {n}")
    return " + ".join(parts)


def wild_key(c: Card) -> tuple:
    """The order wilds are spent in (twos before jokers; a fixed order, for determinism)."""
    return (not c.suit, c.code)


def contract_melds_for(hand, shapes, rules: MeldRules, limit: int = LISTED_CONTRACTS,
                       budget: int = 4000) -> list[tuple]:
    """Ways to lay ``shapes`` from ``hand``: tuples of melds of exactly the minimum sizes,
    fewest wilds first (wilds are spent twos first), at most ``limit`` of them."""
    wilds = sorted((c for c in hand if rules.is_wild(c)), key=wild_key)
    have = Counter(hand)
    cands = {}
    for shape in dict.fromkeys(shapes):
        cands[shape] = [(nat, w, build, tuple(Counter(nat).items()),
                         sum(1 for c in nat if rules.is_wild(c)))
                        for nat, w, build in _shape_candidates(hand, shape, rules)]
    # the shape with the fewest candidates is searched first; the melds come out in the
    # contract's own order
    slots = sorted(range(len(shapes)), key=lambda i: (len(cands[shapes[i]]), i))
    order = [shapes[i] for i in slots]
    found: list[tuple] = []
    steps = [0]
    used: dict = {}
    enough = 2 * limit          # the candidates come fewest wilds first: stop when plenty

    def search(i: int, n_wild: int, as_self: int, chosen: list, floor: int):
        if i == len(order):
            found.append(tuple(x for _, x in sorted(zip(slots, chosen))))
            return
        shape = order[i]
        same = i and order[i - 1] == shape
        for j in range(floor if same else 0, len(cands[shape])):
            steps[0] += 1
            if steps[0] > budget or len(found) >= enough:
                return
            nat, w, build, counts, selfs = cands[shape][j]
            # twos used as themselves leave fewer wilds
            if n_wild + w + as_self + selfs > len(wilds):
                continue
            if any(used.get(c, 0) + k > have[c] for c, k in counts):
                continue
            for c, k in counts:
                used[c] = used.get(c, 0) + k
            chosen.append((nat, w, build))
            search(i + 1, n_wild + w, as_self + selfs, chosen, j)
            chosen.pop()
            for c, k in counts:
                used[c] -= k

    search(0, 0, 0, [], 0)
    found.sort(key=lambda ch: (sum(w for _, w, _ in ch),
                               -sum(len(n) for n, _, _ in ch)))
    out = []
    for ch in found[:limit]:
        pool = list(wilds)
        for nat, _x, _x in ch:
            for c in nat:
                if c in pool:
                    pool.remove(c)
        melds = []
        for nat, w, build in ch:
            melds.append(build(pool[:w]))
            del pool[:w]
        out.append(tuple(melds))
    return out


def _shape_candidates(hand, shape, rules: MeldRules) -> list[tuple]:
    """(naturals, wilds needed, builder) for melds of exactly ``shape``'s size, at least one
    natural, naturals wherever the hand has them."""
    kind, size = shape
    n_wilds = sum(1 for c in hand if rules.is_wild(c))
    out = []
    if kind == "set":
        by_rank: dict[int, dict] = {}
        for c in sorted(set(hand), key=lambda c: c.code):
            if c.suit and not rules.is_wild(c):
                by_rank.setdefault(c.rank, {}).setdefault(c.suit, c)
        for rank in sorted(by_rank):
            suits = by_rank[rank]
            for k in range(min(len(suits), size), 0, -1):
                if size - k > n_wilds:
                    break
                for combo in combinations(sorted(suits), k):
                    nat = tuple(suits[s] for s in combo)
                    out.append((nat, size - k, _set_builder(nat, rank, rules)))
        return out
    suits_ranks: dict[str, set] = {}
    for c in hand:
        if c.suit and (not rules.is_wild(c) or c.rank in rules.wild_ranks):
            suits_ranks.setdefault(c.suit, set()).add(c.rank)
    held = Counter(hand)
    for suit in sorted(suits_ranks):
        ranks = suits_ranks[suit]
        for start in range(1, 14 - size + 2):
            slots = []
            for pos in range(start, start + size):
                r = rank_at(pos)
                slots.append(Card(r, suit) if r in ranks else None)
            nat = tuple(c for c in slots if c is not None)
            if not nat:
                continue
            # a natural two used as itself is not a wild any more
            wild_left = n_wilds - sum(1 for c in nat if rules.is_wild(c))
            missing = size - len(nat)
            if missing > wild_left:
                continue
            if any(held[c] < nat.count(c) for c in nat):
                continue
            # a run whose naturals are only twos-as-themselves reads better as wilds
            if all(rules.is_wild(c) for c in nat) and missing:
                continue
            out.append((nat, missing, _run_builder(tuple(slots), suit, start)))
    out.sort(key=lambda t: t[1])
    return out


def _set_builder(nat, rank, rules):
    def build(wilds):
        # the order rami.melds writes every set in: naturals by code, then the stand-ins
        cards = tuple(sorted(nat, key=lambda c: c.code)) + \
            tuple(sorted(wilds, key=lambda c: (bool(c.suit), c.code)))
        return Meld("set", cards, rank=rank)
    return build


def _run_builder(slots, suit, start):
    def build(wilds):
        it = iter(wilds)
        cards = tuple(c if c is not None else next(it) for c in slots)
        return Meld("run", cards, suit=suit, start=start)
    return build


def simple_melds(hand, rules: MeldRules) -> list[Meld]:
    """New melds to list after the contract: sets of three or four and runs whose ends are
    natural cards (or of three cards), wilds spent in a fixed order, the fewest first."""
    wilds = sorted((c for c in hand if rules.is_wild(c)), key=wild_key)
    out: dict = {}
    for shape in (("set", 3), ("set", 4)):
        for nat, w, build in _shape_candidates(hand, shape, rules):
            if w <= len(wilds):
                m = build(wilds[:w])
                out.setdefault(MeldCards.of(m, rules), m)
    for size in range(3, 14):
        for nat, w, build in _shape_candidates(hand, ("run", size), rules):
            pool = list(wilds)
            for c in nat:
                if c in pool:
                    pool.remove(c)
            if w > len(pool):
                continue
            m = build(pool[:w])
            ends_natural = m.cards[0] not in pool[:w] and m.cards[-1] not in pool[:w]
            if size == 3 or ends_natural:
                out.setdefault(MeldCards.of(m, rules), m)
    return list(out.values())


def contract_readings(cards, shapes, rules: MeldRules, limit: int = 12) -> list[tuple]:
    """Every way (up to ``limit``) to split exactly these ``cards`` into melds that fulfil
    ``shapes``, wild readings included: what a player means by "these are my contract"."""
    if len(cards) < 3 * len(shapes):
        return []
    return covers(cards, rules, limit, kinds={k for k, _ in shapes}, most=len(shapes),
                  accept=lambda ch: len(ch) == len(shapes) and _match_shapes(ch, shapes, "") is None)


class Push(Variant):
    lower_wins = True
    name = "push"
    parts = {"table": ".table:PushTable", "beginner": ".bots:BeginnerPush",
             "good": ".bots:PushBot", "expert": ".bots:ExpertPush",
             "terminal": ".terminal:PushBoard"}
    board_players = 4
    title = Said("Push")
    review_points = 80            # (rami.review: a hand's typical points)
    typed_examples = ("draw, take, push, contract 7h 7d 7s / 9c 9d Jk=9, layoff 10h on 1, "
                      "rescue 8h on 2, discard Qs")
    aliases = ("push rummy",)
    min_players = 4
    max_players = 6
    hand_word = "deal"
    public_numbers = (("deal", 7),)     # (rami.rl.observe)
    # How to play, in the game's words (rami.web.howto)
    how_to_play = [
        (N_("The aim"), [
            N_("Four players in two partnerships, partners opposite. Five deals, each with its "
            "contract; the side with the lower penalty total after five deals wins."),
        ]),
        (N_("Wild cards"), [
            N_("Twos and jokers are wild: {2c} and {Jk} stand for any card."),
        ]),
        (N_("Contracts"), [
            N_("Your first melds of a deal must be the deal's contract, laid all in one turn:"),
            N_("- Deal 1 (6 cards): two sets of three. {5s 5h 5d} {Kc Kd Kh}"),
            N_("- Deal 2 (7 cards): a set of three and a run of four."),
            N_("- Deal 3 (8 cards): two runs of four. {3d 4d 5d 6d}"),
            N_("- Deal 4 (9 cards): three sets of three."),
            N_("- Deal 5 (10 cards): two runs of five."),
            N_("Your partner's contract does not count for you."),
        ]),
        (N_("A turn: the push"), [
            N_("Either take the top discard, or take the top stock card, lay it face down on "
            "the top discard and push both to the player on your left, who must take them "
            "into hand; then draw the next stock card yourself."),
            N_("After your contract you may meld and lay off on any meld, and rescue a wild: "
            "swap in the real card it stands for and use the wild again that turn. Then "
            "discard one card."),
        ]),
        (N_("Scoring"), [
            N_("The side of the player who goes out scores nothing; the other side scores its "
            "cards in hand: threes to nines 5, tens to kings 10, aces 15, twos and jokers 20."),
        ]),
    ]
    OPTIONS = (
        Option("partnerships", True, help=N_("four players in two fixed partnerships, partners "
                                          "opposite (off: 4 to 6 single players)"),
               title=N_("partnerships")),
        Option("ten_every_round", False, help=N_("10 cards in every deal instead of 6 to 10"),
               title=N_("ten cards every deal")),
        Option("round5_three_and_seven", False, help=N_("the fifth contract is a run of three "
                                                     "and a run of seven"),
               title=N_("fifth contract: three and seven")),
    )

    # -- setup ------------------------------------------------------------------------------
    def check_setup(self, state):
        if state.options["partnerships"] and state.n != 4:
            raise OptionError(_("Push in partnerships is played by four players, not {n}: for "
                                "five or six, turn partnerships off",
                                n=state.n))

    def fit_options(self, players, options):
        if players != 4 and options.get("partnerships", True):
            return {**options, "partnerships": False}
        return options

    def teams(self, state):
        if state.options["partnerships"]:
            return [0, 1, 0, 1]
        return list(range(state.n))

    def deck(self, state):
        return french_deck(3, 6) if state.n >= 5 else french_deck(2, 4)

    def typed_prompt(self, view):
        if view.phase == Phase.DRAW:
            return _("Take the top discard, or `push` it with the top stock card to {who} and "
                     "draw", who=view.names[view.info['left']]) if view.stock_count else \
                _("The stock is empty: take the discard, or `draw` to end the deal")
        if view.phase == Phase.PLAY:
            return (_("Lay your contract (`contract 7h 7d 7s / 9c 9d Jk=9`), or discard")
                    if not view.info["contracted"][view.seat] else
                    _("Meld, lay off, rescue a wild (`rescue 8h on 2`), or discard"))
        return None

    def meld_rules(self, options):
        return MeldRules(ace="either", wild_ranks=frozenset({2}), min_naturals=0,
                         wild_rank_sets=False)

    def card_value(self, options, card):
        if not card.suit or card.rank == 2:
            return 20
        if card.rank == 1:
            return 15
        return 10 if card.rank >= 10 else 5

    def hand_size(self, state):
        return 10 if state.options["ten_every_round"] else 6 + min(state.hand_no, DEALS - 1)

    def shapes(self, state) -> tuple:
        """This deal's contract: (kind, minimum length) per meld."""
        return self.shapes_for(state.hand_no, state.options)

    @staticmethod
    def shapes_for(hand_no: int, options) -> tuple:
        k = min(hand_no, DEALS - 1)
        if k == 4 and options["round5_three_and_seven"]:
            return THREE_AND_SEVEN
        return CONTRACTS[k]

    def contract_text(self, state) -> str:
        return describe_contract(self.shapes(state))

    def new_hand_extra(self, state):
        return {"rescued": []}

    def start_hand(self, state):
        super().start_hand(state)
        rules = self.rules(state)
        buried = []
        while rules.is_wild(state.discard[-1]):
            card = state.discard.pop()
            state.stock.insert(len(state.stock) // 2, card)   # buried in the stock
            buried.append(card)
            state.discard.append(state.stock.pop())
        state.events = []
        state.emit("deal", state.dealer, card=state.discard[-1], text=f"Deal {state.hand_no + 1}")
        if buried:
            state.emit("bury", state.dealer, cards=tuple(buried))
        state.reset_logs()

    # -- the draw -------------------------------------------------------------------------------
    def legal_draw(self, state):
        if not state.discard:
            return [DRAW]               # just draw (an empty stock: the deal ends)
        return [TAKE, PUSH] if state.stock else [TAKE, DRAW]

    def apply_push(self, state, action: Push):
        seat = state.turn
        to = state.next_seat(seat)
        top = state.discard.pop()
        hidden = state.stock.pop()
        state.hands[to] += [top, hidden]
        state.emit("push", seat, card=top, text=state.names[to])
        state.emit("pushed", to, card=hidden, cards=(top,), secret=True, text=state.names[seat])
        if not state.stock:
            return self._stock_out(state, _("The stock is empty and {who} pushed the last "
                                            "stock card and has nothing to draw",
                                            who=state.names[seat]))
        card = state.stock.pop()
        state.hands[seat].append(card)
        state.phase = Phase.PLAY
        state.emit("draw", seat, card=card, secret=True)

    def apply_draw(self, state, action):
        if not state.stock:
            state.emit("pass", state.turn, text="stock")
            return self._stock_out(state, _("The stock is empty and {who} has to draw from it",
                                            who=state.names[state.turn]))
        super().apply_draw(state, action)

    # -- the turn -------------------------------------------------------------------------------
    def may_meld(self, state, seat):
        return state.melded[seat]

    def may_layoff(self, state, seat):
        return state.melded[seat]

    def rescued(self, state) -> list[Card]:
        return [Card.parse(c) for c in state.extra.get("rescued", ())]

    def legal_play(self, state):
        seat = state.turn
        hand = state.hands[seat]
        rules = self.rules(state)
        acts: list[Action] = []
        if not state.melded[seat]:
            for melds in contract_melds_for(hand, self.shapes(state), rules):
                acts.append(Contract(tuple(MeldCards.of(m, rules) for m in melds)))
        else:
            for m in simple_melds(hand, rules):
                if self._keeps_a_discard(state, seat, list(m.cards)):
                    acts.append(MeldCards.of(m, rules))
            if state.table:
                acts.extend(a for a in self.layoff_actions(state, seat)
                            if self._keeps_a_discard(state, seat, [a.card]))
                acts.extend(self.rescues(state, seat))
        if not self._must_use_rescued(state, acts):
            acts.extend(self.discard_actions(state, seat))
        return acts

    def _must_use_rescued(self, state, acts) -> bool:
        """Does the player hold a rescued wild that one of ``acts`` would use?"""
        rescued = set(self.rescued(state))
        if not rescued:
            return False
        return any((isinstance(a, MeldCards) and rescued & set(a.cards)) or
                   (isinstance(a, LayOff) and a.card in rescued) for a in acts) or \
            self._rescued_usable_some_way(state)

    def _rescued_usable_some_way(self, state) -> bool:
        """A rescued wild can go into a meld not listed (any meld with two hand cards)."""
        hand = state.hands[state.turn]
        rules = self.rules(state)
        for w in self.rescued(state):
            rest = list(hand)
            rest.remove(w)
            for a, b in combinations(rest, 2):
                if interpretations([a, b, w], rules) and \
                        self._keeps_a_discard(state, state.turn, [a, b, w]):
                    return True
        return False

    def rescues(self, state, seat) -> list[Rescue]:
        """Every rescue the seat can make whose wild it can then use."""
        hand = state.hands[seat]
        rules = self.rules(state)
        out = []
        for i, tm in enumerate(state.table):
            m = tm.meld
            reps = m.represented()
            for j in m.wild_slots():
                wild = m.cards[j]
                for c in dict.fromkeys(hand):
                    if self._fits_slot(m, j, c, reps, rules):
                        a = Rescue(c, i, wild)
                        if a not in out and self._wild_usable(state, seat, a):
                            out.append(a)
        return out

    @staticmethod
    def _fits_slot(m: Meld, j: int, c: Card, reps, rules) -> bool:
        if m.kind == "run":
            return c is reps[j]
        if c.rank != m.rank or not c.suit or rules.is_wild(c):
            return False
        return all(x.suit != c.suit for x in m.cards if x.suit and x.rank == m.rank
                   and not rules.is_wild(x))

    def swapped(self, state, a: Rescue) -> Meld:
        """Table meld ``a.meld`` with ``a.card`` in place of the wild."""
        m = state.table[a.meld].meld
        rules = self.rules(state)
        cards = list(m.cards)
        j = next(j for j in m.wild_slots() if cards[j] is a.wild and
                 self._fits_slot(m, j, a.card, m.represented(), rules))
        cards[j] = a.card
        if m.kind == "run":
            return Meld("run", tuple(cards), suit=m.suit, start=m.start)
        return next(x for x in interpretations(cards, rules) if x.kind == "set"
                    and x.rank == m.rank)

    def _wild_usable(self, state, seat, a: Rescue) -> bool:
        rules = self.rules(state)
        new = self.swapped(state, a)
        for i, tm in enumerate(state.table):
            if layoff_results(new if i == a.meld else tm.meld, a.wild, rules):
                return True
        rest = list(state.hands[seat])
        rest.remove(a.card)
        return any(interpretations([x, y, a.wild], rules) for x, y in combinations(rest, 2))

    def allows(self, state, action):
        """Contracts and melds that legal_actions does not list (longer melds, other wilds,
        all-wild melds with what each wild stands for) are legal when sound."""
        if state.phase != Phase.PLAY:
            return False
        if isinstance(action, Contract):
            return self._contract_problem(state, action) is None
        if isinstance(action, MeldCards) and state.melded[state.turn]:
            return self._meld_problem(state, action) is None
        return False

    def _meld_problem(self, state, action: MeldCards) -> str | None:
        seat = state.turn
        have = Counter(state.hands[seat])
        if any(have[c] < k for c, k in Counter(action.cards).items()):
            c = next(c for c, k in Counter(action.cards).items() if have[c] < k)
            return (_("You do not hold the {name} ({card}) twice.", name=c.name(), card=c)
                    if have[c] else
                    _("You do not hold the {name} ({card}).", name=c.name(), card=c))
        rules = self.rules(state)
        reps = list(action.reps) if action.reps else None
        options = interpretations(list(action.cards), rules, reps)
        if not options:
            return explain_not_meld(list(action.cards), rules, reps) + "."
        if len(options) > 1:
            return ambiguity_message(options) + "."
        if not self._keeps_a_discard(state, seat, list(action.cards)):
            return self._no_discard_left_message(state)
        return None

    def contract_melds(self, state, action: Contract) -> list[Meld]:
        rules = self.rules(state)
        return [meld_of_action(m, rules) for m in action.melds]

    def _contract_problem(self, state, action: Contract) -> str | None:
        seat = state.turn
        shapes = self.shapes(state)
        what = self.contract_text(state)
        if state.melded[seat]:
            return _("You have laid your contract this deal: now meld or lay off as you like.")
        if len(action.melds) != len(shapes):
            return n_("Your contract this deal is {what}: lay exactly one meld.",
                      "Your contract this deal is {what}: lay exactly {n} melds, all at once.",
                      len(shapes), what=what)
        have = Counter(state.hands[seat])
        for c, k in Counter(c for m in action.melds for c in m.cards).items():
            if have[c] < k:
                return (_("You do not hold the {name} ({card}) that many times.",
                          name=c.name(), card=c) if have[c] else
                        _("You do not hold the {name} ({card}).", name=c.name(), card=c))
        rules = self.rules(state)
        melds = []
        for i, m in enumerate(action.melds, 1):
            reps = list(m.reps) if m.reps else None
            options = interpretations(list(m.cards), rules, reps)
            several = len(action.melds) > 1
            if not options:
                why = explain_not_meld(list(m.cards), rules, reps)
                return (_("Meld {number} of your contract is not a meld: {reason}.", number=i,
                          reason=why) if several else
                        _("Your contract is not a meld: {reason}.", reason=why))
            if len(options) > 1:
                why = ambiguity_message(options)
                return (_("Meld {number} of your contract can be read more than one way. "
                          "{reason}.", number=i, reason=why) if several else
                        _("Your contract can be read more than one way. {reason}.",
                          reason=why))
            melds.append(options[0])
        problem = _match_shapes(melds, shapes, what)
        if problem:
            return _("Your contract this deal is {what}: {problem}.",
                     what=what, problem=problem)
        return None

    def apply_contract(self, state, action: Contract):
        seat = state.turn
        melds = self.contract_melds(state, action)
        first = len(state.table)
        for m in melds:
            state.remove_from_hand(seat, m.cards)
            state.table.append(TableMeld(m, seat, (seat,) * len(m.cards)))
        state.melded[seat] = True
        state.emit("contract", seat, cards=tuple(c for m in melds for c in m.cards), meld=first,
                   text=" / ".join(str(m) for m in melds))
        if not state.hands[seat]:
            self.went_out(state, seat, by="laying the contract")

    def apply_meld(self, state, action):
        self._used(state, action.cards)
        super().apply_meld(state, action)

    def apply_layoff(self, state, action):
        self._used(state, [action.card])
        super().apply_layoff(state, action)

    def _used(self, state, cards):
        left = list(state.extra["rescued"])
        for c in cards:
            if str(c) in left:
                left.remove(str(c))
        state.extra["rescued"] = left

    def apply_rescue(self, state, action: Rescue):
        seat = state.turn
        tm = state.table[action.meld]
        new = self.swapped(state, action)
        # who played each card: the rescuer's card takes the wild's place
        old = list(zip(tm.meld.cards, tm.played_by))
        k = next(i for i, (c, _) in enumerate(old) if c is action.wild)
        old[k] = (action.card, seat)
        played = []
        for c in new.cards:
            i = next(i for i, (x, _) in enumerate(old) if x is c)
            played.append(old.pop(i)[1])
        state.table[action.meld] = TableMeld(new, tm.owner, tuple(played))
        state.remove_from_hand(seat, [action.card])
        state.hands[seat].append(action.wild)
        self._used(state, [action.card])     # a rescued two may go back as itself
        state.extra["rescued"] = state.extra["rescued"] + [str(action.wild)]
        state.emit("rescue", seat, card=action.card, meld=action.meld, text=str(action.wild))

    def next_turn(self, state):
        super().next_turn(state)
        state.extra["rescued"] = []

    # -- the end of a deal and of the match ------------------------------------------------------
    def went_out(self, state, seat, by):
        state.extra["rescued"] = []
        state.emit("out", seat, text=f"by {by}")
        side = state.side(seat)
        self._score(state, _("{who} goes out", who=state.names[seat]), seat,
                    [s for s in range(state.n) if state.side(s) != side])

    def _stock_out(self, state, headline: str):
        state.extra["rescued"] = []
        self._score(state, headline, None, list(range(state.n)))

    def side_name(self, state, seat) -> str:
        if len(set(state.teams)) == state.n:
            return state.names[seat]
        return join(state.names[s] for s in range(state.n)
                    if state.side(s) == state.side(seat))

    def _score(self, state, headline, winner, counted):
        held = [self.hand_value(state, h) for h in state.hands]
        points = [held[s] if s in counted else 0 for s in range(state.n)]
        lines = []
        for side in sorted(set(state.teams)):
            seats = [s for s in range(state.n) if state.side(s) == side]
            who = self.side_name(state, seats[0])
            if winner is not None and state.side(winner) == side:
                lines.append(_("{who}: 0 ({winner} went out)",
                               who=who, winner=state.names[winner]))
            else:
                detail = " + ".join(f"{state.names[s]} {held[s]}" for s in seats) \
                    if len(seats) > 1 else ""
                total = sum(points[s] for s in seats)
                lines.append(_("{who}: {points} ({detail}) in penalty cards", who=who,
                               points=total, detail=detail) if detail else
                             _("{who}: {points} in penalty cards", who=who, points=total))
        self.finish_hand(state, {
            "how": "out" if winner is not None else "stock", "winner": winner,
            "points": points, "held": held, "headline": headline, "lines": lines})

    def match_result(self, state):
        if state.hand_no + 1 < DEALS:
            return None
        scores = state.scores
        best = min(scores)
        winners = [s for s in range(state.n) if scores[state.side(s)] == best]
        sides = sorted(set(state.teams))
        lines = [glue(": ", [self.side_name(state, state.teams.index(t)), scores[t]])
                 for t in sides]
        tied = scores.count(best) > 1
        if tied:
            tied_sides = [t for t in sides if scores[t] == best]
            who = " / ".join(self.side_name(state, state.teams.index(t)) for t in tied_sides)
            head = _("A tie after five deals: {who}, {best} each", who=who, best=best)
        else:
            who = self.side_name(state, winners[0])
            plural = len(winners) > 1
            head = n_("{who} wins the match with the lowest total, {best}, after five deals",
                      "{who} win the match with the lowest total, {best}, after five deals",
                      2 if plural else 1, who=who, best=best)
        return {"winners": winners, "totals": list(scores), "lines": lines, "headline": head}

    # -- what players see --------------------------------------------------------------------------
    def public_info(self, state):
        # (the contract in words is the page's: contract_text, in its own language)
        return {"shapes": [list(s) for s in self.shapes(state)],
                "deal": min(state.hand_no, DEALS - 1) + 1, "deals": DEALS,
                "contracted": [bool(m) for m in state.melded],
                "rescued": list(state.extra.get("rescued", ())),
                "left": state.next_seat(state.turn)}

    EXTRA = {"rescued": ("list", "card")}
    DEAL_FIELDS = ("rescued",)

    def hand_limits(self, state, seat):
        return 1, len(self.deck(state))

    def known_holdings(self, extra, turn):
        """The wilds rescued from the table this turn are in the hand of the seat to play."""
        return {turn: [Card.parse(c) for c in extra.get("rescued", ())]}

    def check_state(self, state):
        super().check_state(state)
        need(state.hand_no < DEALS, _("Push is played in {count} deals", count=DEALS))
        rescued = Counter(state.extra["rescued"])
        if rescued:
            need(state.phase == Phase.PLAY and state.melded[state.turn],
                 _("a rescued wild is held only during the turn of a player who laid his "
                   "contract"))
            hand = Counter({str(c): k for c, k in holding(state.hands[state.turn]).items()})
            need(all(hand[c] >= k for c, k in rescued.items()),
                 _("a rescued wild is not in the hand of the seat to play"))
            rules = self.rules(state)
            need(all(rules.is_wild(Card.parse(c)) for c in rescued), _("only wilds are rescued"))

    def scenario_setup(self, state, fields):
        state.extra = self.new_hand_extra(state)
        if "rescued" in fields:
            from ...cards import parse_cards
            state.extra["rescued"] = [str(c) for c in parse_cards(fields["rescued"])]
        return []

    def scenario_fields(self, state):
        r = state.extra.get("rescued")
        return [f"rescued: {' '.join(r)}"] if r else []

    # -- explanations ---------------------------------------------------------------------------------
    def explain(self, state, action):
        kind = action.kind
        phase = state.phase
        seat = state.turn
        if kind in ("knock", "gin", "done", "turnover", "declare", "drop", "show", "rum",
                    "pass", "rejoin", "decline"):
            return _("There is no '{move}' in {game}.", move=kind, game=self.title)
        if phase == Phase.DRAW:
            if kind == "take" and action.card is not None and state.discard and \
                    action.card is not state.discard[-1]:
                return _("Only the top card of the discard pile may be taken.")
            if kind == "draw" and state.discard and state.stock:
                return (_("In Push you take the top discard ('take') or push it to the opponent "
                          "on your left with the top stock card ('push'), then draw."))
            if kind == "push" and not state.discard:
                return _("There is no discard to push: draw from the stock.")
            if kind == "push" and not state.stock:
                return (_("The stock is empty: take the discard, or 'draw', which ends the "
                          "deal."))
            if kind in ("contract", "rescue"):
                return _("First take the discard or push it.")
        if phase == Phase.PLAY:
            if kind == "push":
                return _("You have already drawn this turn: now meld, lay off or discard.")
            if kind == "contract":
                return self._contract_problem(state, action) or \
                    super().explain(state, action)
            if kind in ("meld", "layoff", "rescue") and not state.melded[seat]:
                return (_("Lay your contract first ({contract}), all in one move, before any "
                          "other meld or lay-off.", contract=self.contract_text(state)))
            if kind == "meld":
                return self._meld_problem(state, action) or super().explain(state, action)
            if kind == "rescue":
                return self._explain_rescue(state, action)
            if kind == "discard" and self.rescued(state) and action.card in state.hands[seat]:
                w = self.rescued(state)[0]
                return (_("You must use the rescued {name} this turn: meld it or lay it off "
                          "before you discard.", name=w.name()))
        return super().explain(state, action)

    def _explain_rescue(self, state, a: Rescue) -> str:
        hand = state.hands[state.turn]
        if a.card not in hand:
            return _("You do not hold the {name} ({card}).", name=a.card.name(), card=a.card)
        if not 0 <= a.meld < len(state.table):
            return _("There is no meld number {meld} on the table.", meld=a.meld + 1)
        m = state.table[a.meld].meld
        rules = self.rules(state)
        slots = m.wild_slots()
        if not slots:
            return _("Meld {meld} ({cards}) has no wild standing in for a card.",
                     meld=a.meld + 1, cards=m)
        if a.wild is not None and all(m.cards[j] is not a.wild for j in slots):
            return _("Meld {meld} ({cards}) has no {wild} standing in for a card.",
                     meld=a.meld + 1, cards=m, wild=a.wild)
        reps = m.represented()
        if not any(self._fits_slot(m, j, a.card, reps, rules) for j in slots):
            if m.kind == "run":
                stand = ", ".join(str(reps[j]) for j in slots)
                return (_("The {card} is not the card a wild stands for in meld {meld} (it "
                          "stands for {stand}).",
                          card=a.card, meld=a.meld + 1, stand=stand))
            return _("The {card} cannot take a wild's place in meld {meld} ({cards}).",
                     card=a.card, meld=a.meld + 1, cards=m)
        if a.wild:
            return _("You could not use the {wild} this turn: a rescued wild must be melded or "
                     "laid off at once.", wild=a.wild)
        return _("You could not use the wild this turn: a rescued wild must be melded or laid "
                 "off at once.")


def _match_shapes(melds, shapes, what: str) -> str | None:
    """Why these melds do not fulfil the contract (None: they do)."""
    want = {"set": sorted((n for k, n in shapes if k == "set"), reverse=True),
            "run": sorted((n for k, n in shapes if k == "run"), reverse=True)}
    got = {"set": sorted((len(m.cards) for m in melds if m.kind == "set"), reverse=True),
           "run": sorted((len(m.cards) for m in melds if m.kind == "run"), reverse=True)}
    for kind, other in (("set", "run"), ("run", "set")):
        if len(got[kind]) > len(want[kind]):
            if not want[kind]:
                return _("a set does not count") if kind == "set" else _("a run does not count")
            return _("it needs {contract}", contract=what)
    for kind in ("set", "run"):
        for n, need_n in zip(got[kind], want[kind]):
            if n < need_n:
                return (_("a set of {n} cards is too short (it needs {need})", n=n, need=need_n)
                        if kind == "set" else
                        _("a run of {n} cards is too short (it needs {need})", n=n,
                          need=need_n))
    return None


__all__ = ["Push", "describe_contract", "contract_melds_for", "contract_readings", "simple_melds"]
