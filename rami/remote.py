"""A friend's table, as the host sends it: a seat's view, checked at the door.

When friends play from their own devices, the host's page holds the game; each friend's
page is sent only its seat's :class:`~rami.view.PlayerView` (as ``to_dict()`` gives it),
and draws it with the very code that draws a table at the host: both read the seat's
knowledge of the game, :class:`~rami.known.KnownGame`, which holds the view and nothing
else. The friend's page never plays a move on it; it checks the move, sends it to the
host, and draws the next view it is sent.

What comes from another device is checked at the door: :func:`read_view` gives a
KnownGame that every question of the table can be asked of, or raises
:class:`~rami.errors.SaveError` with a reason (the fields and their sizes, the table's
melds, the variant's own facts, the cards counted against the deck, the seat's legal moves
as the rules find them, and the view as the game's rules would write it), never a Python
error.
"""

from __future__ import annotations

from .actions import parse_action
from .cards import Card
from .checks import check, check_fields, json_depth, need, reading
from .errors import SaveError, UnknownAction
from .i18n import _
from .known import HiddenCard, KnownGame, Pile, Unseen
from .state import Phase, read_public
from .variants import find_variant
from .view import PlayerView

MAX_DEPTH = 19       # (a view, inside the host's message: rami.checks.MAX_DEPTH)

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


def read_view(view: dict) -> KnownGame:
    """The game as seat ``view["seat"]`` knows it (see the module's words); raises SaveError
    with a reason when ``view`` is not a view of a sound game."""
    with reading(SaveError,
                 lambda r: _("The table sent by the host cannot be read: {reason}.", reason=r),
                 lambda e: _("The table sent by the host cannot be read ({error}).", error=e)):
        try:
            return _read(view)
        except HiddenCard:          # (the rules, asked of it, read a card it does not show)
            need(False, _("the table does not hold together"))


def _read(v: dict) -> KnownGame:
    need(isinstance(v, dict) and json_depth(v) <= MAX_DEPTH, _("it is not a table"))
    check_fields(v, VIEW_FIELDS, _("the table"))
    n = len(v["names"])
    need(2 <= n <= 8, _("the table has 2 to 8 seats"))
    seat = v["seat"]
    check(seat, "seat", _("your seat"), n)
    check(v["hand_counts"], ("list", "count", n), _("the hands' sizes"))
    need(v["hand_counts"][seat] == len(v["hand"]), _("your hand's size is not its own"))
    need(all(k <= 256 for k in v["hand_counts"]) and v["stock_count"] <= 256
         and v["discard_count"] <= 256, _("a hand or a pile is larger than any game's"))
    check_fields(v["public"], {"extra": ("dict", "any"), "melded_at_turn_start":
                               ("list", "bool", n), "moves": "count"}, _("the table"))
    need(v["public"]["moves"] <= 400_000, _("too many moves"))
    var = find_variant(v["variant"])
    g = KnownGame(var.name, v["names"], v["options"], "known", _empty=True)
    g.seat, g.seed, g.start = seat, None, None
    read_public(g, {**v, "melded_at_turn_start": v["public"]["melded_at_turn_start"],
                    "extra": v["public"]["extra"]})
    revealed = {}
    for k, cards in v["revealed"].items():
        need(k.isdigit() and 0 <= int(k) < n, _("a hand shown face up is not at the table"))
        need(len(cards) == v["hand_counts"][int(k)] and (int(k) != seat or cards == v["hand"]),
             _("a hand shown face up is not the size of that hand"))
        revealed[int(k)] = [Card.parse(c) for c in cards]
    known = var.known_holdings(g.extra, g.turn)
    hands = []
    for s in range(n):
        if s == seat:
            hands.append([Card.parse(c) for c in v["hand"]])
        elif s in revealed:
            hands.append(revealed[s])
        else:
            held = list(known.get(s, ()))
            need(len(held) <= v["hand_counts"][s],
                 _("a hand holds more known cards than its size"))
            hands.append(Unseen(v["hand_counts"][s], held, seat))
    need(len(v["discard"]) == (v["discard_count"] if var.discard_spread
                               else min(1, v["discard_count"])),
         _("the discard pile is not shown as this game shows it"))
    g.hands = hands
    g.stock = Unseen(v["stock_count"], (), seat)
    g.discard = Pile(v["discard_count"] - len(v["discard"]),
                     [Card.parse(c) for c in v["discard"]], seat)
    g.history = Unseen(v["public"]["moves"], (), seat)
    try:
        legal = [parse_action(a) for a in v["legal"]]
    except UnknownAction:
        need(False, _("your legal moves are not moves"))
    g._legal_cache = legal
    var.check_state(g)
    mine = g.turn == seat and g.phase != Phase.MATCH_OVER
    # the seat's moves, as the rules find them from what it knows
    need([str(a) for a in var.legal_hooks[g.phase](g)] == v["legal"] if mine
         else not legal, _("your legal moves are not those of this table"))
    view = PlayerView.of(g, seat)
    need(view.to_dict() == v, _("the table does not hold together"))
    return KnownGame.of(view)
