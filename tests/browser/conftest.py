"""Browser tests: the real page, served from dist/, in Debian's Chromium through Playwright.

Every test gets a fresh browser context (its own empty localStorage) in which any request
that leaves the local origin is refused and recorded; ``page.offsite`` lists them. Those
contexts block the service worker; test_pwa.py makes its own contexts to test it.
"""

from __future__ import annotations

import os
import pathlib
import sys
import time

import pytest

if sys.platform == "emscripten":            # the engine's run inside Pyodide: no browser
    collect_ignore_glob = ["test_*.py"]
else:
    from rami.serve import serve_in_background

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("RAMI_CHROMIUM", "/usr/bin/chromium")
LOGS = ROOT / "build" / "chromium"             # each test worker's Chromium log
CRASHES = LOGS / "crashes.txt"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
        "--disable-dev-shm-usage"]
# The tests' Chromium runs the runtime's WebAssembly as its baseline compiler makes it, and
# never compiles it again optimised: a page's start costs half the processor time (3 s of
# cores instead of 6, measured), in a suite of about a hundred starts on two cores. Python
# runs slower in the page (a test that plays a whole hand by clicks takes half as long again),
# and the suite costs a quarter less. The benchmarks keep the browser's defaults.
TEST_ARGS = ARGS + ["--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def site():
    dist = ROOT / "dist"
    if not (dist / "index.html").exists():
        pytest.fail("dist/ is missing: run `make dist` (make test-browser does)")
    server, url = serve_in_background(str(dist))
    yield url
    server.shutdown()


CHROME: dict = {"browser": None, "stale": False}     # this worker's Chromium, and whether
                                                      # a renderer of it crashed


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that failed because a renderer crashed: the next test (its rerun) gets a new
    Chromium (seen: once one renderer crashed, every page opened after it crashed too)."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and "Target crashed" in str(report.longrepr):
        CHROME["stale"] = True


@pytest.fixture
def browser(playwright_driver):
    """This worker's Chromium: launched once, and again after a renderer crashed."""
    if CHROME["browser"] is None or CHROME["stale"]:
        if CHROME["browser"] is not None:
            try:
                CHROME["browser"].close()
            except Exception:                  # (it may be gone already)
                pass
        CHROME["browser"] = playwright_driver.chromium.launch(executable_path=CHROMIUM,
                                                               args=TEST_ARGS)
        CHROME["stale"] = False
    return CHROME["browser"]


@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install chromium` (make chromium)")
    # Chromium's own words go to a file of this worker's (Playwright's driver inherits it as
    # its stderr): when a renderer crashes, CRASHES gets that file's last lines
    LOGS.mkdir(parents=True, exist_ok=True)
    saved, debug = sys.stderr, os.environ.get("DEBUG")
    os.environ["DEBUG"] = "pw:browser"
    sys.stderr = open(LOGS / f"{os.getpid()}.log", "w")
    try:
        p = sync_playwright().start()
    finally:
        sys.stderr.close()
        sys.stderr = saved
        os.environ.pop("DEBUG") if debug is None else os.environ.update(DEBUG=debug)
    try:
        yield p
        if CHROME["browser"] is not None:
            CHROME["browser"].close()
    finally:
        p.stop()


def note_crash(test: str) -> None:
    """A page's renderer crashed (not a check of the test failing: Chromium itself): its
    log's last lines go to CRASHES, which `make test-browser` prints. The test is run once
    more (pytest-rerunfailures, ``--only-rerun "Target crashed"``)."""
    lines = (LOGS / f"{os.getpid()}.log").read_text(errors="replace").splitlines()
    with open(CRASHES, "a") as f:
        f.write(f"== {test}: the page's renderer crashed; Chromium's last words:\n"
                + "\n".join(lines[-40:]) + "\n")


@pytest.fixture
def page(browser, site, request):
    size = getattr(request, "param", (1280, 800))
    # the table's tests need no offline cache: their contexts block the service worker, so
    # that each does not precache 16 MB (tests/browser/test_pwa.py tests it)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  service_workers="block")
    requests, offsite = guard(context, (site,))
    errors = []
    pg = context.new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: m.type == "error" and errors.append(m.text))
    pg.on("crash", lambda *_: note_crash(request.node.nodeid))
    pg.offsite, pg.errors, pg.requests, pg.site = offsite, errors, requests, site
    if not getattr(request.module, "BOTS_IN_WORKER", False):
        on_page_thread(pg)
    yield pg
    context.close()


def on_page_thread(pg) -> None:
    """The bots think on the page's thread (``?bots=page``) at every address this page
    opens: each worker would boot a Pyodide of its own, which in a suite of some eighty
    pages costs minutes of both cores. The worker has its tests of its own
    (test_worker.py, ``BOTS_IN_WORKER``) and the offline ones (test_pwa.py) keep it."""
    goto = pg.goto

    def with_page_bots(url: str, **kw):
        if "bots=" not in url:
            base, _, frag = url.partition("#")
            url = base + ("&" if "?" in base else "?") + "bots=page" + (f"#{frag}" if frag else "")
        return goto(url, **kw)
    pg.goto = with_page_bots


NO_SNAPSHOT = "window.ramiNoSnapshot = true;"


def guard(context, origins: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Let the context's requests reach ``origins`` only (and data:/blob: URLs); returns the
    lists of the addresses let through and of those refused. And no snapshot of the runtime
    is made behind each test (a second Pyodide in a worker, static/runtime.mjs): the tests
    of tests/browser/test_pwa.py, in contexts of their own, test it."""
    seen, offsite = [], []
    context.add_init_script(NO_SNAPSHOT)

    def route(r):
        url = r.request.url
        if url.startswith(origins) or url.startswith(("data:", "blob:")):
            seen.append(url)
            r.continue_()
        else:
            offsite.append(url)
            r.abort()

    context.route("**/*", route)
    return seen, offsite


def wait_for(page, expression: str, timeout: float = 60.0, what: str = "", explain: str = ""):
    """Poll ``expression`` in the page until it is truthy (``wait_for_function`` can hang on
    PyScript pages); returns its value. A page that reloads meanwhile (an update applied)
    is waited for, not an error. On a timeout, ``explain`` (an expression, its value said in
    the failure, or a function that says it) tells what the page was doing."""
    from playwright.sync_api import Error
    end = time.monotonic() + timeout
    while True:
        try:
            value = page.evaluate(expression)
        except Error as e:
            if "context was destroyed" not in str(e) and "navigat" not in str(e):
                raise
            value = None
        if value:
            return value
        if time.monotonic() > end:
            state = ""
            if explain:
                try:
                    said = explain() if callable(explain) else page.evaluate(explain)
                    state = f"; the page: {said}"
                except Error as e:
                    state = f"; the page could not say ({e})"
            raise AssertionError(f"timed out waiting for {what or expression}; "
                                 f"page errors: {getattr(page, 'errors', '?')}{state}")
        time.sleep(0.05)


def settled(page) -> None:
    """After a resize: the page's resize handlers have run and a frame is painted (two
    animation frames; a resize event is dispatched before the next frame's callbacks). At
    most 2 s: a loaded machine's headless Chromium was once seen to paint no frame at all
    after a resize, and a wait for one hung the suite (the checks that follow read the
    layout, which the browser then lays out for them)."""
    page.evaluate("new Promise((done) => { requestAnimationFrame(() => "
                  "requestAnimationFrame(done)); setTimeout(done, 2000); })")


def devanagari_fonts(page) -> tuple[int, list]:
    """The page's words of Devanagari (in shadow roots too; not those for screen readers
    only) as Chromium drew them: how many were drawn, and those drawn in another font than
    the one rami ships, as (element, text, fonts). (No font of this machine draws
    Devanagari: another font means boxes.)"""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    drawn, wrong = 0, []

    def walk(node):
        nonlocal drawn
        own = "".join(c.get("nodeValue", "") for c in node.get("children", ())
                      if c.get("nodeType") == 3)
        attributes = node.get("attributes", [])
        hidden = "sr-only" in dict(zip(attributes[::2], attributes[1::2])).get("class", "")
        if any("\u0900" <= ch <= "\u097f" for ch in own) and not hidden:
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
            if fonts:                                         # (drawn: not hidden)
                drawn += 1
                if not any(f["familyName"] == "Noto Sans Devanagari" for f in fonts):
                    wrong.append((node.get("localName"), own.strip()[:40],
                                  [f["familyName"] for f in fonts]))
        for child in [*node.get("children", ()), *node.get("shadowRoots", ())]:
            walk(child)                        # (a menu's or a board's text is in its shadow)

    walk(root)
    cdp.detach()
    return drawn, wrong
