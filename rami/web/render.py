"""The page as HTML text, from a :class:`~rami.web.session.Session` (pure Python).

The browser layer (:mod:`rami.web.app`) puts these strings into the page and turns clicks
into actions. Every clickable element carries a ``data-act`` attribute naming what it does
(``draw``, ``take``, ``card:3``, ``meld:0``, ``btn:discard``, ``sort:rank`` …), so one
delegated listener serves the whole table.

This module draws what every table has (the lobby comes from :mod:`rami.web.lobby`): the
table's frame and its regions, the opponents' seats, the log, the action buttons, the
summary's frame, the scoreboard and the dialogs. What a variant draws differently comes
from its table (:mod:`rami.web.tables`).

The table is a fixed frame of named regions (:data:`REGIONS`); :func:`table_regions` gives
each region's content, so the page replaces only the regions that changed and an open
panel, a focus or a drag elsewhere lives on.
"""

from __future__ import annotations

import weakref

from ..i18n import N_, _, join, language, n_, pieces, result_words
from ..view import Phase
from ..words import words_for
from ..room import REACTIONS, show_code
from .parts import DOTS, close_x, esc, plain_text, pretty_text
from .parts import LABEL_CLASS, face, short_names  # noqa: F401  (re-exported for callers)
from .lobby import LEVEL_NAMES, PERSON, lobby_html, update_offer  # noqa: F401 (lobby_html: the app's)
from .session import BOT_PHASES, Session, in_game_words
from .svg import reaction_svg
from .tables import Table, table_for

PACES = (("slow", N_("Slow"), 1.6), ("normal", N_("Normal"), 0.9), ("fast", N_("Fast"), 0.35),
         ("instant", N_("Instant"), 0.0))
# one deal of the match, as each game calls it ("hand", "deal", tile Rami's "game")
HAND_TITLES = {"hand": N_("Hand {n}"), "deal": N_("Deal {n}"), "game": N_("Game {n}")}
THIS_HAND = {"hand": N_("This hand"), "deal": N_("This deal"), "game": N_("This game")}
HAND_COLUMN = {"hand": N_("Hand"), "deal": N_("Deal"), "game": N_("Game")}


def hand_title(s: Session, number: int, variant=None) -> str:
    """``Hand 3``, ``Deal 3``, ``Game 3``: one deal of the match as the game calls it (of
    ``s``'s game, or of ``variant``)."""
    word = (variant or s.game.variant).hand_word
    return _(HAND_TITLES.get(word, HAND_TITLES["hand"]), n=number)
# the table's regions, in page order: (id, element, attributes)
REGIONS = ("top", "opp", "piles", "status", "melds", "log", "head", "hand-area", "actions",
           "message", "summary-slot")


# the longest a round of the computer players takes at each pace, whatever the table's size:
# past a few seats each move's pause shortens (a bot's turn is two or three moves)
ROUND_SECONDS = {"slow": 8.0, "normal": 4.0, "fast": 1.6, "instant": 0.0}
MOVES_PER_TURN = 2.5


def pace_seconds(pace: str, seats: int = 2) -> float:
    """The pause before each computer move: the pace's own, shortened so that a round of
    ``seats - 1`` computer players stays within ROUND_SECONDS."""
    own = next((s for k, _, s in PACES if k == pace), 0.9)
    bots = max(1, seats - 1)
    return min(own, ROUND_SECONDS.get(pace, 4.0) / (MOVES_PER_TURN * bots))


# -- the lobby ----------------------------------------------------------------------------
@in_game_words
def match_words(s: Session) -> str:
    """A match in a few words: the game, the hand, the scores."""
    st = s.game
    sides = sorted(set(st.teams)) if st.teams else list(range(st.n))
    scores = ", ".join(f"{_side_name(s, side)} {st.scores[side]}" for side in sides)
    return f"{st.variant.title} · {hand_title(s, st.hand_no + 1)} · {scores}"


@in_game_words
def newgame_html(s: Session, kept: Session | None) -> str:
    """Before a new match replaces the one under way: keep it, let it go, or go back."""
    ask = (_("Keep it in the second slot to resume it later from the lobby? It takes the place "
             "of the match kept before ({match}).", match=esc(match_words(kept)))
           if kept is not None else
           _("Keep it in the second slot to resume it later from the lobby?"))
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="newgame-text">
  <div class="summary confirm" id="newgame"><h2 id="newgame-text">{
  _("A match is under way")}</h2>
  <p>{esc(match_words(s))}</p>
  <p>{ask}</p>
  <div class="sum-go"><button type="button" class="btn" data-act="close">{_("Cancel")}</button>
  <button type="button" class="btn warn" data-act="newgame-replace">{
  _("Start, and forget it")}</button>
  <button type="button" class="btn primary" data-act="newgame-keep" id="confirm-go">{
  _("Keep it, and start")}</button></div></div></div>"""


@in_game_words
def cover_html(s: Session) -> str:
    """Between two persons' turns (pass-and-play): whose turn it is, and nothing of anyone's
    cards until that person takes the device."""
    st = s.game
    who = esc(st.names[st.turn])
    scores = " · ".join(f"{esc(_side_name(s, side))} {st.scores[side]}"
                        for side in (sorted(set(st.teams)) if st.teams else range(st.n)))
    return f"""<main class="cover" id="cover" role="dialog" aria-modal="true"
  aria-labelledby="cover-title"><div class="cover-card">
  <p class="cover-game">{esc(st.variant.title)} · {hand_title(s, st.hand_no + 1)}</p>
  <h1 id="cover-title">{_("{who}'s turn", who=who)}</h1>
  <p>{_("Pass the device to {who}. Every hand stays hidden until {who} is ready.", who=who)}</p>
  <button type="button" class="btn primary big" data-act="takeover" id="takeover">{
  _("I am {who}: show my cards", who=who)}</button>
  <p class="cover-scores">{scores}</p>
  <p class="cover-more"><button type="button" class="btn ghost small" data-act="lobby">{
  _("Lobby")}</button></p></div></main>"""


# -- the table ----------------------------------------------------------------------------
def table_class(s: Session) -> str:
    """The table element's classes: the variant, how many opponents (the layout compacts
    their seats as they grow), whether the person is to move."""
    n = s.game.n
    size = "few" if n <= 3 else "some" if n <= 5 else "many"
    return (f"table variant-{esc(s.game.variant.name)} seats-{n} opp-{size}"
            + (" my-turn" if s.human_to_move() else ""))


def table_data(s: Session) -> dict[str, str]:
    st = s.game
    return {"phase": st.phase.value, "turn": str(st.turn), "hand": str(st.hand_no)}


# the person's own controls: their name and score line, their hand, their moves; the rest
CONTROLS = ("head", "hand-area", "actions")
NOT_CONTROLS = ("top", "opp", "piles", "status", "melds", "log", "message", "summary-slot")


@in_game_words
def table_regions(s: Session, pace: str = "normal", message: str = "", thinking: bool = False,
                  new_log_from: int = 0, update: bool = False,
                  hint: bool = False, later: tuple = ()) -> dict[str, str | tuple[str, ...]]:
    """The content of each region of the table, for the person's seat; ``update``: a new
    version is ready, offered on a hand's summary; ``hint``: the message is a hint; the
    regions named in ``later`` are left out (drawn in a frame after). The opponents, the
    piles and the melds come in parts, one element each (a seat, a pile, an owner's melds):
    a move changes one or two of them, and only those are written."""
    v = s.view()
    st = s.game
    t = s.table
    choices = s.choices()                  # once per drawing: the piles and buttons share it
    can = {c.name for c in choices if c.action}
    over = v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    said = words_for(st.variant).html         # the game's own words for its pieces
    log = _log(s, new_log_from)               # (in them line by line, as it keeps them)
    drawn = {
        "top": lambda: _topbar(s, v, pace),
        "opp": lambda: tuple(_seat_html(s, v, seat) for seat in _around(st.n, s.human)),
        "piles": lambda: t.piles(s, v, can),
        "status": lambda: _status(s, v, thinking),
        "melds": lambda: t.middle(s, v),
        "log": lambda: log,
        "head": lambda: (f'<span class="me-name">{esc(st.names[s.human])}</span>'
                         f'{_reaction_shown(s, s.human)}'
                         f'<span class="me-score">{_score_text(s, s.human)}</span>'
                         f'{t.head(s, v)}{t.sorts(s)}{_reactions(s)}'),
        "hand-area": lambda: t.hand(s),
        "actions": lambda: _actions(s, choices),
        "message": lambda: (f'<p class="message-text{" hint" if hint else ""}">'
                            f'{pretty_text(message)}</p>') if message else "",
        "summary-slot": lambda: summary_html(s, v, update) if over else "",
    }
    out = {}
    for name, part in drawn.items():
        if name in later:
            continue
        html = part()
        out[name] = html if name == "log" else tuple(map(said, filter(None, html))) \
            if isinstance(html, tuple) else said(html)
    return out


def whole(region: str | tuple[str, ...]) -> str:
    """A region's HTML, from its parts where it comes in parts."""
    return "".join(region) if isinstance(region, tuple) else region


@in_game_words
def table_html(s: Session, pace: str = "normal", message: str = "", thinking: bool = False,
               new_log_from: int = 0, update: bool = False, hint: bool = False) -> str:
    """The whole table for the person's seat: the frame with every region filled."""
    r = {name: whole(html) for name, html in
         table_regions(s, pace, message, thinking, new_log_from, update, hint).items()}
    data = " ".join(f'data-{k}="{esc(v)}"' for k, v in table_data(s).items())
    said = words_for(s.game.variant).plain     # (the regions are in the game's words)
    return f"""<div class="{table_class(s)}" id="table" {data}>
  <header class="topbar" id="top">{r["top"]}</header>
  <section class="opponents" id="opp" aria-label="{_("Opponents")}">{r["opp"]}</section>
  <main class="felt" id="felt" aria-label="{_("The table")}">
    <div class="piles" id="piles">{r["piles"]}</div>
    <div class="status" id="status" tabindex="-1">{r["status"]}</div>
    <div class="melds" id="melds" role="region" aria-label="{_("Melds")}">{r["melds"]}</div>
  </main>
  <aside class="log" id="log" aria-label="{_("What happened")}">{r["log"]}</aside>
  <section class="me" id="me" aria-label="{said(_("Your hand"))}">
    <div class="me-head" id="head">{r["head"]}</div>
    <div class="hand-area" id="hand-area">{r["hand-area"]}</div>
    <div class="actions" id="actions">{r["actions"]}</div>
    <div class="message" id="message" role="alert">{r["message"]}</div>
  </section>
  <div class="summary-slot" id="summary-slot">{r["summary-slot"]}</div>
</div>"""


def _around(n: int, me: int) -> list[int]:
    return [(me + k) % n for k in range(1, n)]


def _score_text(s: Session, seat: int) -> str:
    st = s.game
    return _("{points} pts", points=st.scores[st.side(seat)])


def _topbar(s: Session, v, pace: str) -> str:
    st = s.game
    target = st.options.get("target")
    hands = st.options.get("hands") or (st.options.get("deals")
                                         if st.options.get("format") == "deals" else None)
    number = v.hand_no + 1
    fmt = st.options.get("format")
    if fmt and fmt.startswith("pool"):
        where = _("{hand} · pool {limit}", hand=hand_title(s, number), limit=fmt[4:])
    elif fmt == "points":
        where = _("{hand} · points", hand=hand_title(s, number))
    elif hands:
        where = _("{hand} of {count}", hand=hand_title(s, number), count=hands)
    elif target:
        where = _("{hand} · game to {target}", hand=hand_title(s, number), target=target)
    else:
        where = hand_title(s, number)
    paces = "".join(f'<option value="{k}"{" selected" if k == pace else ""}>{_(label)}'
                    f'</option>' for k, label, _s in PACES)
    gear = (f'<button type="button" class="btn ghost small" data-act="settings" '
            f'title="{_("Settings")}">{_("Settings")}</button>')
    friends = (f'<button type="button" class="btn ghost small" data-act="friends">'
               f'{_("Friends")}</button>' if getattr(s, "friends", None)
               and getattr(s, "outbox", None) is None else "")
    return f"""<a class="skip" href="#hand" data-act="skip">{_("Skip to your hand")}</a>
    <span class="brand small" aria-hidden="true">rami</span>
    <h1 class="game-title">{esc(st.variant.title)}
      <small>{esc(where)}</small></h1>
    <label class="pace" title="{_("How fast the computer players move")}"><span>{
    _("Pace")}</span>
      <select data-field="pace" id="pace">{paces}</select></label>
    <button type="button" class="btn ghost small menu-btn" data-act="menu" aria-haspopup="true"
      aria-expanded="false" aria-controls="top-menu">{_("Menu")}</button>
    <div class="top-menu" id="top-menu">{friends}
    <button type="button" class="btn ghost small" data-act="howto">{_("Rules")}</button>
    {gear}
    <button type="button" class="btn ghost small" data-act="scores">{_("Scores")}</button>
    <button type="button" class="btn ghost small" data-act="lobby">{_("New game")}</button>
    <button type="button" class="btn ghost small" data-act="help">?<span class="sr-only">
      {_("Keyboard help")}</span><span class="menu-word" aria-hidden="true">{_("Keys")}</span>
      </button></div>"""


def _seat_html(s: Session, v, seat: int) -> str:
    st = s.game
    t = s.table
    n = v.hand_counts[seat]
    show = v.revealed.get(seat)
    turn = " turn" if seat == v.turn and v.phase in BOT_PHASES else ""
    # TRANSLATORS: the dealer's mark beside a seat's name: one letter
    dealer = (f'<span class="dealer" title="{_("Dealer")}">{_("D")}</span>'
              if seat == v.dealer else "")
    if show is not None:
        cards = "".join(face(c, "mini") for c in show)
    else:
        back = '<span class="card mini fan-back tile"></span>' if t.unit == "tile" else \
            '<span class="card mini fan-back"></span>'      # (drawn by the stylesheet)
        cards = back * min(n, 13)
    level = _seat_tag(s, seat)
    presence = _presence(s, seat)
    thinking = (f'<span class="seat-thinking" title="{_("Thinking")}">{DOTS}</span>'
                if turn and presence == "here" else "")
    if presence is not None:
        said = _("connected") if presence == "here" else _("not connected")
        presence = (f'<span class="presence {presence}" role="img" aria-label="{said}" '
                    f'title="{said}"></span>')
    partner = len(set(st.teams)) < st.n and st.side(seat) == st.side(s.human)
    if partner:
        level = _("partner · {level}", level=level)
    out = " out" if t.seat_out(v, seat) else ""
    return f"""<div class="seat{turn}{' partner' if partner else ''}{out}" data-seat="{seat}">
      <div class="seat-head"><span class="avatar" aria-hidden="true">{esc(st.names[seat][:1])}{
      presence or ""}</span>
        <span class="seat-name">{esc(st.names[seat])}</span>{dealer}{thinking}
        <span class="seat-level-tag">{level}</span>{_reaction_shown(s, seat)}</div>
      <div class="backs" style="--n:{max(n, 1)}">{cards}</div>
      <div class="seat-foot"><span class="count"><span class="count-words">{
      n_("{n} tile", "{n} tiles", n) if t.unit == "tile" else n_("{n} card", "{n} cards", n)
      }</span><span class="count-n" aria-hidden="true">{n}</span></span>
        {t.seat_badges(s, v, seat)}<span class="seat-score"><span class="score-words">{
        _score_text(s, seat)}</span><span class="score-n" aria-hidden="true">{
        st.scores[st.side(seat)]}</span></span></div>
    </div>"""


# -- friends at the table: who plays each seat, who is connected, quick reactions -----------
def _seat_tag(s: Session, seat: int) -> str:
    """Who plays ``seat``, in a word: a person, a friend, a computer player's level (on a
    friend's page, as the host tells it)."""
    info = getattr(s, "seat_info", None)
    if info is not None and seat < len(info):              # a friend's page
        d = info[seat]
        if d.get("host"):
            return _("Host")
        kind = "friend" if d.get("friend") and d.get("kind") != "stand-in" else d.get("kind")
    elif seat in s.friends:
        kind = "stand-in" if seat in s.levels else "friend"
    else:
        kind = PERSON if seat in s.humans else s.levels.get(seat, "")
    if kind == "friend":
        return _("Friend")
    if kind == "stand-in":
        return _("Friend, away: a computer player stands in")
    return _(LEVEL_NAMES[kind]) if kind in LEVEL_NAMES else ""


def _presence(s: Session, seat: int) -> str | None:
    """For a seat played from another device: "here" (connected) or "away"; else None."""
    if seat == s.human:
        return None
    info = getattr(s, "seat_info", None)
    if info is not None and seat < len(info):              # a friend's page
        d = info[seat]
        if d.get("friend"):
            return "here" if d.get("connected") else "away"
        return "here" if d.get("kind") == PERSON or d.get("host") else None
    if seat in s.friends:
        return "away" if seat in s.away else "here"
    return None


# the reactions' words (what a screen reader says, and the buttons' names)
REACTION_WORDS = {"👍": N_("thumbs up"), "😄": N_("big smile"), "😮": N_("wow"),
                  "😅": N_("phew"), "🤔": N_("hmm"), "🎉": N_("hooray")}


def reaction_word(what: str) -> str:
    return _(REACTION_WORDS[what]) if what in REACTION_WORDS else ""


def _reaction_shown(s: Session, seat: int) -> str:
    what = s.shown.get(seat)
    return (f'<span class="reaction" data-reaction="{esc(what)}" title="{reaction_word(what)}">'
            f'{reaction_svg(what)}</span>' if what in REACTION_WORDS else "")


def _reactions(s: Session) -> str:
    """At a table with friends: a button that opens the row of quick reactions."""
    if not s.friends:
        return ""
    row = ""
    if s.reacting:
        row = "".join(f'<button type="button" class="chip react" data-act="react:{i}" '
                      f'aria-label="{_("React: {reaction}", reaction=reaction_word(r))}" '
                      f'title="{reaction_word(r)}">{reaction_svg(r)}</button>'
                      for i, r in enumerate(REACTIONS))
        row = f'<span class="react-row" role="group" aria-label="{_("Quick reactions")}">{row}</span>'
    return (f'<span class="reactions"><button type="button" class="chip react-open" '
            f'data-act="reactions" aria-expanded="{"true" if s.reacting else "false"}" '
            f'title="{_("Quick reactions")}">{reaction_svg("😄")}'
            f'<span class="sr-only">{_("Quick reactions")}</span></button>{row}</span>')


# each session's log lines as drawn: what they were said for (the language, the game, the
# seat, the names, the hand), the hand's events, each event's (seat, words), and each line's
# HTML by (event, new since the person last looked)
_LOGS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _log(s: Session, new_from: int) -> str:
    """This hand's log, in the game's words. A line once drawn is kept, so a drawing puts
    in words only the moves since the last one (a tile hand's log runs to a hundred lines
    and more: all of them said again at each move cost more than the rest of the table)."""
    g = s.game
    events = g.events_for(s.human)
    key = (language(), g.variant.name, s.human, tuple(g.names), g.hand_no)
    kept = _LOGS.get(s)
    if kept is None or kept[0] != key or events[:len(kept[1])] != kept[1]:
        kept = _LOGS[s] = [key, (), [], {}]             # (another hand, a move taken back …)
    lines, items = kept[2], kept[3]
    if len(lines) < len(events):
        lines.extend(s.log_lines(len(lines)))
        kept[1] = events
    said = words_for(g.variant).html_kept
    out = []
    for i, (seat, text) in enumerate(lines):
        new = i >= new_from
        li = items.get((i, new))
        if li is None:
            li = items[i, new] = said(
                f'<li class="{"new" if new else ""} seat-{seat if seat >= 0 else "t"}'
                f'{" mine" if seat == s.human else ""}">{pretty_text(text)}</li>')
        out.append(li)
    this = THIS_HAND.get(g.variant.hand_word, THIS_HAND["hand"])
    return f'{said(f"<h2>{_(this)}</h2>")}<ol id="log-list">{"".join(out)}</ol>'


@in_game_words
def announcement(s: Session, since: int) -> str:
    """The moves since log line ``since``, as plain words for the screen readers' live
    region."""
    said = words_for(s.game.variant).plain
    return " ".join(said(text) for _, text in s.log_lines(since))


def skip_bots() -> str:
    return (f'<button type="button" class="chip skip-bots" data-act="skip-bots" title="'
            f'{_("The computer players move at once until your turn (key S)")}">'
            f'{_("Skip to my turn")}</button>')


def _status(s: Session, v, thinking: bool) -> str:
    """Whose move it is and what to do; while the computer players move, a way to skip to
    the person's turn."""
    out = s.table.status(s, v, thinking or _presence(s, v.turn) == "here")
    taken = getattr(s, "seat_taken", None)
    if taken is not None and 0 <= taken < len(s.game.names):
        # (the host's page: a leaked link or code would take a seat silently)
        who = esc(s.game.names[taken])
        return (f'<b>{_("Another device has just taken the seat of {who}.", who=who)}</b> '
                f'<button type="button" class="chip" data-act="refuse-seat:{taken}">'
                f'{_("Refuse it: a new link for {who}", who=who)}</button> '
                f'<button type="button" class="chip" data-act="keep-seat:{taken}">'
                f'{_("It is {who}", who=who)}</button>')
    if v.turn in s.away and v.turn not in s.levels and v.phase in BOT_PHASES \
            and getattr(s, "outbox", None) is not None:       # (a friend's page)
        return _("Waiting for {who} to come back to the table.",
                 who=esc(s.game.names[v.turn]))
    if v.turn in s.away and v.turn not in s.levels and v.phase in BOT_PHASES:
        # a friend not connected: how long, and a computer player to stand in
        who = esc(s.game.names[v.turn])
        return (f'{_("Waiting for {who} to join the table (Friends).", who=who)} '
                f'<span class="away-clock">{esc(s.away_clock)}</span> '
                f'<button type="button" class="chip" data-act="stand-in:{v.turn}">'
                f'{_("Let the computer play for {who}", who=who)}</button>')
    if s.bot_to_move() and not s.needs_handover() and v.phase in BOT_PHASES \
            and v.turn in s.levels:                      # (a bot's: not a friend's)
        out += f" {skip_bots()}"
    return out


def _actions(s: Session, choices) -> str:
    if not s.human_to_move():
        return ""
    out = []
    reasons = {}
    for c in choices:
        live = c.action or c.dialog
        dis = "" if live else " disabled"
        cls = "primary" if live and c.name in ("knock", "big_gin", "meld", "layoff",
                                               "contract", "rescue") \
            else "go" if live else ""
        if c.name in ("declare", "show", "rejoin") and c.action:
            cls = "primary"
        elif c.name == "drop" and c.action:
            cls = "warn"
        if c.style and live:
            cls = c.style
        out.append(f'<button type="button" class="btn {cls}" data-act="btn:{c.name}"{dis}>'
                   f'{esc(c.label)}</button>')
        if c.reason:
            reasons[c.name] = c.reason
    # the one reason worth reading: with one card selected, why it cannot be discarded
    order = ("discard", "layoff", "knock", "meld", "declare") if len(s.selected) == 1 else \
        ("meld", "layoff", "discard", "knock", "declare")
    first = next((reasons[n] for n in order if n in reasons), next(iter(reasons.values()), ""))
    # (the line is there when empty too: the hand above it does not move)
    # (a phone cuts it to its line: a tap on it shows it whole, static/style.css)
    why = (f'<p class="why" tabindex="-1" title="{esc(plain_text(first))}"><span>'
           f'{pretty_text(first)}</span></p>' if first else '<p class="why"></p>')
    hint = (f'<button type="button" class="btn ghost hint-btn" data-act="hint" '
            f'title="{esc(_(HINT_TITLE))}">{_("Hint")}</button>')
    undo = (f'<button type="button" class="btn ghost undo-btn" data-act="undo" title="'
            f'{_("Take back your last meld, lay-off or rearrangement of this turn (key U)")}"'
            f'{"" if s.can_undo() else " disabled"}>{_("Undo")}</button>')
    return f'<div class="act-row">{"".join(out)}{hint}{undo}</div>{why}'


HINT_TITLE = N_("The Expert's move, and why (key I)")


def hint_line(hint) -> str:
    """The hint's one line, as the table's message shows it."""
    return _("Hint: {hint}", hint=hint.text)


def update_note() -> str:
    """A new version is ready, during a hand: said for a moment, never offered."""
    return (f'<div class="update-note" role="status"><span><b>'
            f'{_("A new version of rami is ready.")}</b> '
            f'{_("It will be offered when this hand ends.")}</span><button type="button" '
            f'class="close" data-act="update-hide" aria-label="{_("Hide this note")}">×'
            f'</button></div>')


@in_game_words
def summary_html(s: Session, v=None, update: bool = False) -> str:
    """The end of a hand or of the match, over the table (with a new version's offer)."""
    v = v or s.view()
    hands, button, cls = s.table.summary(s, v)
    if getattr(s, "outbox", None) is None and s.game.results:    # (not a friend's copy)
        button = (f'<button type="button" class="btn" data-act="share" id="share">'
                  f'{_("Share this hand")}</button>') + button
    if s.game.results and s.human in s.humans and getattr(s, "practice_of", None) is None:
        # (a friend's page too: the host works its review out)
        button = (f'<button type="button" class="btn" data-act="review" id="review-hand">'
                  f'{_("Review this hand")}</button>') + button
    if getattr(s, "practice_of", None) is not None:   # a deal played again: one hand only
        button = (f'<button type="button" class="btn" data-act="review" id="review-hand">'
                  f'{_("Review this hand")}</button>' if s.human in s.humans else "") + (
            f'<button type="button" class="btn" data-act="replay-deal">'
            f'{_("Play this deal again")}</button>'
            f'<button type="button" class="btn primary" data-act="back-to-match">'
            f'{_("Back to the match")}</button>')
    return _summary_frame(s, v, hands, update_offer() + button if update else button, cls)


@in_game_words
def share_html(s: Session, shared: dict) -> str:
    """*Share this hand*: the board for a page, the link, and (when it gives nothing away)
    the whole match as a file."""
    st = s.game
    whole = st.phase == Phase.MATCH_OVER or (len(s.humans) == 1 and not s.friends)
    download = (f"""<h3>{_("The whole match")}</h3>
    <p>{_("A text file that replays every hand: open it in a terminal with {command}.",
          command="<code>python -m rami replay FILE</code>")}</p>
    <p><button type="button" class="btn" data-act="download-match" id="download-match">{
        _("Download the match")}</button></p>""" if whole else "")
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="share-title">
  <div class="summary share-panel" id="share-panel">{close_x()}
  <h2 id="share-title">{_("Share this hand")}</h2>
  <p class="share-what">{esc(shared["title"])}: {_("step through it as you saw it; the others' "
                                                  "cards show when the hand's end shows them.")}</p>
  <label class="share-field"><span>{_("A link to the hand")}</span>
    <span class="friend-row"><input readonly id="share-link" value="{esc(shared["link"])}">
    <button type="button" class="btn small" data-act="copy-share:link">{_("Copy")}</button>
    <a class="btn small" href="{esc(shared["link"])}" target="_blank" rel="noopener">{
        _("Open")}</a></span></label>
  <label class="share-field"><span>{_("The board for your own page (HTML)")}</span>
    <span class="friend-row"><textarea readonly id="share-html" rows="4" spellcheck="false">{
        esc(shared["html"])}</textarea>
    <button type="button" class="btn small" data-act="copy-share:html">{_("Copy")}</button></span></label>
  {download}
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">{_("Close")}</button></div>
  </div></div>"""


def confirm_html(text: str, name: str, label: str) -> str:
    """Ask before a move that cannot be taken back (dropping, declaring)."""
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="confirm-text">
  <div class="summary confirm" id="confirm"><p id="confirm-text">{pretty_text(text)}</p>
  <div class="sum-go"><button type="button" class="btn" data-act="close">{_("Cancel")}</button>
  <button type="button" class="btn primary" data-act="confirm:{esc(name)}" id="confirm-go">
  {esc(label)}</button></div></div></div>"""


def _summary_frame(s: Session, v, hands: str, button: str, cls: str = "summary") -> str:
    """The end of a hand or of the match: the headline and its lines, every hand, the match's
    final lines, the scoreboard, and what comes next."""
    over = v.phase == Phase.MATCH_OVER
    res = s.game.results[-1] if s.game.results else {}
    lines = "".join(f"<li>{pretty_text(line)}</li>" for line in result_words(res, "lines"))
    final = ""
    if over and v.final:
        final = (f"<h3>{_('The match')}</h3><ul class='lines'>"
                 + "".join(f"<li>{pretty_text(line)}</li>"
                           for line in result_words(v.final, "lines"))
                 + "</ul>")
    head = result_words(v.final or {}) if over else result_words(res)
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="sum-title">
  <div class="{cls}" id="summary">
    <h2 id="sum-title">{esc(head)}</h2>
    <ul class="lines">{lines}</ul>
    <div class="sum-hands">{hands}</div>
    {final}
    {scoreboard_html(s)}
    <div class="sum-go">{button}</div>
  </div></div>"""


def scoreboard_html(s: Session) -> str:
    """Every finished hand's points per player, and the running totals."""
    st = s.game
    sides = sorted(set(st.teams)) if st.teams else list(range(st.n))
    head = "".join(f'<th scope="col">{esc(_side_name(s, side))}</th>' for side in sides)
    fmt = st.options.get("format", "")
    limit = {"pool101": 101, "pool201": 201, "pool61": 61}.get(fmt)
    rejoins = (st.extra.get("match") or {}).get("rejoined", []) if limit else []
    rows = ""
    running = [0] * len(sides)
    for k, r in enumerate(st.results, 1):
        pts = r.get("points", [0] * st.n)
        per_side = [sum(p for seat, p in enumerate(pts) if st.side(seat) == side)
                    for side in sides]
        cells = ""
        for side, p in zip(sides, per_side):
            was_out = limit is not None and running[side] >= limit
            running[side] += p
            if was_out:
                cells += f"<td class='out'>{_('out')}</td>"
            elif limit is not None and running[side] >= limit:
                cells += (f"<td class='elim' title='"
                          f"{esc(_('eliminated at {points}', points=running[side]))}'>{p}</td>")
            else:
                cells += f"<td>{p}</td>"
        rows += (f"<tr><td>{r.get('hand', '')}</td>{cells}"
                 f"<td class='how'>{esc(result_words(r))}</td></tr>")
        for rj in rejoins:
            if rj["after"] == k:
                running[rj["seat"]] = rj["score"]
                rows += (f"<tr class='rejoin'><td></td><td colspan='{len(sides)}'>"
                         f"{_('{who} rejoins at {points}', who=esc(st.names[rj['seat']]), points=rj['score'])}"
                         f"</td><td></td>"
                         "</tr>")
    totals = "".join(
        f"<td class='{'out' if limit and st.scores[side] >= limit else ''}'>"
        f"<b>{st.scores[side]}</b></td>" for side in sides)
    caption = _("Scoreboard")
    if limit:
        caption = _("Scoreboard · pool {limit}: a player reaching {limit} is out", limit=limit)
    elif fmt == "deals":
        caption = _("Scoreboard · {count} deals, lowest total wins", count=st.options['deals'])
    word = _(HAND_COLUMN.get(st.variant.hand_word, HAND_COLUMN["hand"]))
    return f"""<table class="scoreboard"><caption>{esc(caption)}</caption>
    <thead><tr><th scope="col">{word}</th>{head}<th scope="col">{_("How it went")}</th></tr>
    </thead><tbody>{rows}</tbody><tfoot><tr><td>{_("Total")}</td>{totals}<td></td></tr>
    </tfoot></table>"""


@in_game_words
def scores_html(s: Session) -> str:
    """The scoreboard on its own, over the table (the Scores button)."""
    return (f'<div class="overlay" role="dialog" aria-modal="true" aria-label="{_("Scores")}">'
            f'<div class="summary scores">{scoreboard_html(s)}<div class="sum-go">'
            f'<button type="button" class="btn primary" data-act="close">{_("Close")}</button>'
            f'</div></div></div>')


def _side_name(s: Session, side: int) -> str:
    st = s.game
    seats = [seat for seat in range(st.n) if st.side(seat) == side]
    return join(st.names[seat] for seat in seats)


def help_html(table: Table | None = None) -> str:
    """The keys of the table being played (or the shared ones), and its mouse tips."""
    table = table or table_for("basic")
    move = [k for k in table.help_keys if k[0].startswith("Shift")] or \
        [("Shift + ← →", N_("move the focused card in your hand"))]
    keys = ([("← →", N_("move between your cards")), (N_("Space / Enter"), N_("select a card"))]
            + move + [k for k in table.help_keys if not k[0].startswith("Shift")]
            + [("H", N_("go to your hand")), ("I", N_("a hint: the Expert's move, and why")),
               ("U / Ctrl+Z", N_("undo your last meld, lay-off or rearrangement this turn")),
               ("S", N_("skip to your turn: the computer players move at once")),
               ("Esc", N_("clear the selection, close a dialog")),
               ("?", N_("this help"))])
    with pieces(table.unit == "tile"):
        rows = "".join(f"<tr><th><kbd>{esc(_(k) if ' ' in k and k[0].isalpha() else k)}"
                       f"</kbd></th><td>{esc(_(t))}</td></tr>" for k, t in keys)
        tip = _(table.help_tip)
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="help-title">
  <div class="summary help"><h2 id="help-title">{_("Playing with the keyboard")}</h2>
  <table>{rows}</table>
  <p>{esc(tip)}</p>
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">{_("Close")}
  </button></div></div></div>"""


FRIEND_STATES = {"making": N_("making the link…"),
                 "waiting": N_("waiting for the friend's answer code"),
                 "connected": N_("connected"),
                 "closed": N_("gone: the seat waits for them, with a new link")}


def friends_html(s: Session, host, code_url: str = "#code=", scan: bool = False) -> str:
    """The host's panel: each friend's seat, its join link, and where its answer code goes
    (pasted, or scanned where the page may use a camera: ``scan``); and, once the host chose
    codes, each seat's code (``code_url``: its link, but the code)."""
    rows = []
    for seat in s.friends:
        inv = host.invites[seat]
        state = _(FRIEND_STATES[inv.state]) if inv.state in FRIEND_STATES else ""
        steps = ""
        if inv.state in ("waiting", "closed") and inv.url:
            steps = f"""
      <label><span>{_("1. Send this link to the friend at this seat")}</span>
        <span class="friend-row"><input readonly value="{esc(inv.url)}" id="link-{seat}"
          aria-label="{_("Join link of {name}", name=esc(host.room.name(seat)))}">
        <button type="button" class="btn small" data-act="copy-link:{seat}">{_("Copy")}</button></span></label>{
        f'<figure class="qr">{inv.qr}<figcaption>{_("Or let them scan it")}</figcaption></figure>'
        if inv.qr.startswith("<svg") else ""}
      <label><span>{_("2. Paste the code their page shows")}</span>
        <span class="friend-row"><textarea rows="2" id="answer-{seat}" spellcheck="false"
          autocomplete="off"></textarea>
        <button type="button" class="btn small primary" data-act="answer:{seat}">{_("Connect")}</button></span></label>{
        f'<p class="scan-row"><button type="button" class="btn small" data-act="scan:{seat}">'
        f'{_("Or scan the QR code on their screen")}</button></p>' if scan else ""}"""
        if host.room.by_code and inv.state != "connected":
            code = host.room.token(seat)
            steps += f"""
      <div class="by-code"><span>{_("Or, over the internet: they open rami, choose “Join a "
                                    "friend's table” and type this code")}</span>
        <span class="friend-row"><output class="seat-code" id="code-{seat}">{
            esc(show_code(code))}</output>
        <input readonly value="{esc(code_url + code)}" id="codelink-{seat}" aria-label="{
            _("Code link of {name}", name=esc(host.room.name(seat)))}">
        <button type="button" class="btn small" data-act="copy-codelink:{seat}">{
            _("Copy the link")}</button></span></div>"""
        problem = f'<p class="friend-problem" role="alert">{esc(inv.problem)}</p>' \
            if inv.problem else ""
        rows.append(f"""<li class="friend friend-{inv.state}" data-seat="{seat}">
      <h3>{esc(host.room.name(seat))} <small class="friend-state">{esc(state)}</small></h3>{steps}{problem}</li>""")
    if host.room.by_code:
        said = _("Codes are on: this page waits for each friend at public relays (Nostr), "
                 "which only pass on how to connect; the game goes straight between the "
                 "devices.")
        codes = f'<p class="friends-how">{said}</p>'
    else:
        said = _("Friends on another network, or far away? Codes work over the internet: the "
                 "pages find each other through public relays (Nostr), which only pass on how "
                 "to connect.")
        codes = (f'<p class="friends-how">{said} <button type="button" class="btn small" '
                 f'data-act="use-codes">{_("Use codes over the internet")}</button></p>')
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="friends-title">
  <div class="summary friends-panel" id="friends">{close_x()}
  <h2 id="friends-title">{_("Friends at this table")}</h2>
  <p class="friends-how">{_("Each friend plays from their own device, with no server: the link holds "
                             "this page's address, and their page answers with a code for you to "
                             "paste. On one network no internet is needed.")}</p>{codes}
  <ol class="friends">{"".join(rows)}</ol>
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">{_("Close")}</button></div>
  </div></div>"""


def join_html(remote) -> str:
    """A friend's page, opened from a join link: a name, then the code for the host."""
    back = (f'<button type="button" class="btn ghost" data-act="join-back">{_("Back")}</button>'
            if remote.by_code else "")
    if remote.state in ("name", "making"):
        busy = remote.state == "making"
        problem = f'<p class="friend-problem" role="alert">{esc(remote.problem)}</p>' \
            if remote.problem else ""
        typed = ""
        if remote.by_code:
            lead = _("Type the code the host gives you for your seat.")
            typed = f"""
    <label><span>{_("The seat's code")}</span>
      <input id="join-typed" maxlength="40" value="{esc(show_code(remote.guest.token))}"
        autocomplete="off" autocapitalize="characters" spellcheck="false"
        placeholder="7KQ3 M2XF 9D4A" class="code-input"></label>"""
        else:
            lead = _("A friend has invited you to a table of rami.")
        body = f"""<p class="join-lead">{lead}</p>{problem}
    <label><span>{_("Your name")}</span>
      <input id="join-name" maxlength="16" value="{esc(remote.name)}" autocomplete="nickname"></label>{typed}
    <div class="lobby-go">{back}<button type="button" class="btn primary big" data-act="join-go"
      id="join-go"{" disabled" if busy else ""}>{_("Take my seat")}</button></div>"""
    elif remote.state == "meeting":
        body = f"""<p class="join-lead join-wait">{_("Looking for the host's table over the "
                                                   "internet…")}</p>
    <p>{_("The host's page must be open, with codes on. This can take a few seconds.")}</p>
    <p>{_("The seat's code")} <output class="seat-code">{esc(show_code(remote.guest.token))}</output></p>
    <div class="lobby-go">{back}</div>"""
    elif remote.state == "answer":
        body = f"""<p class="join-lead">{_("Send this code back to the host, who pastes it in their "
                                          "Friends panel, or show them this screen: their "
                                          "camera can read the QR code below.")}</p>
    <textarea readonly id="join-code" rows="5" spellcheck="false"
      aria-label="{_("Your answer code")}">{esc(remote.code)}</textarea>{
        f'<figure class="qr">{remote.qr}</figure>' if remote.qr.startswith("<svg") else ""}
    <div class="lobby-go"><span class="join-wait">{_("Waiting for the host…")}</span>
      <button type="button" class="btn primary" data-act="copy-code">{_("Copy the code")}</button></div>"""
    elif remote.state == "connected":
        body = f"""<p class="join-lead join-wait">{_("Connected: the table is on its way…")}</p>"""
    else:
        body = f"""<p class="join-lead">{_("The connection to the host has closed. Ask the host for the new link "
                         "of your seat: your seat is kept.")}</p>"""
    return f"""<main class="lobby join" id="join">
  <div class="lobby-card join-card">
  <h1 class="brand">rami</h1>
  {body}
  </div>
</main>"""
