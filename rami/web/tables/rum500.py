"""500 Rum's table: the spread discard pile (any card taken with every card above it, then
melded at once), the rum call, the opening minimum, and each seat's points on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import DRAW, PASS, Action, TakeDiscard
from ...cards import Card
from ...errors import RamiError
from ...state import Phase
from ..parts import DOTS, card_button, card_label, esc
from .base import Choice, Table

if TYPE_CHECKING:                                     # pragma: no cover
    from ..session import Session


class Rum500Table(Table):
    blurb = ("Two to eight players. Take any card of the spread pile, score what you meld; "
             "first to 500. Partnership and Persian too.")
    keys = {**Table.keys, "f": "dialog:pile"}
    help_keys = [("D", "draw from the stock"), ("T", "take the pile card picked (or the top)"),
                 ("F", "spread the discard pile out large"),
                 ("M", "meld the selected cards"), ("L", "lay off the selected card"),
                 ("X", "discard the selected card"), ("P", "let a rum call go"),
                 ("N", "next hand")]
    help_tip = ("Tap a card of the discard pile to pick it (it and every card above it lift), "
                "tap it again or press Take to take them. Drag a card onto the pile to discard "
                "it, or onto a meld to lay it off.")
    acts = ("pile",)

    # -- the spread pile ------------------------------------------------------------------
    def take_at(self, s: "Session", index: int) -> TakeDiscard:
        """The take of pile card ``index`` (0 = bottom) with every card above it."""
        pile = s.state.discard
        card = pile[index]
        return TakeDiscard(card, pile[index:].count(card))

    def pile_takes(self, s: "Session") -> set[int]:
        """The pile positions the person may take from now."""
        if not s.human_to_move() or s.state.phase != Phase.DRAW:
            return set()
        return {a.index_in(s.state.discard) for a in s.state.legal_actions()
                if isinstance(a, TakeDiscard) and a.card is not None}

    def act(self, s: "Session", kind: str, arg: str) -> Action | None:
        """A tap on pile card ``arg``: the top card, or a card picked a second time, is the
        take to play; a deeper card is first only picked (it and the cards above it lift).
        An illegal take raises a RamiError that says why."""
        st = s.state
        if not s.human_to_move():
            raise RamiError(f"Wait: it is {st.names[st.turn]}'s turn." if s.bot_to_move()
                            else "The hand is over.")
        try:
            index = int(arg)
        except ValueError:
            raise RamiError("That card is no longer in the pile.") from None
        if not 0 <= index < len(st.discard):
            raise RamiError("That card is no longer in the pile.")
        action = self.take_at(s, index)
        if st.phase != Phase.DRAW:
            raise RamiError(s.explain(action))
        if action not in st.legal_actions():
            s.pile_pick = None
            raise RamiError(s.explain(action))
        if index == len(st.discard) - 1 or s.pile_pick == index:
            return action
        s.pile_pick = index
        return None

    # -- the buttons ----------------------------------------------------------------------
    def choices(self, s: "Session") -> list[Choice]:
        st = s.state
        if not s.human_to_move() or st.phase not in (Phase.DRAW, Phase.RUM):
            return super().choices(s)
        legal = st.legal_actions()
        if st.phase == Phase.RUM:
            card = Card.parse(st.extra["rum"]["card"]).pretty()
            out = [Choice("rum", f"Rum! {card} on meld {a.meld + 1}", a)
                   for a in legal if a.kind == "rum"]
            return out + [Choice("pass", "Let it go", PASS)]
        out = [self.simple(s, "draw", "Draw from the stock", DRAW, legal)]
        pick = s.pile_pick
        if pick is not None and pick < len(st.discard):
            action = self.take_at(s, pick)
            more = len(st.discard) - 1 - pick
            label = f"Take the {action.card.pretty()}" + (f" and {more} above" if more else "")
            out.append(Choice("take", label, action if action in legal else None,
                              "" if action in legal else s.explain(action)))
        elif st.discard:
            top = self.take_at(s, len(st.discard) - 1)
            ok = top in legal
            out.append(Choice("take", f"Take the {top.card.pretty()}", top if ok else None,
                              "" if ok else s.explain(top)))
        if PASS in legal:
            out.append(Choice("pass", "End the hand", PASS, confirm=(
                "The stock is empty. End the hand now, without taking from the pile? "
                "Everyone scores his cards on the table minus the cards in his hand.")))
        return out

    # -- drawing --------------------------------------------------------------------------
    def piles(self, s: "Session", v, can: set[str]) -> str:
        return self.stock(v, "draw" in can) + self.spread(s, v)

    def spread(self, s: "Session", v, large: bool = False) -> str:
        """The discard pile spread out: every card readable, bottom left to top right. Each
        card the person may take is a button; pointing at one lifts it and every card above
        it (they come along), and a picked card stays lifted until it is taken."""
        pile = v.discard
        can = self.pile_takes(s)
        pick = s.pile_pick if s.pile_pick is not None and s.pile_pick < len(pile) else None
        cards = []
        for i, c in enumerate(pile):
            above = len(pile) - 1 - i
            cls = "pc" + (" can" if i in can else "")
            if pick is not None and i >= pick:
                cls += " picked" if i == pick else " along"
            if i == len(pile) - 1:
                cls += " top"
            what = card_label(c) + (f", with the {above} card{'s' if above > 1 else ''} "
                                    "above it" if above else ", the top card")
            cards.append(card_button(c, cls, f"pile:{i}", what))
        body = "".join(cards) or '<span class="card empty-slot"></span>'
        if large:
            return f'<div class="fan large" style="--n:{max(len(pile), 1)}">{body}</div>'
        fan = ('<button type="button" class="chip fan-out" data-act="dialog:pile">Spread out'
               '<span class="sr-only"> the pile, large</span></button>'
               if len(pile) > 1 else "")
        return (f'<div class="pile discard spread{" can" if can else ""}" role="group" '
                f'data-act="take" aria-label="Discard pile, {len(pile)} cards, bottom to top">'
                f'<div class="fan" style="--n:{max(len(pile), 1)}">{body}</div>'
                f'<span class="pile-label">Discard pile · {len(pile)}<span class="pile-words"> · '
                f'take any card with all above it</span> {fan}</span></div>')

    def dialog(self, s: "Session", name: str) -> str:
        """The pile spread out large, over the table (a tap picks a card, as on the table)."""
        v = s.view()
        if name != "pile" or not v.discard:
            return ""
        return (f'<div class="overlay" role="dialog" aria-modal="true" '
                f'aria-labelledby="pile-title"><div class="summary pile-large">'
                f'<h2 id="pile-title">The discard pile, bottom to top</h2>'
                f'<p>Take any card you can meld at once, with every card above it.</p>'
                f'{self.spread(s, v, large=True)}<div class="sum-go"><button type="button" '
                f'class="btn primary" data-act="close">Close</button></div></div></div>')

    def head(self, s: "Session", v) -> str:
        return self.seat_badges(s, v, s.human)

    def seat_badges(self, s: "Session", v, seat: int) -> str:
        """What a seat has on the table this hand (it scores at the hand's end)."""
        pts = v.info.get("table_points")
        if pts is None or v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return ""
        return (f'<span class="table-pts" title="Points on the table this hand">'
                f'table {pts[seat]}</span>')

    def status(self, s: "Session", v, thinking: bool) -> str:
        """The pile pick, the duty to meld the card taken, the first meld, a rum call."""
        st = s.state
        info = v.info
        names = st.names
        if v.phase == Phase.RUM:
            r = info["rum"]
            card = Card.parse(r["card"]).pretty()
            if s.human_to_move():
                return (f"<b>{esc(names[r['by']])} discarded the {esc(card)}, which fits a "
                        "meld on the table. Call rum and lay it off in front of you?</b>")
            return f"{esc(names[v.turn])} may call rum on the {esc(card)}{DOTS if thinking else ''}"
        if s.human_to_move() and v.phase == Phase.DRAW:
            if s.pile_pick is not None and s.pile_pick < len(v.discard):
                c = v.discard[s.pile_pick]
                more = len(v.discard) - 1 - s.pile_pick
                along = f" and the {more} card{'s' if more > 1 else ''} above it" if more else ""
                return (f"<b>Take the {esc(c.pretty())}{along}? The {esc(c.pretty())} must go "
                        "into a meld at once. Tap it again, or press Take.</b>")
            if not v.stock_count:
                return "<b>The stock is empty: take from the pile, or end the hand.</b>"
            return ("<b>Your turn: draw from the stock, or take any card of the pile with all "
                    "the cards above it (you must meld it at once).</b>")
        if s.human_to_move() and v.phase == Phase.PLAY:
            if info.get("duty"):
                c = Card.parse(info["duty"]).pretty()
                how = " (or lay it off)" if st.options["pickup_to_hit"] else ""
                return (f"<b>Now meld the {esc(c)} you took{how}: select it with the cards "
                        "that meld with it and press Meld.</b>")
            if st.variant.opening_pending(st):
                need = st.variant._still_needed(st, st.turn)
                return (f"<b>Your first melds must total {st.options['min_first_meld']} "
                        f"points: {info['opening']} laid, lay {need} more before you "
                        "discard.</b>")
        return super().status(s, v, thinking)
