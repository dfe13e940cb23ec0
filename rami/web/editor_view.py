"""The board editor's view: each part of the editor's page drawn as HTML from the editor
(:class:`rami.web.editor.Editor`), a function of it and of nothing else; the page
(:mod:`rami.web.editor_app`) puts each part in place by its id. No ``js`` here.
"""

from __future__ import annotations

from ..cards import Card
from ..i18n import LANGUAGES, N_, _, n_, pieces
from ..variants import find_variant, variant_names
from ..words import words_for
from .editor_model import KIND_WORDS, KINDS, Draft, aside_of, token_card
from .lobby import _option_input, game
from .parts import card_label, esc, pretty_text
from .svg import card_svg


def frame_html(ed) -> str:
    """The page's parts, empty, with their headings (drawn once)."""
    with pieces(ed.tiles):
        heads = (("ed-game", _("1. The game")), ("ed-position", _("2. The position")),
                 ("ed-moves", _("3. Position, replay or puzzle")),
                 ("ed-look", _("4. How it looks")))
    sections = "".join(
        f'<section class="ed-part" aria-labelledby="{k}-h"><h2 id="{k}-h">{esc(h)}</h2>'
        + ('<div id="ed-status" class="ed-status" role="status" aria-live="polite"></div>'
           if k == "ed-position" else "")
        + f'<div id="{k}"></div>'
        + ('<div id="ed-record-wrap" class="ed-record"><rami-board id="ed-recorder" '
           'mode="record" reveal="all" card-size="small"></rami-board></div>'
           if k == "ed-moves" else "")
        + '</section>' for k, h in heads)
    return (f'<h1>{esc(_("Board editor"))}</h1><p class="lede">'
            f'{esc(_("Build a position by clicking cards, record moves or a puzzle, and take the two lines of HTML for your page. Nothing you make leaves this page."))}'
            f'</p><div class="ed-layout"><div class="ed-main">{sections}</div>'
            f'<div class="ed-side"><section class="ed-part" aria-labelledby="ed-preview-h">'
            f'<h2 id="ed-preview-h">{esc(_("Preview"))}</h2><div id="ed-frame" '
            f'class="ed-frame"><rami-board id="ed-preview"></rami-board></div></section>'
            f'<section class="ed-part" aria-labelledby="ed-out-h"><h2 id="ed-out-h">'
            f'{esc(_("5. Your board"))}</h2><div id="ed-out"></div></section></div></div>'
            f'<div id="ed-said" class="sr-only" aria-live="polite"></div>')


def out_html(ed, base: str) -> str:
    """The board written out: its HTML, a link into the game, its deal string."""
    with pieces(ed.tiles):
        if ed.problem:
            return (f'<p class="ed-hint">'
                    f'{esc(_("The board is written here once the position is sound."))}</p>')
        html = ed.board_html(base + "static/embed.js")
        link = ed.game_link(base)

        def field(key, label, text, rows=0):
            box = (f'<textarea id="ed-out-{key}" readonly rows="{rows}" spellcheck="false">'
                   f'{esc(text)}</textarea>' if rows else
                   f'<input id="ed-out-{key}" readonly value="{esc(text)}" spellcheck="false">')
            return (f'<div class="ed-out-item"><label for="ed-out-{key}">{esc(label)}'
                    f'</label>{box}<button type="button" class="btn small" '
                    f'data-act="copy:{key}">{esc(_("Copy"))}</button></div>')
        return (field("html", _("The HTML for your page"), html, 6)
                + field("link", _("A link that opens this position in the game"), link)
                + f'<p class="ed-hint"><a href="{esc(link)}" target="_blank" rel="noopener">'
                f'{esc(_("Play it in the game"))}</a></p>'
                + field("deal", _("The deal string"), ed.deal(), 3))


def html(ed) -> dict[str, str]:
    """The editor's parts, each drawn (the page replaces each by its id)."""
    with pieces(ed.tiles):
        w = words_for(ed.draft.var)
        return {k: w.html(x) for k, x in (
            ("ed-game", game_html(ed)), ("ed-position", position_html(ed)),
            ("ed-moves", moves_html(ed)), ("ed-look", look_html(ed)),
            ("ed-status", status_html(ed)))}


def status_html(ed) -> str:
    notice = (f'<p class="ed-notice">{pretty_text(ed.notice)}</p>'
              if ed.notice else "")
    if ed.problem:
        return (f'{notice}<p class="ed-bad"><b>{esc(_("Not a position rami can play:"))}'
                f'</b> {pretty_text(ed.problem)}</p>')
    g = ed.start
    who = g.names[g.turn]
    return (f'{notice}<p class="ed-good"><b>{esc(_("A sound position."))}</b> '
            f'{esc(_("{who} to play ({phase}).", who=who, phase=_phase_words(g.phase.value)))}'
            f'</p>')


def game_html(ed) -> str:
    d = ed.draft
    v = d.var
    games = "".join(
        f'<option value="{esc(name)}"{" selected" if name == d.variant else ""}>'
        f'{esc(_(find_variant(name).title))}</option>' for name in variant_names())
    players = "".join(
        f'<option value="{k}"{" selected" if k == d.n else ""}>'
        f'{n_("{n} player", "{n} players", k)}</option>'
        for k in range(v.min_players, v.max_players + 1))
    opts = "".join(_option_input(o, d.options.get(o.name, o.default))
                   for o in game(d.variant).options)
    hands = ""
    if ed.match is not None:
        count = ed.hands_in_match()
        choice = "".join(f'<option value="{k}"{" selected" if k == ed.match_hand else ""}>'
                         f'{k + 1}</option>' for k in range(count))
        hands = (f'<label class="ed-inline">{esc(_("Hand of the match"))} '
                 f'<select data-field="matchhand">{choice}</select></label>')
        seat = ed.review_seat()
        if seat is not None:
            hands += (f'<button type="button" class="btn" data-act="review" id="ed-review">'
                      f'{esc(_("Review the decisions of {name}", name=ed.match.names[seat]))}'
                      f'</button>')
    return (f'<div class="ed-row"><label>{esc(_("Game"))} <select data-field="variant">'
            f'{games}</select></label><label>{esc(_("Players"))} '
            f'<select data-field="players">{players}</select></label></div>'
            f'<details class="house"><summary>{esc(_("House rules"))}</summary>'
            f'<div class="opts">{opts}</div></details>'
            f'<div class="ed-row ed-buttons">'
            f'<button type="button" class="btn" data-act="random">{esc(_("A new random deal"))}'
            f'</button><button type="button" class="btn" data-act="clear">'
            f'{esc(_("Clear the table"))}</button><button type="button" class="btn" '
            f'data-act="fill">{esc(_("Fill each hand at random"))}</button></div>'
            f'<details class="ed-open"><summary>{esc(_("Open a board, a link, a deal string or a match file"))}'
            f'</summary><label class="ed-block">{esc(_("Paste it here:"))}'
            f'<textarea data-field="opentext" rows="3" spellcheck="false"></textarea>'
            f'</label><div class="ed-row"><button type="button" class="btn" '
            f'data-act="open">{esc(_("Open"))}</button><label class="ed-file">'
            f'{esc(_("or a match file:"))} <input type="file" data-field="openfile" '
            f'accept=".txt,text/plain"></label>{hands}</div></details>')


def position_html(ed) -> str:
    d = ed.draft
    zones = []
    for s in range(d.n):
        name = (f'<input class="ed-name" data-field="name:{s}" maxlength="40" '
                f'value="{esc(d.names[s])}" aria-label="'
                f'{esc(_("Seat {seat}: name", seat=s))}">')
        zones.append(zone_html(ed, f"hand:{s}", _("Seat {seat}", seat=s), name))
    melds = []
    for k, (owner, _t) in enumerate(d.table):
        seats = "".join(f'<option value="{s}"{" selected" if s == owner else ""}>'
                        f'{esc(d.names[s])}</option>' for s in range(d.n))
        extra = (f'<label class="ed-inline">{esc(_("whose"))} <select '
                 f'data-field="owner:{k}">{seats}</select></label>'
                 f'<button type="button" class="btn small ghost" data-act="dropmeld:{k}">'
                 f'{esc(_("Remove this meld"))}</button>')
        melds.append(zone_html(ed, f"meld:{k}", _("Meld {number}", number=k + 1), extra))
    table = (f'<div class="ed-table"><h3>{esc(_("The table"))}</h3>{"".join(melds)}'
             f'<button type="button" class="btn small" data-act="newmeld">'
             f'{esc(_("A new meld on the table"))}</button></div>')
    piles = [zone_html(ed, "discard", _("The discard pile, bottom to top")),
             zone_html(ed, "stock", _("The top of the stock, top first (the rest is "
                                       "shuffled below)"))]
    for key, words in aside_of(d.variant):
        piles.append(zone_html(ed, f"aside:{key}", _(words)))
    return (f'<div class="ed-zones">{"".join(zones)}{table}{"".join(piles)}</div>'
            f'{picker_html(ed)}{settings_html(ed)}')


def zone_html(ed, zone: str, title: str, extra: str = "") -> str:
    d = ed.draft
    on = zone == ed.target
    cards = d.zone(zone)
    pieces_ = "".join(
        f'<button type="button" class="ed-card" draggable="true" '
        f'data-act="unplace:{zone}/{i}" data-drag="{zone}/{i}">'
        f'{card_svg(token_card(c), hidden=True, simple=True)}'
        f'<span class="sr-only">{esc(_("{card}: put it back", card=card_label(token_card(c))))}'
        f'</span></button>' for i, c in enumerate(cards))
    count = n_("{n} card", "{n} cards", len(cards))
    empty = "" if cards else f'<span class="ed-empty">{esc(_("empty"))}</span>'
    return (f'<div class="ed-zone{" on" if on else ""}" data-zone="{esc(zone)}">'
            f'<div class="ed-zone-head"><span class="ed-zone-title">{esc(title)}</span>'
            f'{extra}<span class="ed-count">{esc(count)}</span>'
            f'<button type="button" class="btn small{" primary" if on else ""}" '
            f'data-act="target:{esc(zone)}" aria-pressed="{str(on).lower()}">'
            f'{esc(_("Place here"))}</button></div>'
            f'<div class="ed-cards">{pieces_}{empty}</div></div>')


def picker_html(ed) -> str:
    d = ed.draft
    left = d.left()
    rows: dict[str, list[str]] = {}
    for code in d.deck():                           # (in the deck's order)
        card = Card.parse(code)
        rows.setdefault(card.suit or "*", []).append(code)
    out = []
    hint = esc(_("What is left of the deck: click a card to place it in {where}, or drag "
                 "it to any place. Click a placed card to put it back.", where="\0")
               ).replace("\0", f"<b>{esc(_zone_words(ed.target, d))}</b>")
    for row in rows.values():
        cells = []
        for code in row:
            k = left[code]
            card = Card.parse(code)
            label = _("{card}, {n} left: place it in {where}", card=card_label(card), n=k,
                      where=_zone_words(ed.target, d))
            many = f'<span class="ed-left" aria-hidden="true">{k}</span>' \
                if d.deck()[code] > 1 else ""
            cells.append(
                f'<button type="button" class="ed-pick" data-act="pick:{code}" '
                f'data-drag="{code}" draggable="{"true" if k else "false"}"'
                f'{" disabled" if k <= 0 else ""}>'
                f'{card_svg(card, hidden=True, simple=True)}{many}'
                f'<span class="sr-only">{esc(label)}</span></button>')
        out.append(f'<div class="ed-pick-row">{"".join(cells)}</div>')
    return (f'<div class="ed-picker" role="group" aria-label="{esc(_("What is left of the deck"))}">'
            f'<p class="ed-hint">{hint}</p>'
            f'{"".join(out)}</div>')


def settings_html(ed) -> str:
    d = ed.draft

    def seats(key, value):
        return "".join(f'<option value="{s}"{" selected" if s == value else ""}>'
                       f'{esc(d.names[s])}</option>' for s in range(d.n))
    phases = "".join(f'<option value="{p}"{" selected" if p == d.phase else ""}>'
                     f'{esc(_phase_words(p))}</option>' for p in ed.phases())
    sides = ed.sides()
    scores = (d.scores + [0] * sides)[:sides]
    score_inputs = "".join(
        f'<input type="number" data-field="score:{k}" value="{scores[k]}" '
        f'aria-label="{esc(_("Score of side {number}", number=k + 1))}">'
        for k in range(sides))
    more = "".join(
        f'<label class="ed-inline">{esc(key)} <input data-field="more:{esc(key)}" '
        f'value="{esc(x)}" spellcheck="false"></label>' for key, x in d.more.items())
    title = _("More of this game's position")
    more_html = (f'<details class="ed-more"><summary>{esc(title)}'
                 f'</summary><p class="ed-hint">{esc(_("As a deal string writes them; the board guide lists them."))}'
                 f'</p>{more}</details>') if more else ""
    return (f'<div class="ed-row ed-settings">'
            f'<label>{esc(_("To play"))} <select data-field="turn">{seats("turn", d.turn)}'
            f'</select></label><label>{esc(_("What they do now"))} <select '
            f'data-field="phase">{phases}</select></label><label>{esc(_("Dealer"))} '
            f'<select data-field="dealer">{seats("dealer", d.dealer)}</select></label>'
            f'<label>{esc(_("Hand number"))} <input type="number" min="1" max="10000" '
            f'data-field="hand" value="{d.hand}"></label>'
            f'<span class="ed-scores">{esc(_("Scores so far"))} {score_inputs}</span></div>'
            f'{more_html}')


def moves_html(ed) -> str:
    kinds = "".join(
        f'<button type="button" class="btn small{" primary" if k == ed.kind else ""}" '
        f'data-act="kind:{k}" aria-pressed="{str(k == ed.kind).lower()}">'
        f'{esc(_(KIND_WORDS[k]))}</button>' for k in KINDS)
    told = {"show": _("The reader looks at the position."),
            "replay": _("The reader steps through the moves you record, with your notes."),
            "puzzle": _("The reader plays the moves of the seat to play; the engine "
                        "checks each one against the solution you record.")}[ed.kind]
    out = [f'<div class="ed-row ed-kinds" role="group" aria-label="{esc(_("The board"))}">'
           f'{kinds}</div><p class="ed-hint">{esc(told)}</p>']
    if ed.problem:
        out.append(f'<p class="ed-hint">{esc(_("Mend the position to record moves."))}</p>')
        return "".join(out)
    if ed.kind == "puzzle":
        out.append(f'<label class="ed-block">{esc(_("The question"))} <input '
                   f'data-field="prompt" value="{esc(ed.prompt)}" placeholder="'
                   f'{esc(_("Your move."))}"></label>')
    steps = []
    g = ed.start.copy()
    reader = ed.puzzle_seat()
    for k, step in enumerate(ed.line):
        who = g.names[step.seat]
        g.apply(g.parse_action(step.text))
        answers = "".join(
            f'<li>{esc(_("or"))} <span class="ed-move">{pretty_text(x)}</span> '
            f'<button type="button" class="btn small ghost" data-act="dropanswer:{k}/{j}">'
            f'{esc(_("Remove"))}</button></li>' for j, x in enumerate(step.answers))
        tools = ""
        if ed.kind == "puzzle" and step.seat == reader:
            tools = (f'<button type="button" class="btn small" data-act="answer:{k}">'
                     f'{esc(_("Another right answer"))}</button><button type="button" '
                     f'class="btn small" data-act="mistake:{k}">'
                     f'{esc(_("A tempting mistake"))}</button>')
        steps.append(
            f'<li class="ed-step{" alt" if ed.alt and ed.alt[1] == k else ""}">'
            f'<div class="ed-step-head"><b>{k + 1}.</b> {esc(who)}: '
            f'<span class="ed-move">{pretty_text(step.text)}</span>{tools}'
            f'<button type="button" class="btn small ghost" data-act="cut:{k}">'
            f'{esc(_("Remove from here"))}</button></div>'
            f'{f"<ul class=ed-answers>{answers}</ul>" if answers else ""}'
            f'<textarea class="ed-note" data-field="note:{k}" rows="1" placeholder="'
            f'{esc(_("A note for this move (optional)"))}" aria-label="'
            f'{esc(_("Note for move {number}", number=k + 1))}">{esc(step.note)}</textarea>'
            f'</li>')
    if ed.kind != "show":
        if steps:
            out.append(f'<ol class="ed-steps">{"".join(steps)}</ol>')
        elif ed.kind == "puzzle":
            out.append(f'<p class="ed-hint">{esc(_("No solution recorded yet: without one, the reader may play any legal move, and the engine explains it. Play the solution at the table below, for whoever is to play."))}</p>')
        else:
            out.append(f'<p class="ed-hint">{esc(_("No move recorded yet: play them at the table below, for whoever is to play."))}</p>')
        if ed.alt:
            out.append(f'<p class="ed-alt" role="status">{esc(ed.recorder_prompt(ed.alt_state()))} '
                       f'<button type="button" class="btn small" data-act="stopalt">'
                       f'{esc(_("Cancel"))}</button></p>')
        elif ed.line:
            out.append(f'<button type="button" class="btn small" data-act="undo">'
                       f'{esc(_("Take back the last move"))}</button>')
    if ed.kind == "puzzle":
        mistakes = "".join(
            f'<li><span class="ed-move">{pretty_text(m)}</span> <input class="ed-note" '
            f'data-field="mistakenote:{k}" value="{esc(x)}" placeholder="'
            f'{esc(_("Why it is wrong"))}" aria-label="'
            f'{esc(_("Why {move} is wrong", move=m))}"><button type="button" '
            f'class="btn small ghost" data-act="dropmistake:{k}">{esc(_("Remove"))}'
            f'</button></li>' for k, (m, x) in enumerate(ed.mistakes))
        if mistakes:
            out.append(f'<h3>{esc(_("Tempting mistakes"))}</h3><ul class="ed-mistakes">'
                       f'{mistakes}</ul>')
        out.append(f'<label class="ed-block">{esc(_("Said when it is solved"))} <input '
                   f'data-field="success" value="{esc(ed.success)}" placeholder="'
                   f'{esc(_("Solved."))}"></label>')
    return "".join(out)


def look_html(ed) -> str:
    d = ed.draft
    look = ed.look

    def choice(key, options):
        return "".join(f'<option value="{esc(k)}"{" selected" if look[key] == k else ""}>'
                       f'{esc(x)}</option>' for k, x in options)
    seats = [("", d.names[0])] + [(str(s), d.names[s]) for s in range(1, d.n)]
    reveal = [("", _("None")), ("all", _("All"))] + \
        [(str(s), d.names[s]) for s in range(d.n)]
    themes = [("light", _("Light")), ("dark", _("Dark")),
              ("auto", _("As the reader's system"))]
    sizes = [("", _("Medium")), ("small", _("Small")), ("large", _("Large"))]
    langs = [("", _("The page's language"))] + list(LANGUAGES.items())
    felts = [("", _("Green")), ("#1d4e6b", _("Blue")), ("#3b2a5a", _("Purple")),
             ("#6b1d2a", _("Red")), ("#3a3f44", _("Grey"))]
    if look["felt"] not in dict(felts):         # (an opened board's own colour)
        felts.append((look["felt"], look["felt"]))
    steps = [("", _("The deal")), ("end", _("The end"))] + \
        [(str(k), _("Move {number}", number=k)) for k in range(1, len(ed.line))]
    widths = "".join(
        f'<button type="button" class="btn small{" primary" if k == ed.width else ""}" '
        f'data-act="width:{k}" aria-pressed="{str(k == ed.width).lower()}">{esc(x)}'
        f'</button>' for k, x in (("column", _("A column (680 px)")),
                                 ("phone", _("A phone (360 px)"))))
    return (f'<label class="ed-block">{esc(_("Caption"))} <input data-field="look:caption" '
            f'value="{esc(look["caption"])}"></label>'
            f'<div class="ed-row">'
            + ("" if ed.kind == "puzzle" else
               f'<label>{esc(_("The reader sits at"))} <select data-field="look:seat">'
               f'{choice("seat", seats)}</select></label>')
            + f'<label>{esc(_("Shown face up"))} <select data-field="look:reveal">'
            f'{choice("reveal", reveal)}</select></label>'
            f'<label>{esc(_("Theme"))} <select data-field="look:theme">'
            f'{choice("theme", themes)}</select></label>'
            f'<label>{esc(_("Felt"))} <select data-field="look:felt">'
            f'{choice("felt", felts)}</select></label>'
            + (f'<label>{esc(_("Shown first"))} <select data-field="look:step">'
               f'{choice("step", steps)}</select></label>' if ed.kind == "replay" else "")
            + f'<label>{esc(_("Card size"))} <select data-field="look:card-size">'
            f'{choice("card-size", sizes)}</select></label>'
            f'<label>{esc(_("Language"))} <select data-field="look:lang">'
            f'{choice("lang", langs)}</select></label></div>'
            f'<div class="ed-row" role="group" aria-label="{esc(_("Preview width"))}">'
            f'{widths}</div>')


PHASE_WORDS = {"upcard": N_("the upcard: take it or pass"), "draw": N_("draw a card"),
               "play": N_("play: meld, lay off, discard"), "layoff": N_("lay off on the knock"),
               "show": N_("show after a declaration"), "rum": N_("a call of rum"),
               "exchange": N_("exchange for the exposed tile"),
               "opening": N_("the opening discard")}


def _phase_words(phase: str) -> str:
    return _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase.replace("_", " ")


def _zone_words(zone: str, d: Draft) -> str:
    kind, _x, arg = zone.partition(":")
    if kind == "hand":
        return _("{name}'s hand", name=d.names[int(arg)])
    if kind == "meld":
        return _("meld {number}", number=int(arg) + 1)
    if kind == "discard":
        return _("the discard pile")
    if kind == "stock":
        return _("the top of the stock")
    return _(dict(aside_of(d.variant)).get(arg, "")).lower()
