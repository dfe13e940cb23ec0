"""PettingZoo AEC environments for the six games.

>>> from rami.rl import env
>>> e = env("gin")
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].sum() > 0, info["view"].variant
(['action_mask', 'observation'], True, 'gin')

The agent to play (``agent_selection``) is the seat to act in the game. Its action is one
token of the move it is spelling (:mod:`rami.rl.codec`); a move is played when spelt out,
and steps with only one possible token are taken for it, so every step it is asked is a
real choice. A position with a single legal move (dealing the next hand, Gin's lone
``done``) is played without asking anyone.

Observations (:mod:`rami.rl.observe`): ``{"observation": float32 vector,
"action_mask": int8 vector}``, a pure function of the agent's
:class:`~rami.view.PlayerView` and the tokens it has chosen in the move under way. The view
itself is ``infos[agent]["view"]`` on the agent's turn (for rule-based agents: rami's bots
play from it, :mod:`rami.rl.policies`), with ``infos[agent]["prefix"]``, the tokens
chosen so far.

Rewards, by ``reward=``:

* ``"hand"`` (the default): when a hand ends, each agent gets the points the hand moved for
  its side, less the average over the sides (they sum to zero; sign turned in Indian rummy
  and Push, where points are penalties). ``episode`` is then one hand, unless ``episode="match"``.
* ``"match"``: at the match's end, +1 to the winner, and ``-1 / (sides - 1)`` to each other
  side (a shared win is shared). The episode is the whole match.

``reset(seed=s)`` starts the match rami starts with seed ``s`` (``GameState(variant,
players, rules, s)``): the same seed, the same deal, in every process. ``max_steps``
truncates an episode (a hand of random play can wander long in some games).
"""

from __future__ import annotations

import io
import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..state import GameState
from ..variants import find_variant
from ..view import PlayerView
from .codec import VOCABULARY, CodecError, Decision
from .observe import Encoder, fitted_rules


class RamiEnv(AECEnv):
    """One of rami's games as a PettingZoo AEC environment (see the module's doc)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "rami_v0",
                "is_parallelizable": False}

    def __init__(self, variant: str = "gin", players: int | None = None,
                 reward: str = "hand", episode: str | None = None, max_steps: int = 5000,
                 render_mode: str | None = None, **rules):
        super().__init__()
        var = find_variant(variant)
        n = players if players is not None else max(2, var.min_players)
        var.check_players(n)
        if reward not in ("hand", "match"):
            raise ValueError(f"reward is 'hand' or 'match', not {reward!r}")
        episode = episode or reward
        if episode not in ("hand", "match") or (reward == "match" and episode == "hand"):
            raise ValueError("episode is 'hand' or 'match' (a match's reward needs the match)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}")
        self.variant, self.n, self.reward_kind, self.episode = var.name, n, reward, episode
        self.rules = fitted_rules(var.name, n, rules)
        self.max_steps, self.render_mode = max_steps, render_mode
        self.metadata = dict(self.metadata, name=f"rami_{var.name}_v0")
        self.encoder = Encoder(var.name, n, self.rules)      # (checks the rules at once)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (VOCABULARY,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(VOCABULARY) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: GameState | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng.seed(seed)
            game_seed = int(seed)
        else:
            game_seed = self._rng.getrandbits(48)
        self.state = GameState(self.variant, self.n, self.rules, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.decision: Decision | None = None
        self._hands_scored = 0
        self._paid = False
        self._scores = list(self.state.scores)
        self._advance()

    def _advance(self) -> None:
        """Play what needs no choice, and hand the turn to the seat that has one (or end the
        episode)."""
        g = self.state
        while True:
            if len(g.results) > self._hands_scored or g.is_over:
                self._score_hands()
            if g.is_over or (self.episode == "hand" and g.results):
                for a in self.agents:
                    self.terminations[a] = True
                self.decision = None
                return
            legal = g.legal_actions()
            d = Decision(legal)
            if d.done is not None:                  # one legal move: nobody is asked
                g.apply(d.done)
                continue
            self.decision = d
            agent = self.possible_agents[g.turn]
            self.agent_selection = agent
            self.infos = {a: {} for a in self.agents}
            self.infos[agent] = {"view": PlayerView.of(g, g.turn), "prefix": tuple(d.prefix)}
            return

    def _score_hands(self) -> None:
        g = self.state
        sign = -1.0 if g.variant.lower_wins else 1.0
        if len(g.results) > self._hands_scored:
            self._hands_scored = len(g.results)
            delta = [now - before for now, before in zip(g.scores, self._scores)]
            self._scores = list(g.scores)
            if self.reward_kind == "hand":
                mean = sum(delta) / len(delta)
                for a in self.agents:
                    self.rewards[a] += sign * (delta[g.teams[self._seat[a]]] - mean)
        if self.reward_kind == "match" and g.is_over and g.final and not self._paid:
            self._paid = True
            winners = {g.teams[w] for w in g.final.get("winners", ())}
            sides = len(g.scores)
            for a in (self.agents if winners else ()):     # (no winner: nothing to share)
                side = g.teams[self._seat[a]]
                share = (1.0 / len(winners)) if side in winners else 0.0
                self.rewards[a] += (share - 1.0 / sides) * sides / max(1, sides - 1)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.decision
        try:
            token = int(action)
        except (TypeError, ValueError):
            raise CodecError(f"an action is a token, a whole number from 0 to "
                             f"{VOCABULARY - 1}, not {action!r}") from None
        move = d.choose(token)          # (refused: nothing has changed)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.steps += 1
        if move is not None:
            self.state.apply(move)
            self._advance()
        else:
            self.infos[agent]["prefix"] = tuple(d.prefix)
        if self.steps >= self.max_steps and not any(self.terminations.values()):
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        if any(self.terminations.values()) or any(self.truncations.values()):
            self._deads_step_first()

    # -- what an agent sees ---------------------------------------------------------------
    def observe(self, agent):
        seat = self._seat[agent]
        view = self.infos.get(agent, {}).get("view")        # (the same view, built once)
        if view is None:
            view = PlayerView.of(self.state, seat)
        mask = np.zeros(VOCABULARY, dtype=np.int8)
        prefix = ()
        if self.decision is not None and agent == self.agent_selection:
            mask[self.decision.next_tokens()] = 1
            prefix = self.decision.prefix
        return {"observation": self.encoder.encode(view, prefix), "action_mask": mask}

    def legal_moves(self) -> list:
        """The moves still open to the agent to play, given the tokens it has chosen."""
        return self.decision.completions() if self.decision is not None else []

    def render(self):
        if self.state is None:
            return None
        from ..cli import Painter, board
        seat = self.state.turn if 0 <= self.state.turn < self.n else 0
        text = board(PlayerView.of(self.state, seat), Painter(io.StringIO()))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def raw_env(variant: str = "gin", **kwargs) -> RamiEnv:
    """The environment without wrappers."""
    return RamiEnv(variant, **kwargs)


def env(variant: str = "gin", **kwargs):
    """The environment, wrapped as PettingZoo recommends (an illegal token raises at once,
    and ``step`` before ``reset`` is refused)."""
    from pettingzoo.utils import wrappers
    e = RamiEnv(variant, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
