"""What every variant's table shares: the buttons of the ordinary turn and the parts of the
table drawn the same way everywhere (the stock and discard pile, the melds on the table, a
flat hand, the status line, the hand summary).

A game's own table, in its folder (:mod:`rami.games.gin.table`), subclasses :class:`Table`
and overrides only what differs; Basic Rummy's adds to it only that the hand is kept in its
melds, and draws every game that names no table of its own.
Every method takes the match it draws or answers for (a :class:`~rami.web.tables.model.Model`:
a :class:`~rami.web.session.Session`); a table holds no state of its own, so one instance
serves every match.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...actions import DONE, DRAW, PASS, TAKE, Action, Discard, LayOff, MeldCards
from ...melds import interpretations
from ...cards import RANK_NAMES, RANK_TEXT, Card
from ...words import TILE_WORDS
from ...errors import RamiError
from ...view import Phase
from ...variants import find_variant
from ..parts import DOTS, back, card_button, card_label, esc, face, short_names, sr, wild_tag
from ...i18n import _, N_, language, n_, p_, result_words



def rep_words(meld, rep) -> str:
    """What a wild stands for in a meld, in words: ``4♠``, ``red 4``, ``a king`` (a set)."""
    if meld.kind == "set":
        return _("a {rank}", rank=str(meld.rank) if meld.is_tile or meld.rank not in RANK_NAMES
                 else _(RANK_NAMES[meld.rank]))
    return TILE_WORDS.piece(rep) if rep.is_tile else rep.pretty()


def label_of(card: Card) -> str:
    return TILE_WORDS.piece(card) if card.is_tile else card_label(card).split(",")[0]


def as_mark(meld, rep) -> str:
    """The chip on a wild in a meld: what it stands for (``4♠``; in a set, its rank)."""
    if meld.kind == "set":
        said = str(meld.rank) if meld.is_tile else RANK_TEXT.get(meld.rank, str(meld.rank))
        red = ""
    else:
        said = str(rep.rank) if rep.is_tile else rep.pretty()
        red = f" t-{rep.suit}" if rep.is_tile else (" red" if rep.suit in "hd" else "")
    return f'<span class="as-rep{red}" aria-hidden="true">{esc(said)}</span>'


def match_end_buttons() -> str:
    """A match's end: the same seats and rules again in one tap, or the lobby for another
    game."""
    return (f'<button type="button" class="btn big" data-act="lobby" id="again">'
            f'{_("Change the game")}</button><button type="button" class="btn primary big" '
            f'data-act="rematch" id="rematch">{_("Play again")}</button>')


def more_melds() -> str:
    """The foot of a melds area that scrolls (a phone, a crowded table): how many melds are
    out of sight, a tap to see them all (and, open, to go back)."""
    return (f'<button type="button" class="more-melds" data-act="melds-all" '
            f'aria-expanded="false"><span>{_("▾ more below: see all")}</span></button>')
from ..svg import card_svg

if TYPE_CHECKING:                                     # pragma: no cover
    from .model import Model


@dataclass(frozen=True)
class Choice:
    """What one action button would do now: the action, or why there is none."""

    name: str                     # "meld", "discard", ...
    label: str
    action: Action | None = None
    reason: str = ""              # why it is disabled, when the selection says something
    confirm: str = ""             # ask before playing it (dropping, declaring), with this text
    dialog: str = ""              # open this table dialog to choose (a meld's readings)
    style: str = ""               # how the button looks when it is not the usual ("warn")


class Table:
    """Basic Rummy's table, and the parts every table shares."""

    grouped = False               # the hand is kept in labelled groups (Indian rummy)
    arranges = False              # the hand is kept in its melds, then the deadwood (Gin, Basic)
    blurb = N_("Two to six players. Meld sets and runs, lay off, and be first to go out.")
    keys = {"d": "draw", "t": "take", "m": "btn:meld", "l": "btn:layoff", "x": "btn:discard",
            "p": "btn:pass"}
    help_keys = [("D", N_("draw from the stock")), ("T", N_("take the discard")),
                 ("M", N_("meld the selected cards")), ("L", N_("lay off the selected card")),
                 ("X", N_("discard the selected card")), ("N", N_("next hand"))]
    help_tip = (N_("Drag a card to rearrange your hand, onto the discard pile to discard it, or "
                  "onto a meld to lay it off. Double-click a card to discard it."))
    acts: tuple[str, ...] = ()    # data-act prefixes of the table's own (``pile`` …)
    unit = "card"                 # what a hand holds ("tile" in tile Rami)

    # -- the buttons ----------------------------------------------------------------------
    def choices(self, s: "Model") -> list[Choice]:
        """Every action button for the current phase, each enabled only when legal."""
        st = s.game
        if not s.human_to_move():
            return []
        legal = st.legal_actions()
        if st.phase == Phase.UPCARD:
            return [self.simple(s, "take", _("Take the upcard"), TAKE, legal),
                    self.simple(s, "pass", _("Pass"), PASS, legal)]
        if st.phase == Phase.DRAW:
            return self.draw_choices(s, legal)
        if st.phase in (Phase.PLAY, Phase.LAYOFF):
            return self.play_choices(s, s.selected_cards(), legal)
        return []

    def draw_choices(self, s: "Model", legal) -> list[Choice]:
        st = s.game
        out = [self.simple(s, "draw", _("Draw from the stock"), DRAW, legal)]
        take = next((a for a in legal if a.kind == "take"), None)
        top = st.discard[-1] if st.discard else None
        out.append(Choice("take", _("Take the {card}", card=top.pretty()) if top
                          else _("Take the discard"), take,
                          "" if take else self.why(s, TAKE, legal)))
        turn = next((a for a in legal if a.kind == "turnover"), None)
        if turn:
            out.append(Choice("turnover", _("Turn the pile over"), turn))
        return out

    def play_choices(self, s: "Model", sel, legal) -> list[Choice]:
        out = []
        if s.game.phase == Phase.PLAY:
            out.append(self.meld_choice(s, sel, legal))
        out.append(self.layoff_choice(s, sel, legal))
        if s.game.phase == Phase.PLAY:
            out.append(self.one_card(s, "discard", _("Discard"), Discard.of, sel, legal))
        else:
            out.append(self.simple(s, "done", _("Done laying off"), DONE, legal))
        return out

    def act(self, s: "Model", kind: str, arg: str) -> Action | None:
        """A press on one of the table's own elements (``acts``): the action to play, None
        when the press only changed what is picked, or a RamiError saying why not."""
        raise RamiError(_("Not now."))

    def dialog(self, s: "Model", name: str) -> str:
        """A dialog of the table's own over the table (``dialog:NAME``), or ""."""
        return ""

    def meld_tap(self, s: "Model", index: int) -> Action:
        """A tap on table meld ``index`` (or a card dropped on it): the lay-off of the
        selected card, or a RamiError that says why not."""
        return s.layoff_on(index)

    # helpers the variants' tables share
    def simple(self, s: "Model", name, label, action, legal) -> Choice:
        ok = next((a for a in legal if a == action), None)
        return Choice(name, label, ok, "" if ok else self.why(s, action, legal))

    def why(self, s: "Model", action, legal) -> str:
        return s.explain(action) if action not in legal else ""

    def meld_choice(self, s: "Model", sel, legal) -> Choice:
        if len(sel) < 3:
            return Choice("meld", _("Meld"), None, _("Select three or more cards to meld.")
                          if sel else "")
        want = Counter(sel)
        for a in legal:
            if a.kind == "meld" and Counter(a.cards) == want:
                return Choice("meld", _("Meld"), a)
        # a large hand's list leaves out some melds that are legal all the same (see
        # Variant.listed_melds): one that reads one way is offered too
        st = s.game
        readings = interpretations(list(sel), st.variant.rules(st))
        if len(readings) == 1:
            a = MeldCards.of(readings[0])
            if st.variant.allows(st, a):
                return Choice("meld", _("Meld"), a)
        return Choice("meld", _("Meld"), None, s.explain(MeldCards(tuple(sel))))

    def layoff_choice(self, s: "Model", sel, legal) -> Choice:
        if len(sel) != 1:
            return Choice("layoff", _("Lay off"), None,
                          _("Select one card to lay off.") if sel else "")
        targets = s.layoff_targets()
        if len(targets) == 1:
            return Choice("layoff", _("Lay off on meld {meld}", meld=targets[0].meld + 1),
                          targets[0])
        if targets:
            return Choice("layoff", _("Lay off"), None,
                          _("The {card} fits several melds: tap the one you want.",
                            card=sel[0].pretty()))
        tries = [LayOff(sel[0], i) for i in range(len(s.game.table))]
        reason = s.explain(tries[0]) if tries else _("There is no meld on the table yet.")
        if len(tries) > 1:
            reason = _("The {card} does not fit any meld on the table.", card=sel[0].pretty())
        return Choice("layoff", _("Lay off"), None, reason)

    def one_card(self, s: "Model", name, label, make, sel, legal, verb="discard") -> Choice:
        """A button for a move of one selected card (``label``: translated; ``verb``: the
        move, ``discard`` or ``knock``)."""
        if len(sel) != 1:
            return Choice(name, label, None, (_("Select the one card to discard.")
                                              if verb == "discard" else
                                              _("Select the one card to knock with."))
                          if sel else "")
        action = make(sel[0])
        if action in legal:
            # TRANSLATORS: a button: the move and its card, "Discard 7♠"
            return Choice(name, _("{move} {card}", move=label, card=sel[0].pretty()), action)
        return Choice(name, label, None, s.explain(action))

    # -- drawing --------------------------------------------------------------------------
    def piles(self, s: "Model", v, can: set[str]) -> tuple[str, ...]:
        """The middle of the table's piles, one element each (none, an empty one): the
        stock and the discard pile."""
        return self.stock(v, "draw" in can), self.discard(v, "take" in can)

    def stock(self, v, can: bool) -> str:
        n = v.stock_count
        pile = back(tile=self.unit == "tile") if n else '<span class="card empty-slot"></span>'
        word = self.stock_word
        said = (n_(": {n} card, draw", ": {n} cards, draw", n) if can else
                n_(": {n} card", ": {n} cards", n))
        return (f'<button type="button" class="pile stock{" can" if can else ""}" '
                f'data-act="draw">{pile}<span class="pile-label">{_(word)} · {n}</span>'
                f'{sr(said)}</button>')

    stock_word = N_("Stock")
    discard_word = N_("Discard")

    def discard(self, v, can: bool) -> str:
        top = v.top_discard
        wild = top is not None and self.wild_now(v)(top)
        under = (f'<span class="card under">{card_svg(v.discard[-2], hidden=True)}</span>'
                 if len(v.discard) > 1 else "")
        card = (f'<span class="card top{" wild" if wild else ""}" data-name="{esc(top.name())}">'
                f'{card_svg(top, hidden=True)}{wild_tag() if wild and top.suit else ""}</span>' if top
                else '<span class="card empty-slot"></span>')
        word = self.discard_word
        if not top:
            more = _(": empty")
        elif wild:
            more = (_(": top card {card}, wild, take it", card=card_label(top)) if can else
                    _(": top card {card}, wild", card=card_label(top)))
        else:
            more = (_(": top card {card}, take it", card=card_label(top)) if can else
                    _(": top card {card}", card=card_label(top)))
        return (f'<button type="button" class="pile discard{" can" if can else ""}" '
                f'data-act="take">{under}{card}'
                f'<span class="pile-label">{_(word)} · {v.discard_count}</span>{sr(more)}'
                '</button>')

    def middle(self, s: "Model", v) -> tuple[str, ...]:
        """The melds on the table, one element each: every owner's together (the person's
        first), then the sign of those out of sight (a move changes one owner's melds, and
        only those are written again). Put together again only when what they show has
        changed: most moves lay no meld, and a crowded table's melds are the largest region
        of all."""
        if not v.table:
            return (f'<p class="no-melds">{_("No melds on the table yet.")}</p>',)
        targets = {a.meld for a in s.layoff_targets()}
        key = (language(), tuple(v.table), tuple(sorted(targets)), tuple(s.game.names),
               s.human, s.you, repr(v.info.get("table_points")))
        if self._middle_kept[0] != key:
            self._middle_kept = (key, self._melds(s, v, targets))
        return self._middle_kept[1]

    _middle_kept: tuple = (None, ())        # (what the melds were drawn for, their parts)

    def _melds(self, s: "Model", v, targets: set[int]) -> tuple[str, ...]:
        names = s.game.names
        badge = short_names(names)
        groups: dict[int, list[str]] = {}
        for i, tm in enumerate(v.table):
            cards = []
            wilds = set(tm.meld.wild_slots())
            reps = tm.meld.represented() if wilds else ()
            for k, (c, by) in enumerate(zip(tm.meld.cards, tm.played_by)):
                mark = (f'<span class="by s{by}" title="'
                        f'{_("laid off by {who}", who=esc(names[by]))}">'
                        f'{esc(badge[by])}</span>') if by != tm.owner else ""
                if k in wilds:
                    mark += as_mark(tm.meld, reps[k])
                # (small cards get the simple face, as everywhere: the index and one large
                # suit, a fifth of the drawing, which a phone lays out at every move)
                cards.append(f'<span class="card small{" laid" if by != tm.owner else ""}'
                             f'{" wild" if k in wilds else ""}">'
                             f'{card_svg(c, hidden=True, simple=True)}{mark}</span>')
            cls = " target" if i in targets else ""
            desc = esc(tm.meld.describe() + "".join(
                _(", {card} as {what}", card=label_of(tm.meld.cards[k]),
                  what=rep_words(tm.meld, reps[k])) for k in sorted(wilds)))
            groups.setdefault(tm.owner, []).append(
                f'<button type="button" class="meld{cls}" data-act="meld:{i}" data-meld="{i}">'
                f'<span class="meld-no">{i + 1}</span><span class="sr-only">'
                f'{_(": meld {number}, {what}, laid by {who}", number=i + 1, what=desc, who=esc(names[tm.owner]))}'
                f'</span>{"".join(cards)}</button>')
        pts = v.info.get("table_points")
        return tuple(
            f'<div class="meld-group"><div class="meld-owner">'
            + (_("Your melds") if owner == s.human and s.you else
               _("{who}’s melds", who=esc(names[owner])))
            + (f' <span class="owner-pts">· {_("{points} on the table", points=pts[owner])}'
               f'</span>' if pts else "")
            + f'</div><div class="meld-row">{"".join(ms)}</div></div>'
            for owner, ms in sorted(groups.items(), key=lambda kv: kv[0] != s.human)
        ) + (more_melds(),)

    def hand(self, s: "Model") -> str:
        cards = s.cards()
        at = self.hand_now(s)
        items = [self.hand_card(s, pos, at) for pos in range(len(cards))]
        gaps = len(s.breaks) if s.arranged else 0
        return (f'<div class="hand{" arranged" if gaps else ""}" id="hand" role="group" '
                f'aria-label="{_("Your cards")}" style="--n:{max(len(cards), 1)};--g:{gaps}">'
                f'{"".join(items)}</div>')

    def hand_now(self, s: "Model") -> tuple:
        """What every card of the hand is drawn with, found once for the hand: whether it is
        the person's turn, the card they must play (a taken discard's duty), the wild test."""
        my_turn = s.human_to_move()
        game = s.game
        duty = game.extra.get("duty") if my_turn and game.phase == Phase.PLAY else None
        return my_turn, duty, self.wild_test(s)

    def hand_card(self, s: "Model", pos: int, at: tuple) -> str:
        """One of the person's cards: selectable, draggable, marked when just drawn. Only the
        focused card is in the Tab order (the arrow keys move along the hand). ``at``: what
        :meth:`hand_now` found for the hand."""
        c = Card.parse(s.order[pos])
        my_turn, duty, wild_test = at
        cls = "card hand-card" + (" sel" if pos in s.selected else "")
        badge = ""
        if my_turn and s.fresh == s.order[pos]:
            cls += " fresh"
            # TRANSLATORS: the word over the card just drawn (a few letters)
            badge = f' data-badge="{esc(p_("badge", "new"))}"'
        elif my_turn and s.order[pos] in s.arrived:
            cls += " came"                 # came with it from the pile
        if duty is not None and duty == s.order[pos]:
            cls += " duty"
        tab = "0" if pos == min(s.cursor, len(s.order) - 1) else "-1"
        wild = wild_test(c)
        if wild:
            cls += " wild"
        if s.arranged and pos in s.breaks:
            cls += " gap"                   # a new meld, or the deadwood, begins here
        return card_button(c, cls, f"card:{pos}",
                           label=(_("{card}, wild", card=card_label(c)) if wild
                                  else card_label(c)),
                           attrs=f' data-pos="{pos}" data-card="{c}" tabindex="{tab}" '
                                 f'aria-pressed="{str(pos in s.selected).lower()}"{badge}',
                           inner=wild_tag() if wild and c.suit else "")

    def wild_test(self, s: "Model"):
        """Is a card wild in this deal? (a printed joker or Joly, a wild rank: its mark)"""
        return s.game.variant.rules(s.game).is_wild

    def wild_now(self, v):
        """The same from what the person sees (the variant's rules for the view)."""
        var = find_variant(v.variant)
        opts = var.deal_options(v.options, v.info["wild_rank"]) if "wild_rank" in v.info \
            else v.options
        return var.rules_for(opts).is_wild

    def head(self, s: "Model", v) -> str:
        """Badges beside the person's name (deadwood, points on the table …)."""
        return ""

    def seat_badges(self, s: "Model", v, seat: int) -> str:
        """Badges at an opponent's seat (dropped, points on the table …)."""
        return ""

    def seat_out(self, v, seat: int) -> bool:
        """Is this seat out of the hand (drawn dimmed)?"""
        return False

    def sorts(self, s: "Model") -> str:
        return f"""<span class="sorts" role="group" aria-label="{_("Sort your hand")}"><span class="sorts-word">{
        _("Sort")}</span>
        <button type="button" class="chip" data-act="sort:suit" title="{_("Sort by suit")}">{
        _("suit")}</button>
        <button type="button" class="chip" data-act="sort:rank" title="{_("Sort by rank")}">{
        _("rank")}</button>
        <button type="button" class="chip" data-act="sort:melds" title="{_("Melds first")}">{
        _("melds")}</button>
      </span>"""

    def status(self, s: "Model", v, thinking: bool) -> str:
        """The line in the middle of the table: whose move, and what the person may do."""
        st = s.game
        names = st.names
        if v.phase == Phase.MATCH_OVER:
            return f"<b>{_('Match over.')}</b> {esc(result_words(v.final or {}))}"
        if v.phase == Phase.HAND_OVER:
            return (f"<b>{_('Hand over.')}</b> "
                    f"{esc(result_words(st.results[-1]) if st.results else '')}")
        if s.human_to_move():
            return f"<b>{esc(self.my_turn_text(s, v))}</b>"
        doing = {Phase.UPCARD: N_("{who} is deciding on the upcard"),
                 Phase.DRAW: N_("{who} is about to draw"), Phase.PLAY: N_("{who} is playing"),
                 Phase.LAYOFF: N_("{who} is laying off")}.get(v.phase, N_("{who} is playing"))
        return f"{_(doing, who=esc(names[v.turn]))}{DOTS if thinking else ''}"

    def group_valid(self, s: "Model", cards: list[Card]) -> bool:
        """Is this group of the person's a valid one (grouped hands only)?"""
        return False

    left_word = N_("in hand")        # the cards a summary shows left over (Gin: deadwood)

    def melds_in_hand(self, res: dict, seat: int) -> list[list[Card]]:
        """Melds a summary shows from a player's hand, apart from what counts against him
        (none here: in Basic Rummy every card kept in hand counts)."""
        return []

    def shown_hand(self, res: dict, seat: int, cards) -> tuple[list[list[Card]], list[Card]]:
        """A hand shown at a hand's end (``res``, its result): the melds it holds, and the
        rest (what the table calls ``left_word``)."""
        left = list(cards)
        melds = self.melds_in_hand(res, seat) if res else []
        for meld in melds:
            for c in meld:
                if c in left:
                    left.remove(c)
        return melds, left

    def my_turn_text(self, s: "Model", v) -> str:
        top = v.top_discard.pretty() if v.top_discard else ""
        if v.phase == Phase.UPCARD:
            return _("Your turn: take the upcard {top} or pass.", top=top)
        if v.phase == Phase.DRAW:
            # (the words offer the pile only when the Take button does)
            takes = top and any(a.kind == "take" for a in s.game.legal_actions())
            return (_("Your turn: draw from the stock or take the {top}.", top=top) if takes
                    else _("Your turn: draw from the stock."))
        return _("Your turn: meld, lay off, then discard a card.")

    def summary(self, s: "Model", v) -> tuple[str, str, str]:
        """The end of a hand: every player's melds and the cards left in hand, the button
        for what comes next, and the summary's class."""
        st = s.game
        over = v.phase == Phase.MATCH_OVER
        res = st.results[-1] if st.results else {}
        hands = ""
        points = res.get("points", [0] * st.n)
        for seat in range(st.n):
            groups = []
            for tm in v.table:
                if tm.owner == seat:
                    wilds = set(tm.meld.wild_slots())
                    reps = tm.meld.represented() if wilds else ()
                    groups.append("".join(
                        f'<span class="card small{" wild" if k in wilds else ""}">'
                        f'{card_svg(c, simple=True)}'
                        + (f'<span class="by" title="'
                           f'{_("laid off by {who}", who=esc(st.names[by]))}">'
                           f'{esc(st.names[by][:1])}</span>' if by != seat else "")
                        + (as_mark(tm.meld, reps[k]) if k in wilds else "")
                        + "</span>" for k, (c, by) in enumerate(zip(tm.meld.cards,
                                                                    tm.played_by))))
            melds, left = self.shown_hand(res, seat, v.revealed.get(seat, ()))
            wild = self.wild_test(s)
            for meld in melds:                          # melds shown from the hand (Gin)
                groups.append(f'<span class="left-label">{_("melded")}</span>'
                              + "".join(face(c, "small", wild=wild(c)) for c in meld))
            if left:
                groups.append(f'<span class="left-label">{_(self.left_word)}</span>'
                              + "".join(face(c, "small", wild=wild(c)) for c in left))
            cards = "".join(f'<span class="sum-group">{g}</span>' for g in groups) \
                or f'<i class="none">{_("no cards")}</i>'
            hands += (f'<div class="sum-hand"><div class="sum-who">{esc(st.names[seat])} '
                      f'<b>{points[seat]:+d}</b></div><div class="sum-cards">{cards}</div></div>')
        next_words = {"deal": N_("Next deal"), "game": N_("Deal the next game")}.get(
            st.variant.hand_word, N_("Deal the next hand"))      # (not "deal the deal")
        button = match_end_buttons() if over else (
            f'<button type="button" class="btn primary big" data-act="next" id="next">'
            f'{_(next_words)}</button>')
        return hands, button, "summary"
