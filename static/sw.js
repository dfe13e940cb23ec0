// rami's service worker: the game offline. `make dist` (scripts/dist.py) writes it to the
// site's root as sw.js, with PRECACHE the files the game needs and CACHE named after a hash
// of those files and their contents; this template is not served as it is.
//
// * install: store every file of PRECACHE in a new cache (revalidating the HTTP cache's
//   copies); a new version waits there, in the background, until the page applies it (the
//   first one takes over at once);
// * activate: delete this site's caches of earlier versions, then serve every open page;
// * fetch: cache first for the precached files (a visit to the site's folder, with any
//   query such as ?deal=, is its index.html); anything else goes to the network.
// * ON_DEMAND: files the page fetches only when it needs them (a language's catalogue, the
//   Devanagari font where the device has none): kept once fetched (those of the first
//   visit, fetched before this worker was there, when the page lists them), and carried
//   into each new version, so a language spoken once works offline.
"use strict";
const PRECACHE = [/* PRECACHE */];
const ON_DEMAND = [/* ON_DEMAND */];
const VERSION = "/* VERSION */";
const SCOPE = new URL("./", self.location).href;
const PREFIX = `rami ${SCOPE} `;       // caches of other sites on this origin are not ours
const CACHE = PREFIX + VERSION;
const INDEX = new URL("index.html", SCOPE).href;

// Each file is fetched and stored. The page registers this worker once its table is ready,
// so on a first visit the page has just downloaded most of these files: revalidated (never a
// stale HTTP-cache copy), they come back as "not modified" from the HTTP cache and are not
// downloaded twice. Any file that fails fails the install, and the old version (if any)
// stays.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async (path) => {
      const url = new URL(path, SCOPE);
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await cache.put(url, response);
    }));
    // the languages (and font) kept by the version before: this version's copies
    const kept = new Set();
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === CACHE) continue;
      for (const request of await (await caches.open(name)).keys()) {
        if (onDemand(request.url)) kept.add(request.url);
      }
    }
    await Promise.all([...kept].map(async (url) => {
      try {
        const response = await fetch(new Request(url, { cache: "no-cache" }));
        if (response.ok) await cache.put(url, response);
      } catch (e) { /* fetched again when next spoken */ }
    }));
  })());
});

function onDemand(url) {
  return ON_DEMAND.some((prefix) => url.startsWith(new URL(prefix, SCOPE).href));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "apply-update") self.skipWaiting();
  // a page's first visit: the files it fetched before this worker was there that are kept
  // once fetched (its language's catalogue, the font), from the HTTP cache
  const keep = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of keep.filter((u) => typeof u === "string" && onDemand(u.split("#")[0]))) {
      try {
        if (await cache.match(url)) continue;
        const response = await fetch(url);
        if (response.ok) await cache.put(url, response);
      } catch (e) { /* fetched again when next used */ }
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  const page = request.mode === "navigate" && (url.href.split(/[?#]/)[0] === SCOPE
    || url.href.split(/[?#]/)[0] === INDEX);
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = page ? await cache.match(INDEX) : await cache.match(request, { ignoreVary: true });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && onDemand(request.url)) await cache.put(request.url, response.clone());
    return response;
  })());
});
