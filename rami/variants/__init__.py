"""rami's six games, registered (:mod:`rami.registry`): ``find_variant("gin")`` by name or
alias."""

from __future__ import annotations

from ..registry import VARIANTS, find_variant, register, variant_names
from .base import Option, Variant
from .basic import BasicRummy
from .gin import GinRummy
from .indian import IndianRummy
from .push import Push
from .rum500 import Rum500
from .tiles import TileRami

for _v in (BasicRummy(), GinRummy(), IndianRummy(), Rum500(), Push(), TileRami()):
    register(_v)


__all__ = ["find_variant", "variant_names", "register", "Variant", "Option", "VARIANTS"]
