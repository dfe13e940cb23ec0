"""Romanian tile Rami, as ``docs/rules.md`` section 6 says: 106 tiles, Jolys, the discard row.

Two to four players; 106 tiles (red, yellow, blue and black, 1 to 13 twice, and two Jolys).
Play is anticlockwise and the deal passes to the right (``direction = -1``: the next seat is
the one on the right). One tile is turned up, the **exposed tile**, and kept apart; the player
right of the dealer gets 15 tiles, the others 14, and the rest is the wall (an ordered stock:
the same chances as the stacks of the real wall). With ``doubla`` the players are first asked
in turn whether they offer an identical pair (``doubla r7``, or ``pass``); the second player to
offer exchanges pairs with the first, face down (the others hear only "high" or "low"). A
player dealt the twin of the exposed tile may announce it (``twin``) before his first turn:
25 points at the end.

The first player opens by discarding one tile crosswise (``discard b7`` in the ``opening``
phase); it is never used again. Then, in turn: draw, meld, discard, the discards lying in a
**row** that every player sees. Combinations are runs (3 or more of one colour in sequence; a
1 is low, 1-2-3, or follows the 13, 12-13-1, never in the middle) and sets (3 or 4 of one
number, all colours different). A Joly stands for any tile, and at a run's end says which
(``joly=r8``), fixed for good; every combination holds at least two real tiles per Joly.

Until his initial meld a player draws from the wall. The **initial meld** is one move from the
rack (``open r5 r6 r7 / k9 y9 joly=9``): at least ``min_first_meld`` (50, or 45) points and at
least one run; in that turn nothing else goes on the table. From the next turn on he may lay
new combinations, add tiles to any combination, take the last discard instead of drawing
(``take``), take any tile of the row that two of his tiles combine with (``take y7 with y5 y6
y7``: the combination goes down at once and every later discard goes into his rack), and take
a Joly: from a run by putting in the tile it stands for, from a three-set by putting in both
missing colours, or from a four-set by its fourth colour, laying the Joly at once with two
rack tiles (``swap r7 on 2 with joly=b6 b7 b8``). With one or two tiles he may not take from
the row. He goes out by melding all his tiles but one and discarding the last; on that turn
he may take the exposed tile instead of drawing (``take exposed``). When the wall runs out,
the row (not the opening discard) is shuffled into a new wall; when that runs out too, the
game ends with no winner.

Scoring: tiles count 5 (2 to 9), 10 (10 to 13); a 1 counts 5 in 1-2-3, 10 after the 13, 25
in a set; a Joly counts the tile it stands for towards the initial meld, and 50 at the end to
the player who first melded it. The winner scores 100 plus his melded tiles (100 more if he
melded all at once, nothing before); every other player his melded tiles minus his rack; a
player who melded nothing −200 (``no_meld_penalty``: ``100_plus_rack``); an announced twin
25. ``joly_finish_doubles``: going out by discarding a Joly doubles the winner's score.
``initial_meld_may_use_last_discard``: the last discard may be taken for the initial meld if
it is melded in it at once. The match is ``games`` games, or ends sooner when a player reaches
``target`` (0: no target); the highest total wins.

Readings where the book is silent:

* the deal's exposed tile stays apart all game (the wall's tiles under it are drawn in turn
  with the others); the first player's opening turn is only the crosswise discard;
* ``doubla``: the players are asked once each, in turn from the first player; an offer pairs
  with the next offer, and an offer nobody matches lapses. A pair is "high" from 7 up;
* the twin may be announced until the player's first draw (the first player: before his
  opening discard), whether it came in the deal or in a doubla exchange;
* in the turn of the initial meld, after the ``open`` move only a discard follows (longer
  combinations can be part of the move itself);
* the tile taken as the last discard may not be discarded in the same turn, as in the other
  games; with ``initial_meld_may_use_last_discard`` a player who has not opened may take it
  only when it can go into an initial meld at once, and must meld it there;
* a row pickup's combination is exactly the row tile and two rack tiles (it may be added to
  afterwards in the same turn);
* the exposed tile may be taken only by a player who has made his initial meld, only when he
  can then go out with melds and additions (not Joly swaps), and he must: until his last
  tile nothing but those moves is allowed;
* a 1 or a Joly left in the rack counts 25 against its holder; a player who melded nothing
  scores only the no-meld penalty (and an announced twin);
* a game without a winner scores every player as a loser is scored (no 100 for anyone);
* ``joly_finish_doubles`` doubles the winner's whole score for the game, twin included.

In a deal string, ``exposed: r5`` is the exposed tile (``exposed: taken`` once taken),
``crosswise: b7`` the opening discard, ``twins: 0 2`` the seats that announced a twin,
``started: 0 1`` the seats that have begun their first turn (by default every seat once
play is under way, none before), ``rebuilt: yes`` says the wall
was rebuilt from the row once, ``duty: y7`` the last discard taken for an initial meld,
``going out: yes`` that the player to move took the exposed tile, ``opened: yes`` that
he made his initial meld this turn, ``offer: 1 r7`` an open
doubla offer, and ``asked: 2`` how many seats the doubla round has asked.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ...actions import (DRAW, PASS, TAKE, TAKE_EXPOSED, TWIN, Action, Discard, Doubla, LayOff,
                       MeldCards, Open, Swap, TakeDiscard)
from ...cards import Card, deal_rng, shuffled, tile_set
from ...checks import need
from ...errors import DealSyntaxError
from ...known import holding
from ...melds import (Meld, MeldRules, ambiguity_message, covers, explain_not_meld,
                     interpretations, layoff_results, possible_melds)
from ...state import Phase, TableMeld
from ...variants.base import LARGE_HAND, Option, Variant, _layoff_rep, meld_of_action, not_held
from ...i18n import N_, Said, _, join, n_


OPENINGS_LISTED = 24        # legal_actions lists at most this many initial melds (see allows)
SEARCH_BUDGET = 4000        # nodes of one look-ahead search for an opening
SEARCH_WORK = 1200          # steps of one search for a way out (see TileRami.way_out)
GOING_OUT_WORK = 3000       # steps for listing the moves that still lead out
JOLY_POINTS = 50
RACK_ONE = 25               # a 1 left in the rack
RACK_JOLY = 25


def tile_points(meld: Meld, i: int) -> int:
    """What tile ``i`` of a combination counts towards the initial meld: its number's value,
    a 1 by its place (5 in 1-2-3, 10 after the 13, 25 in a set), a Joly the tile it stands
    for."""
    if meld.kind == "set":
        rank = meld.rank
        return 25 if rank == 1 else (10 if rank >= 10 else 5)
    pos = meld.start + i
    if pos == 14:
        return 10
    rank = pos
    return 5 if rank == 1 else (10 if rank >= 10 else 5)


def final_points(meld: Meld, i: int) -> int:
    """What tile ``i`` scores at the end for whoever played it (a Joly 50)."""
    return JOLY_POINTS if not meld.cards[i].suit else tile_points(meld, i)


def meld_value(meld: Meld) -> int:
    return sum(tile_points(meld, i) for i in range(len(meld.cards)))


def rack_value(tile: Card) -> int:
    if not tile.suit:
        return RACK_JOLY
    if tile.rank == 1:
        return RACK_ONE
    return 10 if tile.rank >= 10 else 5


def said(m: Meld) -> MeldCards:
    """The combination as a player writes it (what each Joly stands for, nothing more), so
    that its text reads back as the same action."""
    a = MeldCards.of(m)
    return a if any(r is not None for r in a.reps) else MeldCards(a.cards)


def _best_readings(melds) -> list[Meld]:
    """One meld per (kind, tiles): the reading worth most (ties: the first in text order)."""
    best: dict = {}
    for m in sorted(melds, key=str):
        key = (m.kind, tuple(sorted(c.code for c in m.cards)))
        if key not in best or meld_value(m) > meld_value(best[key]):
            best[key] = m
    return sorted(best.values(), key=lambda m: (-meld_value(m), str(m)))


def openings(hand, rules: MeldRules, minimum: int, must: Card | None = None,
             limit: int = OPENINGS_LISTED, budget: int = SEARCH_BUDGET) -> list[tuple]:
    """Initial melds from ``hand``: tuples of disjoint combinations worth at least
    ``minimum`` with at least one run, keeping a tile to discard (and using ``must``, when
    given), each one that no further combination could join, the most valuable first."""
    if sum(rack_value(c) for c in hand) < minimum:     # (a rack value is never less)
        return []
    cands = _best_readings(possible_melds(hand, rules))
    if not any(m.kind == "run" for m in cands):
        return []
    have = Counter(hand)
    n = len(hand)
    found: dict = {}
    steps = [0]

    def fits(m, used):
        return all(used[c] + k <= have[c] for c, k in Counter(m.cards).items())

    def search(start: int, chosen: list, used: Counter, value: int, size: int):
        steps[0] += 1
        if steps[0] > budget:
            return
        grew = False
        for j in range(start, len(cands)):
            m = cands[j]
            if size + len(m.cards) >= n or not fits(m, used):
                continue
            grew = True
            chosen.append(m)
            used.update(m.cards)
            search(j + 1, chosen, used, value + meld_value(m), size + len(m.cards))
            used.subtract(m.cards)
            chosen.pop()
            if steps[0] > budget:
                return
        if not grew and value >= minimum and any(m.kind == "run" for m in chosen) and \
                (must is None or used[must] > 0):
            key = tuple(sorted(str(m) for m in chosen))
            found.setdefault(key, (value, tuple(chosen)))

    search(0, [], Counter(), 0, 0)
    ranked = sorted(found.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return [melds for _, (_, melds) in ranked[:limit]]


def _may_join(tile: Card, other: Card) -> bool:
    """Could ``other`` be in a combination of three with ``tile``: a Joly, the same number,
    or the same colour at most two numbers away (the 1 also beside the 13)?"""
    if not tile.suit or not other.suit or tile.rank == other.rank:
        return True
    d = abs(tile.rank - other.rank)
    return tile.suit == other.suit and min(d, 13 - d) <= 2


def splits(cards, rules: MeldRules, limit: int = 12) -> list[tuple]:
    """Every way (up to ``limit``) to lay exactly these tiles as combinations, each Joly's
    reading included: what a player means by "these are my initial meld"."""
    return covers(cards, rules, limit)


class TileRami(Variant):
    name = "tiles"
    parts = {"table": ".table:TilesTable", "beginner": ".bots:BeginnerTiles",
             "good": ".bots:TilesBot", "expert": ".bots:ExpertTiles",
             "terminal": ".terminal:TilesBoard"}
    board_aside = (("exposed", N_("The exposed tile")), ("crosswise", N_("The crosswise tile")))
    title = Said("Tile Rami")
    review_points = 200            # (rami.review: a hand's typical points)
    typed_examples = ("draw, take, open r5 r6 r7 / k9 y9 b9, meld r5 r6 r7, layoff r8 on 1, "
                      "take y7 with y5 y6, swap r7 on 2 with joly=b6 b7 b8, take exposed, "
                      "doubla r7, twin, pass, discard r7")
    aliases = ("tile rami", "rami", "romanian rami", "remi", "tile rummy", "romanian",
               "rummy tiles")
    min_players = 2
    max_players = 4
    direction = -1
    discard_spread = True
    uses_tiles = True
    hand_word = "game"
    # How to play, in the game's words (rami.web.howto)
    how_to_play = [
        (N_("The aim"), [
            N_("Romanian Rami with tiles in four colours, numbered 1 to 13, twice each, and two "
            "Jolys. Lay your tiles in combinations and be first to go out with one tile to "
            "discard."),
        ]),
        (N_("Combinations"), [
            N_("- A run: three or more of one colour in order; a 1 may start a run or follow "
            "the 13, never sit in the middle. {r11 r12 r13 r1}"),
            N_("- A set: three or four of one number, every colour different. {k7 b7 y7}"),
            N_("A Joly stands for any tile: {joly}. Every combination holds at least twice as "
            "many real tiles as Jolys."),
        ]),
        (N_("Dealing"), [
            N_("Fifteen tiles to the player right of the dealer, fourteen to the others; one "
            "tile is turned up apart (the exposed tile). That first player opens by "
            "discarding a tile."),
        ]),
        (N_("A turn"), [
            N_("Draw from the wall, lay down and add to combinations, discard. Discards stay in "
            "a row, all visible."),
            N_("- Your first meld, from your own rack only, must be worth [min_first_meld] points and "
            "hold a run. Until then you draw from the wall."),
            N_("- After it you may take the last discard, or any tile of the row that makes a "
            "combination with two of yours (with every tile discarded after it), and you may "
            "win a Joly by putting in the tile it stands for."),
        ]),
        (N_("Scoring"), [
            N_("Going out scores 100 plus what you melded. The others score what they melded "
            "less what is left on their racks; a player who melded nothing scores -200. A "
            "Joly melded is worth 50 to the player who laid it, and -25 to one caught with it."),
        ]),
    ]
    OPTIONS = (
        Option("doubla", False, help=N_("before play, players with an identical pair may "
                                     "exchange pairs face down"), title=N_("doubla")),
        Option("min_first_meld", 50, (50, 45), N_("points the initial meld must reach"),
               title=N_("first meld at least")),
        Option("no_meld_penalty", "fixed200", ("fixed200", "100_plus_rack"),
               N_("a player who melded nothing loses 200, or 100 plus his rack"),
               title=N_("penalty for no meld"),
               choice_titles=(("fixed200", N_("200")), ("100_plus_rack", N_("100 plus the rack")))),
        Option("initial_meld_may_use_last_discard", False,
               help=N_("the last discard may be taken for the initial meld, melded in it at once"),
               title=N_("initial meld may use the last discard")),
        Option("joly_finish_doubles", False, help=N_("going out by discarding a Joly doubles "
                                                  "the winner's score"),
               title=N_("going out on a Joly doubles")),
        Option("games", 4, help=N_("games in the match"), lo=1, hi=20, title=N_("games")),
        Option("target", 0, (0, 500, 1000, 1500, 2000), N_("a total that ends the match sooner "
                                                        "(0: none)"), title=N_("target")),
    )

    # -- tiles ------------------------------------------------------------------------------
    def deck(self, state):
        return tile_set()

    def typed_prompt(self, view):
        if view.phase == Phase.EXCHANGE:
            return _("Doubla: offer a pair of identical tiles for exchange (`doubla r7`), or "
                     "`pass`")
        if view.phase == Phase.OPENING:
            return _("You begin: discard one tile, crosswise (never used again)")
        if view.phase == Phase.DRAW:
            return (_("Draw from the wall, or take the last discard (`take`) or a tile of "
                      "the row with two of yours (`take y7 with y5 y6 y7`)")
                    if view.melded[view.seat] else _("Draw from the wall"))
        if view.phase == Phase.PLAY:
            return (_("Make your initial meld in one move (`open r5 r6 r7 / k9 y9 b9`), "
                      "or discard") if not view.melded[view.seat] else
                    _("Meld, add tiles (`layoff r8 on 2`), swap a Joly "
                      "(`swap r7 on 2 with joly=b6 b7 b8`), or discard"))
        return None

    def meld_rules(self, options):
        return MeldRules(ace="either", naturals_per_wild=2)

    def card_value(self, options, card):
        return rack_value(card)

    def hand_size(self, state):
        return 14

    def hand_limits(self, state, seat):
        return 1, len(self.deck(state))

    def new_hand_extra(self, state):
        return {"exposed": None, "crosswise": None, "twins": [], "started": [False] * state.n,
                "rebuilt": False, "duty": None, "going_out": False, "offer": None, "asked": 0}

    def start_hand(self, state):
        """The exposed tile apart, 15 tiles to the player right of the dealer, 14 to the
        others, the rest the wall."""
        n = state.n
        wall = shuffled(tile_set(), deal_rng(state.seed, "deal", state.hand_no))
        exposed = wall.pop()
        first = state.next_seat(state.dealer)
        state.hands = [[] for _ in range(n)]
        seat = first
        for _x in range(14 * n):
            state.hands[seat].append(wall.pop())
            seat = state.next_seat(seat)
        state.hands[first].append(wall.pop())
        state.stock = wall
        state.discard = []
        state.table = []
        state.taken = None
        state.melded = [False] * n
        state.melded_at_turn_start = [False] * n
        state.extra = self.new_hand_extra(state)
        state.extra["exposed"] = str(exposed)
        state.phase = Phase.EXCHANGE if state.options["doubla"] else Phase.OPENING
        state.turn = first
        state.events = []
        state.reset_logs()
        state._legal_cache = None
        state.emit("deal", state.dealer, card=exposed, text=f"Game {state.hand_no + 1}")

    def exposed(self, state) -> Card | None:
        e = state.extra.get("exposed")
        return Card.parse(e) if e else None

    def hidden_cards(self, state):
        """The exposed tile and the opening discard lie apart from the wall and the row."""
        return [Card.parse(t) for t in (state.extra.get("exposed"), state.extra.get("crosswise"))
                if t]

    # -- doubla -------------------------------------------------------------------------------
    def legal_exchange(self, state):
        pairs = [c for c, k in Counter(state.hands[state.turn]).items() if k >= 2 and c.suit]
        return [Doubla(c) for c in sorted(pairs, key=lambda c: c.code)] + [PASS]

    def apply_doubla(self, state, action: Doubla):
        seat = state.turn
        word = "high" if action.card.rank >= 7 else "low"
        offer = state.extra["offer"]
        state.emit("doubla", seat, card=action.card, secret=True, text=word)
        if offer is None:
            state.extra["offer"] = [seat, str(action.card)]
        else:
            other, tile = offer[0], Card.parse(offer[1])
            state.remove_from_hand(other, [tile, tile])
            state.remove_from_hand(seat, [action.card, action.card])
            state.hands[other] += [action.card, action.card]
            state.hands[seat] += [tile, tile]
            state.extra["offer"] = None
            state.emit("exchange", seat, card=tile, secret=True, text=state.names[other])
            state.emit("exchange", other, card=action.card, secret=True, text=state.names[seat])
        self._asked(state)

    def apply_pass(self, state, action):
        state.emit("pass", state.turn, text="doubla")
        self._asked(state)

    def _asked(self, state):
        state.extra["asked"] += 1
        if state.extra["asked"] >= state.n:
            if state.extra["offer"] is not None:
                state.emit("lapse", state.extra["offer"][0], text="doubla")
            state.extra["offer"] = None
            state.phase = Phase.OPENING
            state.turn = state.next_seat(state.dealer)
        else:
            state.turn = state.next_seat(state.turn)

    # -- the twin, and the opening discard ------------------------------------------------------
    def twin_allowed(self, state, seat) -> bool:
        ex = self.exposed(state)
        return (ex is not None and not state.extra["started"][seat]
                and seat not in state.extra["twins"] and ex in state.hands[seat])

    def apply_twin(self, state, action):
        seat = state.turn
        state.extra["twins"] = sorted(state.extra["twins"] + [seat])
        state.emit("twin", seat, card=self.exposed(state))

    def legal_opening(self, state):
        seat = state.turn
        acts: list[Action] = [TWIN] if self.twin_allowed(state, seat) else []
        return acts + [Discard.of(c) for c in dict.fromkeys(state.hands[seat])]

    # -- the draw ---------------------------------------------------------------------------------
    def legal_draw(self, state):
        seat = state.turn
        hand = state.hands[seat]
        acts: list[Action] = [TWIN] if self.twin_allowed(state, seat) else []
        acts.append(DRAW)               # an empty wall: rebuilt from the row, or the end
        row = state.discard
        opened = state.melded_at_turn_start[seat]
        if row and len(hand) >= 3:
            if opened:
                acts.append(TAKE)
                acts += self.row_takes(state, seat)
            elif state.options["initial_meld_may_use_last_discard"] and openings(
                    hand + [row[-1]], self.rules(state), state.options["min_first_meld"],
                    must=row[-1], limit=1):
                acts.append(TAKE)
        ex = self.exposed(state)
        if ex is not None and opened and self.can_go_out(state, hand + [ex], state.table):
            acts.append(TAKE_EXPOSED)
        return acts

    def row_takes(self, state, seat) -> list[TakeDiscard]:
        """Every tile of the row that two rack tiles combine with, with each combination
        (the pairs in rack order; for each row tile only the rack tiles that could join it:
        its number, its colour close by, a Joly)."""
        rules = self.rules(state)
        hand = state.hands[seat]
        out = []
        seen: Counter = Counter()
        for i in range(len(state.discard) - 1, -1, -1):
            tile = state.discard[i]
            seen[tile] += 1
            near = [c for c in hand if _may_join(tile, c)]
            pairs = dict.fromkeys(tuple(sorted(p, key=lambda c: c.code))
                                  for p in combinations(near, 2))
            for a, b in pairs:
                if not tile.suit and not _may_join(a, b):
                    continue
                if tile.suit and a.suit and b.suit and not (
                        len({tile.rank, a.rank, b.rank}) == 1 or
                        len({tile.suit, a.suit, b.suit}) == 1):
                    continue
                for m in interpretations([tile, a, b], rules):
                    out.append(TakeDiscard(tile, seen[tile], said(m)))
        return list(dict.fromkeys(out))

    def _start(self, state):
        state.extra["started"][state.turn] = True

    def apply_draw(self, state, action):
        self._start(state)
        if not state.stock:
            row = state.discard
            if row and not state.extra["rebuilt"]:
                state.stock = shuffled(sorted(row, key=lambda c: c.code),
                                       deal_rng(state.seed, "rebuild", state.hand_no))
                state.discard = []
                state.extra["rebuilt"] = True
                state.emit("rebuild", state.turn, text=f"{len(state.stock)} tiles")
            else:
                state.emit("pass", state.turn, text="wall")
                return self._score(state, None, _("The wall ran out again: the game ends with "
                                                  "no winner"))
        super().apply_draw(state, action)

    def apply_take(self, state, action: TakeDiscard):
        self._start(state)
        seat = state.turn
        row = state.discard
        if action.meld is None:
            tile = row.pop()
            state.hands[seat].append(tile)
            state.taken = tile
            if not state.melded_at_turn_start[seat]:
                state.extra["duty"] = str(tile)
            state.phase = Phase.PLAY
            state.emit("take", seat, card=tile)
            return
        i = action.index_in(row)
        tile, later = row[i], row[i + 1:]
        del row[i:]
        meld = meld_of_action(action.meld, self.rules(state))
        rack = list(meld.cards)
        rack.remove(tile)
        state.remove_from_hand(seat, rack)
        state.table.append(TableMeld(meld, seat, (seat,) * len(meld.cards)))
        state.melded[seat] = True
        state.hands[seat].extend(later)
        state.phase = Phase.PLAY
        more = len(later)
        state.emit("take", seat, card=tile, cards=tuple(later),
                   text=f"and the {more} tile{'s' if more > 1 else ''} after it" if more else "")
        state.emit("meld", seat, cards=meld.cards, meld=len(state.table) - 1)

    def apply_exposed(self, state, action):
        self._start(state)
        seat = state.turn
        tile = self.exposed(state)
        state.extra["exposed"] = None
        state.extra["going_out"] = True
        state.hands[seat].append(tile)
        state.phase = Phase.PLAY
        state.emit("exposed", seat, card=tile)

    # -- going out: a look-ahead ---------------------------------------------------------------------
    def can_go_out(self, state, cards, table, work: list | None = None) -> bool:
        """Can a player holding ``cards`` lay all but one of them in new combinations and
        additions to ``table`` (TableMeld values), then discard the last?"""
        return self.way_out(state, cards, table, work) is not None

    def way_out(self, state, cards, table, work: list | None = None) -> list | None:
        """A way for a player holding ``cards`` to lay all but one of them in new
        combinations and additions to ``table``, then discard the last: its moves in order
        (``("meld", Meld)`` or ``("layoff", index, new Meld, tile)``), or None.

        The search takes the lowest tile left and tries each fate it can have (the discard,
        a new combination that holds it, an addition), so that no order of moves is tried
        twice. Its work is bounded (``SEARCH_WORK`` steps, or the shared ``work`` counter:
        [steps left]), whatever the rack: a way it finds is real, and a rack whose way out
        would take longer to find is treated as having none. The search is a function of
        (tiles, table) alone, so once a way is found, the position after its first move
        finds the rest of it again within the same bound."""
        rules = self.rules(state)
        melds0 = tuple(t.meld for t in table)
        cards = sorted(cards, key=lambda c: c.code)     # (one order, whatever the rack's)
        cands = self.listed_melds(cards, rules)
        if len(cards) <= LARGE_HAND:
            cands = _best_readings(cands)       # (a large rack's are nearly all plain)
        inside = {c for m in cands for c in m.cards}
        loose = [c for c in cards if c not in inside and
                 not any(layoff_results(m, c, rules) for m in melds0)]
        if len(loose) > 1:
            return None
        # tiles as counts, 3 bits per tile code, the top one a guard (a Joly has code 53: it
        # is placed last): a combination fits when taking its counts borrows no guard
        def counted(ts):
            x = 0
            for t in ts:
                x += 1 << (3 * t.code)
            return x
        guard = sum(4 << (3 * code) for code in range(54))
        # combinations as small numbers (a Meld hashes all its tiles each time): the table's
        # and the candidates are distinct by construction, numbered in order; those that
        # additions make are looked up, so that one meld has one number
        meld_of: list = list(melds0) + list(cands)
        holding: dict = {}          # tile code -> (number, counts) of the candidates with it
        for k, m in enumerate(cands, len(melds0)):
            mc = counted(m.cards)
            for c in dict.fromkeys(m.cards):
                holding.setdefault(c.code, []).append((k, mc))
        by_code = {c.code: c for c in cards}
        memo: dict = {}
        left = [SEARCH_WORK] if work is None else work
        number: dict = {}

        def num(m) -> int:
            k = number.get(m)
            if k is None:
                k = number[m] = len(meld_of)
                meld_of.append(m)
            return k

        lays_cache: dict = {}

        def lays(k: int, code: int) -> list:
            hit = lays_cache.get((k, code))
            if hit is None:
                hit = lays_cache[(k, code)] = [
                    num(m) for m in dict.fromkeys(layoff_results(meld_of[k], by_code[code],
                                                                 rules))]
            return hit

        def reach(counts: int, melds: tuple, kept: bool):
            if not counts:
                return [] if kept else None
            low = counts & -counts
            code = (low.bit_length() - 1) // 3
            rest = counts - (1 << (3 * code))       # one copy of the lowest tile
            if not rest and not kept:
                return []                   # the last tile is the discard
            key = (counts, melds, kept)
            if key in memo:
                return memo[key]
            left[0] -= 1
            if left[0] < 0:
                return None
            memo[key] = None
            way = reach(rest, melds, True) if not kept else None
            if way is None:
                for m, mc in holding.get(code, ()):
                    if ((counts | guard) - mc) & guard == guard:
                        left[0] -= 1
                        if left[0] < 0:
                            return None
                        sub = reach(counts - mc, melds + (m,), kept)
                        if sub is not None:
                            way = [("meld", meld_of[m])] + sub
                            break
            if way is None:
                for i, old in enumerate(melds):
                    news = lays_cache.get((old, code))
                    if news is None:
                        news = lays(old, code)
                    for new in news:
                        left[0] -= 1
                        if left[0] < 0:
                            return None
                        sub = reach(rest, melds[:i] + (new,) + melds[i + 1:], kept)
                        if sub is not None:
                            way = [("layoff", i, meld_of[new], by_code[code])] + sub
                            break
                    if way is not None:
                        break
            memo[key] = way
            return way

        return reach(counted(cards), tuple(range(len(melds0))), False)

    # -- the turn ---------------------------------------------------------------------------------
    def opened_now(self, state, seat) -> bool:
        """Did the seat make its initial meld this turn?"""
        return state.melded[seat] and not state.melded_at_turn_start[seat]

    def may_go_out_by_melding(self, state):
        return False

    def legal_play(self, state):
        seat = state.turn
        hand = state.hands[seat]
        rules = self.rules(state)
        e = state.extra
        acts: list[Action] = []
        if not state.melded[seat]:
            duty = Card.parse(e["duty"]) if e["duty"] else None
            for melds in openings(hand, rules, state.options["min_first_meld"], must=duty):
                acts.append(Open(tuple(said(m) for m in melds)))
            if duty is None:
                acts.extend(self.discard_actions(state, seat))
            return acts
        if self.opened_now(state, seat):
            return self.discard_actions(state, seat)
        if e["going_out"]:
            return self._going_out_actions(state, seat)
        for m in self.listed_melds(hand, rules):
            if self._keeps_a_discard(state, seat, list(m.cards)):
                acts.append(MeldCards.of(m))
        if state.table:
            acts.extend(a for a in self.layoff_actions(state, seat)
                        if self._keeps_a_discard(state, seat, [a.card]))
            acts.extend(self.swaps(state, seat))
        acts.extend(self.discard_actions(state, seat))
        return acts

    def _going_out_actions(self, state, seat):
        """After taking the exposed tile: the melds and additions that still lead out (the
        first move of the way the search finds always among them; others while the bounded
        work lasts: any other that leads out is legal too, see allows)."""
        hand = state.hands[seat]
        if len(hand) == 1:
            return [Discard.of(hand[0])]
        rules = self.rules(state)
        acts: list[Action] = []
        work = [GOING_OUT_WORK]
        for m in self.listed_melds(hand, rules):
            if work[0] <= 0:
                break
            rest = Counter(hand)
            rest.subtract(m.cards)
            left = list(rest.elements())
            if left and self.can_go_out(state, left, state.table + [TableMeld(m, seat, ())],
                                        work):
                acts.append(MeldCards.of(m))
        for a in self.layoff_actions(state, seat):
            if work[0] <= 0:
                break
            rest = list(hand)
            rest.remove(a.card)
            table = list(state.table)
            table[a.meld] = TableMeld(self.layoff_result(state, a.meld, a.card, a.rep),
                                      seat, ())
            if rest and self.can_go_out(state, rest, table, work):
                acts.append(a)
        # the first move of the way out the search finds is always there (the work of the
        # list above may run out on a large rack before it comes to it)
        way = self.way_out(state, hand, state.table) if work[0] <= 0 else None
        if way:
            step = way[0]
            if step[0] == "meld":
                first = MeldCards.of(step[1])
            else:
                _x, i, new, tile = step
                first = LayOff(tile, i, _layoff_rep(state.table[i].meld, new, tile, rules))
            if first not in acts:
                acts.append(first)
        return acts

    # -- Joly swaps ----------------------------------------------------------------------------
    def swap_puts(self, state, seat) -> list[tuple]:
        """(table meld index, the Joly's slot, the tiles put in its place) the seat can make."""
        hand = state.hands[seat]
        have = Counter(hand)
        out = []
        for i, tm in enumerate(state.table):
            m = tm.meld
            for j in m.wild_slots():
                if m.kind == "run":
                    need_ = m.represented()[j]
                    if have[need_]:
                        out.append((i, j, (need_,)))
                    continue
                colours = {c.suit for c in m.cards if c.suit}
                missing = [Card(m.rank, s, True) for s in "rybk" if s not in colours]
                real = len(m.cards) - len(m.wild_slots())
                if real == 2 and len(missing) == 2 and all(have[c] for c in missing):
                    out.append((i, j, tuple(missing)))
                elif real == 3 and len(missing) == 1 and have[missing[0]]:
                    out.append((i, j, (missing[0],)))
                break               # one Joly at most in a set
        return out

    def swaps(self, state, seat) -> list[Swap]:
        """Every Joly swap: the tiles put in, and each new combination of the Joly with two
        rack tiles."""
        rules = self.rules(state)
        out = []
        for i, j, put in self.swap_puts(state, seat):
            joly = state.table[i].meld.cards[j]
            rest = list(state.hands[seat])
            for c in put:
                rest.remove(c)
            if len(rest) < 3:
                continue            # the new combination would leave nothing to discard
            pairs = dict.fromkeys(tuple(sorted(p, key=lambda c: c.code))
                                  for p in combinations(rest, 2) if _may_join(*p))
            for a, b in pairs:
                for m in interpretations([joly, a, b], rules):
                    out.append(Swap(put, i, said(m)))
        return list(dict.fromkeys(out))

    def swapped(self, state, i: int, put: tuple) -> tuple[Meld, tuple]:
        """Table combination ``i`` with ``put`` in place of its Joly, and who played each
        tile (the Joly's first melder is returned last)."""
        tm = state.table[i]
        m = tm.meld
        j = next(j for j in m.wild_slots())
        if m.kind == "run":
            j = next(j for j in m.wild_slots() if m.represented()[j] is put[0])
            cards = m.cards[:j] + put + m.cards[j + 1:]
            played = tm.played_by[:j] + (state.turn,) + tm.played_by[j + 1:]
            return Meld("run", cards, suit=m.suit, start=m.start, is_tile=True), \
                played + (tm.played_by[j],)
        keep = [(c, p) for k, (c, p) in enumerate(zip(m.cards, tm.played_by)) if k != j]
        keep += [(c, state.turn) for c in put]
        keep.sort(key=lambda cp: cp[0].code)
        cards = tuple(c for c, _ in keep)
        return Meld("set", cards, rank=m.rank, is_tile=True), \
            tuple(p for _, p in keep) + (tm.played_by[j],)

    def apply_swap(self, state, action: Swap):
        seat = state.turn
        new_old, played = self.swapped(state, action.meld, action.cards)
        joly_by = played[-1]
        old = state.table[action.meld]
        state.table[action.meld] = TableMeld(new_old, old.owner, played[:-1])
        meld = meld_of_action(action.new, self.rules(state))
        at = next(k for k, c in enumerate(meld.cards) if not c.suit)     # the Joly
        rack = [c for k, c in enumerate(meld.cards) if k != at]
        state.remove_from_hand(seat, list(action.cards) + rack)
        # the Joly still scores for the seat that first melded it
        state.table.append(TableMeld(meld, seat, tuple(joly_by if k == at else seat
                                                       for k in range(len(meld.cards)))))
        state.emit("swap", seat, cards=tuple(action.cards), meld=action.meld,
                   text=str(meld))

    # -- the initial meld --------------------------------------------------------------------------
    def allows(self, state, action):
        """An initial meld that legal_actions does not list (other combinations, other
        readings, tiles held back) is legal when sound; so is a new combination that a
        large rack's shorter list leaves out (see listed_melds)."""
        if state.phase != Phase.PLAY:
            return False
        if isinstance(action, Open):
            return self._open_problem(state, action) is None
        seat = state.turn
        if not isinstance(action, (MeldCards, LayOff)) or not state.melded[seat] or \
                self.opened_now(state, seat):
            return False
        hand = state.hands[seat]
        rules = self.rules(state)
        if isinstance(action, MeldCards):
            meld = self.listed_meld_allowed(state, action) if not state.extra["going_out"] \
                else self.sound_meld(state, action)
            if meld is None or not state.extra["going_out"]:
                return meld is not None
            rest = Counter(hand)
            rest.subtract(action.cards)
            return self.can_go_out(state, list(rest.elements()),
                                   state.table + [TableMeld(meld, seat, ())])
        # a lay-off after taking the exposed tile that the bounded listing left out
        if not state.extra["going_out"] or action.card not in hand or \
                not 0 <= action.meld < len(state.table):
            return False
        old = state.table[action.meld].meld
        new = [m for m in layoff_results(old, action.card, rules)
               if _layoff_rep(old, m, action.card, rules) == action.rep]
        if not new:
            return False
        rest = list(hand)
        rest.remove(action.card)
        table = list(state.table)
        table[action.meld] = TableMeld(new[0], seat, ())
        return bool(rest) and self.can_go_out(state, rest, table)

    def _open_problem(self, state, action: Open) -> str | None:
        seat = state.turn
        minimum = state.options["min_first_meld"]
        if state.melded[seat]:
            return _("You have made your initial meld: now lay combinations one at a time.")
        have = Counter(state.hands[seat])
        used = Counter(c for m in action.melds for c in m.cards)
        for c, k in used.items():
            if have[c] < k:
                return (_("You do not hold the {name} ({card}) that many times.",
                          name=c.name(), card=c) if have[c] else
                        _("You do not hold the {name} ({card}).", name=c.name(), card=c))
        duty = state.extra["duty"]
        if duty and not used[Card.parse(duty)]:
            return _("You took the {tile} for your initial meld: it must be part of it.",
                     tile=duty)
        if sum(used.values()) >= len(state.hands[seat]):
            return _("You must keep a tile to discard: you go out by discarding your last tile.")
        rules = self.rules(state)
        melds = []
        for i, m in enumerate(action.melds, 1):
            reps = list(m.reps) if m.reps else None
            options = interpretations(list(m.cards), rules, reps)
            several = len(action.melds) > 1
            if not options:
                why = explain_not_meld(list(m.cards), rules, reps)
                return (_("Combination {number} of your initial meld is not a combination: "
                          "{reason}.", number=i, reason=why) if several else
                        _("Your initial meld is not a combination: {reason}.", reason=why))
            if len(options) > 1:
                why = ambiguity_message(options)
                return (_("Combination {number} of your initial meld can be read more than one "
                          "way. {reason}.", number=i, reason=why) if several else
                        _("Your initial meld can be read more than one way. {reason}.",
                          reason=why))
            melds.append(options[0])
        if not any(m.kind == "run" for m in melds):
            return _("Your initial meld must include at least one run.")
        value = sum(meld_value(m) for m in melds)
        if value < minimum:
            return (_("Your initial meld is worth {value} points: it must reach {minimum} (a "
                      "Joly counts as the tile it stands for).",
                      value=value, minimum=minimum))
        return None

    def apply_open(self, state, action: Open):
        seat = state.turn
        rules = self.rules(state)
        first = len(state.table)
        melds = [meld_of_action(m, rules) for m in action.melds]
        for m in melds:
            state.remove_from_hand(seat, m.cards)
            state.table.append(TableMeld(m, seat, (seat,) * len(m.cards)))
        state.melded[seat] = True
        state.extra["duty"] = None
        state.emit("open", seat, cards=tuple(c for m in melds for c in m.cards), meld=first,
                   text=f"{sum(meld_value(m) for m in melds)} points: "
                        + " / ".join(str(m) for m in melds))

    # -- the end of a turn, of a game, of the match ------------------------------------------------
    def apply_discard(self, state, action):
        seat = state.turn
        if state.phase == Phase.OPENING:
            self._start(state)
            state.remove_from_hand(seat, [action.card])
            state.extra["crosswise"] = str(action.card)
            state.emit("crosswise", seat, card=action.card)
            return self.next_turn(state)
        if len(state.hands[seat]) == 1:
            state.extra["last"] = str(action.card)
        super().apply_discard(state, action)

    def after_discard(self, state):
        seat = state.turn
        left = len(state.hands[seat])
        if left <= 3:
            state.emit("few", seat, text=f"{left} tile{'s' if left > 1 else ''} left")
        self.next_turn(state)

    def next_turn(self, state):
        super().next_turn(state)
        state.extra["duty"] = None
        state.extra["going_out"] = False

    def went_out(self, state, seat, by):
        state.emit("out", seat, text=f"by {by}")
        self._score(state, seat, _("{who} goes out", who=state.names[seat]))

    def laid_points(self, state) -> list[int]:
        """Each seat's points on the table (a Joly 50 to the seat that first melded it)."""
        pts = [0] * state.n
        for tm in state.table:
            for i, who in enumerate(tm.played_by):
                pts[who] += final_points(tm.meld, i)
        return pts

    def _score(self, state, winner, headline: str):
        o = state.options
        laid = self.laid_points(state)
        played = {who for tm in state.table for who in tm.played_by}
        racks = [sum(rack_value(c) for c in h) for h in state.hands]
        twins = set(state.extra["twins"])
        points, lines = [], []
        jolys = [0] * state.n            # Jolys first laid by each seat: 50 each
        for tm in state.table:
            for c, who in zip(tm.meld.cards, tm.played_by):
                jolys[who] += not c.suit
        for s in range(state.n):
            name = state.names[s]
            parts = []
            # TRANSLATORS: the parts of a player's score: "melded +45, rack -12 = +33"
            tiles_laid = [(_("melded"), laid[s] - JOLY_POINTS * jolys[s])]
            if jolys[s]:
                tiles_laid.append((n_("a Joly first laid", "{n} Jolys first laid", jolys[s]),
                                   JOLY_POINTS * jolys[s]))
            held = sum(1 for c in state.hands[s] if not c.suit)
            rack = [(_("rack"), -(racks[s] - RACK_JOLY * held))]
            if held:
                rack.append((n_("a Joly in the rack", "{n} Jolys in the rack", held),
                             -RACK_JOLY * held))
            if s == winner:
                parts += [(_("going out"), 100)] + tiles_laid
                if not state.melded_at_turn_start[s]:
                    parts.append((_("all at once"), 100))
            elif s not in played:
                pen = 200 if o["no_meld_penalty"] == "fixed200" else 100 + racks[s]
                parts.append((_("melded nothing"), -pen))
            else:
                parts += tiles_laid + rack
            if s in twins:
                parts.append((_("twin of the exposed tile"), 25))
            total = sum(p for _, p in parts)
            last = state.extra.get("last")
            if s == winner and o["joly_finish_doubles"] and last == "joly":
                parts.append((_("went out on a Joly: doubled"), total))
                total *= 2
            points.append(total)
            lines.append(_("{who}: {parts} = {total}", who=name, total=f"{total:+d}",
                           parts=_(", ").join(_("{what} {points}", what=w, points=f"{p:+d}")
                                              for w, p in parts)))
        state.extra.pop("last", None)
        state.extra.update(duty=None, going_out=False)
        self.finish_hand(state, {"how": "out" if winner is not None else "wall",
                                 "winner": winner, "points": points, "held": racks,
                                 "headline": headline, "lines": lines})

    def match_result(self, state):
        o = state.options
        scores = state.scores
        best = max(scores)
        if state.hand_no + 1 < o["games"] and not (o["target"] and best >= o["target"]):
            return None
        winners = [s for s in range(state.n) if scores[s] == best]
        lines = [f"{state.names[s]}: {scores[s]}" for s in range(state.n)]
        who = join(state.names[s] for s in winners)
        games = state.hand_no + 1
        head = (n_("{who} wins the match with {best} after {n} game",
                   "{who} wins the match with {best} after {n} games", games, who=who, best=best)
                if len(winners) == 1 else
                n_("{who} share the match with {best} after {n} game",
                   "{who} share the match with {best} after {n} games", games, who=who,
                   best=best))
        return {"winners": winners, "totals": list(scores), "lines": lines, "headline": head}

    # -- what players see -----------------------------------------------------------------------
    def public_info(self, state):
        e = state.extra
        offer = e.get("offer")
        return {"exposed": e.get("exposed"), "crosswise": e.get("crosswise"),
                "twins": list(e.get("twins", ())), "rebuilt": e.get("rebuilt", False),
                "minimum": state.options["min_first_meld"],
                "offer": offer[0] if offer else None,
                "game": state.hand_no + 1, "games": state.options["games"],
                "going_out": e.get("going_out", False), "duty": e.get("duty"),
                "laid": self.laid_points(state)}

    # -- checks at the door and deal strings ------------------------------------------------------
    EXTRA = {"exposed": "card?", "crosswise": "card?", "twins": ("list", "seat"),
             "started": ("list", "bool", "n"), "rebuilt": "bool", "duty": "card?",
             "going_out": "bool", "offer": "any", "asked": "count"}
    EXTRA_OPTIONAL = ("last",)
    DEAL_FIELDS = ("exposed", "crosswise", "twins", "started", "rebuilt", "duty", "going out",
                   "offer", "asked", "opened")

    def public_extra(self, state, seat):
        """A doubla offer is made face down: the others know who offered, not the pair
        (``offer: [seat, None]``); the offering seat knows its own tile."""
        e = super().public_extra(state, seat)
        offer = e.get("offer")
        if offer is not None and offer[0] != seat:
            e["offer"] = [offer[0], None]
        return e

    def known_holdings(self, extra, turn):
        known = {turn: [Card.parse(extra["duty"])]} if extra.get("duty") else {}
        offer = extra.get("offer")
        if offer is not None and offer[1] is not None:      # (the offering seat's own)
            known.setdefault(offer[0], []).extend([Card.parse(offer[1])] * 2)
        return known

    def check_state(self, state):
        super().check_state(state)
        e = state.extra
        seat = state.turn
        need(all(x in ("r", "y", "b", "k") or x == "" for x in
                 (Card.parse(t).suit for t in (e["exposed"], e["crosswise"]) if t)),
             _("the exposed tile and the opening discard are tiles"))
        need(len(set(e["twins"])) == len(e["twins"]), _("a seat announced its twin twice"))
        need((e["crosswise"] is None) == (state.phase in (Phase.EXCHANGE, Phase.OPENING)),
             _("the opening discard is made once, by the first player"))
        need(state.phase != Phase.EXCHANGE or state.options["doubla"],
             _("there is no doubla round without the doubla house rule"))
        need(e["asked"] <= state.n, _("the doubla round asks each seat once"))
        if e["offer"] is not None:
            need(state.phase == Phase.EXCHANGE and type(e["offer"]) is list
                 and len(e["offer"]) == 2
                 and type(e["offer"][0]) is int and 0 <= e["offer"][0] < state.n
                 and (type(e["offer"][1]) is str and len(e["offer"][1]) <= 5
                      or e["offer"][1] is None and not state.complete),
                 _("a doubla offer is a seat and its tile, during the doubla round"))
            if e["offer"][1] is not None:       # (offered face down: the others see no tile)
                tile = Card.parse(e["offer"][1])
                need(holding(state.hands[e["offer"][0]])[tile] >= 2,
                     _("a doubla offer is a pair its seat holds"))
        if e["duty"]:
            need(state.phase == Phase.PLAY and not state.melded[seat] and
                 Card.parse(e["duty"]) in state.hands[seat],
                 _("a tile taken for the initial meld is in the rack of a player who has not "
                   "opened, during his turn"))
        if e["going_out"]:
            need(state.phase == Phase.PLAY and e["exposed"] is None,
                 _("only the player who took the exposed tile is going out"))
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return
        need(state.hand_no < state.options["games"],
             _("the match is {count} games: there is no game {number}",
               count=state.options['games'], number=state.hand_no + 1))
        need(e["exposed"] is not None or e["going_out"],
             _("the exposed tile is taken only by a player going out, on that turn"))
        # the turn order from the first player (right of the dealer): who has begun
        order = [state.next_seat(state.dealer)]
        while len(order) < state.n:
            order.append(state.next_seat(order[-1]))
        started = [e["started"][s] for s in order]
        begun = started.index(False) if False in started else state.n
        need(all(started[:begun]) and not any(started[begun:]),
             _("the players begin their first turns in turn, from the right of the dealer"))
        if state.phase in (Phase.EXCHANGE, Phase.OPENING):
            need(begun == 0, _("nobody has begun a turn before the opening discard"))
            if state.phase == Phase.OPENING:
                need(state.turn == order[0], _("the opening discard is the first player's"))
        else:
            need(begun >= 1, _("the first player began the game with the opening discard"))
            if begun < state.n:
                now = order[begun - 1] if state.phase == Phase.PLAY else order[begun]
                need(state.turn == now,
                     _("seat {seat} plays before every seat ahead of it has begun",
                       seat=state.turn))
        # the doubla round asks each seat once, in turn from the first player
        asked = e["asked"]
        if state.phase == Phase.EXCHANGE:
            need(asked < state.n and state.turn == order[asked],
                 _("the doubla round asks each seat once, in turn from the first player"))
            if e["offer"] is not None:
                need(e["offer"][0] in order[:asked], _("a doubla offer is made by a seat "
                                                       "already asked"))
        else:
            need(asked == (state.n if state.options["doubla"] else 0),
                 _("the doubla round is over once every seat has been asked"))
        if e["offer"] is not None and e["offer"][1] is not None:
            need(bool(Card.parse(e["offer"][1]).suit), _("a doubla is a pair of numbered tiles, "
                                                         "never of Jolys"))
        # a player who has not made his initial meld holds 14 tiles, 15 while he plays a
        # turn (the first player: until his opening discard)
        for seat in range(state.n):
            if state.melded[seat]:
                continue
            size = len(state.hands[seat])
            extra = (seat == state.turn and state.phase == Phase.PLAY) or \
                (state.phase in (Phase.EXCHANGE, Phase.OPENING) and seat == order[0])
            want = 15 if extra else 14
            need(size == want, _("seat {seat} has not made its initial meld, so it holds {want} "
                                 "tiles now, not {size}",
                                 seat=seat, want=want, size=size))

    def scenario_setup(self, state, fields):
        e = state.extra = self.new_hand_extra(state)
        aside = []
        ex = fields.get("exposed", "").strip().lower()
        if ex and ex != "taken":
            e["exposed"] = str(Card.parse(ex))
            aside.append(Card.parse(ex))
        cw = fields.get("crosswise", "").strip()
        if cw:
            e["crosswise"] = str(Card.parse(cw))
            aside.append(Card.parse(cw))
        e["twins"] = sorted(set(self.seat_numbers(state, fields.get("twins", ""), "twins")))
        if "started" in fields:
            started = set(self.seat_numbers(state, fields["started"], "started"))
        else:       # not said: once play is under way, everyone has had a turn
            phase = fields.get("phase", self.first_phase.value).strip().lower()
            started = set(range(state.n)) if phase in ("draw", "play") else set()
        e["started"] = [s in started for s in range(state.n)]
        for key in ("rebuilt", "going out", "opened"):
            v = fields.get(key, "no").strip().lower()
            if v not in ("yes", "no"):
                raise DealSyntaxError(_("'{key}' is yes or no, not '{value}'", key=key, value=v))
            e[{"going out": "going_out", "opened": "_opened"}.get(key, key)] = v == "yes"
        if fields.get("duty", "").strip():
            e["duty"] = str(Card.parse(fields["duty"]))
        if fields.get("offer", "").strip():
            seat, _x, tile = fields["offer"].strip().partition(" ")
            e["offer"] = [self.seat_numbers(state, seat, "offer")[0], str(Card.parse(tile))]
        if fields.get("asked", "").strip():
            a = fields["asked"].strip()
            if not a.isdigit() or int(a) > state.n:
                raise DealSyntaxError(_("'asked' is a number of seats from 0 to {n}", n=state.n))
            e["asked"] = int(a)
        return aside

    def scenario_adjust(self, state):
        if state.extra.pop("_opened", False):       # the initial meld was made this turn
            state.melded_at_turn_start[state.turn] = False
        if state.phase in (Phase.EXCHANGE, Phase.OPENING):
            return
        if state.extra["crosswise"] is None:
            raise DealSyntaxError(_("Once play is under way the opening discard lies crosswise: "
                                    "say which tile it is ('crosswise: b7')"))

    def scenario_fields(self, state):
        e = state.extra
        out = [f"exposed: {e['exposed'] or 'taken'}"]
        if e["crosswise"]:
            out.append(f"crosswise: {e['crosswise']}")
        for key in ("twins", "started"):
            seats = e[key] if key == "twins" else [s for s, x in enumerate(e[key]) if x]
            if seats:
                out.append(f"{key}: {' '.join(map(str, seats))}")
        if e["rebuilt"]:
            out.append("rebuilt: yes")
        if e["duty"]:
            out.append(f"duty: {e['duty']}")
        if e["going_out"]:
            out.append("going out: yes")
        if state.phase == Phase.PLAY and self.opened_now(state, state.turn):
            out.append("opened: yes")
        if e.get("offer"):
            out.append(f"offer: {e['offer'][0]} {e['offer'][1]}")
        if e["asked"]:
            out.append(f"asked: {e['asked']}")
        return out

    # -- explanations --------------------------------------------------------------------------------
    def explain(self, state, action):
        kind = action.kind
        phase = state.phase
        seat = state.turn
        hand = state.hands[seat]
        if kind in ("knock", "gin", "done", "turnover", "declare", "drop", "show", "rum",
                    "rejoin", "decline", "push", "contract", "rescue"):
            return _("There is no '{move}' in {game}.", move=kind, game=self.title)
        if phase == Phase.EXCHANGE:
            if kind == "doubla":
                return (_("You do not hold two {tile} tiles.", tile=action.card)
                        if action.card.suit else
                        _("A doubla is a pair of identical numbered tiles."))
            return _("First the doubla round: offer a pair of identical tiles ('doubla r7') or "
                     "pass.")
        if phase == Phase.OPENING:
            if kind == "twin":
                return self._twin_problem(state)
            if kind == "discard" and action.card not in hand:
                return _("You do not hold the {name} ({card}).", name=action.card.name(),
                         card=action.card)
            return (_("You begin the game: discard one tile, crosswise. It is never used again."))
        if kind == "twin":
            return self._twin_problem(state)
        if kind == "doubla":
            return _("Doubla is offered before play begins.")
        if kind == "exposed":
            if phase != Phase.DRAW:
                return _("The exposed tile is taken instead of drawing.")
            if self.exposed(state) is None:
                return _("The exposed tile has been taken.")
            if not state.melded_at_turn_start[seat]:
                return _("Only a player who has made his initial meld may take the exposed "
                         "tile.")
            return (_("You may take the exposed tile only on the turn you go out: with it you "
                      "could not meld all your tiles but one."))
        if phase == Phase.DRAW and kind == "take":
            return self._take_problem(state, action)
        if phase == Phase.PLAY:
            if kind == "open":
                return self._open_problem(state, action) or super().explain(state, action)
            if kind in ("meld", "layoff", "swap"):
                if not state.melded[seat]:
                    return (_("Make your initial meld first: at least {points} points with a "
                              "run, from your rack, in one move ('open ...').",
                              points=state.options['min_first_meld']))
                if self.opened_now(state, seat):
                    return (_("In the turn of your initial meld nothing else goes on the table: "
                              "discard now."))
                if state.extra["going_out"]:
                    return (_("You took the exposed tile: only moves that take you out are "
                              "allowed now."))
            if kind == "swap":
                return self._swap_problem(state, action)
            if kind == "discard" and state.extra["duty"]:
                return (_("You took the {tile} for your initial meld: meld it first.",
                          tile=state.extra['duty']))
            if kind == "discard" and state.extra["going_out"] and len(hand) > 1:
                return _("You took the exposed tile: meld all your tiles but one, then discard.")
        if kind == "meld" and state.melded[seat]:
            m = action
            rules = self.rules(state)
            opts = interpretations(list(m.cards), rules, list(m.reps) or None)
            if all(c in hand for c in m.cards) and opts and \
                    not self._keeps_a_discard(state, seat, list(m.cards)):
                return (_("You must keep a tile to discard: you go out by discarding your last "
                          "tile."))
        return super().explain(state, action)

    def _twin_problem(self, state) -> str:
        seat = state.turn
        ex = self.exposed(state)
        if seat in state.extra["twins"]:
            return _("You have announced your twin.")
        if state.extra["started"][seat]:
            return _("The twin of the exposed tile is announced before your first turn.")
        return _("You do not hold the twin of the exposed tile ({tile}).", tile=ex)

    def _take_problem(self, state, action: TakeDiscard) -> str:
        seat = state.turn
        hand = state.hands[seat]
        row = state.discard
        if not row:
            return _("The discard row is empty: draw from the wall.")
        if len(hand) <= 2:
            return (_("With one or two tiles in your rack you may not take from the discard "
                      "row: draw from the wall."))
        if not state.melded_at_turn_start[seat]:
            if state.options["initial_meld_may_use_last_discard"] and action.meld is None:
                return (_("You may take the {tile} before your initial meld only if it goes "
                          "into that meld at once.", tile=row[-1]))
            return (_("Until your initial meld you draw from the wall: a discard cannot help "
                      "make it."))
        if action.card is not None and action.index_in(row) < 0:
            return _("There is no {card} in the discard row.", card=action.card)
        if action.meld is None:
            return (_("To take a tile that is not the last discard, say the combination two of "
                      "your tiles make with it: 'take y7 with y5 y6 y7'."))
        m = action.meld
        if action.card not in m.cards:
            return _("The combination must include the {card} you take.", card=action.card)
        rack = list(m.cards)
        rack.remove(action.card)
        if len(rack) != 2:
            return (_("A tile of the row is taken with exactly two tiles of your rack: 'take y7 "
                      "with y5 y6 y7'."))
        for c in rack:
            if c not in hand or (rack.count(c) > hand.count(c)):
                return _("You do not hold the {name} ({card}).", name=c.name(), card=c)
        rules = self.rules(state)
        reps = list(m.reps) if m.reps else None
        opts = interpretations(list(m.cards), rules, reps)
        if not opts:
            return _("That is not a combination: {reason}.",
                     reason=explain_not_meld(list(m.cards), rules, reps))
        if len(opts) > 1:
            return ambiguity_message(opts) + "."
        return super().explain(state, action)

    def _swap_problem(self, state, action: Swap) -> str:
        hand = state.hands[state.turn]
        for c in list(action.cards) + list(action.new.cards):
            if c.suit and c not in hand:
                return _("You do not hold the {name} ({card}).", name=c.name(), card=c)
        if not 0 <= action.meld < len(state.table):
            return _("There is no combination number {meld} on the table.",
                     meld=action.meld + 1)
        m = state.table[action.meld].meld
        if not m.wild_slots():
            return _("Combination {meld} ({tiles}) has no Joly.", meld=action.meld + 1, tiles=m)
        puts = [p for i, j, p in self.swap_puts(state, state.turn) if i == action.meld]
        if m.kind == "set":
            real = len(m.cards) - 1
            if real == 2 and len(action.cards) != 2:
                return (_("To take the Joly from a set of three, put in both missing colours "
                          "(making four of a kind)."))
            if sorted(action.cards, key=str) not in [sorted(p, key=str) for p in puts]:
                return _("Those tiles do not take the Joly's place in combination {meld}.",
                         meld=action.meld + 1)
        elif not any(p == tuple(action.cards) for p in puts):
            stand = ", ".join(str(m.represented()[j]) for j in m.wild_slots())
            return (_("The Joly in combination {meld} stands for {stand}: put in exactly that "
                      "tile.",
                      meld=action.meld + 1, stand=stand))
        if sum(1 for c in action.new.cards if not c.suit) != 1 or len(action.new.cards) != 3:
            return (_("The Joly you take must be laid at once with two tiles of your rack, in a "
                      "new combination of three."))
        rules = self.rules(state)
        reps = list(action.new.reps) if action.new.reps else None
        opts = interpretations(list(action.new.cards), rules, reps)
        if not opts:
            return (_("The Joly's new combination is not one: {reason}.",
                      reason=explain_not_meld(list(action.new.cards), rules, reps)))
        if len(opts) > 1:
            return ambiguity_message(opts) + "."
        return _("You must keep a tile to discard after the swap.")


__all__ = ["TileRami", "openings", "splits", "said", "tile_points", "final_points", "rack_value", "meld_value"]
