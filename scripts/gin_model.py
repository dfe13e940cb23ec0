"""Gin's learned opponent model (rami/games/gin/model.py): the data, the fit and the
calibration. Development only: it needs NumPy (requirements-rl.txt, which ``make setup``
installs); nothing here runs in ``make test``, and the engine runs the model without it.

    make train-gin        # = python scripts/gin_model.py --hands 2000 --seed 1

1. **Data.** Hands of Gin with rami's Expert (the model turned off, so the data do not
   depend on it) in seat 0 against a mix of opponents, SimpleGinRummyPlayer, Beginner, Good
   and Expert in turn, every game and bot seeded from ``--seed``. At each of the Expert's
   decisions (upcard, draw, turn) two tables get rows:

   * ``held``: each card it has not seen; label: is it among the opponent's cards not
     shown (the cards he took from the pile are known and left out);
   * ``feed``: at its turn, each card it may throw; label: would it join a meld with the
     opponent's cards (``in_some_meld`` with his whole hand), and the deadwood he would
     gain by taking it.

   Each row carries the features of the public history about the card (``FEATURES``) and
   the particle filter's figure for it (the share of the Expert's 24 sampled hands that hold
   it, or with which it melds), for the comparison. The rows do not depend on ``--jobs``.
   The tables are kept in ``build/gin_data3_HANDS_SEED.npz``; a second run only fits.
2. **Fit.** Two networks of one hidden layer (24 rectified units), by Adam on minibatches
   of the log loss with a little L2, seeded: ``held`` beside the prior's log odds (the share
   of unseen cards that are his), ``feed`` on its own. The hands are split by number: the
   last fifth is held out. ``GAIN``, per rank, is the mean deadwood the opponent gains when
   such a card melds for him.
3. **Calibration** on the held-out hands, by opponent too: Brier score and log loss of the
   model (``held`` scaled, as the engine does, so that a decision's chances add up to the
   hidden count), of the particle filter, and of the prior or base rate alone.
4. **Weights**: ``rami/games/gin/weights.py``, a module of numbers (``--out``). The same
   seed writes the same file (checked: the rows are sorted, the fit is seeded, NumPy is
   pinned).

The figures, and what the model did for the Expert: docs/bots.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import numpy as np  # noqa: E402

from rami.bots import drain, make_bot  # noqa: E402
from rami.bots.expert import Memory  # noqa: E402
from rami.games.gin.model import in_some_meld, mask_of  # noqa: E402
from rami.games.gin.model import FEATURES, History, features  # noqa: E402
from rami.state import GameState, Phase  # noqa: E402
from rami.view import PlayerView  # noqa: E402

OPPONENTS = ("simple", "beginner", "good", "expert")
HIDDEN = 24                       # the network's hidden units


def opponent(kind: str, seed: str):
    if kind == "simple":
        from simple_gin import SimpleGinBot
        return SimpleGinBot("gin", seed)
    return make_bot(kind, "gin", seed)


def generate(hands: int, seed: int, jobs: int = 1):
    """Two tables of examples, the hands spread over ``jobs`` processes (the rows do not
    depend on it): ``held``, each unseen card at each of the Expert's decisions (is it among
    the opponent's hidden cards?), and ``feed``, each card the Expert may discard at each of
    its turns (would it join a meld with the opponent's cards, and how much would it lower
    his deadwood if he took it?).
    Each row: hand index, opponent kind, features, prior, the particle filter's figure, label
    (and for ``feed``, the gain)."""
    from multiprocessing import Pool
    parts = [(range(i, hands, jobs), seed) for i in range(jobs)]
    if jobs > 1:
        with Pool(jobs) as pool:
            out = pool.map(_generate, parts)
    else:
        out = [_generate(parts[0])]
    data = {}
    for table in ("held", "feed"):
        rows = [r for part in out for r in part[table]]
        rows.sort(key=lambda r: (r[0], r[-1]))
        for i, name in enumerate(("hand", "kind", "x", "prior", "pf", "y", "gain")):
            data[f"{table}_{name}"] = np.asarray([r[i] for r in rows],
                                                 np.float64 if name == "x" else None)
    return data


def _generate(part):
    hands, seed = part
    held, feed = [], []
    for h in hands:
        k = h % len(OPPONENTS)
        g = GameState("gin", 2, {}, f"model:{seed}:{h}")
        me = make_bot("expert", "gin", f"m:{seed}:{h}")
        probe = make_bot("expert", "gin", f"p:{seed}:{h}")
        # the data do not depend on the model (the particle filter is measured beside it)
        me.MODEL = probe.MODEL = 0
        them = opponent(OPPONENTS[k], f"o:{seed}:{h}")
        while not g.results:
            view = PlayerView.of(g, g.turn)
            if g.turn == 0 and g.phase in (Phase.UPCARD, Phase.DRAW, Phase.PLAY):
                mem = Memory(view)
                probe.setup(view)
                drain(probe.sample())
                hidden = [c for c in g.hands[1] if c not in mem.held[1]]
                unseen = probe.unseen
                prior = probe.hidden / max(1, len(unseen))
                truth = {c.code for c in hidden}
                hist = History(mem, 1, mask_of(view.hand) | mask_of(mem.pile),
                               view.stock_count)
                for c in unseen:
                    held.append((h, k, features(c.code, hist), prior,
                                 1 - probe.in_stock.get(c.code, 1 - prior),
                                 1.0 if c.code in truth else 0.0, 0, len(held)))
                if g.phase == Phase.PLAY:
                    dw, bd = probe.math.dw, probe.math.bd
                    his = mask_of(g.hands[1])
                    for c in view.hand:
                        if view.taken is not None and c == view.taken:
                            continue
                        gain = max(0, dw(his) - bd(his | 1 << c.code)[0])
                        melds = sum(1 for m in probe.samples if in_some_meld(c.code, m))
                        feed.append((h, k, features(c.code, hist), prior,
                                     melds / max(1, len(probe.samples)),
                                     1.0 if in_some_meld(c.code, his) else 0.0, gain,
                                     len(feed)))
            bot = me if g.turn == 0 else them
            g.apply(bot.choose(view))
    return {"held": held, "feed": feed}


def logit(p):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return np.log(p / (1 - p))


def fit(x, prior, y, seed: int, hidden: int = HIDDEN, epochs: int = 12,
        batch: int = 4096, lr: float = 3e-3, l2: float = 1e-4) -> dict:
    """p = sigmoid(logit(prior) + w2 · relu(w1 z + b1) + b2), z the standardised features,
    by Adam on minibatches of the mean log loss with an L2 penalty; seeded."""
    rng = np.random.default_rng(seed)
    mu, sd = x.mean(0), x.std(0) + 1e-9
    z = (x - mu) / sd
    off = logit(prior)
    params = {"w1": rng.normal(0, 1 / np.sqrt(x.shape[1]), (hidden, x.shape[1])),
              "b1": np.zeros(hidden), "w2": rng.normal(0, 0.1, hidden), "b2": np.zeros(())}
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v2 = {k: np.zeros_like(v) for k, v in params.items()}
    t = 0
    n = len(y)
    for _ in range(epochs):
        order = rng.permutation(n)
        for i in range(0, n, batch):
            idx = order[i:i + batch]
            zb, yb = z[idx], y[idx]
            a = zb @ params["w1"].T + params["b1"]
            hid = np.maximum(a, 0)
            p = 1 / (1 + np.exp(-(off[idx] + hid @ params["w2"] + params["b2"])))
            g = (p - yb) / len(idx)
            grads = {"w2": hid.T @ g + l2 * params["w2"], "b2": g.sum()}
            gh = np.outer(g, params["w2"]) * (a > 0)
            grads["w1"] = gh.T @ zb + l2 * params["w1"]
            grads["b1"] = gh.sum(0)
            t += 1
            for k in params:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v2[k] = 0.999 * v2[k] + 0.001 * grads[k] ** 2
                mh = m[k] / (1 - 0.9 ** t)
                vh = v2[k] / (1 - 0.999 ** t)
                params[k] = params[k] - lr * mh / (np.sqrt(vh) + 1e-8)
    return {"mean": [float(a) for a in mu], "scale": [float(a) for a in sd],
            "w1": [[float(a) for a in row] for row in params["w1"]],
            "b1": [float(a) for a in params["b1"]],
            "w2": [float(a) for a in params["w2"]], "b2": float(params["b2"])}


def predict(model: dict, x, prior):
    z = (x - np.asarray(model["mean"])) / np.asarray(model["scale"])
    hid = np.maximum(z @ np.asarray(model["w1"]).T + np.asarray(model["b1"]), 0)
    return 1 / (1 + np.exp(-(logit(prior) + hid @ np.asarray(model["w2"]) + model["b2"])))


def scores(p, y) -> tuple[float, float]:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(np.mean((p - y) ** 2)), float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def write_weights(models: dict, gain: list, path: str, note: str) -> None:
    """The weights as a Python module of numbers: data the package ships, which loads as
    fast as any module and needs no file access in the browser. Each list of numbers is
    written as text, read at import (the same numbers as a list's literal would give):
    bytecode keeps a float in 8 bytes that do not compress, text in about 3."""
    def nums(v):
        return '_v("' + " ".join(f"{a:.6g}" for a in v) + '")'
    lines = ['"""' + note + '"""', "",
             "def _v(text: str) -> list[float]:",
             "    return [float(x) for x in text.split()]", "", ""]
    for name, model in models.items():
        lines += [f"{name} = {{",
                  f'    "mean": {nums(model["mean"])},',
                  f'    "scale": {nums(model["scale"])},',
                  '    "w1": [']
        lines += [f"        {nums(row)}," for row in model["w1"]]
        lines += ["    ],", f'    "b1": {nums(model["b1"])},', f'    "w2": {nums(model["w2"])},',
                  f'    "b2": {model["b2"]:.6g},', "}", ""]
    lines += ["# the opponent's mean gain in deadwood when a card of each rank melds for him",
              f"GAIN = {nums(gain)}", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def rescaled(p, dec, k):
    """Each decision's probabilities moved by one shift in log odds so that they add up to
    its hidden count ``k`` (what model.rescale does, for every decision at once)."""
    z = logit(p)
    starts = np.flatnonzero(np.r_[True, dec[1:] != dec[:-1]])
    want = k[starts]
    lo, hi = np.full(len(starts), -20.0), np.full(len(starts), 20.0)
    group = np.cumsum(np.r_[True, dec[1:] != dec[:-1]]) - 1
    for _ in range(40):
        mid = (lo + hi) / 2
        total = np.add.reduceat(1 / (1 + np.exp(-(z + mid[group]))), starts)
        over = total > want
        hi = np.where(over, mid, hi)
        lo = np.where(over, lo, mid)
    return 1 / (1 + np.exp(-(z + ((lo + hi) / 2)[group])))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--hidden", type=int, default=HIDDEN)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--out", default=os.path.join(ROOT, "rami", "games", "gin", "weights.py"),
                    help="where the weights go (a Python module of numbers)")
    args = ap.parse_args(argv)
    cache = os.path.join(ROOT, "build", f"gin_data3_{args.hands}_{args.seed}.npz")
    t = time.perf_counter()
    if os.path.exists(cache):
        d = dict(np.load(cache))
        print(f"data: {os.path.relpath(cache, ROOT)}")
    else:
        d = generate(args.hands, args.seed, args.jobs)
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        np.savez_compressed(cache, **d)
        print(f"data: {args.hands} hands in {time.perf_counter() - t:.0f} s")
    hand, kind, x, prior, pf, y = (d["held_" + k]
                                   for k in ("hand", "kind", "x", "prior", "pf", "y"))
    print(f"held: {len(y)} examples, {100 * y.mean():.1f}% held; "
          f"feed: {len(d['feed_y'])} examples, {100 * d['feed_y'].mean():.1f}% would meld for him")
    # a decision: the rows of one hand with the same prior and stock, in a row
    dec = np.cumsum(np.r_[True, (hand[1:] != hand[:-1]) | (prior[1:] != prior[:-1]) |
                          (x[1:, FEATURES.index("stock left / 31")] !=
                           x[:-1, FEATURES.index("stock left / 31")])])
    cut = int(args.hands * 0.8)
    test = hand >= cut
    t = time.perf_counter()
    model = fit(x[~test], prior[~test], y[~test], args.seed, args.hidden, args.epochs)
    p = rescaled(predict(model, x[test], prior[test]), dec[test],
                 np.round(prior[test] * np.bincount(dec)[dec[test]]))
    fh, fk, fx, fpf, fy, fg = (d["feed_" + k] for k in ("hand", "kind", "x", "pf", "y", "gain"))
    ftest = fh >= cut
    half = np.full(len(fy), 0.5)
    feed = fit(fx[~ftest], half[~ftest], fy[~ftest], args.seed + 1, args.hidden, args.epochs)
    fp = predict(feed, fx[ftest], half[ftest])
    print(f"fitted in {time.perf_counter() - t:.0f} s")
    ranks = np.rint(fx[:, FEATURES.index("value / 10")] * 10)
    gain = []
    for r in range(13):     # value 10 stands for ten to king: split them by the face flag
        v = min(r + 1, 10)
        sel = (~ftest) & (fy > 0) & (ranks == v)
        if v == 10:
            face = fx[:, FEATURES.index("ten to king")] > 0
            sel &= face
        gain.append(float(fg[sel].mean()) if sel.any() else float(v))
    base = np.full(ftest.sum(), fy[~ftest].mean())
    print(f"held out: the last {args.hands - cut} hands")
    print(f"  {'':<22} {'Brier':>7} {'log loss':>9}   Brier by opponent: "
          + "  ".join(f"{o:>8}" for o in OPPONENTS))
    for label, yy, kk, rows in (
            (f"is his ({test.sum()} unseen cards)", y[test], kind[test],
             (("prior only", prior[test]), ("particle filter", pf[test]),
              ("learned model", p))),
            (f"melds for him ({ftest.sum()} discards)", fy[ftest], fk[ftest],
             (("base rate", base), ("particle filter", fpf[ftest]), ("learned model", fp)))):
        print(f"  {label}")
        for name, q in rows:
            brier, loss = scores(q, yy)
            each = "  ".join(f"{scores(q[kk == i], yy[kk == i])[0]:8.4f}"
                             for i in range(len(OPPONENTS)))
            print(f"    {name:<20} {brier:7.4f} {loss:9.4f}   {'':>17} {each}")
    write_weights({"MODEL": model, "FEED": feed}, gain, args.out,
                  f"Gin's opponent model (rami/games/gin/model.py): written by "
                  f"scripts/gin_model.py --hands {args.hands} --seed {args.seed} "
                  f"(make train-gin); do not edit.")
    print(f"weights: {os.path.relpath(args.out, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
