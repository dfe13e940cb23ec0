"""The browser table: PyScript glue between the page and a :class:`Session`.

The page starts it through :mod:`rami.web.start` (``from rami.web.start import main;
main()``), which draws the lobby first; ``from rami.web.app import main; main()`` starts it
at once. It

* draws the lobby and the table as HTML (:mod:`rami.web.render`) into ``#app``: the table
  is a frame of regions, and a redraw replaces only the regions whose HTML changed, so a
  focus, a drag or an open panel elsewhere lives on; dialogs sit in a slot of their own;
* listens with one delegated listener per kind of event (click, change, pointer) on
  ``#app``, never one per card, because cards come and go all game long; keys are heard on
  the whole document, so the game's keys work wherever focus is;
* keeps focus where a keyboard player expects it: on the hand after a deal, inside a dialog
  while it is open (Tab cycles within it, Esc closes it), back where it was after;
* tells screen readers each move in words through a live region that is never redrawn;
* saves the match to ``localStorage`` after every action, and resumes it on reload; a save
  it cannot read is set aside under another key and explained, never crashed on;
* plays the bots on the main thread, one move at a time, sleeping between moves at the
  pace the person chose, so the page never freezes while they think.

This and :mod:`rami.web.embed_app` (the tutorial boards' glue) are the only modules that
talk to the browser (``js``, ``pyodide``).
"""

from __future__ import annotations

import asyncio
import html as htmllib
import json
import re
import traceback

import js
from pyodide.ffi import create_once_callable, create_proxy

from ..checks import read_json
from ..errors import RamiError
from ..scenario import from_deal
from ..state import Phase, default_names
from ..variants import find_variant
from ..words import words_for
from . import render, thinking
from .howto import howto_html
from . import stats as statistics
from .settings import clean as clean_settings, settings_html
from .lobby import default_form
from .session import PERSON, Session, bot_name
from .start import (KEPT_KEY, PREFS_KEY, SAVE_KEY, SET_ASIDE_KEY, STATS_KEY, apply_settings,
                    drop_url_language, fetch_catalogue, load_fonts, load_json, nil, prepare_page, ready,
                    stored as _stored, wanted_language)
from ..i18n import _, available, language, n_

FOCUSABLE = ("button:not([disabled]), a[href], input, select, textarea, "
             "[tabindex]:not([tabindex='-1'])")


class App:
    def __init__(self, root, adopt: str | None = None):
        """The app on ``root``; with ``adopt``, over the lobby :mod:`rami.web.start` drew
        there (that HTML), which it takes over as it is."""
        self.root = root
        self.adopted = adopt is not None
        self.session: Session | None = None
        self.screen = "lobby"
        self.dialog: tuple | None = None     # the open dialog: ("help",), ("scores",) …
        self.opener: str | None = None       # what had focus when it opened
        self.drawn: dict[str, str] = {}      # what each region of the page shows now
        self.dialog_drawn = ""               # what the dialogs' slot shows now
        self.summary_due = False             # a hand's summary waits for the next task
        self.frame: tuple | None = None      # which frame the regions live in
        self.announced = (-1, 0)             # (hand, log lines) told to screen readers
        self.was_my_turn = False
        self.message = ""
        self.notice = ""
        self.thinking = False
        self.bots_running = False
        self.skipping = False               # "Skip to my turn": no pauses until then
        self.worker = None                   # the bots' Web Worker, once it has started
        self.worker_state = "off"            # "off", "starting", "ready", "failed"
        self.focus_act: str | None = None
        self.drag: dict | None = None
        self.suppress_click = False
        self.pending = None                  # a move waiting for the person's confirmation
        self.hint = None                     # (position, Hint) the person asked for
        self.hinting = False
        self.persist = True                  # save to localStorage (not for a ?deal= page)
        self.saved = False                   # did the last save work?
        self.last_seen = {"log": 0, "top": None, "melds": 0, "hand": -1}
        prefs = load_json(PREFS_KEY) or {}
        pace, variant, name = (prefs.get(k) for k in ("pace", "variant", "name"))
        self.pace = pace if pace in ("slow", "normal", "fast", "instant") else "normal"
        self.settings = clean_settings(prefs.get("settings"))
        self.audio = None                    # the Web Audio context, made on first sound
        self.stats = statistics.clean(load_json(STATS_KEY, 200_000))
        self.apply_settings()
        self.form = self._default_form(
            variant if isinstance(variant, str) else "gin",
            name[:40] if isinstance(name, str) and name else _("Player"))
        self._proxies = []
        self.update = "none"                 # a new version: "none", "ready", "later"
        self.update_note = "unsaid"          # its note during a hand: "unsaid", "shown", "done"
        self.update_shown = ""
        if adopt is None:
            root.innerHTML = ('<div id="screen"></div>'
                              '<div id="dialogs" class="dialogs"></div>'
                              '<div id="update" class="update-slot"></div>')
        self.screen_el = root.querySelector("#screen")
        self.dialog_el = root.querySelector("#dialogs")
        self.update_el = root.querySelector("#update")
        if adopt is not None:                # the lobby on the screen is this one
            self.frame, self.drawn = ("lobby",), {"frame": adopt}
        for kind, fn in (("click", self.on_click), ("change", self.on_change),
                         ("pointerdown", self.on_pointerdown), ("dblclick", self.on_dblclick)):
            self._listen(root, kind, fn)
        self._listen(js.document, "keydown", self.on_key)
        self._listen(js.window, "pointermove", self.on_pointermove)
        self._listen(js.window, "pointerup", self.on_pointerup)
        self._listen(js.window, "pointercancel", self.on_pointerup)
        self._listen(js.window, "rami:update-ready", self.on_update_ready)
        self._listen(js.window, "resize", self._fit_melds)
        # (a scroll does not bubble: caught on its way down)
        def scrolled_strip(event):
            target = nil(event.target)
            if attr(target, "id") in ("melds", "opp") or (
                    target is not None and hasattr(target, "classList")
                    and target.classList.contains("act-row")):
                self._melds_scrolled()
        scrolled = create_proxy(scrolled_strip)
        self._proxies.append(scrolled)
        root.addEventListener("scroll", scrolled, True)

    def replay(self, kind: str, event) -> None:
        """Something the player did before the app took the page over, handled now."""
        fn = {"click": self.on_click, "change": self.on_change, "keydown": self.on_key,
              "pointerdown": self.on_pointerdown, "dblclick": self.on_dblclick}[kind]
        try:
            fn(event)
        except Exception as e:         # never let a traceback reach the page
            self._crash(e)

    def _listen(self, target, kind, fn):
        def safe(event):
            try:
                fn(event)
            except Exception as e:     # never let a traceback reach the page
                self._crash(e)
        proxy = create_proxy(safe)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def _crash(self, e: Exception) -> None:
        js.console.error("".join(traceback.format_exception(e)))
        kept = (_("your game is saved up to your last move") if self.saved
                else _("this position is not saved") if not self.persist
                else _("the game could not be saved"))
        self.message = _("Something went wrong ({error}); {kept}.", error=type(e).__name__,
                         kept=kept)
        try:
            self.render()
        except Exception:              # drawing itself failed: say so without Python
            self.frame = None
            self.screen_el.textContent = self.message

    # -- start-up and saves ---------------------------------------------------------------
    def start(self) -> None:
        deal = js.URLSearchParams.new(js.location.search).get("deal")
        if isinstance(deal, str) and deal.strip():
            return self.start_deal(deal)
        raw = _stored(SAVE_KEY)
        if raw is not None:
            try:
                self.session = Session.from_json(raw)
                self.screen = "table"
                self.render()          # a save that loads must also draw
            except Exception as e:     # anything wrong with a save: set it aside, explain
                if not isinstance(e, (RamiError, json.JSONDecodeError)):
                    js.console.error("".join(traceback.format_exception(e)))    # a bug
                if isinstance(e, json.JSONDecodeError):
                    reason = _("It is not readable (not JSON)")
                elif isinstance(e, RamiError):
                    reason = str(e)
                else:
                    reason = _("It could not be read ({error})", error=type(e).__name__)
                self._set_aside(raw)
                self.session, self.screen = None, "lobby"
                self.notice = (_("Your saved game could not be resumed. {reason}. It has been "
                                 "set aside (kept in this browser as '{key}'); start a new game "
                                 "below.", reason=reason.rstrip('.'), key=SET_ASIDE_KEY))
        self._render_or_lobby()
        self.ready()

    def take_over(self) -> None:
        """Start on the lobby :mod:`rami.web.start` drew, for a page that opened with no
        match saved and no ``?deal=`` (the storage is not read again: what another page
        of the site did meanwhile is not this page's start)."""
        self._render_or_lobby()
        self.ready()

    def _set_aside(self, raw: str) -> None:
        try:
            js.localStorage.setItem(SET_ASIDE_KEY, raw)
            js.localStorage.removeItem(SAVE_KEY)
        except Exception:              # storage refused (full, private mode): drop it
            pass

    def _render_or_lobby(self) -> None:
        """Draw the page; if the table cannot be drawn, say so plainly and show the lobby
        (never a traceback on the page)."""
        try:
            self.render()
        except Exception as e:
            js.console.error("".join(traceback.format_exception(e)))
            self.session, self.screen = None, "lobby"
            self.notice = _("This game could not be shown ({error}); start a new game below.",
                            error=type(e).__name__)
            self.render()

    def ready(self) -> None:
        """The page is interactive: tell the tests and the load benchmark, and the start-up
        script (static/boot.js), which then registers the service worker. (A page that
        opened on the lobby said so before the app took it over.)"""
        if not self.adopted:
            ready()
        if js.window.ramiUpdateReady is True:
            self.on_update_ready(None)
        self.kick_bots()

    # -- a new version --------------------------------------------------------------------
    def between_hands(self) -> bool:
        """No hand is being played: no match, or the hand (or the match) is over. Only then
        is a new version offered, since applying it reloads the page."""
        s = self.session
        return s is None or s.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)

    def offer_update(self) -> bool:
        """Offer the new version now (on a hand's summary, or in the lobby)?"""
        return self.update == "ready" and self.between_hands()

    def on_update_ready(self, event) -> None:
        """The service worker has installed a new version in the background."""
        if self.update == "none":
            self.update = "ready"
            self.render()

    def _draw_update(self) -> None:
        """During a hand, a new version is said once, for a few seconds, in a note at the
        top; between hands the lobby and the summary offer it themselves."""
        html = ""
        if self.update == "ready" and not self.between_hands() and self.update_note != "done":
            html = render.update_note()
            if self.update_note == "unsaid":
                self.update_note = "shown"
                js.setTimeout(create_once_callable(lambda: self._hide_note()), 8000)
        if self.update_shown != html:
            self.update_el.innerHTML = html
            self.update_shown = html

    def _hide_note(self) -> None:
        self.update_note = "done"
        self._draw_update()

    def apply_update(self) -> None:
        """The player's word: save, and let the waiting version take over (the page
        reloads and resumes the match from the save)."""
        if not self.between_hands():
            self.say(_("The update will be offered when this hand ends."))
            return
        self.save()
        if js.window.ramiApplyUpdate() is not True:
            self.update = "none"
            self.say(_("The update could not be applied now; it will be on the next start."))

    def start_deal(self, deal: str) -> None:
        """A given position (``?deal=`` in the address: tutorials, tests). It is not saved:
        reloading the page shows the same deal again, and the saved match stays as it was."""
        self.persist = False
        try:
            state = from_deal(deal)
            names = list(state.names)
            if names == default_names(state.n):
                state.names = tuple([self.form["name"]] + [bot_name(i) for i in range(state.n - 1)])
            self.session = Session(state, 0)
            self.screen = "table"
        except Exception as e:         # a page's bad deal must not stop the page
            reason = str(e) if isinstance(e, RamiError) else type(e).__name__
            self.notice = _("The deal in this page's address could not be read. {reason}.",
                            reason=reason.rstrip('.'))
            self.session, self.screen = None, "lobby"
        self._render_or_lobby()
        self.ready()

    def save(self) -> None:
        """Save the match in the browser; ``self.saved`` says whether the last save worked
        (a position from the address is never saved)."""
        if self.session is None or not self.persist:
            self.saved = False
            return
        try:
            js.localStorage.setItem(SAVE_KEY, json.dumps(self.session.to_dict(),
                                                         separators=(",", ":")))
            self.saved = True
            self.count_stats()
        except Exception as e:         # storage full or refused: play on, but say so
            js.console.error("".join(traceback.format_exception(e)))
            self.saved = False
            self.message = _("This browser refused to save the game: it will not be resumed.")

    def save_prefs(self) -> None:
        try:
            js.localStorage.setItem(PREFS_KEY, json.dumps(
                {"pace": self.pace, "variant": self.form["variant"], "name": self.form["name"],
                 "settings": self.settings}))
        except Exception:              # storage refused: the settings last this visit
            pass

    def count_stats(self) -> None:
        """Count the match's new hands (and the match, once over) in the statistics."""
        counted = statistics.record(self.stats, self.session.state)
        if counted != self.stats:
            self.stats = counted
            self._save_stats()

    def _save_stats(self) -> None:
        try:
            js.localStorage.setItem(STATS_KEY, json.dumps(self.stats, separators=(",", ":")))
        except Exception:              # storage refused: they last this visit
            pass

    # -- settings and sound -----------------------------------------------------------------
    def apply_settings(self) -> None:
        """The settings as classes on the page's root element (the stylesheet follows)."""
        apply_settings(self.settings)

    async def _speak(self, code: str) -> None:
        """Switch to a language whose catalogue is fetched first."""
        if await fetch_catalogue(code):
            await load_fonts(code)
            self.apply_settings()
            return self.render()
        self.say(_("This language is not on this device yet: choose it again when you are "
                   "online."))

    def sound(self, kind: str) -> None:
        """A short sound made with the Web Audio API (no audio files), when sound is on:
        ``card`` (a draw or a discard), ``meld``, ``turn`` (your move), ``win``, ``lose``."""
        if not self.settings.get("sound"):
            return
        log = nil(getattr(js.window, "ramiSounds", None))
        if log is not None:
            log.push(kind)
        try:
            if self.audio is None:
                ctor = nil(getattr(js.window, "AudioContext", None)) or \
                    nil(getattr(js.window, "webkitAudioContext", None))
                if ctor is None:
                    return
                self.audio = ctor.new()
            ctx = self.audio
            if ctx.state == "suspended":
                ctx.resume()
            notes = {"card": [(520, 0, .05, "triangle")],
                     "meld": [(660, 0, .09, "sine"), (880, .08, .12, "sine")],
                     "turn": [(740, 0, .12, "sine")],
                     "win": [(523, 0, .12, "sine"), (659, .11, .12, "sine"),
                             (784, .22, .22, "sine")],
                     "lose": [(392, 0, .14, "sine"), (330, .13, .22, "sine")]}[kind]
            t0 = ctx.currentTime
            for freq, at, length, wave in notes:
                osc, gain = ctx.createOscillator(), ctx.createGain()
                osc.type = wave
                osc.frequency.value = freq
                gain.gain.setValueAtTime(0.0001, t0 + at)
                gain.gain.exponentialRampToValueAtTime(0.12, t0 + at + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t0 + at)
                osc.stop(t0 + at + length + 0.02)
        except Exception as e:          # no sound is better than a broken table
            js.console.warn(f"rami: no sound ({type(e).__name__})")

    def _default_form(self, variant: str, name: str = "Player") -> dict:
        return default_form(variant, name)

    # -- drawing --------------------------------------------------------------------------
    def render(self) -> None:
        """Bring the page up to date: the lobby, or the table region by region, and the open
        dialog; then put focus where it belongs and tell screen readers what happened."""
        doc = js.document
        focus = self.focus_act or attr(doc.activeElement, "data-act")
        self.focus_act = None
        if self.screen == "lobby" or self.session is None:
            can_resume = self.session is not None and not self.session.state.is_over
            saved = []
            if can_resume:
                saved.append(("resume", render.match_words(self.session)))
            kept = self.kept()
            if kept is not None:
                saved.append(("resume-kept", render.match_words(kept)))
            self._draw_frame(("lobby",), render.lobby_html(self.form, self.notice, can_resume,
                                                           self.offer_update(), saved,
                                                           self.settings["lang"]))
        elif self.session.needs_handover():
            self.dialog = None               # nothing of the last person's stays on screen
            self._draw_frame(("cover", self.session.state.turn),
                             render.cover_html(self.session))
            focus = "takeover"
            el = nil(js.document.getElementById("announce"))
            if el is not None:               # the live region too: it spoke to the last one
                el.textContent = ""
            self.announced, self.was_my_turn = (-1, 0), False
        else:
            had_summary = bool(self.drawn.get("summary-slot"))
            self._draw_table()
            box = self._open_box()
            if box is not None and not had_summary and self.dialog is None:
                first = nil(box.querySelector(FOCUSABLE))     # a hand's summary takes focus
                if first is not None:
                    focus, self.focus_wanted = attr(first, "data-act"), True
        self._draw_update()
        opened = self._draw_dialog()
        if opened:
            return
        active = nil(doc.activeElement)
        lost = active is None or active == doc.body or not self.root.contains(active)
        if focus and (lost or attr(active, "data-act") != focus):
            el = nil(self.root.querySelector(f'[data-act="{focus}"]'))
            if el is not None and (lost or self.focus_wanted):
                el.focus()
        self.focus_wanted = False
        log = nil(self.root.querySelector("#log-list"))
        if log is not None:
            log.scrollTop = log.scrollHeight

    focus_wanted = False

    def _draw_frame(self, key: tuple, html: str) -> None:
        if self.frame != key or self.drawn.get("frame") != html:
            self.screen_el.innerHTML = html
            self.frame, self.drawn = key, {"frame": html}
            js.window.scrollTo(0, 0)            # a new screen opens at its top

    def _draw_table(self) -> None:
        s = self.session
        st = s.state
        new_from = self.last_seen["log"] if self.last_seen["hand"] == st.hand_no else 0
        offer = self.offer_update()
        if self.hint is not None and (self.hint[0] != self._position() or (
                self.hint[2] and tuple(sorted(s.selected)) != self.hint[2])):
            self.hint = None        # the game moved on, or its cards are no longer selected
        hint = not self.message and self.hint is not None
        message = render.hint_line(self.hint[1]) if hint else self.message
        regions = render.table_regions(s, self.pace, message, self.thinking, new_from, offer,
                                       hint)
        key = ("table", id(s), st.variant.name, st.n, language())
        if self.frame != key:
            self.screen_el.innerHTML = render.table_html(s, self.pace, message,
                                                         self.thinking, new_from, offer, hint)
            self.frame, self.drawn = key, dict(regions)
            js.window.scrollTo(0, 0)
        else:
            for name, html in regions.items():
                if name == "summary-slot" and html and not self.drawn.get(name) \
                        and not self.summary_due:
                    # a hand's end: the table first, its summary (the largest drawing of
                    # all) in a task of its own, so that neither makes a long one
                    self.summary_due = True
                    js.setTimeout(create_once_callable(lambda: self.render()), 0)
                    continue
                if name == "summary-slot":
                    self.summary_due = False
                if self.drawn.get(name) != html:
                    el = nil(self.screen_el.querySelector(f"#{name}"))
                    if el is not None:
                        el.innerHTML = html
                    self.drawn[name] = html
        table = nil(self.screen_el.querySelector("#table"))
        if table is not None:
            table.className = render.table_class(s)
            for k, v in render.table_data(s).items():
                table.setAttribute(f"data-{k}", v)
        self._fit_melds()
        self._mark_changes()
        self._mark_hint()
        self._announce()
        self._show_turn()

    def _menu(self, open_: bool) -> None:
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

    def _fit_melds(self, event=None) -> None:
        """Every meld in sight: the melds' cards shrink (to half their size at most) until all
        the melds fit the room the table leaves them; past that (a phone, a crowded table)
        the area scrolls and its foot says so, until the last meld is reached."""
        el = nil(self.screen_el.querySelector("#melds"))
        if el is None:
            return
        style = el.style

        def over() -> bool:
            return el.scrollHeight > el.clientHeight + 2
        # (one reading in the usual case, full size with room to spare; shrunk cards that
        # now fit may have room to grow, so they start again from full size)
        fit = float(style.getPropertyValue("--fit") or 1)
        if fit < 1 and not over():
            fit = 1.0
            style.setProperty("--fit", "1")
        # (on a phone the cards are small already: less shrinking, then the area scrolls)
        least = 0.55 if js.window.innerWidth > 760 else 0.8
        while over() and fit > least + 0.01:
            fit = round(fit - 0.1, 2)
            style.setProperty("--fit", str(fit))
        el.classList.toggle("overflows", over())
        for strip in self._strips():        # the opponents, the buttons: swiped sideways
            strip.classList.toggle("overflows", strip.scrollWidth > strip.clientWidth + 2)
        self._melds_scrolled()

    def _strips(self) -> list:
        return [el for el in (nil(self.screen_el.querySelector("#opp")),
                              nil(self.screen_el.querySelector("#actions .act-row")))
                if el is not None]

    def _melds_scrolled(self, event=None) -> None:
        """Where a strip that scrolls has reached its end, its sign that there is more goes."""
        el = nil(self.screen_el.querySelector("#melds"))
        if el is not None:
            el.classList.toggle("at-end",
                                el.scrollTop + el.clientHeight >= el.scrollHeight - 4)
            sign = nil(el.querySelector(".more-melds span"))
            if sign is not None and el.classList.contains("overflows"):
                # how much is below: the melds not yet in sight
                bottom = el.getBoundingClientRect().bottom - 8
                below = sum(1 for m in el.querySelectorAll(".meld, .group")
                            if m.getBoundingClientRect().top > bottom)
                sign.textContent = (n_("▾ {n} more meld below: scroll",
                                       "▾ {n} more melds below: scroll", below) if below
                                    else _("▾ more below: scroll"))
        for strip in self._strips():
            strip.classList.toggle("at-end",
                                   strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 4)

    def _position(self) -> tuple:
        st = self.session.state
        return (id(self.session), st.hand_no, len(st.history))

    def _mark_hint(self) -> None:
        """Light up the hinted move: its cards in the hand, and its button or pile."""
        for el in list(self.screen_el.querySelectorAll(".hinted")):
            el.classList.remove("hinted")
        if self.hint is None:
            return
        s, h = self.session, self.hint[1]
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

    async def run_hint(self) -> None:
        """Ask the Expert for the person's move, thinking in slices like the bots."""
        s = self.session
        if s is None or not s.human_to_move() or self.hinting:
            return
        self.hinting = True
        where = self._position()
        try:
            self.message = _("Thinking of a hint…")
            self.render()
            await asyncio.sleep(0)
            found = await sliced(s.hint_steps())
            if self.session is s and self._position() == where:
                self.message = ""
                # the move's cards are selected, so its lit button plays it in one press
                picked = s.positions_of(found.cards)
                if picked:
                    s.selected = picked
                # (kept while that selection stands: unselect them, and the hint is gone)
                self.hint = (where, found, tuple(sorted(s.selected)))
                self.render()
        except Exception as e:
            self._crash(e)
        finally:
            self.hinting = False

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
        d, s = self.dialog, self.session
        if d is None:
            return ""
        kind = d[0]
        if kind == "help":
            return render.help_html(s.table if s is not None and self.screen == "table"
                                    else None)
        if kind == "newgame" and s is not None:
            kept = self.kept()
            return render.newgame_html(s, kept)
        if kind == "stats":
            return statistics.stats_html(self.stats, confirm=d[1:] == ("confirm",))
        if kind == "settings":
            return settings_html(self.settings, self.pace, render.PACES)
        if kind == "howto":
            if s is not None and self.screen == "table":
                return howto_html(s.state.variant.name, s.state.options, at_table=True)
            return howto_html(self.form["variant"], self.form["options"])
        if kind == "confirm":
            html = render.confirm_html(*d[1:])
            return words_for(s.state.variant).html(html) if s is not None else html
        if kind == "table" and s is not None:
            return words_for(s.state.variant).html(s.table.dialog(s, d[1]))
        if kind == "scores" and s is not None:
            return words_for(s.state.variant).html(render.scores_html(s))
        return ""

    def _draw_dialog(self) -> bool:
        """Draw the open dialog if it changed (an open panel is not rebuilt for nothing);
        returns True when a dialog has just opened and taken focus."""
        html = self._dialog_html()
        if not html and self.dialog is not None:
            self.dialog = None
        before = self.dialog_drawn      # (kept apart: a new frame forgets self.drawn)
        if html == before:
            return False
        self.dialog_el.innerHTML = html
        self.dialog_drawn = html
        if html and not before:
            first = nil(self.dialog_el.querySelector("#confirm-go")) or \
                nil(self.dialog_el.querySelector(FOCUSABLE))
            if first is not None:
                first.focus()
            return True
        if not html and self.opener:
            el = nil(self.root.querySelector(f'[data-act="{self.opener}"]'))
            self.opener = None
            if el is not None:
                el.focus()
                return True
        return False

    def open_dialog(self, dialog: tuple) -> None:
        self.opener = self.opener if self.dialog else \
            attr(js.document.activeElement, "data-act")
        self.dialog = dialog
        self.render()

    def close_dialog(self) -> None:
        self.dialog, self.pending = None, None
        self.render()

    def _announce(self) -> None:
        """Tell screen readers the moves since last time, in words, and when it becomes the
        person's turn, what they may do (the live region lives outside the redrawn page)."""
        s = self.session
        el = nil(js.document.getElementById("announce"))
        if el is None:
            return
        lines = len(s.log_lines())
        hand, told = self.announced
        if hand != s.state.hand_no:
            told = 0
        words = render.announcement(s, told) if lines > told else ""
        mine = s.human_to_move()
        if mine and not self.was_my_turn:
            self.sound("turn")
            status = self.drawn.get("status", "")
            words = (words + " " + htmllib.unescape(re.sub(r"<[^>]+>", "", status))).strip()
        self.was_my_turn = mine
        self.announced = (s.state.hand_no, lines)
        if words:
            el.textContent = words

    def _mark_changes(self) -> None:
        """Animate what changed since the last drawing: a new discard, new melds, log lines."""
        s, seen = self.session, self.last_seen
        st = s.state
        top = str(st.discard[-1]) if st.discard else None
        if seen["hand"] == st.hand_no:
            if top != seen["top"] and top is not None:
                el = nil(self.root.querySelector(".pile.discard .top"))
                if el is not None:
                    el.classList.add("arrive")
                self.sound("card")
            if len(st.table) > seen["melds"]:
                self.sound("meld")
            over = st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
            if over and not seen.get("over") and st.results:
                w = st.results[-1].get("winner")
                self.sound("win" if w is not None and w >= 0 and
                           st.side(w) == st.side(s.human) else "lose")
            for i in range(seen["melds"], len(st.table)):
                el = nil(self.root.querySelector(f'[data-meld="{i}"]'))
                if el is not None:
                    el.classList.add("arrive")
        seen.update(log=len(st.events_for(s.human)), top=top, melds=len(st.table),
                    hand=st.hand_no, over=st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER))

    def say(self, message: str) -> None:
        self.message = message
        self.render()

    # -- events ---------------------------------------------------------------------------
    def on_click(self, event) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        el = closest(event.target, "[data-act]")
        if el is None and nil(self.screen_el.querySelector("#top.menu-open")) is not None:
            self._menu(False)                   # a tap beside the open menu closes it
        if el is None or getattr(el, "disabled", False) is True:
            return
        if el.tagName == "A":
            event.preventDefault()
        self.act(attr(el, "data-act"))

    def act(self, act: str) -> None:
        s = self.session
        top = nil(self.screen_el.querySelector("#top"))
        if act == "menu" and top is not None:
            return self._menu(not top.classList.contains("menu-open"))
        if top is not None and top.classList.contains("menu-open"):
            self._menu(False)               # a choice made (or a tap elsewhere) closes it
        if act.startswith("variant:"):
            self.form = self._default_form(act.split(":", 1)[1], self.form["name"])
            self.save_prefs()
            return self.render()
        if act == "start":
            return self.start_match()
        if act == "skip-bots":
            self.skipping = True            # until the person's turn: no pauses
            return None
        if act == "rematch" and s is not None and s.state.phase == Phase.MATCH_OVER:
            return self.rematch()
        if act in ("newgame-keep", "newgame-replace"):
            self.dialog = None
            return self.start_match("keep" if act == "newgame-keep" else "replace")
        if act == "resume-kept":
            return self.resume_kept()
        if act == "update":
            return self.apply_update()
        if act == "update-later":
            self.update = "later"
            return self.render()
        if act == "update-hide":
            return self._hide_note()
        if act == "takeover" and s is not None and s.needs_handover():
            s.hand_over_to(s.state.turn)
            self.message, self.hint = "", None
            self.last_seen = {"log": 0, "top": None, "melds": 0, "hand": -1}
            self.save()
            self.focus_hand()
            return self.render()
        if act == "resume":
            self.screen = "table"
            self.focus_hand()
            self.render()
            return self.kick_bots()
        if act == "lobby":
            self.screen, self.dialog, self.notice = "lobby", None, ""
            self.focus_act = "start"
            return self.render()
        if act == "help":
            return self.open_dialog(("help",))
        if act == "howto":
            return self.open_dialog(("howto",))
        if act == "settings":
            return self.open_dialog(("settings",))
        if act == "stats":
            return self.open_dialog(("stats",))
        if act == "stats-reset":
            self.focus_act = "stats-reset-yes"
            return self.open_dialog(("stats", "confirm"))
        if act == "stats-reset-yes":
            self.stats = statistics.clean(None)
            # the matches under way count on from here, not from their start
            if self.session is not None:
                self.stats = statistics.record(self.stats, self.session.state)
                self.stats["variants"].clear()
            self._save_stats()
            return self.open_dialog(("stats",))
        if act == "scores" and s is not None:
            return self.open_dialog(("scores",))
        if act.startswith("dialog:") and s is not None and self.screen == "table":
            return self.open_dialog(("table", act.split(":", 1)[1]))
        if act == "close":
            return self.close_dialog()
        if act.startswith("confirm:"):
            action, self.pending, self.dialog = self.pending, None, None
            if action is None or s is None:
                return self.render()
            return self.play(action)
        if s is None or self.screen != "table":
            return
        self.message = ""
        if act == "skip":
            self.focus_hand()
            return self.render()
        if act == "hint":
            if not s.human_to_move():
                return self.say(_("A hint is for your turn."))
            asyncio.ensure_future(self.run_hint())
            return
        if act == "undo":
            try:
                s.undo()
            except RamiError as e:
                return self.say(str(e))
            self.hint = None
            self.save()
            self.focus_act = "undo" if s.can_undo() else None
            return self.render()
        if act.startswith("card:"):
            pos = int(act.split(":")[1])
            s.checkpoint()
            s.toggle(pos)
            s.cursor = pos
            self.focus_act, self.focus_wanted = act, True
            return self.render()
        if act.startswith("sort:"):
            s.checkpoint()
            s.sort(act.split(":")[1])
            self.save()
            return self.render()
        if act == "group":
            try:
                s.checkpoint()
                s.group_selected()
            except RamiError as e:
                return self.say(str(e))
            self.save()
            return self.render()
        if act == "next":
            s.next_hand()
            self.save()
            self.focus_hand()
            self.render()
            return self.kick_bots()
        kind, _x, arg = act.partition(":")
        if kind in s.table.acts:
            s.checkpoint()
            try:
                action = s.table.act(s, kind, arg)
            except RamiError as e:
                if s.undo_stack:
                    s.undo_stack.pop()
                return self.say(str(e))
            if action is not None and s.undo_stack:
                s.undo_stack.pop()              # the move itself is what can be undone
            if action is None:              # only what is picked, or the hand's order
                self.save()
                self.focus_act, self.focus_wanted = act, True
                return self.render()
            self.dialog = None
            return self.play(action)
        if act.startswith("meld:"):
            try:
                action = s.table.meld_tap(s, int(act.split(":")[1]))
            except RamiError as e:
                return self.say(str(e))
            return self.play(action)
        if act == "take" and s.state.phase == Phase.PLAY and len(s.selected) == 1:
            act = "btn:discard"            # a selected card dropped on the pile
        name = act.split(":", 1)[1] if act.startswith("btn:") else act
        self.press(name)

    def press(self, name: str) -> None:
        """An action button (or the pile it stands for): play it, or say why not."""
        s = self.session
        if not s.human_to_move():
            if s.state.phase == Phase.HAND_OVER and name == "done":
                return self.act("next")
            return self.say(_("Wait for {who}'s move.", who=s.state.names[s.state.turn])
                            if s.bot_to_move() else "")
        choice = next((c for c in s.choices() if c.name == name), None)
        if choice is None:
            return self.say(s.not_now(name))
        if choice.dialog:
            return self.open_dialog(("table", choice.dialog))
        if choice.action is None:
            return self.say(choice.reason or s.select_first(name))
        if choice.confirm:
            self.pending = choice.action
            return self.open_dialog(("confirm", choice.confirm, name, choice.label))
        self.play(choice.action)

    def play(self, action) -> None:
        try:
            self.session.play(action)
        except RamiError as e:
            return self.say(str(e))
        self.save()
        self.render()
        self.kick_bots()

    def running(self) -> bool:
        """Is a match under way that starting another would lose?"""
        s = self.session
        return s is not None and self.persist and not s.state.is_over

    def kept(self) -> Session | None:
        """The match kept in the second slot, if there is one that can be read."""
        raw = _stored(KEPT_KEY)
        if raw is None:
            return None
        if getattr(self, "_kept", (None, None))[0] != raw:
            try:
                self._kept = (raw, Session.from_json(raw))
            except Exception:          # unreadable: it is not offered (and stays stored)
                self._kept = (raw, None)
        return self._kept[1]

    def keep_running(self) -> None:
        """Put the running match in the second slot (what was there gives way)."""
        js.localStorage.setItem(KEPT_KEY, json.dumps(self.session.to_dict(),
                                                     separators=(",", ":")))

    def resume_kept(self) -> None:
        """Resume the kept match; a running one takes its place in the second slot."""
        kept = self.kept()
        if kept is None:
            return self.say(_("The kept match could not be read."))
        try:
            if self.running():
                self.keep_running()
            else:
                js.localStorage.removeItem(KEPT_KEY)
        except Exception as e:
            js.console.error(str(e))
            return self.say(_("This browser refused to keep the running match; it stays."))
        self._kept = (None, None)
        self._open_match(kept)

    def _open_match(self, session: Session) -> None:
        """Sit at ``session``'s table: saved, focus on the hand, the bots going."""
        self.session, self.screen, self.dialog, self.message, self.notice = \
            session, "table", None, "", ""
        self.persist = True
        self.last_seen = {"log": 0, "top": None, "melds": 0, "hand": -1}
        self.save()
        self.save_prefs()
        self.focus_hand()
        self.render()
        self.kick_bots()

    def start_match(self, confirmed: str = "") -> None:
        """Deal a new match from the lobby's form. A match under way is never lost: the
        person is asked first, and may keep it in the second slot."""
        if self.running() and not confirmed:
            return self.open_dialog(("newgame",))
        if confirmed == "keep":
            try:
                self.keep_running()
            except Exception:
                return self.say(_("This browser refused to keep the running match."))
            self._kept = (None, None)
        f = self.form
        var = find_variant(f["variant"])
        n = int(f["players"])
        names = [f["name"].strip() or _("Player")] + f["bot_names"][:n - 1]
        levels = {i + 1: f["levels"][i] for i in range(n - 1)}
        options = {k: v for k, v in f["options"].items()
                   if k in {o.name for o in var.OPTIONS}}
        try:
            session = Session.new(var.name, names, options, levels)
        except RamiError as e:
            self.notice = str(e)
            return self.render()
        self._open_match(session)

    def rematch(self) -> None:
        """The match just ended, again: the same players, seats, levels and house rules,
        a new shuffle."""
        st = self.session.state
        s = self.session
        levels = {i: PERSON if i in s.humans else s.levels.get(i, "good")
                  for i in range(st.n) if i != 0}
        try:
            session = Session.new(st.variant.name, list(st.names), dict(st.options), levels)
        except RamiError as e:
            return self.say(str(e))
        self._open_match(session)

    def focus_hand(self) -> None:
        """Put focus on the person's hand (its card at the cursor) at the next drawing."""
        s = self.session
        if s is not None and s.order:
            s.cursor = max(0, min(s.cursor, len(s.order) - 1))
            self.focus_act, self.focus_wanted = f"card:{s.cursor}", True

    def on_change(self, event) -> None:
        el = event.target
        field = attr(el, "data-field")
        opt = attr(el, "data-opt")
        if field == "pace":
            self.pace = el.value
            self.save_prefs()
            return self.render()
        if field == "lang" or (field and field.startswith("set:")):
            name = field.split(":", 1)[1] if ":" in field else "lang"
            raw = dict(self.settings)
            raw[name] = bool(el.checked) if attr(el, "type") == "checkbox" else str(el.value)
            self.settings = clean_settings(raw)
            if name == "lang":
                drop_url_language()          # the menu's choice now, not the address's
                code = wanted_language(self.settings)
                if not available(code):      # its catalogue first (fetched once, then kept)
                    self.save_prefs()
                    asyncio.ensure_future(self._speak(code))
                    return
            self.apply_settings()
            self.save_prefs()
            if name == "sound" and self.settings["sound"]:
                self.sound("turn")           # made in a gesture, so the browser lets it play
            return self.render()
        if field == "name":
            self.form["name"] = el.value[:16]
            return self.save_prefs()
        if field == "players":
            self.form["players"] = int(el.value)
            var = find_variant(self.form["variant"])
            self.form["options"] = var.fit_options(self.form["players"],
                                                   dict(self.form["options"]))
            return self.render()
        if field and field.startswith("level:"):
            i = int(field.split(":")[1])
            was = self.form["levels"][i] == PERSON
            self.form["levels"][i] = el.value
            if was != (el.value == PERSON):  # a person's seat gets a name field
                self.render()
                again = nil(self.root.querySelector(f'[data-field="{field}"]'))
                if again is not None:
                    again.focus()
            return
        if field and field.startswith("seatname:"):
            i = int(field.split(":")[1])
            self.form["bot_names"][i] = el.value.strip()[:16] or bot_name(i)
            return
        if opt:
            self.form["rules_open"] = True       # keep the rules open while they are edited
            var = find_variant(self.form["variant"])
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
            self.form["options"][opt] = value

    def on_dblclick(self, event) -> None:
        el = closest(event.target, ".hand-card")
        s = self.session
        if el is None or s is None or s.state.phase != Phase.PLAY or not s.human_to_move():
            return
        s.selected = [int(attr(el, "data-pos"))]
        self.press("discard")

    def on_key(self, event) -> None:
        """Keys, heard on the whole document: the game's keys work wherever focus is (not
        while typing in a field); inside a dialog, Tab stays in it and Esc closes it."""
        target = nil(event.target)
        tag = str(getattr(target, "tagName", "") or "")
        key = event.key
        box = self._open_box()
        if key == "Tab" and box is not None:
            return self._trap_tab(event, box)
        if key == "Escape":
            top = nil(self.screen_el.querySelector("#top.menu-open"))
            if top is not None:
                self._menu(False)
                btn = nil(top.querySelector('[data-act="menu"]'))
                return btn.focus() if btn is not None else None
            if self.dialog is not None:
                event.preventDefault()
                return self.close_dialog()
            if self.session is not None and self.session.selected:
                self.session.selected = []
                return self.render()
            return
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if (event.ctrlKey or event.metaKey) and key.lower() == "z" and not event.altKey \
                and self.session is not None and self.screen == "table" \
                and self.dialog is None:
            event.preventDefault()
            return self.act("undo")
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if key == "?":
            return self.act("help")
        s = self.session
        if s is None or self.screen != "table" or self.dialog is not None:
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
                self.save()
            else:
                new = max(0, min(len(s.order) - 1, pos + step)) if pos_el is not None else pos
            s.cursor = new
            self.focus_act, self.focus_wanted = f"card:{new}", True
            return self.render()
        if low == "h":
            self.focus_hand()
            return self.render()
        if low == "i":
            return self.act("hint")
        if low == "s" and s.bot_to_move():
            return self.act("skip-bots")
        if low == "u":
            return self.act("undo")
        if low == "n":
            if s.state.phase == Phase.HAND_OVER:
                return self.act("next")
            return self.press("done")
        if low in s.table.keys:
            event.preventDefault()
            return self.act(s.table.keys[low])

    def _open_box(self):
        """The dialog that holds focus now (an open dialog, or the hand's summary)."""
        box = nil(self.dialog_el.querySelector("[role=dialog]"))
        if box is None and self.screen == "table":
            box = nil(self.screen_el.querySelector("#summary-slot [role=dialog]"))
        return box

    def _trap_tab(self, event, box) -> None:
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

    # -- dragging cards -------------------------------------------------------------------
    def on_pointerdown(self, event) -> None:
        el = closest(event.target, ".hand-card")
        if el is None or event.button != 0:
            return
        self.drag = {"pos": int(attr(el, "data-pos")), "x": event.clientX,
                     "y": event.clientY, "el": el, "moved": False}

    def on_pointermove(self, event) -> None:
        d = self.drag
        if d is None:
            return
        dx, dy = event.clientX - d["x"], event.clientY - d["y"]
        if not d["moved"] and dx * dx + dy * dy < 64:
            return
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
        if d is None or not d["moved"]:
            return
        self.suppress_click = True
        # the click that ends a drag is swallowed; if none comes (dropped outside the page),
        # the next real click must not be
        js.setTimeout(create_once_callable(lambda: setattr(self, "suppress_click", False)), 0)
        self.root.classList.remove("is-dragging")
        s = self.session
        target = self._drop_target(event)
        pos = d["pos"]
        if target is None:
            return self.render()
        if target.classList.contains("hand-group"):
            group = int(attr(target, "data-group"))
            x = event.clientX
            inside = [c for c in target.querySelectorAll(".hand-card")
                      if int(attr(c, "data-pos")) != pos]
            index = sum(1 for c in inside if (c.getBoundingClientRect().left +
                                              c.getBoundingClientRect().width / 2) < x)
            s.checkpoint()
            s.move_to_group(pos, group, index)
            self.save()
            return self.render()
        if target.classList.contains("hand"):
            cards = list(self.root.querySelectorAll(".hand-card"))
            x = event.clientX
            new = sum(1 for i, c in enumerate(cards) if i != pos and
                      (c.getBoundingClientRect().left + c.getBoundingClientRect().width / 2) < x)
            s.checkpoint()
            s.move_card(pos, new)
            self.save()
            return self.render()
        s.selected = [pos]
        if target.classList.contains("discard"):
            return self.press("discard")
        meld = attr(target, "data-meld")
        if meld is not None:
            return self.act(f"meld:{meld}")
        self.render()

    # -- the bots -------------------------------------------------------------------------
    def kick_bots(self) -> None:
        if self.session is not None and self.session.bots:
            self.start_worker()            # at a table with bots: ready by their first move
        if self.session is not None and self.session.bot_to_move() and not self.bots_running:
            asyncio.ensure_future(self.run_bots())

    def start_worker(self) -> None:
        """Boot the bots' Web Worker (its own Pyodide) at the first table with bots; until
        it is ready, and if it ever fails, the bots think here in slices. ``?bots=page``
        keeps them on the page's thread (for comparison)."""
        if self.worker_state != "off":
            return
        if js.URLSearchParams.new(js.location.search).get("bots") == "page":
            self._worker_is("page")
            return
        self._worker_is("starting")
        asyncio.ensure_future(self._boot_worker())

    async def _boot_worker(self) -> None:
        try:
            from pyscript import create_named_worker
            self.worker = await create_named_worker(WORKER_SRC, "rami-bots", "./pyscript.toml")
            self._worker_is("ready")
        except Exception as e:          # no worker: the page's thread will do
            js.console.warn(f"rami: the bots' worker did not start ({type(e).__name__}: {e}); "
                            "the bots think on the page's thread")
            self.worker = None
            self._worker_is("failed")

    def _worker_is(self, what: str) -> None:
        self.worker_state = what
        js.document.documentElement.dataset.bots = what      # for tests and benchmarks

    async def bot_move(self, s: Session, spent: list):
        """Work out and play the move of the bot whose turn it is: in the worker when it is
        ready, else (or if its answer is no legal move here) on this thread in slices.
        Returns False when the table changed meanwhile (a new game, a reload of a save)."""
        if self.worker is not None:
            before = len(s.state.history)
            t0 = js.performance.now()
            worker, asked = self.worker, s.bot_request()

            async def ask():
                return await worker.decide(asked)
            try:
                reply = await asyncio.wait_for(ask(), WORKER_TIMEOUT)
            except Exception as e:       # failed, or silent too long: think here from now on
                js.console.warn(f"rami: the bots' worker failed ({type(e).__name__}); "
                                "the bots think on the page's thread")
                self.worker = None
                self._worker_is("failed")
                reply = None
            spent[0] += js.performance.now() - t0
            if self.session is not s or len(s.state.history) != before \
                    or not s.bot_to_move():
                return False
            action = thinking.answer(s.state, reply if isinstance(reply, str) else None)
            if action is not None:
                s.play_bot(action)
                _record("ramiWorkerMoves", t0, js.performance.now())
                return True
        await sliced(s.bot_steps(), spent)
        return True

    async def run_bots(self) -> None:
        """Bot moves, one at a time, with a pause between them (the page stays live).

        For the benchmarks, ``window.ramiBotMoves`` gets each move's [start, end] (the bot's
        thinking plus drawing the table, without the pause between them) and
        ``window.ramiBotSpans`` each stretch of bot turns.
        """
        self.bots_running = True
        began = js.performance.now()
        self.skipping = False
        try:
            s = self.session
            while self.session is s and s.bot_to_move() and self.screen == "table":
                self.thinking = True
                self.render()
                await asyncio.sleep(0 if self.skipping else
                                    render.pace_seconds(self.pace, s.state.n))
                if self.session is not s or not s.bot_to_move() or self.screen != "table":
                    break
                t0 = js.performance.now()
                thought = [0.0]
                if not await self.bot_move(s, thought):
                    continue
                _record("ramiBotThinks", t0, t0 + thought[0])
                # drawing is a task of its own, so thinking and drawing never add up to one
                # long task
                await asyncio.sleep(0)
                t1 = js.performance.now()
                self.thinking = False
                self.render()
                _record("ramiBotMoves", t0, t0 + thought[0] + js.performance.now() - t1)
                await asyncio.sleep(0)
        except Exception as e:
            self._crash(e)
        finally:
            self.bots_running = False
            self.thinking = False
            self.skipping = False
            # saved once a stretch of bot moves ends: bots are reseeded from the position,
            # so a reload from the stretch's start replays the very same moves
            self.save()
        if self.session is not None and self.screen == "table":
            self.render()
        _record("ramiBotSpans", began, js.performance.now())


WORKER_SRC = "./static/bots.py"   # the bots' worker (it reads the same pyscript.toml)
WORKER_TIMEOUT = 20  # seconds without an answer before the bots think on the page instead
SLICE_MS = 25        # a bot thinks this long at most before the page may draw and listen
TASK_MS = 40         # ... and starts no step that, as long as its longest, would pass this


async def sliced(steps, spent: list | None = None):
    """Run a generator of thinking steps (:meth:`rami.bots.Bot.think`) in slices of about
    ``SLICE_MS``, giving the page a turn between slices; its return value. A slice ends
    early when the longest step seen so far would carry it past ``TASK_MS``, so a long step
    runs in a task of its own. ``spent[0]`` gets the time spent thinking (the slices,
    without the pauses)."""
    clock = js.performance.now
    longest = 0.0
    while True:
        start = clock()
        try:
            while True:
                t = clock()
                next(steps)
                now = clock()
                longest = max(longest, now - t)
                if now - start >= SLICE_MS or now - start + longest > TASK_MS:
                    break
        except StopIteration as done:
            if spent is not None:
                spent[0] += clock() - start
            return done.value
        if spent is not None:
            spent[0] += clock() - start
        await asyncio.sleep(0)


def _record(name: str, start: float, end: float) -> None:
    target = getattr(js.window, name, None)
    if nil(target) is not None:
        target.push(js.Array.of(start, end))


def closest(el, selector: str):
    """The nearest ancestor-or-self of ``el`` matching ``selector``, or None."""
    el = nil(el)
    if el is None or not hasattr(el, "closest"):
        return None
    return nil(el.closest(selector))


def attr(el, name: str) -> str | None:
    el = nil(el)
    if el is None or not hasattr(el, "getAttribute"):
        return None
    value = nil(el.getAttribute(name))
    return None if value is None else str(value)


def main() -> App:
    prepare_page()
    app = App(js.document.getElementById("app"))
    try:
        app.start()
    except Exception as e:            # never a traceback on the page
        js.console.error("".join(traceback.format_exception(e)))
        app.root.textContent = _("rami could not start ({error}). Reload the page; if it "
                                 "happens again, clear this site's data.",
                                 error=type(e).__name__)
        js.document.body.dataset.ready = "1"
    return app
