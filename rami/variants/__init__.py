"""The registry of variants: ``find_variant("gin")`` by name or alias."""

from __future__ import annotations

from ..errors import OptionError
from .base import Option, Variant
from .basic import BasicRummy
from .gin import GinRummy
from .indian import IndianRummy
from .push import Push
from .rum500 import Rum500
from .tiles import TileRami
from ..i18n import _

VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    for key in (variant.name, *variant.aliases):
        VARIANTS[key.lower()] = variant
    return variant


for _v in (BasicRummy(), GinRummy(), IndianRummy(), Rum500(), Push(), TileRami()):
    register(_v)


def find_variant(name: str) -> Variant:
    v = VARIANTS.get(name.strip().lower())
    if v is None:
        raise OptionError(_("rami has no variant '{name}'. Choose one of: {items}",
                            name=name, items=', '.join(sorted(variant_names()))))
    return v


def variant_names() -> list[str]:
    return list(dict.fromkeys(v.name for v in VARIANTS.values()))


__all__ = ["find_variant", "variant_names", "register", "Variant", "Option", "VARIANTS"]
