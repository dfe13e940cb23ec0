"""rami for game-AI research: the six games as PettingZoo environments.

Install with the extra, ``pip install rami[rl]`` (PettingZoo, Gymnasium, NumPy); the rest
of rami needs none of them. See docs/rl.md.

* :func:`env` / :class:`RamiEnv`: an AEC environment for any game, 2-8 agents as it allows;
* :mod:`rami.rl.codec`: moves spelt as tokens (the action space), pure Python;
* :mod:`rami.rl.observe`: the observation vector;
* :mod:`rami.rl.policies`: rami's bots as policies, and any policy as a bot for the arena.
"""

import importlib.util

for _needed in ("numpy", "gymnasium", "pettingzoo"):       # the extra is missing: say so
    if importlib.util.find_spec(_needed) is None:
        raise ImportError(f"rami.rl needs the rl extra ({_needed} is missing): "
                          "pip install 'rami[rl]'")

from .codec import VOCABULARY, Decision, token_text, tokens  # noqa: E402
from .environment import RamiEnv, env, raw_env  # noqa: E402

__all__ = ["RamiEnv", "env", "raw_env", "Decision", "tokens", "token_text", "VOCABULARY"]
