"""What a check at the door costs, per character of its input, over inputs made to be costly.

Every entry from outside (deal strings, saves, match files, friends' messages each way, typed
actions, join addresses, the board editor's Open, a board's moves, house rules typed in the
terminal) is fed texts built from adversarial pieces (escaped quotes, deep nesting, long
tokens, long lines, many small pieces, unicode, separators), bare and inside the entry's own
frame (a match file's heading, a friend's move, a deal string's hand...), at two sizes four
times apart. A check whose time is proportional to its input takes about four times as long
on the larger; one that is quadratic takes sixteen times. ``growth`` is the exponent found
(1: linear), ``ns_per_char`` the cost at the larger size.

Used by ``tests/test_door_cost.py`` (every entry, every frame, every piece: the exponent stays
near 1) and ``benchmarks/door.py`` (the figures of docs/door.md).
"""

from __future__ import annotations

import gc
import json
import math
import random
import time

from rami.errors import RamiError

# the pieces an adversary repeats: each makes one kind of scan work hard
PIECES = {
    "escaped quotes": lambda n: '"' + '\\"' * (n // 2),
    "deep nesting": lambda n: "[" * n,
    "nested objects": lambda n: '{"a":' * (n // 5),
    "long token": lambda n: "x" * n,
    "long number": lambda n: "9" * n,
    "many small pieces": lambda n: " Ah" * (n // 3),
    "separators": lambda n: "|:;=,." * (n // 6),
    "lines": lambda n: "draw\n" * (n // 5),
    "unicode": lambda n: "ह्\u200d" * (n // 3),
    "spaces": lambda n: " " * (n - 1) + "x",
    "braces": lambda n: "{" * (n // 2) + "}" * (n // 2),
}
ATOMS = ['"', '\\"', "[", "{", "}", "]", "x", "9", " Ah", "|", ":", ";", "=", ",", "\n",
         "ह्", " ", "#", "<", ">", "'", "&amp;", "draw"]


def random_piece(seed: int):
    """A piece of random atoms (the fuzz of the soak), the same for the same seed."""
    def make(n: int) -> str:
        rng = random.Random(f"door:{seed}")
        out, size = [], 0
        while size < n:
            a = rng.choice(ATOMS) * rng.choice((1, 1, 2, 8, 64))
            out.append(a)
            size += len(a)
        return "".join(out)[:n]
    return make


def _entries() -> dict:
    """name -> (most characters the entry takes, {frame: text -> text}, the check)."""
    from rami.record import HEADER, MAX_CHARS, read_match
    from rami.master import Master
    from rami.room import MAX_FROM_FRIEND, MAX_FROM_HOST, Guest, Room, read_join
    from rami.scenario import MAX_DEAL_CHARS, from_deal
    from rami.state import MAX_SAVE_CHARS, GameState
    from rami.web.board import Board
    from rami.web.editor import MAX_OPEN, Editor
    from rami.web.session import Session
    from rami.cli import parse_options

    gin = GameState("gin", ["Ada", "Bo"], seed=1)
    save = gin.to_json()
    room = Room(Master(gin.copy()), [1])
    token = room.token(1)
    guest = Guest(token)
    heading = (f'{HEADER}\nvariant: "gin"\nnames: ["Ada", "Bo"]\noptions: {{}}\nseed: 1\n'
               "moves:\n")
    deal = "gin | 0: Ah 2h 3h 5s 6s 7s 9c 9d 9h Kc | 1: 2c 3c 4c 8d 8s Qh Qs Js 10d 4h"

    def host_receives(text):
        room.receive(text, 1)

    def typed(text):
        gin.copy().parse_action(text)

    def session(text):
        Session.from_json(text)

    def board(moves):
        Board({"deal": deal, "moves": moves})

    return {
        "deal string": (MAX_DEAL_CHARS, {
            "bare": lambda p: p, "a hand": lambda p: deal + " | 1: " + p,
            "house rules": lambda p: "gin knock_limit=" + p + " | 0: Ah",
            "names": lambda p: deal + " | names: " + p}, from_deal),
        "save": (MAX_SAVE_CHARS, {
            "bare": lambda p: p, "a seed": lambda p: save[:-1] + ',"seed":' + p + "}",
            "a name": lambda p: save.replace('"Ada"', '"' + p + '"')},
            GameState.from_json),
        "page's save": (MAX_SAVE_CHARS, {
            "bare": lambda p: p,
            "the game": lambda p: '{"format":"rami-web","version":1,"game":' + p + "}"},
            session),
        "match file": (MAX_CHARS, {
            "bare": lambda p: p, "a heading's value": lambda p: HEADER + "\nnames: " + p,
            "moves": lambda p: heading + p, "a comment": lambda p: heading + "# " + p},
            read_match),
        "friend's message at the host": (MAX_FROM_FRIEND, {
            "bare": lambda p: p,
            "a move": lambda p: '{"t":"act","seq":1,"at":0,"action":"' + p + '"}',
            "a hello": lambda p: ('{"t":"hello","v":2,"token":"' + token + '","name":"' + p
                                  + '","lang":"en","device":"d"}')}, host_receives),
        "host's message at a friend": (MAX_FROM_HOST, {
            "bare": lambda p: p,
            "a table": lambda p: '{"t":"table","seq":1,"heard":0,"view":' + p + ',"seats":[]}'},
            guest.receive),
        "typed action": (MAX_SAVE_CHARS, {
            "bare": lambda p: p, "a discard": lambda p: "discard " + p,
            "a meld": lambda p: "meld " + p, "a declaration": lambda p: "declare Ah: " + p},
            typed),
        "join address": (4000, {
            "join": lambda p: "#join=" + p, "code": lambda p: "#code=" + p}, read_join),
        "board editor's Open": (MAX_OPEN, {
            "bare": lambda p: p, "a board's HTML": lambda p: "<rami-board deal='" + p,
            "a link": lambda p: "https://x/#deal=" + p, "a match file": lambda p: heading + p},
            lambda text: Editor().open(text)),
        "a board's moves": (20_000, {"bare": lambda p: p}, board),
        "house rules typed": (4000, {"bare": lambda p: p}, lambda t: parse_options([t])),
    }


_ENTRIES: dict | None = None


def entries() -> dict:
    global _ENTRIES
    if _ENTRIES is None:
        _ENTRIES = _entries()
    return _ENTRIES


def once(check, text: str) -> None:
    try:
        check(text)
    except RamiError:
        pass                                   # (refused in words: what the door does)


def seconds(check, text: str, budget: float) -> float:
    """The least time of one call, over repeated calls for about ``budget`` seconds."""
    best = math.inf
    spent, calls = 0.0, 0
    gc.collect()
    gc.disable()                 # (the collector's pauses are not the check's cost)
    try:
        while calls < 3 or (spent < budget and calls < 200):
            t = time.perf_counter()
            once(check, text)
            dt = time.perf_counter() - t
            best = min(best, dt)
            spent += dt
            calls += 1
    finally:
        gc.enable()
    return best


def measure(entry: str, frame: str, piece, size: int, budget: float = 0.02) -> dict:
    """The cost of ``entry`` on ``piece`` in ``frame`` at ``size`` characters and at a
    quarter of it: the growth exponent and the cost per character at the larger size."""
    most, frames, check = entries()[entry]
    big = min(size, most - 200)
    wrap = frames[frame]
    texts = [wrap(piece(big // 4)), wrap(piece(big))]
    small, large = (seconds(check, t, budget) for t in texts)
    growth = math.log(max(large, 1e-7) / max(small, 1e-7)) / math.log(len(texts[1]) /
                                                                       max(1, len(texts[0])))
    return {"entry": entry, "frame": frame, "chars": len(texts[1]), "growth": growth,
            "ns_per_char": 1e9 * large / len(texts[1]), "seconds": large}


def cases(pieces: dict | None = None):
    """Every (entry, frame, piece name, piece) to measure."""
    for entry, (_most, frames, _check) in entries().items():
        for frame in frames:
            for name, piece in (pieces or PIECES).items():
                yield entry, frame, name, piece


def json_figures(rows: list[dict]) -> str:
    return json.dumps(rows, indent=1)
