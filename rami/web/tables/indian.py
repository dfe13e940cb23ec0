"""Indian 13-card rummy's table: the hand kept in labelled groups, the cut wild joker, drops,
the declaration with its finish slot, the other players showing their groups, and the
declaration screen with the pool's rejoin offer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import DECLINE, DRAW, DROP, REJOIN, TAKE, Declare, Discard, Show
from ...cards import Card
from ...state import Phase
from ..parts import DOTS, LABEL_CLASS, RANK_WORDS, esc, face, group_html
from ..svg import card_svg
from .base import MATCH_END_BUTTONS, MORE_MELDS, Choice, Table

if TYPE_CHECKING:                                     # pragma: no cover
    from ..session import Session

STATUS_WORDS = {"declared": "declared", "shown": "showed", "first drop": "first drop",
                "middle drop": "middle drop", "invalid": "invalid declaration",
                "won": "last in", "away": "out of the pool", "in": ""}


class IndianTable(Table):
    grouped = True
    blurb = ("Two to six players, 13 cards, wild jokers. Group them all and declare; "
             "points, pool or deals.")
    keys = {"d": "draw", "t": "take", "x": "btn:discard", "g": "group", "e": "btn:declare",
            "r": "btn:drop", "s": "btn:show"}
    help_keys = [("Shift + ← →", "move the card, across into the next group at a group's edge"),
                 ("D", "pick from the closed deck"), ("T", "take from the open deck"),
                 ("G", "make a new group of the selected cards"),
                 ("X", "discard the selected card"),
                 ("E", "declare, with the selected card in the finish slot"),
                 ("R", "drop"), ("S", "show your groups after a declaration"),
                 ("N", "next deal")]
    help_tip = ("Drag a card onto another group to move it there, onto the dashed box to start "
                "a new group, or onto the open deck to discard it. Each group says what it is "
                "as you arrange it. Double-click a card to discard it.")
    stock_word = "Closed deck"
    discard_word = "Open deck"

    # -- the rules of the person's groups -------------------------------------------------
    def deal_options(self, s: "Session") -> dict:
        """The house options and this deal's wild rank (the meld rules of the deal)."""
        st = s.state
        return st.variant.deal_options(st.options, st.extra["wild"])

    def group_valid(self, s: "Session", cards) -> bool:
        from ...variants.indian import group_label
        return group_label(cards, s.state.variant.rules(s.state)) != "invalid"

    def group_labels(self, s: "Session") -> list[str]:
        """What each group is now: pure sequence, sequence, set or invalid."""
        from ...variants.indian import group_label
        rules = s.state.variant.rules(s.state)
        return [group_label(g, rules) for g in s.group_cards()]

    def judged(self, s: "Session", leave_out: Card | None = None):
        """The person's groups judged by the declaration rules (less ``leave_out``)."""
        groups = s.group_cards()
        if leave_out is not None:
            for g in groups:
                if leave_out in g:
                    g.remove(leave_out)
                    break
        return s.state.variant.judge(self.deal_options(s), [g for g in groups if g])

    def best_groups(self, s: "Session", cards: list[Card]) -> list[list[Card]]:
        """The groups that score the fewest points; holding 14 cards, the card best
        discarded goes alone at the end."""
        st = s.state
        var = st.variant
        opts = self.deal_options(s)
        if len(cards) <= var.hand_size(st):
            return [list(g) for g in var.best_grouping(opts, cards).groups]
        memo: dict = {}
        best = None
        for c in dict.fromkeys(cards):
            rest = list(cards)
            rest.remove(c)
            g = var.best_grouping(opts, rest, memo)
            key = (not var.can_declare(opts, rest) if g.raw == 0 else True, g.raw)
            if best is None or key < best[0]:
                best = (key, g, c)
        return [list(g) for g in best[1].groups] + [[best[2]]]

    # -- the buttons ----------------------------------------------------------------------
    def choices(self, s: "Session") -> list[Choice]:
        st, phase = s.state, s.state.phase
        if not s.human_to_move():
            return []
        legal = st.legal_actions()
        info = s.view().info
        if phase == Phase.HAND_OVER:
            score = info.get("rejoin_score")
            return [Choice("rejoin", f"Rejoin at {score} points", REJOIN),
                    Choice("decline", "Stay out", DECLINE)]
        if phase == Phase.SHOW:
            judged = self.judged(s)
            return [Choice("show", f"Show my groups ({judged.points} points)",
                           Show(tuple(tuple(g) for g in s.group_cards())))]
        if phase == Phase.DRAW:
            top = st.discard[-1] if st.discard else None
            take = TAKE if TAKE in legal else None
            first, middle = info["drop"]
            picks = info["picks"][s.human]
            kind, cost = ("first drop", first) if picks == 0 else ("middle drop", middle)
            return [self.simple(s, "draw", "Pick from the closed deck", DRAW, legal),
                    Choice("take", f"Take the {top.pretty()}" if top else "Take from the open "
                           "deck", take, "" if take else self.why(s, TAKE, legal)),
                    Choice("drop", f"Drop ({cost})", DROP, confirm=(
                        f"Drop out of this deal? A {kind} costs {cost} points, and you sit "
                        "out until the next deal."))]
        sel = s.selected_cards()
        out = [self.one_card(s, "discard", "Discard", Discard.of, sel, legal)]
        if len(sel) != 1:
            out.append(Choice("declare", "Declare", None,
                              "Select the card to put in the finish slot, then declare."
                              if sel else ""))
            return out
        card = sel[0]
        judged = self.judged(s, leave_out=card)
        action = Declare(card, tuple(tuple(g) for g in judged.groups))
        if judged.valid:
            text = (f"Declare, with the {card.pretty()} in the finish slot? Your groups are "
                    "valid: two sequences, one of them pure, and every card grouped.")
        else:
            pts = info["invalid"]
            text = (f"Your groups are not a valid declaration: {judged.why}. An invalid "
                    f"declaration costs {pts} points and puts you out of this deal. "
                    "Declare anyway?")
            rest = list(st.hands[s.human])
            rest.remove(card)
            if st.variant.can_declare(self.deal_options(s), rest):
                text += " (These cards can be grouped validly: press 'best' to group them.)"
        # (it shines as a good move only when the groups are valid; else it warns)
        return out + [Choice("declare", f"Declare ({card.pretty()} to finish)", action,
                             confirm=text, style="primary" if judged.valid else "warn")]

    # -- drawing --------------------------------------------------------------------------
    def piles(self, s: "Session", v, can: set[str]) -> str:
        return self.stock(v, "draw" in can) + self.wild(v) + self.discard(v, "take" in can)

    def wild(self, v) -> str:
        """The cut wild joker, face up beside the closed deck."""
        cut = v.info.get("cut")
        if not cut:
            return ""
        card = Card.parse(cut)
        rank = v.info["wild_rank"]
        words = "aces are jokers" if not card.suit else \
            f"every {RANK_WORDS.get(rank, str(rank))} is a joker"
        return (f'<div class="pile wild" role="img" aria-label="Wild joker {esc(card.name())}: '
                f'{words}"><span class="card">{card_svg(card, hidden=True)}</span>'
                f'<span class="pile-label" aria-hidden="true">Wild joker<br><small>'
                f'{esc(words)}</small></span></div>')

    def middle(self, s: "Session", v) -> str:
        """The declaration being shown, or what a valid one is."""
        info = v.info
        d = info.get("declarer")
        if d is not None and v.phase == Phase.SHOW:
            g = info["groups"][str(d)]
            wild = self.wild_test(s)
            groups = "".join(group_html([Card.parse(c) for c in cards], label, wild=wild)
                             for cards, label in zip(g["groups"], g["labels"]))
            finish = Card.parse(info["finish"][str(d)])
            return (f'<div class="declared"><div class="meld-owner">'
                    f'{"You" if d == s.human else esc(s.state.names[d])} declared</div>'
                    f'<div class="groups-row">{groups}<div class="group finish">'
                    f'<span class="group-label">finish slot</span><span class="group-cards">'
                    f'{face(finish, "small", wild=wild(finish))}</span></div></div></div>'
                    + MORE_MELDS)
        return ('<p class="no-melds">Group all 13 cards in sequences and sets, with two '
                'sequences, one of them pure, then declare.</p>' + MORE_MELDS)

    def hand(self, s: "Session") -> str:
        labels = self.group_labels(s)
        out = []
        for g, (members, label) in enumerate(zip(s.groups(), labels)):
            cards = [self.hand_card(s, pos) for pos in members]
            out.append(f'<div class="hand-group g-{LABEL_CLASS[label]}" data-group="{g}" '
                       f'role="group" aria-label="Group {g + 1}: {esc(label)}">'
                       f'<span class="group-label" aria-hidden="true">{esc(label)}</span>'
                       f'<div class="group-cards">{"".join(cards)}</div></div>')
        out.append(f'<div class="hand-group new-group" data-group="{len(labels)}" '
                   'aria-hidden="true"><span class="group-label">new group</span>'
                   '<div class="group-cards"></div></div>')
        return (f'<div class="hand grouped" id="hand" role="group" aria-label="Your cards" '
                f'style="--n:{max(len(s.order), 1)};--g:{max(len(labels), 1)}">'
                f'{"".join(out)}</div>')

    def sorts(self, s: "Session") -> str:
        n = len(s.selected)
        return f"""<span class="sorts" role="group" aria-label="Group your cards">Group
        <button type="button" class="chip" data-act="sort:suit" title="One group per suit">suits
        </button><button type="button" class="chip" data-act="sort:best"
          title="The groups that score the fewest points">best</button>
        <button type="button" class="chip" data-act="group" title="The selected cards make a
          group of their own"{"" if n >= 2 else " disabled"}>new group{f" ({n})" if n >= 2
          else ""}</button></span>"""

    def head(self, s: "Session", v) -> str:
        """What the person's groups would cost now, and whether they declare."""
        st = s.state
        if st.phase not in (Phase.DRAW, Phase.PLAY, Phase.SHOW) or not st.hands[s.human]:
            return ""
        held = len(st.hands[s.human])
        sel = s.selected_cards()
        if held > st.variant.hand_size(st):
            if len(sel) != 1:
                return ('<span class="points-now">select the card to discard or finish with'
                        '</span>')
            judged = self.judged(s, leave_out=sel[0])
            lead = f"without the {esc(sel[0].pretty())}: "
        else:
            judged = self.judged(s)
            lead = ""
        if judged.valid:
            return f'<span class="points-now valid">{lead}valid declaration</span>'
        return (f'<span class="points-now" title="{esc(judged.rule)}">{lead}'
                f'{judged.points} points</span>')

    def status(self, s: "Session", v, thinking: bool) -> str:
        if v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return super().status(s, v, thinking)
        names = s.state.names
        info = v.info
        status = info["status"][s.human]
        dots = DOTS if thinking else ""
        if v.phase == Phase.SHOW:
            d = names[info["declarer"]]
            if s.human_to_move():
                return (f"<b>{esc(d)} declared. Arrange your cards in groups to lose as few "
                        "points as you can, then show them.</b>")
            return f"{esc(d)} declared; {esc(names[v.turn])} is grouping{dots}"
        if s.human_to_move():
            top = v.top_discard.pretty() if v.top_discard else ""
            if v.phase == Phase.DRAW:
                take = f" or take the {top}" if TAKE in v.legal else ""
                return f"<b>Your turn: pick from the closed deck{take}. You may also drop.</b>"
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

    def summary(self, s: "Session", v) -> tuple[str, str, str]:
        """Every player's groups and points, and what comes next (a rejoin offer)."""
        st = s.state
        over = v.phase == Phase.MATCH_OVER
        res = st.results[-1] if st.results else {}
        hands = ""
        for seat, info in enumerate(res.get("seats", [])):
            g = info.get("grouping")
            status = info["status"]
            body = ""
            if g:
                body = "".join(group_html([Card.parse(c) for c in cards], label,
                                          [Card.parse(c) for c in g["counted"]],
                                          wild=self.wild_test(s))
                               for cards, label in zip(g["groups"], g["labels"]))
            if info.get("finish"):
                body += group_html([Card.parse(info["finish"])], "finish slot")
            if not body:
                body = (f'<i class="none">'
                        f'{"cards not shown" if status != "away" else "not dealt in"}</i>')
            badge = STATUS_WORDS.get(status, status)
            hands += (f'<div class="sum-hand st-{esc(status.split()[-1])}"><div class="sum-who">'
                      f'{esc(st.names[seat])} <span class="badge">{esc(badge)}</span>'
                      f'<b>{info["points"]}</b></div><div class="groups-row">{body}</div></div>')
        offers = v.info.get("rejoin_offers") or []
        if over:
            button = MATCH_END_BUTTONS
        elif offers and offers[0] == s.human:
            score = v.info.get("rejoin_score")
            button = (f'<p class="offer">You are out of the pool. Every player still in has '
                      f'{v.info.get("rejoin_at_most")} points or fewer, so you may rejoin at '
                      f'{score} points.</p>'
                      f'<button type="button" class="btn primary big" data-act="btn:rejoin" '
                      f'id="rejoin">Rejoin at {score}</button> <button type="button" '
                      f'class="btn big" data-act="btn:decline" id="decline">Stay out</button>')
        elif offers:
            button = (f'<p class="offer">{esc(st.names[offers[0]])} may rejoin the pool at '
                      f'{v.info.get("rejoin_score")} points…</p>')
        else:
            button = ('<button type="button" class="btn primary big" data-act="next" '
                      'id="next">Next deal</button>')
        return hands, button, "summary indian"

    def seat_badges(self, s: "Session", v, seat: int) -> str:
        tag = self._seat_tag(v, seat)
        return f'<span class="seat-status s-{esc(tag.split()[-1])}">{esc(tag)}</span>' \
            if tag else ""

    def seat_out(self, v, seat: int) -> bool:
        return self._seat_tag(v, seat) in ("eliminated", "first drop", "middle drop", "invalid")

    @staticmethod
    def _seat_tag(v, seat: int) -> str:
        status = v.info.get("status", ())
        tag = status[seat] if seat < len(status) and status[seat] != "in" else ""
        return "eliminated" if tag == "away" else tag
