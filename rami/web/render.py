"""The page as HTML text, from a :class:`~rami.web.session.Session` (pure Python).

The browser layer (:mod:`rami.web.app`) puts these strings into the page and turns clicks
into actions. Every clickable element carries a ``data-act`` attribute naming what it does
(``draw``, ``take``, ``card:3``, ``meld:0``, ``btn:discard``, ``sort:rank`` …), so one
delegated listener serves the whole table.
"""

from __future__ import annotations

from html import escape

from ..cards import Card
from ..state import Phase
from ..variants import find_variant, variant_names
from .session import BOT_PHASES, LEVEL_NAMES, Session
from .svg import back_svg, card_svg

PACES = (("slow", "Slow", 1.6), ("normal", "Normal", 0.9), ("fast", "Fast", 0.35),
         ("instant", "Instant", 0.0))
VARIANT_BLURBS = {
    "gin": "Two players, ten cards. Knock with 10 or less deadwood, or go gin.",
    "basic": "Two to six players. Meld sets and runs, lay off, and be first to go out.",
}


def esc(x) -> str:
    return escape(str(x))


def face(card: Card, cls: str = "", attrs: str = "") -> str:
    return f'<span class="card {cls}" {attrs}>{card_svg(card)}</span>'


def pace_seconds(pace: str) -> float:
    return next((s for k, _, s in PACES if k == pace), 0.9)


# -- the lobby ----------------------------------------------------------------------------
def lobby_html(form: dict, notice: str = "", can_resume: bool = False) -> str:
    """The start screen: variant, players, each bot's level, house rules, your name."""
    var = find_variant(form["variant"])
    tabs = "".join(
        f'<button type="button" class="variant-tab{" on" if find_variant(v) is var else ""}" '
        f'data-act="variant:{v}" aria-pressed="{str(find_variant(v) is var).lower()}">'
        f'<b>{esc(find_variant(v).title)}</b><small>{esc(VARIANT_BLURBS.get(v, ""))}</small>'
        f'</button>' for v in variant_names() if v in VARIANT_BLURBS)
    n = form["players"]
    players = "".join(f'<option value="{k}"{" selected" if k == n else ""}>{k} players</option>'
                      for k in range(var.min_players, var.max_players + 1))
    seats = "".join(
        f'<label class="seat-level">{esc(form["bot_names"][i])}'
        f'<select data-field="level:{i}">'
        + "".join(f'<option value="{lv}"{" selected" if form["levels"][i] == lv else ""}>'
                  f'{LEVEL_NAMES[lv]}</option>' for lv in ("heuristic", "random"))
        + '</select></label>' for i in range(n - 1))
    opts = "".join(_option_input(o, form["options"].get(o.name, o.default))
                   for o in var.OPTIONS)
    notice_html = f'<div class="notice" role="alert">{esc(notice)}</div>' if notice else ""
    n_changed = sum(form["options"].get(o.name, o.default) != o.default for o in var.OPTIONS)
    changed = (f"{n_changed} changed from the rule book" if n_changed else
               "the rule book's defaults")
    resume = ('<button type="button" class="btn ghost" data-act="resume">Back to the game'
              '</button>') if can_resume else ""
    return f"""
<main class="lobby" id="lobby">
  <div class="lobby-card">
    <h1 class="brand">rami<span>the rummy table</span></h1>
    {notice_html}
    <div class="variant-tabs" role="group" aria-label="Game">{tabs}</div>
    <div class="lobby-grid">
      <label>Your name <input data-field="name" maxlength="16" value="{esc(form["name"])}"
        autocomplete="nickname"></label>
      <label>Players <select data-field="players">{players}</select></label>
    </div>
    <fieldset class="bots"><legend>Opponents</legend>{seats}</fieldset>
    <details class="house"{" open" if form.get("rules_open") else ""}>
      <summary>House rules <small>{esc(changed)}</small></summary>
      <div class="opts">{opts}</div></details>
    <div class="lobby-go">{resume}
      <button type="button" class="btn primary big" data-act="start" id="start">Deal the cards
      </button></div>
  </div>
</main>"""


def _option_input(opt, value) -> str:
    name = esc(opt.name)
    label = f'<span class="opt-name">{name.replace("_", " ")}</span>' \
            f'<small>{esc(opt.help)}</small>'
    if isinstance(opt.default, bool):
        checked = " checked" if value else ""
        return (f'<label class="opt opt-bool"><input type="checkbox" data-opt="{name}"'
                f'{checked}> {label}</label>')
    if opt.choices:
        choices = "".join(f'<option value="{esc(c)}"{" selected" if c == value else ""}>'
                          f'{esc(c)}</option>' for c in opt.choices)
        return f'<label class="opt">{label}<select data-opt="{name}">{choices}</select></label>'
    return (f'<label class="opt">{label}<input type="number" min="0" data-opt="{name}" '
            f'value="{esc(value)}"></label>')


# -- the table ----------------------------------------------------------------------------
def table_html(s: Session, pace: str = "normal", message: str = "", thinking: bool = False,
               new_log_from: int = 0) -> str:
    """The whole table for the person's seat."""
    v = s.view()
    st = s.state
    opponents = "".join(_seat_html(s, v, seat) for seat in _around(st.n, s.human))
    choices = s.choices()                  # once per drawing: the piles and buttons share it
    can = {c.name for c in choices if c.action}
    return f"""
<div class="table variant-{esc(v.variant)}" id="table" data-phase="{v.phase.value}"
  data-turn="{v.turn}" data-hand="{v.hand_no}">
  {_topbar(s, v, pace)}
  <section class="opponents" aria-label="Opponents">{opponents}</section>
  <section class="felt" aria-label="Table">
    <div class="piles">{_stock(v, "draw" in can)}{_discard(v, "take" in can)}</div>
    <div class="status" id="status" role="status" aria-live="polite">{_status(s, v, thinking)}</div>
    <div class="melds" id="melds">{_melds(s, v)}</div>
  </section>
  {_log(s, new_log_from)}
  <section class="me{' my-turn' if s.human_to_move() else ''}" aria-label="Your hand">
    <div class="me-head"><span class="me-name">{esc(st.names[s.human])}</span>
      <span class="me-score">{_score_text(s, s.human)}</span>{_deadwood(s)}
      <span class="sorts" role="group" aria-label="Sort your hand">Sort
        <button type="button" class="chip" data-act="sort:suit" title="Sort by suit">suit</button>
        <button type="button" class="chip" data-act="sort:rank" title="Sort by rank">rank</button>
        <button type="button" class="chip" data-act="sort:melds" title="Melds first">melds</button>
      </span></div>
    {_hand(s)}
    <div class="actions" id="actions">{_actions(s, choices)}</div>
    <div class="message{' show' if message else ''}" id="message" role="alert">{esc(message)}</div>
  </section>
  {_summary(s, v) if v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) else ""}
</div>"""


def _around(n: int, me: int) -> list[int]:
    return [(me + k) % n for k in range(1, n)]


def _score_text(s: Session, seat: int) -> str:
    st = s.state
    return f"{st.scores[st.side(seat)]} pts"


def _topbar(s: Session, v, pace: str) -> str:
    st = s.state
    target = st.options.get("target")
    hands = st.options.get("hands")
    goal = f"of {hands}" if hands else (f"· game to {target}" if target else "")
    paces = "".join(f'<option value="{k}"{" selected" if k == pace else ""}>{label}</option>'
                    for k, label, _ in PACES)
    return f"""<header class="topbar">
    <span class="brand small">rami</span>
    <span class="game-title">{esc(st.variant.title)}
      <small>hand {v.hand_no + 1} {esc(goal)}</small></span>
    <label class="pace" title="How fast the computer players move">Pace
      <select data-field="pace" id="pace">{paces}</select></label>
    <button type="button" class="btn ghost small" data-act="scores">Scores</button>
    <button type="button" class="btn ghost small" data-act="lobby">New game</button>
    <button type="button" class="btn ghost small" data-act="help"
      aria-label="Keyboard help">?</button>
  </header>"""


def _seat_html(s: Session, v, seat: int) -> str:
    st = s.state
    n = v.hand_counts[seat]
    show = v.revealed.get(seat)
    turn = " turn" if seat == v.turn and v.phase in BOT_PHASES else ""
    dealer = '<span class="dealer" title="Dealer">D</span>' if seat == v.dealer else ""
    if show is not None:
        cards = "".join(face(c, "mini") for c in show)
    else:
        shown = min(n, 13)
        cards = "".join(f'<span class="card mini">{back_svg()}</span>' for _ in range(shown))
    level = LEVEL_NAMES.get(s.levels.get(seat, ""), "")
    return f"""<div class="seat{turn}" data-seat="{seat}">
      <div class="seat-head"><span class="avatar">{esc(st.names[seat][:1])}</span>
        <span class="seat-name">{esc(st.names[seat])}</span>{dealer}
        <span class="seat-level-tag">{level}</span></div>
      <div class="backs" style="--n:{max(n, 1)}">{cards}</div>
      <div class="seat-foot"><span class="count">{n} card{'s' if n != 1 else ''}</span>
        <span class="seat-score">{_score_text(s, seat)}</span></div>
    </div>"""


def _stock(v, can: bool) -> str:
    n = v.stock_count
    pile = (f'<span class="card">{back_svg()}</span>' if n else
            '<span class="card empty-slot"></span>')
    return (f'<button type="button" class="pile stock{" can" if can else ""}" data-act="draw" '
            f'aria-label="Stock, {n} cards{", draw" if can else ""}">{pile}'
            f'<span class="pile-label">Stock · {n}</span></button>')


def _discard(v, can: bool) -> str:
    top = v.top_discard
    under = (f'<span class="card under">{card_svg(v.discard[-2])}</span>'
             if len(v.discard) > 1 else "")
    card = face(top, "top") if top else '<span class="card empty-slot"></span>'
    label = f"Discard pile, {v.discard_count} cards" + (f", top {top.name()}" if top else "")
    return (f'<button type="button" class="pile discard{" can" if can else ""}" data-act="take" '
            f'aria-label="{esc(label)}">{under}{card}'
            f'<span class="pile-label">Discard · {v.discard_count}</span></button>')


def _status(s: Session, v, thinking: bool) -> str:
    st = s.state
    names = st.names
    if v.phase == Phase.MATCH_OVER:
        return f"<b>Match over.</b> {esc((v.final or {}).get('headline', ''))}"
    if v.phase == Phase.HAND_OVER:
        return f"<b>Hand over.</b> {esc(st.results[-1]['headline'] if st.results else '')}"
    who = names[v.turn]
    knocker = v.info.get("knocker")
    if s.human_to_move():
        top = v.top_discard.pretty() if v.top_discard else ""
        text = {
            Phase.UPCARD: f"Your turn: take the upcard {top} or pass.",
            Phase.DRAW: f"Your turn: draw from the stock or take the {top}." if top
            else "Your turn: draw from the stock.",
            Phase.PLAY: ("Your turn: discard a card, or knock if your deadwood is low enough."
                         if st.variant.knocks else
                         "Your turn: meld, lay off, then discard a card."),
            Phase.LAYOFF: f"{esc(names[knocker]) if knocker is not None else 'Your opponent'} "
                          "knocked. Lay off what fits on the knocker's melds, then press Done.",
        }[v.phase]
        return f"<b>{text}</b>"
    doing = {Phase.UPCARD: "is deciding on the upcard", Phase.DRAW: "is about to draw",
             Phase.PLAY: "is playing", Phase.LAYOFF: "is laying off"}[v.phase]
    dots = '<span class="dots"><i></i><i></i><i></i></span>' if thinking else ""
    return f"{esc(who)} {doing}{dots}"


def _melds(s: Session, v) -> str:
    if not v.table:
        return '<p class="no-melds">No melds on the table yet.</p>'
    targets = {a.meld for a in s.layoff_targets()}
    names = s.state.names
    groups: dict[int, list[str]] = {}
    for i, tm in enumerate(v.table):
        cards = []
        for c, by in zip(tm.meld.cards, tm.played_by):
            mark = (f'<span class="by" title="laid off by {esc(names[by])}">{esc(names[by][:1])}'
                    f'</span>') if by != tm.owner else ""
            cards.append(f'<span class="card small{" laid" if mark else ""}">'
                         f'{card_svg(c)}{mark}</span>')
        cls = " target" if i in targets else ""
        desc = esc(tm.meld.describe())
        groups.setdefault(tm.owner, []).append(
            f'<button type="button" class="meld{cls}" data-act="meld:{i}" data-meld="{i}" '
            f'aria-label="Meld {i + 1}: {desc}, laid by {esc(names[tm.owner])}">'
            f'<span class="meld-no">{i + 1}</span>{"".join(cards)}</button>')
    return "".join(
        f'<div class="meld-group"><div class="meld-owner">'
        f'{"Your" if owner == s.human else esc(names[owner]) + "&rsquo;s"} melds</div>'
        f'<div class="meld-row">{"".join(ms)}</div></div>'
        for owner, ms in sorted(groups.items(), key=lambda kv: kv[0] != s.human))


def _log(s: Session, new_from: int) -> str:
    lines = s.log_lines()
    items = "".join(
        f'<li class="{"new" if i >= new_from else ""} seat-{seat if seat >= 0 else "t"}'
        f'{" mine" if seat == s.human else ""}">{_pretty_text(text)}</li>'
        for i, (seat, text) in enumerate(lines))
    return f"""<aside class="log" aria-label="What happened">
    <h2>This hand</h2><ol id="log-list">{items}</ol></aside>"""


def _pretty_text(text: str) -> str:
    """Card codes in log words shown with suit symbols (``7h`` → ``7♥``)."""
    out = []
    for word in esc(text).split(" "):
        core = word.rstrip(".,;:)")
        tail = word[len(core):]
        try:
            c = Card.parse(core) if 2 <= len(core) <= 3 and core[-1] in "shdc" else None
        except ValueError:
            c = None
        if c is not None and not c.is_tile:
            red = " red" if c.suit in "hd" else ""
            out.append(f'<span class="cardtext{red}">{esc(c.pretty())}</span>{tail}')
        else:
            out.append(word)
    return " ".join(out)


def _deadwood(s: Session) -> str:
    d = s.deadwood()
    return "" if d is None else f'<span class="deadwood" title="Least deadwood">deadwood {d}</span>'


def _hand(s: Session) -> str:
    cards = s.cards()
    sel = set(s.selected)
    my = s.human_to_move()
    items = []
    for pos, c in enumerate(cards):
        cls = " sel" if pos in sel else ""
        if s.fresh == s.order[pos] and my:
            cls += " fresh"
        items.append(
            f'<button type="button" class="card hand-card{cls}" data-act="card:{pos}" '
            f'data-pos="{pos}" data-card="{c}" aria-pressed="{str(pos in sel).lower()}" '
            f'aria-label="{esc(c.name())}">{card_svg(c)}</button>')
    return (f'<div class="hand" id="hand" role="group" aria-label="Your cards" '
            f'style="--n:{max(len(cards), 1)}">{"".join(items)}</div>')


def _actions(s: Session, choices) -> str:
    if not s.human_to_move():
        return ""
    out = []
    reasons = {}
    for c in choices:
        dis = "" if c.action else " disabled"
        cls = "primary" if c.action and c.name in ("knock", "big_gin", "meld", "layoff") \
            else "go" if c.action else ""
        out.append(f'<button type="button" class="btn {cls}" data-act="btn:{c.name}"{dis}>'
                   f'{esc(c.label)}</button>')
        if c.reason:
            reasons[c.name] = c.reason
    # the one reason worth reading: with one card selected, why it cannot be discarded
    order = ("discard", "layoff", "knock", "meld") if len(s.selected) == 1 else \
        ("meld", "layoff", "discard", "knock")
    first = next((reasons[n] for n in order if n in reasons), next(iter(reasons.values()), ""))
    why = f'<p class="why">{esc(first)}</p>' if first else ""
    return "".join(out) + why


def _summary(s: Session, v) -> str:
    st = s.state
    over = v.phase == Phase.MATCH_OVER
    res = st.results[-1] if st.results else {}
    lines = "".join(f"<li>{_pretty_text(line)}</li>" for line in res.get("lines", []))
    hands = ""
    points = res.get("points", [0] * st.n)
    for seat in range(st.n):
        groups = []
        for tm in v.table:
            if tm.owner == seat:
                groups.append("".join(
                    f'<span class="card small">{card_svg(c)}'
                    + (f'<span class="by" title="laid off by {esc(st.names[by])}">'
                       f'{esc(st.names[by][:1])}</span>' if by != seat else "")
                    + "</span>" for c, by in zip(tm.meld.cards, tm.played_by)))
        left = v.revealed.get(seat, ())
        if left:
            groups.append('<span class="left-label">in hand</span>'
                          + "".join(face(c, "small") for c in left))
        cards = "".join(f'<span class="sum-group">{g}</span>' for g in groups) \
            or '<i class="none">no cards</i>'
        hands += (f'<div class="sum-hand"><div class="sum-who">{esc(st.names[seat])} '
                  f'<b>{points[seat]:+d}</b></div><div class="sum-cards">{cards}</div></div>')
    final = ""
    if over and v.final:
        final = ("<h3>The match</h3><ul class='lines'>"
                 + "".join(f"<li>{esc(line)}</li>" for line in v.final.get("lines", []))
                 + "</ul>")
    button = ('<button type="button" class="btn primary big" data-act="lobby" id="again">'
              'New match</button>') if over else (
              '<button type="button" class="btn primary big" data-act="next" id="next">'
              'Deal the next hand</button>')
    head = (v.final or {}).get("headline", "") if over else res.get("headline", "")
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="sum-title">
  <div class="summary" id="summary">
    <h2 id="sum-title">{esc(head)}</h2>
    <ul class="lines">{lines}</ul>
    <div class="sum-hands">{hands}</div>
    {final}
    {scoreboard_html(s)}
    <div class="sum-go">{button}</div>
  </div></div>"""


def scoreboard_html(s: Session) -> str:
    """Every finished hand's points per player, and the running totals."""
    st = s.state
    sides = sorted(set(st.teams)) if st.teams else list(range(st.n))
    head = "".join(f"<th>{esc(_side_name(s, side))}</th>" for side in sides)
    rows = ""
    for r in st.results:
        pts = r.get("points", [0] * st.n)
        per_side = [sum(p for seat, p in enumerate(pts) if st.side(seat) == side)
                    for side in sides]
        rows += (f"<tr><td>{r.get('hand', '')}</td>"
                 + "".join(f"<td>{p}</td>" for p in per_side)
                 + f"<td class='how'>{esc(r.get('headline', ''))}</td></tr>")
    totals = "".join(f"<td><b>{st.scores[side]}</b></td>" for side in sides)
    return f"""<table class="scoreboard"><caption>Scoreboard</caption>
    <thead><tr><th>Hand</th>{head}<th></th></tr></thead>
    <tbody>{rows}</tbody><tfoot><tr><td>Total</td>{totals}<td></td></tr></tfoot></table>"""


def scores_html(s: Session) -> str:
    """The scoreboard on its own, over the table (the Scores button)."""
    return ('<div class="overlay" role="dialog" aria-modal="true" aria-label="Scores">'
            f'<div class="summary">{scoreboard_html(s)}<div class="sum-go">'
            '<button type="button" class="btn primary" data-act="close">Close</button>'
            '</div></div></div>')


def _side_name(s: Session, side: int) -> str:
    st = s.state
    seats = [seat for seat in range(st.n) if st.side(seat) == side]
    return " & ".join(st.names[seat] for seat in seats)


def help_html() -> str:
    keys = [("← →", "move between your cards"), ("Space / Enter", "select a card"),
            ("Shift + ← →", "move the selected card in your hand"),
            ("D", "draw from the stock"), ("T", "take the discard"),
            ("M", "meld the selected cards"), ("L", "lay off the selected card"),
            ("X", "discard the selected card"), ("K", "knock (gin)"),
            ("P", "pass on the upcard"), ("N", "done / next hand"), ("Esc", "clear selection")]
    rows = "".join(f"<tr><th><kbd>{esc(k)}</kbd></th><td>{esc(t)}</td></tr>" for k, t in keys)
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-label="Keyboard help">
  <div class="summary help"><h2>Playing with the keyboard</h2><table>{rows}</table>
  <p>Drag a card to rearrange your hand, onto the discard pile to discard it, or onto a meld
  to lay it off. Double-click a card to discard it.</p>
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">Close</button>
  </div></div></div>"""
