"""Games from other packages: the modules they name in the entry-point group
``rami.variants``, imported after rami's own games (:mod:`rami.registry`). Not in the browser,
which plays rami's own games: scripts/browser_modules.py leaves this module out of the page's
package.
"""

from __future__ import annotations

import warnings


def load(group: str) -> None:
    """Import the modules named in the entry points of ``group``, in the order of their
    names. A plug-in that fails to load is said in a warning, and rami goes on without it."""
    try:
        from importlib.metadata import entry_points
        found = sorted(entry_points(group=group), key=lambda ep: ep.name)
    except Exception:                      # (no metadata to read: no plug-ins)
        return
    for ep in found:
        try:
            ep.load()
        except Exception as e:
            warnings.warn(f"rami: the game plug-in {ep.name!r} could not be loaded "
                          f"({type(e).__name__}: {e})", stacklevel=3)
