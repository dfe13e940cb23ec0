"""A Nostr relay on loopback, for the tests of friends who join by code (rami's pages reach it
as a site owner's <meta name="rami-relays"> would send them to a public one).

It does what Trystero's Nostr strategy asks of a relay (NIP-01): subscriptions (``REQ`` with
``kinds``, ``since`` and ``#x`` filters, ``CLOSE``), events passed on to every matching
subscription and acknowledged (``OK``); nothing stored (the events are ephemeral), no
signature checked. WebSocket by hand (RFC 6455, text frames), standard library only.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import struct
import threading

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Relay:
    """``with Relay() as relay:`` … ``relay.url`` (ws://127.0.0.1:port); ``relay.events``
    counts the events passed on."""

    def __init__(self):
        self.url = ""
        self.events = 0
        self.clients = 0
        self._subs: dict[tuple[int, str], list[dict]] = {}
        self._writers: dict[int, asyncio.StreamWriter] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server = None

    def __enter__(self) -> "Relay":
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def __exit__(self, *exc) -> None:
        async def stop():
            self._server.close()
            for w in list(self._writers.values()):
                w.close()
        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.url = f"ws://127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    # -- WebSocket ---------------------------------------------------------------------------
    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        me = id(writer)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            key = next((line.split(":", 1)[1].strip() for line in
                        head.decode("latin-1").split("\r\n")
                        if line.lower().startswith("sec-websocket-key:")), None)
            if key is None:
                writer.close()
                return
            accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
            writer.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\n"
                          f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
            self._writers[me] = writer
            self.clients += 1
            parts: list[bytes] = []
            while True:
                b0, b1 = await reader.readexactly(2)
                size = b1 & 0x7F
                if size == 126:
                    size = struct.unpack(">H", await reader.readexactly(2))[0]
                elif size == 127:
                    size = struct.unpack(">Q", await reader.readexactly(8))[0]
                mask = await reader.readexactly(4) if b1 & 0x80 else b"\0\0\0\0"
                data = bytes(c ^ mask[i % 4] for i, c in enumerate(await reader.readexactly(size)))
                opcode = b0 & 0x0F
                if opcode == 8:                                   # close
                    self._frame(writer, b"", 8)
                    break
                if opcode == 9:                                   # ping
                    self._frame(writer, data, 10)
                    continue
                if opcode in (0, 1, 2):
                    parts.append(data)
                    if b0 & 0x80:                                 # the last fragment
                        self._message(me, b"".join(parts).decode("utf-8", "replace"))
                        parts = []
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            self._writers.pop(me, None)
            for k in [k for k in self._subs if k[0] == me]:
                del self._subs[k]
            writer.close()

    @staticmethod
    def _frame(writer: asyncio.StreamWriter, data: bytes, opcode: int = 1) -> None:
        n = len(data)
        head = bytes([0x80 | opcode]) + (bytes([n]) if n < 126 else
                                         b"\x7e" + struct.pack(">H", n) if n < 65536 else
                                         b"\x7f" + struct.pack(">Q", n))
        writer.write(head + data)

    def _send(self, who: int, message: list) -> None:
        writer = self._writers.get(who)
        if writer is not None:
            self._frame(writer, json.dumps(message).encode())

    # -- Nostr -------------------------------------------------------------------------------
    def _message(self, me: int, text: str) -> None:
        try:
            msg = json.loads(text)
        except ValueError:
            return self._send(me, ["NOTICE", "not JSON"])
        if not isinstance(msg, list) or not msg:
            return
        if msg[0] == "REQ" and len(msg) >= 2:
            self._subs[(me, str(msg[1]))] = [f for f in msg[2:] if isinstance(f, dict)]
            self._send(me, ["EOSE", msg[1]])
        elif msg[0] == "CLOSE" and len(msg) >= 2:
            self._subs.pop((me, str(msg[1])), None)
        elif msg[0] == "EVENT" and len(msg) >= 2 and isinstance(msg[1], dict):
            event = msg[1]
            self._send(me, ["OK", event.get("id", ""), True, ""])
            for (who, sub), filters in list(self._subs.items()):
                if any(_matches(f, event) for f in filters):
                    self.events += 1
                    self._send(who, ["EVENT", sub, event])


def _matches(f: dict, event: dict) -> bool:
    if "kinds" in f and event.get("kind") not in f["kinds"]:
        return False
    if "since" in f and event.get("created_at", 0) < f["since"] - 5:     # (clocks differ)
        return False
    for key, wanted in f.items():
        if key.startswith("#"):
            values = {t[1] for t in event.get("tags", ()) if len(t) > 1 and t[0] == key[1:]}
            if not values & set(wanted):
                return False
    return True
