"""What every game is made of: :class:`~rami.variants.base.Variant` (the shared turn and
scoring), with what each seat sees (:mod:`~rami.variants.seen`), its door
(:mod:`~rami.variants.door`) and its words (:mod:`~rami.variants.words`); and the games'
register, ``find_variant("gin")`` by name or alias (:mod:`rami.registry`; rami's own games
are in :mod:`rami.games`, a folder each)."""

from __future__ import annotations

from ..registry import VARIANTS, find_variant, register, variant_names
from .base import Option, Variant

__all__ = ["find_variant", "variant_names", "register", "Variant", "Option", "VARIANTS"]
