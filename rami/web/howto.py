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
from ..i18n import N_, _, n_, pieces
from ..variants import find_variant
from .lobby import CHOICE_TITLES, OPTION_TITLES
from .parts import close_x, esc, face

# (heading, paragraphs) per variant; a paragraph starting "- " is a list item
RULES: dict[str, list[tuple[str, list[str]]]] = {
    "basic": [
        (N_("The aim"), [
            N_("Be the first to get rid of every card, by laying them on the table in melds. "
            "The others then pay you what is left in their hands."),
        ]),
        (N_("Melds"), [
            N_("- A set: three or four cards of one rank. {7s 7h 7d}"),
            N_("- A run: three or more cards of one suit in order. {4c 5c 6c 7c}"),
            N_("Aces are low ({Ah 2h 3h}) or high ({Qh Kh Ah}), not both at once."),
        ]),
        (N_("Dealing"), [
            N_("Two players get 10 cards each, three or four get 7, five or six get [cards_5_6]. One "
            "card is turned up to start the discard pile; the rest is the stock."),
        ]),
        (N_("A turn"), [
            N_("- Draw the top card of the stock, or the top card of the discard pile."),
            N_("- If you like, lay down melds, and lay off cards on any melds on the table "
            "(yours or anyone's): {8c} on {4c 5c 6c 7c}."),
            N_("- Discard one card. A card taken from the discard pile cannot be thrown back in "
            "the same turn."),
        ]),
        (N_("Going out"), [
            N_("You go out when your last card is gone: melded, laid off or discarded. Melding "
            "your whole hand in one turn, having laid nothing down before, is a rummy and "
            "scores double."),
            N_("When the stock runs out, the next player may take the discard or turn the "
            "discard pile over as a new stock."),
        ]),
        (N_("Scoring"), [
            N_("The winner scores the cards left in the other hands: kings, queens, jacks and "
            "tens 10, other cards their number, aces [ace_value]. The match goes to [target] "
            "points."),
        ]),
    ],
    "gin": [
        (N_("The aim"), [
            N_("Two players. Arrange your ten cards into melds so that little is left over "
            "(your deadwood), then knock before your opponent does."),
        ]),
        (N_("Melds"), [
            N_("- A set: three or four cards of one rank. {Ks Kh Kc}"),
            N_("- A run: three or more cards of one suit in order, aces low only. "
            "{Ad 2d 3d} is a run; {Qd Kd Ad} is not."),
            N_("Deadwood is every card outside your melds: face cards count 10, aces 1, the "
            "others their number."),
        ]),
        (N_("The first turn"), [
            N_("One card is turned up. The non-dealer may take it or pass; then the dealer may "
            "take it or pass. If both pass, the non-dealer draws from the stock."),
        ]),
        (N_("A turn"), [
            N_("- Draw from the stock, or take the top discard."),
            N_("- Discard one card (never the card you just took from the pile)."),
        ]),
        (N_("Knocking"), [
            N_("When the cards you keep have [knock_limit] or less in deadwood, you may knock: you "
            "discard face down and lay out your melds and deadwood. Your opponent lays out his, "
            "and lays off his deadwood on your melds where it fits: {8h} on {5h 6h 7h}."),
            N_("- You score the difference between the two deadwoods."),
            N_("- Undercut: if his deadwood is as low as yours or lower, he scores [undercut_bonus] "
            "plus the difference instead."),
            N_("- Gin: no deadwood at all. [gin_bonus] bonus, no lay-offs, never undercut. Big gin: "
            "all eleven cards melded after your draw, [big_gin_bonus] bonus."),
            N_("When only two cards are left in the stock and nobody has knocked, the hand is "
            "a draw."),
        ]),
        (N_("The match"), [
            N_("To [target] points. The winner gets 100 more, and each player 25 for every hand he "
            "won; a winner who won every hand doubles his hand points."),
        ]),
    ],
    "indian": [
        (N_("The aim"), [
            N_("Thirteen cards each. Be the first to arrange all thirteen into sequences and "
            "sets, then declare. Everyone else scores penalty points: lower is better."),
        ]),
        (N_("The joker"), [
            N_("One card is turned face up as the cut joker: every card of its rank, in any "
            "suit, is wild. Printed jokers are wild too. If a printed joker is cut, aces are "
            "wild."),
        ]),
        (N_("Melds"), [
            N_("- A pure sequence: three or more cards of one suit in order, no joker standing "
            "in. {5h 6h 7h}"),
            N_("- An impure sequence: the same with jokers. {9s Jk Js}"),
            N_("- A set: three or four cards of one rank in different suits, jokers may fill. "
            "{Qd Qc Qh}"),
            N_("Aces are low ({Ac 2c 3c}) or high ({Qc Kc Ac}), never in between."),
        ]),
        (N_("A turn"), [
            N_("Pick the top card of the closed deck or the open deck (the discards), then "
            "discard one. A discarded joker cannot be picked up."),
        ]),
        (N_("Declaring"), [
            N_("With fourteen cards, put one in the finish slot and group the other thirteen. "
            "The declaration is valid when every card is in a meld, with at least two "
            "sequences, one of them pure. A valid declarer scores 0."),
            N_("- The others score their ungrouped cards (aces and faces 10, jokers 0), at "
            "most 80. Without a pure sequence every card counts; with a pure sequence but "
            "no second sequence, all but the pure sequence count."),
            N_("- A wrong declaration costs the declarer 80, and the others play on."),
        ]),
        (N_("Dropping"), [
            N_("Before your first pick you may drop out of the deal for 20 points; later, for "
            "40."),
        ]),
        (N_("Formats"), [
            N_("Points rummy is one deal. Pool rummy (101 or 201) goes on deal after deal: "
            "whoever reaches the pool's number is out, the last one left wins."),
        ]),
    ],
    "rum500": [
        (N_("The aim"), [
            N_("Score points by laying melds on the table; the first to [target] wins. Every card "
            "you lay scores for you, every card left in your hand counts against you."),
        ]),
        (N_("Melds"), [
            N_("- A set: three or four of one rank. {9s 9h 9d}"),
            N_("- A run: three or more of one suit in order; aces low or high. {Jc Qc Kc Ac}"),
        ]),
        (N_("The discard pile"), [
            N_("The discards are spread out, every card visible. Instead of drawing from the "
            "stock you may take any card of the pile together with every card above it, but "
            "the deepest card you take must go into a new meld at once."),
        ]),
        (N_("A turn"), [
            N_("- Draw from the stock, or dig into the discard pile."),
            N_("- Lay down melds and lay off on any meld on the table; the cards you lay off "
            "score for you."),
            N_("- Discard one card."),
            N_("Your first melds in a hand must be worth at least [min_first_meld] points together."),
        ]),
        (N_("Scoring"), [
            N_("When someone runs out of cards (or the stock is empty and nobody takes from "
            "the pile), each player scores the cards he laid down less the cards left in his "
            "hand: aces 15, tens and faces 10, the other cards 5."),
        ]),
    ],
    "push": [
        (N_("The aim"), [
            N_("Four players in two partnerships, partners opposite. Five deals, each with its "
            "contract; the side with the lower penalty total after five deals wins."),
        ]),
        (N_("Wild cards"), [
            N_("Twos and jokers are wild: {2c} and {Jk} stand for any card."),
        ]),
        (N_("Contracts"), [
            N_("Your first melds of a deal must be the deal's contract, laid all in one turn:"),
            N_("- Deal 1 (6 cards): two sets of three. {5s 5h 5d} {Kc Kd Kh}"),
            N_("- Deal 2 (7 cards): a set of three and a run of four."),
            N_("- Deal 3 (8 cards): two runs of four. {3d 4d 5d 6d}"),
            N_("- Deal 4 (9 cards): three sets of three."),
            N_("- Deal 5 (10 cards): two runs of five."),
            N_("Your partner's contract does not count for you."),
        ]),
        (N_("A turn: the push"), [
            N_("Either take the top discard, or take the top stock card, lay it face down on "
            "the top discard and push both to the player on your left, who must take them "
            "into hand; then draw the next stock card yourself."),
            N_("After your contract you may meld and lay off on any meld, and rescue a wild: "
            "swap in the real card it stands for and use the wild again that turn. Then "
            "discard one card."),
        ]),
        (N_("Scoring"), [
            N_("The side of the player who goes out scores nothing; the other side scores its "
            "cards in hand: threes to nines 5, tens to kings 10, aces 15, twos and jokers 20."),
        ]),
    ],
    "tiles": [
        (N_("The aim"), [
            N_("Romanian Rami with tiles in four colours, numbered 1 to 13, twice each, and two "
            "Jolys. Lay your tiles in combinations and be first to go out with one tile to "
            "discard."),
        ]),
        (N_("Combinations"), [
            N_("- A run: three or more of one colour in order; a 1 may start a run or follow "
            "the 13, never sit in the middle. {r11 r12 r13 r1}"),
            N_("- A set: three or four of one number, every colour different. {k7 b7 y7}"),
            N_("A Joly stands for any tile: {joly}. Every combination holds at least twice as "
            "many real tiles as Jolys."),
        ]),
        (N_("Dealing"), [
            N_("Fifteen tiles to the player right of the dealer, fourteen to the others; one "
            "tile is turned up apart (the exposed tile). That first player opens by "
            "discarding a tile."),
        ]),
        (N_("A turn"), [
            N_("Draw from the wall, lay down and add to combinations, discard. Discards stay in "
            "a row, all visible."),
            N_("- Your first meld, from your own rack only, must be worth [min_first_meld] points and "
            "hold a run. Until then you draw from the wall."),
            N_("- After it you may take the last discard, or any tile of the row that makes a "
            "combination with two of yours (with every tile discarded after it), and you may "
            "win a Joly by putting in the tile it stands for."),
        ]),
        (N_("Scoring"), [
            N_("Going out scores 100 plus what you melded. The others score what they melded "
            "less what is left on their racks; a player who melded nothing scores -200. A "
            "Joly melded is worth 50 to the player who laid it, and -25 to one caught with it."),
        ]),
    ],
}

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
            _(CHOICE_TITLES[value]) if value in CHOICE_TITLES else str(value)
        name = _(OPTION_TITLES[o.name]) if o.name in OPTION_TITLES else o.name.replace("_", " ")
        out.append((name, _(o.help), shown, value != o.default))
    return out


def rules_body(variant: str, options: dict | None = None, at_table: bool = False) -> str:
    """The rules of ``variant`` and its house rules (this match's, when ``at_table``)."""
    var = find_variant(variant)
    values = {o.name: (options or {}).get(o.name, o.default) for o in var.OPTIONS}
    sections = "".join(_section(h, ps, values)
                       for h, ps in RULES.get(var.name, var.how_to_play))
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
