"""The player's settings, kept in the browser (pure Python): a light or dark theme, the
felt's colour, the card back, the deck's colours, the card size, how much the cards move
(light or dark and motion follow the device until the player chooses), sound effects, a
left-handed layout. They become classes on
the page's root element (the stylesheet does the rest); sound is made by the page with the
Web Audio API.

>>> clean({"deck": "four", "size": "huge", "sound": "yes"})["deck"], clean({})["size"]
('four', 'normal')
>>> root_classes(clean({"deck": "four", "left": True}))
['theme-auto', 'felt-green', 'back-red', 'deck-four', 'size-normal', 'motion-auto', 'left-handed']
"""

from __future__ import annotations

from .parts import close_x, esc, face
from ..cards import parse_cards
from ..i18n import LANGUAGES, N_, _

# name: (default, choices with their words)
CHOICES = {
    "theme": ("auto", (("auto", N_("As this device")), ("light", N_("Light")),
                       ("dark", N_("Dark")))),
    "felt": ("green", (("green", N_("Green")), ("blue", N_("Blue")),
                       ("burgundy", N_("Burgundy")), ("slate", N_("Slate")))),
    "back": ("red", (("red", N_("Red")), ("blue", N_("Blue")), ("green", N_("Green")))),
    "deck": ("two", (("two", N_("Two colours")), ("four", N_("Four colours")))),
    "size": ("normal", (("small", N_("Small")), ("normal", N_("Normal")),
                        ("large", N_("Large")))),
    # "auto": as the device asks (less motion when it asks for less), until one is chosen
    "motion": ("auto", (("auto", N_("As this device")), ("off", N_("None")),
                        ("quick", N_("Quick")), ("normal", N_("Normal")), ("slow", N_("Slow")))),
}
SWITCHES = {"sound": False, "left": False}
AUTO = "auto"              # the language: the browser's, until the player chooses one
ALL_CLASSES = ([f"{k}-{v}" for k, (_, cs) in CHOICES.items() for v, _ in cs]
               + ["left-handed"])


def clean(raw) -> dict:
    """Settings from what the browser kept: anything unknown or odd is the default."""
    raw = raw if isinstance(raw, dict) else {}
    out = {}
    for k, (default, cs) in CHOICES.items():
        v = raw.get(k)
        out[k] = v if v in {c for c, _ in cs} else default
    for k, default in SWITCHES.items():
        v = raw.get(k)
        out[k] = v if isinstance(v, bool) else default
    lang = raw.get("lang")
    out["lang"] = lang if lang in LANGUAGES else AUTO
    return out


def language_menu(chosen: str, field: str = "set:lang") -> str:
    """The languages, each named in itself (and the browser's, as the first choice)."""
    options = [f'<option value="{AUTO}"{" selected" if chosen == AUTO else ""}>'
               f'{esc(_("As this browser"))}</option>']
    options += [f'<option value="{code}" lang="{code}"{" selected" if chosen == code else ""}>'
                f'{esc(name)}</option>' for code, name in LANGUAGES.items()]
    ident = "lang-menu" if field == "lang" else "set-lang-menu"     # (the lobby's, Settings')
    return f'<select data-field="{field}" id="{ident}">{"".join(options)}</select>'


def root_classes(settings: dict) -> list[str]:
    out = [f"{k}-{settings[k]}" for k in CHOICES]
    if settings.get("left"):
        out.append("left-handed")
    return out


def settings_html(settings: dict, pace: str, paces) -> str:
    """The Settings dialog: every choice takes effect at once and is remembered."""
    sample = "".join(face(c, "mini") for c in parse_cards("As Kh Qd Jc"))

    def radios(name: str, legend: str, note: str = "") -> str:
        _x, cs = CHOICES[name]
        items = "".join(
            f'<label><input type="radio" name="set-{name}" data-field="set:{name}" '
            f'value="{v}"{" checked" if settings[name] == v else ""}> {esc(_(words))}</label>'
            for v, words in cs)
        note_html = f"<small>{note}</small>" if note else ""
        return f"<fieldset><legend>{esc(legend)}</legend>{items}{note_html}</fieldset>"

    def switch(name: str, words: str, note: str) -> str:
        return (f'<fieldset><label><input type="checkbox" data-field="set:{name}"'
                f'{" checked" if settings[name] else ""}> {esc(words)}</label>'
                f"<small>{esc(note)}</small></fieldset>")

    pace_options = "".join(f'<option value="{k}"{" selected" if k == pace else ""}>{_(label)}'
                           f"</option>" for k, label, _s in paces)
    four = esc(_("four colours: spades black, hearts red, diamonds blue, clubs green"))
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="settings-title">
  <div class="summary settings" id="settings">{close_x()}<h2 id="settings-title">{_("Settings")}</h2>
  <div class="settings-form">
  <fieldset><legend>{_("Language")}</legend><label>{language_menu(settings.get("lang", AUTO))}
  </label></fieldset>
  {radios("theme", _("Theme"), esc(_("the panels and dialogs: light, dark, or as this device "
                                     "is set")))}
  {radios("felt", _("Felt"))}
  {radios("back", _("Card back"))}
  {radios("deck", _("Deck"), f'<span class="swatch">{sample}</span> {four}')}
  {radios("size", _("Card size"))}
  {radios("motion", _("Card movement"), esc(_("how cards arrive on the table and dialogs open; "
                                               "as this device is set means less when it asks "
                                               "for reduced motion")))}
  <fieldset><legend>{_("Computer players' pace")}</legend><label><select data-field="pace">
  {pace_options}</select></label><small>{_("the pause before each of their moves")}</small>
  </fieldset>
  {switch("sound", _("Sound effects"), _("a soft sound for draws, discards, melds and the end "
                                         "of a hand; off unless you turn it on"))}
  {switch("left", _("Left-handed layout"), _("the last moves on the left, the Hint button under "
                                             "your left thumb"))}
  </div>
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">{_("Done")}
  </button></div></div></div>"""
