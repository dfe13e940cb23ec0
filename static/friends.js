// rami's friends over WebRTC data channels, signalled by hand: no server of ours, none of
// anyone's on one network. Loaded only when a person chooses to play with friends (nothing
// here runs, and nothing is contacted, before that).
//
// * The host makes an offer for a seat: `await ramiPeer.offer(handlers)` gives `code`, a
//   short text (the offer's few lines that matter, packed) that travels in the seat's join
//   link or QR code, and `accept(answerCode)`.
// * The friend's page answers it: `await ramiPeer.answer(code, handlers)` gives the answer's
//   `code`, which the friend sends back (a chat message, read aloud, a QR code) and the host
//   pastes.
// * Then each side has `send(text)` and `close()`; handlers: `open()`, `message(text)`,
//   `close()`. A long text is sent in pieces and put together again.
//
// ICE: the host candidates of each device (one network, no internet needed), and the STUN
// and TURN servers the site owner lists in index.html's <meta name="rami-ice-servers">
// (JSON, as RTCPeerConnection takes them; none by default).
//
// By code, over the internet: `await ramiPeer.meet(code, handlers)` joins the Trystero room
// of a seat's code (static/vendor/trystero: its Nostr strategy, MIT), where the host's page
// and the friend's find each other through public Nostr relays; the link it gives is the
// same (`send`, `close`, handlers `open`, `message`, `close`), and it stays in the room, so a
// friend who comes back is met again. The relays are the site owner's
// <meta name="rami-relays"> (JSON, a list of wss:// addresses; Trystero's own list when
// absent); the STUN and TURN servers, <meta name="rami-ice-servers"> if it is there, else
// Trystero's public STUN servers (a code is for friends on other networks).
"use strict";
(() => {
  const HERE = document.currentScript ? document.currentScript.src : location.href;
  const VERSION = "1";
  const PIECE = 60000;                  // characters per message (SCTP takes 256 KB at most)
  const GATHER_MS = 4000;               // the wait for ICE candidates, once one is there
  const GATHER_MOST_MS = 20000;         // ... and when none has come yet (a busy device)

  // a site owner's setting: <meta name=...> holding a JSON list (null when absent or unreadable)
  function setting(name) {
    const meta = document.querySelector(`meta[name="${name}"]`);
    if (!meta) return null;
    try {
      const value = JSON.parse(meta.content);
      if (Array.isArray(value)) return value;
    } catch (e) { /* below */ }
    console.warn(`rami: <meta name=${name}> is not a JSON list; it is not used`);
    return null;
  }
  const iceServers = () => setting("rami-ice-servers") || [];

  // -- the offer and the answer, packed: what a data channel needs of them --------------------
  const b64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const unb64 = (code) => {
    const raw = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(raw, (c) => c.charCodeAt(0)));
  };

  function pack(description) {
    const lines = description.sdp.split(/\r?\n/);
    const get = (key) => (lines.find((l) => l.startsWith(`a=${key}:`)) || "").slice(key.length + 3);
    const fields = [VERSION, description.type === "offer" ? "o" : "a", get("ice-ufrag"),
      get("ice-pwd"), get("fingerprint"), get("setup"),
      ...lines.filter((l) => l.startsWith("a=candidate:")).map((l) => l.slice(12))];
    return b64(fields.join("\n"));
  }

  function unpack(code, want) {
    let fields;
    try {
      fields = unb64(String(code).trim()).split("\n");
    } catch (e) {
      throw new Error("unreadable");
    }
    const [version, kind, ufrag, pwd, fingerprint, setup, ...candidates] = fields;
    if (version !== VERSION || kind !== want || !ufrag || !pwd || !/^sha-256 [0-9A-F:]+$/.test(fingerprint)
        || !/^(actpass|active|passive)$/.test(setup) || candidates.length > 20
        || candidates.some((c) => !/^[\w.:\- ]+$/.test(c))) {
      throw new Error("unreadable");
    }
    const sdp = ["v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0",
      "a=group:BUNDLE 0", "a=msid-semantic: WMS",
      "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
      ...candidates.map((c) => `a=candidate:${c}`), `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`,
      "a=ice-options:trickle", `a=fingerprint:${fingerprint}`, `a=setup:${setup}`, "a=mid:0",
      "a=sctp-port:5000", "a=max-message-size:262144", ""].join("\r\n");
    return { type: kind === "o" ? "offer" : "answer", sdp };
  }

  // every candidate (the offer and the answer travel whole: no trickling by hand); past
  // GATHER_MS, what has come will do, if anything has
  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      let some = false;
      pc.addEventListener("icecandidate", (event) => { if (event.candidate) some = true; });
      pc.addEventListener("icegatheringstatechange",
        () => pc.iceGatheringState === "complete" && resolve());
      const started = performance.now();
      const check = () => {
        const waited = performance.now() - started;
        if ((some && waited >= GATHER_MS) || waited >= GATHER_MOST_MS) resolve();
        else setTimeout(check, 250);
      };
      setTimeout(check, GATHER_MS);
    });
  }

  // the most characters one message may hold on a connection: its handlers' `most`, else a
  // table's worth
  const limit = (handlers) => {
    const most = Number(handlers && handlers.most);
    return Number.isFinite(most) && most > 0 ? most : 1000000;
  };

  // -- a connection, once its channel exists ----------------------------------------------
  // Every connection's figures (what the benchmark reads): the characters each way, and
  // when it opened. `ramiPeer.links` lists them; a page altered to send its own messages
  // through one can (the host's door, rami.room, is what keeps a game fair).
  const links = [];

  function wire(pc, channel, handlers) {
    let parts = [];
    let closed = false;
    const figures = { sent: 0, received: 0, made: performance.now(), opened: null };
    const close = () => {
      if (closed) return;
      closed = true;
      parts = [];
      try { channel.close(); } catch (e) { /* already */ }
      try { pc.close(); } catch (e) { /* already */ }
      handlers.close && handlers.close();
    };
    let opened = false;
    const open = () => {
      if (opened) return;
      opened = true;
      figures.opened = performance.now();
      handlers.open && handlers.open();
    };
    channel.onopen = open;
    if (channel.readyState === "open") setTimeout(open, 0);
    channel.onclose = close;
    channel.onerror = close;
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(pc.connectionState)) close();
    });
    // a message is at most `handlers.most` characters (the host takes what a move needs, a
    // friend a table): the pieces are counted as they come, and past that the connection
    // closes, so that no one can fill the page's memory with one endless message
    const most = limit(handlers);
    let held = 0;
    channel.onmessage = (event) => {
      const data = String(event.data);
      figures.received += data.length;
      held += data.length - 1;
      if (held > most) { parts = []; held = 0; close(); return; }
      // a piece: "+" and more to come, or "." and the last one
      if (data[0] === "+") { parts.push(data.slice(1)); return; }
      const text = parts.join("") + data.slice(1);
      parts = [];
      held = 0;
      handlers.message && handlers.message(text);
    };
    const link = {
      send(text) {
        if (channel.readyState !== "open") return false;
        for (let i = 0; i < text.length; i += PIECE) {
          const last = i + PIECE >= text.length;
          channel.send((last ? "." : "+") + text.slice(i, i + PIECE));
        }
        if (!text.length) channel.send(".");
        figures.sent += text.length + Math.max(1, Math.ceil(text.length / PIECE));
        return true;
      },
      close,
      figures,
      get open() { return channel.readyState === "open"; },
    };
    links.push(link);
    return link;
  }

  // -- QR codes of a link or a code (static/vendor/qrcode: qrcode-generator, MIT) ----------
  let qrLoaded = null;
  function loadQr() {
    if (!qrLoaded) {
      qrLoaded = new Promise((resolve, reject) => {
        const tag = document.createElement("script");
        tag.src = "static/vendor/qrcode/qrcode.js";
        tag.onload = resolve;
        tag.onerror = () => { qrLoaded = null; reject(new Error("no QR codes")); };
        document.head.appendChild(tag);
      });
    }
    return qrLoaded;
  }

  // -- by code: a Trystero room over Nostr relays ------------------------------------------
  const APP_ID = "rami.friends.1";
  let trystero = null;

  async function meet(code, handlers) {
    if (!trystero) {
      trystero = import(new URL("vendor/trystero/nostr/index.mjs", HERE).href);
      trystero.catch(() => { trystero = null; });
    }
    const { joinRoom } = await trystero;
    const config = { appId: APP_ID, password: code,
      relayConfig: { warnOnRelayFailure: false } };
    const relays = setting("rami-relays");
    if (relays && relays.length) {
      config.relayConfig.urls = relays.filter((u) => /^wss?:\/\/[^\s]+$/.test(String(u)));
    }
    const ice = setting("rami-ice-servers");
    if (ice) config.rtcConfig = { iceServers: ice };
    const room = joinRoom(config, `seat-${code}`);
    const messages = room.makeAction("m");
    const figures = { sent: 0, received: 0, made: performance.now(), opened: null };
    let peer = null;                  // the page met (the newest, if one came back)
    let left = false;
    const link = {
      code,
      figures,
      get open() { return peer !== null; },
      send(text) {
        if (peer === null) return false;
        messages.send(String(text), { target: peer }).catch(() => {});
        figures.sent += String(text).length;
        return true;
      },
      close() {
        if (left) return;
        left = true;
        peer = null;
        room.leave().catch(() => {});
      },
    };
    room.onPeerJoin = (id) => {
      if (left) return;
      const was = peer;
      peer = id;
      if (figures.opened === null) figures.opened = performance.now();
      if (was !== null && was !== id) handlers.close && handlers.close();
      handlers.open && handlers.open();
    };
    room.onPeerLeave = (id) => {
      if (id !== peer || left) return;
      peer = null;
      handlers.close && handlers.close();
    };
    // the relays' library puts a message together from pieces of 16 KB at most: they are
    // counted as they come (whatever message they belong to), and a page that sends more
    // than one message of `handlers.most` characters may hold (UTF-8: 4 bytes a character at
    // most) before a whole one is closed out of the room
    const mostPieces = Math.ceil((4 * limit(handlers)) / 16000) + 2;
    let pieces = 0;
    messages.onReceiveProgress = (progress, meta) => {
      if (left || !meta || meta.peerId !== peer) return;
      pieces += 1;
      if (pieces > mostPieces) {
        link.close();
        handlers.close && handlers.close();
      }
    };
    messages.onMessage = (data, meta) => {
      if (left || !meta || meta.peerId !== peer || typeof data !== "string") return;
      pieces = 0;
      figures.received += data.length;
      if (data.length > limit(handlers)) return;
      handlers.message && handlers.message(data);
    };
    links.push(link);
    return link;
  }

  // -- scanning a friend's answer code with this device's camera -------------------------------
  // The browser's own BarcodeDetector where it reads QR codes (Android, macOS, ChromeOS), else
  // barcode-detector's ponyfill over the zxing reader (static/vendor/scan, MIT), loaded then.
  let reader = null;
  function loadReader() {
    if (!reader) {
      reader = (async () => {
        if ("BarcodeDetector" in window) {
          try {
            const formats = await window.BarcodeDetector.getSupportedFormats();
            if (formats.includes("qr_code")) return new window.BarcodeDetector({ formats: ["qr_code"] });
          } catch (e) { /* the ponyfill, below */ }
        }
        await new Promise((resolve, reject) => {
          const tag = document.createElement("script");
          tag.src = new URL("vendor/scan/ponyfill.js", HERE).href;
          tag.onload = resolve;
          tag.onerror = () => reject(new Error("no QR reader"));
          document.head.appendChild(tag);
        });
        const api = window.BarcodeDetectionAPI;
        const wasm = new URL("vendor/scan/zxing_reader.wasm", HERE).href;
        api.prepareZXingModule({ overrides: { locateFile: (path, prefix) =>
          (path.endsWith(".wasm") ? wasm : prefix + path) } });
        return new api.BarcodeDetector({ formats: ["qr_code"] });
      })();
      reader.catch(() => { reader = null; });
    }
    return reader;
  }

  // A layer over the page: the camera's picture, what to do, and a way out. Resolves with the
  // first QR code's text that `accept(text)` takes, or "" (closed, or no camera: then
  // `words.nocamera` is shown first).
  async function scan(words, accept) {
    const layer = document.createElement("div");
    layer.className = "scan-layer";
    layer.setAttribute("role", "dialog");
    layer.setAttribute("aria-modal", "true");
    layer.setAttribute("aria-label", words.title);
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("aria-hidden", "true");
    const said = document.createElement("p");
    said.textContent = words.title;
    said.setAttribute("aria-live", "polite");
    const stop = document.createElement("button");
    stop.type = "button";
    stop.className = "btn primary";
    stop.textContent = words.cancel;
    layer.append(video, said, stop);
    document.body.append(layer);
    stop.focus();
    let stream = null;
    let done = false;
    const finish = (text) => {
      if (done) return;
      done = true;
      if (stream) stream.getTracks().forEach((t) => t.stop());
      layer.remove();
      ended(text);
    };
    let ended;
    const result = new Promise((resolve) => { ended = resolve; });
    stop.onclick = () => finish("");
    layer.addEventListener("keydown", (e) => { if (e.key === "Escape") finish(""); });
    try {
      const detector = await loadReader();
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" }, audio: false });
      if (done) { stream.getTracks().forEach((t) => t.stop()); return result; }
      video.srcObject = stream;
      await video.play();
      const look = async () => {
        if (done) return;
        try {
          for (const code of await detector.detect(video)) {
            if (accept(code.rawValue)) return finish(code.rawValue);
          }
        } catch (e) { /* a frame not ready yet */ }
        setTimeout(look, 200);
      };
      look();
    } catch (e) {
      said.textContent = words.nocamera;
      said.setAttribute("role", "alert");
    }
    return result;
  }

  // a page that goes (reloaded, closed, left, put in the back-forward cache) closes its
  // connections itself: the other side learns it at once, not when the connection times
  // out half a minute later
  window.addEventListener("pagehide", () => { for (const l of links) l.close(); });

  window.ramiPeer = {
    links,
    meet,
    // the answer code in a QR code, read by this device's camera ("" if none was)
    scanAnswer: (words) => scan(words, (text) => {
      try { unpack(text, "a"); return true; } catch (e) { return false; }
    }),
    // an SVG drawing of `text` as a QR code ("" when the maker cannot be loaded: offline,
    // never fetched)
    async qr(text, title) {
      try {
        await loadQr();
        const code = window.qrcode(0, "L");
        code.addData(String(text));
        code.make();
        return code.createSvgTag({ cellSize: 1, margin: 4, scalable: true, title: String(title || "") });
      } catch (e) {
        return "";
      }
    },
    async offer(handlers) {
      const pc = new RTCPeerConnection({ iceServers: iceServers() });
      const channel = pc.createDataChannel("rami", { ordered: true });
      const link = wire(pc, channel, handlers);
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      link.code = pack(pc.localDescription);
      link.accept = async (answer) => {
        await pc.setRemoteDescription(unpack(answer, "a"));
      };
      return link;
    },
    async answer(code, handlers) {
      const offer = unpack(code, "o");
      const pc = new RTCPeerConnection({ iceServers: iceServers() });
      let link = null;
      const waiting = new Promise((resolve) => {
        pc.ondatachannel = (event) => { link = wire(pc, event.channel, handlers); resolve(); };
      });
      await pc.setRemoteDescription(offer);
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      const answer = pack(pc.localDescription);
      return {
        code: answer,
        send: (text) => (link ? link.send(text) : false),
        close: () => (link ? link.close() : pc.close()),
        connected: waiting,
      };
    },
  };
})();
