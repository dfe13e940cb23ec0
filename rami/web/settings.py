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

from .parts import esc, face
from ..cards import parse_cards

# name: (default, choices with their words)
CHOICES = {
    "theme": ("auto", (("auto", "As this device"), ("light", "Light"), ("dark", "Dark"))),
    "felt": ("green", (("green", "Green"), ("blue", "Blue"), ("burgundy", "Burgundy"),
                       ("slate", "Slate"))),
    "back": ("red", (("red", "Red"), ("blue", "Blue"), ("green", "Green"))),
    "deck": ("two", (("two", "Two colours"), ("four", "Four colours"))),
    "size": ("normal", (("small", "Small"), ("normal", "Normal"), ("large", "Large"))),
    # "auto": as the device asks (less motion when it asks for less), until one is chosen
    "motion": ("auto", (("auto", "As this device"), ("off", "None"), ("quick", "Quick"),
                        ("normal", "Normal"), ("slow", "Slow"))),
}
SWITCHES = {"sound": False, "left": False}
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
    return out


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
            f'value="{v}"{" checked" if settings[name] == v else ""}> {esc(words)}</label>'
            for v, words in cs)
        note_html = f"<small>{note}</small>" if note else ""
        return f"<fieldset><legend>{esc(legend)}</legend>{items}{note_html}</fieldset>"

    def switch(name: str, words: str, note: str) -> str:
        return (f'<fieldset><label><input type="checkbox" data-field="set:{name}"'
                f'{" checked" if settings[name] else ""}> {esc(words)}</label>'
                f"<small>{esc(note)}</small></fieldset>")

    pace_options = "".join(f'<option value="{k}"{" selected" if k == pace else ""}>{label}'
                           f"</option>" for k, label, _ in paces)
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="settings-title">
  <div class="summary settings" id="settings"><button type="button" class="close-x" data-act="close" aria-label="Close">×</button><h2 id="settings-title">Settings</h2>
  <div class="settings-form">
  {radios("theme", "Theme", "the panels and dialogs: light, dark, or as this device is set")}
  {radios("felt", "Felt")}
  {radios("back", "Card back")}
  {radios("deck", "Deck", f'<span class="swatch">{sample}</span> four colours: spades black, '
          'hearts red, diamonds blue, clubs green')}
  {radios("size", "Card size")}
  {radios("motion", "Card movement", "how cards arrive on the table and dialogs open; as this "
          "device is set means less when it asks for reduced motion")}
  <fieldset><legend>Computer players' pace</legend><label><select data-field="pace">
  {pace_options}</select></label><small>the pause before each of their moves</small></fieldset>
  {switch("sound", "Sound effects", "a soft sound for draws, discards, melds and the end of a "
          "hand; off unless you turn it on")}
  {switch("left", "Left-handed layout", "the last moves on the left, the Hint button under "
          "your left thumb")}
  </div>
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">Done</button>
  </div></div></div>"""
