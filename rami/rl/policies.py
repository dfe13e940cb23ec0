"""Baselines and bridges: rami's bots as policies of the environment, and any policy of
the environment as a rami bot (for the arena, benchmarks/arena.py).

>>> from rami.rl import env
>>> from rami.rl.policies import BotPolicy
>>> e = env("gin")
>>> e.reset(seed=3)
>>> policies = {a: BotPolicy("good", "gin", seed=i) for i, a in enumerate(e.possible_agents)}
>>> for agent in e.agent_iter():
...     obs, reward, done, cut, info = e.last()
...     e.step(None if done or cut else policies[agent](obs, info))
>>> e.unwrapped.state.results[0]["how"] in ("knock", "gin", "undercut", "big gin", "draw")
True
"""

from __future__ import annotations

from ..bots import Bot, make_bot
from ..view import PlayerView
from .codec import Decision, tokens


class BotPolicy:
    """A rami bot (``beginner``, ``good``, ``expert``, ``random``) as a policy: called with
    an observation and its info (``info["view"]``, ``info["prefix"]``), it returns the next
    token of the move the bot chooses from the view. It sees nothing the view does not."""

    def __init__(self, level: str, variant: str, seed: int | str = 0):
        self.bot = make_bot(level, variant, seed)
        self._spelt: tuple = ()
        self._view = None

    def __call__(self, observation, info) -> int:
        view = info.get("view")
        if view is None:
            raise ValueError("a bot plays from info['view'], given on its turn")
        if view is not self._view:          # a new decision: the bot chooses its move
            self._view = view
            self._spelt = tokens(self.bot.choose(view))
        return self._spelt[len(info.get("prefix", ()))]


class PolicyBot(Bot):
    """Any policy of the environment as a rami bot: ``policy(observation, info)`` is called
    as an agent is in the environment (``observation`` the dict of ``"observation"`` and
    ``"action_mask"``, ``info`` the dict of ``"view"`` and ``"prefix"``) and returns a
    token. The move is spelt one token at a time, forced tokens taken as the environment
    takes them, so the policy meets exactly the positions it meets there (and
    ``PolicyBot(BotPolicy("good", ...))`` plays as the Good bot)."""

    name = "policy"

    def __init__(self, policy, variant: str, players: int, seed: int | str = 0,
                 options: dict | None = None):
        super().__init__(variant, seed)
        from .observe import Encoder, fitted_rules
        self.encoder = Encoder(variant, players, fitted_rules(variant, players, options))
        self.policy = policy

    def choose(self, view: PlayerView):
        import numpy as np
        from .codec import VOCABULARY
        d = Decision(view.legal)
        while d.done is None:
            mask = np.zeros(VOCABULARY, dtype=np.int8)
            mask[d.next_tokens()] = 1
            obs = {"observation": self.encoder.encode(view, d.prefix), "action_mask": mask}
            d.choose(self.policy(obs, {"view": view, "prefix": tuple(d.prefix)}))
        return d.done
