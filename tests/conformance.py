"""The shared random-simulation conformance check every variant must pass.

At every step of a seeded random game: the cards are conserved; there is a legal action
until the match is over; every sampled legal action applies; sampled illegal actions are
refused with the state unchanged; the JSON round trip equals the original, and the deal
string reads back as the same position; every legal action's text parses back as the
same action; a seat's view
(and what a friend's page in that seat is sent) does not change when the cards hidden from
it are shuffled or given other identities everywhere, and hides other seats' drawn
cards; at the end, a replay from (variant, options, seed, actions) reproduces the game.
"""

from __future__ import annotations

import random
from collections import Counter

from rami.actions import (BIG_GIN, DEAL, DECLINE, DONE, DRAW, DROP, PASS, PUSH, REJOIN, SHOW,
                          TAKE, TURNOVER, Contract, Declare, Discard, Knock, LayOff,
                          MeldCards, Rescue, Rum, Show, TakeDiscard)
from rami.cards import Card
from rami.errors import IllegalAction, RamiError
from rami.scenario import from_deal, to_deal
from rami.state import GameState, Phase, replay
from rami.view import PlayerView

MAX_STEPS = 4000


def shuffle_hidden(g: GameState, viewer: int, rng: random.Random) -> GameState:
    """A copy of ``g`` with the cards ``viewer`` cannot see dealt among the same places."""
    c = g.copy()
    shown = g.variant.revealed(g, viewer)
    seats = [s for s in range(g.n) if s != viewer and s not in shown]
    pool = list(c.stock)
    for s in seats:
        pool += c.hands[s]
    rng.shuffle(pool)
    c.stock, pool = pool[:len(c.stock)], pool[len(c.stock):]
    for s in seats:
        k = len(c.hands[s])
        c.hands[s], pool = pool[:k], pool[k:]
    c._legal_cache = None
    return c


# cards laid apart face down, which only their owner sees: (variant, state, viewer) -> cards
FACE_DOWN = {
    "gin": lambda g, viewer: ([g.extra["knock_card"]] if "knock_card" in g.extra
                              and g.extra["knocker"] != viewer else []),
}


def rename_hidden(g: GameState, viewer: int, rng: random.Random) -> GameState:
    """A copy of ``g`` in which the cards ``viewer`` cannot see have other identities: the
    values whose every copy is hidden from it (in the stock, another seat's hidden hand, a
    face-down card, another seat's secret event) are permuted among themselves (a value
    only with one held as many times), and renamed everywhere the state mentions them:
    the places, the secret events and every fact the variant keeps (``extra``). Unlike
    :func:`shuffle_hidden`, which moves cards and keeps the facts, this also finds a fact
    about a hidden card that a view lets through (a doubla offered face down)."""
    c = g.copy()
    shown = g.variant.revealed(g, viewer)
    seats = [s for s in range(g.n) if s != viewer and s not in shown]
    down = [str(x) for x in FACE_DOWN.get(g.variant.name, lambda *_: [])(g, viewer)]
    hidden = Counter(map(str, g.stock)) + Counter(down)
    for s in seats:
        hidden.update(map(str, g.hands[s]))
    seen = set(map(str, g.hands[viewer])) | set(map(str, g.discard))
    seen |= {str(x) for t in g.table for x in t.meld.cards}
    seen |= {str(x) for h in shown.values() for x in h}
    apart = Counter(map(str, g.variant.hidden_cards(g)))
    apart.subtract(Counter(down))
    seen |= {k for k, v in apart.items() if v > 0}
    if g.taken is not None:
        seen.add(str(g.taken))
    for e in g.events_for(viewer):
        if e.card is not None:
            seen.add(str(e.card))
        seen |= set(map(str, e.cards))
    # the same values in the whole state, found as text (the facts are JSON)
    by_count: dict = {}
    for k, v in sorted(hidden.items()):
        if k not in seen:
            by_count.setdefault(v, []).append(k)
    rename = {}
    for names in by_count.values():
        moved = list(names)
        rng.shuffle(moved)
        rename.update(zip(names, moved))
    if not rename:
        return c
    card = lambda x: Card.parse(rename.get(str(x), str(x)))
    text = lambda x: rename.get(x, x) if isinstance(x, str) else x

    def deep(x):
        if isinstance(x, dict):
            return {k: deep(v) for k, v in x.items()}
        if isinstance(x, list):
            return [deep(v) for v in x]
        return text(x)
    c.stock = [card(x) for x in c.stock]
    for s in seats:
        c.hands[s] = [card(x) for x in c.hands[s]]
    c.extra = deep(c.extra)
    c.events = [e._replace(card=card(e.card) if e.card is not None else None,
                           cards=tuple(map(card, e.cards)))
                if e.secret and e.seat != viewer else e for e in c.events]
    c.reset_logs()
    c._legal_cache = None
    return c


def seat_table(g: GameState, viewer: int) -> str:
    """The table a friend's page in seat ``viewer`` is sent: its view, and who sits where."""
    from rami.master import Master
    from rami.room import Room, Seat
    return Room(Master(g), [viewer], {viewer: Seat("seat")}).table_for(viewer)


def same_for_seat(g: GameState, other: GameState, viewer: int, mine: str | None = None) -> None:
    """The table a friend's page in seat ``viewer`` is sent is the same in ``g`` (``mine``,
    if already made) and ``other``."""
    import json
    a, b = mine or seat_table(g, viewer), seat_table(other, viewer)
    if a != b:
        a, b = json.loads(a)["view"], json.loads(b)["view"]
        wrong = [key for key in a if a[key] != b[key]] or ["seats"]
        raise AssertionError(f"seat {viewer}'s view shows hidden cards in '{wrong[0]}'")


def candidate_actions(g: GameState, rng: random.Random) -> list:
    deck = g.variant.deck(g)
    hand = g.hands[g.turn]
    out = [DRAW, TAKE, PASS, BIG_GIN, TURNOVER, DONE, DEAL, DROP, SHOW, REJOIN, DECLINE]
    out += [Discard.of(rng.choice(deck)) for _ in range(2)]
    if hand:
        out += [Discard.of(rng.choice(hand)), Knock.of(rng.choice(hand)),
                Declare(rng.choice(deck)),
                Show((tuple(hand),)), Show((tuple(hand[1:]),))]
        # a declaration with the player's own groups: the rest of the hand in threes
        rest = list(hand)
        finish = rest.pop(rng.randrange(len(rest)))
        out.append(Declare(finish, tuple(tuple(rest[i:i + 3]) for i in range(0, len(rest), 3))))
        if len(hand) >= 3:
            out.append(MeldCards(tuple(rng.sample(hand, 3))))
        out.append(LayOff(rng.choice(hand), rng.randint(0, len(g.table) + 1)))
    out.append(MeldCards(tuple(rng.sample(deck, 3))))
    # spread piles: any card, and a card deep in the pile; rum calls
    out.append(TakeDiscard(rng.choice(deck)))
    if g.discard:
        out.append(TakeDiscard(rng.choice(g.discard)))
    out += [Rum(), Rum(rng.randint(0, len(g.table) + 1)), PUSH]
    # Push: a contract of two random groups, a rescue of a random card on a random meld
    if len(hand) >= 6:
        cards = rng.sample(hand, 6)
        out.append(Contract((MeldCards(tuple(cards[:3])), MeldCards(tuple(cards[3:])))))
    if hand:
        out.append(Rescue(rng.choice(hand), rng.randint(0, len(g.table) + 1)))
    return out


def check_step(g: GameState, rng: random.Random, heavy: bool) -> None:
    legal = g.legal_actions()
    assert legal or g.phase == Phase.MATCH_OVER, f"no legal action in {g!r}"
    if g.phase == Phase.MATCH_OVER:
        assert not legal
    assert g.variant.check_conservation(g) is None
    # every legal action's text reads back as that very action (logs, replays, the editor
    # and friends over the network all send actions as text)
    for a in legal:
        back = g.parse_action(str(a))
        assert back == a, f"'{a}' reads back as another action: {back!r} is not {a!r}"
    # what the variant knows to be legal at once is on the list
    for a in (legal + [DRAW, TAKE, PASS]) if heavy else ():
        if g.variant.surely_legal(g, a):
            assert a in legal, f"'{a}' is said to be surely legal and is not"
    # the view of a seat hides what it must: at the full checks, and at every step of the
    # phases a hand passes through briefly (a doubla offer lives for a few moves)
    if heavy or g.phase not in (Phase.DRAW, Phase.PLAY):
        check_views(g, rng, legal, shuffled=heavy)
    if not heavy:
        return
    # refused actions change nothing
    before = g.to_json()
    refused = []
    for a in candidate_actions(g, rng):
        try:
            g._resolve(a, legal)
            g.copy().apply(a)              # it is (or reads as) a legal action: it applies
            continue
        except IllegalAction as e:
            assert str(e), "an illegal action needs an explanation"
        try:
            g.apply(a)
        except RamiError:
            refused.append(str(a))
        else:
            raise AssertionError(f"{a} was applied though it is not legal")
    after = g.to_json()
    assert after == before, f"refusing one of {refused} changed the state"
    # the save round trip (the same text: the state and its copy are equal)
    again = GameState.from_json(after)
    assert again.to_json() == after
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in legal]
    # the deal string of a hand in play reads back as the same position
    if g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        text = to_deal(g)
        back = from_deal(text)
        assert to_deal(back) == text, f"the deal string does not read back: {text}"
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in legal]
    # every sampled legal action applies (at most two of a kind, one declaration: they are
    # alike, and an Indian declaration, which groups 13 cards, costs a thousand discards)
    kinds: dict = {}
    for a in rng.sample(legal, min(6, len(legal))):
        kinds[a.kind] = kinds.get(a.kind, 0) + 1
        if kinds[a.kind] <= (1 if a.kind == "declare" else 2):
            g.copy().apply(str(a))


def check_views(g: GameState, rng: random.Random, legal: list, shuffled: bool = True) -> None:
    """A random seat's view hides what it must: the hidden cards renamed (and, with
    ``shuffled``, dealt otherwise) change nothing it is shown or sent."""
    viewer = rng.randrange(g.n)
    view = PlayerView.of(g, viewer)
    mine = seat_table(g, viewer)
    if shuffled:
        same_for_seat(g, shuffle_hidden(g, viewer, rng), viewer, mine)
    same_for_seat(g, rename_hidden(g, viewer, rng), viewer, mine)
    for e in view.events:
        if e.secret and e.seat != viewer:
            # (its ``cards`` are public: Push's pushed card, the discard's top before)
            assert e.card is None
    if viewer == g.turn and g.phase != Phase.MATCH_OVER:
        assert list(view.legal) == legal


RARE = ("declare", "drop")


def pick(legal: list, rng: random.Random):
    """A random legal action, with a taste for the table: half the time a meld, lay-off,
    knock or gin is taken when there is one, so that hands end and those rules are played.
    Leaving a deal (Indian rummy's declarations and drops) is rare, so that deals last."""
    rare = [a for a in legal if a.kind in RARE]
    if rare and (len(rare) == len(legal) or rng.random() < 0.04):
        return rng.choice(rare)
    legal = [a for a in legal if a.kind not in RARE]
    table_play = [a for a in legal if isinstance(a, (MeldCards, LayOff, Knock, Contract, Rescue))
                  or a is BIG_GIN]
    if table_play and rng.random() < 0.5:
        return rng.choice(table_play)
    return rng.choice(legal)


def run_game(variant: str, players: int, options: dict, seed: int, whole_match: bool = False,
             heavy_every: int = 1):
    """Play random legal moves to the end of the first hand (or of the match)."""
    rng = random.Random(f"conformance:{seed}")
    g = GameState(variant, players, options, seed)
    steps = 0
    while True:
        check_step(g, rng, heavy=steps % heavy_every == 0)
        if g.phase == Phase.MATCH_OVER or (g.phase == Phase.HAND_OVER and not whole_match):
            break
        g.apply(pick(g.legal_actions(), rng))
        steps += 1
        assert steps < MAX_STEPS * (20 if whole_match else 1), "the game does not end"
    assert g.legal_actions() == [] or g.phase == Phase.HAND_OVER
    again = replay(variant, g.names, options, seed, [str(a) for a in g.history])
    assert again == g, "the replay differs"
    return g, steps
