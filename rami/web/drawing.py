"""The page drawn from the app's state: the lobby, or the table region by region (a redraw
replaces only the regions whose HTML changed, so a focus, a drag or an open panel elsewhere
lives on), the pass-and-play cover, and the open dialog in a slot of its own. After each
drawing it puts focus where a keyboard player expects it, marks what changed (a new
discard, new melds), lights the hinted move, fits the melds to the room they have, and
tells screen readers each move in words through a live region that is never redrawn.
"""

from __future__ import annotations

import html as htmllib
import json
import re
import traceback

import js
from pyodide.ffi import create_once_callable

from ..i18n import _, language, n_, pieces, result_words, say
from ..registry import find_variant
from ..view import Phase
from ..words import words_for
from . import render
from . import stats as statistics
from .howto import howto_html
from .page import attr, morph, nil
from .settings import settings_html

# a phone, held upright or sideways (as static/style.css says it)
PHONE = "(max-width: 760px), (orientation: landscape) and (max-height: 540px)"
# regions written anew rather than patched: a new message shakes, as each one does
WRITTEN_ANEW = ("message",)
LOG_END = "</ol>"               # the log region's end (rami.web.render._log): its list of lines
RECENT_HANDS = 12      # the running match's hands Statistics offers to review
FOCUSABLE = ("button:not([disabled]), a[href], input, select, textarea, "
             "[tabindex]:not([tabindex='-1'])")


class Drawing:
    def __init__(self, app, root, adopt: str | None = None):
        """Draw ``app`` into ``root``; with ``adopt``, over the lobby that HTML drew there
        (:mod:`rami.web.start`), taken over as it is."""
        self.app = app
        self.root = root
        if adopt is None:
            root.innerHTML = ('<div id="screen"></div>'
                              '<div id="dialogs" class="dialogs"></div>'
                              '<div id="update" class="update-slot"></div>')
        self.screen_el = root.querySelector("#screen")
        self.dialog_el = root.querySelector("#dialogs")
        self.update_el = root.querySelector("#update")
        self.drawn: dict[str, str | tuple] = {}  # what each region of the page shows now
        self.frame: tuple | None = None      # which frame the regions live in
        self.dialog_drawn = ""               # what the dialogs' slot shows now
        self.opener: str | None = None       # what had focus when the dialog opened
        self.summary_due = False             # a hand's summary waits for the table's frame
        self.announced = (-1, 0)             # (hand, log lines) told to screen readers
        self.was_my_turn = False
        self.fitted: tuple | None = None     # the melds as last fitted, and their room
        self.hinted = False                  # a hinted move is lit on the table
        self.fits: dict[tuple, float] = {}   # the size found for melds in a room
        self.opp_tallest: tuple = (None, 0)  # the opponents' strip at its tallest this hand
        self.settle_due = False              # a task waits for the next frame painted,
        self.due: set[str] = set()           # to do this then ("fit", "signs", "announce")
        self.controls_later = False          # the next drawing: the person's controls after
        self.controls_due = None             # (the bots' move it showed first: its start)
        self.controls_only = None            # the position whose controls alone are due
        self.forget()
        if adopt is not None:                # the lobby on the screen is this one
            self.frame, self.drawn = ("lobby",), {"frame": adopt}

    def forget(self) -> None:
        """A table seen anew (another match, another person at the device): nothing of it
        counts as a change to mark."""
        self.last_seen = {"log": 0, "top": None, "melds": 0, "hand": -1}

    def fail(self, message: str) -> None:
        """Drawing itself failed: say so without Python."""
        self.frame = None
        self.screen_el.textContent = message

    def remember_opener(self) -> None:
        """A dialog opens: focus goes back to what has it now when it closes."""
        if not self.app.dialog:
            self.opener = attr(js.document.activeElement, "data-act")

    def draw(self) -> None:
        """Bring the page up to date: the lobby, or the table region by region, and the open
        dialog; then put focus where it belongs and tell screen readers what happened."""
        doc = js.document
        focus = self.app.focus_act or attr(doc.activeElement, "data-act")
        self.app.focus_act = None
        announce = False                # the moves told to screen readers, once painted
        if self.app.screen == "join" and self.app.remote is not None:
            self._draw_frame(("join",), render.join_html(self.app.remote))
            focus = focus or ("join-go" if self.app.remote.state == "name" else None)
        elif self.app.screen == "lobby" or self.app.session is None:
            can_resume = self.app.session is not None and not self.app.session.game.is_over
            saved = []
            if can_resume:
                saved.append(("resume", render.match_words(self.app.session)))
            kept = self.app.kept()
            if kept is not None:
                saved.append(("resume-kept", render.match_words(kept)))
            self._draw_frame(("lobby",), render.lobby_html(self.app.form, self.app.notice, can_resume,
                                                           self.app.updates.offer(), saved,
                                                           self.app.settings["lang"]))
        elif self.app.session.needs_handover():
            self.app.dialog = None               # nothing of the last person's stays on screen
            self._draw_frame(("cover", self.app.session.game.turn),
                             render.cover_html(self.app.session))
            focus = "takeover"
            el = nil(js.document.getElementById("announce"))
            if el is not None:               # the live region too: it spoke to the last one
                el.textContent = ""
            self.announced, self.was_my_turn = (-1, 0), False
        else:
            had_summary = bool(self.drawn.get("summary-slot"))
            with self.app.session.pinned():
                self._draw_table()
            announce = True
            box = self.open_box()
            if box is not None and not had_summary and self.app.dialog is None:
                first = nil(box.querySelector(FOCUSABLE))     # a hand's summary takes focus
                if first is not None:
                    focus, self.app.focus_wanted = attr(first, "data-act"), True
        self.app.updates.draw()
        opened = self._draw_dialog()
        if opened:
            if announce:
                self._after_paint("announce")
            return
        active = nil(doc.activeElement)
        lost = active is None or active == doc.body or not self.root.contains(active)
        if focus and (lost or attr(active, "data-act") != focus):
            el = nil(self.root.querySelector(f'[data-act="{focus}"]'))
            if el is not None and (lost or self.app.focus_wanted):
                el.focus()
        self.app.focus_wanted = False
        if announce:
            self._after_paint("announce")

    def _draw_frame(self, key: tuple, html: str) -> None:
        if self.frame != key or self.drawn.get("frame") != html:
            self.screen_el.innerHTML = html
            self.frame, self.drawn, self.fitted = key, {"frame": html}, None
            js.window.scrollTo(0, 0)            # a new screen opens at its top

    def _draw_table(self) -> None:
        s = self.app.session
        st = s.game
        new_from = self.last_seen["log"] if self.last_seen["hand"] == st.hand_no else 0
        offer = self.app.updates.offer()
        if self.app.hint is not None and (self.app.hint[0] != self.app.position() or (
                self.app.hint[2] and tuple(sorted(s.selected)) != self.app.hint[2])):
            self.app.hint = None        # the game moved on, or its cards are no longer selected
        hint = not self.app.message and self.app.hint is not None
        message = render.hint_line(self.app.hint[1]) if hint else self.app.message
        key = ("table", id(s), st.variant.name, st.n, language())
        # (the bots' last move before the person's turn: the move painted first, the
        # person's controls, the larger drawing, in the frame after)
        later = render.CONTROLS if self.controls_later and self.frame == key and \
            self.fitted is not None else ()
        if self.controls_only is not None and self.controls_only == self.app.position() and \
                self.frame == key:
            later = render.NOT_CONTROLS     # (the rest is as the move's drawing left it)
        self.controls_later, self.controls_only = False, None
        regions = render.table_regions(s, self.app.pace, message, self.app.thinking, new_from, offer,
                                       hint, later)
        if later == render.CONTROLS:
            self.controls_only = self.app.position()
            self._once_painted(self._controls)
        # the melds are fitted before the first frame of a table (or of a new size of cards,
        # a new room); after that a drawing is painted first, its melds fitted then (a meld
        # more seldom changes their size, and then it does in the frame after)
        fit_now = self.frame != key or self.fitted is None
        if self.frame != key:
            self.screen_el.innerHTML = render.table_html(s, self.app.pace, message,
                                                         self.app.thinking, new_from, offer, hint)
            self.frame, self.drawn, self.fitted = key, dict(regions), None
            js.window.scrollTo(0, 0)
        else:
            ops = []                    # what changed, written in one go (ramiWrite)
            for name, html in regions.items():
                if name == "summary-slot" and html and not self.drawn.get(name) \
                        and not self.summary_due:
                    # a hand's end: the table first, painted with the last move, and its
                    # summary (the largest drawing of all, a phone's 200 ms) drawn once that
                    # frame is on the screen: neither makes a long task, nor waits for the
                    # other to be seen
                    self.summary_due = True
                    self._once_painted(lambda *_: self.app.render())
                    continue
                if name == "summary-slot":
                    self.summary_due = False
                was = self.drawn.get(name)
                if was == html:
                    continue
                if name == "log" and was and html.startswith(was[:-len(LOG_END)]):
                    # the moves since, after the others: only their lines are written
                    el = nil(self.screen_el.querySelector("#log-list"))
                    if el is not None:
                        el.insertAdjacentHTML(
                            "beforeend", html[len(was) - len(LOG_END):-len(LOG_END)])
                elif name in WRITTEN_ANEW:
                    el = nil(self.screen_el.querySelector(f"#{name}"))
                    if el is not None:
                        el.innerHTML = html
                elif isinstance(html, tuple) and isinstance(was, tuple) and \
                        len(html) - len(was) in (0, 1):
                    # the parts that changed, each alone; and a part more (an owner's first
                    # melds) put in at the first part that differs, the rest after it
                    more = len(html) - len(was)
                    at = next((i for i, (a, b) in enumerate(zip(was, html)) if a != b),
                              len(was))
                    if more:
                        ops.append([name, html[at], at, None, len(html), True])
                    ops += [[name, b, i + more, a, len(html)] for i, (a, b) in
                            enumerate(zip(was[at:], html[at + more:]), at) if a != b]
                else:
                    ops.append([name, render.whole(html)])
                self.drawn[name] = html
            # the table's class and data, where they changed (its turn at every move), and
            # what to mark as new: with the regions' changes, one call into the page
            was, now = self.drawn.get("table") or ("", {}), (render.table_class(s),
                                                             render.table_data(s))
            table = {}
            if was[0] != now[0]:
                table["class"] = now[0]
            data = {k: v for k, v in now[1].items() if was[1].get(k) != v}
            if data:
                table["data"] = data
            self.drawn["table"] = now
            marks = self._changes()
            write = getattr(js.window, "ramiWrite", None)
            if ops or table or marks:
                anew = write(json.dumps({"ops": ops, "table": table, "marks": marks})) \
                    if write is not None else ",".join(dict.fromkeys(op[0] for op in ops))
                for name in filter(None, str(anew).split(",")):
                    el = nil(self.screen_el.querySelector(f"#{name}"))
                    if el is not None:
                        morph(el, render.whole(regions[name]))
        if self.drawn.get("table") is None:     # (a table drawn afresh: as it was written)
            self.drawn["table"] = (render.table_class(s), render.table_data(s))
            self._changes()
        # (what is written before what is measured: the page is laid out once)
        self._mark_hint()
        if fit_now:                     # (their signs, and the rest, once painted)
            self.fit_melds(signs=False)
            self._after_paint("signs")
        else:
            self._after_paint("fit")

    def _controls(self, *_) -> None:
        """The person's controls, left out of the drawing that showed the bots' move."""
        self.app.render()
        painted = nil(getattr(js.window, "ramiAfterPaint", None))
        s = self.app.session
        if self.controls_due is not None and painted is not None and s is not None and \
                s.human_to_move():
            painted("ramiTurns", self.controls_due)     # (from the move: the benchmark's)
        self.controls_due = None

    def _after_paint(self, what: str) -> None:
        """Done once the frame that shows this drawing is painted, so that the change is on
        the screen without waiting for it (a phone's 10 ms and more): ``fit``, the melds
        read then (fitted to their room: no layout forced before the frame);
        ``signs``, the strips' signs set, the seat to move scrolled into sight and the log
        kept at its end (with ``fit`` too); ``announce``, the moves told to screen readers.
        A hidden page paints no frame: done at once there (the sound of the person's turn
        calls them back to the table)."""
        self.due.add(what)
        if js.document.hidden:
            return self._settle()
        if self.settle_due:
            return
        after = nil(getattr(js.window, "ramiNextPaint", None))
        if after is None:
            return self._settle()
        self.settle_due = True
        after().then(create_once_callable(self._settle))

    @staticmethod
    def _once_painted(then) -> None:
        """``then()`` once the next frame is painted (at once in a task of its own where no
        frame is: a hidden page)."""
        after = nil(getattr(js.window, "ramiNextPaint", None))
        if js.document.hidden or after is None:
            js.setTimeout(create_once_callable(then), 0)
        else:
            after().then(create_once_callable(then))

    def _settle(self, *_) -> None:
        due, self.due, self.settle_due = self.due, set(), False
        if self.frame is None or self.frame[0] != "table" or self.app.session is None:
            return
        try:
            if "fit" in due:
                self.fit_melds()
            elif "signs" in due:
                self.melds_scrolled()
            if "fit" in due or "signs" in due:
                self._show_turn()
                self._scroll_log()
            if "announce" in due:
                self._announce()
        except Exception as e:          # (the table stays as drawn; never a traceback on it)
            js.console.error("".join(traceback.format_exception(e)))

    def _scroll_log(self) -> None:
        log = nil(self.root.querySelector("#log-list"))
        if log is not None:
            log.scrollTop = log.scrollHeight

    def open_box(self):
        """The dialog that holds focus now (an open dialog, or the hand's summary)."""
        box = nil(self.dialog_el.querySelector("[role=dialog]"))
        if box is None and self.app.screen == "table":
            box = nil(self.screen_el.querySelector("#summary-slot [role=dialog]"))
        return box

    def trap_tab(self, event, box) -> None:
        items = [el for el in box.querySelectorAll(FOCUSABLE)]
        if not items:
            return
        event.preventDefault()
        active = nil(js.document.activeElement)
        try:
            at = next(i for i, el in enumerate(items) if el == active)
        except StopIteration:
            at = -1 if not event.shiftKey else 0
        items[(at + (-1 if event.shiftKey else 1)) % len(items)].focus()

    def menu(self, open_: bool) -> None:
        """The top bar's menu on a phone (where its buttons do not fit in a row)."""
        top = nil(self.screen_el.querySelector("#top"))
        if top is None:
            return
        top.classList.toggle("menu-open", open_)
        btn = nil(top.querySelector('[data-act="menu"]'))
        if btn is not None:
            btn.setAttribute("aria-expanded", "true" if open_ else "false")
        if open_:
            first = nil(top.querySelector("#top-menu button"))
            if first is not None:
                first.focus()

    def fit_melds(self, event=None, signs: bool = True) -> None:
        """Every meld in sight: the melds' cards shrink (to half their size at most) until all
        the melds fit the room the table leaves them; past that (a phone, a crowded table)
        the area scrolls and its foot says so, until the last meld is reached (the signs
        set here unless ``signs`` is False: the caller sees to them)."""
        el = nil(self.screen_el.querySelector("#melds"))
        if el is None:
            return
        style = el.style
        if event is not None:               # a resize, a turn of the phone: measured anew
            self._steady_opponents(reset=True)
        if el.classList.contains("all"):
            return self._place_all(el)
        self._steady_opponents()

        def over() -> bool:
            return el.scrollHeight > el.clientHeight + 2

        # (the same melds in a room of the same size stay as they were fitted: a tap on a
        # card, a sort, leave them; one reading of the room, which the frame needs anyway)
        room = (self.drawn.get("melds"), el.clientWidth, el.clientHeight)
        if self.fitted is not None and room == self.fitted[:3] \
                and el.scrollHeight == self.fitted[3]:
            return self.melds_scrolled() if signs else None
        # (each step below is a style pass and a layout of every meld, 50 ms and more on a
        # phone: the size found for these melds in this room is remembered, and tried first)
        fit = float(style.getPropertyValue("--fit") or 1)
        known = self.fits.get(room)
        if known is not None and known != fit:
            fit = known
            style.setProperty("--fit", str(fit))
        # (on a phone the cards are small already: less shrinking, then the area scrolls)
        least = 0.8 if js.window.matchMedia(PHONE).matches else 0.55
        # (larger only where there may be room for it: the room grew or the melds got
        # fewer; a card more on the table, the usual change, never makes them larger)
        before = self.fitted
        may_grow = before is None or room[1] > before[1] or room[2] > before[2] or \
            len(room[0] or "") < len(before[0] or "")
        if known is None and may_grow and not over():
            # larger a step at a time while the next step still fits (a card more or less on
            # the table seldom changes the size: from the size they had, not from full size)
            while fit < 1:
                larger = min(1.0, round(fit + 0.1, 2))
                style.setProperty("--fit", str(larger))
                if over():
                    style.setProperty("--fit", str(fit))
                    break
                fit = larger
        while over() and fit > least + 0.01:
            fit = round(fit - 0.1, 2)
            style.setProperty("--fit", str(fit))
        if len(self.fits) > 16:
            self.fits.clear()
        self.fits[room] = fit
        el.classList.toggle("overflows", over())
        if signs:
            self.melds_scrolled()
        self.fitted = room + (el.scrollHeight,)

    def refit(self) -> None:
        """The cards' size changed: every size found for the melds is forgotten."""
        self.fitted = None
        self.fits.clear()

    def _steady_opponents(self, reset: bool = False) -> None:
        """The opponents' strip keeps the tallest height it had this hand: a seat's line
        more or less (a badge, a wrap) no longer moves the middle of the table up and down
        at every move, which would also fit every meld anew."""
        strip = nil(self.screen_el.querySelector("#opp"))
        if strip is None:
            return
        hand = self.last_seen["hand"]       # (the hand the table was last drawn at)
        if reset or self.opp_tallest[0] != (self.frame, hand):
            strip.style.removeProperty("min-height")
            self.opp_tallest = ((self.frame, hand), 0)
        height = strip.offsetHeight
        if height < self.opp_tallest[1]:
            strip.style.minHeight = f"{self.opp_tallest[1]}px"
        else:
            self.opp_tallest = (self.opp_tallest[0], height)

    def melds_all(self, open_: bool) -> None:
        """Every meld at its full size, over the opponents and the middle of the table (the
        hand and the moves stay in sight and at hand: a tap on a meld lays off to it), or
        back in its place."""
        el = nil(self.screen_el.querySelector("#melds"))
        if el is None:
            return
        el.classList.toggle("all", open_)
        self.fitted = None
        if not open_:
            for k in ("left", "top", "width", "height"):
                el.style.removeProperty(k)
        self.fit_melds()
        sign = nil(el.querySelector(".more-melds"))
        if sign is not None:
            sign.setAttribute("aria-expanded", "true" if open_ else "false")
            sign.focus()
        el.scrollTop = 0

    def _place_all(self, el) -> None:
        """The open melds cover the table from its top down to the foot of their own place,
        in their own column (measured in that place)."""
        el.classList.remove("all")
        for k in ("left", "top", "width", "height"):
            el.style.removeProperty(k)
        r = el.getBoundingClientRect()
        el.classList.add("all")
        el.style.setProperty("--fit", "1")
        el.style.left, el.style.width = f"{r.left}px", f"{r.width}px"
        el.style.top, el.style.height = "0px", f"{r.bottom}px"
        el.classList.remove("overflows")
        self.melds_scrolled()

    def _strips(self) -> list:
        return [el for el in (nil(self.screen_el.querySelector("#opp")),
                              nil(self.screen_el.querySelector("#actions .act-row")))
                if el is not None]

    def melds_scrolled(self, event=None) -> None:
        """Where a strip that scrolls has reached its end, its sign that there is more goes.
        (Only what changes is written, the sign's words too: a write before the next reading
        lays the page out once more.)"""
        for strip in self._strips():        # the opponents, the buttons: swiped sideways
            width, room, left = strip.scrollWidth, strip.clientWidth, strip.scrollLeft
            strip.classList.toggle("overflows", width > room + 2)
            strip.classList.toggle("at-end", left + room >= width - 4)
        el = nil(self.screen_el.querySelector("#melds"))
        if el is None:
            return
        el.classList.toggle("at-end", el.scrollTop + el.clientHeight >= el.scrollHeight - 4)
        sign = nil(el.querySelector(".more-melds span"))
        if sign is None:
            return
        if el.classList.contains("all"):
            words = _("Back to the table")
        elif el.classList.contains("overflows"):
            # how many are not wholly in sight (the sign itself covers the foot)
            foot = nil(el.querySelector(".more-melds"))
            bottom = el.getBoundingClientRect().bottom - (
                foot.getBoundingClientRect().height if foot is not None else 8)
            below = sum(1 for m in el.querySelectorAll(".meld, .group")
                        if m.getBoundingClientRect().bottom > bottom + 1)
            words = (n_("▾ {n} more meld: see all", "▾ {n} more melds: see all", below)
                     if below else _("▾ more below: see all"))
        else:
            return
        if sign.textContent != words:
            sign.textContent = words

    def _mark_hint(self) -> None:
        """Light up the hinted move: its cards in the hand, and its button or pile."""
        if self.app.hint is None and not self.hinted:
            return                      # (nothing lit: nothing to put out)
        for el in list(self.screen_el.querySelectorAll(".hinted")):
            el.classList.remove("hinted")
        self.hinted = self.app.hint is not None
        if self.app.hint is None:
            return
        s, h = self.app.session, self.app.hint[1]
        acts = [f"card:{i}" for i in s.positions_of(h.cards)]
        # the button (or pile) that plays it: the choice holding this very action, else the
        # one named after its kind (a discard's button waits for its card to be selected)
        names = [c.name for c in s.choices() if c.action == h.action] + [h.action.kind]
        for name in dict.fromkeys(names):
            acts += [f"btn:{name}", name]
        meld = getattr(h.action, "meld", None)
        if isinstance(meld, int):               # a lay-off, a swap, a rescue: its meld too
            acts.append(f"meld:{meld}")
        for act in acts:
            for el in list(self.screen_el.querySelectorAll(f'[data-act="{act}"]')):
                el.classList.add("hinted")

    def _show_turn(self) -> None:
        """Where the opponents' strip scrolls sideways (phones), keep the seat to move in
        view."""
        seat = nil(self.screen_el.querySelector(".seat.turn"))
        strip = nil(self.screen_el.querySelector("#opp"))
        if seat is None or strip is None or strip.scrollWidth <= strip.clientWidth:
            return
        a, b = seat.getBoundingClientRect(), strip.getBoundingClientRect()
        if a.left < b.left:
            strip.scrollLeft += a.left - b.left - 6
        elif a.right > b.right:
            strip.scrollLeft += a.right - b.right + 6

    def _dialog_html(self) -> str:
        d, s = self.app.dialog, self.app.session
        if d is None:
            return ""
        kind = d[0]
        if kind == "share" and s is not None and self.app.shared is not None:
            return render.share_html(s, self.app.shared)
        if kind == "friends" and s is not None and self.app.host is not None:
            from .friends import code_link
            camera = nil(getattr(js.navigator, "mediaDevices", None)) is not None
            return render.friends_html(s, self.app.host, code_link(""), camera)
        if kind == "help":
            return render.help_html(s.table if s is not None and self.app.screen == "table"
                                    else None)
        if kind == "newgame" and s is not None:
            kept = self.app.kept()
            return render.newgame_html(s, kept)
        if kind == "stats":
            reviews = ""
            if self.app.reviews is not None:      # (the review's part: with reviews made)
                from .trends import reviews_html
                reviews = reviews_html(self.app.stats)
            return statistics.stats_html(self.app.stats, confirm=d[1:] == ("confirm",),
                                         recent=self._recent_hands(),
                                         earlier=self._earlier_hands(), reviews=reviews)
        if kind == "settings":
            return settings_html(self.app.settings, self.app.pace, render.PACES)
        if kind == "howto":
            if s is not None and self.app.screen == "table":
                return howto_html(s.game.variant.name, s.game.options, at_table=True)
            return howto_html(self.app.form["variant"], self.app.form["options"])
        if kind == "confirm":
            html = render.confirm_html(*d[1:])
            return words_for(s.game.variant).html(html) if s is not None else html
        if kind == "table" and s is not None:
            return words_for(s.game.variant).html(s.table.dialog(s, d[1]))
        if kind == "review" and self.app.reviews is not None \
                and self.app.reviews.current is not None:
            from .review_view import review_html
            r = self.app.reviews.current
            return review_html(r, r.variant)
        if kind == "scores" and s is not None:
            return words_for(s.game.variant).html(render.scores_html(s))
        return ""

    def _recent_hands(self) -> list:
        """The hands of the match at this device the person may review (the latest first)."""
        s = self.app.session
        if s is None or s.human not in s.humans or s.practice_of is not None \
                or getattr(s, "outbox", None) is not None and self.app.remote is None:
            return []
        with pieces(s.game.variant.uses_tiles):
            return [(k + 1, render.hand_title(s, k + 1), result_words(r))
                    for k, r in enumerate(s.game.results)][::-1][:RECENT_HANDS]

    def _earlier_hands(self) -> list:
        """The hands of earlier matches kept at this device (:mod:`rami.web.earlier`), the
        latest first: (seed, the game's title, when, [(number, title, result)])."""
        s = self.app.session
        running = s.match_seed if s is not None and self.app.remote is None \
            and getattr(s, "outbox", None) is None else None
        out = []
        for e in reversed(self.app.earlier()):
            if e["seed"] == running:
                continue                      # (the running match: listed as this match's)
            var = find_variant(e["variant"])
            with pieces(var.uses_tiles):
                hands = [(k + 1, render.hand_title(None, k + 1, var), say(h))
                         for k, h in enumerate(e["heads"])][::-1][:RECENT_HANDS]
            out.append((e["seed"], var.title, e["when"], hands))
        return out

    def _draw_dialog(self) -> bool:
        """Draw the open dialog if it changed (an open panel is not rebuilt for nothing);
        returns True when a dialog has just opened and taken focus."""
        html = self._dialog_html()
        if not html and self.app.dialog is not None:
            self.app.dialog = None
        before = self.dialog_drawn      # (kept apart: a new frame forgets self.drawn)
        if html == before:
            return False
        # what the person is typing in the dialog lives on (a friend's code half pasted)
        typed = {str(el.id): str(el.value) for el in
                 self.dialog_el.querySelectorAll("textarea[id], input[id]:not([readonly])")}
        active = attr(js.document.activeElement, "id")
        if before and html and self.app.dialog is not None and self.app.dialog[0] == "review":
            # (a review's progress: changed in place, so the dialog neither fades in again
            # nor loses the list's scroll at every decision graded)
            morph(self.dialog_el, html)
        else:
            self.dialog_el.innerHTML = html
        for key, value in typed.items():
            el = nil(self.dialog_el.querySelector(f"#{key}"))
            if el is not None and value:
                el.value = value
        if html and before and active in typed:
            el = nil(self.dialog_el.querySelector(f"#{active}"))
            if el is not None:
                el.focus()
        self.dialog_drawn = html
        if html and not before:
            first = nil(self.dialog_el.querySelector("#confirm-go")) or \
                nil(self.dialog_el.querySelector(FOCUSABLE))
            if first is not None:
                first.focus()
            return True
        if not html and self.opener:
            # (the first of them in sight: one may be drawn only on a phone, as a long
            # pile's button is)
            found = self.root.querySelectorAll(f'[data-act="{self.opener}"]')
            self.opener = None
            for i in range(found.length):
                if found.item(i).getClientRects().length:
                    found.item(i).focus()
                    return True
        return False

    def _announce(self) -> None:
        """Tell screen readers the moves since last time, in words, and when it becomes the
        person's turn, what they may do (the live region lives outside the redrawn page)."""
        s = self.app.session
        el = nil(js.document.getElementById("announce"))
        if el is None:
            return
        lines = len(s.game.events_for(s.human))     # (counted: only the new are put in words)
        hand, told = self.announced
        if hand != s.game.hand_no:
            told = 0
        words = render.announcement(s, told) if lines > told else ""
        mine = s.human_to_move()
        if mine and not self.was_my_turn:
            self.app.sound.play("turn")
            status = self.drawn.get("status", "")
            words = (words + " " + htmllib.unescape(re.sub(r"<[^>]+>", "", status))).strip()
        self.was_my_turn = mine
        self.announced = (s.game.hand_no, lines)
        if words:
            el.textContent = words

    def _changes(self) -> list:
        """What changed since the last drawing, to animate (a new discard, new melds: each
        [selector, class] for the page to mark, with the drawing) and to hear."""
        s, seen = self.app.session, self.last_seen
        st = s.game
        top = str(st.discard[-1]) if st.discard else None
        marks = []
        if seen["hand"] == st.hand_no:
            if top != seen["top"] and top is not None:
                marks.append([".pile.discard .top", "arrive"])
                self.app.sound.play("card")
            if len(st.table) > seen["melds"]:
                self.app.sound.play("meld")
            over = st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
            if over and not seen.get("over") and st.results:
                w = st.results[-1].get("winner")
                self.app.sound.play("win" if w is not None and w >= 0 and
                           st.side(w) == st.side(s.human) else "lose")
            marks += [[f'[data-meld="{i}"]', "arrive"] for i in range(seen["melds"], len(st.table))]
        # (the log's lines are new since the person last had the move: while others move,
        # each drawing's lines are the last one's and its own, written after them)
        log = len(st.events_for(s.human)) if s.human_to_move() or seen["hand"] != st.hand_no \
            else seen["log"]
        seen.update(log=log, top=top, melds=len(st.table),
                    hand=st.hand_no, over=st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER))
        return marks
