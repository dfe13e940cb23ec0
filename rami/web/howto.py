"""How to play, inside the game: each variant's rules in plain words, written from the rule
book (``docs/rules.md``), with small card pictures, and the house rules of the match at hand
marked where they differ from the book (pure Python; the page shows it as a dialog from the
lobby and from the table).

In the texts, ``{7h 8h 9h}`` draws those cards (tiles: ``{r7 r8 r9 joly}``) and
``[knock_limit]`` is the match's value of that house rule.

>>> "Gin Rummy" in howto_html("gin")
True
"""

from __future__ import annotations

import re

from ..cards import parse_cards
from ..i18n import _, n_, pieces
from ..variants import find_variant
from .lobby import choice_title, option_title
from .parts import close_x, esc, face


_CARDS = re.compile(r"\{([^}]*)\}")
_VALUE = re.compile(r"\[(\w+)\]")


def _para(text: str, values: dict | None = None) -> str:
    """A paragraph's HTML: words escaped, ``{…}`` as small card pictures, ``[rule]`` as the
    match's value of that house rule."""
    values = values or {}
    text = _VALUE.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)
    out, last = [], 0
    for m in _CARDS.finditer(text):
        out.append(esc(text[last:m.start()]))
        cards = "".join(face(c, "mini") for c in parse_cards(m.group(1)))
        named = ", ".join(c.name() for c in parse_cards(m.group(1)))
        out.append(f'<span class="rule-cards" role="img" aria-label="{esc(named)}">'
                   f'{cards}</span>')
        last = m.end()
    out.append(esc(text[last:]))
    return "".join(out)


def _section(heading: str, paras: list[str], values: dict) -> str:
    body, items = [], []
    for p in [_(x) for x in paras] + [""]:
        if p.startswith("- "):
            items.append(f"<li>{_para(p[2:], values)}</li>")
            continue
        if items:
            body.append(f"<ul>{''.join(items)}</ul>")
            items = []
        if p:
            body.append(f"<p>{_para(p, values)}</p>")
    return f"<section><h3>{esc(_(heading))}</h3>{''.join(body)}</section>"


def house_rules(variant: str, options: dict | None = None) -> list[tuple[str, str, str, bool]]:
    """Every house rule of the variant: (name, help, value shown, differs from the book)."""
    var = find_variant(variant)
    options = options or {}
    out = []
    for o in var.OPTIONS:
        value = options.get(o.name, o.default)
        shown = (_("on") if value else _("off")) if isinstance(o.default, bool) else \
            choice_title(o, value)
        out.append((option_title(o), _(o.help), shown, value != o.default))
    return out


def rules_body(variant: str, options: dict | None = None, at_table: bool = False) -> str:
    """The rules of ``variant`` and its house rules (this match's, when ``at_table``)."""
    var = find_variant(variant)
    values = {o.name: (options or {}).get(o.name, o.default) for o in var.OPTIONS}
    sections = "".join(_section(h, ps, values) for h, ps in var.how_to_play)
    rows = house_rules(var.name, options)
    changed = [r for r in rows if r[3]]
    lead = (_("This table plays the rule book's defaults.") if not changed else
            n_("This table changes {n} rule of the book, marked below.",
               "This table changes {n} rules of the book, marked below.", len(changed))
            ) if at_table else _("The lobby's House rules panel changes these before a match.")
    house = _("(house rule)")
    items = "".join(
        f'<li class="{"changed" if ch else ""}"><b>{esc(name)}</b>: {esc(shown)}'
        f'{f" <em>{esc(house)}</em>" if ch else ""}<small>{esc(help_)}</small></li>'
        for name, help_, shown, ch in rows)
    return (f'{sections}<section class="rule-house"><h3>{_("House rules")}</h3>'
            f'<p>{esc(lead)}</p><ul class="house-list">{items}</ul></section>')


RULE_BOOK = "learn/rules.txt"      # docs/rules.md, as the site serves it (scripts/dist.py)


def howto_html(variant: str, options: dict | None = None, at_table: bool = False) -> str:
    """The How to play dialog."""
    var = find_variant(variant)
    with pieces(var.uses_tiles):
        body = rules_body(var.name, options, at_table)
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="howto-title">
  <div class="summary howto" id="howto">{close_x()}<h2 id="howto-title">{
  _("How to play {game}", game=esc(var.title))}</h2>
  <div class="howto-body">{body}<p class="rule-book"><a href="{RULE_BOOK}" target="_blank"
  rel="noopener">{_("The whole rule book, in English: every game, every house rule and each "
                    "decision rami takes where the rules are silent")}</a></p></div>
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">{_("Close")}
  </button></div></div></div>"""
