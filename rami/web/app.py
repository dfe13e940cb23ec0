"""The browser table: the app that holds a match at this device and plays it.

The page starts it through :mod:`rami.web.start` (``from rami.web.start import main;
main()``), which draws the lobby first; ``from rami.web.app import main; main()`` starts it
at once. The app holds what the person is doing (the screen, the match, the open dialog,
the lobby's form, a hint, a move waiting for confirmation) and turns each of their actions
(:meth:`App.act`) into a change of the match; the rest lives in modules of its own:

* :mod:`rami.web.input` hears the page (clicks, keys, changes, drags) and calls ``act``;
* :mod:`rami.web.drawing` draws the lobby, the table and the dialogs, keeps focus where a
  keyboard player expects it, and tells screen readers each move;
* :mod:`rami.web.seats`: who plays each seat (a person here, a bot in the worker of
  :mod:`rami.web.worker`); while it is not a person's turn here, the app asks that seat to
  move and draws the table between moves, at the pace the person chose;
* :mod:`rami.web.storage` keeps the match (after every action; resumed on reload; a save it
  cannot read is set aside and explained, never crashed on), the preferences and the
  statistics; :mod:`rami.web.updates` offers a new version; :mod:`rami.web.sound` plays.

This and :mod:`rami.web.embed_app` (the tutorial boards' glue) are the only modules that
run the page (``js``, ``pyodide``); the others that touch it do so for them.
"""

from __future__ import annotations

import asyncio
import json
import traceback

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from ..errors import RamiError
from ..room import REACTIONS
from ..scenario import from_deal
from ..state import Phase, default_names
from ..variants import find_variant
from . import earlier, render
from .commands import ANY, HOST, MATCH, REMOTE, TABLE, find
from . import stats as statistics
from .drawing import Drawing
from .input import Input
from .lobby import DEFAULT_GAME, default_form
from .page import (apply_settings, attr, fetch_catalogue, load_fonts, nil, prepare_page, ready,
                   started)
from .seats import seats_for
from .session import FRIEND, PERSON, Session, bot_name
from .settings import clean as clean_settings
from .sound import Sound
from .storage import (EARLIER_KEY, PREFS_KEY, SAVE_KEY, SET_ASIDE_KEY, STATS_KEY, KeptSlot,
                      load_json, put_quietly, save_match, set_aside, stored)
from .updates import Updates
from .worker import BotWorker, record, sliced
from ..i18n import _, language


def copy_field(element_id: str) -> None:
    """Select a field's text and copy it (where there is no clipboard, it stays selected for
    the person to copy)."""
    field = nil(js.document.getElementById(element_id))
    if field is not None:
        field.select()
        try:
            js.navigator.clipboard.writeText(field.value)
        except Exception:
            pass


def download(name: str, text: str) -> None:
    """Save ``text`` as a file called ``name`` (the browser's download; nothing is sent)."""
    blob = js.Blob.new(to_js([text]), to_js({"type": "text/plain;charset=utf-8"},
                                            dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href, link.download = url, name
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)


REACTION_MS = 4000          # how long a quick reaction shows beside its seat
REACTION_GAP_MS = 1000      # the person's reactions, one a second at most


class App:
    def __init__(self, root, adopt: str | None = None):
        """The app on ``root``; with ``adopt``, over the lobby :mod:`rami.web.start` drew
        there (that HTML), which it takes over as it is."""
        self.root = root
        self.adopted = adopt is not None
        self.session: Session | None = None
        self.seats: list = []                # who plays each seat of the session's table
        self.screen = "lobby"
        self.dialog: tuple | None = None     # the open dialog: ("help",), ("scores",) …
        self.message = ""
        self.notice = ""
        self.thinking = False
        self.others_moving = False           # the seats not played here are moving
        self.skipping = False               # "Skip to my turn": no pauses until then
        self.focus_act: str | None = None    # what gets focus at the next drawing
        self.focus_wanted = False            # ... even when focus is elsewhere on the page
        self.pending = None                  # a move waiting for the person's confirmation
        self.hint = None                     # (position, Hint) the person asked for
        self.hinting = False
        self.persist = True                  # save to localStorage (not for a ?deal= page)
        self.host = None                     # friends at this table: the room (friends.py)
        self.remote = None                   # this page is a friend's: its connection
        self.shared: dict | None = None      # the hand shared last (rami.web.share)
        self._reactions_shown = 0            # (the latest reaction shown: it fades alone)
        self._reacted_at = 0                 # when the person last reacted
        self.saved = False                   # did the last save work?
        prefs = load_json(PREFS_KEY) or {}
        pace, variant, name = (prefs.get(k) for k in ("pace", "variant", "name"))
        self.pace = pace if pace in ("slow", "normal", "fast", "instant") else "normal"
        self.settings = clean_settings(prefs.get("settings"))
        self.stats = statistics.clean(load_json(STATS_KEY, 200_000))
        apply_settings(self.settings)
        self.form = default_form(
            variant if isinstance(variant, str) else DEFAULT_GAME,
            name[:40] if isinstance(name, str) and name else _("Player"))
        self._proxies = []
        self.kept_slot = KeptSlot()
        self.worker = BotWorker()
        self.reviews = None                  # the review of a hand (rami.web.reviewdesk), once
        #                                      its part is loaded (rami.web.addon)
        self.sound = Sound(lambda: self.settings)
        self.drawing = Drawing(self, root, adopt)
        self.updates = Updates(self, self.drawing.update_el)
        self.input = Input(self, root, self._listen)
        self._listen(js.window, "rami:update-ready", self.updates.arrived)
        self._listen(js.window, "hashchange", self.on_hash)
        self._listen(js.window, "resize", self.drawing.fit_melds)
        # (a scroll does not bubble: caught on its way down)
        def scrolled_strip(event):
            target = nil(event.target)
            if attr(target, "id") in ("melds", "opp") or (
                    target is not None and hasattr(target, "classList")
                    and target.classList.contains("act-row")):
                self.drawing.melds_scrolled()
        self._listen(root, "scroll", scrolled_strip, True)

    def replay(self, kind: str, event) -> None:
        """Something the player did before the app took the page over, handled now."""
        try:
            self.input.replay(kind, event)
        except Exception as e:         # never let a traceback reach the page
            self._crash(e)

    def _listen(self, target, kind, fn, capture: bool = False):
        def safe(event):
            try:
                fn(event)
            except Exception as e:     # never let a traceback reach the page
                self._crash(e)
        proxy = create_proxy(safe)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy, capture)

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
            self.drawing.fail(self.message)

    # -- start-up and saves ---------------------------------------------------------------
    def start(self) -> None:
        from ..room import read_join
        joining = read_join(str(js.location.hash or ""))
        if joining is not None:
            return self.start_joining(*joining)
        deal = js.URLSearchParams.new(js.location.search).get("deal")
        if isinstance(deal, str) and deal.strip():
            return self.start_deal(deal)
        raw = stored(SAVE_KEY)
        if raw is not None:
            try:
                self.sit(Session.from_json(raw))
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
                set_aside(raw)
                self.sit(None)
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

    def _render_or_lobby(self) -> None:
        """Draw the page; if the table cannot be drawn, say so plainly and show the lobby
        (never a traceback on the page)."""
        try:
            self.render()
        except Exception as e:
            js.console.error("".join(traceback.format_exception(e)))
            self.sit(None)
            self.notice = _("This game could not be shown ({error}); start a new game below.",
                            error=type(e).__name__)
            self.render()

    def ready(self) -> None:
        """The page is interactive: tell the tests and the load benchmark, and the start-up
        script (static/boot.js), which then registers the service worker. (A page that
        opened on the lobby said so before the app took it over.)"""
        if not self.adopted:
            ready()
        self.updates.check()
        self.move_others()

    def sit(self, session: Session | None, rematch: bool = False) -> None:
        """Sit at ``session``'s table (or, with None, go back to the lobby with no match).
        A table with friends' seats opens its room (and makes each friend's link); a
        rematch keeps the room, its friends and their connections."""
        old = self.session
        if old is not None and old is not session and self.persist \
                and getattr(session, "practice_of", None) is not old:
            self.keep_earlier(old)           # (its hands stay to be reviewed)
        host = self.host
        if host is not None and rematch and session is not None \
                and session.friends == host.session.friends:
            host.rebind(session)
        elif host is not None and host.session is not session:
            host.close()                     # (another table: the old room's links close)
            host = None
        self.session = session
        self.screen = "lobby" if session is None else "table"
        self.seats = seats_for(session, self.worker) if session is not None else []
        self.host = host if host is not None and host.session is session else None
        if self.host is None and session is not None and session.friends \
                and self.remote is None:
            from .friends import Host
            self.host = Host(self, session)
            for seat in session.friends:
                asyncio.ensure_future(self.host.invite(seat))
            if self.host.room.by_code:       # (the host chose codes for this room before)
                asyncio.ensure_future(self.host.use_codes())
        if self.host is not None:
            for seat, friend in self.host.seats().items():
                self.seats[seat] = friend

    # -- friends on their own devices (rami.web.friends) ------------------------------------
    def start_joining(self, offer: str, seat: int, token: str, ready: bool = True,
                      keep: bool = False) -> None:
        """This page was opened from a friend's join link (or a code's link); ``keep``: the
        person chose to join by code in the lobby, and this page's match waits meanwhile."""
        from .friends import Remote
        if not keep:
            self.persist = False             # (this page's own saved match stays as it was)
        name = self.remote.name if self.remote is not None else self.form["name"]
        if self.remote is not None:
            self.remote.close()
        self.remote = Remote(self, offer, token)     # (the seat: the host's, by the token)
        self.remote.name = name
        if not keep:
            self.session, self.seats = None, []
        self.dialog, self.message = None, ""
        self.screen = "join"
        self._render_or_lobby()
        if ready:
            self.ready()

    def on_hash(self, event=None) -> None:
        """A new join link opened in this very tab (only its fragment changed: the page
        does not reload)."""
        from ..room import read_join
        joining = read_join(str(js.location.hash or ""))
        if joining is not None and (self.remote is None or (joining[0], joining[2]) != (
                self.remote.offer, self.remote.guest.token)):
            self.start_joining(*joining, ready=False)

    def friend_table(self, game, seat: int, seats: list[dict]) -> None:
        """The host has sent this friend's page a new table (and who plays each seat)."""
        from .session import GuestSession
        s = self.session
        if self.message == _("Sent to the host…"):     # (its answer has come)
            self.message = ""
        if isinstance(s, GuestSession) and s.human == seat:
            s.take(game, seats)
        else:
            self.persist = False             # (this page's own saved match stays as it was)
            self.session, self.screen = GuestSession(game, seat, seats), "table"
            self.seats = []
            self.drawing.forget()
            self.focus_hand()
        self.render()

    def show_reaction(self, seat: int, what: str) -> None:
        """A quick reaction beside the seat that sent it, for a few seconds, and said to
        screen readers."""
        s = self.session
        if s is None or not 0 <= seat < s.game.n:
            return
        self._reactions_shown += 1
        stamp = self._reactions_shown
        s.shown[seat] = what
        self.render()
        el = nil(js.document.getElementById("announce"))
        if el is not None:
            el.textContent = _("{who} reacts: {reaction}", who=s.game.names[seat],
                               reaction=render.reaction_word(what))

        def fade(*_a):
            if self.session is s and self._reactions_shown == stamp:
                s.shown.clear()
                self.render()
        js.setTimeout(create_once_callable(fade), REACTION_MS)

    def react(self, what: str) -> None:
        """The person's quick reaction, sent to everyone at the table."""
        s = self.session
        now = js.Date.now()
        if s is None or now - self._reacted_at < REACTION_GAP_MS:
            return
        self._reacted_at = now
        s.reacting = False
        try:
            if self.remote is not None:
                self.remote.react(what)
            elif self.host is not None:
                self.host.react(what)
        except RamiError as e:
            self.say(str(e))

    def after_friend(self) -> None:
        """A friend's move has been played here (through the room)."""
        self.save()
        self.render()
        self.move_others()

    def start_deal(self, deal: str) -> None:
        """A given position (``?deal=`` in the address: tutorials, tests). It is not saved:
        reloading the page shows the same deal again, and the saved match stays as it was."""
        self.persist = False
        try:
            state = from_deal(deal)
            names = list(state.names)
            if names == default_names(state.n):
                state.names = tuple([self.form["name"]] + [bot_name(i) for i in range(state.n - 1)])
            session = Session(state, 0)
            self.sit(session)
        except Exception as e:         # a page's bad deal must not stop the page
            reason = str(e) if isinstance(e, RamiError) else type(e).__name__
            self.notice = _("The deal in this page's address could not be read. {reason}.",
                            reason=reason.rstrip('.'))
            self.sit(None)
        self._render_or_lobby()
        self.ready()

    def save(self) -> None:
        """Save the match in the browser; ``self.saved`` says whether the last save worked
        (a position from the address is never saved)."""
        if self.session is None or not self.persist:
            self.saved = False
            return
        if self.host is not None and self.host.session is self.session:
            # the room's message counts with the game they led to (a reload goes on from both)
            self.session.room = self.host.room.to_dict()
        self.saved = save_match(self.session)
        if self.saved:
            self.count_stats()
        else:                          # storage full or refused: play on, but say so
            self.message = _("This browser refused to save the game: it will not be resumed.")

    def save_prefs(self) -> None:
        put_quietly(PREFS_KEY, {"pace": self.pace, "variant": self.form["variant"],
                                "name": self.form["name"], "settings": self.settings})

    def count_stats(self) -> None:
        """Count the match's new hands (and the match, once over) in the statistics."""
        counted = statistics.count(self.stats, self.session)
        if counted != self.stats:
            self.stats = counted
            put_quietly(STATS_KEY, self.stats)
            if self.session.game.phase == Phase.MATCH_OVER:
                self.keep_earlier(self.session)

    _earlier = None

    def earlier(self) -> list:
        """The earlier matches kept for review (:mod:`rami.web.earlier`), read the first
        time they are asked for (not at the start: up to a few hundred KB to check)."""
        if self._earlier is None:
            self._earlier = earlier.clean(load_json(EARLIER_KEY,
                                                    earlier.KEEP * earlier.MOST_CHARS * 2))
        return self._earlier

    def keep_earlier(self, session) -> None:
        e = earlier.entry(session, str(js.Date.new().toISOString())[:10])
        if e is not None:
            self._earlier = earlier.keep(self.earlier(), e)
            put_quietly(EARLIER_KEY, {"matches": self._earlier})

    # -- settings -----------------------------------------------------------------------
    def apply_settings(self) -> None:
        """The settings as classes on the page's root element (the stylesheet follows)."""
        apply_settings(self.settings)
        self.drawing.refit()                # (the cards' size, the side of the moves: fit anew)

    async def _speak(self, code: str) -> None:
        """Switch to a language whose catalogue is fetched first."""
        if await fetch_catalogue(code):
            await load_fonts(code)
            self.apply_settings()
            return self.render()
        self.say(_("This language is not on this device yet: choose it again when you are "
                   "online."))

    # -- drawing --------------------------------------------------------------------------
    def render(self) -> None:
        """Bring the page up to date (:class:`~rami.web.drawing.Drawing`); friends get the
        game's change."""
        if self.host is not None and self.session is not None:
            self.host.sync()
            self.session.away_clock = self.host.clock()
            self.session.seat_taken = self.host.taken
        self.drawing.draw()

    def position(self) -> tuple:
        """Where the match is: a hint holds only there."""
        st = self.session.game
        return (id(self.session), st.hand_no, len(st.history))

    async def run_hint(self) -> None:
        """Ask the Expert for the person's move, thinking in slices like the bots."""
        s = self.session
        if s is None or not s.human_to_move() or self.hinting:
            return
        self.hinting = True
        where = self.position()
        try:
            self.message = _("Thinking of a hint…")
            self.render()
            await asyncio.sleep(0)
            found = await sliced(s.hint_steps())
            if self.session is s and self.position() == where:
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

    def open_dialog(self, dialog: tuple) -> None:
        self.drawing.remember_opener()
        self.dialog = dialog
        self.render()

    def close_dialog(self) -> None:
        self.dialog, self.pending = None, None
        self.render()

    def say(self, message: str) -> None:
        self.message = message
        self.render()

    # -- what the person does -------------------------------------------------------------
    def act(self, act: str) -> None:
        """Do what the person pressed or typed: a named command (:mod:`rami.web.commands`),
        else a variant table's own act, a meld tapped, or a move's button."""
        top = nil(self.drawing.screen_el.querySelector("#top"))
        if act == "menu" and top is not None:
            return self.drawing.menu(not top.classList.contains("menu-open"))
        if top is not None and top.classList.contains("menu-open"):
            self.drawing.menu(False)               # a choice made (or a tap elsewhere) closes it
        melds = nil(self.drawing.screen_el.querySelector("#melds.all"))
        if act == "melds-all":
            return self.drawing.melds_all(melds is None)
        if melds is not None and not act.startswith(("meld:", "card:", "btn:", "sort:")):
            self.drawing.melds_all(False)          # (a lay-off, a card chosen: it stays open)
        found = find(act)
        if found is not None:
            cmd, arg = found
            if not self._has(cmd.needs):
                return None
            if cmd.needs == TABLE:
                self.message = ""
            return getattr(self, cmd.method)(arg)
        if not self._has(TABLE):
            return None
        self.message = ""
        return self.table_act(act)

    def _has(self, needs: str) -> bool:
        """Is there what a command needs (:mod:`rami.web.commands`)?"""
        return (needs == ANY or (needs == MATCH and self.session is not None)
                or (needs == TABLE and self.session is not None and self.screen == "table")
                or (needs == HOST and self.host is not None)
                or (needs == REMOTE and self.remote is not None))

    def table_act(self, act: str) -> None:
        """What is pressed at the table that is not a named command: the variant table's
        own acts (picking, arranging, a pile's card), a meld tapped, a card dropped on the
        pile, or a move's button."""
        s = self.session
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
        if kind == "meld" and arg.isdigit():
            try:
                action = s.table.meld_tap(s, int(arg))
            except RamiError as e:
                return self.say(str(e))
            return self.play(action)
        if act == "take" and s.game.phase == Phase.PLAY and len(s.selected) == 1:
            act = "btn:discard"            # a selected card dropped on the pile
        self.press(act.split(":", 1)[1] if act.startswith("btn:") else act)

    # the lobby and the match --------------------------------------------------------------
    def choose_variant(self, name: str) -> None:
        self.form = default_form(name, self.form["name"])
        self.save_prefs()
        self.render()

    def start_pressed(self, _arg="") -> None:
        self.start_match()

    def skip_bots(self, _arg="") -> None:
        self.skipping = True            # until the person's turn: no pauses

    def rematch_pressed(self, _arg="") -> None:
        if self.session.game.phase == Phase.MATCH_OVER:
            self.rematch()

    def new_game_keeping(self, _arg="") -> None:
        self.dialog = None
        self.start_match("keep")

    def new_game_replacing(self, _arg="") -> None:
        self.dialog = None
        self.start_match("replace")

    def resume_kept_pressed(self, _arg="") -> None:
        self.resume_kept()

    def take_over_seat(self, _arg="") -> None:
        """Pass-and-play: the person whose turn it is takes the device."""
        s = self.session
        if not s.needs_handover():
            return
        s.hand_over_to(s.game.turn)
        self.message, self.hint = "", None
        self.drawing.forget()
        self.save()
        self.focus_hand()
        self.render()

    def back_to_table(self, _arg="") -> None:
        self.screen = "table"
        self.focus_hand()
        self.render()
        self.move_others()

    def to_lobby(self, _arg="") -> None:
        self.screen, self.dialog, self.notice = "lobby", None, ""
        self.focus_act = "start"
        self.render()

    # updates ----------------------------------------------------------------------------
    def update_now(self, _arg="") -> None:
        self.updates.apply()

    def update_later(self, _arg="") -> None:
        self.updates.later()

    def update_hide(self, _arg="") -> None:
        self.updates.hide()

    # dialogs ----------------------------------------------------------------------------
    def show_help(self, _arg="") -> None:
        self.open_dialog(("help",))

    def show_howto(self, _arg="") -> None:
        self.open_dialog(("howto",))

    def show_settings(self, _arg="") -> None:
        self.open_dialog(("settings",))

    def show_stats(self, _arg="") -> None:
        if self.reviews is None and any(row.get("reviews")
                                        for row in self.stats["variants"].values()):
            async def trends():           # (the reviewed hands' trends: the review's part)
                await self.review_desk()
                self.open_dialog(("stats",))
            asyncio.ensure_future(trends())
            return
        self.open_dialog(("stats",))

    def ask_stats_reset(self, _arg="") -> None:
        self.focus_act = "stats-reset-yes"
        self.open_dialog(("stats", "confirm"))

    def reset_stats(self, _arg="") -> None:
        self.stats = statistics.clean(None)
        # the matches under way count on from here, not from their start
        if self.session is not None and self.persist:
            self.stats = statistics.count(self.stats, self.session)
            self.stats["variants"].clear()
        put_quietly(STATS_KEY, self.stats)
        self.open_dialog(("stats",))

    def keep_stats(self) -> None:
        put_quietly(STATS_KEY, self.stats)

    # the review of a hand -------------------------------------------------------------
    def review_hand(self, _arg="") -> None:
        """Review the person's decisions in the hand just over."""
        s = self.session
        if s is None or not s.game.results or s.human not in s.humans:
            return
        self.review_old_hand(str(len(s.game.results)))

    def review_old_hand(self, arg: str) -> None:
        """Review an earlier hand of the match (Statistics lists them). A friend's page asks
        the host's, which holds the match."""
        s = self.session
        if s is None or s.human not in s.humans or not arg.isdigit() \
                or not 1 <= int(arg) <= len(s.game.results):
            return
        if self.remote is not None:
            self._review(self.remote, int(arg), s.human)
        elif getattr(s, "outbox", None) is None:
            self._review(s, int(arg), s.human)

    def review_earlier(self, arg: str) -> None:
        """Review a hand of an earlier match (``seed:hand``; Statistics lists them)."""
        seed, _sep, hand = arg.rpartition(":")
        e = earlier.find(self.earlier(), seed)
        if e is not None and hand.isdigit() and 1 <= int(hand) <= len(e["heads"]):
            self._review(e, int(hand), e["seat"])

    def _review(self, origin, hand: int, seat: int) -> None:
        async def run():
            try:
                await self._open_review(origin, hand, seat)
            except Exception as e:
                self._crash(e)
        asyncio.ensure_future(run())

    async def review_desk(self, say: bool = False):
        """The page's reviews (:mod:`rami.web.reviewdesk`), its part fetched the first time;
        None when it cannot be had (``say``: and the person is told why)."""
        from . import addon
        if self.reviews is None:
            if say:
                self.say(_("Opening the review…"))
            if not await addon.load("review"):
                if say:
                    self.say(_("The review is fetched the first time it is used, and this "
                               "device is offline: connect once, and it will work offline "
                               "from then on."))
                return None
            from .reviewdesk import ReviewDesk
            self.reviews = ReviewDesk(self)
            if say:
                self.message = ""
        return self.reviews

    async def _open_review(self, origin, hand: int, seat: int) -> None:
        if await self.review_desk(say=True) is None:
            return
        if isinstance(origin, dict):
            self.reviews.start_earlier(origin, hand)
        elif origin is self.remote and origin is not None:
            self.reviews.start_remote(origin, self.session, hand)
        elif self.session is origin:
            self.reviews.start(origin, hand, seat)
        else:
            return
        self.focus_act = "close"
        self.open_dialog(("review",))

    def review_at(self, arg: str) -> None:
        r = self.reviews.current if self.reviews is not None else None
        if r is not None and arg.isdigit() and int(arg) < len(r.decisions):
            r.at = int(arg)
            self.focus_act = f"review-at:{arg}"
            self.render()

    def play_deal_again(self, _arg="") -> None:
        """The reviewed hand dealt again: the same cards and the same players with the same
        seeds (the same moves from them, if the person plays the same), one hand only, not
        saved and not counted; the match waits, saved, to be gone back to."""
        if self.reviews is not None:             # (rami.web.practice: with the review's part)
            from .practice import again
            again(self, watch=False)

    def watch_expert(self, _arg="") -> None:
        """The reviewed hand played again with the Expert in the person's seat, watched."""
        if self.reviews is not None:
            from .practice import again
            again(self, watch=True)

    def back_to_match(self, _arg="") -> None:
        """From a deal played again, back to the match it came from (or to the lobby)."""
        if self.reviews is not None:
            from .practice import back
            back(self)

    def show_scores(self, _arg="") -> None:
        self.open_dialog(("scores",))

    def show_table_dialog(self, which: str) -> None:
        if self.screen == "table":
            self.open_dialog(("table", which))

    def close_pressed(self, _arg="") -> None:
        self.close_dialog()

    def confirm(self, _arg="") -> None:
        """The move waiting for the person's word, played."""
        action, self.pending, self.dialog = self.pending, None, None
        if action is None or self.session is None:
            return self.render()
        self.play(action)

    # sharing ----------------------------------------------------------------------------
    def share(self, _arg="") -> None:
        s = self.session
        if getattr(s, "outbox", None) is not None or not s.game.results:
            return                            # (a friend's page, or no hand played yet)
        base = str(js.location.href).split("#")[0].split("?")[0].rsplit("/", 1)[0] + "/"
        from .share import share_hand
        self.shared = share_hand(s, base, language())
        self.focus_act = "copy-share:link"
        self.open_dialog(("share",))

    def download_match(self, _arg="") -> None:
        if self.shared is not None:
            download(self.shared["file_name"], self.shared["file"])

    def copy_link(self, seat: str) -> None:
        copy_field(f"link-{seat}")

    def copy_code_link(self, seat: str) -> None:
        copy_field(f"codelink-{seat}")

    def copy_shared(self, which: str) -> None:
        copy_field(f"share-{which}")          # share-link, share-html

    def copy_code(self, _arg="") -> None:
        copy_field("join-code")

    # friends ----------------------------------------------------------------------------
    def show_friends(self, _arg="") -> None:
        self.open_dialog(("friends",))

    def toggle_reactions(self, _arg="") -> None:
        s = self.session
        if s.friends:
            s.reacting = not s.reacting
            self.focus_act = "react:0" if s.reacting else "reactions"
            self.render()

    def react_with(self, index: str) -> None:
        if not self.session.friends:
            return
        if index.isdigit() and int(index) < len(REACTIONS):
            self.focus_act = "reactions"
            self.react(REACTIONS[int(index)])
        self.render()

    def stand_in(self, seat: str) -> None:
        if seat.isdigit():
            self.host.stand_in(int(seat))

    def refuse_seat(self, seat: str) -> None:
        """Another device took a friend's seat: the host refuses it."""
        if seat.isdigit() and self.host.taken == int(seat):
            asyncio.ensure_future(self.host.refuse(int(seat)))
            self.host.taken = None
        self.render()

    def keep_seat(self, seat: str) -> None:
        """Another device took a friend's seat: the host lets it play."""
        if seat.isdigit() and self.host.taken == int(seat):
            self.host.taken = None
        self.render()

    def paste_answer(self, seat: str) -> None:
        field = nil(js.document.getElementById(f"answer-{seat}"))
        if field is not None and seat.isdigit() and int(seat) in self.host.invites:
            asyncio.ensure_future(self.host.answer(int(seat), str(field.value)))

    def scan_answer(self, seat: str) -> None:
        if seat.isdigit() and int(seat) in self.host.invites:
            asyncio.ensure_future(self.host.scan(int(seat)))

    def use_codes(self, _arg="") -> None:
        asyncio.ensure_future(self.host.use_codes())

    def join(self, _arg="") -> None:
        field = nil(js.document.getElementById("join-name"))
        name = " ".join(str(field.value if field is not None else "").split())[:16]
        typed = nil(js.document.getElementById("join-typed"))
        if name:                          # (the next join form, and the lobby, say it)
            self.form["name"] = name
            self.save_prefs()
        asyncio.ensure_future(self.remote.join(
            name or _("Player"), str(typed.value) if typed is not None else None))

    def join_by_code(self, _arg="") -> None:
        """The lobby's way to a friend's table, by code."""
        self.focus_act = "join-go"
        self.start_joining("", -1, "", ready=False, keep=True)

    def join_back(self, _arg="") -> None:
        if self.remote.state not in ("name", "making", "meeting"):
            return
        self.remote.close()
        self.remote = None
        if js.location.hash:
            js.history.replaceState(None, "", str(js.location.href).split("#")[0])
        self.screen, self.focus_act = "lobby", "join-by-code"
        self.render()

    # at the table -----------------------------------------------------------------------
    def skip_to_hand(self, _arg="") -> None:
        self.focus_hand()
        self.render()

    def ask_hint(self, _arg="") -> None:
        if not self.session.human_to_move():
            return self.say(_("A hint is for your turn."))
        asyncio.ensure_future(self.run_hint())

    def undo(self, _arg="") -> None:
        s = self.session
        try:
            s.undo()
        except RamiError as e:
            return self.say(str(e))
        self.hint = None
        self.save()
        self.focus_act = "undo" if s.can_undo() else None
        self.render()

    def pick_card(self, pos: str) -> None:
        s = self.session
        if not pos.isdigit():
            return
        s.checkpoint()
        s.toggle(int(pos))
        s.cursor = int(pos)
        self.focus_act, self.focus_wanted = f"card:{pos}", True
        self.render()

    def sort_hand(self, how: str) -> None:
        self.session.checkpoint()
        self.session.sort(how)
        self.save()
        self.render()

    def group_picked(self, _arg="") -> None:
        s = self.session
        try:
            s.checkpoint()
            s.group_selected()
        except RamiError as e:
            return self.say(str(e))
        self.save()
        self.render()

    def next_hand(self, _arg="") -> None:
        if self.remote is not None:
            return self.say(_("The host deals the next hand."))
        self.session.next_hand()
        self.save()
        self.focus_hand()
        self.render()
        self.move_others()

    def press(self, name: str) -> None:
        """An action button (or the pile it stands for): play it, or say why not."""
        s = self.session
        if not s.human_to_move():
            if s.game.phase == Phase.HAND_OVER and name == "done":
                return self.act("next")
            return self.say(_("Wait for {who}'s move.", who=s.game.names[s.game.turn])
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
        if self.remote is not None:          # a friend's page: the move goes to the host
            for sent in self.session.outbox:
                self.remote.send(sent)
            self.session.outbox.clear()
            self.message = _("Sent to the host…")
            return self.render()
        self.save()
        self.render()
        self.move_others()

    def focus_hand(self) -> None:
        """Put focus on the person's hand (its card at the cursor) at the next drawing."""
        s = self.session
        if s is not None and s.order:
            s.cursor = max(0, min(s.cursor, len(s.order) - 1))
            self.focus_act, self.focus_wanted = f"card:{s.cursor}", True

    # -- matches --------------------------------------------------------------------------
    def running(self) -> bool:
        """Is a match under way that starting another would lose?"""
        s = self.session
        return s is not None and self.persist and not s.game.is_over

    def kept(self) -> Session | None:
        """The match kept in the second slot, if there is one that can be read."""
        return self.kept_slot.match()

    def keep_running(self) -> None:
        """Put the running match in the second slot (what was there gives way)."""
        self.kept_slot.keep(self.session)

    def resume_kept(self) -> None:
        """Resume the kept match; a running one takes its place in the second slot."""
        kept = self.kept()
        if kept is None:
            return self.say(_("The kept match could not be read."))
        try:
            if self.running():
                self.keep_running()
            else:
                self.kept_slot.empty()
        except Exception as e:
            js.console.error(str(e))
            return self.say(_("This browser refused to keep the running match; it stays."))
        self._open_match(kept)

    def _open_match(self, session: Session, rematch: bool = False) -> None:
        """Sit at ``session``'s table: saved, focus on the hand, the bots going (a friend's
        page that starts a match of its own leaves the host's table)."""
        if self.remote is not None:
            self.remote.close()
            self.remote = None
        self.sit(session, rematch)
        self.dialog, self.message, self.notice = None, "", ""
        if self.host is not None and session.away:     # each absent friend's link, to send
            self.dialog = ("friends",)
        self.persist = True
        self.drawing.forget()
        self.save()
        self.save_prefs()
        self.focus_hand()
        self.render()
        self.move_others()

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
        st = self.session.game
        s = self.session
        levels = {i: PERSON if i in s.humans else FRIEND if i in s.friends
                  else s.levels.get(i, "good") for i in range(st.n) if i != 0}
        try:
            session = Session.new(st.variant.name, list(st.names), dict(st.options), levels)
        except RamiError as e:
            return self.say(str(e))
        self._open_match(session, rematch=True)

    # -- the other seats' moves ----------------------------------------------------------
    def move_others(self) -> None:
        """While it is not a person's turn here, the seat to move plays (a bot, a friend)."""
        if self.remote is not None:          # (a friend's page: the host moves them)
            return
        s = self.session
        if s is not None and s.bots:
            self.worker.start()             # at a table with bots: ready by their first move
        if s is not None and s.bot_to_move() and not self.others_moving:
            asyncio.ensure_future(self.run_others())

    async def run_others(self) -> None:
        """The other seats' moves, one at a time, with a pause between them (the page
        stays live): each seat moves as its kind does (:mod:`rami.web.seats`).

        For the benchmarks, ``window.ramiBotMoves`` gets each move's [start, end] (the bot's
        thinking plus drawing the table, without the pause between them) and
        ``window.ramiBotSpans`` each stretch of bot turns.
        """
        self.others_moving = True
        began = js.performance.now()
        self.skipping = False
        saved = False
        drawn = None                    # the position the table was last drawn at, here
        try:
            s = self.session
            shown = False               # the table shows this move's seat at work already
            while self.session is s and s.bot_to_move() and self.screen == "table":
                paced = self.seats[s.game.turn].paced      # (a bot; not a friend)
                if not shown or self.thinking != paced:
                    self.thinking = paced
                    self.render()
                shown = False
                await asyncio.sleep(0 if self.skipping or not paced else
                                    render.pace_seconds(self.pace, s.game.n))
                if self.session is not s or not s.bot_to_move() or self.screen != "table":
                    break
                t0 = js.performance.now()
                thought = [0.0]
                seat = self.seats[s.game.turn]
                if not await seat.move(s, thought, lambda: self.session):
                    continue
                record("ramiBotThinks", t0, t0 + thought[0])
                # drawing is a task of its own, so thinking and drawing never add up to one
                # long task
                await asyncio.sleep(0)
                t1 = js.performance.now()
                # the move, and the next seat at work if it is a bot's: one drawing
                more = s.bot_to_move()
                self.thinking = more and self.seats[s.game.turn].paced
                if not more:            # the stretch ends: saved before a person sees its end
                    self.save()
                    saved = True
                    # (the move painted first, the person's controls in the frame after)
                    self.drawing.controls_later, self.drawing.controls_due = True, t1
                self.render()
                shown = True
                drawn = (self.position(), self.thinking)
                record("ramiBotMoves", t0, t0 + thought[0] + js.performance.now() - t1)
                painted = getattr(js.window, "ramiAfterPaint", None)
                if painted is not None:                  # (the redraw as the player sees it)
                    painted("ramiRedraws", t1)
                await asyncio.sleep(0)
        except Exception as e:
            self._crash(e)
        finally:
            self.others_moving = False
            self.thinking = False
            self.skipping = False
            # saved once a stretch of bot moves ends: bots are reseeded from the position,
            # so a reload from the stretch's start replays the very same moves
            if not saved:
                self.save()     # (and drawn below: it may have something to say)
        # (the table as it stands, unless the last move's drawing shows it already: drawn
        # again, the same table would cost the person's first tap a phone's 30 ms)
        if self.session is not None and self.screen == "table" and \
                (drawn != (self.position(), False) or not saved):
            self.render()
        record("ramiBotSpans", began, js.performance.now())


def main() -> App:
    prepare_page()
    app = App(js.document.getElementById("app"))
    try:
        app.start()
        started()
    except Exception as e:            # never a traceback on the page
        js.console.error("".join(traceback.format_exception(e)))
        app.root.textContent = _("rami could not start ({error}). Reload the page; if it "
                                 "happens again, clear this site's data.",
                                 error=type(e).__name__)
        js.document.body.dataset.ready = "1"
    return app

