"""docs/rules.md: the rules rami plays, with the blocks the code decides written from it.

The rule book's text is docs/rules.md's own (edited there); between the markers
``<!-- rami: house rules of GAME -->`` and ``<!-- rami: end -->`` each game's house rules (the
engine's ``OPTIONS``: name, default, values, what each does) and, between
``<!-- rami: readings of GAME -->`` and ``<!-- rami: end -->``, the readings taken where the
sources are silent (each variant module's own words), are written by this script, so they
cannot drift from what rami plays (tests/test_site.py checks that they are current).

    python scripts/rules_doc.py          # rewrite the blocks of docs/rules.md
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DOC = ROOT / "docs" / "rules.md"
GAMES = ("basic", "gin", "indian", "rum500", "push", "tiles")
BLOCK = re.compile(r"(<!-- rami: (house rules|readings) of (\w+) -->\n)(.*?)(<!-- rami: end -->)",
                   re.S)


def _value(x) -> str:
    if isinstance(x, bool):
        return "on" if x else "off"
    return str(x)


def house_rules(game: str) -> str:
    from rami.variants import find_variant
    v = find_variant(game)
    rows = ["| house rule | default | values | what it does |", "|---|---|---|---|"]
    for o in v.OPTIONS:
        if isinstance(o.default, bool):
            values = "on, off"
        elif o.choices:
            values = ", ".join(_value(c) for c in o.choices)
        else:
            values = f"{o.lo} to {o.hi}"
        rows.append(f"| `{o.name}` | {_value(o.default)} | {values} | {o.help} |")
    return f"Players: {v.min_players} to {v.max_players}.\n\n" + "\n".join(rows) + "\n"


def readings(game: str) -> str:
    import importlib
    from rami.variants import find_variant
    doc = importlib.import_module(type(find_variant(game)).__module__).__doc__ or ""
    at = doc.find("Readings where")
    if at < 0:
        return "(none: the rule book above says it all)\n"
    text = doc[at:].split("\n\n")
    out = [text[0]]
    for part in text[1:]:                       # the readings' list, and nothing after it
        if not part.lstrip().startswith("*"):
            break
        out.append(part)
    body = "\n\n".join(out).strip()
    body = re.sub(r"``([^`]+)``", r"`\1`", body)
    return body + "\n"


def written(text: str) -> str:
    def block(m):
        kind, game = m.group(2), m.group(3)
        made = house_rules(game) if kind == "house rules" else readings(game)
        return m.group(1) + made + m.group(5)
    return BLOCK.sub(block, text)


def main() -> int:
    text = DOC.read_text()
    new = written(text)
    if new != text:
        DOC.write_text(new)
        print(f"{DOC.relative_to(ROOT)}: written")
    else:
        print(f"{DOC.relative_to(ROOT)}: current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
