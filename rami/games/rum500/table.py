"""500 Rum's table: the spread discard pile (any card taken with every card above it, then
melded at once), the rum call, the opening minimum, and each seat's points on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import DRAW, PASS, Action, TakeDiscard
from ...cards import Card
from ...errors import RamiError
from ...view import Phase
from ...web.parts import DOTS, card_button, card_label, esc, sr
from ...web.tables.base import Choice, Table
from ...i18n import _, N_, n_, p_

if TYPE_CHECKING:                                     # pragma: no cover
    from ...web.tables.model import Model


class Rum500Table(Table):
    blurb = N_("Two to eight players. Take any card of the spread pile, score what you meld; "
             "first to 500. Partnership and Persian too.")
    keys = {**Table.keys, "f": "dialog:pile"}
    help_keys = [("D", N_("draw from the stock")), ("T", N_("take the pile card picked (or the top)")),
                 ("F", N_("spread the discard pile out large")),
                 ("M", N_("meld the selected cards")), ("L", N_("lay off the selected card")),
                 ("X", N_("discard the selected card")), ("P", N_("let a rum call go")),
                 ("N", N_("next hand"))]
    help_tip = (N_("Tap a card of the discard pile to pick it (it and every card above it lift), "
                  "tap it again or press Take to take them. Drag a card onto the pile to "
                  "discard it, or onto a meld to lay it off."))
    acts = ("pile",)

    # -- the spread pile ------------------------------------------------------------------
    def take_at(self, s: "Model", index: int) -> TakeDiscard:
        """The take of pile card ``index`` (0 = bottom) with every card above it."""
        pile = s.game.discard
        card = pile[index]
        return TakeDiscard(card, pile[index:].count(card))

    def pile_takes(self, s: "Model") -> set[int]:
        """The pile positions the person may take from now."""
        if not s.human_to_move() or s.game.phase != Phase.DRAW:
            return set()
        return {a.index_in(s.game.discard) for a in s.game.legal_actions()
                if isinstance(a, TakeDiscard) and a.card is not None}

    def act(self, s: "Model", kind: str, arg: str) -> Action | None:
        """A tap on pile card ``arg``: the top card, or a card picked a second time, is the
        take to play; a deeper card is first only picked (it and the cards above it lift).
        An illegal take raises a RamiError that says why."""
        st = s.game
        if not s.human_to_move():
            raise RamiError(_("Wait: it is {who}'s turn.", who=st.names[st.turn])
                            if s.bot_to_move() else _("The hand is over."))
        try:
            index = int(arg)
        except ValueError:
            raise RamiError(_("That card is no longer in the pile.")) from None
        if not 0 <= index < len(st.discard):
            raise RamiError(_("That card is no longer in the pile."))
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
    def choices(self, s: "Model") -> list[Choice]:
        st = s.game
        if not s.human_to_move() or st.phase not in (Phase.DRAW, Phase.RUM):
            return super().choices(s)
        legal = st.legal_actions()
        if st.phase == Phase.RUM:
            card = Card.parse(st.extra["rum"]["card"]).pretty()
            out = [Choice("rum", _("Rum! {card} on meld {meld}", card=card, meld=a.meld + 1), a)
                   for a in legal if a.kind == "rum"]
            return out + [Choice("pass", _("Let it go"), PASS)]
        out = [self.simple(s, "draw", _("Draw from the stock"), DRAW, legal)]
        pick = s.pile_pick
        if pick is not None and pick < len(st.discard):
            action = self.take_at(s, pick)
            more = len(st.discard) - 1 - pick
            label = (_("Take the {card} and {n} above", card=action.card.pretty(), n=more)
                     if more else _("Take the {card}", card=action.card.pretty()))
            out.append(Choice("take", label, action if action in legal else None,
                              "" if action in legal else s.explain(action)))
        elif st.discard:
            top = self.take_at(s, len(st.discard) - 1)
            ok = top in legal
            out.append(Choice("take", _("Take the {card}", card=top.card.pretty()),
                              top if ok else None, "" if ok else s.explain(top)))
        if PASS in legal:
            out.append(Choice("pass", _("End the hand"), PASS, confirm=(
                _("The stock is empty. End the hand now, without taking from the pile? Everyone "
                  "scores his cards on the table minus the cards in his hand."))))
        return out

    # -- drawing --------------------------------------------------------------------------
    def piles(self, s: "Model", v, can: set[str]) -> tuple[str, ...]:
        return self.stock(v, "draw" in can), self.spread(s, v)

    def spread(self, s: "Model", v, large: bool = False) -> str:
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
            what = (n_("{card}, with the {n} card above it", "{card}, with the {n} cards above it",
                       above, card=card_label(c)) if above else
                    _("{card}, the top card", card=card_label(c)))
            # TRANSLATORS: the word over the pile card picked: a tap takes it (a few letters)
            badge = f' data-badge="{esc(p_("badge", "take"))}"' if i == pick else ""
            cards.append(card_button(c, cls, f"pile:{i}", what, attrs=badge))
        body = "".join(cards) or '<span class="card empty-slot"></span>'
        if large:
            return f'<div class="fan large" style="--n:{max(len(pile), 1)}">{body}</div>'
        fan = (f'<button type="button" class="chip fan-out" data-act="dialog:pile">'
               f'{_("Spread out")}<span class="sr-only"> {_("the pile, large")}</span></button>'
               if len(pile) > 1 else "")
        said = n_("Discard pile, {n} card, bottom to top", "Discard pile, {n} cards, bottom to top",
                  len(pile))
        # (on a phone a long pile's cards are drawn too close to tap one by one: a tap on the
        # pile opens it large, where a tap picks a card; the stylesheet says when)
        opener = (f'<button type="button" class="pile-open" data-act="dialog:pile">'
                  f'{sr(_("Spread out") + " " + _("the pile, large"))}</button>'
                  if len(pile) > 1 else "")
        return (f'<div class="pile discard spread{" can" if can else ""}" role="group" '
                f'data-act="take" aria-label="{said}">{opener}'
                f'<div class="fan" style="--n:{max(len(pile), 1)}">{body}</div>'
                f'<span class="pile-label">{_("Discard pile")} · {len(pile)}'
                f'<span class="pile-words"> · {_("take any card with all above it")}</span> '
                f'{fan}</span></div>')

    def dialog(self, s: "Model", name: str) -> str:
        """The pile spread out large, over the table (a tap picks a card, as on the table)."""
        v = s.view()
        if name != "pile" or not v.discard:
            return ""
        return (f'<div class="overlay" role="dialog" aria-modal="true" '
                f'aria-labelledby="pile-title"><div class="summary pile-large">'
                f'<h2 id="pile-title">{_("The discard pile, bottom to top")}</h2>'
                f'<p>{_("Take any card you can meld at once, with every card above it.")}</p>'
                f'{self.spread(s, v, large=True)}<div class="sum-go"><button type="button" '
                f'class="btn primary" data-act="close">{_("Close")}</button></div></div></div>')

    def head(self, s: "Model", v) -> str:
        return self.seat_badges(s, v, s.human)

    def seat_badges(self, s: "Model", v, seat: int) -> str:
        """What a seat has on the table this hand (it scores at the hand's end)."""
        pts = v.info.get("table_points")
        if pts is None or v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return ""
        return (f'<span class="table-pts" title="{_("Points on the table this hand")}">'
                f'{_("table {points}", points=pts[seat])}</span>')

    def status(self, s: "Model", v, thinking: bool) -> str:
        """The pile pick, the duty to meld the card taken, the first meld, a rum call."""
        st = s.game
        info = v.info
        names = st.names
        if v.phase == Phase.RUM:
            r = info["rum"]
            card = Card.parse(r["card"]).pretty()
            if s.human_to_move():
                return "<b>" + _("{who} discarded the {card}, which fits a meld on the table. "
                                 "Call rum and lay it off in front of you?",
                                 who=esc(names[r['by']]), card=esc(card)) + "</b>"
            return _("{who} may call rum on the {card}", who=esc(names[v.turn]),
                     card=esc(card)) + (DOTS if thinking else '')
        if s.human_to_move() and v.phase == Phase.DRAW:
            if s.pile_pick is not None and s.pile_pick < len(v.discard):
                c = v.discard[s.pile_pick]
                more = len(v.discard) - 1 - s.pile_pick
                card = esc(c.pretty())
                return "<b>" + (n_("Take the {card} and the {n} card above it? The {card} must "
                                   "go into a meld at once. Tap it again, or press Take.",
                                   "Take the {card} and the {n} cards above it? The {card} must "
                                   "go into a meld at once. Tap it again, or press Take.",
                                   more, card=card) if more else
                                _("Take the {card}? The {card} must go into a meld at once. Tap "
                                  "it again, or press Take.", card=card)) + "</b>"
            if not v.stock_count:
                return f"<b>{_('The stock is empty: take from the pile, or end the hand.')}</b>"
            return "<b>" + _("Your turn: draw from the stock, or take any card of the pile with "
                             "all the cards above it (you must meld it at once).") + "</b>"
        if s.human_to_move() and v.phase == Phase.PLAY:
            if info.get("duty"):
                c = Card.parse(info["duty"]).pretty()
                return "<b>" + (_("Now meld the {card} you took (or lay it off): select it with "
                                  "the cards that meld with it and press Meld.", card=esc(c))
                                if st.options["pickup_to_hit"] else
                                _("Now meld the {card} you took: select it with the cards that "
                                  "meld with it and press Meld.", card=esc(c))) + "</b>"
            if st.variant.opening_pending(st):
                need = st.variant._still_needed(st, st.turn)
                return "<b>" + _("Your first melds must total {points} points: {laid} laid, lay "
                                 "{need} more before you discard.",
                                 points=st.options['min_first_meld'], laid=info['opening'],
                                 need=need) + "</b>"
        return super().status(s, v, thinking)
