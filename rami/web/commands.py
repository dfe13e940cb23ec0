"""The page's named commands: what each thing a person can press or type does, by name.

Every control on the page carries its command's name (``data-act="help"``, ``"sort:suit"``,
``"stand-in:2"``: a name, and after a colon its argument). Each name is listed here once,
with the app's controller method that does it (:class:`rami.web.app.App`) and what it needs
to make sense (a match, the table on screen, the host's room, a friend's connection); the
app looks a name up (:func:`find`) instead of walking a chain of string tests. What is not
a command is the table's: a variant table's own act (``pile:3``, ``reading:1``), a meld
tapped (``meld:2``) or a move's button (``btn:discard``, ``draw``, ``take``).

No ``js`` here: the list is read, and tested, under CPython too (every name the page draws
is a command, a table's act or a button; every method named is the app's).

>>> cmd, arg = find("sort:suit")
>>> cmd.method, cmd.needs, arg
('sort_hand', 'table', 'suit')
>>> find("sort") is None, find("help:now") is None, find("btn:draw") is None
(True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

# what a command needs (checked before it runs; without it, the command does nothing)
ANY = ""
MATCH = "match"          # a match at this device (on any screen)
TABLE = "table"          # the match's table on screen (the last message is cleared first)
HOST = "host"            # this page hosts friends
REMOTE = "remote"        # this page is a friend's, joining or at the host's table


@dataclass(frozen=True)
class Command:
    name: str
    method: str            # the App's method: method(arg), arg what follows the colon
    needs: str = ANY
    takes_arg: bool = False


def _commands(*rows: tuple[str, str, str]) -> dict[str, Command]:
    out = {}
    for spec, method, needs in rows:
        name = spec.rstrip(":")
        assert name not in out, f"two commands are called {name!r}"
        out[name] = Command(name, method, needs, spec.endswith(":"))
    return out


COMMANDS = _commands(
    # the lobby and the match
    ("variant:", "choose_variant", ANY), ("start", "start_pressed", ANY),
    ("skip-bots", "skip_bots", ANY), ("rematch", "rematch_pressed", MATCH),
    ("newgame-keep", "new_game_keeping", ANY), ("newgame-replace", "new_game_replacing", ANY),
    ("resume-kept", "resume_kept_pressed", ANY), ("takeover", "take_over_seat", MATCH),
    ("resume", "back_to_table", ANY), ("lobby", "to_lobby", ANY),
    # a new version
    ("update", "update_now", ANY), ("update-later", "update_later", ANY),
    ("update-hide", "update_hide", ANY),
    # dialogs
    ("help", "show_help", ANY), ("howto", "show_howto", ANY),
    ("settings", "show_settings", ANY), ("stats", "show_stats", ANY),
    ("stats-reset", "ask_stats_reset", ANY), ("stats-reset-yes", "reset_stats", ANY),
    ("scores", "show_scores", MATCH), ("dialog:", "show_table_dialog", MATCH),
    ("close", "close_pressed", ANY), ("confirm:", "confirm", ANY),
    # sharing a hand
    ("share", "share", MATCH), ("download-match", "download_match", ANY),
    ("copy-link:", "copy_link", ANY), ("copy-codelink:", "copy_code_link", ANY),
    ("copy-share:", "copy_shared", ANY), ("copy-code", "copy_code", ANY),
    # friends
    ("friends", "show_friends", HOST), ("reactions", "toggle_reactions", MATCH),
    ("react:", "react_with", MATCH), ("stand-in:", "stand_in", HOST),
    ("refuse-seat:", "refuse_seat", HOST), ("keep-seat:", "keep_seat", HOST),
    ("answer:", "paste_answer", HOST), ("scan:", "scan_answer", HOST),
    ("use-codes", "use_codes", HOST), ("join-go", "join", REMOTE),
    ("join-by-code", "join_by_code", ANY), ("join-back", "join_back", REMOTE),
    # at the table
    ("skip", "skip_to_hand", TABLE), ("hint", "ask_hint", TABLE), ("undo", "undo", TABLE),
    ("card:", "pick_card", TABLE), ("sort:", "sort_hand", TABLE),
    ("group", "group_picked", TABLE), ("next", "next_hand", TABLE),
)
# what the page itself handles before any command: the menu, the table's melds shown whole
PAGE_ACTS = ("menu", "melds-all")


def find(act: str) -> tuple[Command, str] | None:
    """The command ``act`` names, and its argument; None for a name that is not one (a
    variant table's own act, or a move's button)."""
    name, colon, arg = act.partition(":")
    cmd = COMMANDS.get(name)
    if cmd is None or bool(colon) != cmd.takes_arg:
        return None
    return cmd, arg
