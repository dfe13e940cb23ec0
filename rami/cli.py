"""The command line: play in a terminal, simulate bot matches, list the variants.

    python -m rami play gin
    python -m rami play basic --players 4 --option final_discard=required
    python -m rami simulate --variant gin --games 200 --seats expert,good
    python -m rami variants
    python -m rami serve --port 8000
    python -m rami replay match.rami.txt
    python -m rami review match.rami.txt --hand 2
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from .actions import DEAL
from .bots import ALL_LEVELS, LEVEL_WORDS, drain, make_bot
from .cards import Card, sort_by_rank, sort_by_suit
from .errors import RamiError
from .scenario import _value
from .state import GameState, Phase
from .registry import part
from .variants import find_variant, variant_names
from .view import PlayerView
from .i18n import (LANGUAGES, N_, _, from_environment, n_, pieces, result_words,
                   set_language)
from .web.lobby import LEVEL_NAMES
from .web.parts import LABEL_WORDS
from .web.render import HAND_TITLES
from .words import words_for


def parse_options(pairs: list[str]) -> dict:
    out = {}
    for p in pairs or ():
        if "=" not in p:
            raise RamiError(_("Write house rules as name=value, not '{part}'", part=p))
        k, v = p.split("=", 1)
        out[k.strip()] = _value(v)
    return out


# -- drawing the board ---------------------------------------------------------------------

# ANSI colours: red suits; tiles in their colours (black in the terminal's own)
CARD_INK = {"h": 31, "d": 31}
TILE_INK = {"r": 31, "y": 33, "b": 34}


class Painter:
    """Turns cards into text: suit symbols and red suits when the terminal can show them."""

    def __init__(self, stream):
        enc = (getattr(stream, "encoding", None) or "").lower()
        self.unicode = "utf" in enc
        self.color = stream.isatty() and os.environ.get("NO_COLOR") is None

    def card(self, c: Card) -> str:
        text = c.pretty() if self.unicode else str(c)
        ink = (TILE_INK if c.is_tile else CARD_INK).get(c.suit) if self.color else None
        if ink:
            return f"\x1b[{ink}m{text}\x1b[0m"
        return text

    def cards(self, cards) -> str:
        return " ".join(self.card(c) for c in cards) or "-"


class Board:
    """A game's board in the terminal, as the player to move reads it: the header, the other
    seats, the piles, the table, the hand and a line of advice. This is the shared turn's
    (Basic Rummy's); a game that shows more names its own in ``Variant.parts["terminal"]``
    (``rami/games/gin/terminal.py``), a subclass that overrides only what differs."""

    def draw(self, view: PlayerView, paint: Painter, order: str = "suit") -> str:
        var = find_variant(view.variant)
        names = view.names
        score = "  ".join(f"{names[s]} {view.scores[view.teams[s]]}" for s in range(len(names)))
        hand = _(HAND_TITLES.get(var.hand_word, HAND_TITLES["hand"]), n=view.hand_no + 1)
        lines = [f"== {var.title}, {hand} ==  {score}{self.header(view, paint)}"]
        for s in range(len(names)):
            if s == view.seat:
                continue
            tag = " " + _("(dealer)") if s == view.dealer else ""
            if len(set(view.teams)) < len(names) and view.teams[s] == view.teams[view.seat]:
                tag += " " + _("(partner)")
            tag += "".join(" " + t for t in self.seat_tags(view, s))
            shown = view.revealed.get(s)
            cards = paint.cards(shown) if shown else self.count(view.hand_counts[s])
            lines.append(f"  {names[s]}{tag}: {cards}")
        lines += self.piles(view, paint)
        if view.table:
            lines.append("  " + _("Table:"))
            for i, t in enumerate(view.table):
                others = sorted({s for s in t.played_by if s != t.owner})
                by = "".join(f", {names[s]}: " + paint.cards(
                    c for c, p in zip(t.meld.cards, t.played_by) if p == s) for s in others)
                lines.append(f"    {i + 1}. {paint.cards(t.meld.cards)}   ({names[t.owner]}{by})")
        lines += self.notes(view, paint)
        ace_high = aces_high(view)
        held = sort_by_rank(view.hand, ace_high) if order == "rank" else \
            sort_by_suit(view.hand, ace_high)
        lines.append("  " + self.hand_line(held, paint))
        if view.hand:
            lines += self.advice(view, paint)
        return "\n".join(lines)

    def header(self, view: PlayerView, paint: Painter) -> str:
        """What the header says after the scores (the deal's own facts)."""
        return ""

    def seat_tags(self, view: PlayerView, seat: int) -> list[str]:
        """What is said of another seat beside its name (beyond dealer and partner)."""
        return []

    def count(self, n: int) -> str:
        """``5 cards``: how many pieces a seat holds."""
        return count_of(n)

    def piles(self, view: PlayerView, paint: Painter) -> list[str]:
        var = find_variant(view.variant)
        if var.discard_spread:
            pile = paint.cards(view.discard) if view.discard else _("empty")
            return ["  " + _("Stock: {count}   Discard pile, bottom to top: {pile}",
                             count=count_of(view.stock_count), pile=pile)]
        top = paint.card(view.top_discard) if view.top_discard else _("empty")
        return ["  " + _("Stock: {count}   Discard pile: {top} ({size})",
                         count=count_of(view.stock_count), top=top,
                         size=count_of(view.discard_count))]

    def notes(self, view: PlayerView, paint: Painter) -> list[str]:
        """Lines after the table (what the player owes, what is on the table for whom)."""
        return []

    def hand_line(self, held: list, paint: Painter) -> str:
        return _("Your hand ({count}): {cards}", count=len(held), cards=paint.cards(held))

    def advice(self, view: PlayerView, paint: Painter) -> list[str]:
        """A line on the player's hand: its best melds and deadwood."""
        var = find_variant(view.variant)
        dead = var.solver_for(view.options).arrange(list(view.hand))
        return ["  " + _("Best melds: {melds}   deadwood {points}", melds=(
            "  ".join(paint.cards(m.cards) for m in dead.melds) or _("none")),
            points=dead.deadwood_value)]


def board(view: PlayerView, paint: Painter, order: str = "suit") -> str:
    """The board of ``view``'s game as its player reads it (:class:`Board`, or the game's own)."""
    cls = part(find_variant(view.variant), "terminal") or Board
    return cls().draw(view, paint, order)


def hand_groups(g: GameState, result: dict, paint: Painter) -> list[str]:
    """Indian rummy: every player's groups as shown, with what each is."""
    out = []
    for seat, info in enumerate(result.get("seats", [])):
        grouping = info.get("grouping")
        if not grouping:
            continue
        groups = "  ".join(f"{paint.cards(Card.parse(c) for c in cards)} "
                           f"({_(LABEL_WORDS.get(label, label))})"
                           for cards, label in zip(grouping["groups"], grouping["labels"]))
        out.append(f"{g.names[seat]}: {groups}")
    return out


def count_of(n: int, tiles: bool = False) -> str:
    """``1 card``, ``5 tiles``: a number of pieces."""
    return n_("{n} tile", "{n} tiles", n) if tiles else n_("{n} card", "{n} cards", n)


def aces_high(view: PlayerView) -> bool:
    """Are aces sorted after the kings (they are not where they only go low, as in gin)?"""
    return find_variant(view.variant).rules_for(view.options).ace != "low"


def ordered_moves(view: PlayerView, order: str) -> list:
    """The legal moves, discards and knocks in the order the hand is shown."""
    ace_high = aces_high(view)
    hand = sort_by_rank(view.hand, ace_high) if order == "rank" else sort_by_suit(view.hand, ace_high)
    pos = {c: i for i, c in enumerate(hand)}
    return sorted(view.legal, key=lambda a: (a.kind not in ("draw", "take", "pass"),
                                             a.kind, pos.get(getattr(a, "card", None), -1)))


def turn_prompt(view: PlayerView, moves: list) -> str:
    # (what is typed stays as typed, between `…`: the commands are the same in every language)
    words = {Phase.UPCARD: N_("Take the upcard or pass"), Phase.DRAW: N_("Draw a card"),
             Phase.PLAY: N_("Meld, lay off or discard"),
             Phase.LAYOFF: N_("Lay off your deadwood on the knocker's melds, then `done`"),
             Phase.SHOW: N_("Show your cards in groups (`show` groups them for the fewest "
                            "points, or `show 2h 3h 4h / ...`)"),
             Phase.HAND_OVER: N_("Rejoin the pool?")}.get(view.phase, "")
    words = _(words) if words else ""
    if view.phase == Phase.RUM:
        r = view.info["rum"]
        words = _("{who} discarded {card}, which fits a meld: `rum` to lay it off in front of "
                  "you, or `pass`", who=view.names[r['by']], card=r['card'])
    words = find_variant(view.variant).typed_prompt(view) or words      # (the game's own)
    acts = moves
    listing = "  ".join(f"[{i + 1}] {a}" for i, a in enumerate(acts)) if len(acts) <= 16 \
        else _("{count} moves: type one, or `moves` to list them", count=len(acts))
    return f"{words}. {listing}"


def help_text() -> str:
    """The commands: the moves are typed the same in every language; their words are not."""
    return _("""Type an action or the number of one:
  draw | take | pass | meld 7h 8h 9h | layoff 10h on 1 | discard Qs | knock Qs | gin |
  turnover | done
500 Rum: take 7h (any card of the pile, with all above it) | rum | pass
Indian rummy: drop | declare Kd (the engine groups the rest) |
  declare Kd: 2h 3h 4h / 5s Jk 7s / ... | show | show 2h 3h 4h / ... | rejoin | decline
Push: push | contract 7h 7d 7s / 9c 9d Jk=9 (wilds say what they stand for) |
  rescue 8h on 2 | draw (with an empty stock: ends the deal)
Tile Rami: doubla r7 | twin | open r5 r6 r7 / k9 y9 joly=9 | take (the last discard) |
  take y7 with y5 y6 y7 | swap r7 on 2 with joly=b6 b7 b8 | take exposed
Other commands: moves (list legal moves), sort suit | sort rank, hint, log, help, quit""")


def tell_result(g: GameState, r: dict, say, paint: Painter, indent: str) -> None:
    """A hand's scoring: its headline, its lines, and each hand as it was grouped."""
    print(indent + say(result_words(r)))
    for line in result_words(r, "lines"):
        print(indent + "  " + say(line))
    for line in hand_groups(g, r, paint):
        print(indent + "  " + line)


def play(args) -> int:
    with pieces(find_variant(args.variant).uses_tiles):     # the game's own words
        return _play(args)


def _play(args) -> int:
    out = sys.stdout
    paint = Painter(out)
    options = parse_options(args.option)
    variant = find_variant(args.variant)
    words = words_for(variant)

    def say(text: str) -> str:          # the game's words, its pieces by name
        return words.plain(text, symbols=paint.unicode)
    n = args.players or variant.min_players
    names = [args.name or _("Player")] + [_("Bot {n}", n=i) for i in range(1, n)]
    g = GameState(variant.name, names, options, args.seed)
    bots = {s: make_bot(args.bots, variant.name, seed=f"{g.seed}:{s}") for s in range(1, n)}
    delay = args.delay if out.isatty() else 0
    order = "suit"
    shown = summarized = 0
    print("rami: " + n_("{game} against {n} bot ({level}). Seed {seed}. Type `help` for help.",
                        "{game} against {n} bots ({level}). Seed {seed}. Type `help` for help.",
                        n - 1, game=variant.title, level=_(LEVEL_NAMES.get(args.bots, args.bots)),
                        seed=g.seed))
    while True:
        # what happened since we last looked
        view = PlayerView.of(g, 0)
        if shown > len(view.events):
            shown = 0
        for e in view.events[shown:]:
            line = say(e.describe(g.names, viewer=0))
            if e.kind in ("hand_over", "match_over"):
                continue          # the summary below says it in full
            if e.seat != 0 or e.kind in ("deal", "draw"):
                print("  - " + line)
                if delay and e.seat not in (0, -1):
                    time.sleep(delay)
        shown = len(view.events)
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and summarized < len(g.results):
            summarized = len(g.results)
            print()
            tell_result(g, g.results[-1], say, paint, "")
            if g.phase == Phase.HAND_OVER:
                print("  " + _("Scores: {scores}", scores=", ".join(
                    f"{g.names[s]} {g.scores[g.side(s)]}" for s in range(n))))
        if g.phase == Phase.MATCH_OVER:
            print("\n" + say(result_words(g.final)))
            for line in result_words(g.final, "lines"):
                print("  " + say(line))
            return 0
        if g.phase == Phase.HAND_OVER and g.legal_actions() == [DEAL]:
            answer = ask(out, "\n" + _("Press Enter to deal the next hand (or q to quit) "))
            if answer is None or answer.strip().lower() in ("q", "quit"):
                return 0
            g.apply("deal")
            shown = 0
            continue
        if g.turn != 0:
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
            continue
        print()
        print(board(view, paint, order))
        moves = ordered_moves(view, order)
        print(turn_prompt(view, moves))
        while True:
            text = ask(out, "> ")
            if text is None:
                return 0
            text = text.strip()
            if not text:
                continue
            low = text.lower()
            if low in ("q", "quit", "exit"):
                print(_("Goodbye. (Replay this match with --seed {seed})", seed=g.seed))
                return 0
            if low in ("help", "h", "?"):
                print(help_text())
                continue
            if low in ("moves", "legal", "m?"):
                print("  " + "\n  ".join(f"[{i + 1}] {a}" for i, a in enumerate(moves)))
                continue
            if low.startswith("sort"):
                order = "rank" if "rank" in low else "suit"
                moves = ordered_moves(view, order)
                print(board(view, paint, order))
                print(turn_prompt(view, moves))
                continue
            if low == "log":
                for e in view.events:
                    print("  - " + say(e.describe(g.names, viewer=0)))
                continue
            if low == "hint":
                from .bots.hint import hint
                h = hint(view, f"{g.seed}:{len(g.history)}")
                print("  " + _("Hint: {hint}", hint=say(h.text)) + f"  [{h.action}]")
                continue
            try:
                if text.isdigit():
                    k = int(text)
                    if not 1 <= k <= len(moves):
                        raise RamiError(_("Choose a number from 1 to {count}",
                                          count=len(moves)))
                    action = moves[k - 1]
                else:
                    action = g.parse_action(text)
                g.apply(action)
                break
            except RamiError as e:
                print(f"  {say(str(e))}")


def ask(out, prompt: str) -> str | None:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        print("\n" + _("Goodbye."))
        return None


# -- simulations ---------------------------------------------------------------------------

def simulate(args) -> int:
    variant = find_variant(args.variant)
    seats = [s.strip() for s in args.seats.split(",")]
    if len(seats) < variant.min_players:      # too few for the game: the levels go round
        seats = [seats[i % len(seats)] for i in range(variant.min_players)]
    options = parse_options(args.option)
    n = len(seats)
    wins = [0.0] * n
    totals = [0] * n
    hands = steps = unfinished = 0
    start = time.perf_counter()
    for game in range(args.games):
        seed = f"{args.seed}:{game}"
        g = GameState(variant.name, [f"{k} {i + 1}" for i, k in enumerate(seats)], options, seed)
        bots = [make_bot(k, variant.name, seed=f"{seed}:{i}") for i, k in enumerate(seats)]
        while not g.is_over and len(g.results) < args.max_hands:
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
            steps += 1
        hands += len(g.results)
        if not g.is_over:
            unfinished += 1
            continue
        for w in g.final["winners"]:
            wins[w] += 1 / len(g.final["winners"])
        for s in range(n):
            totals[s] += g.final["totals"][g.teams[s]]
    secs = time.perf_counter() - start
    done = args.games - unfinished
    rules = " (" + ", ".join(f"{k}={v}" for k, v in options.items()) + ")" if options else ""
    print(_("{game}: games: {games}, hands: {hands}, seats: {seats}{rules}", game=variant.title,
            games=args.games, hands=hands, seats=", ".join(seats), rules=rules))
    for s in range(n):
        rate = wins[s] / done if done else 0
        avg = totals[s] / done if done else 0
        print("  " + _("seat {number} {level} wins {wins}  win rate {rate}  average final "
                       "score {average}", number=s + 1, level=f"{seats[s]:<10}",
                       wins=f"{wins[s]:7.1f}", rate=f"{rate:6.1%}", average=f"{avg:8.1f}"))
    if unfinished:
        print("  " + n_("{n} game stopped unfinished after {hands} hands",
                        "{n} games stopped unfinished after {hands} hands", unfinished,
                        hands=args.max_hands))
    print("  " + _("{games} games/s, {hands} hands/s, {actions} actions/s ({seconds} s)",
                   games=f"{args.games / secs:.1f}", hands=f"{hands / secs:.1f}",
                   actions=f"{steps / secs:.0f}", seconds=f"{secs:.2f}"))
    return 0


def serve_cmd(args) -> int:
    from .serve import make_server
    server = make_server(args.dir, port=args.port, quiet=not args.verbose)
    print(_("rami is served at {address} (from {folder}); Ctrl-C stops it.",
            address=f"http://127.0.0.1:{server.server_address[1]}/",
            folder=os.path.abspath(args.dir)))
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return 0


MAX_FILE = 2_000_000      # characters of a match file read (rami.record's limit)


def read_file(path: str) -> GameState:
    """The match a match file replays, checked whole (:mod:`rami.record`)."""
    from .record import RecordError, read_match
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_FILE + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(_("The match file cannot be read: {reason}",
                            reason=getattr(e, "strerror", None) or type(e).__name__)) from None
    return read_match(text)


def replay_cmd(args) -> int:
    """A match file (the browser's *Download the match*), replayed: each hand's moves in
    words and its scoring, then the match's result."""
    from .record import RecordError
    whole = read_file(args.file)                    # (checked whole before a word is said)
    paint = Painter(sys.stdout)
    words = words_for(whole.variant)

    def say(text: str) -> str:
        return words.plain(text, symbols=paint.unicode)
    g = GameState(whole.variant.name, list(whole.names), dict(whole.options), whole.seed)
    hand_word = HAND_TITLES.get(g.variant.hand_word, HAND_TITLES["hand"])
    moves = [str(a) for a in whole.history]

    def show(hand: int) -> bool:
        return args.hand is None or args.hand == hand

    def told(events, hand: int) -> None:
        for e in events:
            if e.kind not in ("hand_over", "match_over") and show(hand):
                print("  - " + say(e.describe(g.names)))
    hand = 1
    if show(hand):
        print(_(hand_word, n=hand))
    told(g.events, hand)
    for k, move in enumerate(moves):
        if move == "deal":
            hand += 1
            if show(hand):
                print("\n" + _(hand_word, n=hand))
        before = len(g.results)
        told(g.apply(move), hand)
        if len(g.results) > before and show(hand):
            tell_result(g, g.results[-1], say, paint, "  ")
    if args.hand is not None and args.hand > hand:
        said = {"deal": n_("This match has {n} deal.", "This match has {n} deals.", hand),
                "game": n_("This match has {n} game.", "This match has {n} games.", hand)}
        raise RecordError(said.get(g.variant.hand_word) or n_(
            "This match has {n} hand.", "This match has {n} hands.", hand))
    if g.final and args.hand is None:
        print("\n" + say(result_words(g.final)))
        for line in result_words(g.final, "lines"):
            print("  " + say(line))
    elif args.hand is None:
        print("\n" + _("The match goes on from here: {scores}", scores=", ".join(
            f"{g.names[s]} {g.scores[g.side(s)]}" for s in range(g.n))))
    return 0


def review_cmd(args) -> int:
    """A match file's hands reviewed (:mod:`rami.review`): one seat's decisions, each graded
    by the points it was expected to cost, the better move and why, and what hindsight
    shows, apart."""
    from .review import beginning, grade_word, hands_of, review_steps
    g = read_file(args.file)
    paint = Painter(sys.stdout)
    words = words_for(g.variant)

    def say(text: str) -> str:
        return words.plain(text, symbols=paint.unicode)
    seat = args.seat - 1
    if not 0 <= seat < g.n:
        raise RamiError(n_("This match has {n} seat: choose --seat 1.",
                           "This match has {n} seats: choose --seat 1 to {n}.", g.n))
    count = len(hands_of(g))
    if args.hand is not None and not 1 <= args.hand <= count:
        raise RamiError(n_("This match has {n} hand.", "This match has {n} hands.", count))
    hand_word = HAND_TITLES.get(g.variant.hand_word, HAND_TITLES["hand"])
    spans = hands_of(g)
    b = beginning(g)                 # (carried from hand to hand: the match replayed once)
    for hand in ([args.hand] if args.hand is not None else range(1, count + 1)):
        for a in g.history[len(b.history):spans[hand - 1][0]]:
            b.apply(a)
        r = drain(review_steps(g, seat, hand, start=b))
        print(("\n" if hand > 1 and args.hand is None else "") + _(hand_word, n=hand) + ": " +
              _("{name}'s decisions: {good} of {n} best or good, {points} points lost.",
                name=g.names[seat], good=sum(1 for d in r.decisions
                                              if d.grade in ("best", "good")),
                n=len(r.decisions), points=f"{r.points_lost:g}"))
        for k, d in enumerate(r.decisions, 1):
            mark = grade_word(d.grade) + (f" (−{d.loss:g})" if d.loss else "")
            print(f"{k:3}. [{mark}] {say(d.words('said'))}")
            for field in ("line", "hindsight"):
                if getattr(d, field):
                    print("       " + say(d.words(field)))
        sys.stdout.flush()
    return 0


def variants_cmd(args) -> int:
    for name in variant_names():
        v = find_variant(name)
        players = (n_("{n} player", "{n} players", v.min_players)
                   if v.min_players == v.max_players else
                   _("{lo}-{hi} players", lo=v.min_players, hi=v.max_players))
        print(f"{v.name:8} {v.title} ({players})")
        for o in v.OPTIONS:
            choices = f" [{' | '.join(map(str, o.choices))}]" if o.choices else ""
            print(f"    {o.name}={o.default}{choices}  {_(o.help)}")
    return 0


def main(argv=None) -> int:
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=list(LANGUAGES), default=argparse.SUPPRESS,
                      help="the language of the game (default: the terminal's, from LANGUAGE, "
                           "LC_ALL, LC_MESSAGES or LANG)")
    # (before or after the command: a subcommand's --lang, when not given, leaves the main
    # one as it is)
    p = argparse.ArgumentParser(prog="python -m rami", description="rami: the rummy family",
                                parents=[lang])
    sub = p.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play", help="play against bots in the terminal", parents=[lang])
    pp.add_argument("variant", nargs="?", default="gin")
    pp.add_argument("--players", type=int, default=0)
    pp.add_argument("--bots", default="good", choices=ALL_LEVELS,
                    help="; ".join(f"{k}: {w}" for k, w in LEVEL_WORDS.items()))
    pp.add_argument("--name", default="Player")
    pp.add_argument("--seed", default=None)
    pp.add_argument("--delay", type=float, default=0.35, help="seconds between bot moves")
    pp.add_argument("--option", "-o", action="append", metavar="NAME=VALUE")
    ps = sub.add_parser("simulate", help="bot-against-bot matches", parents=[lang])
    ps.add_argument("--variant", default="gin")
    ps.add_argument("--games", type=int, default=100)
    ps.add_argument("--seats", default="good,beginner")
    ps.add_argument("--seed", default="0")
    ps.add_argument("--max-hands", type=int, default=500)
    ps.add_argument("--option", "-o", action="append", metavar="NAME=VALUE")
    sub.add_parser("variants", help="list the variants and their house rules", parents=[lang])
    pr = sub.add_parser("replay", help="replay a match file (the browser's Download the "
                                       "match)", parents=[lang])
    pr.add_argument("file", help="the match file (.rami.txt)")
    pr.add_argument("--hand", type=int, default=None, help="only this hand (1, 2, ...)")
    pw = sub.add_parser("review", help="review a match file's hands: each decision graded, "
                                       "the better move and why", parents=[lang])
    pw.add_argument("file", help="the match file (.rami.txt)")
    pw.add_argument("--hand", type=int, default=None, help="only this hand (1, 2, ...)")
    pw.add_argument("--seat", type=int, default=1,
                    help="whose decisions (1: the first seat, the person at the browser)")
    pv = sub.add_parser("serve", help="serve the site on this machine", parents=[lang])
    pv.add_argument("--port", type=int, default=8000)
    pv.add_argument("--dir", default=".", help="the folder to serve (default: here)")
    pv.add_argument("--verbose", action="store_true", help="log every request")
    args = p.parse_args(argv)
    set_language(getattr(args, "lang", None) or from_environment())
    try:
        return {"play": play, "simulate": simulate, "variants": variants_cmd,
                "serve": serve_cmd, "replay": replay_cmd,
                "review": review_cmd}[args.cmd](args)
    except RamiError as e:
        print(f"rami: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\n" + _("Goodbye."))
        return 130
    except BrokenPipeError:              # (the output piped into `head`, which has had enough)
        sys.stdout = open(os.devnull, "w")
        return 0
