"""A friend's copy of the game, made from what their seat may see.

When friends play from their own devices, the host's page holds the game; each friend's
page is sent only its seat's :class:`~rami.view.PlayerView` (as ``to_dict()`` gives it).
The friend's table is drawn by the same code as a table at the host (the tables read a
:class:`~rami.state.GameState`), so :func:`shadow` rebuilds a game from the view: the seat's
own cards, the table, the piles' sizes, the scores, the log, and the variant's public facts
are the real ones; every card the seat cannot see (the other hands, the stock, the buried
discards, a card laid face down) is a stand-in, taken in a fixed order from the cards the
seat cannot see. Which card stands where says nothing: it follows only from what the seat
knows (the deck, less what it sees). The friend's page never applies a move to it; it sends
the move to the host, and draws the next view it is sent.

What comes from another device is checked at the door: a view that does not make a sound
game raises :class:`~rami.errors.SaveError` (the game's own checks of a save, the cards
counted, the seat's legal moves), never a Python error.
"""

from __future__ import annotations

from collections import Counter

from .cards import Card
from .checks import check, check_fields, json_depth, need, reading
from .errors import SaveError
from .i18n import _
from .state import SAVE_FORMAT, SAVE_VERSION, GameState, Phase
from .variants import find_variant

SHADOW_SEED = "shadow"        # a friend's copy has no seed: its stock is not the real one
HIDDEN_MOVE = "hidden"        # ... nor the moves played (a knock names its card), only their number
MAX_DEPTH = 12

VIEW_FIELDS = {
    "seat": "int", "variant": "str", "options": ("dict", "any"), "names": ("list", "str"),
    "teams": ("list", "int"), "phase": "str", "turn": "int", "dealer": "int",
    "hand_no": "count", "hand": ("list", "card"), "hand_counts": ("list", "count"),
    "stock_count": "count", "discard": ("list", "card"), "discard_count": "count",
    "table": ("list", ("dict", "any")), "scores": ("list", "int"), "legal": ("list", "str"),
    "events": ("list", ("dict", "any")), "results": ("list", ("dict", "any")),
    "revealed": ("dict", ("list", "card")), "taken": "card?", "melded": ("list", "bool"),
    "info": ("dict", "any"), "final": "any", "public": ("dict", "any"),
}


def shadow(view: dict) -> GameState:
    """The game as seat ``view["seat"]`` knows it (see the module's words); raises SaveError
    with a reason when ``view`` is not a view of a sound game."""
    with reading(SaveError,
                 lambda r: _("The table sent by the host cannot be read: {reason}.", reason=r),
                 lambda e: _("The table sent by the host cannot be read ({error}).", error=e)):
        return _shadow(view)


def _shadow(v: dict) -> GameState:
    need(isinstance(v, dict) and json_depth(v) <= MAX_DEPTH, _("it is not a table"))
    check_fields(v, VIEW_FIELDS, _("the table"))
    n = len(v["names"])
    need(2 <= n <= 8, _("the table has 2 to 8 seats"))
    seat = v["seat"]
    check(seat, "seat", _("your seat"), n)
    check(v["hand_counts"], ("list", "count", n), _("the hands' sizes"))
    need(v["hand_counts"][seat] == len(v["hand"]), _("your hand's size is not its own"))
    check_fields(v["public"], {"extra": ("dict", "any"), "melded_at_turn_start":
                               ("list", "bool", n), "moves": "count"}, _("the table"))
    need(v["public"]["moves"] <= 100_000, _("too many moves"))
    var = find_variant(v["variant"])
    game = GameState(var.name, v["names"], v["options"], SHADOW_SEED, _empty=True)
    extra = dict(v["public"]["extra"])
    game.extra = extra
    revealed = {int(k): [Card.parse(c) for c in cards] for k, cards in v["revealed"].items()
                if k.isdigit() and int(k) != seat}
    visible = [Card.parse(c) for c in v["hand"]] + [Card.parse(c) for c in v["discard"]]
    for t in v["table"]:
        check(t.get("cards"), ("list", "card"), _("a meld on the table"))
        visible += [Card.parse(c) for c in t["cards"]]
    for s, cards in revealed.items():
        need(0 <= s < n and len(cards) == v["hand_counts"][s],
             _("a hand shown face up is not the size of that hand"))
        visible += cards
    visible += var.hidden_cards(game)           # laid apart face up (a cut joker, …)
    left = Counter(var.deck(game))
    left.subtract(Counter(visible))
    need(all(k >= 0 for k in left.values()), _("a card is seen more often than the deck "
                                               "holds it"))
    # the stand-ins, in a fixed order (the deck's), dealt from the end
    unseen = [c for c in sorted(left, key=lambda c: c.code) for _ in range(left[c])]
    unseen.reverse()
    var.private_stand_ins(extra, unseen)

    def deal(k: int) -> list[str]:
        need(k <= len(unseen), _("more cards are hidden than the deck holds"))
        return [str(unseen.pop()) for _ in range(k)]
    known = {s: cards for s, cards in var.known_holdings(extra, v["turn"]).items()
             if s != seat and s not in revealed}
    for s, cards in known.items():
        need(len(cards) <= v["hand_counts"][s], _("a hand holds more known cards than its "
                                                   "size"))
        for c in cards:
            need(c in unseen, _("a card known to be in a hand is seen elsewhere"))
            unseen.remove(c)
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(list(v["hand"]))
        elif s in revealed:
            hands.append([str(c) for c in revealed[s]])
        else:
            held = [str(c) for c in known.get(s, [])]
            hands.append(held + deal(v["hand_counts"][s] - len(held)))
    need(v["discard_count"] >= len(v["discard"]), _("the discard pile is smaller than its "
                                                    "top"))
    discard = deal(v["discard_count"] - len(v["discard"])) + list(v["discard"])
    stock = deal(v["stock_count"])
    need(not unseen, _("fewer cards are hidden than the deck holds"))
    game = GameState.from_dict({
        "format": SAVE_FORMAT, "version": SAVE_VERSION, "variant": var.name,
        "options": v["options"], "seed": SHADOW_SEED, "names": v["names"],
        "dealer": v["dealer"], "hand_no": v["hand_no"], "scores": v["scores"],
        "results": v["results"], "history": [HIDDEN_MOVE] * v["public"]["moves"],
        "events": v["events"], "final": v["final"], "phase": v["phase"], "turn": v["turn"],
        "stock": stock, "discard": discard, "hands": hands, "table": v["table"],
        "taken": v["taken"], "melded": v["melded"],
        "melded_at_turn_start": v["public"]["melded_at_turn_start"], "extra": extra},
        playable=v["turn"] == seat, replayed=False)   # (stand-ins: no move, no history)
    mine = game.turn == seat and game.phase != Phase.MATCH_OVER
    legal = [str(a) for a in game.legal_actions()] if mine else []
    need(legal == v["legal"], _("your legal moves are not those of this table"))
    return game
