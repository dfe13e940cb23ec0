"""The lobby, drawn without the engine (pure Python).

A first visit draws the lobby from this module alone, and imports the engine (the rules, the
bots, the tables: most of rami's import time) while the player reads it
(:mod:`rami.web.start`). So what the lobby shows of each game (its title, its players, its
house rules, its blurb) and of the bots comes from a *catalogue*: plain data that the build
writes from the engine into the browser's ``rami.zip`` (``rami/web/catalogue.json``,
:func:`build_catalogue`), and that is built from the engine itself wherever that file is
not (the terminal, the tests: a test checks the two agree). The app draws its lobby with the
same function, so the page the player sees does not change when the app takes it over.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from ..i18n import N_, _, language, n_, pieces
from ..words import CARD_WORDS, TILE_WORDS
from .parts import esc
from .settings import language_menu

CATALOGUE_FILE = "catalogue.json"          # beside this module, in the browser's rami.zip
PERSON = "person"      # a seat's level when a person plays it on this device (pass-and-play)
FRIEND = "friend"      # ... when a friend plays it from their own device (rami.web.friends)
LEVEL_NAMES = {"beginner": N_("Beginner"), "good": N_("Good"), "expert": N_("Expert"),
               "random": N_("Random"), "person": N_("Person")}
# the house rules' names and their words' names, as the lobby shows them (the names typed in
# the terminal, `-o round_the_corner=true`, stay as they are)
DEFAULT_GAME = "gin"         # the game the lobby offers first, and the fallback of a name
BOT_NAMES = ("Ada", "Bruno", "Chloé", "Dmitri", "Esme", "Farid", "Greta")


def bot_name(i: int) -> str:
    return BOT_NAMES[i % len(BOT_NAMES)]


def build_catalogue() -> dict:
    """What the lobby needs of the games and the bots, from the engine."""
    from ..bots import BOT_LEVELS, LEVEL_WORDS
    from ..games import GAMES              # (rami's own: the page loads no other package's)
    from .tables import table_for
    games = []
    for v in GAMES:
        games.append({
            "name": v.name, "title": v.title, "min": v.min_players, "max": v.max_players,
            "tiles": bool(getattr(v, "uses_tiles", False)), "blurb": table_for(v.name).blurb,
            "aliases": list(getattr(v, "aliases", ())),
            "tutorial": [v.tutorial[0], list(v.tutorial[1])] if v.tutorial else None,
            "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                         "help": o.help, "lo": o.lo, "hi": o.hi, "title": o.title,
                         "choice_titles": [list(c) for c in o.choice_titles]}
                        for o in v.OPTIONS]})
    return {"games": games, "levels": list(BOT_LEVELS), "level_words": dict(LEVEL_WORDS)}


_catalogue: dict | None = None


def catalogue() -> dict:
    """The catalogue: the file the build wrote beside this module if there is one, else
    built from the engine."""
    global _catalogue
    if _catalogue is None:
        try:
            raw = __loader__.get_data(__file__.rsplit("/", 1)[0] + "/" + CATALOGUE_FILE)
            _catalogue = json.loads(raw)
        except (OSError, AttributeError, ValueError):
            _catalogue = build_catalogue()
    return _catalogue


def game(name: str) -> SimpleNamespace:
    """One game of the catalogue by its name or an alias, else the default one (Gin Rummy);
    its house rules as objects with the attributes of :class:`~rami.variants.base.Option`."""
    games = catalogue()["games"]
    name = name.strip().lower()
    found = next((g for g in games if name == g["name"] or name in g["aliases"]),
                 next(g for g in games if g["name"] == DEFAULT_GAME))
    return SimpleNamespace(**{**found, "options": [
        SimpleNamespace(**{**o, "choices": tuple(o["choices"])}) for o in found["options"]]})


def tutorial(g: dict, lang: str) -> str:
    """The address of a game's tutorial (learn/), in the player's language if it is written
    in it (``Variant.tutorial``, in the catalogue)."""
    name, written = g["name"], g["tutorial"][1]
    return f"learn/{name}.{lang}.html" if lang in written else f"learn/{name}.html"


def tutorial_links() -> str:
    """A link to each game's tutorial, in the player's language where it is written."""
    return " · ".join(f'<a href="{tutorial(g, language())}">{_(g["tutorial"][0])}</a>'
                      for g in catalogue()["games"] if g["tutorial"])


def default_form(variant: str, name: str = "Player") -> dict:
    """The lobby's choices for a game before the player changes any."""
    g = game(variant)
    n = g.min if g.min > 2 else 2
    return {"variant": g.name, "players": n, "name": name,
            "levels": ["good"] * (g.max - 1),
            "bot_names": [bot_name(i) for i in range(g.max - 1)],
            "options": {o.name: o.default for o in g.options}}


def update_offer() -> str:
    """A new version is ready, between hands (a summary, the lobby): offered."""
    return (f'<div class="update-offer" role="status"><p><b>'
            f'{_("A new version of rami is ready.")}</b> '
            f'{_("Your game is saved and goes on after the update.")}</p>'
            f'<span class="update-go"><button type="button" class="btn small" '
            f'data-act="update-later">{_("Later")}</button><button type="button" '
            f'class="btn primary small" data-act="update" id="update-now">{_("Update now")}'
            f'</button></span></div>')


def lobby_html(form: dict, notice: str = "", can_resume: bool = False,
               update: bool = False, saved: list | None = None, lang: str = "auto") -> str:
    """The start screen: variant, players, each bot's level, house rules, your name; and a
    new version's offer when one is ready (``update``)."""
    cat = catalogue()
    var = game(form["variant"])
    with pieces(var.tiles):
        return _lobby_html(cat, var, form, notice, can_resume, update, saved, lang)


def _lobby_html(cat, var, form, notice, can_resume, update, saved, lang) -> str:
    tabs = "".join(
        f'<button type="button" class="variant-tab{" on" if g["name"] == var.name else ""}" '
        f'data-act="variant:{g["name"]}" aria-pressed="{str(g["name"] == var.name).lower()}">'
        f'<b>{esc(_(g["title"]))}</b><small>{esc(_(g["blurb"]))}</small>'
        f'</button>' for g in cat["games"])
    n = form["players"]
    players = "".join(f'<option value="{k}"{" selected" if k == n else ""}>'
                      f'{n_("{n} player", "{n} players", k)}</option>'
                      for k in range(var.min, var.max + 1))
    seats = "".join(_seat_choice(form, i, cat["levels"]) for i in range(n - 1))
    words = "".join(f"<li><b>{_(LEVEL_NAMES[lv])}</b> {esc(_(cat['level_words'][lv]))}</li>"
                    for lv in cat["levels"])
    opts = "".join(_option_input(o, form["options"].get(o.name, o.default))
                   for o in var.options)
    notice_html = f'<div class="notice" role="alert">{esc(notice)}</div>' if notice else ""
    n_changed = sum(form["options"].get(o.name, o.default) != o.default for o in var.options)
    changed = (n_("{n} changed from the rule book", "{n} changed from the rule book",
                  n_changed) if n_changed else _("the rule book's defaults"))
    resume = (f'<button type="button" class="btn ghost" data-act="resume">'
              f'{_("Back to the game")}</button>') if can_resume else ""
    saved_html = ""
    if saved:
        items = "".join(
            f'<li><span>{esc(words)}</span><button type="button" class="btn small" '
            f'data-act="{act}">{_("Back to it") if act == "resume" else _("Resume")}</button>'
            f'</li>' for act, words in saved)
        saved_html = (f'<section class="saved" aria-label="{_("Saved matches")}"><h2>'
                      f'{_("Saved matches")}</h2><ul>{items}</ul></section>')
    return (TILE_WORDS if var.tiles else CARD_WORDS).html(f"""
<main class="lobby" id="lobby">
  <div class="lobby-card">
    <h1 class="brand">rami<span>{_("the rummy table")}</span></h1>
    {notice_html}{update_offer() if update else ""}{saved_html}
    <div class="variant-tabs" role="group" aria-label="{_("Game")}">{tabs}</div>
    <p class="chosen-blurb">{esc(_(var.blurb))}</p>
    <div class="lobby-grid">
      <label>{_("Your name")} <input data-field="name" maxlength="16"
        value="{esc(form["name"])}" autocomplete="nickname"></label>
      <label>{_("Players")} <select data-field="players">{players}</select></label>
    </div>
    <fieldset class="bots"><legend>{_("Opponents")}</legend>{seats}
      <ul class="level-words">{words}</ul></fieldset>
    <details class="house"{" open" if form.get("rules_open") else ""}>
      <summary>{_("House rules")} <small>{esc(changed)}</small></summary>
      <div class="opts">{opts}</div></details>
    <div class="lobby-foot">
      <nav class="lobby-learn" aria-label="{_("Learn the games")}"><a href="#rules"
        data-act="howto">{_("How to play {game}", game=esc(_(var.title)))}</a> ·
        <a href="#settings" data-act="settings">{_("Settings")}</a>
        · <a href="#stats" data-act="stats">{_("Statistics")}</a>
        · <a href="#code=" data-act="join-by-code">{_("Join a friend's table")}</a>
        <br>{_("Learn:")}
        {tutorial_links()}<br><a
        href="learn/boards.html"{"" if language() == "en" else ' hreflang="en"'}>{
        _("Boards for your own pages")}</a> · <a href="learn/editor.html">{
        _("Board editor")}</a>
      </nav><label class="lang-pick"><span aria-hidden="true">🌐</span>
        <span class="sr-only">{_("Language")}</span>{language_menu(lang, "lang")}</label></div>
    <div class="lobby-go">{resume}
      <button type="button" class="btn primary big" data-act="start" id="start">{
      _("Deal the cards")}</button></div>
  </div>
</main>""")


def _seat_choice(form: dict, i: int, levels: list) -> str:
    """One other seat in the lobby: a bot of some level, or a person at this device (its
    name then editable)."""
    level = form["levels"][i]
    name = form["bot_names"][i]
    options = "".join(f'<option value="{lv}"{" selected" if level == lv else ""}>'
                      f'{_(LEVEL_NAMES[lv])}</option>' for lv in levels)
    options += (f'<option value="{PERSON}"{" selected" if level == PERSON else ""}>'
                f'{_("A person here (pass-and-play)")}</option>'
                f'<option value="{FRIEND}"{" selected" if level == FRIEND else ""}>'
                f'{_("A friend on their own device")}</option>')
    who = (f'<input data-field="seatname:{i}" maxlength="16" value="{esc(name)}" '
           f'aria-label="{_("Seat {number}: name", number=i + 2)}">' if level == PERSON else
           f'<span>{esc(name)}</span>')
    return (f'<div class="seat-level{" person" if level == PERSON else ""}">{who}'
            f'<select data-field="level:{i}" aria-label="'
            f'{_("Seat {number}: who plays", number=i + 2)}">{options}</select></div>')


def option_title(opt) -> str:
    """A house rule's name in the language of the moment (an Option, or the catalogue's)."""
    return _(opt.title) if opt.title else opt.name.replace("_", " ")


def choice_title(opt, value) -> str:
    """One of a house rule's values in the language of the moment."""
    title = dict((c, t) for c, t in opt.choice_titles).get(value)
    return _(title) if title else str(value)


def _option_input(opt, value) -> str:
    name = esc(opt.name)
    title = option_title(opt)
    label = f'<span class="opt-name">{esc(title)}</span><small>{esc(_(opt.help))}</small>'
    if isinstance(opt.default, bool):
        checked = " checked" if value else ""
        return (f'<label class="opt opt-bool"><input type="checkbox" data-opt="{name}"'
                f'{checked}> {label}</label>')
    if opt.choices:
        choices = "".join(f'<option value="{esc(c)}"{" selected" if c == value else ""}>'
                          f'{esc(choice_title(opt, c))}</option>'
                          for c in opt.choices)
        return f'<label class="opt">{label}<select data-opt="{name}">{choices}</select></label>'
    return (f'<label class="opt">{label}<input type="number" min="{opt.lo}" max="{opt.hi}" '
            f'data-opt="{name}" value="{esc(value)}"></label>')
