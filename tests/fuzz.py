"""Hostile inputs for the checks at the door: saves, deal strings and action texts bent out
of shape, and what must hold for each (shared by the test suite and ``make soak``).

Whatever arrives, the result is a sound state or one of rami's own errors: never another
exception, never a hang, never a state that breaks when it is played on.
"""

from __future__ import annotations

import json
import random
import re

from rami.errors import RamiError
from rami.scenario import from_deal, to_deal
from rami.state import GameState, Phase
from rami.view import PlayerView

JUNK = [None, True, False, 0, -1, 1, 2, 7, 13, 99, 10 ** 12, -10 ** 12, 1.5, "", "x", "Ah",
        "Jk", "play", "draw", "show", "in", [], [0], ["Ah"], [[]], {}, {"a": 1},
        {"kind": "run"}, "\u0000", "10h 10h", [None], [-1], ["Ah", "Ah", "Ah"]]


def deep(k: int):
    out: list = []
    for _ in range(k):
        out = [out]
    return out


def paths(value, prefix=(), depth: int = 40):
    """Every path to a value inside nested dicts and lists, down to ``depth`` levels (a save
    bent twice may hold the junk of :func:`deep`, nested past Python's recursion limit)."""
    yield prefix
    if len(prefix) >= depth:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:20]):
            yield from paths(v, prefix + (i,))


def bend(d: dict, rng: random.Random, k: int = 1) -> dict:
    """A copy of save ``d`` with ``k`` values replaced, removed or swapped for junk."""
    d = json.loads(json.dumps(d))
    for _ in range(k):
        ps = [p for p in paths(d) if p]
        path = rng.choice(ps)
        parent = d
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        r = rng.random()
        if r < 0.1 and isinstance(parent, dict):
            del parent[key]
        elif r < 0.15:
            parent[key] = f"__deep_{rng.randint(50, 3000)}__"     # nested in the text
        elif r < 0.3 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = parent[key] + rng.choice([-2, -1, 1, 2, 50])
        elif r < 0.4 and isinstance(parent[key], list) and parent[key]:
            lst = parent[key]
            if rng.random() < 0.5:
                lst.pop(rng.randrange(len(lst)))
            else:
                lst.append(rng.choice(lst))
        elif r < 0.5 and isinstance(parent, list) and len(parent) > 1:
            i = rng.randrange(len(parent))
            parent[key], parent[i] = parent[i], parent[key]
        else:
            parent[key] = rng.choice(JUNK)
    return d


def play_on(g: GameState, rng: random.Random, moves: int = 12) -> None:
    """A state that came in through the door must work: every view, a save round trip, a
    deal string when a hand is in play, and a few moves of random play."""
    for _ in range(moves):
        for s in range(g.n):
            PlayerView.of(g, s).to_dict()
        again = GameState.from_json(g.to_json())
        assert again.to_json() == g.to_json()
        if g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            from_deal(to_deal(g))
        legal = g.legal_actions()
        if g.phase == Phase.MATCH_OVER:
            assert not legal
            return
        assert legal, f"no legal action in {g!r}"
        g.apply(rng.choice(legal))


def saves_of(variant: str, players: int, options: dict, seed: int, rng: random.Random,
             count: int = 4) -> list[dict]:
    """Saves taken at a few points of a random seeded game."""
    g = GameState(variant, players, options, seed)
    out = []
    for step in range(400):
        if g.is_over:
            break
        if rng.random() < 0.06 or step == 0:
            out.append(g.to_dict())
        g.apply(rng.choice(g.legal_actions()))
    out.append(g.to_dict())
    return out[:count] + out[-1:]


def fuzz_save(d: dict, rng: random.Random) -> str:
    """Bend a save and load it: 'ok', or 'refused' with a SaveError; anything else fails."""
    bent = bend(d, rng, rng.choice([1, 1, 1, 2, 3]))
    text = re.sub(r'"__deep_(\d+)__"', lambda m: "[" * int(m[1]) + "]" * int(m[1]),
                  json.dumps(bent))
    try:
        g = GameState.from_json(text)
    except RamiError:
        return "refused"
    play_on(g, rng)
    return "ok"


def bend_deal(text: str, rng: random.Random) -> str:
    """A deal string with a part or a token changed, dropped, repeated or swapped."""
    parts = text.split(" | ")
    i = rng.randrange(len(parts))
    tokens = parts[i].split(" ")
    r = rng.random()
    j = rng.randrange(len(tokens))
    words = ["Ah", "Jk", "10h", "99", "-1", "0:", "1:", "9:", "turn:", "phase:", "table:",
             "0=", "9=Ah 2h 3h", "show", "rum", "in,", "status:", "joker:", "x=y",
             "knock_limit=99", "decks=1", ";", "=", ":", "", "|"]
    if r < 0.3:
        tokens[j] = rng.choice(words)
    elif r < 0.45:
        tokens.pop(j)
    elif r < 0.6:
        tokens.insert(j, rng.choice(tokens + words))
    elif r < 0.75 and len(parts) > 2:
        parts.pop(i if i else 1)
        return " | ".join(parts)
    elif r < 0.85:
        parts.insert(rng.randrange(1, len(parts) + 1), rng.choice(parts[1:] or ["x: y"]))
        return " | ".join(parts)
    else:
        k = rng.randrange(len(tokens))
        tokens[j], tokens[k] = tokens[k], tokens[j]
    parts[i] = " ".join(tokens)
    return " | ".join(parts)


def fuzz_deal(text: str, rng: random.Random) -> str:
    bent = bend_deal(text, rng)
    try:
        g = from_deal(bent)
    except RamiError:
        return "refused"
    play_on(g, rng)
    return "ok"


ACTION_WORDS = ["draw", "take", "discard", "meld", "layoff", "on", "knock", "gin", "done",
                "pass", "declare", "drop", "show", "rum", "deal", "turnover", "rejoin",
                "decline", "Ah", "Jk", "Jk=7h", "10h", "Ks", "1", "99", "-1", "/", ":", "=",
                "on 0", "x", "\u2665", "take 7h 2", "Qh=Qh"]


def fuzz_action(g: GameState, rng: random.Random) -> str:
    """A random text typed as an action: applied if it is legal, else refused with the
    state unchanged."""
    if rng.random() < 0.5 and g.hands[g.turn]:
        # the player's own cards, drawn with replacement: one card named more often than it
        # is held ('meld 9s 9s 9s', 'meld 5d Jk=6d Jk=7d' with one joker)
        hand = g.hands[g.turn]
        cards = [str(rng.choice(hand)) for _ in range(rng.randint(1, 5))]
        if rng.random() < 0.3:
            cards[0] = cards[-1]
        if rng.random() < 0.3:
            cards[rng.randrange(len(cards))] += "=" + str(rng.choice(hand))
        text = f"{rng.choice(['meld', 'layoff', 'discard', 'open', 'contract', 'knock'])} " \
            + " ".join(cards) + rng.choice(["", "", " on 1", " / " + " ".join(cards)])
    else:
        text = " ".join(rng.choice(ACTION_WORDS) for _ in range(rng.randint(1, 6)))
    before = g.to_json()
    try:
        g.copy().apply(text)
    except RamiError:
        assert g.to_json() == before
        try:
            g.apply(text)
        except RamiError:
            assert g.to_json() == before, f"refusing '{text}' changed the state"
            return "refused"
        raise AssertionError(f"'{text}' was refused on a copy but applied")
    return "ok"


# one hypothesis example each, from a seed and a (variant, players, options) configuration:
# they count the outcomes (loaded and played on, or refused) and fail on anything else
def save_case(seed: int, config, counts) -> None:
    rng = random.Random(seed)
    variant, players, options = config
    for d in saves_of(variant, players, options, seed % 100_000, rng, count=2):
        counts[fuzz_save(d, rng)] += 1


def deal_case(seed: int, config, counts, moves: int = 60, tries: int = 4) -> None:
    rng = random.Random(seed)
    variant, players, options = config
    g = GameState(variant, players, options, seed % 100_000)
    for _ in range(rng.randint(0, moves)):
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return
        g.apply(rng.choice(g.legal_actions()))
    if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return
    text = to_deal(g)
    assert to_deal(from_deal(text)) == text, "a deal string does not read back"
    for _ in range(tries):
        counts[fuzz_deal(text, rng)] += 1


def seeded_game(seed: int, config) -> tuple:
    """A generator and a fresh game of ``config`` (variant, players, options), from ``seed``."""
    variant, players, options = config
    return random.Random(seed), GameState(variant, players, options, seed % 100_000)


def action_case(seed: int, config, counts, moves: int = 40) -> None:
    rng, g = seeded_game(seed, config)
    for _ in range(moves):
        if g.is_over:
            return
        counts[fuzz_action(g, rng)] += 1
        g.apply(rng.choice(g.legal_actions()))


CASES = {"saves": save_case, "deals": deal_case, "actions": action_case}


# -- unreachable positions: each mutation below turns any real position it applies to into
# one no game could reach, so a save or a deal string that carries it must be refused ---------

def _on_table(d) -> set:
    seats = set()
    for t in d["table"]:
        seats.add(t["owner"])
        seats.update(t["played_by"])
    return seats


def _first(d, n) -> list:
    """The turn order from the first player (tile Rami plays to the right)."""
    step = -1 if d["variant"] == "tiles" else 1
    order = [(d["dealer"] + step) % n]
    while len(order) < n:
        order.append((order[-1] + step) % n)
    return order


def save_mutations(d: dict, rng: random.Random) -> list:
    """(what, a bent copy of save ``d``) for each mutation that applies to it."""
    out = []
    n = len(d["names"])
    if d["phase"] in ("hand_over", "match_over"):
        return out
    on = _on_table(d)

    def bent(what, fn):
        c = json.loads(json.dumps(d))
        if fn(c) is not False:
            out.append((what, c))

    def melded_without(c):
        free = [s for s in range(n) if s not in on]
        if not free:
            return False
        s = rng.choice(free)
        c["melded"][s] = c["melded_at_turn_start"][s] = True
    bent("a seat marked as melded with nothing on the table", melded_without)

    def meld_not_melded(c):
        if not on:
            return False
        s = rng.choice(sorted(on))
        c["melded"][s] = c["melded_at_turn_start"][s] = False
    bent("a seat with cards on the table marked as not melded", meld_not_melded)

    def taken_elsewhere(c):
        if c["phase"] != "play" or not c["stock"]:
            return False
        card = rng.choice(c["stock"])
        if card in c["hands"][c["turn"]] or any(card in t["cards"] for t in c["table"]):
            return False
        c["taken"] = card
    bent("a card taken this turn that is not held", taken_elsewhere)

    if d["variant"] == "tiles":
        e = d["extra"]
        unopened = [s for s in range(n) if not d["melded"][s]]

        def short_rack(c):
            if not unopened:
                return False
            s = rng.choice(unopened)
            c["stock"].append(c["hands"][s].pop(rng.randrange(len(c["hands"][s]))))
        bent("an unopened rack of the wrong size", short_rack)

        def not_started(c):
            if c["phase"] not in ("draw", "play"):
                return False
            c["extra"]["started"][_first(c, n)[0]] = False
        bent("a first player who never began", not_started)

        def exposed_gone(c):
            if not e["exposed"] or e["going_out"]:
                return False
            c["stock"].append(c["extra"]["exposed"])
            c["extra"]["exposed"] = None
        bent("the exposed tile taken with nobody going out", exposed_gone)

        def past_the_match(c):
            c["hand_no"] = c["options"]["games"] + rng.randint(0, 9000)
        bent("a game past the match's number of games", past_the_match)

        def all_asked(c):
            if c["phase"] != "exchange":
                return False
            c["extra"]["asked"] = n
        bent("a doubla round still open after every seat was asked", all_asked)
    if d["variant"] == "push":
        def past_the_deals(c):
            c["hand_no"] = 5 + rng.randint(0, 9000)
        bent("a deal past the fifth", past_the_deals)
    return out


def deal_mutations(text: str, g: GameState, rng: random.Random) -> list:
    """(what, a bent deal string) for each mutation of deal string ``text`` that applies."""
    out = []
    on = {t.owner for t in g.table} | {s for t in g.table for s in t.played_by}
    free = [s for s in range(g.n) if s not in on]
    if free:
        seats = sorted(set(s for s in range(g.n) if g.melded[s] and s not in
                           {t.owner for t in g.table}) | {rng.choice(free)})
        base = re.sub(r" \| melded: [0-9 ]+", "", text)
        out.append(("melded with nothing on the table",
                    base + " | melded: " + " ".join(map(str, seats))))
    if g.phase == Phase.PLAY and g.taken is None and g.stock:
        card = rng.choice(g.stock)
        if card not in g.hands[g.turn] and not any(card in t.meld.cards for t in g.table):
            out.append(("taken but not held", text + f" | taken: {card}"))
    if g.variant.name == "tiles":
        unopened = [s for s in range(g.n) if not g.melded[s]]
        if unopened:
            s = rng.choice(unopened)
            part = f"{s}: " + " ".join(map(str, g.hands[s]))
            shorter = f"{s}: " + " ".join(map(str, g.hands[s][:-1]))
            out.append(("an unopened rack of the wrong size", text.replace(part, shorter)))
        if g.extra["exposed"] and not g.extra["going_out"]:
            out.append(("the exposed tile taken with nobody going out",
                        text.replace(f"exposed: {g.extra['exposed']}", "exposed: taken")))
        out.append(("a game past the match",
                    re.sub(r" \| hand: \d+", "", text) +
                    f" | hand: {g.options['games'] + 1}"))
    return out


def unreachable_case(seed: int, config, counts, moves: int = 80) -> None:
    """Real positions along a seeded game, each bent by every mutation that applies: every
    bent save and deal string is refused with rami's own error."""
    from rami.errors import SaveError
    from rami.scenario import DealSyntaxError
    rng, g = seeded_game(seed, config)
    for step in range(moves):
        if g.is_over:
            return
        if rng.random() < 0.25 or step == 0:
            for what, bent in save_mutations(g.to_dict(), rng):
                try:
                    GameState.from_dict(bent)
                except SaveError:
                    counts[what] += 1
                else:
                    raise AssertionError(f"a save with {what} was accepted: {g!r}")
            if g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                for what, text in deal_mutations(to_deal(g), g, rng):
                    try:
                        from_deal(text)
                    except DealSyntaxError:
                        counts["deal: " + what] += 1
                    else:
                        raise AssertionError(f"a deal string with {what} was accepted: {text}")
        g.apply(rng.choice(g.legal_actions()))


CASES["unreachable"] = unreachable_case
