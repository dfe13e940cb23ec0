// rami's start, before Python runs: the progress bar, the service worker (offline play and
// updates), persistent storage, and the page's own measurements for the benchmarks and tests.
// A classic script loaded in <head>, so its observers see the page from its first request.
(() => {
  "use strict";
  const here = document.currentScript ? document.currentScript.src : location.href;

  // -- the page's language -------------------------------------------------------------------
  // As rami.web.start chooses it: the address's ?lang=, else the one chosen in the menu
  // (kept with the settings), else the browser's. Its words for the start come from the
  // catalogues (static/vendor/boot-i18n.js, made by the build).
  const SPOKEN = ["en", "ro", "hi", "fr", "es", "de"];
  function spoken(tag) {
    const code = String(tag || "").toLowerCase().replace("_", "-").split("-")[0];
    return SPOKEN.includes(code) ? code : null;
  }
  function pickLanguage() {
    try {
      const asked = spoken(new URLSearchParams(location.search).get("lang"));
      if (asked) return asked;
    } catch (e) { /* no address to read */ }
    try {
      const prefs = JSON.parse(localStorage.getItem("rami.prefs") || "{}");
      const chosen = spoken(prefs && prefs.settings && prefs.settings.lang);
      if (chosen) return chosen;
    } catch (e) { /* no storage, or not ours */ }
    for (const tag of navigator.languages || [navigator.language]) {
      const code = spoken(tag);
      if (code) return code;
    }
    return "en";
  }
  const lang = pickLanguage();
  // its catalogue, fetched now (beside the runtime) for rami.web.start; the service worker
  // keeps it for offline play once fetched
  window.ramiCatalogue = {
    lang,
    bytes: lang === "en" ? Promise.resolve(null)
      : fetch(new URL(`vendor/locale/${lang}.mo.gz`, here)).then(
        (r) => (r.ok ? r.arrayBuffer() : null), () => null),
  };
  // A language in its own script (Hindi: Devanagari) needs the font rami ships for it,
  // loaded before its words are first laid out, so that they do not flash in the
  // fallback's boxes where no system font draws it (docs/languages.md).
  // rami.web.app asks again when the player switches language.
  const SCRIPT_FONTS = { hi: ["Noto Sans Devanagari", "क"] };
  window.ramiFonts = (code) => {
    const font = SCRIPT_FONTS[code];
    if (!font || !document.fonts) return Promise.resolve(true);
    return Promise.all([400, 700].map((w) => document.fonts.load(`${w} 16px "${font[0]}"`, font[1])))
      .then(() => true, () => false);
  };
  const fontsReady = window.ramiFonts(lang);
  const words = (window.ramiMessages || {})[lang] || {};
  const t = (message) => words[message] || message;
  document.documentElement.lang = lang;
  if (lang !== "en") {
    document.title = t("rami · Basic Rummy, Gin Rummy, Indian Rummy, 500 Rum, Push and tile Rami");
    document.addEventListener("DOMContentLoaded", () => fontsReady.then(() => {
      const said = [["#loading .brand span", t("the rummy table")],
                    ["#loading noscript p", t("rami needs JavaScript and WebAssembly to run.")]];
      for (const [where, text] of said) {
        const el = document.querySelector(where);
        if (el) el.textContent = text;
      }
      const track = document.querySelector(".loading-track");
      if (track) track.setAttribute("aria-label", t("Loading rami"));
    }));
  }

  // -- redrawing a region ------------------------------------------------------------------
  // rami.web.drawing writes a region of the table as HTML. Put in its place as it is, every
  // card would be made anew at each tap (their faces' shapes, their styles, their layout);
  // instead what the new HTML shares with what is shown stays, and only what differs is
  // changed: a selected card is the same card with one class more (and keeps its focus).
  // Another card (data-card, or a pile's top by its data-name) is a new element, so that it
  // arrives as new things do; a form's field is always new.
  const FORM = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
  const KEYS = ["id", "data-card", "data-name"];
  function alike(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName &&
      (a.nodeType !== 1 || (!FORM.has(a.nodeName) &&
                            KEYS.every((k) => a.getAttribute(k) === b.getAttribute(k))));
  }
  function patch(a, b) {
    if (a.nodeType !== 1) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      return;
    }
    if (a.isEqualNode(b)) return;
    for (const { name, value } of b.attributes)
      if (a.getAttribute(name) !== value) a.setAttribute(name, value);
    for (const { name } of [...a.attributes]) if (!b.hasAttribute(name)) a.removeAttribute(name);
    patchChildren(a, b);
  }
  // An element keyed (a card by its data-card, a pile's top by its data-name, or an id) that
  // moved among its siblings is moved, not made anew: a hand sorted, a card taken from the
  // middle of a spread pile, a seat's melds after a meld put in before them. The keyed
  // elements still ahead are looked up only once the two lists first differ.
  const keyOf = (n) => n.nodeType !== 1 ? null :
    n.getAttribute("data-card") ?? n.getAttribute("data-name") ?? (n.id || null);
  function ahead(from, of) {          // key -> the elements from ``from`` on with that key
    const m = new Map();
    for (let x = from; x; x = x.nextSibling) {
      const k = of(x);
      if (k !== null) (m.get(k) || m.set(k, []).get(k)).push(x);
    }
    return m;
  }
  function patchChildren(into, from) {
    let a = into.firstChild, b = from.firstChild, old = null, wanted = null;
    const used = new Set();
    while (b) {
      const next = b.nextSibling, k = keyOf(b);
      if (wanted !== null && k !== null) wanted.get(k)?.shift();
      if (!a) into.appendChild(b);
      else if (alike(a, b)) { patch(a, b); used.add(a); a = a.nextSibling; }
      else {
        if (old === null) { old = ahead(a.nextSibling, keyOf); wanted = ahead(next, keyOf); }
        const list = k !== null ? old.get(k) : null;
        let m = null;
        while (list && list.length && m === null) {
          const x = list.shift();
          if (x.parentNode === into && !used.has(x) && alike(x, b)) m = x;
        }
        const ka = keyOf(a);
        if (m !== null) { into.insertBefore(m, a); patch(m, b); used.add(m); }
        else if (ka !== null && wanted.get(ka)?.length) into.insertBefore(b, a);
        else { const after = a.nextSibling; into.replaceChild(b, a); a = after; }
      }
      b = next;
    }
    while (a) { const after = a.nextSibling; into.removeChild(a); a = after; }
  }
  window.ramiMorph = (el, html) => {
    const t = document.createElement("template");
    t.innerHTML = html;
    patchChildren(el, t.content);
  };
  // The table's regions a drawing changed, all read in one go (a reading of HTML costs a
  // phone a millisecond, however short): JSON of [region, html] for a whole region, or
  // [region, html, i, was, parts] for the ``i``th of a region's ``parts`` elements (a seat,
  // a pile, an owner's melds), which showed ``was``; of a part that only grew at its end
  // (tile Rami's discard row: its own end tag is its last), only what it gained; or
  // [region, html, i, null, parts, true] for a part put in as the ``i``th, the region then
  // ``parts`` elements long (an owner's first melds, not the whole table's melds again). Says
  // the regions whose elements were not their parts (to be written whole), comma-separated.
  // With them, the table's class and the data that changed, and the elements to mark as new
  // ([selector, class]: the discard that arrived, a new meld): a drawing is one call from
  // Python, whatever it changed.
  window.ramiWrite = (json) => {
    const given = JSON.parse(json), ops = given.ops, screen = document.getElementById("screen"),
      t = document.createElement("template"), whole = [];
    for (const o of ops) {
      const [, html, , was] = o, end = was ? was.lastIndexOf("</") : -1, tail = was && was.slice(end);
      o.add = end > 0 && html.length > was.length && html.startsWith(was.slice(0, end)) &&
        html.endsWith(tail) ? html.slice(end, -tail.length) : null;
    }
    t.innerHTML = ops.map((o) => "<div>" + (o.add ?? o[1]) + "</div>").join("");
    [...t.content.children].forEach((box, k) => {
      const [name, , i, , parts, put] = ops[k], el = screen.querySelector("#" + name);
      if (!el) return;
      if (i == null) return patchChildren(el, box);
      if (el.children.length !== parts - (put ? 1 : 0))
        return whole.includes(name) || whole.push(name);
      const a = el.children[i], b = box.firstChild;
      if (put) el.insertBefore(b, a ?? null);
      else if (ops[k].add !== null) a.append(...box.childNodes);
      else if (alike(a, b)) patch(a, b);
      else el.replaceChild(b, a);
    });
    const table = screen.querySelector("#table");
    if (table && given.table) {
      if (given.table.class !== undefined) table.className = given.table.class;
      for (const [k, v] of Object.entries(given.table.data || {})) table.setAttribute("data-" + k, v);
    }
    for (const [where, what] of given.marks || [])
      screen.querySelector(where)?.classList.add(what);
    return whole.join(",");
  };

  // -- measurements ------------------------------------------------------------------------
  window.ramiLongTasks = [];    // [start, duration] of every main-thread task over 50 ms
  window.ramiBotSpans = [];     // filled by the table while bots play
  window.ramiBotMoves = [];
  window.ramiWorkerMoves = [];  // [asked, played] of each bot move worked out in the bots' worker
  window.ramiProgress = [];     // [time, percent, creep to, over seconds]: the bar's steps
  window.ramiRedraws = [];      // [start, painted] of the table's redraw after each bot move
  window.ramiTurns = [];        // [start, painted] from the bots' last move to the person's moves
  // A promise kept, with the time, once the next frame is painted (a task queued from the
  // frame's animation callbacks runs once that frame is painted): one animation callback and
  // one message a frame, however many wait for it, all told the same time (what one of them
  // then does, the table's readings after a drawing, is not counted in another's wait; one
  // channel for them all, so that a measure does not add a channel's making to what it
  // measures); and [t0, that time] into window[name].
  const painted = new MessageChannel(), sent = [];
  let next = null;                  // the promises waiting for the next frame
  painted.port1.onmessage = () => {
    const now = performance.now();
    for (const kept of sent.shift()) kept(now);
  };
  window.ramiNextPaint = () => new Promise((kept) => {
    if (next === null) {
      next = [];
      requestAnimationFrame(() => { sent.push(next); next = null; painted.port2.postMessage(0); });
    }
    next.push(kept);
  });
  window.ramiAfterPaint = (name, t0) =>
    window.ramiNextPaint().then((now) => window[name].push([t0, now]));
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.ramiLongTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no long-task timing in this browser */ }

  // -- progress ----------------------------------------------------------------------------
  // The bar moves at each real step of the start: a runtime file arrived (its share is its
  // size), PyScript said what it is doing, Python took over. Between two steps it creeps on
  // towards the next one without reaching it, by a Web Animations `transform` animation,
  // which the browser's compositor runs even while the main thread is busy starting Python;
  // so the bar neither stands still for long nor jumps far.
  // The runtime's files, [part of the URL, share of the bar], after their sizes (1.3, 0.1 and
  // 1 MB). The 9.6 MB WebAssembly file is compiled as it arrives and its arrival is only
  // heard once Python has started, so its share is crept over, not stepped.
  const FILES = [
    ["pyodide.asm.mjs", 8],
    ["pyodide-lock.json", 2],
    ["python_stdlib.zip", 8],
  ];
  const STEPS = {          // PyScript's messages: [percent reached, what comes next]
    "Loading Pyodide": [6, t("Loading the Python runtime…")],
    "Loaded interpreter": [82, t("Unpacking the rules engine…")],
    "Loaded Pyodide": [88, t("Starting the game…")],
  };
  const CREEP = "cubic-bezier(.1,.6,.3,1)";   // benchmarks/web.py follows the same curve
  let percent = 0;
  let filesDone = 6;
  let creep = null;
  const seen = new Set();
  function shown(el) {      // where the bar is now, creeping included, in percent
    const m = /matrix\(([^,]+)/.exec(getComputedStyle(el).transform);
    return m ? 100 * Number(m[1]) : 0;
  }
  function show(value, text, creepTo, creepSeconds) {
    const el = document.getElementById("loading-bar");
    if (el && creep) value = Math.max(value, shown(el));
    value = Math.max(percent, Math.min(value, 99));
    percent = value;
    // [when, percent, creeping to, over seconds, when the creep started on screen]
    const step = [performance.now(), value, value, 0, null];
    window.ramiProgress.push(step);
    if (el) {
      if (creep) creep.cancel();
      creep = null;
      el.style.transform = `scaleX(${value / 100})`;
      if (creepTo > value) {
        // towards (not to) the next step; the compositor runs it while Python starts
        step[2] = creepTo;
        step[3] = creepSeconds;
        const anim = el.animate([{ transform: `scaleX(${value / 100})` },
                                 { transform: `scaleX(${creepTo / 100})` }],
                                { duration: creepSeconds * 1000, easing: CREEP, fill: "forwards" });
        anim.ready.then(() => { step[4] = anim.startTime; }, () => {});
        creep = anim;
      }
      el.parentElement.setAttribute("aria-valuenow", String(Math.round(value)));
    }
    const label = document.getElementById("loading-text");
    if (label && text) label.textContent = text;
  }
  window.ramiShowProgress = show;
  function fileArrived(name) {
    for (const [part, share] of FILES) {
      if (name.includes(part) && !seen.has(part) && percent < 80) {
        seen.add(part);
        filesDone += share;
        const last = seen.size === FILES.length;
        // the last small file: what is left is the big runtime and starting Python
        show(filesDone, last ? t("Loading and starting Python…") : null, last ? 78 : filesDone + 8,
             last ? 1.2 : 1);
      }
    }
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) fileArrived(e.name);
    }).observe({ type: "resource", buffered: true });
  } catch (e) { /* the steps below still move the bar */ }
  addEventListener("py:progress", (e) => {
    const step = STEPS[e.detail];
    if (step) show(step[0], step[1], step[0] === 6 ? 30 : step[0] + 8, step[0] === 6 ? 2 : .6);
  });
  document.addEventListener("DOMContentLoaded", () => show(2, t("Starting the page…"), 6, 1));

  // -- offline and updates -------------------------------------------------------------------
  // The service worker keeps the game (sw.js, made by `make dist`).
  // * Every visit starts Python at once. Once the table is ready ("rami:ready"), the page
  //   registers the worker; on a first visit it then stores the game in the background. Its
  //   requests revalidate what the page has just downloaded (the HTTP cache answers, the
  //   server says "not modified"), so nothing is downloaded twice and the first game does
  //   not wait for the download of the whole site.
  // * Later visits start from the worker's copy; the browser checks sw.js in the background,
  //   and a new version installs there; the table offers it between hands
  //   (window.ramiUpdateReady, the "rami:update-ready" event, window.ramiApplyUpdate). A
  //   version still waiting when the page starts is applied before Python loads anything.
  const sw = "serviceWorker" in navigator && /^https?:$/.test(location.protocol)
    ? navigator.serviceWorker : null;
  window.ramiUpdateReady = false;
  let waiting = null;
  let started = false;
  function startPython(how) {
    if (started) return;
    if (document.readyState === "loading") {
      // as a module script in the page would: once the page is parsed, <script type="py">
      // included, or PyScript may look for it before it exists
      return document.addEventListener("DOMContentLoaded", () => startPython(how), { once: true });
    }
    started = true;
    window.ramiStartedFrom = how;
    // the runtime starts now, while PyScript loads (static/runtime.mjs)
    import(new URL("runtime.mjs", here).href).then((m) => m.prestart(), () => {});
    const meta = document.querySelector('meta[name="rami-pyscript"]');
    const script = document.createElement("script");
    script.type = "module";
    script.src = new URL(meta.content, location.href).href;
    document.head.appendChild(script);
  }
  function ready(worker) {
    waiting = worker;
    window.ramiUpdateReady = true;
    dispatchEvent(new CustomEvent("rami:update-ready"));
  }
  // The waiting version is asked to take over, and asked again every 2 s while it still
  // waits: a message to a worker is lost if the worker fails to start (seen under load),
  // and a version asked once that never heard it would wait for good.
  function apply(worker) {
    worker.postMessage("apply-update");
    let asked = 1;
    const again = setInterval(() => {
      if (worker.state !== "installed" || ++asked > 30) clearInterval(again);
      else worker.postMessage("apply-update");
    }, 2000);
  }
  window.ramiApplyUpdate = () => {
    if (!sw || !waiting || !sw.controller) return false;
    let gone = false;
    const restart = () => { if (!gone) { gone = true; location.reload(); } };
    sw.addEventListener("controllerchange", restart, { once: true });
    apply(waiting);
    // if the new version has not taken over within a few seconds (its worker stopped, the
    // message lost), the page starts again all the same: a version still waiting when the
    // page starts is applied before Python loads (below)
    setTimeout(restart, 4000);
    return true;
  };
  function follow(worker) {
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) ready(worker);
    });
  }
  function watch(reg) {
    if (reg.waiting && sw.controller) ready(reg.waiting);
    // a version found before this page was listening, still installing
    else if (reg.installing) follow(reg.installing);
    reg.addEventListener("updatefound", () => {
      if (reg.installing) follow(reg.installing);
    });
    setInterval(() => reg.update().catch(() => {}), 60 * 60 * 1000);   // long sessions
  }
  async function persist() {
    if (navigator.storage && navigator.storage.persist) {
      // ask the browser not to evict the cache (16 MB) when space runs short
      window.ramiPersisted = await navigator.storage.persist();
    }
  }
  async function register() {
    try {
      const reg = await sw.register(new URL("../sw.js", here), { updateViaCache: "none" });
      window.ramiServiceWorker = "registered";
      return reg;
    } catch (e) {
      window.ramiServiceWorker = "failed: " + e;
      console.warn("rami: offline play is not available here:", e);
      return null;
    }
  }
  function rememberRuntime() {
    // the runtime's snapshot for the next start (static/runtime.mjs), made in a worker
    import(new URL("runtime.mjs", here).href).then((m) => m.rememberRuntime(), () => {});
  }
  // A first visit's copy that fails to install (a file not fetched: the connection dropped,
  // the site half published) leaves no worker: registered again a little later, up to three
  // times; a later visit would try again too.
  function installs(reg, attempt) {
    if (reg.active || reg.waiting || attempt >= 3) return;
    const again = () => setTimeout(() => register().then((r) => r && installs(r, attempt + 1)),
                                   5000 * (attempt + 1));
    const worker = reg.installing;
    if (!worker) return again();
    worker.addEventListener("statechange", () => {
      if (worker.state === "redundant" && !reg.active && !reg.waiting) again();
    });
  }
  function keepOffline() {
    register().then((reg) => {
      if (!reg) return;
      installs(reg, 0);
      watch(reg);
      persist();
      // what this visit fetched before the worker was there and keeps only once asked (a
      // language's catalogue, the Devanagari font on a device with none): kept now too, so
      // that a first visit's language works offline
      sw.ready.then((r) => r.active && r.active.postMessage({
        keep: performance.getEntriesByType("resource").map((e) => e.name),
      }), () => {});
    });
    rememberRuntime();
  }
  if (!sw) {
    window.ramiServiceWorker = "unsupported";
    startPython("network");
    addEventListener("rami:ready", rememberRuntime, { once: true });
  } else if (!sw.controller) {
    startPython("network");
    addEventListener("rami:ready", keepOffline, { once: true });
  } else {
    sw.getRegistration(new URL("../", here)).then((reg) => {
      if (reg && reg.waiting) {          // installed last time, never applied: now
        sw.addEventListener("controllerchange", () => location.reload(), { once: true });
        apply(reg.waiting);
        setTimeout(() => startPython("cache"), 5000);   // if it does not take over
      } else {
        startPython("cache");
      }
    }, () => startPython("cache"));
    addEventListener("rami:ready", keepOffline, { once: true });
  }
})();
