"""A deal played again, from a hand's review (:mod:`rami.web.reviewdesk`; it travels with
the review's part, ``review.zip``): the hand's match as it stood when the hand began (the
same cards; the same seed and moves before, so the other seats' players, as they were, move
as they did when the person plays the same), one hand, not saved and not counted; the
Expert may take the person's seat, watched; then back to the match it came from, or to the
lobby (a hand of an earlier match, :mod:`rami.web.earlier`, with no match at the table)."""

from __future__ import annotations

from ..bots import make_bot
from ..errors import RamiError
from ..record import read_match
from ..review import hand_start
from . import earlier
from .session import Session
from .thinking import bot_seed

LOBBY = "lobby"                 # a deal played again from an earlier match goes back there


def deal_again_from(state, levels: dict, hand: int, seat: int) -> Session:
    """Hand ``hand`` (1, 2, ...) of the match ``state`` dealt again at ``seat``, the other
    seats played by ``levels`` (its ``practice_of``, where it goes back to, is the
    caller's)."""
    again = Session(hand_start(state, hand), seat, dict(levels))
    again.practice_from, again.practice_levels = state, dict(levels)
    again.practice_hand, again.practice_seat = hand, seat
    return again


def deal_again(session: Session, hand: int, seat: int) -> Session:
    """Hand ``hand`` of the match at the table dealt again at ``seat``, going back to it."""
    again = deal_again_from(session.state, session.levels, hand, seat)
    again.practice_of = session
    return again


def watch_expert(session: Session) -> None:
    """The person's seat is played by the Expert, the person watching its cards."""
    session.humans = []
    session.levels[session.human] = "expert"
    session.bots[session.human] = make_bot("expert", session.state.variant.name,
                                           bot_seed(session.state, session.human))


def again(app, watch: bool) -> None:
    """The reviewed hand (or the one played again) dealt again, ``watch``: with the Expert
    in the person's seat."""
    r, s = app.reviews.current, app.session
    if app.remote is not None or s is not None and s.friends:
        return                  # (at a table with friends, all would have to leave it)
    try:
        if s is not None and s.practice_of is not None:  # again, from a deal played again
            back, persist = s.practice_of, s.practice_persist
            practice = deal_again_from(s.practice_from, s.practice_levels, s.practice_hand,
                                       s.practice_seat)
        elif r is not None and r.again and s is not None and r.key[0] == id(s):
            back, persist = s, app.persist
            practice = deal_again(s, r.hand, r.seat)
        elif r is not None and r.again and r.key[0] == "earlier":
            e = earlier.find(app.earlier(), r.key[1])
            if e is None:
                return
            back, persist = s if s is not None else LOBBY, app.persist
            practice = deal_again_from(read_match(e["file"]), earlier.levels(e), r.hand,
                                       r.seat)
        else:
            return
    except RamiError as err:
        return app.say(str(err))
    practice.practice_of, practice.practice_persist = back, persist
    if watch:
        watch_expert(practice)
    if app.persist and s is not None and s.practice_of is None:
        app.save()                       # (the match, as it stands, waits saved)
    sit_again(app, practice, persist=False)


def back(app) -> None:
    """From a deal played again, back to the match it came from (or to the lobby)."""
    s = app.session
    to = getattr(s, "practice_of", None) if s is not None else None
    if to == LOBBY:
        app.persist = s.practice_persist
        app.dialog, app.message, app.hint = None, "", None
        app.sit(None)
        app.render()
    elif to is not None:
        sit_again(app, to, persist=s.practice_persist)


def sit_again(app, session, persist: bool) -> None:
    """Sit at a deal played again, or back at its match (saved again from then on)."""
    app.persist = persist
    app.dialog, app.message, app.hint = None, "", None
    app.sit(session)
    app.drawing.forget()
    app.focus_hand()
    app.render()
    app.move_others()
