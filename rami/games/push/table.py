"""Push's table: the contract of the deal always in view with the player's progress, the
contract laid as one move (select its cards, press Lay contract, and pick the reading when a
wild could stand for more than one card), the push draw, partner marks, and rescues by
tapping (or dragging) the natural card onto the meld that holds its wild."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import DRAW, PUSH, TAKE, Action, Contract, Discard, MeldCards
from ...cards import Card
from ...errors import RamiError
from ...melds import interpretations
from ...view import Phase
from ..push import contract_melds_for, contract_readings
from ...web.parts import esc
from ...web.tables.base import Choice, Table
from ...i18n import _, join, N_

if TYPE_CHECKING:                                     # pragma: no cover
    from ...web.tables.model import Model

def _w(c: Card) -> str:
    return (_("Joly") if c.is_tile else _("joker")) if not c.suit else c.pretty()


def reading_words(m) -> str:
    """``Run 4♦–6♦: J★ as 4♦, 2♣ as 5♦`` / ``Set of sixes: J★, 2♣ (wild)``."""
    wild = m.wild_slots()
    if m.kind == "set":
        head = m.describe()
        head = head[:1].upper() + head[1:]
        if not wild:
            return head
        return _("{meld}: {wilds} as wilds", meld=head,
                 wilds=join(_w(m.cards[i]) for i in wild))
    reps = m.represented()
    head = _("Run {first}–{last}", first=reps[0].pretty(), last=reps[-1].pretty())
    if not wild:
        return head
    return _("{meld}: {wilds}", meld=head, wilds=", ".join(
        _("{wild} as {card}", wild=_w(m.cards[i]), card=reps[i].pretty()) for i in wild))


CONTRACT_TITLE = N_("This deal's contract")


class PushTable(Table):
    blurb = N_("Four players in two partnerships (or four to six alone). Five deals, each with "
             "its contract; take the discard or push it to your left-hand opponent.")
    keys = {**Table.keys, "c": "btn:contract", "r": "btn:rescue"}
    help_keys = [("D", N_("push (or draw, when the discard pile is empty)")),
                 ("T", N_("take the top discard")),
                 ("C", N_("lay your contract: the selected cards")),
                 ("M", N_("meld the selected cards")), ("L", N_("lay off the selected card")),
                 ("R", N_("rescue a wild with the selected card")),
                 ("X", N_("discard the selected card")), ("N", N_("next deal"))]
    help_tip = (N_("Select every card of your contract and press Lay contract; when a wild could "
                  "stand for more than one card, you choose. To rescue a wild, select the card "
                  "it stands for and tap (or drag it onto) its meld."))
    acts = ("reading",)

    # -- the buttons ----------------------------------------------------------------------
    def draw_choices(self, s: "Model", legal) -> list[Choice]:
        st = s.game
        top = st.discard[-1].pretty() if st.discard else ""
        left = st.names[st.next_seat(st.turn)]
        out = []
        if st.discard:
            out.append(self.simple(s, "take", _("Take the {card}", card=top), TAKE, legal))
        if PUSH in legal:
            out.append(Choice("draw", _("Push the {card} to {who}", card=top, who=left), PUSH))
        elif DRAW in legal and not st.stock:
            out.append(Choice("draw", _("End the deal"), DRAW, confirm=(
                _("The stock is empty. End the deal now? Every side scores the cards left in "
                  "its hands."))))
        elif DRAW in legal:
            out.append(Choice("draw", _("Draw from the stock"), DRAW))
        return out

    def play_choices(self, s: "Model", sel, legal) -> list[Choice]:
        st = s.game
        out = []
        if not st.melded[st.turn]:
            out.append(self.contract_choice(s, sel, legal))
        else:
            out.append(self.meld_choice(s, sel, legal))
            out.append(self.layoff_choice(s, sel, legal))
            out.append(self.rescue_choice(s, sel, legal))
        out.append(self.one_card(s, "discard", _("Discard"), Discard.of, sel, legal))
        return out

    def readings(self, s: "Model") -> list[Action]:
        """What the selected cards can be laid as now: the compound first move (a contract,
        a tile Rami initial meld) before it is made, single melds after it (each a legal
        action)."""
        st = s.game
        sel = s.selected_cards()
        key = (len(st.history), st.phase, tuple(map(str, sel)))
        cached = s.__dict__.get("_readings")
        if cached is not None and cached[0] == key:
            return cached[1]
        rules = st.variant.rules(st)
        if not st.melded[st.turn]:
            acts = self.first_moves(st, sel, rules)
        else:
            acts = [self.meld_action(m, rules) for m in interpretations(sel, rules)]
        legal = st.legal_actions()
        found = [a for a in acts if a in legal or st.variant.allows(st, a)]
        s._readings = (key, found)
        return found

    def first_moves(self, st, sel, rules) -> list[Action]:
        return [Contract(tuple(MeldCards.of(m, rules) for m in ms))
                for ms in contract_readings(sel, st.variant.shapes(st), rules)]

    @staticmethod
    def meld_action(m, rules) -> MeldCards:
        return MeldCards.of(m, rules)

    def contract_choice(self, s: "Model", sel, legal) -> Choice:
        st = s.game
        what = st.variant.contract_text(st)
        if not sel:
            ready = any(a.kind == "contract" for a in legal)
            return Choice("contract", _("Lay contract"), None,
                          _("Select the cards of your contract ({what}).", what=what)
                          if ready else "")
        found = self.readings(s)
        if len(found) == 1:
            return Choice("contract", _("Lay contract"), found[0])
        if found:
            return Choice("contract", _("Lay contract…"), None, dialog="readings")
        if len(sel) > 14:
            return Choice("contract", _("Lay contract"), None,
                          _("Select only the cards of your contract."))
        return Choice("contract", _("Lay contract"), None,
                      _("These cards do not make your contract ({what}).", what=what))

    def meld_choice(self, s: "Model", sel, legal) -> Choice:
        if len(sel) < 3:
            return super().meld_choice(s, sel, legal)
        found = self.readings(s)
        if len(found) == 1:
            return Choice("meld", _("Meld"), found[0])
        if found:
            return Choice("meld", _("Meld…"), None, dialog="readings")
        return Choice("meld", _("Meld"), None, s.explain(MeldCards(tuple(sel))))

    def rescue_choice(self, s: "Model", sel, legal) -> Choice:
        if len(sel) != 1:
            return Choice("rescue", _("Rescue"), None,
                          _("Select the card a wild on the table stands for.") if sel else "")
        mine = [a for a in legal if a.kind == "rescue" and a.card is sel[0]]
        if len(mine) == 1:
            a = mine[0]
            return Choice("rescue", _("Rescue the {wild} from meld {meld}",
                                      wild=a.wild.pretty(), meld=a.meld + 1), a)
        if mine:
            return Choice("rescue", _("Rescue"), None,
                          _("The {card} can rescue more than one wild: tap the meld.",
                            card=sel[0].pretty()))
        return Choice("rescue", _("Rescue"), None,
                      _("No wild on the table stands for the {card}.", card=sel[0].pretty()))

    def meld_tap(self, s: "Model", index: int) -> Action:
        """A tap on a table meld with one card selected: a lay-off, or else a rescue."""
        st = s.game
        sel = s.selected_cards()
        if len(sel) == 1 and s.human_to_move() and st.phase == Phase.PLAY:
            if not any(a.meld == index for a in s.layoff_targets()):
                rescue = next((a for a in st.legal_actions() if a.kind == "rescue"
                               and a.card is sel[0] and a.meld == index), None)
                if rescue is not None:
                    return rescue
        return super().meld_tap(s, index)

    def act(self, s: "Model", kind: str, arg: str) -> Action | None:
        found = self.readings(s)
        try:
            return found[int(arg)]
        except (ValueError, IndexError):
            raise RamiError(_("Select the cards again: the choice is gone.")) from None

    def dialog(self, s: "Model", name: str) -> str:
        if name != "readings" or not s.human_to_move():
            return ""
        found = self.readings(s)
        if not found:
            return ""
        items = []
        for i, a in enumerate(found):
            melds = getattr(a, "melds", None) or (a,)
            st = s.game
            rules = st.variant.rules(st)
            words = " · ".join(reading_words(next(
                m for m in interpretations(list(x.cards), rules, list(x.reps) or None)))
                for x in melds)
            items.append(f'<li><button type="button" class="btn go reading" '
                         f'data-act="reading:{i}">{esc(words)}</button></li>')
        what = self.reading_what(found[0])
        wilds = any(m.wild_slots() for a in found for x in (getattr(a, "melds", None) or (a,))
                    for m in interpretations(list(x.cards), rules, list(x.reps) or None))
        why = (_("A wild can stand for more than one card here: say which.") if wilds else
               _("These cards can be laid in more than one way here: say which."))
        return (f'<div class="overlay" role="dialog" aria-modal="true" '
                f'aria-labelledby="reading-title"><div class="summary readings">'
                f'<h2 id="reading-title">{_("How do you lay {what}?", what=what)}</h2>'
                f'<p>{esc(why)}</p>'
                f'<ul class="reading-list">{"".join(items)}</ul><div class="sum-go">'
                f'<button type="button" class="btn" data-act="close">{_("Cancel")}</button>'
                f'</div></div></div>')

    @staticmethod
    def reading_what(a) -> str:
        return _("your contract") if isinstance(a, Contract) else _("this meld")

    # -- drawing --------------------------------------------------------------------------
    stock_word = N_("Stock")

    def head(self, s: "Model", v) -> str:
        """The deal's contract and the person's progress towards it."""
        info = v.info
        if "shapes" not in info or v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return ""
        done = info["contracted"][s.human]
        chips = ""
        if not done:
            chips = "".join(self.progress(s, v))
        mark = f'<span class="ok">{_("✓ laid")}</span>' if done else chips
        return (f'<span class="contract-chip" title="{esc(_(CONTRACT_TITLE))}">'
                + _("Deal {number}/{count} · contract: <b>{contract}</b>", number=info["deal"],
                    count=info["deals"], contract=esc(s.game.variant.contract_text(s.game)))
                + f' {mark}</span>')

    def progress(self, s: "Model", v) -> list[str]:
        """A chip per kind of meld in the contract: ready, or how many of its cards the hand
        holds (the best sets or runs it could build on, wilds counted once)."""
        st = s.game
        rules = st.variant.rules(st)
        hand = list(v.hand)
        shapes = st.variant.shapes(st)
        if contract_melds_for(hand, shapes, rules, limit=1, budget=600):
            return [f'<span class="ok">{_("ready to lay")}</span>']
        wilds = sum(1 for c in hand if rules.is_wild(c))
        out = []
        for kind, size in dict.fromkeys(shapes):
            k = shapes.count((kind, size))
            best = sorted(_naturals_towards(hand, kind, size, rules), reverse=True)[:k]
            have = min(sum(best) + wilds, k * size)
            what = (_("set of {n}", n=size) if kind == "set" else _("run of {n}", n=size))
            out.append(f'<span class="prog">{"" if k == 1 else f"{k}×"}{what}: '
                       f'{have}/{k * size}</span>')
        return out

    def seat_badges(self, s: "Model", v, seat: int) -> str:
        info = v.info
        out = ""
        if info.get("contracted", [False] * (seat + 1))[seat] and \
                v.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            out += (f'<span class="badge-c" title="{_("Has laid the contract")}">'
                    f'{_("contract ✓")}</span>')
        got = self.last_push(v, seat)
        if got:
            out += (f'<span class="pushed" title="'
                    f'{_("Pushed to this seat: {card} and a face-down card", card=esc(got[:-3]))}'
                    f'">+{esc(got)}</span>')
        return out

    @staticmethod
    def last_push(v, seat: int) -> str:
        """What was pushed to ``seat`` since its last turn, as the person may see it."""
        for e in reversed(v.events):
            if e.seat == seat and e.kind not in ("pushed",):
                return ""
            if e.kind == "push" and e.text == v.names[seat]:
                return f"{e.card.pretty()} +1"
        return ""

    def status(self, s: "Model", v, thinking: bool) -> str:
        st = s.game
        info = v.info
        if s.human_to_move() and v.phase == Phase.DRAW:
            top = v.top_discard.pretty() if v.top_discard else ""
            left = st.names[st.next_seat(st.turn)]
            if not v.top_discard:
                return f"<b>{_('Your turn: draw from the stock.')}</b>"
            if not v.stock_count:
                return "<b>" + _("The stock is empty: take the {card}, or end the deal.",
                                 card=esc(top)) + "</b>"
            return "<b>" + _("Your turn: take the {card}, or push it with the top stock card "
                             "to {who} and draw.", card=esc(top), who=esc(left)) + "</b>"
        if s.human_to_move() and v.phase == Phase.PLAY:
            if info.get("rescued"):
                w = ", ".join(Card.parse(c).pretty() for c in info["rescued"])
                return "<b>" + _("Use the rescued {cards} this turn: meld it or lay it off "
                                 "before you discard.", cards=esc(w)) + "</b>"
            if not info["contracted"][s.human]:
                return "<b>" + _("Lay your contract ({contract}) if you can: select its cards "
                                 "and press Lay contract. Then discard.",
                                 contract=esc(s.game.variant.contract_text(s.game))) + "</b>"
            return "<b>" + _("Meld, lay off on any meld, rescue a wild with the card it stands "
                             "for, then discard.") + "</b>"
        return super().status(s, v, thinking)


def _naturals_towards(hand, kind: str, size: int, rules) -> list[int]:
    """For each rank (sets) or each window of ``size`` in a suit (runs), how many natural
    cards of the hand fit it."""
    if kind == "set":
        suits: dict[int, set] = {}
        for c in hand:
            if c.suit and not rules.is_wild(c):
                suits.setdefault(c.rank, set()).add(c.suit)
        return [min(len(x), size) for x in suits.values()]
    ranks: dict[str, set] = {}
    for c in hand:
        if c.suit:
            ranks.setdefault(c.suit, set()).update({c.rank, 14} if c.rank == 1 else {c.rank})
    return [len({r for r in have if start <= r < start + size})
            for have in ranks.values() for start in range(1, 16 - size)]


__all__ = ["PushTable", "reading_words"]
