"""Helpers of the rule-by-rule tests: a position from a deal string, its legal moves, and
the message of a refused move (checking that the refusal changed nothing)."""

import pytest

from rami.errors import IllegalAction
from rami.scenario import from_deal
from rami.state import GameState


def position(variant: str, seat0: str, rest: str, options: str = "", **parts) -> GameState:
    """Seat 0's hand, the rest of the deal string, and any ``key: value`` parts."""
    extra = "".join(f" | {k}: {v}" for k, v in parts.items())
    return from_deal(sound(f"{variant} {options} | 0: {seat0} {rest}{extra}"))


def legal(g) -> set:
    return {str(a) for a in g.legal_actions()}


def refused(g, action: str) -> str:
    """The message of an illegal action, checking that it leaves the state unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.to_json() == before
    return str(e.value)


# tiles that sound() fills an unopened tile rack out with: scattered, so that they make no
# combination among themselves
_FILL_TILES = ("k8 r4 y10 b12 k2 r11 y6 b8 r13 y2 b10 k5 r7 b3 k11 y8 b6 r9 y4 b1 r2 k9 "
               "b13 y11 r6 k3 b7 y13 k6 r10 y1 b4 k7 r3 y9 b11 k12 r5 y3 b9 k4 r8 y5 b2 k1")
# melds sound() gives a seat said to have melded
_CARD_MELDS = ["8h 8d 8c", "3s 3h 3c", "Qs Qh Qc", "6s 6d 6c", "4s 4h 4c", "Js Jh Jc",
               "9s 9d 9c", "5s 5h 5d", "As Ah Ad", "10s 10h 10d"]
_MELDS = {"tiles": ["y10 b10 k10", "r8 y8 b8", "k4 b4 r4", "y11 b11 k11", "r6 b6 k6"],
          "basic": _CARD_MELDS, "rum500": _CARD_MELDS, "push": _CARD_MELDS}


def sound(text: str) -> str:
    """A short test position made sound, as every deal string must be: a seat said to have
    melded ('melded: 0') gets a meld of its own at the end of the table (the test's own melds
    keep their numbers), and in tile Rami a seat that has not made its initial meld is filled
    out to the 14 tiles it holds (15 while it plays its turn) with scattered tiles."""
    from collections import Counter
    from rami.cards import parse_cards
    parts = [p.strip() for p in text.split("|")]
    variant = parts[0].split()[0]
    fields, hands = {}, {}
    for i, p in enumerate(parts[1:], 1):
        k, _, v = p.partition(":")
        k = k.strip()
        if k.isdigit():
            hands[int(k)] = i
        else:
            fields[k.lower()] = i
    used: Counter = Counter()
    for p in parts[1:]:
        k, _, v = p.partition(":")
        if k.strip() in ("names", "turn", "phase", "dealer", "melded", "scores", "hand",
                         "started", "twins", "rebuilt", "going out", "opened", "asked",
                         "offer", "duty", "taken", "rum", "joker", "rescued") or \
                v.strip() == "taken":
            continue
        for tok in v.replace(";", " ").replace("=", " ").split():
            if tok[:1].isdigit() and tok.isdigit():
                continue
            try:
                used.update(parse_cards(tok))
            except ValueError:
                pass
    table = parts[fields["table"]].partition(":")[2] if "table" in fields else ""
    owners = {int(m.split("=")[0]) for m in table.split(";") if "=" in m}
    melded = [int(x) for x in parts[fields["melded"]].partition(":")[2].split()] \
        if "melded" in fields else []
    add = []
    for s in melded:
        if s in owners:
            continue
        for m in _MELDS.get(variant, _CARD_MELDS):
            cards = parse_cards(m)
            if all(used[c] < (2 if variant == "tiles" else 1) for c in cards):
                used.update(cards)
                add.append(f"{s}={m}")
                owners.add(s)
                break
    if add:
        joined = "; ".join(add)
        if "table" in fields:
            parts[fields["table"]] += "; " + joined
        else:
            parts.append("table: " + joined)
    if variant == "tiles":
        phase = parts[fields["phase"]].partition(":")[2].strip() if "phase" in fields else "draw"
        turn = int(parts[fields["turn"]].partition(":")[2]) if "turn" in fields else None
        dealer = int(parts[fields["dealer"]].partition(":")[2]) if "dealer" in fields else \
            len(hands) - 1
        first = (dealer - 1) % len(hands)
        if turn is None:
            turn = first
        fill = parse_cards(_FILL_TILES)
        for s, i in sorted(hands.items()):
            if s in owners:
                continue
            have = parts[i].partition(":")[2].split()
            want = 15 if (s == turn and phase == "play") or \
                (phase in ("opening", "exchange") and s == first) else 14
            while len(have) < want and fill:
                c = fill.pop(0)
                if used[c] < 2:
                    used[c] += 1
                    have.append(str(c))
            parts[i] = f"{s}: " + " ".join(have)
    return " | ".join(parts)
