"""Deal strings: a whole position on one line, for tests and tutorial pages.

    gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h
        | discard: Kd | stock: 5h 6d | turn: 1 | phase: draw | dealer: 0

The first part names the variant and any house rules (``gin knock_limit=5 oklahoma=on``).
Then ``key: value`` parts: a seat number for that seat's hand; ``discard`` bottom to top;
``stock`` top first (cards not placed anywhere are added below, in a seeded order);
``table`` as ``owner=cards`` melds separated by ``;``; ``turn``, ``phase``, ``dealer``,
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

from collections import Counter

from .cards import Card, deal_rng, parse_cards, shuffled
from .errors import RamiError
from .melds import interpretations, parse_meld_tokens
from .state import GameState, Phase, TableMeld


class DealSyntaxError(RamiError):
    """A deal string that cannot be read."""


def _numbers(text: str, key: str) -> list[int]:
    """Whole numbers separated by spaces or commas."""
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise DealSyntaxError(f"'{key}' takes whole numbers: '{text.strip()}'") from None


def _value(text: str):
    t = text.strip().lower()
    if t in ("on", "true", "yes"):
        return True
    if t in ("off", "false", "no"):
        return False
    if t.lstrip("-").isdigit():
        return int(t)
    return text.strip()


def from_deal(text: str, seed: int | str = 0) -> GameState:
    """Build the position a deal string describes (a DealSyntaxError says what is wrong)."""
    try:
        return _from_deal(text, seed)
    except RamiError:
        raise
    except (ValueError, KeyError, IndexError) as e:
        raise DealSyntaxError(f"This deal string cannot be read: {e}") from None


def _from_deal(text: str, seed: int | str = 0) -> GameState:
    parts = [p.strip() for p in text.split("|")]
    head = parts[0].split()
    if not head:
        raise DealSyntaxError("A deal string starts with the variant's name, e.g. 'gin | 0: ...'")
    variant, options = head[0], {}
    for tok in head[1:]:
        if "=" not in tok:
            raise DealSyntaxError(f"House rules are written name=value, not '{tok}'")
        k, v = tok.split("=", 1)
        options[k] = _value(v)
    fields: dict[str, str] = {}
    hands: dict[int, list[Card]] = {}
    for p in parts[1:]:
        if ":" not in p:
            raise DealSyntaxError(f"Each part after the variant is 'key: value', not '{p}'")
        k, v = (x.strip() for x in p.split(":", 1))
        if k.isdigit():
            hands[int(k)] = parse_cards(v)
        else:
            fields[k.lower()] = v
    n = len(hands)
    if sorted(hands) != list(range(n)) or n == 0:
        raise DealSyntaxError("Give every seat's hand, numbered from 0")
    names = [x.strip() for x in fields["names"].split(",")] if "names" in fields else n
    g = GameState(variant, names, options, seed, _empty=True)
    var = g.variant
    g.dealer = int(fields.get("dealer", n - 1))
    g.hand_no = int(fields.get("hand", 1)) - 1
    g.hands = [hands[s] for s in range(n)]
    g.discard = parse_cards(fields.get("discard", ""))
    g.events = []
    g.reset_logs()
    aside = var.scenario_setup(g, fields)
    rules = var.rules(g)
    g.table = []
    for spec in filter(None, (x.strip() for x in fields.get("table", "").split(";"))):
        owner, _, cards_text = spec.partition("=")
        cards, reps = parse_meld_tokens(cards_text)
        options_ = interpretations(cards, rules, reps)
        if not options_:
            raise DealSyntaxError(f"'{cards_text.strip()}' on the table is not a meld")
        g.table.append(TableMeld(options_[0], int(owner), (int(owner),) * len(cards)))
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
        raise DealSyntaxError(f"More copies of {', '.join(extra)} than the deck holds")
    below = shuffled(sorted(rest.elements(), key=lambda c: c.code), deal_rng(seed, "scenario"))
    g.stock = below + top_first[::-1]
    g.taken = Card.parse(fields["taken"]) if "taken" in fields else None
    melded = set(_numbers(fields.get("melded", ""), "melded"))
    melded |= {t.owner for t in g.table}
    g.melded = [s in melded for s in range(n)]
    g.melded_at_turn_start = list(g.melded)
    if "scores" in fields:
        g.scores = _numbers(fields["scores"], "scores")
        if len(g.scores) != len(set(g.teams)):
            raise DealSyntaxError(f"'scores' needs one number per side ({len(set(g.teams))})")
    g.phase = Phase(fields.get("phase", var.first_phase.value))
    g.turn = int(fields.get("turn", g.next_seat(g.dealer)))
    var.scenario_adjust(g)
    g._legal_cache = None
    return g


def to_deal(g: GameState) -> str:
    """The deal string of the current position (the stock written in full)."""
    opts = " ".join(f"{k}={v}" for k, v in g.options.items()
                    if v != next(o.default for o in g.variant.OPTIONS if o.name == k))
    parts = [f"{g.variant.name}{' ' + opts if opts else ''}"]
    parts += [f"{s}: {' '.join(map(str, h))}" for s, h in enumerate(g.hands)]
    if g.discard:
        parts.append("discard: " + " ".join(map(str, g.discard)))
    if g.table:
        parts.append("table: " + "; ".join(f"{t.owner}={t.meld}" for t in g.table))
    parts.append("stock: " + " ".join(map(str, reversed(g.stock))))
    owners = {t.owner for t in g.table}
    if any(m and s not in owners for s, m in enumerate(g.melded)):
        parts.append("melded: " + " ".join(str(s) for s, m in enumerate(g.melded) if m))
    parts += g.variant.scenario_fields(g)
    parts += [f"turn: {g.turn}", f"phase: {g.phase.value}", f"dealer: {g.dealer}"]
    if g.taken:
        parts.append(f"taken: {g.taken}")
    return " | ".join(parts)
