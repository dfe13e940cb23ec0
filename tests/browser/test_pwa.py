"""The installable, offline game in Chromium: the manifest and the service worker (Chromium
reports no installability error), the precache (exactly what the game loads), an offline
reload that resumes the saved match and plays on, an update from one build to the next that
never interrupts a hand nor loses the match, and the site served under a sub-path.

These tests make their own browser contexts, with the service worker allowed (the other
browser tests block it), and serve copies of dist/ where they change it.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil

import pytest

from rami.serve import serve_in_background
from rami.state import GameState, Phase
from rami.web.session import Session

from .conftest import ARGS, CHROMIUM, ROOT, wait_for
from .test_table import STATE, my_move, take_turn

DIST = ROOT / "dist"
READY = "(!!document.body && document.body.dataset.ready === '1')"
CONTROLLED = "navigator.serviceWorker.controller !== null"
CACHED = """caches.keys().then(async (names) => {
  let n = 0;
  for (const name of names) n += (await (await caches.open(name)).keys()).length;
  return n; })"""

# what the page and its service workers were doing, said when an update's wait times out
WORKERS = """navigator.serviceWorker.getRegistration().then((r) => JSON.stringify({
  build: (document.querySelector('meta[name=rami-build]') || {}).content || 'A',
  ready: document.body && document.body.dataset.ready, from: window.ramiStartedFrom,
  offered: window.ramiUpdateReady, controller: (navigator.serviceWorker.controller || {}).state,
  active: r && r.active && r.active.state, waiting: r && r.waiting && r.waiting.state,
  installing: r && r.installing && r.installing.state, registered: window.ramiServiceWorker,
  text: document.body && document.body.innerText.slice(0, 200)}))"""


def dist_script():
    spec = importlib.util.spec_from_file_location("dist_script", ROOT / "scripts" / "dist.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def precache_list(site) -> list[str]:
    text = (site / "sw.js").read_text()
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))


@pytest.fixture
def serve():
    servers = []

    def start(directory):
        server, url = serve_in_background(str(directory))
        servers.append(server)
        return url
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def watched(context, site: str):
    """A new page of ``context`` whose page errors, off-site requests and failed requests are
    recorded, as the other browser tests' page is."""
    page = context.new_page()
    page.errors, page.offsite, page.failed, page.requests = [], [], [], []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("requestfailed", lambda r: page.failed.append(r.url))
    page.on("request", lambda r: page.requests.append(r.url))
    context.on("request", lambda r: r.url.startswith((site, "data:", "blob:"))
               or page.offsite.append(r.url))
    page.site = site
    # the service workers' versions as DevTools sees them (status, running, pages served):
    # what a stalled update was waiting for
    page.versions = {}
    cdp = context.new_cdp_session(page)
    cdp.on("ServiceWorker.workerVersionUpdated", lambda e: page.versions.update(
        {v["versionId"]: (v["status"], v["runningStatus"], len(v.get("controlledClients", [])))
         for v in e["versions"]}))
    cdp.send("ServiceWorker.enable")
    return page


def workers(page):
    """What the page and its service workers were doing: said when an update's wait times
    out."""
    return lambda: f"{page.evaluate(WORKERS)}; versions: {page.versions}"


def boot(page, url: str, also: str = "true"):
    page.goto(url)
    wait_for(page, f"{READY} && ({also})", 120, "the page to start", workers(page))


def deal(page, variant: str = "gin"):
    page.click(f'[data-act="variant:{variant}"]')
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")


def offline_ready(page, site_dir):
    """Wait until the service worker controls the page with the whole precache stored."""
    wait_for(page, CONTROLLED, 120, "the service worker", workers(page))
    n = len(precache_list(site_dir))
    wait_for(page, f"{CACHED}.then((k) => k >= {n})", 120, "the precache")


def kept(page, urls: list[str]) -> None:
    """Wait until the service worker's caches hold each of ``urls``."""
    wait_for(page, "caches.keys().then(async (names) => { for (const u of " + json.dumps(urls)
             + ") { let found = false; for (const n of names) found = found || !!(await (await "
             "caches.open(n)).match(u)); if (!found) return false; } return true; })",
             60, "the files fetched on demand, kept")


def test_a_first_visit_in_hindi_plays_offline_in_hindi(browser, serve):
    """What a first visit fetches before the service worker is there and keeps only once
    fetched (the language's catalogue; Devanagari's font, on a device with no font of its
    own for it, as this one) is kept too: offline, the page starts in Hindi, drawn in that
    font."""
    site = serve(DIST)
    context = browser.new_context()
    try:
        page = watched(context, site)
        boot(page, site + "?lang=hi")
        offline_ready(page, DIST)
        fonts = [f"{site}static/vendor/fonts/noto-sans-devanagari-{w}.woff2" for w in (400, 700)]
        assert set(fonts) <= set(page.requests)
        kept(page, [site + "static/vendor/locale/hi.mo.gz"] + fonts)
        context.set_offline(True)
        page.reload()
        wait_for(page, READY, 120, "the page to start offline")
        assert page.evaluate("document.documentElement.lang") == "hi"
        assert page.inner_text("#start") == "पत्ते बाँटें"          # "Deal the cards"
        assert page.evaluate("document.fonts.check('16px \"Noto Sans Devanagari\"', 'क')")
        deal(page, "basic")
        take_turn(page, my_move(page))
        assert page.errors == [] and page.offsite == []
    finally:
        context.close()


def position(page) -> dict:
    s = page.evaluate(STATE)
    return {k: s[k] for k in ("phase", "turn", "hand_no", "hand", "top", "stock", "melds")}


def test_installable_under_a_sub_path_and_offline_there(browser, serve, tmp_path):
    """A persistent profile (installing is refused in an incognito one), the site at
    /games/rami/: the manifest parses, its start URL and scope are the sub-path, Chromium
    reports no installability error, and an offline visit of the folder's address boots."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "rami").symlink_to(DIST, target_is_directory=True)
    url = serve(tmp_path) + "games/rami/"
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS)
    try:
        page = watched(context, url)
        boot(page, url)
        offline_ready(page, DIST)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == url + "static/manifest.webmanifest"
        assert manifest["errors"] == []
        data = json.loads(manifest["data"])
        assert data["display"] == "standalone" and data["short_name"] == "rami"
        # installed: the whole screen, in the orientation the player holds the phone
        assert data["display_override"][0] == "fullscreen" and data["orientation"] == "any"
        sizes = {(i["sizes"], i.get("purpose", "any")) for i in data["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        # start_url and scope, resolved by the browser against the manifest's address
        resolved = page.evaluate("""(m) => [new URL(m.start_url, m.url).href,
                                            new URL(m.scope, m.url).href]""",
                                 {"start_url": data["start_url"], "scope": data["scope"],
                                  "url": manifest["url"]})
        assert resolved == [url + "index.html", url]
        context.set_offline(True)
        page.goto(url + "?from=home-screen")
        wait_for(page, READY, 120, "the page to start offline")
        deal(page, "basic")
        take_turn(page, my_move(page))
        assert page.errors == [] and page.offsite == []
    finally:
        context.close()


def test_a_first_visit_whose_copy_fails_to_install_tries_again(browser, serve, tmp_path):
    """A file of the offline copy missing at the first visit (a site half published, a
    dropped connection): the install fails, and the page, still playing, tries again a
    little later; the file back, the game is kept offline in that same visit."""
    site_dir, site = served_copy(serve, tmp_path)
    missing, aside = site_dir / "learn" / "hand.html", tmp_path / "hand.html"
    missing.rename(aside)
    context = browser.new_context()
    try:
        page = watched(context, site)
        boot(page, site)
        wait_for(page, "window.ramiServiceWorker === 'registered'", 60, "the registration",
                 workers(page))
        wait_for(page, "navigator.serviceWorker.getRegistration().then((r) => "
                       "!r || (!r.installing && !r.waiting && !r.active))", 60,
                 "the install to fail", workers(page))
        assert page.evaluate(CONTROLLED) is False
        aside.rename(missing)
        offline_ready(page, site_dir)
        deal(page, "basic")
        take_turn(page, my_move(page))
        assert page.errors == [] and page.offsite == []
    finally:
        context.close()


def test_offline_reload_resumes_the_match_and_plays(browser, serve):
    """The precache is exactly what the game loads; with the network gone, a reload boots
    from it, resumes the saved match where it was, and the game plays on."""
    site = serve(DIST)
    context = browser.new_context()
    try:
        page = watched(context, site)
        boot(page, site)
        deal(page, "gin")
        take_turn(page, my_move(page))
        offline_ready(page, DIST)
        assert page.evaluate("typeof window.ramiPersisted") == "boolean"   # asked to persist
        # what the page loaded, and what the service worker stores: the same files, but for
        # the manifest and icons (read by the browser to install, not by the page)
        loaded = {u[len(site):].split("?")[0] or "index.html" for u in page.requests
                  if u.startswith(site) and not u.endswith("sw.js")}
        listed = set(precache_list(DIST))
        on_demand = {p for p in loaded if p.startswith(dist_script().ON_DEMAND)}
        assert loaded - on_demand <= listed, loaded - on_demand - listed
        assert not [p for p in listed if p.startswith(dist_script().ON_DEMAND)]
        kept(page, [site + p for p in sorted(on_demand)])
        # ... and for the tutorials and their boards, which the game does not load, and the
        # worker that keeps the runtime's snapshot (started once the page is idle)
        tutorials = {"board.html", "static/embed.js", "static/board.css", "static/learn.css",
                     "static/snapshot-worker.mjs", "static/editor.css",
                     # (friends' connections: loaded when a person chooses to play with
                     # friends, kept for a table of friends on one network with no internet)
                     "static/friends.js"} \
            | {p for p in listed if p.startswith("learn/")}
        assert {p for p in listed - loaded if not p.startswith("static/icons/")} \
            <= {"static/manifest.webmanifest"} | tutorials, listed - loaded
        # the board editor, opened once online: its modules are kept for offline use
        page.goto(site + "learn/editor.html")
        wait_for(page, "document.body.dataset.ready === '1'", 120, "the editor")
        page.goto(site)
        wait_for(page, READY, 120, "the page again")
        before = my_move(page)
        context.set_offline(True)
        page.reload()
        wait_for(page, READY, 120, "the page to start offline")
        after = my_move(page)
        assert position(page) == {k: before[k] for k in position(page)}
        served = page.evaluate("performance.getEntriesByType('resource')"
                               ".filter((e) => e.name.includes('pyodide.asm.wasm')).length")
        assert served == 1
        for _ in range(3):                      # and it plays on, offline
            s = my_move(page)
            if s["summary"]:
                break
            take_turn(page, s)
        assert my_move(page)["log"] != after["log"]
        # the bots' worker boots offline too, from the same cache
        wait_for(page, "document.documentElement.dataset.bots === 'ready'", 120,
                 "the bots' worker offline")
        # the tutorials work offline too: their boards' runtime comes from the same cache
        page.goto(site + "learn/gin.html")
        wait_for(page, "document.querySelector('rami-board').getAttribute('state') === 'ready'",
                 120, "a tutorial's board offline")
        page.goto(site + "learn/editor.html")
        wait_for(page, "document.body.dataset.ready === '1' && document.querySelector("
                       "'#ed-preview').getAttribute('state') === 'ready'", 120,
                 "the board editor offline")
        page.click("[data-act='random']")
        assert "A sound position." in page.inner_text("#ed-status")
        assert page.errors == [] and page.offsite == []
    finally:
        context.close()


def gin_save(over: bool) -> str:
    """A gin match saved in the middle of its first hand, the person to draw, or (``over``)
    on that hand's summary, between hands."""
    from rami.bots import make_bot
    from rami.view import PlayerView
    g = GameState("gin", 2, seed=11)
    bots = [make_bot("heuristic", "gin", seed=s) for s in range(2)]
    moves = 0
    while g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if not over and moves >= 6 and g.turn == 0 and g.phase == Phase.DRAW:
            break
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        moves += 1
    assert g.phase == (Phase.HAND_OVER if over else Phase.DRAW)
    return json.dumps(Session(g, 0).to_dict())


def resume(page, save: str, also: str = "true"):
    """Put a save where the page keeps its match, and start again from it."""
    page.evaluate("(s) => localStorage.setItem('rami.save', s)", save)
    page.reload()
    wait_for(page, f"{READY} && !!document.querySelector('#table') && ({also})", 120)


def new_build(site, name: str) -> str:
    """Change the copy of the site as a new release would, and write its service worker."""
    index = site / "index.html"
    text = re.sub(r'\s*<meta name="rami-build"[^>]*>', "", index.read_text())
    index.write_text(text.replace("<head>", f'<head>\n  <meta name="rami-build" content="{name}">'))
    with (site / "static" / "style.css").open("a") as f:
        f.write(f"\n/* build {name} */\n")
    return dist_script().write_service_worker(site, ROOT / "static" / "sw.js")


BUILD = "((document.querySelector('meta[name=rami-build]') || {}).content || 'A')"
# the service worker's caches of the game (the runtime's snapshot has a cache of its own)
GAME_CACHES = "caches.keys().then((names) => names.filter((n) => !n.startsWith('rami snapshot')))"
UPDATE = "navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)"


def served_copy(serve, tmp_path):
    """A copy of dist/ that the test may change, served: its folder and its address."""
    site_dir = tmp_path / "site"
    shutil.copytree(DIST, site_dir)
    return site_dir, serve(site_dir)


def test_an_update_waits_for_the_hand_and_keeps_the_match(browser, serve, tmp_path):
    site_dir, site = served_copy(serve, tmp_path)
    context = browser.new_context()
    try:
        page = watched(context, site)
        boot(page, site)
        resume(page, gin_save(over=False))
        offline_ready(page, site_dir)
        my_move(page)
        mid_hand = position(page)
        assert mid_hand["phase"] == "draw" and mid_hand["turn"] == 0

        # build B is published while a hand is being played: fetched in the background,
        # mentioned, never offered
        version_b = new_build(site_dir, "B")
        page.evaluate(UPDATE)
        wait_for(page, "window.ramiUpdateReady === true", 60, "the update to install",
                 workers(page))
        wait_for(page, "!!document.querySelector('#update .update-note')")
        assert page.locator("#update-now").count() == 0
        assert page.evaluate(BUILD) == "A" and position(page) == mid_hand

        # the next start applies it: the same match, mid-hand, in build B
        page.close()
        page = watched(context, site)
        boot(page, site, f"{BUILD} === 'B'")
        my_move(page)
        assert position(page) == mid_hand
        names = page.evaluate(GAME_CACHES)
        assert len(names) == 1 and names[0].endswith(version_b)

        # between hands (a hand's summary), build C is offered; the player's word applies it
        resume(page, gin_save(over=True), "!!document.querySelector('#summary')")
        summary = page.inner_text("#summary")
        version_c = new_build(site_dir, "C")
        page.evaluate(UPDATE)
        wait_for(page, "!!document.querySelector('#update-now')", 60, "the update's offer",
                 workers(page))
        page.click("#update-now")
        wait_for(page, f"{READY} && {BUILD} === 'C'", 120, "build C", workers(page))
        wait_for(page, "!!document.querySelector('#summary')")
        assert page.inner_text("#summary") == summary
        assert page.locator(".update-offer, .update-note").count() == 0
        names = page.evaluate(GAME_CACHES)
        assert len(names) == 1 and names[0].endswith(version_c)

        assert page.errors == [] and page.offsite == []
    finally:
        context.close()


SNAPSHOT = "window.ramiSnapshot"
STARTED_FROM = "(window.ramiRuntime || {}).from"
SNAPSHOT_KEYS = """caches.open('rami snapshot ' + new URL('./', location.href).href)
  .then((c) => c.keys()).then((keys) => keys.map((k) => k.url))"""


def no_match_saved(context, site: str) -> None:
    """Forget the match the last page saved (from a page of the site that is not the game),
    so that the next visit opens on the lobby."""
    helper = context.new_page()
    helper.goto(site + "static/icon.svg")
    helper.evaluate("localStorage.removeItem('rami.save')")
    helper.close()


def saved_seed(page):
    return page.evaluate("JSON.parse(localStorage.getItem('rami.save')).game.seed")


def test_the_runtime_starts_from_its_snapshot_and_a_new_engine_makes_its_own(browser, serve,
                                                                          tmp_path):
    """After a first visit a worker keeps a snapshot of the started runtime; later visits
    start from it and play (each with its own shuffles), the tutorials' boards too; a new
    build of the engine never loads the old snapshot: it starts afresh and keeps its own."""
    site_dir, site = served_copy(serve, tmp_path)
    context = browser.new_context()
    try:
        page = watched(context, site)
        boot(page, site)
        assert page.evaluate(STARTED_FROM) == "start"
        kept = wait_for(page, SNAPSHOT, 120, "the runtime's snapshot")
        assert kept["ok"] and kept["modules"] >= 40, kept
        offline_ready(page, site_dir)
        page.close()
        seeds = []
        for _ in range(2):
            no_match_saved(context, site)
            page = watched(context, site)
            boot(page, site)
            assert page.evaluate(STARTED_FROM) == "snapshot"
            deal(page, "gin")
            take_turn(page, my_move(page))
            seeds.append(saved_seed(page))
            assert page.errors == [] and page.offsite == []
            page.close()
        assert seeds[0] != seeds[1]
        # a tutorial's board: its frame starts the same runtime from the same snapshot
        page = watched(context, site)
        page.goto(site + "learn/gin.html")
        wait_for(page, "document.querySelector('rami-board').getAttribute('state') === 'ready'",
                 120, "a tutorial's board")
        frame = next(f for f in page.frames if f.url.endswith("board.html"))
        assert frame.evaluate(STARTED_FROM) == "snapshot"
        page.close()

        # a new engine is published: rami.zip changes, and with it the runtime's build id
        import zipfile
        with zipfile.ZipFile(site_dir / "static" / "vendor" / "rami.zip", "a") as z:
            z.writestr("rami/NEWS.txt", "build B")
        no_match_saved(context, site)
        page = watched(context, site)
        boot(page, site)
        old_keys = page.evaluate(SNAPSHOT_KEYS)
        build_b = dist_script().stamp_runtime(site_dir)
        new_build(site_dir, "B")
        page.evaluate(UPDATE)
        wait_for(page, "window.ramiUpdateReady === true", 60, "the update to install",
                 workers(page))
        page.close()
        page = watched(context, site)
        boot(page, site, f"{BUILD} === 'B'")
        assert page.evaluate(STARTED_FROM) == "start"
        kept = wait_for(page, SNAPSHOT, 120, "the new build's snapshot")
        assert kept["ok"], kept
        keys = page.evaluate(SNAPSHOT_KEYS)
        assert len(keys) == 1 and keys[0].endswith(build_b) and keys != old_keys, keys
        deal(page, "basic")
        take_turn(page, my_move(page))
        assert page.errors == [] and page.offsite == []
    finally:
        context.close()
