"""Friends on their own devices, in Chromium: two pages (two browser contexts, each with its
own storage) joined by a link and a pasted code over a real WebRTC data channel on this
machine, playing by clicks; at every step no page shows a card its seat may not see."""

from __future__ import annotations

import json
import pathlib

import pytest

from tests.conftest import deep

from .conftest import guard, on_page_thread, wait_for
from .test_around import SHOWN, hidden_cards, shows
from .test_push import push_turn
from .test_table import STATE, open_page, take_turn

SHOTS = pathlib.Path(__file__).resolve().parents[2] / "build" / "shots"
SHOTS.mkdir(parents=True, exist_ok=True)

SAVE = "JSON.parse(localStorage.getItem('rami.save') || 'null')"


@pytest.fixture
def pages(browser, site):
    """Pages of their own (a context each: no storage shared), as many as asked."""
    made = []

    def new(locale: str = "en-GB"):
        context = browser.new_context(viewport={"width": 1280, "height": 800},
                                      service_workers="block", locale=locale)
        requests, offsite = guard(context, (site,))
        pg = context.new_page()
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("console", lambda m: m.type == "error" and errors.append(m.text))
        pg.offsite, pg.errors, pg.site = offsite, errors, site
        on_page_thread(pg)
        made.append(context)
        return pg
    yield new
    for context in made:
        context.close()


def seat_friend(host, guest, seat: int, name: str) -> None:
    """The host's link for ``seat`` opened by the friend's page, and the code pasted back."""
    link = wait_for(host, f"(document.getElementById('link-{seat}') || {{}}).value", 30,
                    "the seat's join link")
    assert "#join=" in link
    guest.goto(link)
    wait_for(guest, "document.body.dataset.ready === '1'", 120, "the friend's page")
    guest.fill("#join-name", name)
    guest.click("#join-go")
    code = wait_for(guest, "(document.getElementById('join-code') || {}).value", 30,
                    "the friend's answer code")
    host.fill(f"#answer-{seat}", code)
    host.click(f'[data-act="answer:{seat}"]')
    try:
        wait_for(guest, "!!document.querySelector('#table')", 30, "the friend's table")
    except AssertionError as e:                  # what each side knows of the connection
        links = "ramiPeer.links.map(l => [l.open, l.figures])"
        raise AssertionError(f"{e}; the host's links {host.evaluate(links)}, the friend's "
                             f"{guest.evaluate(links)}; the friend's page: "
                             f"{guest.inner_text('#app')[:300]!r}; the code's lines: "
                             f"{len(code)} characters") from None


def gin_with_a_friend(pages) -> tuple:
    """A host's Gin table with a friend's seat, the friend (Bea) at it: (host, friend)."""
    host, guest = pages(), pages()
    open_page(host)
    host.click('[data-act="variant:gin"]')
    host.select_option('[data-field="level:0"]', "friend")
    host.click("#start")
    wait_for(host, "!!document.querySelector('#friends')", 30, "the friends' panel")
    seat_friend(host, guest, 1, "Bea")
    wait_for(host, "document.querySelector('.friend-connected') !== null", 10, "connected")
    host.click('[data-act="close"]')
    host.select_option("#pace", "instant")
    return host, guest


@deep       # (make test: friends come back, a forged message; this whole hand in make soak)
def test_a_gin_hand_between_two_browsers(pages):
    host, guest = gin_with_a_friend(pages)
    names = guest.evaluate("[...document.querySelectorAll('.seat-name, .me-name')]"
                           ".map(e => e.textContent)")
    assert "Bea" in " ".join(names)
    at_table(host, guest)
    moves = {0: 0, 1: 0}
    arrived = {0: 0, 1: 0}
    for step in range(400):
        ends = [p.evaluate("!!document.querySelector('#summary')") for p in (host, guest)]
        if all(ends):
            break
        save = host.evaluate(SAVE)
        # no page shows a hidden card of the other seat
        for page, other in ((host, 1), (guest, 0)):
            if save["game"]["phase"] not in ("layoff", "hand_over"):
                text = page.evaluate(SHOWN)
                for code in hidden_cards({**save, "human": 1 - other}, other):
                    assert not shows(text, code), (other, code, shows(text, code))
        turn = save["game"]["turn"]
        page = host if turn == 0 else guest
        s = wait_for(page, "(() => { const s = " + STATE + "; return s && (s.summary || "
                     f"(s.buttons.length && s.turn === {turn})) ? s : null }})()", 30,
                     f"seat {turn}'s move")
        if s["summary"]:
            continue
        # the other page shows the seat to move thinking
        other = guest if turn == 0 else host
        wait_for(other, f"!!document.querySelector('.seat.turn[data-seat=\"{turn}\"] "
                        ".seat-thinking')", 10, "the mover thinking, on the other page")
        before = len(save["game"]["history"])
        take_turn(page, s)
        moves[turn] += 1
        wait_for(host, f"{SAVE}.game.history.length > {before} || "
                       "!!document.querySelector('#summary')", 30, "the move at the host")
        last = host.evaluate(SAVE)["game"]["history"][-1]
        if last.startswith("discard") and not other.evaluate("!!document.querySelector"
                                                             "('#summary')"):
            # the discard arrives on the other page as a bot's does (its animation)
            wait_for(other, "!!document.querySelector('.pile.discard .top.arrive')", 10,
                     "the discard arriving on the other page")
            arrived[turn] += 1
    else:
        pytest.fail("the hand did not end")
    assert moves[0] >= 2 and moves[1] >= 2 and arrived[0] >= 1 and arrived[1] >= 1
    wait_for(guest, "!!document.querySelector('#summary')", 30, "the friend's summary")
    if host.evaluate(STATE)["phase"] == "hand_over":        # the host deals the next hand
        guest.click("#next")
        assert "host deals" in guest.inner_text("#message")
        host.click("#next")
        wait_for(guest, "(() => { const s = " + STATE + "; return s && s.hand_no === 1 && "
                        "!s.summary })()", 30, "the next hand at the friend's")
    for p in (host, guest):
        assert p.offsite == [] and p.errors == []


def at_table(host, guest) -> None:
    """Each page shows who plays the other seat and that they are connected; a quick
    reaction from either side shows beside its seat on both pages, and is said aloud."""
    seat = "document.querySelector('.seat[data-seat=\"{}\"] {}')"
    assert host.evaluate(seat.format(1, ".seat-level-tag") + ".textContent") == "Friend"
    assert guest.evaluate(seat.format(0, ".seat-level-tag") + ".textContent") == "Host"
    for page, other in ((host, 1), (guest, 0)):
        assert page.evaluate(seat.format(other, ".presence") + ".className") == "presence here"
    guest.click('[data-act="reactions"]')
    guest.click('[data-act="react:0"]')
    shown = "(" + seat.format("{}", ".reaction") + " || {{dataset: {{}}}}).dataset.reaction"
    wait_for(host, shown.format(1) + " === '👍'", 10, "the friend's reaction at the host")
    assert guest.evaluate("document.querySelector('.me-head .reaction').dataset.reaction") \
        == "👍"
    # (screen readers are told once the frame is painted)
    wait_for(host, "document.getElementById('announce').textContent"
                   ".includes('Bea reacts: thumbs up')", 10, "the reaction told at the host")
    assert guest.evaluate("document.querySelectorAll('.react-row').length") == 0   # (closed)
    host.click('[data-act="reactions"]')
    host.click('[data-act="react:5"]')
    wait_for(guest, shown.format(0) + " === '🎉'", 10, "the host's reaction at the friend's")
    wait_for(host, "!document.querySelector('.reaction')", 10, "the reactions fading")


# the languages of the four pages: a Romanian host, friends reading Hindi, German, French
SPEAKING = {0: "ro", 1: "hi", 2: "de", 3: "fr"}


def said_here(page, save: dict, lang: str) -> None:
    """The page's summary says the hand's result (and the log its line) in the page's own
    language: word for word what rami writes in it, whatever the host's language."""
    from rami.i18n import result_words, speaking
    from rami.state import GameState
    game = GameState.from_dict(save["game"])
    res = game.final if game.final else game.results[-1]
    with speaking(lang):
        want = " ".join(result_words(res).split())
    assert page.evaluate("document.documentElement.lang") == lang
    head = wait_for(page, "(document.querySelector('#summary h2') || {}).innerText", 30,
                    "the summary")
    assert " ".join(head.split()) == want, (lang, head, want)


@deep                     # (four pages booting, five deals of Push by clicks: make soak)
def test_a_push_match_with_three_friends_one_dropping_out_and_coming_back(pages):
    """Four browsers, each in its own language, play a whole Push match (five deals) by
    link: every page shows only what its seat may see at every few steps, and says each
    hand's result in its own language; in the second deal a friend's page reloads and
    comes back to the same seat by a new link."""
    host = pages(SPEAKING[0])
    open_page(host)
    host.click('[data-act="variant:push"]')
    host.select_option('[data-field="players"]', "4")
    for i in range(3):
        host.select_option(f'[data-field="level:{i}"]', "friend")
    host.click("#start")
    wait_for(host, "!!document.querySelector('#friends')", 30, "the friends' panel")
    by_seat = {0: host}
    names = {1: "Bea", 2: "Cai", 3: "Dan"}
    for seat, name in names.items():
        by_seat[seat] = pages(SPEAKING[seat])
        seat_friend(host, by_seat[seat], seat, name)
    wait_for(host, "document.querySelectorAll('.friend-connected').length === 3", 10)
    host.click('[data-act="close"]')
    host.select_option("#pace", "instant")
    moved, deals, dropped = set(), 0, False
    for step in range(8000):
        save = host.evaluate(SAVE)
        game = save["game"]
        if game["phase"] == "match_over":
            break
        if game["phase"] == "hand_over":
            deals += 1
            for seat, page in by_seat.items():
                said_here(page, save, SPEAKING[seat])
            host.click("#next")
            wait_for(host, f"{SAVE}.game.hand_no === {game['hand_no'] + 1}", 30, "next deal")
            continue
        if step % 7 == 0:                     # no page shows a card hidden from its seat
            for seat, page in by_seat.items():
                text = page.evaluate(SHOWN)
                for other in range(4):
                    if other != seat:       # (two decks: the page's own copy is its own)
                        for code in hidden_cards({**save, "human": seat}, other):
                            assert not shows(text, code), (seat, other, code)
        if deals == 1 and not dropped and len(game["history"]) > 20:
            dropped = True                    # Bea's page reloads; a new link; the same seat
            by_seat[1].reload()
            rejoin(host, by_seat[1], 1, names[1])
            assert sorted(by_seat[1].evaluate(STATE)["hand"]) == \
                sorted(host.evaluate(SAVE)["game"]["hands"][1])
            continue
        turn = game["turn"]
        page = by_seat[turn]
        s = wait_for(page, "(() => { const s = " + STATE + "; return s && (s.summary || "
                     f"(s.buttons.length && s.turn === {turn})) ? s : null }})()", 30,
                     f"seat {turn}'s move")
        if s["summary"]:
            continue
        before = len(game["history"])
        push_turn(page, s)
        moved.add(turn)
        wait_for(host, f"{SAVE}.game.history.length > {before} || "
                       "!!document.querySelector('#summary')", 30, "the move at the host")
    else:
        pytest.fail("the match did not end")
    assert moved == {0, 1, 2, 3} and deals == 4 and dropped    # (the fifth: the match's end)
    save = host.evaluate(SAVE)
    for seat, page in by_seat.items():
        said_here(page, save, SPEAKING[seat])
        page.wait_for_timeout(600)                  # (the summary has faded in)
        page.screenshot(path=str(SHOTS / f"friends-push-end-{SPEAKING[seat]}.png"))
        assert page.offsite == [] and page.errors == []


def play_moves(by_seat: dict, count: int, turn=take_turn) -> None:
    """``count`` moves by clicks, each on the page of the seat to play (the host is seat 0)."""
    host = by_seat[0]
    for _ in range(count):
        game = host.evaluate(SAVE)["game"]
        if game["phase"] in ("hand_over", "match_over"):
            return
        seat = game["turn"]
        page = by_seat[seat]
        s = wait_for(page, "(() => { const s = " + STATE + "; return s && (s.summary || "
                     f"(s.buttons.length && s.turn === {seat})) ? s : null }})()", 30,
                     f"seat {seat}'s move")
        before = len(game["history"])
        turn(page, s)
        wait_for(host, f"{SAVE}.game.history.length > {before}", 30,
                 f"seat {seat}'s move at the host (history {before})",
                 lambda: _moving(by_seat, seat, s))


def _moving(by_seat: dict, seat: int, s: dict) -> str:
    """What each page shows when a move did not reach the host: for a failure to explain."""
    said = [f"the mover's state before its move: {s}"]
    for k, page in by_seat.items():
        now = page.evaluate("(() => { const s = " + STATE + "; return s && {phase: s.phase, "
                            "turn: s.turn, enabled: s.enabled, message: s.message, "
                            "log: s.log.slice(-3)} })()")
        links = page.evaluate("window.ramiPeer ? ramiPeer.links.map(l => [l.open, l.figures])"
                              " : null")
        dialog = page.evaluate("(document.querySelector('#dialogs [role=dialog], "
                               "#summary-slot [role=dialog]') || {}).id || null")
        said.append(f"seat {k}: {now}, links {links}, dialog {dialog}, "
                    f"history {page.evaluate(SAVE + '?.game?.history?.length')}")
    return "; ".join(said)


def rejoin(host, guest, seat: int, name: str) -> None:
    """The host's new link for ``seat`` (its friend has gone), opened by the friend."""
    wait_for(host, "!!document.querySelector('.friend-closed, .friend-waiting')"
                   " || !document.querySelector('#friends')", 30, "the friend gone")
    if not host.query_selector("#friends"):
        host.click('[data-act="friends"]')
    seat_friend(host, guest, seat, name)
    host.click('[data-act="close"]')


def test_friends_and_the_host_come_back_and_a_forged_message_changes_nothing(pages):
    host, guest = gin_with_a_friend(pages)
    by_seat = {0: host, 1: guest}
    play_moves(by_seat, 4)
    # forged and replayed messages, through the friend's own connection
    game = host.evaluate(SAVE)["game"]
    moves, names = len(game["history"]), game["names"]
    for forged in ('{"t":"act","seq":999,"at":0,"action":"draw"}',
                   '{"t":"act","seq":1,"at":%d,"action":"draw"}' % moves,       # heard already
                   '{"t":"hello","v":1,"token":"not-a-seat","name":"Eve","lang":"en"}',
                   '{"t":"react","seq":2,"what":"<img src=x>"}', "not json", "[[[[[[[[[[[[[["):
        guest.evaluate("(t) => ramiPeer.links.at(-1).send(t)", forged)
    guest.wait_for_timeout(500)
    game = host.evaluate(SAVE)["game"]
    assert len(game["history"]) == moves and game["names"] == names
    assert host.errors == [] and guest.errors == []
    # the friend's page reloads on the friend's turn: the host sees how long the friend has
    # been away, and may let the computer play for them; a new link for the seat, the same
    # seat, and play goes on
    for _ in range(6):
        if host.evaluate(SAVE)["game"]["turn"] == 1:
            break
        play_moves(by_seat, 1)
    assert host.evaluate(SAVE)["game"]["turn"] == 1
    moves = len(host.evaluate(SAVE)["game"]["history"])
    # a page that goes closes its connections itself: the host learns it at once (not when
    # the connection times out); then the page comes back
    guest.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    wait_for(host, "!!document.querySelector('.away-clock')", 10, "the host told at once")
    guest.reload()
    # (two seconds or more: a busy machine may tick past 0:02 between two looks)
    clock = "((document.querySelector('.away-clock') || {}).textContent || '')"
    wait_for(host, f"((m) => m && 60 * m[1] + +m[2] >= 2)(/^(\\d+):(\\d\\d)$/.exec({clock}))",
             30, "the away clock ticking",
             explain=f"[{clock}, document.querySelector('#status').textContent, "
                     "ramiPeer.links.map((l) => l.open)]")
    assert "Waiting for Bea" in host.inner_text("#status")
    host.click('[data-act="stand-in:1"]')
    wait_for(host, f"{SAVE}.game.history.length > {moves}", 30, "the stand-in's move")
    rejoin(host, guest, 1, "Bea")
    hand = guest.evaluate(STATE)["hand"]
    assert sorted(hand) == sorted(host.evaluate(SAVE)["game"]["hands"][1])
    play_moves(by_seat, 3)
    # the host's page reloads: the match and the room come back from its save
    moves = len(host.evaluate(SAVE)["game"]["history"])
    host.reload()
    wait_for(host, "!!document.querySelector('#table')", 120, "the host's table again")
    wait_for(guest, "document.querySelector('#message').textContent.includes('closed')", 30,
             "the friend told")
    host.click('[data-act="friends"]')
    rejoin(host, guest, 1, "Bea")
    assert len(host.evaluate(SAVE)["game"]["history"]) == moves
    play_moves(by_seat, 3)
    assert len(host.evaluate(SAVE)["game"]["history"]) > moves
    # a message that never ends (its pieces past what a move needs) closes the connection at
    # the host, which keeps none of it
    guest.evaluate("() => ramiPeer.links.at(-1).send('x'.repeat(200000))")
    wait_for(host, "ramiPeer.links.every((l) => !l.open)", 30, "the host closing the link")
    assert host.errors == []


@pytest.fixture
def relay():
    from .relay import Relay
    with Relay() as r:
        yield r


def relayed(page, relay) -> None:
    """The page as a site owner who names its relays (here the one on loopback) would serve
    it; no STUN server (one machine)."""
    page.context.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        f"  for (const [n, c] of [['rami-relays', '{json.dumps([relay.url])}'],"
        "                         ['rami-ice-servers', '[]']]) {"
        "    const m = document.createElement('meta'); m.name = n; m.content = c;"
        "    document.head.append(m); } });")


@deep
def test_a_friend_joins_by_code_through_a_relay_and_both_pages_come_back(pages, relay):
    """The host turns codes on; the friend types the seat's code in the lobby (as people do:
    small letters, spaces); the pages meet through a Nostr relay and play. The friend's page
    reloads and takes the seat again; the host's reloads, and the friend's page finds it again
    by itself."""
    host, guest = pages(), pages()
    relayed(host, relay)
    relayed(guest, relay)
    open_page(host)
    assert relay.clients == 0                      # nothing contacted before codes are chosen
    host.click('[data-act="variant:gin"]')
    host.select_option('[data-field="level:0"]', "friend")
    host.click("#start")
    wait_for(host, "!!document.querySelector('#friends')", 30, "the friends' panel")
    assert relay.clients == 0
    host.click('[data-act="use-codes"]')
    code = wait_for(host, "(document.getElementById('code-1') || {}).textContent", 30,
                    "the seat's code")
    assert len(code.replace(" ", "")) == 12
    open_page(guest)
    guest.click('[data-act="join-by-code"]')
    guest.fill("#join-name", "Cy")
    guest.fill("#join-typed", "12345")
    guest.click("#join-go")
    assert "12 letters" in guest.inner_text(".friend-problem")
    guest.fill("#join-typed", code.lower().replace(" ", " - "))
    guest.click("#join-go")
    wait_for(guest, "!!document.querySelector('#table')", 60, "the friend's table, by code")
    assert relay.clients >= 2 and relay.events > 0
    wait_for(host, "!!document.querySelector('.friend-connected')", 10, "connected")
    host.click('[data-act="close"]')
    host.select_option("#pace", "instant")
    assert "Cy" in host.inner_text(".seat[data-seat='1'] .seat-name")
    by_seat = {0: host, 1: guest}
    play_moves(by_seat, 3)
    # the friend's page reloads: its address holds the code; one click, the same seat
    guest.reload()
    wait_for(guest, "document.body.dataset.ready === '1'", 120, "the friend's page again")
    assert guest.input_value("#join-typed").replace(" ", "") == code.replace(" ", "")
    guest.click("#join-go")
    wait_for(guest, "!!document.querySelector('#table')", 60, "the friend's table again")
    assert sorted(guest.evaluate(STATE)["hand"]) == \
        sorted(host.evaluate(SAVE)["game"]["hands"][1])
    play_moves(by_seat, 2)
    # the host's page reloads: codes come back on from its save, and the friend's page,
    # still in the code's room, is met again without a click
    moves = len(host.evaluate(SAVE)["game"]["history"])
    host.reload()
    wait_for(host, "!!document.querySelector('#table')", 120, "the host's table again")
    wait_for(host, "!!document.querySelector('.seat[data-seat=\"1\"] .presence.here')", 60,
             "the friend met again")
    assert "Cy" in host.inner_text(".seat[data-seat='1'] .seat-name")
    wait_for(guest, "!document.querySelector('#message').textContent.includes('reach')", 30,
             "the friend's page at the table again")
    assert len(host.evaluate(SAVE)["game"]["history"]) == moves
    play_moves(by_seat, 3)
    assert len(host.evaluate(SAVE)["game"]["history"]) > moves
    for p in (host, guest):           # (Trystero logs a peer's reload as an error of its own)
        assert p.offsite == [] and [e for e in p.errors if "Trystero peer error" not in e] == []


SCANNED = """async (text) => {
  const svg = await ramiPeer.qr(text, "");
  const img = new Image();
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  await img.decode();
  const c = document.createElement("canvas");
  c.width = 640; c.height = 480;
  const g = c.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, 640, 480);
  g.imageSmoothingEnabled = false;
  g.drawImage(img, 90, 10, 460, 460);
  const d = g.getImageData(0, 0, 640, 480).data;
  let out = "";
  for (let i = 0; i < 640 * 480; i++) out += String.fromCharCode(d[i * 4]);
  return btoa(out);
}"""


@deep
def test_the_host_scans_the_answer_code_with_its_camera(pages, playwright_driver, site,
                                                        tmp_path):
    """The friend's page shows its answer as a QR code; the host's camera (Chromium's fake
    camera, playing a picture of that QR code) reads it, and the two pages connect."""
    import base64
    from .conftest import ARGS, CHROMIUM
    film = tmp_path / "camera.y4m"
    camera = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=ARGS + [
        "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={film}"])
    try:
        context = camera.new_context(viewport={"width": 1280, "height": 800},
                                     service_workers="block")
        seen, offsite = guard(context, (site,))
        host = context.new_page()
        host.site = site
        errors = []
        host.on("pageerror", lambda e: errors.append(str(e)))
        open_page(host)
        host.click('[data-act="variant:gin"]')
        host.select_option('[data-field="level:0"]', "friend")
        host.click("#start")
        link = wait_for(host, "(document.getElementById('link-1') || {}).value", 30, "link")
        guest = pages()
        guest.goto(link)
        wait_for(guest, "document.body.dataset.ready === '1'", 120, "the friend's page")
        guest.fill("#join-name", "Bea")
        guest.click("#join-go")
        code = wait_for(guest, "(document.getElementById('join-code') || {}).value", 30,
                        "the answer code")
        wait_for(guest, "!!document.querySelector('.join-card .qr svg')", 30, "its QR code")
        luma = base64.b64decode(guest.evaluate(SCANNED, code))
        frame = b"FRAME\n" + luma + bytes([128]) * (640 * 480 // 2)
        film.write_bytes(b"YUV4MPEG2 W640 H480 F5:1 Ip A1:1 C420jpeg\n" + frame * 2)
        host.click('[data-act="scan:1"]')
        wait_for(host, "!!document.querySelector('.scan-layer video')", 10, "the camera")
        wait_for(host, "document.querySelector('.friend-connected') !== null", 60,
                 "connected by the scanned code")
        assert not host.query_selector(".scan-layer")            # (the camera is closed)
        wait_for(guest, "!!document.querySelector('#table')", 30, "the friend's table")
        # (Linux's Chromium has no BarcodeDetector: the vendored reader, not a CDN's, read it)
        assert any(u.endswith("vendor/scan/zxing_reader.wasm") for u in seen)
        assert errors == [] and offsite == []
    finally:
        camera.close()


@deep
def test_a_leaked_code_is_told_to_the_host_who_refuses_it(pages, relay):
    """Another page takes a seat with its code (one that went further than meant): the host's
    status line says so; *Refuse it* gives the seat a new code, which the old one is not, and
    the friend joins again with it."""
    host, friend, other = pages(), pages(), pages()
    for p in (host, friend, other):
        relayed(p, relay)
    open_page(host)
    host.click('[data-act="variant:gin"]')
    host.select_option('[data-field="level:0"]', "friend")
    host.click("#start")
    wait_for(host, "!!document.querySelector('#friends')", 30, "the friends' panel")
    host.click('[data-act="use-codes"]')
    code = wait_for(host, "(document.getElementById('code-1') || {}).textContent", 30,
                    "the seat's code")

    def join(page, name, typed):
        open_page(page)
        page.click('[data-act="join-by-code"]')
        page.fill("#join-name", name)
        page.fill("#join-typed", typed)
        page.click("#join-go")

    join(friend, "Cy", code)
    wait_for(friend, "!!document.querySelector('#table')", 60, "the friend's table")
    wait_for(host, "!!document.querySelector('.friend-connected')", 10, "connected")
    host.click('[data-act="close"]')
    friend.close()                                     # the friend's page is gone a while,
    wait_for(host, "!document.querySelector('.seat[data-seat=\"1\"] .presence.here')", 60,
             "the friend away")
    join(other, "Mallory", code)                       # and the code is used on another device
    wait_for(host, "document.querySelector('#status').textContent.includes('Another device')",
             60, "the host told")
    assert "Cy" in host.inner_text("#status")          # (the seat keeps its friend's name)
    assert "Mallory" not in host.inner_text(".seat[data-seat='1'] .seat-name")
    host.screenshot(path=str(SHOTS / "seat-taken-laptop.png"))
    size = host.viewport_size
    for w, h in ((390, 844),):       # a phone upright (sideways, the middle of every table
        host.set_viewport_size({"width": w, "height": h})      # is squeezed: issue 46)
        host.wait_for_timeout(300)
        button = host.locator('[data-act="refuse-seat:1"]').bounding_box()
        assert button and 0 <= button["x"] and button["x"] + button["width"] <= w \
            and 0 <= button["y"] and button["y"] + button["height"] <= h, (w, h, button)
        host.screenshot(path=str(SHOTS / f"seat-taken-{w}x{h}.png"))
    host.set_viewport_size(size)
    host.click('[data-act="refuse-seat:1"]')
    host.click('[data-act="friends"]')
    new = wait_for(host, f"(() => {{ const c = (document.getElementById('code-1') || {{}})"
                         f".textContent; return c && c !== {json.dumps(code)} && c; }})()",
                   60, "a new code")
    assert new.replace(" ", "") != code.replace(" ", "")
    friend = pages()
    relayed(friend, relay)
    join(friend, "Cy", new)
    wait_for(host, "!!document.querySelector('.friend-connected')", 60, "the friend again")
    host.click('[data-act="close"]')
    assert "Cy" in host.inner_text(".seat[data-seat='1'] .seat-name")
    assert [e for e in host.errors if "Trystero peer error" not in e] == []


def test_a_friend_reviews_its_own_hand_worked_out_by_the_host(pages):
    """A friend's page reviews its seat's decisions: asked of the host, which holds the
    match (a friend's page never has its seed), worked out in the host's worker and sent
    back as it comes; the friend sees only its own decisions, and no deal played again
    (the room would close). The host's own review is its own."""
    host, guest = gin_with_a_friend(pages)
    by_seat = {0: host, 1: guest}
    for _ in range(200):
        play_moves(by_seat, 1)
        if host.evaluate(SAVE)["game"]["phase"] in ("hand_over", "match_over"):
            break
    wait_for(guest, "!!document.querySelector('#summary #review-hand')", 30,
             "the friend's summary with its review")
    guest.set_viewport_size({"width": 390, "height": 844})        # (the friend's phone)
    guest.click("#summary #review-hand")
    done = ("(() => { const r = document.querySelector('#review'); return r && "
            "!r.querySelector('.progress-track') && !!r.querySelector('.review-expert, "
            ".review-error') })()")
    wait_for(guest, done, 120, "the host's review at the friend's page")
    text = guest.inner_text("#review")
    assert guest.locator(".review-error").count() == 0, text
    assert guest.locator(".review-item").count() >= 2, text
    assert "Bea" in text and "The Expert in your seat" in text
    assert "{" not in text and ("You drew" in text or "You took" in text), text  # (in words)
    assert guest.locator('#review [data-act="replay-deal"]').count() == 0
    # each decision shows the friend's own cards then
    guest.locator(".review-item").nth(0).click()
    wait_for(guest, "document.querySelector('.review-step') && document.querySelector("
                    "'.review-step').textContent.includes('Decision 1 of')")
    assert guest.locator(".review-board .review-hand .card").count() in (10, 11)
    guest.wait_for_timeout(500)
    guest.screenshot(path=str(SHOTS / "friend-review-390x844.png"))
    assert not host.query_selector("#review")            # (nothing shown at the host)
    # the hand's figure is kept in the friend's own statistics
    stats = guest.evaluate("JSON.parse(localStorage.getItem('rami.stats') || '{}')")
    kept = stats["variants"]["gin"]["reviews"]
    assert len(kept) == 1 and kept[0][0].startswith("room:") and kept[0][1] == 1, kept
    # ... and Statistics lists the hand, to review again (the review the host sent, kept)
    guest.click('#review [data-act="close"]')
    guest.evaluate("document.querySelector('[data-act=\"lobby\"]').click()")
    guest.click('[data-act="stats"]')
    wait_for(guest, "!!document.querySelector('#stats [data-act=\"review-hand:1\"]')", 30,
             "the friend's hands in Statistics")
    guest.click('#stats [data-act="review-hand:1"]')
    wait_for(guest, done, 30, "the review again")
    assert guest.locator(".review-item").count() >= 2
    for p in (host, guest):
        assert p.offsite == [] and p.errors == []
