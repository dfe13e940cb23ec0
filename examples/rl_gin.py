"""Train a small agent for Gin Rummy with PyTorch, then put it in rami's arena.

    make rl-example                                   # 5 minutes, then the arena
    python examples/rl_gin.py --minutes 5 --deals 300
    python benchmarks/arena.py gin examples/rl_gin.py:bot beginner --deals 500

The agent plays rami.rl's Gin environment (PettingZoo AEC) against rami's Beginner, one
hand an episode, its seat alternating. It learns by Monte-Carlo Q-learning (every choice
it made in a hand is pulled towards the hand's reward, the zero-sum points of the
environment, divided by 25), choosing epsilon-greedily among the legal tokens, with
PyTorch for the network and its optimiser.

Its network scores each legal token of the move it is spelling (an "action-in" Q-network:
features of the position and of that token in, one number out), so one small network serves
every step of a move. The features of a token are what a Gin player weighs, computed from
the PlayerView that the environment gives (``info["view"]``) with rami's own solver: for a
card to throw (or knock with, or lay off), the deadwood left without it, its value, whether
it sits in a meld; for taking the discard, the deadwood after the best throw with it;
for knocking, the deadwood knocked with. How to use them, it learns.

Once trained, the weights go to build/rl_gin.pt and ``bot(variant, players, seed)`` below
makes the greedy agent a rami bot (rami.rl.policies.PolicyBot), which benchmarks/arena.py
plays against Beginner and Good: every deal both ways, luck cancelled.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch import nn  # noqa: E402

from rami.rl import env as make_env  # noqa: E402
from rami.rl.codec import KIND, KINDS, PIECES, TARGET  # noqa: E402
from rami.rl.policies import BotPolicy, PolicyBot  # noqa: E402
from rami.variants import find_variant  # noqa: E402

WEIGHTS = os.path.join(ROOT, "build", "rl_gin.pt")
GIN = find_variant("gin")
MOVE_KINDS = ("pass", "draw", "take", "discard", "knock", "gin", "layoff", "done")
TOKEN_FEATURES = len(MOVE_KINDS) + 8
POSITION_FEATURES = 6
SCALE = 25.0                   # points of a hand, to a reward near [-1, 1]


def card_of(view, code: int):
    for c in view.hand:
        if (c.code if c.suit else 52) == code:
            return c
    return None


def features(view, prefix, legal_tokens) -> np.ndarray:
    """One row per legal token: the position's features, then the token's own."""
    solver = GIN.solver_for(view.options)
    hand = list(view.hand)
    now = solver.deadwood(hand)
    limit = view.info.get("knock_limit") or 10
    top = view.discard[-1] if view.discard else None
    position = [now / 50, min(1.0, view.stock_count / 31), limit / 10,
                len(hand) / 11, 1.0 if prefix else 0.0,
                sum(1 for e in view.events if e.kind == "take" and e.seat != view.seat) / 5]
    melded = set()
    if len(hand) >= 3:
        arr = solver.arrange(hand)
        melded = {id(c) for c in arr.melded}
    rows = []
    for t in legal_tokens:
        f = [0.0] * TOKEN_FEATURES
        if KIND <= t < TARGET:
            kind = KINDS[t - KIND]
            if kind in MOVE_KINDS:
                f[MOVE_KINDS.index(kind)] = 1
            if kind == "take" and top is not None:
                best = min(solver.deadwood([c for c in hand + [top] if c is not x])
                           for x in hand) if len(hand) == 10 else now
                f[len(MOVE_KINDS)] = (now - best) / 25
            if kind == "knock":
                f[len(MOVE_KINDS) + 1] = 1 - min(
                    solver.deadwood([c for c in hand if c is not x]) for x in hand) / 10
        elif t < PIECES:
            c = card_of(view, t)
            f[len(MOVE_KINDS) + 2] = 1
            if c is not None:
                left = solver.deadwood([x for x in hand if x is not c])
                f[len(MOVE_KINDS) + 3] = left / 50
                f[len(MOVE_KINDS) + 4] = (now - left) / 10
                f[len(MOVE_KINDS) + 5] = GIN.card_value(view.options, c) / 10
                f[len(MOVE_KINDS) + 6] = 1.0 if id(c) in melded else 0.0
                f[len(MOVE_KINDS) + 7] = 1.0 if view.taken is not None and c is view.taken \
                    else 0.0
        rows.append(position + f)
    return np.asarray(rows, dtype=np.float32)


class QNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(POSITION_FEATURES + TOKEN_FEATURES, 64), nn.ReLU(),
                                 nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def greedy(net: QNet, obs, info, epsilon: float = 0.0, rng=random) -> tuple[int, np.ndarray]:
    legal = np.flatnonzero(obs["action_mask"])
    x = features(info["view"], info["prefix"], legal)
    if epsilon and rng.random() < epsilon:
        i = rng.randrange(len(legal))
    else:
        with torch.no_grad():
            i = int(torch.argmax(net(torch.from_numpy(x))))
    return int(legal[i]), x[i]


def train(minutes: float, seed: int = 0) -> QNet:
    torch.manual_seed(seed)
    rng = random.Random(seed)
    net = QNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    env = make_env("gin")
    xs: list = []
    ys: list = []
    hands = won = 0
    recent: list = []
    start = time.perf_counter()
    end = start + 60 * minutes
    while time.perf_counter() < end:
        learner = f"player_{hands % 2}"
        opponent = BotPolicy("beginner", "gin", seed=f"train:{hands}")
        env.reset(seed=seed * 1_000_000 + hands)
        epsilon = max(0.02, 0.3 * (1 - (time.perf_counter() - start) / (60 * minutes * 0.7)))
        mine, total = [], 0.0
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if agent == learner:
                total += reward
            if term or trunc:
                env.step(None)
                continue
            if agent == learner:
                token, x = greedy(net, obs, info, epsilon, rng)
                mine.append(x)
            else:
                token = opponent(obs, info)
            env.step(token)
        hands += 1
        won += total > 0
        recent.append(total)
        xs.extend(mine)
        ys.extend([max(-1.5, min(1.5, total / SCALE))] * len(mine))
        if len(xs) > 60_000:
            del xs[:len(xs) - 60_000], ys[:len(ys) - 60_000]
        if hands % 8 == 0 and len(xs) >= 512:
            for _ in range(8):
                idx = np.random.randint(0, len(xs), 256)
                xb = torch.from_numpy(np.stack([xs[i] for i in idx]))
                yb = torch.tensor([ys[i] for i in idx], dtype=torch.float32)
                loss = nn.functional.mse_loss(net(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
        if hands % 500 == 0:
            r = recent[-500:]
            print(f"  {time.perf_counter() - start:5.0f} s  {hands:6d} hands  "
                  f"epsilon {epsilon:.2f}  last 500: won {100 * sum(x > 0 for x in r) / len(r):.0f}%"
                  f", {sum(r) / len(r):+.2f} points a hand", flush=True)
    print(f"trained {hands} hands in {time.perf_counter() - start:.0f} s")
    return net


_NET: QNet | None = None


def bot(variant: str, players: int, seed):
    """The trained agent, greedy, as a rami bot (for benchmarks/arena.py)."""
    global _NET
    if variant != "gin":
        raise SystemExit("this agent plays Gin only")
    if _NET is None:
        torch.set_num_threads(1)
        _NET = QNet()
        _NET.load_state_dict(torch.load(WEIGHTS))
        _NET.eval()
    net = _NET
    return PolicyBot(lambda obs, info: greedy(net, obs, info)[0], variant, players, seed)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--deals", type=int, default=300, help="arena deals against each bot")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    print(f"training against Beginner for {args.minutes:g} minute(s)")
    net = train(args.minutes, args.seed)
    os.makedirs(os.path.dirname(WEIGHTS), exist_ok=True)
    torch.save(net.state_dict(), WEIGHTS)
    print(f"weights: {os.path.relpath(WEIGHTS, ROOT)}")
    import arena
    me = f"{os.path.abspath(__file__)}:bot"
    for other in ("beginner", "good"):
        print()
        arena.main(["gin", me, other, "--deals", str(args.deals), "--jobs", str(args.jobs),
                    "--start", "100000"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
