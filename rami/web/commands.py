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

from typing import NamedTuple

# what a command needs (checked before it runs; without it, the command does nothing)
ANY = ""
MATCH = "match"          # a match at this device (on any screen)
TABLE = "table"          # the match's table on screen (the last message is cleared first)
HOST = "host"            # this page hosts friends
REMOTE = "remote"        # this page is a friend's, joining or at the host's table


class Command(NamedTuple):
    name: str
    method: str            # the App's method: method(arg), arg what follows the colon
    needs: str = ANY
    takes_arg: bool = False


# each command: its name (a colon after it: it takes an argument), the app's method, and
# what it needs ("-": nothing)
TABLE_OF_COMMANDS = """
variant: choose_variant -       start start_pressed -           skip-bots skip_bots -
rematch rematch_pressed match   newgame-keep new_game_keeping - newgame-replace new_game_replacing -
resume-kept resume_kept_pressed - takeover take_over_seat match resume back_to_table -
lobby to_lobby -                update update_now -             update-later update_later -
update-hide update_hide -       help show_help -                howto show_howto -
settings show_settings -        stats show_stats -              stats-reset ask_stats_reset -
stats-reset-yes reset_stats -   scores show_scores match        dialog: show_table_dialog match
close close_pressed -           confirm: confirm -              share share match
download-match download_match - copy-link: copy_link -          copy-codelink: copy_code_link -
copy-share: copy_shared -       copy-code copy_code -           friends show_friends host
reactions toggle_reactions match react: react_with match       stand-in: stand_in host
refuse-seat: refuse_seat host   keep-seat: keep_seat host       answer: paste_answer host
scan: scan_answer host          use-codes use_codes host        join-go join remote
join-by-code join_by_code -     join-back join_back remote      skip skip_to_hand table
hint ask_hint table             undo undo table                 card: pick_card table
sort: sort_hand table           group group_picked table        next next_hand table
review review_hand match        review-at: review_at match      replay-deal play_deal_again match
watch-expert watch_expert match back-to-match back_to_match match
review-hand: review_old_hand match review-earlier: review_earlier -
"""


def _commands(text: str) -> dict[str, Command]:
    words = text.split()
    out = {}
    for spec, method, needs in zip(words[::3], words[1::3], words[2::3]):
        name = spec.rstrip(":")
        assert name not in out, f"two commands are called {name!r}"
        out[name] = Command(name, method, "" if needs == "-" else needs, spec.endswith(":"))
    return out


COMMANDS = _commands(TABLE_OF_COMMANDS)
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
