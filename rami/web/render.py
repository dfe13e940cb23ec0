"""The page as HTML text, from a :class:`~rami.web.session.Session` (pure Python).

The browser layer (:mod:`rami.web.app`) puts these strings into the page and turns clicks
into actions. Every clickable element carries a ``data-act`` attribute naming what it does
(``draw``, ``take``, ``card:3``, ``meld:0``, ``btn:discard``, ``sort:rank`` …), so one
delegated listener serves the whole table.
"""

from __future__ import annotations

from html import escape

from ..actions import TAKE
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
    "indian": "Two to six players, 13 cards, wild jokers. Group them all and declare; "
              "points, pool or deals.",
    "rum500": "Two to eight players. Take any card of the spread pile, score what you meld; "
              "first to 500. Partnership and Persian too.",
}
LABEL_CLASS = {"pure sequence": "pure", "sequence": "seq", "set": "set", "invalid": "bad",
               "finish slot": "fin"}


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
    return (f'<label class="opt">{label}<input type="number" min="{opt.lo}" max="{opt.hi}" '
            f'data-opt="{name}" value="{esc(value)}"></label>')


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
    <div class="piles">{_stock(v, "draw" in can)}{_wild(v)}{_spread(s, v) if
      st.variant.discard_spread else _discard(v, "take" in can)}</div>
    <div class="status" id="status" role="status" aria-live="polite">{_status(s, v, thinking)}</div>
    <div class="melds" id="melds">{_declared(s, v) if s.grouped else _melds(s, v)}</div>
  </section>
  {_log(s, new_log_from)}
  <section class="me{' my-turn' if s.human_to_move() else ''}" aria-label="Your hand">
    <div class="me-head"><span class="me-name">{esc(st.names[s.human])}</span>
      <span class="me-score">{_score_text(s, s.human)}</span>{_table_pts(v, s.human)}
      {_deadwood(s)}{_my_points(s)}
      {_sorts(s)}</div>
    {_grouped_hand(s) if s.grouped else _hand(s)}
    <div class="actions" id="actions">{_actions(s, choices)}</div>
    <div class="message{' show' if message else ''}" id="message" role="alert">{esc(message)}</div>
  </section>
  {_summary(s, v) if v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) else ""}
</div>"""


def _sorts(s: Session) -> str:
    if s.grouped:
        n = len(s.selected)
        return f"""<span class="sorts" role="group" aria-label="Group your cards">Group
        <button type="button" class="chip" data-act="sort:suit" title="One group per suit">suits
        </button><button type="button" class="chip" data-act="sort:best"
          title="The groups that score the fewest points">best</button>
        <button type="button" class="chip" data-act="group" title="The selected cards make a
          group of their own"{"" if n >= 2 else " disabled"}>new group{f" ({n})" if n >= 2
          else ""}</button></span>"""
    return """<span class="sorts" role="group" aria-label="Sort your hand">Sort
        <button type="button" class="chip" data-act="sort:suit" title="Sort by suit">suit</button>
        <button type="button" class="chip" data-act="sort:rank" title="Sort by rank">rank</button>
        <button type="button" class="chip" data-act="sort:melds" title="Melds first">melds</button>
      </span>"""


def _my_points(s: Session) -> str:
    """Indian rummy: what the person's groups would cost now, and whether they declare."""
    if not s.grouped or s.state.phase not in (Phase.DRAW, Phase.PLAY, Phase.SHOW) \
            or not s.state.hands[s.human]:
        return ""
    st = s.state
    held = len(st.hands[s.human])
    sel = s.selected_cards()
    if held > st.variant.hand_size(st):
        if len(sel) != 1:
            return '<span class="points-now">select the card to discard or finish with</span>'
        judged = s.judged(leave_out=sel[0])
        lead = f"without the {esc(sel[0].pretty())}: "
    else:
        judged = s.judged()
        lead = ""
    if judged.valid:
        return f'<span class="points-now valid">{lead}valid declaration</span>'
    return (f'<span class="points-now" title="{esc(judged.rule)}">{lead}'
            f'{judged.points} points</span>')


def _around(n: int, me: int) -> list[int]:
    return [(me + k) % n for k in range(1, n)]


def _score_text(s: Session, seat: int) -> str:
    st = s.state
    return f"{st.scores[st.side(seat)]} pts"


def _topbar(s: Session, v, pace: str) -> str:
    st = s.state
    target = st.options.get("target")
    hands = st.options.get("hands") or (st.options.get("deals")
                                         if st.options.get("format") == "deals" else None)
    goal = f"of {hands}" if hands else (f"· game to {target}" if target else "")
    fmt = st.options.get("format")
    if fmt and fmt.startswith("pool"):
        goal = f"· pool {fmt[4:]}"
    elif fmt == "points":
        goal = "· points"
    paces = "".join(f'<option value="{k}"{" selected" if k == pace else ""}>{label}</option>'
                    for k, label, _ in PACES)
    return f"""<header class="topbar">
    <span class="brand small">rami</span>
    <span class="game-title">{esc(st.variant.title)}
      <small>{st.variant.hand_word} {v.hand_no + 1} {esc(goal)}</small></span>
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
    partner = len(set(st.teams)) < st.n and st.side(seat) == st.side(s.human)
    if partner:
        level = f"partner · {level}"
    status = v.info.get("status", ())
    tag = status[seat] if seat < len(status) and status[seat] not in ("in",) else ""
    if tag == "away":
        tag = "eliminated"
    out = f'<span class="seat-status s-{esc(tag.split()[-1])}">{esc(tag)}</span>' if tag else ""
    return f"""<div class="seat{turn}{' partner' if partner else ''}{' out' if tag in ('eliminated', 'first drop', 'middle drop',
                                                         'invalid') else ''}" data-seat="{seat}">
      <div class="seat-head"><span class="avatar">{esc(st.names[seat][:1])}</span>
        <span class="seat-name">{esc(st.names[seat])}</span>{dealer}
        <span class="seat-level-tag">{level}</span></div>
      <div class="backs" style="--n:{max(n, 1)}">{cards}</div>
      <div class="seat-foot"><span class="count">{n} card{'s' if n != 1 else ''}</span>{out}
        {_table_pts(v, seat)}<span class="seat-score">{_score_text(s, seat)}</span></div>
    </div>"""


def _table_pts(v, seat: int) -> str:
    """500 Rum: what a seat has on the table this hand (it scores at the hand's end)."""
    pts = v.info.get("table_points")
    if pts is None or v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return ""
    return (f'<span class="table-pts" title="Points on the table this hand">'
            f'table {pts[seat]}</span>')


def short_names(names) -> list[str]:
    """A badge for each seat: its initial, or more where initials clash (Bot 1, Bot 2)."""
    firsts = [n[:1].upper() for n in names]
    out = []
    for seat, n in enumerate(names):
        if firsts.count(firsts[seat]) == 1:
            out.append(firsts[seat])
        else:
            tail = n.split()[-1] if len(n.split()) > 1 else n[-1:]
            out.append((firsts[seat] + tail)[:3])
    if len(set(out)) < len(out):
        out = [str(seat + 1) for seat in range(len(names))]
    return out


def _stock(v, can: bool) -> str:
    n = v.stock_count
    pile = (f'<span class="card">{back_svg()}</span>' if n else
            '<span class="card empty-slot"></span>')
    return (f'<button type="button" class="pile stock{" can" if can else ""}" data-act="draw" '
            f'aria-label="Stock, {n} cards{", draw" if can else ""}">{pile}'
            f'<span class="pile-label">{"Closed deck" if "cut" in v.info else "Stock"} · {n}'
            f'</span></button>')


def _wild(v) -> str:
    """Indian rummy: the cut wild joker, face up beside the closed deck."""
    cut = v.info.get("cut")
    if not cut:
        return ""
    card = Card.parse(cut)
    rank = v.info["wild_rank"]
    words = "aces are jokers" if not card.suit else \
        f"every {RANK_WORDS.get(rank, str(rank))} is a joker"
    return (f'<div class="pile wild" role="img" aria-label="Wild joker {esc(card.name())}: '
            f'{words}"><span class="card">{card_svg(card)}</span>'
            f'<span class="pile-label">Wild joker<br><small>{esc(words)}</small></span></div>')


RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _group_html(cards, label: str, counted=(), attrs: str = "", size: str = "small") -> str:
    """A labelled group of face-up cards (a declaration, a shown hand)."""
    left = list(counted)
    faces = []
    for c in cards:
        mark = ""
        if c in left:
            left.remove(c)
            mark = " counted"
        faces.append(face(c, size + mark))
    return (f'<div class="group g-{LABEL_CLASS.get(label, "bad")}"{attrs}>'
            f'<span class="group-label">{esc(label)}</span>'
            f'<span class="group-cards">{"".join(faces)}</span></div>')


def _declared(s: Session, v) -> str:
    """Indian rummy's middle of the table: the declaration being shown, and what is valid."""
    info = v.info
    names = s.state.names
    d = info.get("declarer")
    if d is not None and v.phase == Phase.SHOW:
        g = info["groups"][str(d)]
        groups = "".join(_group_html([Card.parse(c) for c in cards], label)
                         for cards, label in zip(g["groups"], g["labels"]))
        finish = Card.parse(info["finish"][str(d)])
        return (f'<div class="declared"><div class="meld-owner">'
                f'{"You" if d == s.human else esc(names[d])} declared</div>'
                f'<div class="groups-row">{groups}<div class="group finish">'
                f'<span class="group-label">finish slot</span><span class="group-cards">'
                f'{face(finish, "small")}</span></div></div></div>')
    return ('<p class="no-melds">Group all 13 cards in sequences and sets, with two sequences, '
            'one of them pure, then declare.</p>')


def _grouped_hand(s: Session) -> str:
    """Indian rummy: the person's cards in groups, each labelled live."""
    sel = set(s.selected)
    my = s.human_to_move()
    labels = s.group_labels()
    out = []
    for g, (members, label) in enumerate(zip(s.groups(), labels)):
        cards = [_hand_card(s, pos, sel, my) for pos in members]
        out.append(f'<div class="hand-group g-{LABEL_CLASS[label]}" data-group="{g}" '
                   f'role="group" aria-label="Group {g + 1}: {esc(label)}">'
                   f'<span class="group-label">{esc(label)}</span>'
                   f'<div class="group-cards">{"".join(cards)}</div></div>')
    out.append(f'<div class="hand-group new-group" data-group="{len(labels)}" '
               'aria-hidden="true"><span class="group-label">new group</span>'
               '<div class="group-cards"></div></div>')
    return (f'<div class="hand grouped" id="hand" role="group" aria-label="Your cards" '
            f'style="--n:{max(len(s.order), 1)};--g:{max(len(labels), 1)}">{"".join(out)}</div>')


def _discard(v, can: bool) -> str:
    top = v.top_discard
    under = (f'<span class="card under">{card_svg(v.discard[-2])}</span>'
             if len(v.discard) > 1 else "")
    card = face(top, "top") if top else '<span class="card empty-slot"></span>'
    label = f"Discard pile, {v.discard_count} cards" + (f", top {top.name()}" if top else "")
    return (f'<button type="button" class="pile discard{" can" if can else ""}" data-act="take" '
            f'aria-label="{esc(label)}">{under}{card}'
            f'<span class="pile-label">{"Open deck" if "cut" in v.info else "Discard"} · '
            f'{v.discard_count}</span></button>')


def _spread(s: Session, v) -> str:
    """A spread discard pile (500 Rum): every card readable, bottom left to top right. Each
    card the person may take is a button; pointing at one lifts it and every card above it
    (they come along), and a picked card stays lifted until it is taken."""
    pile = v.discard
    can = s.pile_takes()
    pick = s.pile_pick if s.pile_pick is not None and s.pile_pick < len(pile) else None
    cards = []
    for i, c in enumerate(pile):
        above = len(pile) - 1 - i
        cls = " can" if i in can else ""
        if pick is not None and i >= pick:
            cls += " picked" if i == pick else " along"
        if i == len(pile) - 1:
            cls += " top"
        what = f"{c.name()}" + (f", with the {above} card{'s' if above > 1 else ''} above it"
                                if above else ", the top card")
        cards.append(f'<button type="button" class="pc{cls}" data-act="pile:{i}" '
                     f'aria-label="{esc(what)}">{card_svg(c)}</button>')
    body = "".join(cards) or '<span class="card empty-slot"></span>'
    return (f'<div class="pile discard spread{" can" if can else ""}" data-act="take" '
            f'aria-label="Discard pile, {len(pile)} cards, bottom to top">'
            f'<div class="fan" style="--n:{max(len(pile), 1)}">{body}</div>'
            f'<span class="pile-label">Discard pile · {len(pile)} · take any card with all '
            f'above it</span></div>')


def _rum_status(s: Session, v, thinking: bool) -> str | None:
    """500 Rum's own lines: the pile pick, the duty, the first meld, a rum call."""
    st = s.state
    info = v.info
    names = st.names
    dots = '<span class="dots"><i></i><i></i><i></i></span>' if thinking else ""
    if v.phase == Phase.RUM:
        r = info["rum"]
        card = Card.parse(r["card"]).pretty()
        if s.human_to_move():
            return (f"<b>{esc(names[r['by']])} discarded the {esc(card)}, which fits a meld on "
                    "the table. Call rum and lay it off in front of you?</b>")
        return f"{esc(names[v.turn])} may call rum on the {esc(card)}{dots}"
    if not s.human_to_move():
        return None
    if v.phase == Phase.DRAW:
        if s.pile_pick is not None and s.pile_pick < len(v.discard):
            c = v.discard[s.pile_pick]
            more = len(v.discard) - 1 - s.pile_pick
            along = f" and the {more} card{'s' if more > 1 else ''} above it" if more else ""
            return (f"<b>Take the {esc(c.pretty())}{along}? The {esc(c.pretty())} must go into "
                    "a meld at once. Tap it again, or press Take.</b>")
        if not v.stock_count:
            return ("<b>The stock is empty: take from the pile, or end the hand.</b>")
        return ("<b>Your turn: draw from the stock, or take any card of the pile with all the "
                "cards above it (you must meld it at once).</b>")
    if v.phase == Phase.PLAY:
        if info.get("duty"):
            c = Card.parse(info["duty"]).pretty()
            how = " (or lay it off)" if st.options["pickup_to_hit"] else ""
            return (f"<b>Now meld the {esc(c)} you took{how}: select it with the cards that "
                    "meld with it and press Meld.</b>")
        if st.variant.opening_pending(st):
            need = st.variant._still_needed(st, st.turn)
            return (f"<b>Your first melds must total {st.options['min_first_meld']} points: "
                    f"{info['opening']} laid, lay {need} more before you discard.</b>")
    return None


def _status(s: Session, v, thinking: bool) -> str:
    st = s.state
    names = st.names
    if v.phase == Phase.MATCH_OVER:
        return f"<b>Match over.</b> {esc((v.final or {}).get('headline', ''))}"
    if v.phase == Phase.HAND_OVER:
        return f"<b>Hand over.</b> {esc(st.results[-1]['headline'] if st.results else '')}"
    who = names[v.turn]
    knocker = v.info.get("knocker")
    if s.grouped:
        return _indian_status(s, v, thinking)
    if "table_points" in v.info:
        line = _rum_status(s, v, thinking)
        if line is not None:
            return line
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


def _indian_status(s: Session, v, thinking: bool) -> str:
    names = s.state.names
    info = v.info
    status = info["status"][s.human]
    dots = '<span class="dots"><i></i><i></i><i></i></span>' if thinking else ""
    if v.phase == Phase.SHOW:
        d = names[info["declarer"]]
        if s.human_to_move():
            return (f"<b>{esc(d)} declared. Arrange your cards in groups to lose as few points "
                    "as you can, then show them.</b>")
        return f"{esc(d)} declared; {esc(names[v.turn])} is grouping{dots}"
    if s.human_to_move():
        top = v.top_discard.pretty() if v.top_discard else ""
        if v.phase == Phase.DRAW:
            take = f" or take the {top}" if TAKE in v.legal else ""
            return (f"<b>Your turn: pick from the closed deck{take}. You may also drop.</b>")
        return ("<b>Your turn: discard a card, or select one for the finish slot and "
                "declare.</b>")
    lead = ""
    if status in ("first drop", "middle drop"):
        lead = "You dropped: you sit out this deal. "
    elif status == "invalid":
        lead = "Your declaration was invalid: you are out of this deal. "
    elif status == "away":
        lead = "You are out of the pool. "
    doing = {Phase.DRAW: "is about to pick", Phase.PLAY: "is playing"}.get(v.phase, "")
    return f"{lead}{esc(names[v.turn])} {doing}{dots}"


def _melds(s: Session, v) -> str:
    if not v.table:
        return '<p class="no-melds">No melds on the table yet.</p>'
    targets = {a.meld for a in s.layoff_targets()}
    names = s.state.names
    badge = short_names(names)
    groups: dict[int, list[str]] = {}
    for i, tm in enumerate(v.table):
        cards = []
        for c, by in zip(tm.meld.cards, tm.played_by):
            mark = (f'<span class="by s{by}" title="laid off by {esc(names[by])}">'
                    f'{esc(badge[by])}</span>') if by != tm.owner else ""
            cards.append(f'<span class="card small{" laid" if mark else ""}">'
                         f'{card_svg(c)}{mark}</span>')
        cls = " target" if i in targets else ""
        desc = esc(tm.meld.describe())
        groups.setdefault(tm.owner, []).append(
            f'<button type="button" class="meld{cls}" data-act="meld:{i}" data-meld="{i}" '
            f'aria-label="Meld {i + 1}: {desc}, laid by {esc(names[tm.owner])}">'
            f'<span class="meld-no">{i + 1}</span>{"".join(cards)}</button>')
    pts = v.info.get("table_points")
    return "".join(
        f'<div class="meld-group"><div class="meld-owner">'
        f'{"Your" if owner == s.human else esc(names[owner]) + "&rsquo;s"} melds'
        + (f' <span class="owner-pts">· {pts[owner]} on the table</span>' if pts else "")
        + f'</div><div class="meld-row">{"".join(ms)}</div></div>'
        for owner, ms in sorted(groups.items(), key=lambda kv: kv[0] != s.human))


def _log(s: Session, new_from: int) -> str:
    lines = s.log_lines()
    items = "".join(
        f'<li class="{"new" if i >= new_from else ""} seat-{seat if seat >= 0 else "t"}'
        f'{" mine" if seat == s.human else ""}">{_pretty_text(text)}</li>'
        for i, (seat, text) in enumerate(lines))
    return f"""<aside class="log" aria-label="What happened">
    <h2>This {s.state.variant.hand_word}</h2><ol id="log-list">{items}</ol></aside>"""


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


def _hand_card(s: Session, pos: int, sel: set, my_turn: bool) -> str:
    """One of the person's cards: selectable, draggable, marked when just drawn."""
    c = Card.parse(s.order[pos])
    cls = " sel" if pos in sel else ""
    if my_turn and s.fresh == s.order[pos]:
        cls += " fresh"
    elif my_turn and s.order[pos] in s.arrived:
        cls += " came"                 # came with it from the pile
    if my_turn and s.state.extra.get("duty") == s.order[pos] and s.state.phase == Phase.PLAY:
        cls += " duty"
    return (f'<button type="button" class="card hand-card{cls}" data-act="card:{pos}" '
            f'data-pos="{pos}" data-card="{c}" aria-pressed="{str(pos in sel).lower()}" '
            f'aria-label="{esc(c.name())}">{card_svg(c)}</button>')


def _hand(s: Session) -> str:
    cards = s.cards()
    sel = set(s.selected)
    my = s.human_to_move()
    items = [_hand_card(s, pos, sel, my) for pos in range(len(cards))]
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
        if c.name in ("declare", "show", "rejoin") and c.action:
            cls = "primary"
        elif c.name == "drop" and c.action:
            cls = "warn"
        out.append(f'<button type="button" class="btn {cls}" data-act="btn:{c.name}"{dis}>'
                   f'{esc(c.label)}</button>')
        if c.reason:
            reasons[c.name] = c.reason
    # the one reason worth reading: with one card selected, why it cannot be discarded
    order = ("discard", "layoff", "knock", "meld", "declare") if len(s.selected) == 1 else \
        ("meld", "layoff", "discard", "knock", "declare")
    first = next((reasons[n] for n in order if n in reasons), next(iter(reasons.values()), ""))
    why = f'<p class="why">{esc(first)}</p>' if first else ""
    return "".join(out) + why


def _indian_summary(s: Session, v) -> str:
    """The declaration screen: every player's groups and points, then the scoreboard."""
    st = s.state
    over = v.phase == Phase.MATCH_OVER
    res = st.results[-1] if st.results else {}
    words = {"declared": "declared", "shown": "showed", "first drop": "first drop",
             "middle drop": "middle drop", "invalid": "invalid declaration", "won": "last in",
             "away": "out of the pool", "in": ""}
    hands = ""
    for seat, info in enumerate(res.get("seats", [])):
        g = info.get("grouping")
        status = info["status"]
        body = ""
        if g:
            body = "".join(_group_html([Card.parse(c) for c in cards], label,
                                       [Card.parse(c) for c in g["counted"]])
                           for cards, label in zip(g["groups"], g["labels"]))
        if info.get("finish"):
            body += _group_html([Card.parse(info["finish"])], "finish slot")
        if not body:
            body = f'<i class="none">{"cards not shown" if status != "away" else "not dealt in"}</i>'
        badge = words.get(status, status)
        hands += (f'<div class="sum-hand st-{esc(status.split()[-1])}"><div class="sum-who">'
                  f'{esc(st.names[seat])} <span class="badge">{esc(badge)}</span>'
                  f'<b>{info["points"]}</b></div><div class="groups-row">{body}</div></div>')
    offers = v.info.get("rejoin_offers") or []
    if over:
        button = ('<button type="button" class="btn primary big" data-act="lobby" id="again">'
                  'New match</button>')
    elif offers and offers[0] == s.human:
        score = v.info.get("rejoin_score")
        button = (f'<p class="offer">You are out of the pool. Every player still in has '
                  f'{v.info.get("rejoin_at_most")} points or fewer, so you may rejoin at '
                  f'{score} points.</p>'
                  f'<button type="button" class="btn primary big" data-act="btn:rejoin" '
                  f'id="rejoin">Rejoin at {score}</button> <button type="button" class="btn '
                  f'big" data-act="btn:decline" id="decline">Stay out</button>')
    elif offers:
        button = (f'<p class="offer">{esc(st.names[offers[0]])} may rejoin the pool at '
                  f'{v.info.get("rejoin_score")} points…</p>')
    else:
        button = ('<button type="button" class="btn primary big" data-act="next" id="next">'
                  'Deal the next deal</button>')
    return _summary_frame(s, v, hands, button, "summary indian")


def confirm_html(text: str, name: str, label: str) -> str:
    """Ask before a move that cannot be taken back (dropping, declaring)."""
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="confirm-text">
  <div class="summary confirm" id="confirm"><p id="confirm-text">{_pretty_text(text)}</p>
  <div class="sum-go"><button type="button" class="btn" data-act="close">Cancel</button>
  <button type="button" class="btn primary" data-act="confirm:{esc(name)}" id="confirm-go">
  {esc(label)}</button></div></div></div>"""


def _summary(s: Session, v) -> str:
    if s.grouped:
        return _indian_summary(s, v)
    st = s.state
    over = v.phase == Phase.MATCH_OVER
    res = st.results[-1] if st.results else {}
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
    button = ('<button type="button" class="btn primary big" data-act="lobby" id="again">'
              'New match</button>') if over else (
              '<button type="button" class="btn primary big" data-act="next" id="next">'
              'Deal the next hand</button>')
    return _summary_frame(s, v, hands, button)


def _summary_frame(s: Session, v, hands: str, button: str, cls: str = "summary") -> str:
    """The end of a hand or of the match: the headline and its lines, every hand, the match's
    final lines, the scoreboard, and what comes next."""
    over = v.phase == Phase.MATCH_OVER
    res = s.state.results[-1] if s.state.results else {}
    lines = "".join(f"<li>{_pretty_text(line)}</li>" for line in res.get("lines", []))
    final = ""
    if over and v.final:
        final = ("<h3>The match</h3><ul class='lines'>"
                 + "".join(f"<li>{esc(line)}</li>" for line in v.final.get("lines", []))
                 + "</ul>")
    head = (v.final or {}).get("headline", "") if over else res.get("headline", "")
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
    st = s.state
    sides = sorted(set(st.teams)) if st.teams else list(range(st.n))
    head = "".join(f"<th>{esc(_side_name(s, side))}</th>" for side in sides)
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
                cells += "<td class='out'>out</td>"
            elif limit is not None and running[side] >= limit:
                cells += f"<td class='elim' title='eliminated at {running[side]}'>{p}</td>"
            else:
                cells += f"<td>{p}</td>"
        rows += (f"<tr><td>{r.get('hand', '')}</td>{cells}"
                 f"<td class='how'>{esc(r.get('headline', ''))}</td></tr>")
        for rj in rejoins:
            if rj["after"] == k:
                running[rj["seat"]] = rj["score"]
                rows += (f"<tr class='rejoin'><td></td><td colspan='{len(sides)}'>"
                         f"{esc(st.names[rj['seat']])} rejoins at {rj['score']}</td><td></td>"
                         "</tr>")
    totals = "".join(
        f"<td class='{'out' if limit and st.scores[side] >= limit else ''}'>"
        f"<b>{st.scores[side]}</b></td>" for side in sides)
    caption = "Scoreboard"
    if limit:
        caption += f" · pool {limit}: a player reaching {limit} is out"
    elif fmt == "deals":
        caption += f" · {st.options['deals']} deals, lowest total wins"
    word = st.variant.hand_word.capitalize()
    return f"""<table class="scoreboard"><caption>{esc(caption)}</caption>
    <thead><tr><th>{word}</th>{head}<th></th></tr></thead>
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


def help_html(grouped: bool = False) -> str:
    if grouped:
        keys = [("← →", "move between your cards"), ("Space / Enter", "select a card"),
                ("Shift + ← →", "move the card, across into the next group at a group's edge"),
                ("D", "pick from the closed deck"), ("T", "take from the open deck"),
                ("G", "make a new group of the selected cards"),
                ("X", "discard the selected card"),
                ("E", "declare, with the selected card in the finish slot"),
                ("R", "drop"), ("S", "show your groups after a declaration"),
                ("N", "next deal"), ("Esc", "clear selection")]
        tip = ("Drag a card onto another group to move it there, onto the dashed box to start "
               "a new group, or onto the open deck to discard it. Each group says what it is "
               "as you arrange it. Double-click a card to discard it.")
    else:
        keys = [("← →", "move between your cards"), ("Space / Enter", "select a card"),
                ("Shift + ← →", "move the selected card in your hand"),
                ("D", "draw from the stock"), ("T", "take the discard"),
                ("M", "meld the selected cards"), ("L", "lay off the selected card"),
                ("X", "discard the selected card"), ("K", "knock (gin)"),
                ("P", "pass on the upcard"), ("N", "done / next hand"),
                ("Esc", "clear selection")]
        tip = ("Drag a card to rearrange your hand, onto the discard pile to discard it, or onto "
               "a meld to lay it off. Double-click a card to discard it.")
    rows = "".join(f"<tr><th><kbd>{esc(k)}</kbd></th><td>{esc(t)}</td></tr>" for k, t in keys)
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-label="Keyboard help">
  <div class="summary help"><h2>Playing with the keyboard</h2><table>{rows}</table>
  <p>{esc(tip)}</p>
  <div class="sum-go"><button type="button" class="btn primary" data-act="close">Close</button>
  </div></div></div>"""
