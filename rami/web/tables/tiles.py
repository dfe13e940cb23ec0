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
from ...state import Phase
from ...variants.tiles import meld_value, openings, said, splits
from ..parts import card_button, esc, face, sr
from ..svg import card_svg, crosswise_svg
from .base import Choice
from .push import PushTable

if TYPE_CHECKING:                                     # pragma: no cover
    from ..session import Session


class TilesTable(PushTable):
    blurb = ("The Romanian tile game for two to four: 106 tiles and two Jolys. Open with 50 "
             "points and a run, take from the discard row, swap Jolys, go out.")
    keys = {"d": "draw", "t": "take", "o": "btn:open", "m": "btn:meld", "l": "btn:layoff",
            "x": "btn:discard", "e": "exposed:0"}
    help_keys = [("D", "draw from the wall"), ("T", "take the last discard"),
                 ("O", "make your initial meld: the selected tiles"),
                 ("M", "lay the selected tiles as a combination"),
                 ("L", "add the selected tile to a combination"),
                 ("X", "discard the selected tile"), ("E", "take the exposed tile (to go out)"),
                 ("N", "next game")]
    help_tip = ("Drag tiles to arrange your rack. Select the tiles of your initial meld (50 "
                "points with a run) and press Initial meld. To take a tile of the row, select "
                "the two rack tiles it combines with and tap it. To take a Joly, select the "
                "tile(s) it stands for and the two tiles it will join, then tap its "
                "combination.")
    acts = ("reading", "row", "exposed", "shift")
    stock_word = "Wall"
    unit = "tile"

    # -- the buttons ----------------------------------------------------------------------
    def choices(self, s: "Session") -> list[Choice]:
        st = s.state
        if not s.human_to_move():
            return []
        legal = st.legal_actions()
        out = []
        if TWIN in legal:
            out.append(Choice("twin", f"Announce the twin ({st.extra['exposed']})", TWIN))
        if st.phase == Phase.EXCHANGE:
            out += [Choice(f"doubla-{a.card}", f"Offer the doubla {a.card}", a)
                    for a in legal if a.kind == "doubla"]
            return out + [Choice("pass", "No doubla", PASS)]
        if st.phase == Phase.OPENING:
            return out + [self.one_card(s, "discard", "Discard crosswise", Discard.of,
                                        s.selected_cards(), legal)]
        return out + super().choices(s)

    def draw_choices(self, s: "Session", legal) -> list[Choice]:
        st = s.state
        out = [Choice("draw", "Draw from the wall", DRAW)]
        if st.discard:
            out.append(self.simple(s, "take", f"Take the {st.discard[-1]}", TAKE, legal))
        if TAKE_EXPOSED in legal:
            out.append(Choice("exposed", f"Take the exposed {st.extra['exposed']} and go out",
                              TAKE_EXPOSED))
        return out

    def play_choices(self, s: "Session", sel, legal) -> list[Choice]:
        st = s.state
        out = []
        if not st.melded[st.turn]:
            out.append(self.open_choice(s, sel, legal))
        elif st.variant.opened_now(st, st.turn):
            pass                            # the turn of the initial meld: only a discard
        else:
            out.append(self.meld_choice(s, sel, legal))
            out.append(self.layoff_choice(s, sel, legal))
        discard = self.one_card(s, "discard", "Discard", Discard.of, sel, legal)
        if len(sel) > 1:                    # the tiles of a combination: say why not that
            discard = Choice("discard", "Discard")
        return out + [discard]

    def first_moves(self, st, sel, rules) -> list[Action]:
        return [Open(tuple(said(m) for m in ms)) for ms in splits(sel, rules)]

    @staticmethod
    def meld_action(m, rules) -> MeldCards:
        return said(m)

    @staticmethod
    def reading_what(a) -> str:
        return "your initial meld" if isinstance(a, Open) else "this combination"

    def open_choice(self, s: "Session", sel, legal) -> Choice:
        st = s.state
        need = st.options["min_first_meld"]
        if not sel:
            ready = any(a.kind == "open" for a in legal)
            return Choice("open", "Initial meld", None,
                          f"Select the tiles of your initial meld ({need} points with a run)."
                          if ready else "")
        found = self.readings(s)
        if len(found) == 1:
            return Choice("open", "Initial meld", found[0])
        if found:
            return Choice("open", "Initial meld…", None, dialog="readings")
        first = splits(sel, st.variant.rules(st), limit=1)
        if first:
            return Choice("open", "Initial meld", None,
                          s.explain(Open(tuple(said(m) for m in first[0]))))
        return Choice("open", "Initial meld", None,
                      "These tiles do not split into runs and sets." if len(sel) <= 14 else
                      "Select only the tiles of your initial meld.")

    # -- taps on the table --------------------------------------------------------------------
    @staticmethod
    def shift(s: "Session", step: int) -> None:
        """Move the selected tiles one place along the rack (arranging it by taps)."""
        if not s.selected:
            raise RamiError("Select the tiles to move, then tap ◀ move or move ▶.")
        edge = 0 if step < 0 else len(s.order) - 1
        if edge in s.selected:
            return None
        for p in sorted(s.selected, reverse=step > 0):
            s.move_card(p, p + step)
        return None

    def act(self, s: "Session", kind: str, arg: str) -> Action | None:
        if kind == "reading":
            return super().act(s, kind, arg)
        if kind == "shift":
            return self.shift(s, -1 if arg == "left" else 1)
        st = s.state
        legal = st.legal_actions()
        if kind == "exposed":
            if TAKE_EXPOSED in legal:
                return TAKE_EXPOSED
            raise RamiError(s.explain(TAKE_EXPOSED))
        # a tile of the row, with the two rack tiles selected
        i = int(arg)
        if not 0 <= i < len(st.discard):
            raise RamiError("That tile is no longer in the row.")
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
            raise RamiError(f"Select the two tiles of your rack that go with the {tile}: "
                            + " or ".join(ways) + ".")
        if st.phase != Phase.DRAW:
            raise RamiError("You take from the row at the start of your turn, instead of "
                            "drawing.")
        if any(isinstance(a, TakeDiscard) for a in legal):     # he may take, not this one
            raise RamiError(f"No two tiles of your rack make a combination with the {tile}.")
        raise RamiError(s.explain(TakeDiscard(tile, copy, MeldCards((tile,)))))

    def meld_tap(self, s: "Session", index: int) -> Action:
        """A tap on a combination: an addition of the selected tile, or a Joly swap (the
        tile(s) it stands for and the two tiles it will join, selected)."""
        st = s.state
        sel = s.selected_cards()
        if len(sel) >= 3 and s.human_to_move() and st.phase == Phase.PLAY:
            want = sorted(map(str, sel))
            for a in st.legal_actions():
                if a.kind == "swap" and a.meld == index and sorted(
                        map(str, list(a.cards) + [c for c in a.new.cards if c.suit])) == want:
                    return a
            raise RamiError("To take this combination's Joly, select the tile(s) it stands for "
                            "and the two rack tiles it will join.")
        return super().meld_tap(s, index)

    # -- drawing --------------------------------------------------------------------------
    def piles(self, s: "Session", v, can: set[str]) -> str:
        info = v.info
        ex = info.get("exposed")
        takes_ex = "exposed" in can
        exposed = (f'<button type="button" class="pile exposed{" can" if takes_ex else ""}" '
                   f'data-act="exposed:0">{face(Card.parse(ex), "small")}'
                   f'<span class="pile-label">Exposed</span>'
                   f'{sr(", take it to go out" if takes_ex else "")}</button>') if ex else \
            '<span class="pile exposed gone"><span class="pile-label">Exposed: taken</span></span>'
        return (f'<div class="wallside">{self.stock(v, "draw" in can)}{exposed}</div>'
                + self.row(s, v))

    def row(self, s: "Session", v) -> str:
        """The crosswise opening discard, then the discard row in order, every tile a button."""
        st = s.state
        info = v.info
        cw = info.get("crosswise")
        start = (f'<span class="card small crosswise" title="The opening discard: never used">'
                 f'{crosswise_svg(Card.parse(cw))}</span>') if cw else ""
        legal = st.legal_actions() if s.human_to_move() else []
        takeable = {a.index_in(st.discard) for a in legal if isinstance(a, TakeDiscard)
                    and a.card is not None}
        if TAKE in legal and st.discard:
            takeable.add(len(st.discard) - 1)
        tiles = "".join(card_button(c, "card small row-tile" + (" can" if i in takeable else ""),
                                    f"row:{i}", attrs=f' data-row="{i}"')
                        for i, c in enumerate(v.discard))
        empty = '<span class="row-empty">The discard row is empty</span>' if not v.discard else ""
        return (f'<div class="pile discard row" data-act="take" role="group" '
                f'aria-label="The discard row, first to last">{start}{tiles}{empty}</div>')

    def head(self, s: "Session", v) -> str:
        info = v.info
        if "minimum" not in info or v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return ""
        laid = info["laid"][s.human]
        if v.melded[s.human]:
            mark = f'<span class="ok">✓ opened · {laid} on the table</span>'
        else:
            st = s.state
            ways = openings(list(v.hand), st.variant.rules(st), info["minimum"], limit=1)
            best = sum(meld_value(m) for m in ways[0]) if ways else 0
            mark = (f'<span class="ok">ready: {best} points</span>' if ways else
                    '<span class="prog">not yet</span>')
        return (f'<span class="contract-chip" title="The initial meld">Game {info["game"]}/'
                f'{info["games"]} · initial meld: <b>{info["minimum"]} with a run</b> {mark}'
                '</span>')

    def seat_badges(self, s: "Session", v, seat: int) -> str:
        info = v.info
        out = ""
        if "laid" in info and v.melded[seat]:
            out += f'<span class="badge-c" title="Points on the table">laid {info["laid"][seat]}</span>'
        if seat in info.get("twins", ()):
            out += '<span class="pushed" title="Announced the twin of the exposed tile">twin</span>'
        if v.hand_counts[seat] <= 3 and v.phase in (Phase.DRAW, Phase.PLAY):
            out += f'<span class="pushed" title="Few tiles left">{v.hand_counts[seat]} left</span>'
        return out

    def sorts(self, s: "Session") -> str:
        return """<span class="sorts" role="group" aria-label="Sort your rack">Sort
        <button type="button" class="chip" data-act="sort:suit" title="Runs: by colour, then number">runs 1-2-3</button>
        <button type="button" class="chip" data-act="sort:rank" title="Sets: by number">sets 7-7-7</button>
        <button type="button" class="chip" data-act="shift:left" title="Move the selected tiles one place left">◀ move</button>
        <button type="button" class="chip" data-act="shift:right" title="Move the selected tiles one place right">move ▶</button>
      </span>"""

    def status(self, s: "Session", v, thinking: bool) -> str:
        st = s.state
        info = v.info
        if v.phase == Phase.HAND_OVER:
            return f"<b>Game over.</b> {esc(st.results[-1]['headline'] if st.results else '')}"
        if not s.human_to_move():
            if v.phase in (Phase.EXCHANGE, Phase.OPENING):
                doing = "is thinking of a doubla" if v.phase == Phase.EXCHANGE else \
                    "opens the game"
                return f"{esc(st.names[v.turn])} {doing}"
            return super().status(s, v, thinking)
        if v.phase == Phase.EXCHANGE:
            offer = info.get("offer")
            said_ = (f" {esc(st.names[offer])} has offered one." if offer is not None else "")
            return f"<b>Doubla: offer a pair of identical tiles for exchange, or pass.{said_}</b>"
        if v.phase == Phase.OPENING:
            return "<b>You begin: discard one tile, crosswise. It is never used again.</b>"
        if v.phase == Phase.DRAW:
            if not v.melded[s.human]:
                return "<b>Your turn: draw from the wall.</b>"
            return ("<b>Draw, take the last discard, or tap a tile of the row with the two "
                    "tiles it combines with selected.</b>")
        if info.get("going_out"):
            return "<b>Meld all your tiles but one, then discard the last.</b>"
        if not v.melded[s.human]:
            return (f"<b>Initial meld: {info['minimum']} points with a run, in one move. Then "
                    "discard.</b>")
        return "<b>Meld, add tiles, swap a Joly (tap its combination), then discard.</b>"


def _without(cards, tile) -> list:
    rest = list(cards)
    rest.remove(tile)
    return rest


__all__ = ["TilesTable"]
