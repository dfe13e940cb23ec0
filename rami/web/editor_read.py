"""The board editor's readers: each kind of text rami writes, read as a board the editor
can open. A deal string (:func:`read_deal`, part by part, so that a position not yet sound
can be mended), a board's HTML (:func:`board_tag`), a link (a shared hand's, or into the
game: :func:`read_link`), a match file (:func:`read_match_file`, each of its hands a replay)
and a board's attributes (:func:`read_board`); :func:`read_text` tells which one a pasted
text is. Each refuses what it cannot read with an :class:`EditorError` in words, in time
in proportion to the text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import unescape

from ..cards import Card, CardSyntaxError, parse_cards
from ..errors import RamiError
from ..i18n import _
from ..record import HEADER, RecordError, read_match
from ..scenario import _value, check_parts, to_deal
from ..state import GameState, Phase
from ..variants import find_variant
from .address import link_fields
from .board import BoardError, parse_moves
from .editor_model import (KINDS, MAX_OPEN, NAMES, Draft, EditorError, Step,
                           clean_note, seat_name, token_card)


def read_deal(text: str) -> Draft:
    """A deal string as a draft, part by part (what it places, nothing more); a part that
    cannot be read is refused in words (a position that is not sound is kept, to be
    mended: :meth:`Editor.check` says what is wrong)."""
    text = " ".join(str(text).split())
    if len(text) > 20_000:
        raise EditorError(_("This deal string is too long ({count} characters).",
                            count=len(text)))
    parts = [p.strip() for p in text.split("|")]
    head = parts[0].split()
    if not head:
        raise EditorError(_("A deal string starts with the variant's name, e.g. 'gin | 0: "
                            "...'"))
    try:
        v = find_variant(head[0])
        options = {}
        for tok in head[1:]:
            k, sep, x = tok.partition("=")
            if not sep:
                raise EditorError(_("House rules are written name=value, not '{part}'",
                                    part=tok))
            options[k] = _value(x)
        options = v.resolve_options(options)
    except EditorError:
        raise
    except (RamiError, CardSyntaxError) as e:
        raise EditorError(str(e)) from None
    hands: dict[int, list[str]] = {}
    fields: dict[str, str] = {}
    for p in parts[1:]:
        k, sep, x = p.partition(":")
        k = k.strip().lower()
        if not sep:
            raise EditorError(_("Each part after the variant is 'key: value', not '{part}'",
                                part=p[:60]))
        if k.isdigit() and len(k) <= 2:
            hands[int(k)] = x
        else:
            fields[k] = x.strip()
    n = len(hands)
    if sorted(hands) != list(range(n)) or not v.min_players <= n <= v.max_players:
        raise EditorError(_("Give every seat's hand, numbered from 0"))
    check_parts(v, fields)          # (its words say which parts there are)
    try:
        def codes(x):
            return [str(c) for c in parse_cards(x)]
        table = []
        for spec in filter(None, (x.strip() for x in fields.get("table", "").split(";"))):
            owner, _x, cards = spec.partition("=")
            owner = owner.strip()
            if not owner.isdigit() or int(owner) >= n:
                raise EditorError(_("'{key}' takes a seat number from 0 to {n}, not '{value}'",
                                    key=_("the owner of a table meld"), n=n - 1,
                                    value=owner))
            for tok in cards.split():
                token_card(tok)
            table.append([int(owner), cards.split()])
        names = [x.strip() for x in fields["names"].split(",")] if "names" in fields \
            else list(NAMES[:n])
        if len(names) != n:
            names = (names + list(NAMES))[:n]
        draft = Draft(v.name, options, [seat_name(x, s) for s, x in enumerate(names)],
                      [codes(hands[s]) for s in range(n)], codes(fields.get("discard", "")),
                      codes(fields.get("stock", "")), table)
        for key, _x in v.board_aside:
            x = fields.get(key, "").strip()
            draft.aside[key] = str(Card.parse(x)) if x and x.lower() != "taken" else ""
    except EditorError:
        raise
    except (RamiError, CardSyntaxError) as e:
        raise EditorError(str(e)) from None
    draft.more = {k: fields.get(k, "") for k in v.DEAL_FIELDS
                  if k not in dict(v.board_aside)}
    playing = [p.value for p in v.phases() if p not in (Phase.HAND_OVER, Phase.MATCH_OVER)]
    phase = fields.get("phase", v.first_phase.value).lower().replace(" ", "_")
    draft.phase = phase if phase in playing else v.first_phase.value

    def seat(key, default):
        x = fields.get(key, "").strip()
        return int(x) if x.isdigit() and int(x) < n else default
    draft.dealer = seat("dealer", n - 1)
    draft.turn = seat("turn", (draft.dealer + v.direction) % n)
    hand = fields.get("hand", "1").strip()
    draft.hand = int(hand) if hand.isdigit() and 1 <= int(hand) <= 10_000 else 1
    try:
        draft.scores = [int(x) for x in fields.get("scores", "").replace(",", " ").split()]
    except ValueError:
        raise EditorError(_("'{key}' takes whole numbers: '{text}'", key="scores",
                            text=fields["scores"])) from None
    return draft


def random_draft(variant: str, n: int, options: dict, seed) -> Draft:
    """A fresh deal of the game, as its first hand begins (the stock left unplaced)."""
    g = GameState(variant, list(NAMES[:n]), options, seed)
    draft = read_deal(to_deal(g))
    draft.stock = []
    return draft


# a start tag's attributes: name, and a value in double or single quotes or none
_ATTR = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
TAG = "<rami-board"


def board_tag(text: str) -> dict | None:
    """The attributes of the first ``<rami-board>`` of an HTML text, as a browser reads
    them (names in small letters, character references resolved), or None. One pass over
    the text, whatever it holds."""
    low = text.lower()
    start = low.find(TAG)
    while start >= 0 and start + len(TAG) < len(text) and \
            not (text[start + len(TAG)].isspace() or text[start + len(TAG)] in "/>"):
        start = low.find(TAG, start + 1)
    if start < 0:
        return None
    i = j = start + len(TAG)
    quote = ""
    while j < len(text):                # the tag's end: its first > outside quotes
        ch = text[j]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ">":
            break
        j += 1
    else:
        return None
    out = {}
    for a in _ATTR.finditer(text[i:j]):
        name = a.group(1).lower()
        if name not in out:             # (the first of a repeated attribute counts)
            value = next((x for x in a.groups()[1:] if x is not None), "")
            out[name] = unescape(value)
    return out


def read_link(body: str) -> dict:
    """A link's board: a shared hand's link, or a game's link with ``?deal=``."""
    got = link_fields(body)
    if not got.get("deal", "").strip():
        raise EditorError(_("This link holds no position: a shared hand's link or "
                            "a game's link with ?deal= does."))
    attrs = {"deal": got["deal"], "moves": got.get("moves", ""),
             "seat": got.get("seat", ""), "caption": got.get("title", ""),
             "lang": got.get("lang", "")}
    return {k: x for k, x in attrs.items() if x}


def read_match_file(text: str) -> tuple[GameState, str | None]:
    """A match file's match, and the deal it began from (None: a seeded deal)."""
    try:
        g = read_match(text)
    except RecordError as e:
        raise EditorError(str(e)) from None
    deal = None
    for line in text.splitlines():
        if line.startswith("deal:"):
            deal = json.loads(line[5:])
            break
        if line.strip() == "moves:":
            break
    return g, deal


def read_text(text: str) -> tuple[str, object]:
    """What a pasted (or opened) text is: ``("match", (match, deal))`` for a match file, or
    ``("board", attributes)`` for a deal string, a board's HTML or a link."""
    text = str(text)
    if len(text) > MAX_OPEN:
        raise EditorError(_("This text is too long to open ({count} characters).",
                            count=len(text)))
    body = text.strip()
    if not body:
        raise EditorError(_("Paste a deal string, a board's HTML, a link or a match file "
                            "first."))
    if body.startswith(HEADER):
        return "match", read_match_file(body)
    if "<rami-board" in body.lower():
        found = board_tag(body)
        if found is None or not found.get("deal"):
            raise EditorError(_("This HTML has no <rami-board> with a deal."))
        return "board", found
    if re.match(r"^(https?:|\.{0,2}/|[\w.-]+\.html)", body) or "#deal=" in body \
            or "?deal=" in body:
        return "board", read_link(body)
    return "board", {"deal": body}


@dataclass
class Opened:
    """A board's attributes as the editor reads them: its position, its kind (a position,
    a replay, a puzzle), its moves, mistakes and words, and its looks (as written)."""

    draft: Draft
    kind: str
    line: list
    mistakes: list
    prompt: str
    success: str
    attrs: dict


def read_board(attrs: dict) -> Opened:
    """A board's attributes (its deal, moves or solution, looks)."""
    a = {str(k).lower(): str(x) for k, x in attrs.items()}
    draft = read_deal(a["deal"])
    line: list[Step] = []
    mistakes: list[list[str]] = []
    try:
        mode = a.get("mode", "").strip().lower()
        if not mode:
            mode = "puzzle" if "solution" in a else "replay" if "moves" in a else "show"
        if mode not in KINDS:
            mode = "show"
        source = a.get("solution" if mode == "puzzle" else "moves", "")
        for m in parse_moves(source, "solution" if mode == "puzzle" else "moves"):
            answers = m.answers if mode == "puzzle" else [m.text]
            line.append(Step(answers[0], clean_note(m.note), answers[1:]))
        for m in parse_moves(a.get("mistakes", ""), "mistakes"):
            mistakes.append([m.text, clean_note(m.note)])
    except BoardError as e:
        raise EditorError(str(e)) from None
    return Opened(draft, mode, line, mistakes, " ".join(a.get("prompt", "").split()),
                  " ".join(a.get("success", "").split()), a)
