"""Friends on their own devices, measured: two pages of rami (two browser contexts) in
headless Chromium, joined by link over a WebRTC data channel on this machine, play whole Gin
hands by clicks. Prints figures, asserts nothing.

    python benchmarks/friends.py           # or: make bench-friends (after make dist)

* connection time: from the host's Connect (the friend's code pasted) to the channel open,
  and to the friend's table drawn;
* an action's round trip at the friend's page: from its move sent to the host's next table
  drawn (median, p95, worst; target p95 ≤ 50 ms on loopback);
* characters sent per hand, each way (JSON text: a character is a byte but for names and
  words outside ASCII);
* by code: the same pages meeting through a Nostr relay on loopback (tests/browser/relay.py,
  as a site owner's <meta name="rami-relays"> would name one): from the friend's "Take my
  seat" to its table drawn, and an action's round trip over Trystero's channel.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright            # noqa: E402

from rami.serve import serve_in_background                 # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, wait_for  # noqa: E402
from tests.browser.relay import Relay                      # noqa: E402
from tests.browser.test_friends import play_moves           # noqa: E402
from tests.browser.test_table import STATE                  # noqa: E402

SAVE = "JSON.parse(localStorage.getItem('rami.save') || 'null')"
FIGURES = "ramiPeer.links.map(l => [l.figures.sent, l.figures.received, l.figures.made, " \
          "l.figures.opened])"


def p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=3)
    args = ap.parse_args()
    dist = os.path.join(ROOT, "dist")
    server, url = serve_in_background(dist)
    connect, tables, trips, per_hand = [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        host, guest = gin_table(browser, url)
        link = wait_for(host, "(document.getElementById('link-1') || {}).value", 30)
        guest.goto(link)
        wait_for(guest, "document.body.dataset.ready === '1'", 120)
        guest.fill("#join-name", "Bea")
        guest.click("#join-go")
        code = wait_for(guest, "(document.getElementById('join-code') || {}).value", 30)
        host.fill("#answer-1", code)
        t0 = time.perf_counter()
        host.click('[data-act="answer:1"]')
        wait_for(host, "document.querySelector('.friend-connected') !== null", 30)
        connect.append((time.perf_counter() - t0) * 1000)
        wait_for(guest, "!!document.querySelector('#table')", 30)
        tables.append((time.perf_counter() - t0) * 1000)
        host.click('[data-act="close"]')
        host.select_option("#pace", "instant")
        print(f"offer in the link: {len(link)} characters; answer code: {len(code)}")
        sent0 = [sum(f[0] for f in page.evaluate(FIGURES)) for page in (host, guest)]
        for hand in range(args.hands):
            play_moves({0: host, 1: guest}, 600)          # (to the hand's end)
            game = host.evaluate(SAVE)["game"]
            sent = [sum(f[0] for f in page.evaluate(FIGURES)) for page in (host, guest)]
            per_hand.append((sent[0] - sent0[0], sent[1] - sent0[1]))
            sent0 = sent
            if game["phase"] == "match_over":
                break
            wait_for(guest, "!!document.querySelector('#summary')", 30)
            host.click("#next")
            wait_for(guest, f"(() => {{ const s = {STATE}; return s && s.hand_no === {hand + 1}"
                            " && !s.summary })()", 30)
        trips = [b - a for a, b in guest.evaluate("window.ramiFriendTrips")]
        with Relay() as relay:
            coded = by_code(browser, url, relay)
        browser.close()
    server.shutdown()
    print(f"connection: channel open {statistics.median(connect):.0f} ms after Connect, the "
          f"friend's table {statistics.median(tables):.0f} ms after")
    if trips:
        print(f"an action's round trip at the friend's page ({len(trips)} moves): median "
              f"{statistics.median(trips):.1f} ms, p95 {p95(trips):.1f} ms, worst "
              f"{max(trips):.1f} ms (target p95 <= 50 ms)")
    for k, (h, g) in enumerate(per_hand, 1):
        print(f"hand {k}: host -> friend {h / 1000:.1f} k characters, friend -> host "
              f"{g / 1000:.1f} k")
    met, drawn, code_trips = coded
    print(f"by code, through a relay on loopback: the pages met {met:.0f} ms after 'Take my "
          f"seat', the friend's table {drawn:.0f} ms after")
    if code_trips:
        print(f"an action's round trip by code ({len(code_trips)} moves): median "
              f"{statistics.median(code_trips):.1f} ms, p95 {p95(code_trips):.1f} ms")
    return 0


def gin_table(browser, url: str, script: str = "") -> tuple:
    """A host's page dealing Gin with a friend's seat, and the friend's page (not opened
    yet); ``script`` runs first in both."""
    host = browser.new_context().new_page()
    guest = browser.new_context().new_page()
    for page in (host, guest):
        if script:
            page.add_init_script(script)
    guest.add_init_script("window.ramiFriendTrips = [];")
    host.goto(url + "?bots=page")
    wait_for(host, "document.body.dataset.ready === '1'", 120)
    host.click('[data-act="variant:gin"]')
    host.select_option('[data-field="level:0"]', "friend")
    host.click("#start")
    return host, guest


def by_code(browser, url: str, relay, moves: int = 30) -> tuple:
    """A Gin table joined by code through ``relay``; (met ms, table ms, round trips)."""
    metas = ("document.addEventListener('DOMContentLoaded', () => { for (const [n, c] of "
             f"[['rami-relays', '[\"{relay.url}\"]'], ['rami-ice-servers', '[]']]) {{"
             " const m = document.createElement('meta'); m.name = n; m.content = c;"
             " document.head.append(m); } });")
    host, guest = gin_table(browser, url, metas)
    wait_for(host, "!!document.querySelector('#friends')", 30)
    host.click('[data-act="use-codes"]')
    code = wait_for(host, "(document.getElementById('code-1') || {}).textContent", 30)
    guest.goto(url + "#code=" + code.replace(" ", ""))
    wait_for(guest, "document.body.dataset.ready === '1'", 120)
    guest.fill("#join-name", "Bea")
    t0 = time.perf_counter()
    guest.click("#join-go")
    wait_for(host, "document.querySelector('.friend-connected') !== null", 60)
    met = (time.perf_counter() - t0) * 1000
    wait_for(guest, "!!document.querySelector('#table')", 30)
    drawn = (time.perf_counter() - t0) * 1000
    host.click('[data-act="close"]')
    host.select_option("#pace", "instant")
    play_moves({0: host, 1: guest}, moves)
    trips = [b - a for a, b in guest.evaluate("window.ramiFriendTrips")]
    host.context.close()
    guest.context.close()
    return met, drawn, trips


if __name__ == "__main__":
    sys.exit(main())
