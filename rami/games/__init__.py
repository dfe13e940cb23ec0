"""rami's six games, one folder each, registered here (:mod:`rami.registry`).

A game's folder holds all of it, and nothing outside the folder names it:

* ``__init__.py``: its rules, as a :class:`~rami.variants.base.Variant`: the deal, the
  moves and their scoring, what each seat sees, its deal strings and saves, its words (the
  pieces' and moves' names, explanations, refusals, the terminal's prompts), its house
  rules with their titles, its How to play text, its tutorial page, the pieces a tutorial
  board sets aside, and the numbers its research observations add (``public_numbers``);
* ``table.py``: its table in the browser (a :class:`~rami.web.tables.base.Table`: the piles,
  the melds, the hand and the buttons it draws differently from the shared table);
* ``terminal.py``: its board in the terminal (a :class:`~rami.cli.Board`: what its header,
  its seats, its piles and its advice line say beyond the shared board's; not in the page);
* ``bots.py``: its players at each level (the Good player's judgement, the Beginner's
  simplifications, the Expert's lookahead and its hint's reasons) over the shared ones in
  :mod:`rami.bots`; Gin adds its Expert (``expert.py``) and the learned opponent model it
  reads (``model.py``, ``weights.py``).

The rules name the other parts in ``Variant.parts``, which :func:`rami.registry.part`
imports when first asked for: the engine, the terminal and the research environments import
neither the tables nor the bots until they need them. A seventh game is a seventh folder
and a line below (or, from another package, an entry point: :mod:`rami.registry`).
"""

from __future__ import annotations

from ..registry import register
from .basic import BasicRummy
from .gin import GinRummy
from .indian import IndianRummy
from .push import Push
from .rum500 import Rum500
from .tiles import TileRami

GAMES = tuple(register(v) for v in (BasicRummy(), GinRummy(), IndianRummy(), Rum500(), Push(),
                                     TileRami()))

__all__ = ["GAMES"]
