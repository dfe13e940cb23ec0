"""Tile Rami's table: ivory tiles on a rack of two rows that the player arranges (drag, tap,
Shift+arrows) and sorts by runs (1-2-3) or sets (7-7-7); the wall, the exposed tile and the
crosswise opening discard; the discard row in order, any tile of which is taken by tapping it
(with the two rack tiles it combines with selected); the initial meld laid as one move; Joly
swaps by tapping the combination that holds the Joly; doubla offers and the twin."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import (DRAW, PASS, TAKE, TAKE_EXPOSED, TWIN, Action, Discard, MeldCards, Open,
                        TakeDiscard)
from ...cards import Card
from ...errors import RamiError
from ...view import Phase
from . import meld_value, openings, said, splits
from ...web.parts import card_button, esc, face, sr
from ...web.svg import card_svg, crosswise_svg
from ...web.tables.base import Choice
from ..push.table import PushTable
from ...i18n import _, join_or, language, N_, result_words

if TYPE_CHECKING:                                     # pragma: no cover
    from ...web.tables.model import Model

# two arrows apart, corner to corner: "larger" (drawn, not left to a phone's fonts)
_ENLARGE = ('<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" '
            'stroke="currentColor" stroke-width="2" stroke-linecap="round" '
            'stroke-linejoin="round"><path d="M9.5 2.5h4v4M13.5 2.5l-4.5 4.5M6.5 13.5h-4v-4M2.5 '
            '13.5 7 9"/></svg>')


class TilesTable(PushTable):
    blurb = N_("The Romanian tile game for two to four: 106 tiles and two Jolys. Open with 50 "
             "points and a run, take from the discard row, swap Jolys, go out.")
    keys = {"d": "draw", "t": "take", "o": "btn:open", "m": "btn:meld", "l": "btn:layoff",
            "x": "btn:discard", "e": "exposed:0"}
    help_keys = [("D", N_("draw from the wall")), ("T", N_("take the last discard")),
                 ("O", N_("make your initial meld: the selected tiles")),
                 ("M", N_("lay the selected tiles as a combination")),
                 ("L", N_("add the selected tile to a combination")),
                 ("X", N_("discard the selected tile")), ("E", N_("take the exposed tile (to go out)")),
                 ("N", N_("next game"))]
    help_tip = (N_("Drag tiles to arrange your rack. Select the tiles of your initial meld (50 "
                  "points with a run) and press Initial meld. To take a tile of the row, select "
                  "the two rack tiles it combines with and tap it. To take a Joly, select the "
                  "tile(s) it stands for and the two tiles it will join, then tap its "
                  "combination."))
    acts = ("reading", "row", "exposed", "shift", "rowopen")
    stock_word = N_("Wall")
    unit = "tile"

    # -- the buttons ----------------------------------------------------------------------
    def choices(self, s: "Model") -> list[Choice]:
        st = s.game
        if not s.human_to_move():
            return []
        legal = st.legal_actions()
        out = []
        if TWIN in legal:
            out.append(Choice("twin", _("Announce the twin ({tile})",
                                        tile=st.extra['exposed']), TWIN))
        if st.phase == Phase.EXCHANGE:
            out += [Choice(f"doubla-{a.card}", _("Offer the doubla {card}", card=a.card), a)
                    for a in legal if a.kind == "doubla"]
            return out + [Choice("pass", _("No doubla"), PASS)]
        if st.phase == Phase.OPENING:
            return out + [self.one_card(s, "discard", _("Discard crosswise"), Discard.of,
                                        s.selected_cards(), legal)]
        return out + super().choices(s)

    def draw_choices(self, s: "Model", legal) -> list[Choice]:
        st = s.game
        out = [Choice("draw", _("Draw from the wall"), DRAW)]
        if st.discard:
            out.append(self.simple(s, "take", _("Take the {tile}", tile=st.discard[-1]), TAKE,
                                   legal))
        if TAKE_EXPOSED in legal:
            out.append(Choice("exposed", _("Take the exposed {tile} and go out",
                                           tile=st.extra['exposed']), TAKE_EXPOSED))
        return out

    def play_choices(self, s: "Model", sel, legal) -> list[Choice]:
        st = s.game
        out = []
        if not st.melded[st.turn]:
            out.append(self.open_choice(s, sel, legal))
        elif st.variant.opened_now(st, st.turn):
            pass                            # the turn of the initial meld: only a discard
        else:
            out.append(self.meld_choice(s, sel, legal))
            out.append(self.layoff_choice(s, sel, legal))
        discard = self.one_card(s, "discard", _("Discard"), Discard.of, sel, legal)
        if len(sel) > 1:                    # the tiles of a combination: say why not that
            discard = Choice("discard", _("Discard"))
        return out + [discard]

    def first_moves(self, st, sel, rules) -> list[Action]:
        return [Open(tuple(said(m) for m in ms)) for ms in splits(sel, rules)]

    @staticmethod
    def meld_action(m, rules) -> MeldCards:
        return said(m)

    @staticmethod
    def reading_what(a) -> str:
        return _("your initial meld") if isinstance(a, Open) else _("this combination")

    def open_choice(self, s: "Model", sel, legal) -> Choice:
        st = s.game
        need = st.options["min_first_meld"]
        if not sel:
            ready = any(a.kind == "open" for a in legal)
            return Choice("open", _("Initial meld"), None,
                          _("Select the tiles of your initial meld ({need} points with a run).",
                            need=need)
                          if ready else "")
        found = self.readings(s)
        if len(found) == 1:
            return Choice("open", _("Initial meld"), found[0])
        if found:
            return Choice("open", _("Initial meld…"), None, dialog="readings")
        first = splits(sel, st.variant.rules(st), limit=1)
        if first:
            return Choice("open", _("Initial meld"), None,
                          s.explain(Open(tuple(said(m) for m in first[0]))))
        return Choice("open", _("Initial meld"), None,
                      _("These tiles do not split into runs and sets.") if len(sel) <= 14 else
                      _("Select only the tiles of your initial meld."))

    # -- taps on the table --------------------------------------------------------------------
    @staticmethod
    def shift(s: "Model", step: int) -> None:
        """Move the selected tiles one place along the rack (arranging it by taps)."""
        if not s.selected:
            raise RamiError(_("Select the tiles to move, then tap ◀ move or move ▶."))
        edge = 0 if step < 0 else len(s.order) - 1
        if edge in s.selected:
            return None
        for p in sorted(s.selected, reverse=step > 0):
            s.move_card(p, p + step)
        return None

    def act(self, s: "Model", kind: str, arg: str) -> Action | None:
        if kind == "reading":
            return super().act(s, kind, arg)
        if kind == "shift":
            return self.shift(s, -1 if arg == "left" else 1)
        if kind == "rowopen":               # the row large over the table, or back
            s.row_open = arg == "1"
            return None
        st = s.game
        legal = st.legal_actions()
        if kind == "exposed":
            if TAKE_EXPOSED in legal:
                return TAKE_EXPOSED
            raise RamiError(s.explain(TAKE_EXPOSED))
        # a tile of the row, with the two rack tiles selected
        i = int(arg)
        if not 0 <= i < len(st.discard):
            raise RamiError(_("That tile is no longer in the row."))
        tile = st.discard[i]
        copy = sum(1 for c in st.discard[i:] if c is tile)
        takes = [a for a in legal if isinstance(a, TakeDiscard) and a.meld is not None
                 and a.card is tile and a.copy == copy]
        if i == len(st.discard) - 1 and TAKE in legal and len(s.selected) != 2:
            return TAKE
        sel = sorted(map(str, s.selected_cards()))
        mine = [a for a in takes if sorted(map(str, _without(a.meld.cards, tile))) == sel]
        if mine:
            return mine[0]
        if len(takes) == 1:
            return takes[0]
        if takes:
            ways = sorted({" ".join(map(str, _without(a.meld.cards, tile))) for a in takes})
            raise RamiError(_("Select the two tiles of your rack that go with the {tile}: "
                              "{choices}.", tile=tile, choices=join_or(ways)))
        if st.phase != Phase.DRAW:
            raise RamiError(_("You take from the row at the start of your turn, instead of "
                              "drawing."))
        if any(isinstance(a, TakeDiscard) for a in legal):     # he may take, not this one
            raise RamiError(_("No two tiles of your rack make a combination with the {tile}.",
                              tile=tile))
        raise RamiError(s.explain(TakeDiscard(tile, copy, MeldCards((tile,)))))

    def meld_tap(self, s: "Model", index: int) -> Action:
        """A tap on a combination: an addition of the selected tile, or a Joly swap (the
        tile(s) it stands for and the two tiles it will join, selected)."""
        st = s.game
        sel = s.selected_cards()
        if len(sel) >= 3 and s.human_to_move() and st.phase == Phase.PLAY:
            want = sorted(map(str, sel))
            for a in st.legal_actions():
                if a.kind == "swap" and a.meld == index and sorted(
                        map(str, list(a.cards) + [c for c in a.new.cards if c.suit])) == want:
                    return a
            raise RamiError(_("To take this combination's Joly, select the tile(s) it stands "
                              "for and the two rack tiles it will join."))
        return super().meld_tap(s, index)

    # -- drawing --------------------------------------------------------------------------
    def piles(self, s: "Model", v, can: set[str]) -> tuple[str, ...]:
        """The wall and the exposed tile, then the discard row (which grows at its end: a
        discard writes one tile more)."""
        info = v.info
        ex = info.get("exposed")
        takes_ex = "exposed" in can
        exposed = (f'<button type="button" class="pile exposed{" can" if takes_ex else ""}" '
                   f'data-act="exposed:0">{face(Card.parse(ex), "small")}'
                   f'<span class="pile-label">{_("Exposed")}</span>'
                   f'{sr(_(", take it to go out") if takes_ex else "")}</button>') if ex else \
            (f'<span class="pile exposed gone"><span class="pile-label">{_("Exposed: taken")}'
             f'</span></span>')
        return (f'<div class="wallside">{self.stock(v, "draw" in can)}{exposed}</div>',
                self.row(s, v))

    def row(self, s: "Model", v) -> str:
        """The crosswise opening discard, then the discard row in order, every tile a button
        (each kept once drawn: the row is drawn at every move, thirty tiles and more)."""
        st = s.game
        info = v.info
        cw = info.get("crosswise")
        start = (f'<span class="card small crosswise" title="'
                 f'{_("The opening discard: never used")}">'
                 f'{crosswise_svg(Card.parse(cw))}</span>') if cw else ""
        legal = st.legal_actions() if s.human_to_move() else []
        takeable = {a.index_in(st.discard) for a in legal if isinstance(a, TakeDiscard)
                    and a.card is not None}
        if TAKE in legal and st.discard:
            takeable.add(len(st.discard) - 1)
        kept, lang = self._row_tiles, language()
        if len(kept) > 1024:
            kept.clear()
        tiles = []
        for i, c in enumerate(v.discard):
            key = (lang, c, i, i in takeable)
            tile = kept.get(key)
            if tile is None:
                tile = kept[key] = card_button(
                    c, "card small row-tile" + (" can" if i in takeable else ""), f"row:{i}",
                    attrs=f' data-row="{i}"')
            tiles.append(tile)
        empty = (f'<span class="row-empty">{_("The discard row is empty")}</span>'
                 if not v.discard else "")
        # (on a small screen a long row's tiles are drawn too small to tap: a tap on the row
        # opens it large over the table, the rack still at hand, and a tap on a tile there
        # takes it; the stylesheet says when, by the room and the row's length)
        opened = getattr(s, "row_open", False)
        toggle = (f'<button type="button" class="row-open chip" data-act="rowopen:0">'
                  f'{_("Back to the table")}</button>' if opened else
                  f'<button type="button" class="row-open" data-act="rowopen:1"><span>'
                  f'{_ENLARGE}</span>{sr(_("The discard row, large: choose a tile"))}</button>')
        return (f'<div class="pile discard row{" open" if opened else ""}" data-act="take" '
                f'role="group" aria-label="{_("The discard row, first to last")}">{start}'
                f'{toggle}{"".join(tiles)}{empty}</div>')

    _row_tiles: dict = {}       # each tile of the row as drawn, by (language, tile, place, can)


    def head(self, s: "Model", v) -> str:
        info = v.info
        if "minimum" not in info or v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return ""
        laid = info["laid"][s.human]
        if v.melded[s.human]:
            mark = f'<span class="ok">{_("✓ opened · {points} on the table", points=laid)}</span>'
        else:
            st = s.game
            ways = openings(list(v.hand), st.variant.rules(st), info["minimum"], limit=1)
            best = sum(meld_value(m) for m in ways[0]) if ways else 0
            mark = (f'<span class="ok">{_("ready: {points} points", points=best)}</span>'
                    if ways else f'<span class="prog">{_("not yet")}</span>')
        # (the player's state first: where the line is cut short, the rule's words go)
        return (f'<span class="contract-chip" title="{_("The initial meld")}">{mark} '
                + _("Game {number}/{count} · initial meld: <b>{points} with a run</b>",
                    number=info["game"], count=info["games"], points=info["minimum"])
                + '</span>')

    def seat_badges(self, s: "Model", v, seat: int) -> str:
        info = v.info
        out = ""
        if "laid" in info and v.melded[seat]:
            out += (f'<span class="badge-c" title="{_("Points on the table")}">'
                    f'{_("laid {points}", points=info["laid"][seat])}</span>')
        if seat in info.get("twins", ()):
            out += (f'<span class="pushed" title="{_("Announced the twin of the exposed tile")}">'
                    f'{_("twin")}</span>')
        if v.hand_counts[seat] <= 3 and v.phase in (Phase.DRAW, Phase.PLAY):
            out += (f'<span class="pushed" title="{_("Few tiles left")}">'
                    f'{_("{n} left", n=v.hand_counts[seat])}</span>')
        return out

    def sorts(self, s: "Model") -> str:
        return f"""<span class="sorts" role="group" aria-label="{_("Sort your rack")}"><span class="sorts-word">{_("Sort")}</span>
        <button type="button" class="chip" data-act="sort:suit" title="{
        _("Runs: by colour, then number")}">{_("runs 1-2-3")}</button>
        <button type="button" class="chip" data-act="sort:rank" title="{
        _("Sets: by number")}">{_("sets 7-7-7")}</button>
        <button type="button" class="chip" data-act="shift:left" title="{
        _("Move the selected tiles one place left")}">{_("◀ move")}</button>
        <button type="button" class="chip" data-act="shift:right" title="{
        _("Move the selected tiles one place right")}">{_("move ▶")}</button>
      </span>"""

    def status(self, s: "Model", v, thinking: bool) -> str:
        st = s.game
        info = v.info
        if v.phase == Phase.HAND_OVER:
            return (f"<b>{_('Game over.')}</b> "
                    f"{esc(result_words(st.results[-1]) if st.results else '')}")
        if not s.human_to_move():
            if v.phase in (Phase.EXCHANGE, Phase.OPENING):
                who = esc(st.names[v.turn])
                return (_("{who} is thinking of a doubla", who=who) if v.phase == Phase.EXCHANGE
                        else _("{who} opens the game", who=who))
            return super().status(s, v, thinking)
        if v.phase == Phase.EXCHANGE:
            offer = info.get("offer")
            if offer is not None:
                return "<b>" + _("Doubla: offer a pair of identical tiles for exchange, or pass. "
                                 "{who} has offered one.", who=esc(st.names[offer])) + "</b>"
            return "<b>" + _("Doubla: offer a pair of identical tiles for exchange, or pass.") \
                + "</b>"
        if v.phase == Phase.OPENING:
            return f"<b>{_('You begin: discard one tile, crosswise. It is never used again.')}</b>"
        if v.phase == Phase.DRAW:
            if not v.melded[s.human]:
                return f"<b>{_('Your turn: draw from the wall.')}</b>"
            return "<b>" + _("Draw, take the last discard, or tap a tile of the row with the two "
                             "tiles it combines with selected.") + "</b>"
        if info.get("going_out"):
            return f"<b>{_('Meld all your tiles but one, then discard the last.')}</b>"
        if not v.melded[s.human]:
            return "<b>" + _("Initial meld: {points} points with a run, in one move. Then "
                             "discard.", points=info['minimum']) + "</b>"
        return "<b>" + _("Meld, add tiles, swap a Joly (tap its combination), then discard.") \
            + "</b>"


def _without(cards, tile) -> list:
    rest = list(cards)
    rest.remove(tile)
    return rest


__all__ = ["TilesTable"]
