/* rami's embed script: <rami-board> elements for any page, of any site.

     <script src="https://example.org/rami/static/embed.js"></script>
     <rami-board deal="gin | 0: ... | 1: ... | discard: Kd" caption="..."></rami-board>

   Each board draws itself at once as a placeholder of its final size, with its caption, so
   the text around it does not move. The first board that comes near the screen starts ONE
   hidden frame of rami's own page (board.html, beside this script's folder) in which one
   Python draws every board of the page; boards talk to it with postMessage, in JSON. A
   board lives in a shadow root: the page's CSS does not reach it, its CSS does not leak
   out. Its look follows the attributes theme, felt, card-size and the custom properties
   --rami-felt, --rami-card-width, --rami-font, --rami-accent; ::part(board), ::part(caption)
   and ::part(controls) are styleable. The page needs no special headers, and no request
   goes anywhere but the page's own site and rami's.

   Attributes: see rami's learn/boards.html (the author's guide) or rami/web/board.py. */
(() => {
  "use strict";
  if (!window.customElements || customElements.get("rami-board")) return;

  // this file is static/embed.js of the rami site (found by name if it was not loaded as a
  // classic script, which has no currentScript)
  const script = document.currentScript ||
    [...document.querySelectorAll("script[src]")].find((s) => /static\/embed\.js(\?|$)/.test(s.src));
  const ROOT = new URL("../", script ? script.src : location.href);
  const FRAME = new URL("board.html", ROOT).href;
  const RAMI = new URL(FRAME).origin;
  const STYLE = new URL("static/style.css", ROOT).href;
  // the board's own stylesheet, put here by `make dist` (static/board.css) so a
  // placeholder has its final size before anything else loads
  const SHEET = "/* BOARD_CSS */";
  const SHEET_URL = SHEET.includes("BOARD" + "_CSS") ? new URL("static/board.css", ROOT).href : "";
  const ATTRS = ["deal", "mode", "caption", "seat", "reveal", "moves", "step", "prompt",
                 "solution", "mistakes", "success", "theme", "felt", "card-size", "lang"];
  const LOOKS = ["theme", "felt", "card-size"];         // read here, not by Python
  const SIZES = { small: "44px", medium: "56px", large: "72px" };
  const WAIT = 120000;                                  // no runtime by then: say so
  // a rami page that runs Python itself (the board editor) draws its boards there, with no
  // frame: it sets window.ramiBoardsHere = {} before this script, then its Python gives it
  // send(text) and ready, and this script gives it answer(text)
  const LOCAL = window.ramiBoardsHere || null;

  // what this script says itself, in each language rami speaks (written in by `make dist`
  // from the catalogues; English without it)
  const SAID = "/* BOARD_MESSAGES */";
  const MESSAGES = typeof SAID === "string" ? {} : SAID;
  // a board's language: its own lang, else the page's around it (as HTML inherits it)
  const langOf = (el) => {
    const owner = el.closest("[lang]");
    return String(owner ? owner.getAttribute("lang") : "").toLowerCase().replace("_", "-").split("-")[0];
  };
  const N = (text) => text;             // a message kept to be said later, in a board's language
  const t = (text, fill, lang) => {
    const said = (MESSAGES[lang] || {})[text] || text;
    return said.replace(/\{(\w+)\}/g, (all, name) => (fill && name in fill ? fill[name] : all));
  };

  const esc = (s) => String(s).replace(/[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  const SUIT = { s: "♠", h: "♥", d: "♦", c: "♣" };
  // card codes shown with suit symbols, as rami.web.parts.pretty_text does
  const pretty = (text) => esc(text).split(" ").map((word) => {
    const m = /^(\(?)((?:10|[2-9AJQKT])([shdc]))([.,;:)!?]*)$/.exec(word);
    if (!m) return word;
    const rank = m[2].slice(0, -1) === "T" ? "10" : m[2].slice(0, -1);
    const red = "hd".includes(m[3]) ? " red" : "";
    return `${m[1]}<span class="cardtext${red}">${rank}${SUIT[m[3]]}</span>${m[4]}`;
  }).join(" ");

  // a font that draws Devanagari (a board in Hindi), declared on the page itself: a font
  // declared inside a shadow root is not used. Fetched only if such text is drawn.
  let fontsDeclared = false;
  const declareFonts = () => {
    if (fontsDeclared) return;
    fontsDeclared = true;
    // a page that declares the face itself (rami's own tutorial pages) keeps its own: a
    // second declaration would make the page's text already drawn fetch the face again
    if (document.fonts && [...document.fonts].some(
      (f) => f.family.replace(/["']/g, "") === "Noto Sans Devanagari")) return;
    const style = document.createElement("style");
    style.setAttribute("data-rami", "fonts");
    // (the device's own first, as static/style.css: rami's is fetched where it has none)
    const local = { 400: ["Noto Sans Devanagari", "Noto Sans Devanagari Regular",
      "NotoSansDevanagari-Regular", "Nirmala UI", "NirmalaUI", "Kohinoor Devanagari Regular",
      "KohinoorDevanagari-Regular"], 700: ["Noto Sans Devanagari Bold", "NotoSansDevanagari-Bold",
      "Nirmala UI Bold", "NirmalaUI-Bold", "Kohinoor Devanagari Bold", "KohinoorDevanagari-Bold"] };
    style.textContent = [400, 700].map((weight) => "@font-face{font-family:\"Noto Sans Devanagari\";" +
      `font-style:normal;font-weight:${weight};font-display:swap;src:${local[weight].map(
        (name) => `local("${name}"),`).join("")}url("${new URL(
        `static/vendor/fonts/noto-sans-devanagari-${weight}.woff2`, ROOT).href}") format("woff2");` +
      "unicode-range:U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+25CC,U+A830-A839," +
      "U+A8E0-A8FF}").join("");
    (document.head || document.documentElement).appendChild(style);
  };

  // -- the one runtime of the page --------------------------------------------------------
  const hub = {
    frame: null, ready: false, failed: "", queue: [], boards: new Map(), next: 1,
    start() {
      if (this.frame) return;
      if (LOCAL) {
        this.frame = LOCAL;
        LOCAL.answer = (text) => this.take(text);
        if (LOCAL.ready) this.take(JSON.stringify({ type: "ready" }));
        return;
      }
      const f = document.createElement("iframe");
      f.src = FRAME;
      f.title = t("rami boards (hidden)", null, langOf(document.documentElement));
      f.setAttribute("aria-hidden", "true");
      f.tabIndex = -1;
      f.style.cssText = "position:absolute;width:1px;height:1px;border:0;opacity:0;" +
        "pointer-events:none;left:-9999px;top:0";
      this.frame = f;
      window.addEventListener("message", (e) => this.receive(e));
      (document.body || document.documentElement).appendChild(f);
      this.timer = setTimeout(() => {
        if (!this.ready) this.fail([N("rami did not start: nothing answered from {address}."), { address: FRAME }]);
      }, WAIT);
      window.ramiEmbed.started = performance.now();
    },
    send(msg) {
      if (!this.ready) { this.queue.push(msg); return; }
      if (LOCAL) LOCAL.send(JSON.stringify(msg));
      else this.frame.contentWindow.postMessage(JSON.stringify(msg), RAMI);
    },
    receive(e) {
      if (!this.frame || e.source !== this.frame.contentWindow || e.origin !== RAMI) return;
      this.take(e.data);
    },
    take(data) {
      let msg;
      try { msg = JSON.parse(data); } catch (_) { return; }
      if (msg.type === "ready") {
        this.ready = true;
        clearTimeout(this.timer);
        window.ramiEmbed.ready = performance.now();
        const q = this.queue; this.queue = [];
        q.forEach((m) => this.send(m));
      } else if (msg.type === "failed") {
        clearTimeout(this.timer);
        this.fail([N("rami could not start here ({why})."), { why: String(msg.message) }]);
      } else if (msg.type === "html") {
        const board = this.boards.get(msg.id);
        if (board) board.draw(msg.html, msg.state);
      }
    },
    fail(words) {               // [message, its fill]: each board says it in its language
      this.failed = words;
      this.boards.forEach((b) => b.broken(words));
    },
  };
  window.ramiEmbed = { frame: FRAME, started: 0, ready: 0 };

  const near = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) { near.unobserve(e.target); e.target.wake(); }
    }
  }, { rootMargin: "600px 0px" }) : null;

  class RamiBoard extends HTMLElement {
    static get observedAttributes() { return ATTRS; }

    connectedCallback() {
      if (!this.shadowRoot) this.build();
      this.placeholder();
      if (near) near.observe(this); else this.wake();
    }

    disconnectedCallback() {
      if (near) near.unobserve(this);
      if (this.bid) {
        hub.send({ type: "drop", id: this.bid });
        hub.boards.delete(this.bid);
        this.bid = "";
      }
    }

    attributeChangedCallback(name, before, after) {
      if (!this.shadowRoot || before === after || this.batch) return;
      this.look();
      if (LOOKS.includes(name)) return;
      if (this.bid) this.request(); else this.placeholder();
    }

    // many attributes at once, the board drawn once: {name: text, or null to remove it}
    assign(attrs) {
      this.batch = true;
      try {
        for (const [name, value] of Object.entries(attrs)) {
          if (value === null || value === undefined) this.removeAttribute(name);
          else this.setAttribute(name, String(value));
        }
      } finally { this.batch = false; }
      if (!this.shadowRoot) return;
      this.look();
      if (this.bid) this.request(); else this.placeholder();
    }

    build() {
      declareFonts();
      const root = this.attachShadow({ mode: "open" });
      root.innerHTML = `<link rel="stylesheet" href="${esc(STYLE)}">` +
        (SHEET_URL ? `<link rel="stylesheet" href="${esc(SHEET_URL)}">` : `<style>${SHEET}</style>`) +
        '<div class="rb-wrap"><div class="rb-slot"></div></div>' +
        '<div class="sr-only rb-live" aria-live="polite"></div>';
      this.wrap = root.querySelector(".rb-wrap");
      this.slot_ = root.querySelector(".rb-slot");
      this.live = root.querySelector(".rb-live");
      root.addEventListener("click", (e) => this.onClick(e));
      root.addEventListener("keydown", (e) => this.onKey(e));
      this.look();
    }

    look() {
      const theme = (this.getAttribute("theme") || "light").toLowerCase();
      const dark = theme === "dark" ||
        (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
      this.wrap.className = `rb-wrap ${dark ? "rb-dark" : "rb-light"}`;
      const felt = this.getAttribute("felt");
      let size = (this.getAttribute("card-size") || "").trim().toLowerCase();
      size = SIZES[size] || (/^\d{2,3}(px)?$/.test(size) ? `${parseInt(size, 10)}px` : "");
      this.wrap.style.cssText = (felt && CSS.supports("color", felt) ? `--rami-felt:${felt};` : "") +
        (size ? `--rami-card-width:${size};` : "");
    }

    // what the page knows before Python: the variant, the seats, the mode
    shape() {
      const deal = this.getAttribute("deal") || "";
      const parts = deal.split("|");
      const variant = ((parts[0] || "").trim().split(/\s+/)[0] || "basic").toLowerCase();
      const seats = parts.filter((p) => /^\s*\d{1,2}\s*:/.test(p)).length || 2;
      let mode = (this.getAttribute("mode") || "").trim().toLowerCase();
      if (!["show", "replay", "puzzle"].includes(mode)) {
        mode = this.hasAttribute("solution") ? "puzzle" : this.hasAttribute("moves") ? "replay" : "show";
      }
      const reveal = (this.getAttribute("reveal") || "none").trim().toLowerCase();
      const open = !["", "none", "no", "off"].includes(reveal) &&
        !(reveal === (this.getAttribute("seat") || "0").trim());
      return { variant, seats: Math.min(seats, 8), mode, open };
    }

    placeholder(words) {
      const { variant, seats, mode, open } = this.shape();
      const waiting = t("Loading the board…", null, langOf(this));    // (a call of its own: read by the catalogues)
      const caption = this.getAttribute("caption");
      const seat = '<div class="rb-seat"><div class="rb-seat-head"></div><div class="rb-cards"></div></div>';
      const steps = mode === "replay" ? '<div class="rb-steps"></div>' : "";
      const acts = mode === "puzzle" ? '<div class="rb-actions"></div>' : "";
      this.slot_.innerHTML =
        `<div class="rb rb-${mode} rb-waiting variant-${esc(variant)} seats-${seats}` +
        `${open ? " rb-reveal" : ""}" part="board">` +
        (caption ? `<p class="rb-caption" part="caption">${pretty(caption)}</p>` : "") +
        `<div class="rb-table"><div class="rb-seats">${seat.repeat(Math.max(seats - 1, 0))}</div>` +
        '<div class="rb-felt"></div><div class="rb-me"><div class="rb-me-head"></div>' +
        '<div class="rb-hand-area"></div></div></div>' +
        `<div class="rb-foot" part="controls">${steps}<p class="rb-say">` +
        `${esc(this.say(words || hub.failed) || waiting)}</p>` +
        `${acts}</div></div>`;
      this.setAttribute("state", hub.failed ? "error" : "loading");
    }

    say(words) {                // a message and its fill, in this board's language
      return words ? t(words[0], words[1], langOf(this)) : "";
    }

    wake() {
      if (this.bid || !this.isConnected) return;
      // a board in Hindi: its font fetched now, so that its words are not first laid out
      // in the fallback's boxes
      const lang = langOf(this);
      if (lang === "hi" && document.fonts) {
        for (const w of [400, 700]) document.fonts.load(`${w} 16px "Noto Sans Devanagari"`, "क").catch(() => {});
      }
      if (hub.failed) { this.broken(hub.failed); return; }
      this.bid = `b${hub.next++}`;
      hub.boards.set(this.bid, this);
      hub.start();
      this.request();
    }

    request() {
      const attrs = {};
      for (const name of ATTRS) {
        if (!LOOKS.includes(name) && this.hasAttribute(name)) attrs[name] = this.getAttribute(name);
      }
      if (!this.hasAttribute("lang")) {
        const around = this.parentElement && this.parentElement.closest("[lang]");
        if (around) attrs["page-lang"] = around.getAttribute("lang");
      }
      const size = JSON.stringify(attrs).length;
      if (size > 150000) {
        this.broken([N("This board's attributes are too long ({count} characters): a board " +
                     "takes at most 20,000 for its deal and its moves."), { count: String(size) }]);
        return;
      }
      hub.send({ type: "board", id: this.bid, attrs });
    }

    draw(html, state) {
      const active = this.shadowRoot.activeElement;
      const focus = active && active.getAttribute("data-act");
      const hadFocus = !!active;
      this.slot_.innerHTML = html;
      this.setAttribute("state", state);
      if (hadFocus) {
        let again = focus && this.shadowRoot.querySelector(`[data-act="${CSS.escape(focus)}"]`);
        if (!again || again.disabled) again = this.shadowRoot.querySelector(".rb");
        if (again) again.focus({ preventScroll: true });
      }
      const say = this.shadowRoot.querySelector(".rb-say");
      if (say && this.told !== say.textContent) {
        this.told = say.textContent;
        if (this.pressed) this.live.textContent = say.textContent;
      }
      this.pressed = false;
      this.dispatchEvent(new CustomEvent("rami-board-change", { detail: { state }, bubbles: true }));
    }

    broken(words) {
      this.placeholder(words);
      this.setAttribute("state", "error");
      const foot = this.shadowRoot.querySelector(".rb-say");
      if (foot) foot.classList.add("rb-illegal");
    }

    act(name) {
      if (!this.bid) return;
      this.pressed = true;
      hub.send({ type: "act", id: this.bid, act: name });
    }

    onClick(e) {
      const el = e.target.closest && e.target.closest("[data-act]");
      if (!el || el.disabled || !this.shadowRoot.contains(el)) return;
      e.preventDefault();
      this.act(el.getAttribute("data-act"));
    }

    onKey(e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const board = this.shadowRoot.querySelector(".rb");
      if (!board) return;
      const card = e.target.closest && e.target.closest(".hand-card");
      if (card && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
        // a puzzle's hand: one card in the Tab order, the arrow keys move along the hand
        const cards = [...this.shadowRoot.querySelectorAll("button.hand-card")];
        const next = cards[cards.indexOf(card) + (e.key === "ArrowRight" ? 1 : -1)];
        if (next) {
          e.preventDefault();
          cards.forEach((c) => { c.tabIndex = c === next ? 0 : -1; });
          next.focus();
        }
        return;
      }
      if (!board.classList.contains("rb-replay")) return;
      const step = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" }[e.key];
      if (step) { e.preventDefault(); this.act(`step:${step}`); }
    }
  }

  customElements.define("rami-board", RamiBoard);
})();
