"""The hands of earlier matches at this device, kept so that Statistics can offer them for
review after the match is over or left: the match's file (:mod:`rami.record`), the person's
seat, the other seats' players and each hand's headline (as words kept, said in the page's
language of the moment), the last few matches, in ``localStorage``. No ``js`` here.

>>> clean({"matches": [{"file": "x"}, "junk"]})
[]
"""

from __future__ import annotations

from ..errors import RamiError
from ..i18n import check_spec
from ..registry import find_variant

KEEP = 5                 # matches kept
MOST_CHARS = 150_000     # a longer match file is not kept (a long Basic Rummy match to 500)
MOST_HANDS = 400


def entry(session, when: str) -> dict | None:
    """What is kept of ``session``'s match (a table at this device with a finished hand of
    the person's), or None."""
    s = session
    if getattr(s, "outbox", None) is not None or s.practice_of is not None \
            or not s.game.results or s.human not in s.humans:
        return None
    text = s.match_file()
    if len(text) > MOST_CHARS:
        return None
    heads = [r["said"]["headline"] if isinstance(r.get("said"), dict)
             else str(r.get("headline", "")) for r in s.game.results]
    return {"file": text, "variant": s.game.variant.name, "seed": s.match_seed,
            "seat": s.human, "name": s.game.names[s.human], "when": when, "heads": heads,
            "levels": {str(k): v for k, v in s.levels.items()}}


def keep(kept: list, e: dict | None) -> list:
    """``kept`` with ``e`` the latest (the same match kept once, at its latest)."""
    if e is None:
        return kept
    return [k for k in kept if (k["variant"], k["seed"]) != (e["variant"], e["seed"])
            ][-(KEEP - 1):] + [e]


def find(kept: list, seed: str) -> dict | None:
    """The kept match with ``seed``, if it is kept."""
    return next((e for e in kept if e["seed"] == seed), None)


def levels(e: dict) -> dict:
    """A kept match's other seats' players, by seat (as a session takes them)."""
    return {int(k): v for k, v in e["levels"].items()}


def _sound(e) -> bool:
    if not isinstance(e, dict) or not all(isinstance(e.get(k), str) for k in
                                          ("file", "variant", "seed", "name", "when")):
        return False
    heads, levels = e.get("heads"), e.get("levels")
    if len(e["file"]) > MOST_CHARS or len(e["seed"]) > 100 or len(e["name"]) > 100 \
            or len(e["when"]) > 40 or type(e.get("seat")) is not int \
            or not 0 <= e["seat"] < 10 or not isinstance(heads, list) \
            or not 0 < len(heads) <= MOST_HANDS or not isinstance(levels, dict) \
            or len(levels) > 10 or not all(
                isinstance(k, str) and k.isdigit() and len(k) < 3 and isinstance(v, str)
                and len(v) < 20 for k, v in levels.items()):
        return False
    try:
        find_variant(e["variant"])
        for h in heads:
            check_spec(h)
    except (RamiError, ValueError):
        return False
    return True


def clean(raw) -> list:
    """What the browser kept (``{"matches": [...]}``), each match checked (a damaged one is
    dropped)."""
    raw = raw.get("matches") if isinstance(raw, dict) else None
    if not isinstance(raw, list):
        return []
    return [e for e in raw[-KEEP:] if _sound(e)]
