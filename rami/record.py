"""A whole match as a text file that replays it: what *Download the match* in the browser
writes, and what ``python -m rami replay FILE`` (and the board editor) open.

A game replays exactly from (variant, house rules, seed, moves), so that is all the file
holds, as lines a person can read: a first line naming the format, a few ``key: value``
lines (each value in JSON), then ``moves:`` and one move per line in rami's action text.
``#`` begins a comment: the writer marks each hand's start and the result with one.

>>> from rami.state import GameState
>>> g = GameState("gin", ["Ada", "Bo"], seed=7)
>>> g.apply("pass") and None
>>> text = match_text(g)
>>> print("\\n".join(text.splitlines()[:3] + ["..."] + text.splitlines()[4:]))
rami match 1
variant: "gin"
names: ["Ada", "Bo"]
...
seed: 7
moves:
# hand 1
pass
>>> read_match(text) == g
True

Everything in a file is checked at the door (its size, each line, each value, each move
against the game as it stands), and a file that is not sound is refused with a
:class:`RecordError` that says which line and why, in words.
"""

from __future__ import annotations

import json

from .checks import read_json
from .errors import RamiError
from .i18n import _
from .scenario import from_deal
from .state import GameState

HEADER = "rami match 1"
MAX_CHARS = 2_000_000            # a long Basic Rummy match to 500 is about 40,000 moves
MAX_MOVE = 200                   # characters of one move
KEYS = ("variant", "names", "options", "seed")
DEAL = "deal"                    # a match that began from a given position (a deal string)


class RecordError(RamiError):
    """A match file that cannot be replayed; its words say where and why."""


def match_text(g: GameState, deal: str | None = None) -> str:
    """The file of ``g``'s match so far: replayed, it is ``g`` again. ``deal``: the position
    the match began from, when it was not dealt from its seed (a tutorial's, an editor's;
    by default the one the game keeps)."""
    deal = deal if deal is not None else g.start
    head = [HEADER,
            f"variant: {json.dumps(g.variant.name)}",
            f"names: {json.dumps(list(g.names), ensure_ascii=False)}",
            f"options: {json.dumps(dict(g.options), sort_keys=True)}",
            f"seed: {json.dumps(g.seed, ensure_ascii=False)}"]
    if deal is not None:
        head.append(f"{DEAL}: {json.dumps(deal, ensure_ascii=False)}")
    head.append("moves:")
    lines, hand = ["# hand 1"], 1
    for a in g.history:
        text = str(a)
        if text == "deal":
            hand += 1
            lines.append(f"# hand {hand}")
        lines.append(text)
    if g.final:
        lines.append("# " + " ".join(str(g.final.get("headline", "")).split()))
    return "\n".join(head + lines) + "\n"


def read_match(text, most_moves: int | None = None) -> GameState:
    """The game a match file replays (after ``most_moves`` moves, if given), or
    RecordError."""
    if not isinstance(text, str):
        raise RecordError(_("A match file is text."))
    if len(text) > MAX_CHARS:
        raise RecordError(_("This match file is too long ({size} characters; at most "
                            "{limit}).", size=f"{len(text):,}", limit=f"{MAX_CHARS:,}"))
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = next((i for i, x in enumerate(lines) if x.strip()), None)
    if first is None or lines[first].strip() != HEADER:
        raise RecordError(_("This is not a rami match file: its first line should be "
                            "“{header}”.", header=HEADER))
    values: dict = {}
    number = first + 1
    while number < len(lines):
        line = lines[number].strip()          # (a heading's values may hold a #)
        number += 1
        if not line or line.startswith("#"):
            continue
        if line == "moves:":
            break
        key, sep, raw = line.partition(":")
        key = key.strip()
        if not sep or key not in KEYS + (DEAL,):
            raise RecordError(_("Line {line} of the match file is not understood: "
                                "“{text}”.", line=number, text=line[:60]))
        try:
            values[key] = read_json(raw, MAX_CHARS)
        except RamiError as e:
            raise RecordError(_("Line {line} of the match file: the value of “{key}” is "
                                "not readable: {reason}.", line=number, key=key,
                                reason=str(e).rstrip("."))) from None
    missing = [k for k in KEYS if k not in values]
    if missing:
        raise RecordError(_("The match file does not say its {what}.",
                            what=", ".join(missing)))
    v, names, options, seed = (values[k] for k in KEYS)
    if not (isinstance(names, list) and all(isinstance(x, str) for x in names)) \
            or not isinstance(options, dict) or type(seed) not in (int, str) \
            or not isinstance(v, str):
        raise RecordError(_("The match file's heading is not sound: the names are a list "
                            "of texts, the house rules a mapping, the seed a number or a "
                            "text."))
    try:
        if DEAL in values:
            if not isinstance(values[DEAL], str):
                raise RecordError(_("The match file's deal is a text (a deal string)."))
            g = from_deal(values[DEAL], seed)
            if len(names) == g.n and all(0 < len(x) <= 40 for x in names):
                g.names = tuple(names)          # (the table's names, not the deal's)
        else:
            g = GameState(v, names, options, seed)
    except RecordError:
        raise
    except RamiError as e:
        raise RecordError(_("The match file's game cannot be set up: {reason}",
                            reason=str(e))) from None
    except Exception as e:                 # (anything else: said, not a traceback)
        raise RecordError(_("The match file's game cannot be set up ({error}).",
                            error=type(e).__name__)) from None
    played = 0
    while number < len(lines):
        move = lines[number].split("#", 1)[0].strip()
        number += 1
        if not move:
            continue
        if most_moves is not None and played >= most_moves:
            break
        if len(move) > MAX_MOVE:
            raise RecordError(_("Line {line} of the match file is too long for a move.",
                                line=number))
        try:
            g.apply(move)
        except RamiError as e:
            raise RecordError(_("Line {line} of the match file, “{move}”, cannot be played "
                                "here: {reason}", line=number, move=move,
                                reason=str(e))) from None
        except Exception as e:
            raise RecordError(_("Line {line} of the match file, “{move}”, cannot be played "
                                "here ({error}).", line=number, move=move,
                                error=type(e).__name__)) from None
        played += 1
    return g
