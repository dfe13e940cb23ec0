"""The games rami knows, by name or alias.

Each variant is registered here once (:mod:`rami.games` registers the six rami plays, each
from its own folder; a plug-in or a test registers its own the same way). A game names its
other parts (its table, its players, its board in the terminal) in ``Variant.parts``;
:func:`part` imports one when it is first asked for. A package that adds games names the
module that registers them in the entry-point group ``rami.variants`` (in its
``pyproject.toml``: ``[project.entry-points."rami.variants"]`` ``short = "mypackage.short"``);
rami imports those modules, in the order of their names, after its own games, so
``python -m rami play short``, the research environments and the bots find the game as they
find rami's. This module imports no game: the state machine finds a variant by its name
without importing the variants, which import the state machine (so rami's modules import
one another without a cycle). The first time a name is looked up, rami's own games are
loaded if nothing has loaded them yet.
"""

from __future__ import annotations

import importlib
import sys

from .errors import OptionError
from .i18n import _

VARIANTS: dict[str, "Variant"] = {}     # (name or alias, lower case) -> the variant
_DEFAULTS = "rami.games"                # the package that registers rami's own games
PLUGINS = "rami.variants"               # the entry-point group of other packages' games
_loaded = False


def register(variant: "Variant") -> "Variant":
    """``variant`` found by its name and each of its aliases from now on."""
    for key in (variant.name, *variant.aliases):
        VARIANTS[key.lower()] = variant
    return variant


def unregister(variant: "Variant") -> None:
    """``variant`` no longer found (a test's game, once its tests are done)."""
    for key in [k for k, v in VARIANTS.items() if v is variant]:
        del VARIANTS[key]


def lookup(name) -> "Variant | None":
    """The variant called ``name`` (anything from outside: None if it is no variant's)."""
    _load()
    return VARIANTS.get(name.strip().lower()) if isinstance(name, str) else None


def find_variant(name: str) -> "Variant":
    """The variant called ``name``, or an OptionError that lists them."""
    v = lookup(name)
    if v is None:
        raise OptionError(_("rami has no variant '{name}'. Choose one of: {items}",
                            name=name, items=', '.join(sorted(variant_names()))))
    return v


def variant_names() -> list[str]:
    """Every registered variant's name, in the order they were registered."""
    _load()
    return list(dict.fromkeys(v.name for v in VARIANTS.values()))


def part(variant: "Variant", name: str):
    """The class ``variant`` names for one of its parts (``Variant.parts``: its table, its
    players by level), imported now; None if it names none."""
    ref = variant.parts.get(name)
    if ref is None:
        return None
    module, _sep, attr = ref.partition(":")
    home = sys.modules[type(variant).__module__].__package__ or None
    return getattr(importlib.import_module(module, home if module.startswith(".") else None),
                   attr)


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        importlib.import_module(_DEFAULTS)
        _load_plugins()


def _load_plugins() -> None:
    """The games other packages add (:mod:`rami.plugins`; not in the browser: the page plays
    rami's own games, and does not search its packages at start)."""
    if sys.platform != "emscripten":
        importlib.import_module("rami.plugins").load(PLUGINS)
