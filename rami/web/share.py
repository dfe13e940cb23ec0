"""*Share this hand*: a finished hand as a replay board (``<rami-board>``, stepped through as
the sharing player saw it: the others' cards hidden until the hand's end shows them), as a
link to rami's page for shared hands (``learn/hand.html``), and the whole match as a text
file (:mod:`rami.record`). Pure Python: the page only copies, opens and downloads.

The hand is found by replaying the match from its seed (a game replays exactly from its
variant, house rules, seed and moves): its starting position becomes a deal string
(:func:`rami.scenario.to_deal`), and its moves, up to its scoring, the board's steps.

>>> from rami.state import GameState
>>> g = GameState("gin", ["Ada", "Bo"], seed=2)
>>> for move in ("pass", "pass", "draw", f"discard {g.hands[0][0]}"):
...     events = g.apply(move)
>>> deal, moves = hand_of(g, 0)
>>> deal.startswith("gin ") and moves[:3]
['pass', 'pass', 'draw']
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from ..record import match_text
from ..scenario import from_deal, to_deal
from ..state import GameState
from .address import quote_all
from .render import HAND_TITLES

PAGE = "learn/hand.html"          # the page that shows a shared hand (from its address)


def hand_of(g: GameState, hand: int | None = None,
            deal: str | None = None) -> tuple[str, list[str]]:
    """Hand ``hand`` (0: the first; default the last one begun) of ``g``'s match: its
    starting position as a deal string, and its moves up to its scoring (all of them, for a
    hand not yet over). ``deal``: the position the match began from, if not its seed's (by
    default the one the game keeps)."""
    deal = deal if deal is not None else g.start
    history = [str(a) for a in g.history]
    starts = [0] + [i + 1 for i, a in enumerate(history) if a == "deal"]
    hand = len(starts) - 1 if hand is None else hand
    if not 0 <= hand < len(starts):
        raise ValueError(f"the match has no hand {hand}")
    if deal is not None:
        r = from_deal(deal, g.seed)
        r.names = tuple(g.names)              # (the table's names, not the deal's)
    else:
        r = GameState(g.variant.name, list(g.names), dict(g.options), g.seed)
    for a in history[:starts[hand]]:
        r.apply(a)
    deal = to_deal(r)
    moves: list[str] = []
    scored = len(r.results)
    for a in history[starts[hand]:]:
        if len(r.results) > scored or a == "deal":
            break
        r.apply(a)
        moves.append(a)
    return deal, moves


def board_html(deal: str, moves: list[str], seat: int, caption: str, script: str,
               lang: str = "") -> str:
    """The two lines a page needs: the embed script, and the board replaying the hand."""
    lang_attr = f' lang="{escape(lang)}"' if lang and lang != "en" else ""
    return (f'<script src="{escape(script)}"></script>\n'
            f'<rami-board deal="{escape(deal)}" moves="{escape("; ".join(moves))}" '
            f'seat="{seat}" caption="{escape(caption)}"{lang_attr}></rami-board>')


def hand_link(base: str, deal: str, moves: list[str], seat: int, title: str,
              lang: str = "") -> str:
    """The address of the page for shared hands, the hand in its fragment (which no server
    is sent)."""
    parts = {"deal": deal, "moves": "; ".join(moves), "seat": str(seat), "title": title}
    if lang and lang != "en":
        parts["lang"] = lang
    return base + PAGE + "#" + "&".join(f"{k}={quote_all(v)}" for k, v in parts.items())


def share_hand(session, base: str, lang: str) -> dict:
    """:func:`share` of the last hand of the match a page's session holds, for its seat."""
    return share(session.state, session.human, base, lang)


def share(g: GameState, seat: int, base: str, lang: str = "") -> dict:
    """Everything *Share this hand* offers for ``g``'s last hand, seen from ``seat`` (a
    match that began from a deal string replays from it: ``g.start``)."""
    deal, moves = hand_of(g)
    number = len([a for a in g.history if str(a) == "deal"]) + 1
    hand = _(HAND_TITLES.get(g.variant.hand_word, HAND_TITLES["hand"]), n=number)
    title = _("{game}, {hand}, as {name} played it", game=g.variant.title, hand=hand,
              name=g.names[seat])
    seed = "".join(ch for ch in str(g.seed) if ch.isalnum())[:24]
    return {"deal": deal, "moves": moves, "title": title,
            "html": board_html(deal, moves, seat, title, base + "static/embed.js", lang),
            "link": hand_link(base, deal, moves, seat, title, lang),
            "file": match_text(g), "file_name": f"rami-{g.variant.name}-{seed}.rami.txt"}
