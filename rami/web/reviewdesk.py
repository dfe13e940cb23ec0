"""The review of a hand, driven from the page: asked of the bots' worker a decision at a time
(:mod:`rami.web.reviewing`), or, where there is no worker, worked out on the page's thread in
slices (:func:`rami.web.worker.sliced`), so the table is never blocked; the dialog
(:mod:`rami.web.review_view`) shows the progress and then the review. Closed before its
end, a review waits, so that the bots of the next hand are not kept waiting behind it."""

from __future__ import annotations

import asyncio
import json
import zlib

import js

from ..errors import RamiError
from ..i18n import _
from ..review import Decision, choices_of, expert_in_seat_steps
from . import addon, earlier, reviewing
from .review_view import Reviewing
from .trends import record_review
from .worker import sliced

WAIT_FOR_WORKER = 20       # seconds a starting worker is waited for before the page works


class ReviewDesk:
    """The page's one review (a new one replaces it)."""

    def __init__(self, app):
        self.app = app
        self.current: Reviewing | None = None

    # (a review's figure is kept in the statistics for the device's player: the lobby's
    # player, seat 0, at a table here; a friend's page's own seat)
    def start(self, session, hand: int, seat: int) -> Reviewing:
        """Review ``seat``'s decisions in hand ``hand`` of the match at the table."""
        counted = seat == 0 and session.practice_of is None and self.app.persist
        return self._start((id(session), hand, seat), session.match_file, hand, seat,
                           session.game.names[seat], session.game.variant.name,
                           dict(session.levels), again=not session.friends,
                           counted=session.match_seed if counted else None)

    def start_earlier(self, e: dict, hand: int) -> Reviewing:
        """Review a hand of an earlier match kept at this device (:mod:`rami.web.earlier`)."""
        s = self.app.session       # (at a table with friends, to play it again all would leave)
        again = self.app.remote is None and not (s is not None and s.friends)
        return self._start(("earlier", e["seed"], hand, e["seat"]), lambda: e["file"], hand,
                           e["seat"], e["name"], e["variant"], earlier.levels(e), again=again,
                           counted=e["seed"] if e["seat"] == 0 else None)

    def start_remote(self, remote, session, hand: int) -> Reviewing:
        """A friend's page: the review of its seat's hand is asked of the host, which holds
        the match and works it out (:meth:`for_friend`); its progress comes back through
        the room (:meth:`from_host`)."""
        seat = session.human
        key = ("remote", remote.guest.token, hand)
        r = self.current
        if r is None or r.key != key or r.error:
            r = self.current = Reviewing(key, hand, seat, session.game.names[seat],
                                         again=False, variant=session.game.variant.name)
            got = remote.guest.reviews.get(hand)
            if got is not None and not got["error"]:
                self.from_host(hand, got)
            else:
                remote.ask_review(hand)
        return r

    def from_host(self, hand: int, got: dict) -> None:
        """The host's review of this seat's hand, as far as it has come (:mod:`rami.room`
        checked its shape; each decision is read here)."""
        r = self.current
        if r is None or r.key[0] != "remote" or r.hand != hand:
            return
        try:
            r.decisions = [Decision.from_dict(d) for d in got["decisions"]]
        except ValueError:
            r.decisions, r.error = [], _("The host's review could not be read.")
        else:
            r.moves = [d.move for d in r.decisions] + [None] * (got["of"] - len(r.decisions))
            r.expert = (float(got["expert"][0]), float(got["expert"][1])) \
                if got["expert"] else None
            r.error, r.done = got["error"], got["done"]
            if r.done and not r.error:        # (the room's match, told by its seat's secret)
                self._count(r, f"room:{zlib.crc32(r.key[1].encode()):08x}")
        self._draw(r)

    async def for_friend(self, session, hand: int, seat: int, report) -> None:
        """A friend's review, worked out here for the friend's page (never shown on this
        one): ``report(of, decisions, expert, error, done)`` after each step."""
        r = Reviewing(("friend", seat, hand), hand, seat, session.game.names[seat],
                      again=False, variant=session.game.variant.name)

        def changed(r: Reviewing) -> None:
            report(len(r.moves or ()), [d.to_dict() for d in r.decisions],
                   list(r.expert or ()), r.error, r.done)
        await self._run(r, session.match_file(), dict(session.levels), None, changed)

    def _start(self, key, text_of, hand, seat, name, variant, levels, again, counted):
        r = self.current
        if r is None or r.key != key or r.error:
            r = self.current = Reviewing(key, hand, seat, name, again=again, variant=variant)
            asyncio.ensure_future(self._run(r, text_of(), levels, counted))
        return r

    async def _ask(self, name: str, req: dict, page_steps):
        """The worker's answer to ``name`` (a JSON object), or the same worked out here."""
        w = self.app.worker
        waited = 0.0
        while w.state == "starting" and waited < WAIT_FOR_WORKER:
            await asyncio.sleep(0.2)
            waited += 0.2
        if w.worker is not None and w.state == "ready":
            try:
                reply = await getattr(w.worker, name)(json.dumps(req, separators=(",", ":")),
                                                      addon.address("review"))
                out = json.loads(str(reply))
            except Exception as e:           # the worker failed: the page works instead
                js.console.warn(f"rami: the review's worker failed ({type(e).__name__})")
                out = None
            if isinstance(out, dict) and "error" not in out:
                return out
            if isinstance(out, dict):
                raise RamiError(str(out["error"]))
        return await sliced(page_steps())

    async def _run(self, r: Reviewing, text: str, levels: dict, counted: str | None,
                   changed=None) -> None:
        """Work the review out; ``counted``: the match's seed, if its figure is kept in the
        statistics; ``changed(r)``: said after each step (by default, the dialog drawn; a
        review of this page's waits while its dialog is closed)."""
        waits = changed is None
        changed = changed or self._draw
        base = {"match": text, "seat": r.seat, "hand": r.hand}

        def g():                         # (the match replayed here: only without a worker)
            return reviewing.game_of(text)

        def page_plan():
            return {"moves": choices_of(g(), r.seat, r.hand, reviewing.start_of(g(), r.hand))}
            yield                                  # (a generator, for sliced)

        def page_decision(i):
            def steps():
                d = yield from reviewing.decision_at(g(), r.seat, r.hand, i)
                return {"decision": d.to_dict()}
            return steps

        def page_expert():
            mine, played = yield from expert_in_seat_steps(
                g(), r.seat, r.hand, reviewing.table_players(levels),
                reviewing.start_of(g(), r.hand))
            return {"expert": round(mine, 1), "you": round(played, 1)}

        try:
            plan = await self._ask("review_plan", base, page_plan)
            moves = plan.get("moves")
            if not isinstance(moves, list) or not all(type(i) is int for i in moves):
                raise RamiError("The review's plan could not be read.")
            r.moves = moves
            changed(r)
            for i in moves:
                # closed before its end, the review waits (the bots' worker is the table's
                # first), and goes on when it is opened again
                while waits and self.current is r and self.app.dialog != ("review",):
                    await asyncio.sleep(0.3)
                if waits and self.current is not r:
                    return
                out = await self._ask("review_decision", {**base, "move": i}, page_decision(i))
                r.decisions.append(Decision.from_dict(out.get("decision")))
                changed(r)
            out = await self._ask("review_expert",
                                  {**base, "levels": {str(k): v for k, v in levels.items()}},
                                  page_expert)
            if type(out.get("expert")) in (int, float) and type(out.get("you")) in (int, float):
                r.expert = (float(out["expert"]), float(out["you"]))
        except (RamiError, ValueError, KeyError, TypeError) as e:
            r.error = str(e) or type(e).__name__
        except Exception as e:                     # never a traceback on the page
            js.console.error(f"rami: the review failed: {type(e).__name__}: {e}")
            r.error = type(e).__name__
        r.done = True
        if not r.error and counted is not None:
            self._count(r, counted)
        changed(r)

    def _count(self, r: Reviewing, match: str) -> None:
        """The reviewed hand's figure, kept in the statistics."""
        self.app.stats = record_review(self.app.stats, r.variant, match, r.hand,
                                       r.share_good(), r.points_lost())
        self.app.keep_stats()

    def _draw(self, r: Reviewing) -> None:
        if self.current is r and self.app.dialog == ("review",):
            self.app.render()
