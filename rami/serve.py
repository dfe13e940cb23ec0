"""A small static file server for the rami site, with the MIME types Pyodide needs.

    python -m rami serve            # http://127.0.0.1:8000/

Pyodide refuses a ``.wasm`` file not sent as ``application/wasm``, and browsers load ES modules
(``.mjs``) only when sent as JavaScript; Python's plain ``http.server`` guesses neither
reliably. Fonts are sent to any site (``Access-Control-Allow-Origin``): a tutorial board in
Hindi on another site draws its words with rami's Devanagari font. It listens on the loopback
address only.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".toml": "text/plain",
    ".txt": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True

    def end_headers(self):
        # the page must see a new build at once; the offline cache is the service worker's job
        self.send_header("Cache-Control", "no-cache")
        if self.path.split("?", 1)[0].endswith(".woff2"):
            # a board in Hindi on another site draws with rami's font: fonts load only
            # where their site allows it
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser that stops a download it no longer needs (a page closed or reloaded)
        # is not an error worth a traceback
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(directory: str, host: str = "127.0.0.1", port: int = 8000,
                quiet: bool = True) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(type("RamiHandler", (Handler,), {"quiet": quiet}),
                                directory=directory)
    return Server((host, port), handler)


def serve_in_background(directory: str, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a free port in a daemon thread; returns it and its base URL."""
    server = make_server(directory, port=port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
