"""Gin's learned opponent model: what the Gin Expert knows of the opponent's hidden cards,
learned from seeded hands of rami's engine (``scripts/gin_model.py``, ``make train-gin``).

Two small networks (one hidden layer of rectified units) read the same features of the
hand's public history about a card (``FEATURES``: what he took, threw and let go near it,
which of its meld partners are dead or known to be his, how his discards compare with its
value, how far the hand has gone):

* ``MODEL``: for each unseen card, the chance that it is among his hidden cards. Its output
  is added to the prior's log odds (the share of unseen cards that are his), and a
  decision's chances are moved together so that they add up to his hidden count
  (:func:`probabilities`). The Expert draws its sampled hands with these odds, and takes
  them as the chance that a card is still in the stock.
* ``FEED``: for each card we might throw, the chance that it joins a meld with his cards;
  times ``GAIN`` (the mean deadwood such a card saves him) it is what the Expert counts
  against a discard (:func:`feeds`). That question is where the Expert's strength against
  SimpleGinRummyPlayer lies (docs/bots.md, *The learned opponent model*).

The weights are data, ``weights.py``, written by the training script; the inference
here is pure Python (about 1,500 multiplications a card) and every figure is a function of
the seat's ``PlayerView``.
"""

from __future__ import annotations

import math

from .weights import FEED, GAIN, MODEL

VALUE = [min(r + 1, 10) for r in range(13)]

FEATURES = (
    "took same rank", "took suit ±1", "took suit ±2",
    "threw same rank", "threw suit ±1", "threw suit ±2",
    "passed same rank", "passed suit ±1", "passed suit ±2",
    "holds same rank", "holds suit ±1", "melds with his known cards",
    "dead same rank", "dead suit ±1", "dead suit ±2",
    "value / 10", "ace", "ten to king",
    "has thrown", "above his last throw", "same value as his last throw",
    "his throws below it / 5", "above both his last two throws",
    "threw same rank (last 2)", "threw suit ±1 (last 2)", "passed same rank or ±1 (last 2)",
    "stock left / 31", "his throws / 10", "his takes / 5",
)


class History:
    """The opponent's public history, summed up once per decision for :func:`features`."""

    def __init__(self, mem, opp: int, dead: int, stock: int):
        self.took = [c.code for c in mem.took[opp]]
        self.threw = [c.code for c in mem.threw[opp]]
        self.passed = [c.code for c in mem.declined[opp]]
        self.held = [c.code for c in mem.held[opp]]
        self.held_mask = 0
        for c in self.held:
            self.held_mask |= 1 << c
        self.dead = dead
        self.stock = stock
        t = self.threw
        self.last = VALUE[t[-1] % 13] if t else 0
        self.last2 = max(VALUE[c % 13] for c in t[-2:]) if len(t) >= 2 else 99
        self.values = sorted(VALUE[c % 13] for c in t)


def _near(codes, rank: int, suit: int, d: int) -> int:
    return sum(1 for c in codes if c // 13 == suit and abs(c % 13 - rank) == d)


def _same(codes, code: int) -> int:
    r = code % 13
    return sum(1 for c in codes if c % 13 == r and c != code)


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.code
    return m


def in_some_meld(code: int, m: int) -> bool:
    """Would the card ``code`` be in a set or run with the cards of mask ``m``?"""
    r, s = code % 13, code // 13
    same = sum(1 for t in range(4) if t != s and m >> (13 * t + r) & 1)
    if same >= 2:
        return True
    row = (m >> (13 * s)) & 0x1FFF
    lo1 = r >= 1 and row >> (r - 1) & 1
    lo2 = r >= 2 and row >> (r - 2) & 1
    hi1 = r <= 11 and row >> (r + 1) & 1
    hi2 = r <= 10 and row >> (r + 2) & 1
    return bool((lo1 and lo2) or (lo1 and hi1) or (hi1 and hi2))


def features(code: int, h: History) -> list[float]:
    r, s = code % 13, code // 13
    v = VALUE[r]
    dead = h.dead
    dead_same = sum(1 for t in range(4) if t != s and dead >> (13 * t + r) & 1)
    dead1 = sum(1 for d in (-1, 1) if 0 <= r + d < 13 and dead >> (13 * s + r + d) & 1)
    dead2 = sum(1 for d in (-2, 2) if 0 <= r + d < 13 and dead >> (13 * s + r + d) & 1)
    below = 0
    for x in h.values:
        if x < v:
            below += 1
    recent = h.threw[-2:]
    recent_passed = h.passed[-2:]
    return [
        _same(h.took, code), _near(h.took, r, s, 1), _near(h.took, r, s, 2),
        _same(h.threw, code), _near(h.threw, r, s, 1), _near(h.threw, r, s, 2),
        _same(h.passed, code), _near(h.passed, r, s, 1), _near(h.passed, r, s, 2),
        _same(h.held, code), _near(h.held, r, s, 1),
        1.0 if h.held_mask and in_some_meld(code, h.held_mask) else 0.0,
        dead_same, dead1, dead2,
        v / 10, 1.0 if r == 0 else 0.0, 1.0 if r >= 9 else 0.0,
        1.0 if h.threw else 0.0, 1.0 if h.threw and v > h.last else 0.0,
        1.0 if h.threw and v == h.last else 0.0, below / 5,
        1.0 if v > h.last2 else 0.0,
        _same(recent, code), _near(recent, r, s, 1),
        _same(recent_passed, code) + _near(recent_passed, r, s, 1),
        h.stock / 31, len(h.threw) / 10, len(h.took) / 5,
    ]


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def score(x: list[float], model=MODEL) -> float:
    """The network's output for one card's features: log odds beside the prior's."""
    mu, sd = model["mean"], model["scale"]
    z = [(a - m) / d for a, m, d in zip(x, mu, sd)]
    out = model["b2"]
    for row, b, w in zip(model["w1"], model["b1"], model["w2"]):
        a = b
        for zi, wi in zip(z, row):
            a += zi * wi
        if a > 0:
            out += a * w
    return out


def probabilities(codes, h: History, hidden: int, model=MODEL) -> list[float]:
    """For each unseen card in ``codes``, the chance that the opponent holds it among his
    ``hidden`` cards not shown; scaled so that they add up to ``hidden``."""
    n = len(codes)
    if not n or hidden <= 0:
        return [0.0] * n
    off = logit(min(hidden, n) / n)
    ps = []
    for c in codes:
        z = off + score(features(c, h), model)
        ps.append(sigmoid(z))
    return rescale(ps, min(hidden, n))


def feeds(code: int, h: History, model=FEED) -> float:
    """How much the card ``code``, if we threw it, would lower the opponent's deadwood on
    average: the chance that it joins a meld of his (the second network) times the mean
    gain when a card of its rank does."""
    z = score(features(code, h), model)
    return GAIN[code % 13] * sigmoid(z)


def rescale(ps: list[float], k: int) -> list[float]:
    """The probabilities moved in log odds by one shift so that they add up to ``k`` (a
    hand has exactly that many hidden cards), found by bisection."""
    if not ps:
        return ps
    lo, hi = -20.0, 20.0
    lz = [logit(p) for p in ps]
    for _step in range(40):
        mid = (lo + hi) / 2
        total = sum(sigmoid(z + mid) for z in lz)
        if total > k:
            hi = mid
        else:
            lo = mid
    mid = (lo + hi) / 2
    return [sigmoid(z + mid) for z in lz]
