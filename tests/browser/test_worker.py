"""The bots' Web Worker: the computer players think in a second Pyodide, off the page's
thread, and play exactly the moves the engine gives under CPython; without the worker they
still play (on the page's thread, in slices)."""

from __future__ import annotations

from rami.bots import drain, make_bot
from rami.state import GameState
from rami.web.session import Session
from rami.view import PlayerView
from rami.web.thinking import bot_seed, move_key, move_steps
from tests.browser.conftest import wait_for
from tests.browser.test_around import person_turn
from tests.browser.test_table import my_move, open_page, take_turn
from tests.conftest import deep

BOTS = "document.documentElement.dataset.bots"


def start_with(page, variant: str, level: str, seats: int | None = None, query: str = ""):
    open_page(page, query)
    page.click(f'[data-act="variant:{variant}"]')
    if seats is not None:
        page.select_option('[data-field="players"]', str(seats))
    levels = page.locator('[data-field^="level:"]')
    for i in range(levels.count()):
        levels.nth(i).select_option(level)
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")


def play_to_summary(page, limit: int = 300):
    for _ in range(limit):
        s = my_move(page, 120)
        if s["summary"]:
            return s
        take_turn(page, s)
    raise AssertionError("the hand did not end")


def replayed_bot_moves(saved: str) -> int:
    """Replay the saved match from its deal, and check every bot move in its history against
    the move the same bot works out here, under CPython; the number of bot moves checked."""
    session = Session.from_json(saved)
    g = session.state
    fresh = Session(GameState(g.variant.name, list(g.names), dict(g.options), g.seed),
                    session.human, dict(session.levels))
    st = fresh.state
    checked = 0
    for text in g.history:
        if fresh.bot_to_move():
            seat = st.turn
            bot = make_bot(fresh.levels[seat], st.variant.name, bot_seed(st, seat))
            action = drain(move_steps(bot, PlayerView.of(st, seat), move_key(st, seat)))
            assert str(action) == str(text), (checked, text)
            checked += 1
        st.apply(st.parse_action(str(text)))
    assert st.to_dict() == g.to_dict()
    return checked


BOTS_IN_WORKER = True          # (conftest: other modules' pages keep the bots on the page)


def test_bots_think_in_the_worker_and_play_the_engines_own_moves(page):
    start_with(page, "gin", "expert")
    wait_for(page, f"{BOTS} === 'ready'", 60, "the bots' worker")
    s = play_to_summary(page)
    assert s["summary"]
    moves = page.evaluate("window.ramiWorkerMoves.length")
    assert moves >= 3, moves
    checked = replayed_bot_moves(page.evaluate("localStorage.getItem('rami.save')"))
    assert checked >= moves
    assert not page.errors, page.errors


@deep
def test_a_six_seat_table_of_experts_through_the_worker(page):
    start_with(page, "indian", "expert", seats=6)
    wait_for(page, f"{BOTS} === 'ready'", 60, "the bots' worker")
    for _ in range(12):                 # the person plays the hinted move
        if page.evaluate("window.ramiWorkerMoves.length") >= 5:
            break
        s = my_move(page, 120)
        if s["summary"]:                # a deal that ended early (a drop, a declaration)
            # (Points rummy is one deal: a bot that declares on the first turn, before the
            # worker is ready, ends the match; then play again)
            page.click("#next" if page.locator("#next").count() else "#rematch")
            wait_for(page, "!document.querySelector('#summary')", 30, "the next deal")
            continue
        person_turn(page)
    assert page.evaluate("window.ramiWorkerMoves.length") >= 5
    replayed_bot_moves(page.evaluate("localStorage.getItem('rami.save')"))
    assert not page.errors, page.errors


@deep
def test_without_the_worker_the_bots_think_on_the_page(page):
    # the worker's script cannot be fetched: it never becomes ready, and the bots play on
    page.route("**/static/bots.py", lambda route: route.abort())
    start_with(page, "basic", "good")
    s = play_to_summary(page)
    assert s["summary"]
    assert page.evaluate(BOTS) != "ready"
    assert page.evaluate("window.ramiWorkerMoves.length") == 0
    assert page.evaluate("window.ramiBotMoves.length") >= 3
    replayed_bot_moves(page.evaluate("localStorage.getItem('rami.save')"))


@deep
def test_bots_may_be_kept_on_the_pages_thread(page):
    start_with(page, "gin", "good", query="?bots=page")
    s = play_to_summary(page)
    assert s["summary"]
    assert page.evaluate(BOTS) == "page"
    assert page.evaluate("window.ramiWorkerMoves.length") == 0
    assert not page.errors, page.errors

