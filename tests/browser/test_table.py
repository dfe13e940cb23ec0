"""The rami page in Chromium: start, play through clicks, reload, saves, no off-site requests."""

from __future__ import annotations

import json
import time
import urllib.parse

import pytest

from tests.conftest import soak_only

from .conftest import NO_SNAPSHOT, wait_for

STATE = """(() => {
  const t = document.querySelector('#table');
  if (!t) return null;
  const all = [...document.querySelectorAll('#actions button')];
  return {phase: t.dataset.phase, turn: +t.dataset.turn, hand_no: +t.dataset.hand,
          buttons: all.map(b => b.dataset.act),
          enabled: all.filter(b => !b.disabled).map(b => b.dataset.act),
          summary: !!document.querySelector('#summary'),
          hand: [...document.querySelectorAll('.hand-card')].map(c => c.dataset.card),
          top: (document.querySelector('.pile.discard .top') || {dataset: {}}).dataset.name || null,
          stock: document.querySelector('.pile.stock').textContent,
          melds: document.querySelectorAll('.meld').length,
          why: (document.querySelector('#actions .why') || {}).textContent || '',
          message: document.querySelector('#message').textContent,
          log: [...document.querySelectorAll('#log-list li')].map(l => l.textContent)};
})()"""


def state(page):
    return page.evaluate(STATE)


def open_page(page, query: str = ""):
    page.goto(page.site + query)
    wait_for(page, "document.body.dataset.ready === '1'", 120, "the page to start")


def start(page, variant: str = "gin"):
    open_page(page)
    page.click(f'[data-act="variant:{variant}"]')
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")


def my_move(page, timeout: float = 60):
    """Wait until the person has buttons to press, or the hand is over; the table's state."""
    return wait_for(page, "(() => { const s = " + STATE + ";"
                          " return s && (s.summary || s.buttons.length) ? s : null })()",
                    timeout, "the person's move")


def click_act(page, act: str):
    page.click(f'[data-act="{act}"]')


def take_turn(page, s, knock: bool = True):
    """One move of a plain policy, all through clicks: pass the upcard, draw from the stock,
    knock when allowed (and ``knock``), otherwise discard the right-most card after sorting
    melds first."""
    enabled = s["enabled"]
    for act in ("btn:pass", "btn:turnover", "btn:done"):
        if act in enabled:
            return click_act(page, act)
    if "btn:draw" in enabled:
        return click_act(page, "draw")              # the stock pile itself
    if page.locator('[data-act="sort:melds"]').count():    # (tile Rami's rack has none)
        click_act(page, "sort:melds")
    n = len(state(page)["hand"])
    for pos in reversed(range(n)):
        click_act(page, f"card:{pos}")
        now = state(page)
        for act in ("btn:knock", "btn:discard")[0 if knock else 1:]:
            if act in now["enabled"]:
                return click_act(page, act)
        click_act(page, f"card:{pos}")              # not this one: unselect
    raise AssertionError(f"no card could be discarded: {state(page)}")


def play_hand(page, limit: int = 400):
    for _ in range(limit):
        s = my_move(page)
        if s["summary"]:
            return s
        take_turn(page, s)
    raise AssertionError("the hand did not end")


def test_gin_hand_through_clicks_to_the_summary(page):
    start(page, "gin")
    s = my_move(page)
    assert s["phase"] in ("upcard", "draw") and len(s["hand"]) == 10
    end = play_hand(page)
    assert end["phase"] in ("hand_over", "match_over")
    summary = page.inner_text("#summary")
    assert "Scoreboard" in summary and "Total" in summary
    assert page.locator("#summary .lines li").count() >= 1     # the scoring, line by line
    if end["phase"] == "match_over":        # (a gin against a heavy hand can end it at once)
        page.click("#rematch")              # the same seats and rules, a new match
        s = my_move(page)
        assert s["hand_no"] == 0 and not s["summary"]
    else:
        page.click("#next")
        s = my_move(page)
        assert s["hand_no"] == 1 and not s["summary"]
    assert page.offsite == [] and page.errors == []


def test_reload_resumes_the_same_position(page):
    start(page, "gin")
    moved = 0
    while moved < 3:                        # a few moves in, mid-hand
        s = my_move(page)
        if s["summary"]:                    # (a bot's early knock: the next hand, then)
            page.click("#next")
            continue
        take_turn(page, s, knock=False)
        moved += 1
    s = my_move(page)
    while s["summary"]:
        page.click("#next")
        s = my_move(page)
    if "btn:draw" in s["enabled"]:
        click_act(page, "draw")
    click_act(page, "sort:rank")            # the person's own order is part of the position
    click_act(page, "card:0")
    before = state(page)
    assert before["phase"] == "play" and len(before["hand"]) == 11
    page.reload()
    wait_for(page, "document.body.dataset.ready === '1'", 120)
    after = my_move(page)
    for key in ("phase", "turn", "hand_no", "hand", "top", "stock", "melds", "log"):
        assert after[key] == before[key], key
    assert page.offsite == [] and page.errors == []


def test_no_request_leaves_the_site(page):
    start(page, "basic")
    take_turn(page, my_move(page))
    my_move(page)
    assert page.offsite == []
    names = " ".join(page.requests)
    for part in ("pyodide.asm.wasm", "python_stdlib.zip", "rami.zip",
                 "core.js", "style.css"):
        assert part in names
    assert all(u.startswith(page.site) for u in page.requests)


BASIC_DEAL = ("basic | 0: 4h 5h 6h Qc 2s 9d Kd 3c | 1: 2c 8c Jh 10s 7d Ks 9s 4d "
              "| table: 1=Qs Qh Qd | melded: 1 | discard: 3d | stock: 8s 5s "
              "| turn: 0 | phase: draw | dealer: 1")


def test_basic_hand_with_a_meld_and_a_lay_off(page):
    open_page(page, "?deal=" + urllib.parse.quote(BASIC_DEAL))
    page.select_option("#pace", "instant")
    s = my_move(page)
    assert s["phase"] == "draw" and s["melds"] == 1
    click_act(page, "meld:0")               # before drawing: the engine says why not
    assert "draw" in state(page)["message"].lower()
    page.keyboard.press("d")                # draw from the stock by keyboard
    s = state(page)
    assert s["phase"] == "play" and "8s" in s["hand"]
    hand = s["hand"]
    for card in ("4h", "5h", "6h"):
        click_act(page, f"card:{hand.index(card)}")
    assert "btn:meld" in state(page)["enabled"]
    click_act(page, "btn:meld")
    s = state(page)
    assert s["melds"] == 2 and "4h" not in s["hand"]
    click_act(page, f"card:{s['hand'].index('Qc')}")
    assert page.locator(".meld.target").count() == 1       # where the queen fits
    click_act(page, "meld:0")               # lay off by tapping the meld
    s = state(page)
    assert "Qc" not in s["hand"] and any("laid off" in line for line in s["log"])
    assert page.locator('.meld[data-meld="0"] .by').count() == 1   # who laid it off
    click_act(page, f"card:{s['hand'].index('2s')}")
    click_act(page, "btn:discard")
    end = play_hand(page)
    assert "Scoreboard" in page.inner_text("#summary")
    assert end["phase"] in ("hand_over", "match_over")
    assert page.offsite == [] and page.errors == []


def test_a_tap_changes_the_table_in_place(page):
    """A selected card is the same card with a class more: the other cards, their faces and
    the focus stay as they were (the page redraws what differs, not every card)."""
    open_page(page, "?deal=" + urllib.parse.quote(BASIC_DEAL))
    page.select_option("#pace", "instant")
    my_move(page)
    page.keyboard.press("d")
    wait_for(page, "document.querySelector('#table').dataset.phase === 'play'")
    page.evaluate("document.querySelectorAll('.hand-card').forEach((el, i) => el.ramiMark = i)")
    click_act(page, "card:2")
    marks = page.evaluate("[...document.querySelectorAll('.hand-card')].map((el) => el.ramiMark)")
    assert marks == list(range(len(marks))), marks
    assert page.evaluate("document.querySelector('[data-act=\"card:2\"]').classList.contains('sel')"
                         " && document.activeElement.dataset.act === 'card:2'")
    click_act(page, "card:2")                   # and back
    assert page.evaluate("[...document.querySelectorAll('.hand-card')].every("
                         "(el, i) => el.ramiMark === i && !el.classList.contains('sel'))")
    # another card on the pile is a new element, so that it arrives as a new card does
    page.evaluate("document.querySelector('.pile.discard .top').ramiMark = 'old'")
    click_act(page, "card:2")
    click_act(page, "btn:discard")
    wait_for(page, "document.querySelector('#table').dataset.turn !== '0' || "
                   "document.querySelector('.pile.discard .top').ramiMark !== 'old'")
    assert page.evaluate("(() => { const top = document.querySelector('.pile.discard .top');"
                         " return top.ramiMark === undefined && top.classList.contains('arrive') })()")
    assert page.errors == []


def test_a_card_that_moves_is_moved_not_made_anew(page):
    """A hand sorted another way is the same card elements in another order (keyed by their
    card: moved, not replaced, so neither their faces nor their layout are made again); and
    the morph itself, over lists of keyed, doubled and unkeyed elements, draws exactly the
    new HTML while keeping every keyed element it can."""
    open_page(page, "?deal=" + urllib.parse.quote(BASIC_DEAL))
    page.select_option("#pace", "instant")
    my_move(page)
    page.evaluate("document.querySelectorAll('.hand-card').forEach((el) => el.ramiMark = el.dataset.card)")
    before = page.evaluate("[...document.querySelectorAll('.hand-card')].map((el) => el.dataset.card)")
    for sort in ("sort:rank", "sort:suit"):
        click_act(page, sort)
        marks = page.evaluate("[...document.querySelectorAll('.hand-card')].map((el) => [el.dataset.card, el.ramiMark])")
        assert all(card == mark for card, mark in marks) and len(marks) == len(before), marks
    assert page.evaluate(MORPHS) == []
    assert page.errors == []


def test_a_bots_move_is_drawn_in_one_call_into_the_page(page):
    """A bot's move and the next seat at work are drawn by one call from Python into the
    page (static/boot.js's ramiWrite): the regions that changed, the table's class and data
    (whose turn), and the new discard marked to arrive, all in that call; nothing of the
    table is written after it in that drawing."""
    open_page(page, "?deal=" + urllib.parse.quote(BASIC_DEAL))
    my_move(page)
    page.keyboard.press("d")
    wait_for(page, "document.querySelector('#table').dataset.phase === 'play'")
    page.evaluate("""(() => {
      window.writes = [];
      const table = () => document.querySelector('#table');
      const write = window.ramiWrite;
      window.ramiWrite = (json) => {
        const out = write(json), t = table(), seen = [t.className, t.dataset.turn, t.dataset.phase,
          !!document.querySelector('.pile.discard .top.arrive')];
        window.writes.push(seen);
        // (once the drawing's task is over: the table as the drawing left it)
        queueMicrotask(() => seen.push([table().className, table().dataset.turn, table().dataset.phase]));
        return out;
      };
    })()""")
    hand = state(page)["hand"]
    click_act(page, f"card:{hand.index('Kd')}")
    click_act(page, "btn:discard")
    wait_for(page, "document.querySelector('#table.my-turn, .summary-slot *') && "
                   "window.ramiRedraws.length >= 1", 60, "the bot's move")
    time.sleep(0.3)
    writes = page.evaluate("window.writes")
    assert len(writes) >= 2, writes
    for cls, turn, phase, arrived, after in writes:
        assert [cls, turn, phase] == after, writes
    assert any(w[3] for w in writes)             # (a bot's discard marked as it was written)
    assert page.errors == []


def test_the_bots_last_move_is_painted_before_the_person_s_controls(page):
    """The bots' last move before the person's turn is drawn at once (whose turn, the pile,
    the log), and the person's controls (name line, hand, moves: the larger drawing) in the
    frame after the move's: held frames hold them back, and let go they come."""
    from .test_phones import HOLD, LET_GO
    open_page(page, "?deal=" + urllib.parse.quote(BASIC_DEAL))
    my_move(page)
    page.keyboard.press("d")
    wait_for(page, "document.querySelector('#table').dataset.phase === 'play'")
    hand = state(page)["hand"]
    click_act(page, f"card:{hand.index('Kd')}")
    page.evaluate("document.querySelector('#actions').ramiMark = 'bots'")
    page.evaluate(HOLD)
    click_act(page, "btn:discard")
    wait_for(page, "document.querySelector('#table').dataset.turn === '0' && "
                   "document.querySelector('#table').dataset.phase === 'draw'", 60, "the bot's move")
    time.sleep(0.5)
    # the move is on the table; the person's moves are not drawn yet
    assert page.evaluate("document.querySelector('#table').classList.contains('my-turn')")
    assert page.locator('#actions [data-act="btn:draw"]:not([disabled])').count() == 0
    page.evaluate(LET_GO)
    wait_for(page, "!!document.querySelector('#actions [data-act=\"btn:draw\"]:not([disabled])')",
             10, "the person's moves")
    assert page.errors == []


# random lists of children (a card by data-card, doubled; an unkeyed span; text) morphed
# from one into another: the HTML must be the new one's, and each keyed element of the old
# list kept whenever the new list has its key (as many times as both have it)
MORPHS = r"""(() => {
  let seed = 7;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const item = () => { const r = rnd(10);
    return r < 7 ? `<b data-card="c${rnd(6)}" class="k${rnd(3)}">x${rnd(3)}</b>`
         : r < 9 ? `<span>u${rnd(3)}</span>` : `t${rnd(3)}`; };
  const list = () => Array.from({length: rnd(9)}, item).join('');
  const bad = [];
  for (let i = 0; i < 300; i++) {
    const el = document.createElement('div'), a = list(), b = list();
    el.innerHTML = a;
    const kept = new Map();
    for (const c of el.querySelectorAll('[data-card]')) {
      c.ramiOld = true; kept.set(c.dataset.card, (kept.get(c.dataset.card) || 0) + 1); }
    window.ramiMorph(el, b);
    const t = document.createElement('div'); t.innerHTML = b;
    if (el.innerHTML.replace(/ramiOld/g, '') !== t.innerHTML) bad.push(['html', a, b, el.innerHTML]);
    const want = new Map();
    for (const c of t.querySelectorAll('[data-card]')) want.set(c.dataset.card, (want.get(c.dataset.card) || 0) + 1);
    for (const [k, n] of kept) {
      const reused = [...el.querySelectorAll(`[data-card="${k}"]`)].filter((c) => c.ramiOld).length;
      if (reused !== Math.min(n, want.get(k) || 0)) bad.push(['kept', k, a, b]);
    }
  }
  return bad.slice(0, 3);
})()"""


def test_illegal_attempts_are_explained(page):
    deal = ("basic | 0: 4h 5h 6h Qc 2s 9d Kd 3c | 1: 2c 8c Jh 10s 7d Ks 9s 4d "
            "| discard: 3d | stock: 8s 5s | turn: 0 | phase: draw | dealer: 1")
    open_page(page, "?deal=" + urllib.parse.quote(deal))
    my_move(page)
    click_act(page, "take")                 # take the 3d, then try to throw it back
    s = state(page)
    click_act(page, f"card:{s['hand'].index('3d')}")
    s = state(page)
    assert "btn:discard" not in s["enabled"]
    assert "different card" in s["why"]
    click_act(page, "take")                 # the pile again: a selected card goes onto it
    assert "different card" in state(page)["message"]
    click_act(page, f"card:{s['hand'].index('3d')}")
    for card in ("Qc", "2s", "9d"):         # not a meld: the engine's reason, not a traceback
        click_act(page, f"card:{state(page)['hand'].index(card)}")
    why = state(page)["why"]
    assert why and "Traceback" not in page.content()


def test_the_lobby_comes_before_the_engine_and_what_is_done_meanwhile_counts(page):
    """A page that opens on the lobby shows it, ready, before the engine is imported, and
    the app takes that very lobby over (it does not draw it again); what the player does
    in those moments (a game chosen, a number of players, Deal) is done once the app has
    taken over, in order."""
    open_page(page)
    page.evaluate("document.querySelector('#lobby').drawnFirst = true")
    wait_for(page, "window.ramiEngineAt > 0", 60, "the app to take over")
    ready, engine = page.evaluate("[window.ramiReadyAt, window.ramiEngineAt]")
    assert ready < engine
    assert page.evaluate("document.querySelector('#lobby').drawnFirst === true")
    page.reload()                  # and at once (as a rule, before the engine is in)
    wait_for(page, "document.body.dataset.ready === '1'", 120)
    page.click('[data-act="variant:basic"]')
    page.select_option('[data-field="players"]', "3")
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')", 60, "the table")
    assert page.evaluate("document.querySelector('#table').className").startswith(
        "table variant-basic seats-3")
    assert page.errors == []


# (make test: one of each kind; the engine's tests refuse every kind of bad entry)
@pytest.mark.parametrize("saved, reason", [
    ("{not json", "could not be resumed"),
    soak_only(json.dumps({"format": "rami-web", "version": 0}), "another version"),
    soak_only(json.dumps({"format": "rami-web", "version": 1,
                          "game": {"format": "rami-save"}}), "could not be resumed"),
])
def test_a_bad_save_is_set_aside_and_explained(page, saved, reason):
    open_page(page)
    page.evaluate("s => localStorage.setItem('rami.save', s)", saved)
    page.reload()
    wait_for(page, "document.body.dataset.ready === '1'", 120)
    notice = page.inner_text(".notice")
    assert reason in notice
    assert page.evaluate("localStorage.getItem('rami.save.set-aside')") == saved
    assert page.evaluate("localStorage.getItem('rami.save')") is None
    page.click("#start")                    # and a new game starts cleanly
    wait_for(page, "!!document.querySelector('#table')")
    assert page.errors == []


def test_a_match_plays_to_its_end_and_a_new_one_starts(page):
    deal = ("gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h "
            "| discard: Kd | stock: 2s 6d | turn: 0 | phase: draw | dealer: 1 | scores: 95 0")
    open_page(page, "?deal=" + urllib.parse.quote(deal))
    page.select_option("#pace", "instant")
    click_act(page, "draw")
    click_act(page, f"card:{state(page)['hand'].index('Kc')}")
    assert "btn:knock" in state(page)["enabled"]
    click_act(page, "btn:knock")
    end = my_move(page)
    assert end["summary"] and end["phase"] == "match_over"
    text = page.inner_text("#summary")
    assert "wins the match" in text and "Game bonus" in text
    page.click("#again")                    # back to the lobby, and a new match
    page.click("#start")
    s = my_move(page)
    assert s["hand_no"] == 0 and not s["summary"] and len(s["hand"]) == 10
    assert page.errors == []


def drag(page, source: str, target: str, dx: float = 0):
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    for k in range(1, 9):                   # a real drag: several moves on the way
        page.mouse.move(a["x"] + a["width"] / 2 + (b["x"] + b["width"] / 2 + dx
                                                 - a["x"] - a["width"] / 2) * k / 8,
                        a["y"] + a["height"] / 2 + (b["y"] + b["height"] / 2
                                                    - a["y"] - a["height"] / 2) * k / 8)
    page.mouse.up()


def test_cards_are_dragged_within_the_hand_and_onto_the_pile(page):
    open_page(page, "?deal=" + urllib.parse.quote(BASIC_DEAL))
    my_move(page)
    hand = state(page)["hand"]
    drag(page, '[data-act="card:0"]', f'[data-act="card:{len(hand) - 1}"]', dx=20)
    after = state(page)["hand"]
    assert after == hand[1:] + hand[:1]     # the first card went to the right end
    click_act(page, "draw")
    s = state(page)
    pos = s["hand"].index("Kd")
    drag(page, f'[data-act="card:{pos}"]', ".pile.discard")
    s = state(page)
    assert "Kd" not in s["hand"] and s["top"] == "king of diamonds"
    assert page.errors == []


def test_a_turn_by_touch(browser, site):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    ctx.add_init_script(NO_SNAPSHOT)
    page = ctx.new_page()
    page.errors, page.site = [], site
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_page(page, "?deal=" + urllib.parse.quote(BASIC_DEAL))
    page.tap('[data-act="draw"]')
    s = state(page)
    assert s["phase"] == "play"
    for card in ("4h", "5h", "6h"):
        page.tap(f'[data-act="card:{state(page)["hand"].index(card)}"]')
    page.tap('[data-act="btn:meld"]')
    page.tap(f'[data-act="card:{state(page)["hand"].index("Qc")}"]')
    page.tap('[data-act="meld:0"]')
    page.tap(f'[data-act="card:{state(page)["hand"].index("2s")}"]')
    page.tap('[data-act="btn:discard"]')
    s = state(page)
    assert s["melds"] == 2 and len(s["hand"]) == 4 and s["top"] == "2 of spades"
    assert page.errors == []
    ctx.close()


HOSTILE_DEALS = [       # a few kinds (the engine's tests try them all): the page's handling
    "gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h | turn: 7",
    "indian | 0: 2h 3h 4h 5s 6s 7s 9c 9d 9h Kc Qc Jc 10c | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4d "
    "5d 6d 7d | joker: 2s | status: in, first drop | turn: 0",
    "|||::==;;" * 50,
]


@pytest.mark.parametrize("deal", [soak_only(d) for d in HOSTILE_DEALS[:-1]] + HOSTILE_DEALS[-1:])
def test_a_bad_deal_in_the_address_shows_a_notice_and_the_lobby(page, deal):
    open_page(page, "?deal=" + urllib.parse.quote(deal))
    notice = page.inner_text(".notice")
    assert "could not be read" in notice
    assert page.locator("#start").count() == 1           # the lobby
    assert "Traceback" not in page.content() and page.errors == []


def hostile_saves():
    from rami.web.session import Session
    good = Session.new("gin", ["Ann", "Bob"], seed=3).to_dict()
    out = []
    for path, value in [(("game", "table"), [{"kind": "run", "cards": ["Ah", "5h", "9h"],
                                              "rank": 0, "suit": "h", "start": 1,
                                              "owner": 0, "played_by": [0, 0, 0]}]),
                        (("game", "extra"), "__deep__"),
                        (("order",), [None, {}])]:
        d = json.loads(json.dumps(good))
        d[path[0]] = value if len(path) == 1 else {**d[path[0]], path[1]: value}
        out.append(json.dumps(d).replace('"__deep__"', "[" * 5000 + "]" * 5000))
    return out


@pytest.mark.parametrize("saved", [s if "[[[[" in s else soak_only(s) for s in hostile_saves()])
def test_a_damaged_save_never_shows_a_traceback(page, saved):
    open_page(page)
    page.evaluate("s => localStorage.setItem('rami.save', s)", saved)
    page.reload()
    wait_for(page, "document.body.dataset.ready === '1'", 120)
    content = page.content()
    assert "Traceback" not in content and page.errors == []
    if page.locator(".notice").count():
        assert "could not be resumed" in page.inner_text(".notice")
        assert page.locator("#start").count() == 1
    else:                                   # what could be repaired plays on
        assert page.locator("#table").count() == 1
