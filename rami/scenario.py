"""Deal strings: a whole position on one line, for tests and tutorial pages.

    gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h
        | discard: Kd | stock: 5h 6d | turn: 1 | phase: draw | dealer: 0

The first part names the variant and any house rules (``gin knock_limit=5 oklahoma=on``).
Then ``key: value`` parts: a seat number for that seat's hand; ``discard`` bottom to top;
``stock`` top first (cards not placed anywhere are added below, in a seeded order);
``table`` as ``owner=cards`` melds separated by ``;`` (a card another seat laid off there
written ``card@seat``); ``turn``, ``phase``, ``dealer``,
``taken`` (a card taken from the discard pile this turn), ``melded`` (seats that have
melded), ``scores``, ``names`` (comma-separated), ``hand`` (hand number, from 1). A variant
may read fields of its own (Indian rummy: ``joker``, the cut wild joker).

>>> g = from_deal("basic | 0: 7h 8h 9h Kc | 1: 2c 3c 4c 5d | discard: Qs | stock: 10h")
>>> g.stock[-1], g.turn, g.phase.value
(Card.parse('10h'), 0, 'draw')
>>> to_deal(g).split(" | ")[1]
'0: 7h 8h 9h Kc'
"""

from __future__ import annotations

import json
from collections import Counter

from .cards import Card, CardSyntaxError, deal_rng, parse_cards, shuffled
from .errors import DealSyntaxError, RamiError
from .melds import interpretations, parse_meld_tokens
from .state import GameState, Phase, TableMeld, _tile_game, default_names
from .i18n import _, pieces


def _numbers(text: str, key: str) -> list[int]:
    """Whole numbers separated by spaces or commas."""
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise DealSyntaxError(_("'{key}' takes whole numbers: '{text}'",
                                key=key, text=text.strip())) from None


def _value(text: str):
    t = text.strip().lower()
    if t in ("on", "true", "yes"):
        return True
    if t in ("off", "false", "no"):
        return False
    if t.lstrip("-").isdigit():
        return int(t)
    return text.strip()


# the fields every deal string may have (a variant adds its own: Variant.DEAL_FIELDS)
FIELDS = ("discard", "stock", "table", "turn", "phase", "dealer", "taken", "melded",
          "scores", "names", "hand")
MAX_DEAL_CHARS = 20_000


def from_deal(text: str, seed: int | str = 0) -> GameState:
    """Build the position a deal string describes (a DealSyntaxError says what is wrong).

    Whatever the text, the result is a sound position, checked as a save is, or a
    DealSyntaxError in plain words."""
    if not isinstance(text, str):
        raise DealSyntaxError(_("A deal string is a line of text."))
    if len(text) > MAX_DEAL_CHARS:
        raise DealSyntaxError(_("This deal string is too long ({count} characters).",
                                count=len(text)))
    try:
        g = _from_deal(text, seed)
        g.start = to_deal(g)        # (a save of the match replays from it: written as
        return g                    # rami writes it, the same position the same text)
    except DealSyntaxError:
        raise
    except CardSyntaxError as e:      # a card's own words quote it: 'Xh' is not a card
        raise DealSyntaxError(str(e)) from None
    except RamiError as e:            # the checks' words, as a sentence of their own
        text = str(e).rstrip(".")
        hint = getattr(e, "deal_hint", "")
        raise DealSyntaxError(text[:1].upper() + text[1:] + (f": {hint}" if hint else "")
                              + ".") from None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError,
            OverflowError):
        raise DealSyntaxError(_("This deal string does not describe a position rami can play: "
                                "check each part against the examples.")) from None


def check_parts(var, fields) -> None:
    """Every part named in ``fields`` is one a deal string of ``var`` has; else a
    DealSyntaxError that lists them."""
    known = FIELDS + var.DEAL_FIELDS
    for k in fields:
        if k not in known:
            raise DealSyntaxError(_("A {game} deal string has no part '{part}'. Its parts are: "
                                    "the seats' hands (0: ..., 1: ...), {items}",
                                    game=var.title, part=k, items=', '.join(known)))


def _from_deal(text: str, seed: int | str = 0) -> GameState:
    with pieces(_tile_game(text.split("|", 1)[0] if isinstance(text, str) else None)):
        return _from_deal_text(text, seed)


def _from_deal_text(text: str, seed: int | str = 0) -> GameState:
    parts = [p.strip() for p in text.split("|")]
    head = parts[0].split()
    if not head:
        raise DealSyntaxError(_("A deal string starts with the variant's name, e.g. 'gin | 0: "
                                "...'"))
    variant, options = head[0], {}
    for tok in head[1:]:
        if "=" not in tok:
            raise DealSyntaxError(_("House rules are written name=value, not '{part}'", part=tok))
        k, v = tok.split("=", 1)
        options[k] = _value(v)
    fields: dict[str, str] = {}
    hands: dict[int, list[Card]] = {}
    for p in parts[1:]:
        if ":" not in p:
            raise DealSyntaxError(_("Each part after the variant is 'key: value', not '{part}'",
                                    part=p))
        k, v = (x.strip() for x in p.split(":", 1))
        if k.isdigit() and len(k) <= 2:
            if int(k) in hands:
                raise DealSyntaxError(_("Seat {seat}'s hand is given twice", seat=int(k)))
            hands[int(k)] = parse_cards(v)
        else:
            if k.lower() in fields:
                raise DealSyntaxError(_("'{part}' is given twice", part=k))
            fields[k.lower()] = v
    n = len(hands)
    if sorted(hands) != list(range(n)) or n == 0:
        raise DealSyntaxError(_("Give every seat's hand, numbered from 0"))
    names = [x.strip() for x in fields["names"].split(",")] if "names" in fields else n
    if not isinstance(names, int) and (len(names) != n or not all(names)
                                       or any(len(x) > 40 for x in names)):
        raise DealSyntaxError(_("'names' gives one name per seat ({n}), each of 1 to 40 "
                                "characters, separated by commas",
                                n=n))
    g = GameState(variant, names, options, seed, _empty=True)
    var = g.variant
    check_parts(var, fields)
    g.dealer = _seat(fields.get("dealer", str(n - 1)), "dealer", n)
    g.hand_no = _whole(fields.get("hand", "1"), "hand", 1, 10_000) - 1
    g.hands = [hands[s] for s in range(n)]
    g.discard = parse_cards(fields.get("discard", ""))
    g.events = []
    g.reset_logs()
    aside = var.scenario_setup(g, fields)
    rules = var.rules(g)
    g.table = []
    for spec in filter(None, (x.strip() for x in fields.get("table", "").split(";"))):
        owner, _x, cards_text = spec.partition("=")
        owner = _seat(owner, _("the owner of a table meld"), n)
        # a card another seat laid off there is written with its seat: '5d@1'
        tokens, by = [], []
        for tok in cards_text.split():
            tok, _x, who = tok.partition("@")
            tokens.append(tok)
            by.append(_seat(who, _("the seat that laid a card (card@seat)"), n) if who
                      else owner)
        cards, reps = parse_meld_tokens(tokens)
        options_ = interpretations(cards, rules, reps)
        if not options_:
            raise DealSyntaxError(_("'{text}' on the table is not a meld",
                                    text=cards_text.strip()))
        # the reading whose card order is the one written (A-K or 2-A: the same cards)
        meld = next((m for m in options_ if list(m.cards) == list(cards)), options_[0])
        written = list(zip(cards, by))
        played = []
        for c in meld.cards:            # (a set is kept in its own order)
            k = next(i for i, (x, _) in enumerate(written) if x is c)
            played.append(written.pop(k)[1])
        g.table.append(TableMeld(meld, owner, tuple(played)))
    top_first = parse_cards(fields.get("stock", ""))
    used = Counter(top_first) + Counter(g.discard) + Counter(aside)
    for h in g.hands:
        used.update(h)
    for t in g.table:
        used.update(t.meld.cards)
    rest = Counter(var.deck(g))
    rest.subtract(used)
    if any(k < 0 for k in rest.values()):
        extra = [str(c) for c, k in rest.items() if k < 0]
        raise DealSyntaxError(_("More copies of {items} than the deck holds",
                                items=', '.join(extra)))
    below = shuffled(sorted(rest.elements(), key=lambda c: c.code), deal_rng(seed, "scenario"))
    g.stock = below + top_first[::-1]
    g.taken = Card.parse(fields["taken"]) if "taken" in fields else None
    melded = set(var.seat_numbers(g, fields.get("melded", ""), "melded"))
    melded |= {t.owner for t in g.table}
    g.melded = [s in melded for s in range(n)]
    g.melded_at_turn_start = list(g.melded)
    if "scores" in fields:
        g.scores = _numbers(fields["scores"], "scores")
        if len(g.scores) != len(set(g.teams)):
            raise DealSyntaxError(_("'scores' needs one number per side ({count})",
                                    count=len(set(g.teams))))
    phase = fields.get("phase", var.first_phase.value).strip().lower().replace(" ", "_")
    playing = [p for p in var.phases() if p not in (Phase.HAND_OVER, Phase.MATCH_OVER)]
    if phase not in [p.value for p in playing]:
        raise DealSyntaxError(_("A {game} deal string's phase is one of: {items}; not "
                                "'{phase}'",
                                game=var.title, items=', '.join(p.value for p in playing), phase=phase))
    g.phase = Phase(phase)
    g.turn = _seat(fields["turn"], "turn", n) if "turn" in fields else g.next_seat(g.dealer)
    if g.taken is not None and g.phase != Phase.PLAY:
        raise DealSyntaxError(_("'taken' is the card taken this turn: only in the play phase"))
    var.scenario_adjust(g)
    g._legal_cache = None
    var.check_state(g)
    var.check_playable(g)
    g.extra = json.loads(json.dumps(g.extra))       # what a save would hold
    return g


def _meld_text(t: TableMeld) -> str:
    """A table meld as a deal string writes it: each card another seat laid off there
    followed by that seat ('5d@1')."""
    return " ".join(tok if who == t.owner else f"{tok}@{who}"
                    for tok, who in zip(str(t.meld).split(), t.played_by))


def _whole(text: str, key: str, lo: int, hi: int) -> int:
    t = text.strip()
    if not t.isdigit() or not lo <= int(t) <= hi:
        raise DealSyntaxError(_("'{key}' takes a whole number from {lo} to {hi}, not '{value}'",
                                key=key, lo=lo, hi=hi, value=t))
    return int(t)


def _seat(text: str, key: str, n: int) -> int:
    t = text.strip()
    if not t.isdigit() or int(t) >= n:
        raise DealSyntaxError(_("'{key}' takes a seat number from 0 to {n}, not '{value}'",
                                key=key, n=n - 1, value=t))
    return int(t)


def to_deal(g: GameState) -> str:
    """The deal string of the current position (the stock written in full); it reads back
    as the same position. A hand that is over has none: deal the next one first."""
    if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        raise RamiError(_("The hand is over: a deal string describes a hand being played."))
    opts = " ".join(f"{k}={v}" for k, v in g.options.items()
                    if v != next(o.default for o in g.variant.OPTIONS if o.name == k))
    parts = [f"{g.variant.name}{' ' + opts if opts else ''}"]
    parts += [f"{s}: {' '.join(map(str, h))}" for s, h in enumerate(g.hands)]
    if g.discard:
        parts.append("discard: " + " ".join(map(str, g.discard)))
    if g.table:
        parts.append("table: " + "; ".join(f"{t.owner}={_meld_text(t)}" for t in g.table))
    parts.append("stock: " + " ".join(map(str, reversed(g.stock))))
    owners = {t.owner for t in g.table}
    if any(m and s not in owners for s, m in enumerate(g.melded)):
        parts.append("melded: " + " ".join(str(s) for s, m in enumerate(g.melded) if m))
    parts += g.variant.scenario_fields(g)
    parts += [f"turn: {g.turn}", f"phase: {g.phase.value}", f"dealer: {g.dealer}"]
    if g.hand_no:               # the hand number can matter (Push: this deal's contract)
        parts.append(f"hand: {g.hand_no + 1}")
    if any(g.scores):           # the match so far (its end can come with this hand)
        parts.append("scores: " + " ".join(map(str, g.scores)))
    if list(g.names) != default_names(g.n):     # (a comma or a bar would end the name)
        parts.append("names: " + ", ".join(
            " ".join(x.replace(",", " ").replace("|", " ").split()) or "?" for x in g.names))
    if g.taken:
        parts.append(f"taken: {g.taken}")
    return " | ".join(parts)
