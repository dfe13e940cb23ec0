"""What the player does on the page, turned into the app's actions: clicks and taps
(one delegated listener on the app's root, never one per card, because cards come and go
all game long), changes to the lobby's form and the settings, keys (heard on the whole
document, so the game's keys work wherever focus is), a double click that discards, and
cards dragged within the hand, onto the discard pile or onto a meld.
"""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import create_once_callable

from ..i18n import available
from ..view import Phase
from ..variants import find_variant
from ..errors import RamiError
from .lobby import PERSON, bot_name
from .page import attr, closest, drop_url_language, nil, wanted_language
from .settings import clean as clean_settings


# what a tap plays (a second tap this soon after one that made a move is not another move)
MOVE_ACTS = ("btn:", "draw", "take", "pile:", "meld:", "row:", "exposed:", "reading:", "next")
DOUBLE_TAP_MS = 600
LONG_PRESS_MS = 450
# what a long press shows large
PEEKABLE = ".hand-card, .meld .card, .pile .card, .spread .pc, .row-tile, .group .card"


class Input:
    def __init__(self, app, root, listen):
        """Listen on ``root`` (and the document, the window) with ``listen(target, kind,
        handler)``, which keeps a handler's errors off the page."""
        self.app = app
        self.root = root
        self.drag: dict | None = None        # a card being dragged
        self.suppress_click = False          # the click that ends a drag (or a long press)
        self.press_timer = None              # a finger held on a card: shown large soon
        self.moved_at = -1e9                 # when a tap last made a move (ms)
        for kind, fn in (("click", self.on_click), ("change", self.on_change),
                         ("pointerdown", self.on_pointerdown), ("dblclick", self.on_dblclick),
                         ("contextmenu", self.on_contextmenu)):
            listen(root, kind, fn)
        listen(js.document, "keydown", self.on_key)
        listen(js.window, "pointermove", self.on_pointermove)
        listen(js.window, "pointerup", self.on_pointerup)
        listen(js.window, "pointercancel", self.on_pointerup)

    def replay(self, kind: str, event) -> None:
        """Something the player did before the app took the page over, handled now."""
        {"click": self.on_click, "change": self.on_change, "keydown": self.on_key,
         "pointerdown": self.on_pointerdown, "dblclick": self.on_dblclick}[kind](event)

    def on_click(self, event) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        el = closest(event.target, "[data-act]")
        if el is None and nil(self.app.drawing.screen_el.querySelector("#top.menu-open")) is not None:
            self.app.drawing.menu(False)                   # a tap beside the open menu closes it
        if el is None or getattr(el, "disabled", False) is True:
            return
        if el.tagName == "A":
            event.preventDefault()
        act = attr(el, "data-act")
        now = js.performance.now()
        moves = act.startswith(MOVE_ACTS) and self.app.session is not None
        if moves and (getattr(event, "detail", 1) or 1) >= 2 \
                and now - self.moved_at < DOUBLE_TAP_MS:
            return                  # the second tap of a double tap: the move is made once
        where = self.app.position() if moves else None
        self.app.act(act)
        if moves and self.app.session is not None and self.app.position() != where:
            self.moved_at = now

    def on_dblclick(self, event) -> None:
        el = closest(event.target, ".hand-card")
        s = self.app.session
        if el is None or s is None or s.game.phase != Phase.PLAY or not s.human_to_move():
            return
        s.selected = [int(attr(el, "data-pos"))]
        self.app.press("discard")

    def on_key(self, event) -> None:
        """Keys, heard on the whole document: the game's keys work wherever focus is (not
        while typing in a field); inside a dialog, Tab stays in it and Esc closes it."""
        target = nil(event.target)
        tag = str(getattr(target, "tagName", "") or "")
        key = event.key
        box = self.app.drawing.open_box()
        if key == "Tab" and box is not None:
            return self.app.drawing.trap_tab(event, box)
        if key == "Escape":
            top = nil(self.app.drawing.screen_el.querySelector("#top.menu-open"))
            if top is not None:
                self.app.drawing.menu(False)
                btn = nil(top.querySelector('[data-act="menu"]'))
                return btn.focus() if btn is not None else None
            if self.app.dialog is not None:
                event.preventDefault()
                return self.app.close_dialog()
            if nil(self.app.drawing.screen_el.querySelector("#melds.all")) is not None:
                return self.app.drawing.melds_all(False)
            if self.app.session is not None and self.app.session.selected:
                self.app.session.selected = []
                return self.app.render()
            return
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if (event.ctrlKey or event.metaKey) and key.lower() == "z" and not event.altKey \
                and self.app.session is not None and self.app.screen == "table" \
                and self.app.dialog is None:
            event.preventDefault()
            return self.app.act("undo")
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if key == "?":
            return self.app.act("help")
        s = self.app.session
        if s is None or self.app.screen != "table" or self.app.dialog is not None:
            return
        low = key.lower() if len(key) == 1 else key
        pos_el = closest(target, ".hand-card")
        if key in ("ArrowLeft", "ArrowRight") and s.order and (
                pos_el is not None or closest(target, "button, a, select") is None):
            event.preventDefault()
            pos = int(attr(pos_el, "data-pos")) if pos_el is not None else \
                min(s.cursor, len(s.order) - 1)
            step = -1 if key == "ArrowLeft" else 1
            if event.shiftKey and pos_el is not None:
                s.checkpoint()
                new = s.move_card(pos, pos + step)
                self.app.save()
            else:
                new = max(0, min(len(s.order) - 1, pos + step)) if pos_el is not None else pos
            s.cursor = new
            self.app.focus_act, self.app.focus_wanted = f"card:{new}", True
            return self.app.render()
        if low == "h":
            self.app.focus_hand()
            return self.app.render()
        if low == "i":
            return self.app.act("hint")
        if low == "s" and s.bot_to_move():
            return self.app.act("skip-bots")
        if low == "u":
            return self.app.act("undo")
        if low == "n":
            if s.game.phase == Phase.HAND_OVER:
                return self.app.act("next")
            return self.app.press("done")
        if low in s.table.keys:
            event.preventDefault()
            return self.app.act(s.table.keys[low])

    def on_change(self, event) -> None:
        el = event.target
        field = attr(el, "data-field")
        opt = attr(el, "data-opt")
        if field == "pace":
            self.app.pace = el.value
            self.app.save_prefs()
            return self.app.render()
        if field == "lang" or (field and field.startswith("set:")):
            name = field.split(":", 1)[1] if ":" in field else "lang"
            raw = dict(self.app.settings)
            raw[name] = bool(el.checked) if attr(el, "type") == "checkbox" else str(el.value)
            self.app.settings = clean_settings(raw)
            if name == "lang":
                drop_url_language()          # the menu's choice now, not the address's
                code = wanted_language(self.app.settings)
                if not available(code):      # its catalogue first (fetched once, then kept)
                    self.app.save_prefs()
                    asyncio.ensure_future(self.app._speak(code))
                    return
            self.app.apply_settings()
            self.app.save_prefs()
            if name == "sound" and self.app.settings["sound"]:
                self.app.sound.play("turn")           # made in a gesture, so the browser lets it play
            return self.app.render()
        if field == "name":
            self.app.form["name"] = el.value[:16]
            return self.app.save_prefs()
        if field == "players":
            self.app.form["players"] = int(el.value)
            var = find_variant(self.app.form["variant"])
            self.app.form["options"] = var.fit_options(self.app.form["players"],
                                                   dict(self.app.form["options"]))
            return self.app.render()
        if field and field.startswith("level:"):
            i = int(field.split(":")[1])
            was = self.app.form["levels"][i] == PERSON
            self.app.form["levels"][i] = el.value
            if was != (el.value == PERSON):  # a person's seat gets a name field
                self.app.render()
                again = nil(self.root.querySelector(f'[data-field="{field}"]'))
                if again is not None:
                    again.focus()
            return
        if field and field.startswith("seatname:"):
            i = int(field.split(":")[1])
            self.app.form["bot_names"][i] = el.value.strip()[:16] or bot_name(i)
            return
        if opt:
            self.app.form["rules_open"] = True       # keep the rules open while they are edited
            var = find_variant(self.app.form["variant"])
            o = next(o for o in var.OPTIONS if o.name == opt)
            if isinstance(o.default, bool):
                value = bool(el.checked)
            elif isinstance(o.default, int):
                try:                          # the rule's own choices or range, as everywhere
                    value = int(el.value)
                    if not o.choices:
                        value = min(o.hi, max(o.lo, value))
                    value = o.check(value)
                except (ValueError, RamiError):
                    value = o.default
            else:
                # a mixed choice (decks: auto, 1 or 2) arrives as text
                value = next((c for c in o.choices if str(c) == el.value), el.value) \
                    if o.choices else el.value
            self.app.form["options"][opt] = value

    def on_pointerdown(self, event) -> None:
        self.peek(None)
        card = closest(event.target, PEEKABLE)
        if card is not None and event.button == 0:
            # held still for a moment: the card shown large, until the finger lifts
            def held():
                self.press_timer = None
                if self.drag is None or not self.drag["moved"]:
                    self.peek(card)
            self.press_timer = js.setTimeout(create_once_callable(held), LONG_PRESS_MS)
        el = closest(event.target, ".hand-card")
        if el is None or event.button != 0:
            return
        self.drag = {"pos": int(attr(el, "data-pos")), "x": event.clientX,
                     "y": event.clientY, "el": el, "moved": False}

    def on_contextmenu(self, event) -> None:
        """A long press on a card shows it large, not the browser's menu."""
        if closest(event.target, PEEKABLE) is not None:
            event.preventDefault()

    def peek(self, card) -> None:
        """A card or tile shown large over the table (``None``: put away)."""
        layer = nil(js.document.getElementById("peek"))
        if card is None:
            if self.press_timer is not None:
                js.clearTimeout(self.press_timer)
                self.press_timer = None
            if layer is not None:
                layer.remove()
            return
        svg = nil(card.querySelector("svg"))
        if svg is None:
            return
        layer = js.document.createElement("div")
        layer.id = "peek"
        layer.className = "peek"
        layer.setAttribute("aria-hidden", "true")
        layer.appendChild(svg.cloneNode(True))
        js.document.body.appendChild(layer)
        self.suppress_click = True           # (the lifted finger is not a tap)

    def on_pointermove(self, event) -> None:
        d = self.drag
        if d is None:
            return
        dx, dy = event.clientX - d["x"], event.clientY - d["y"]
        if not d["moved"] and dx * dx + dy * dy < 64:
            return
        if nil(js.document.getElementById("peek")) is not None:
            return                              # (a card shown large is not dragged)
        self.peek(None)
        if not d["moved"]:
            d["moved"] = True
            d["el"].classList.add("dragging")
            self.root.classList.add("is-dragging")
        d["el"].style.transform = f"translate({dx}px, {dy}px) rotate(3deg)"
        for el in self.root.querySelectorAll(".drop-over"):
            el.classList.remove("drop-over")
        target = self._drop_target(event)
        if target is not None and not target.classList.contains("hand"):
            target.classList.add("drop-over")

    def _drop_target(self, event):
        under = nil(js.document.elementFromPoint(event.clientX, event.clientY))
        return closest(under, ".pile.discard, .meld, .hand-group, .hand")

    def on_pointerup(self, event) -> None:
        d, self.drag = self.drag, None
        if nil(js.document.getElementById("peek")) is not None:
            self.peek(None)
            js.setTimeout(create_once_callable(lambda: setattr(self, "suppress_click", False)), 0)
            if d is not None and d["moved"]:
                self.root.classList.remove("is-dragging")
                self.app.render()
            return
        self.peek(None)
        if d is None or not d["moved"]:
            return
        self.suppress_click = True
        # the click that ends a drag is swallowed; if none comes (dropped outside the page),
        # the next real click must not be
        js.setTimeout(create_once_callable(lambda: setattr(self, "suppress_click", False)), 0)
        self.root.classList.remove("is-dragging")
        s = self.app.session
        target = self._drop_target(event)
        pos = d["pos"]
        if target is None:
            return self.app.render()
        if target.classList.contains("hand-group"):
            group = int(attr(target, "data-group"))
            x = event.clientX
            inside = [c for c in target.querySelectorAll(".hand-card")
                      if int(attr(c, "data-pos")) != pos]
            index = sum(1 for c in inside if (c.getBoundingClientRect().left +
                                              c.getBoundingClientRect().width / 2) < x)
            s.checkpoint()
            s.move_to_group(pos, group, index)
            self.app.save()
            return self.app.render()
        if target.classList.contains("hand"):
            cards = list(self.root.querySelectorAll(".hand-card"))
            new = _place_in_lines([c.getBoundingClientRect() for c in cards], pos,
                                  event.clientX, event.clientY)
            s.checkpoint()
            s.move_card(pos, new)
            self.app.save()
            return self.app.render()
        s.selected = [pos]
        if target.classList.contains("discard"):
            return self.app.press("discard")
        meld = attr(target, "data-meld")
        if meld is not None:
            return self.app.act(f"meld:{meld}")
        self.app.render()


def _place_in_lines(rects, pos: int, x: float, y: float) -> int:
    """Where a card dragged from ``pos`` and dropped at (x, y) goes in a hand drawn in
    ``rects`` (each card's box, in the hand's order): after every card of the lines above the
    one dropped on, and after the cards of that line left of the drop. A line starts where a
    card lies left of the one before it; a line's top is its lowest card's (a selected card is
    lifted), and the lines below cover the foot of the ones above (a big hand on a phone), so
    the drop is on the last line whose top is above it."""
    lines: list[list[tuple[float, float]]] = []     # (the card's middle, its top) by line
    last = None
    for i, r in enumerate(rects):
        if i == pos:
            continue
        if last is None or r.left < last:
            lines.append([])
        lines[-1].append((r.left + r.width / 2, r.top))
        last = r.left
    before, new = 0, 0
    for line in lines:
        if line is not lines[0] and max(t for _, t in line) > y:
            break
        new = before + sum(1 for mid, _ in line if mid < x)
        before += len(line)
    return new
