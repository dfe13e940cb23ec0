"""Indian 13-card rummy's table: the hand kept in labelled groups, the cut wild joker, drops,
the declaration with its finish slot, the other players showing their groups, and the
declaration screen with the pool's rejoin offer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import DECLINE, DRAW, DROP, REJOIN, TAKE, Declare, Discard, Show
from ...cards import Card
from ...view import Phase
from ...web.parts import DOTS, LABEL_CLASS, LABEL_WORDS, RANK_WORDS, esc, face, group_html
from ...web.svg import card_svg
from ...web.tables.base import Choice, Table, match_end_buttons, more_melds
from ...i18n import _, N_

if TYPE_CHECKING:                                     # pragma: no cover
    from ...web.tables.model import Model

STATUS_WORDS = {"declared": N_("declared"), "shown": N_("showed"), "first drop": N_("first drop"),
                "middle drop": N_("middle drop"), "invalid": N_("invalid declaration"),
                "won": N_("last in"), "away": N_("out of the pool"), "in": ""}


# the tags at a seat (its status in the deal)
SEAT_TAGS = {"eliminated": N_("eliminated"), "first drop": N_("first drop"),
             "middle drop": N_("middle drop"), "invalid": N_("invalid declaration"),
             "declared": N_("declared"), "shown": N_("showed"), "won": N_("last in")}


class IndianTable(Table):
    grouped = True
    blurb = N_("Two to six players, 13 cards, wild jokers. Group them all and declare; "
             "points, pool or deals.")
    keys = {"d": "draw", "t": "take", "x": "btn:discard", "g": "group", "e": "btn:declare",
            "r": "btn:drop", "s": "btn:show"}
    help_keys = [("Shift + ← →", N_("move the card, across into the next group at a group's edge")),
                 ("D", N_("pick from the closed deck")), ("T", N_("take from the open deck")),
                 ("G", N_("make a new group of the selected cards")),
                 ("X", N_("discard the selected card")),
                 ("E", N_("declare, with the selected card in the finish slot")),
                 ("R", N_("drop")), ("S", N_("show your groups after a declaration")),
                 ("N", N_("next deal"))]
    help_tip = (N_("Drag a card onto another group to move it there, onto the dashed box to "
                  "start a new group, or onto the open deck to discard it. Each group says what "
                  "it is as you arrange it. Double-click a card to discard it."))
    stock_word = N_("Closed deck")
    discard_word = N_("Open deck")

    # -- the rules of the person's groups -------------------------------------------------
    def deal_options(self, s: "Model") -> dict:
        """The house options and this deal's wild rank (the meld rules of the deal)."""
        st = s.game
        return st.variant.deal_options(st.options, st.extra["wild"])

    def group_valid(self, s: "Model", cards) -> bool:
        from . import group_label
        return group_label(cards, s.game.variant.rules(s.game)) != "invalid"

    def group_labels(self, s: "Model") -> list[str]:
        """What each group is now: pure sequence, sequence, set or invalid."""
        from . import group_label
        rules = s.game.variant.rules(s.game)
        return [group_label(g, rules) for g in s.group_cards()]

    def judged(self, s: "Model", leave_out: Card | None = None):
        """The person's groups judged by the declaration rules (less ``leave_out``)."""
        groups = s.group_cards()
        if leave_out is not None:
            for g in groups:
                if leave_out in g:
                    g.remove(leave_out)
                    break
        return s.game.variant.judge(self.deal_options(s), [g for g in groups if g])

    def best_groups(self, s: "Model", cards: list[Card]) -> list[list[Card]]:
        """The groups that score the fewest points; holding 14 cards, the card best
        discarded goes alone at the end."""
        st = s.game
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
    def choices(self, s: "Model") -> list[Choice]:
        st, phase = s.game, s.game.phase
        if not s.human_to_move():
            return []
        legal = st.legal_actions()
        info = s.view().info
        if phase == Phase.HAND_OVER:
            score = info.get("rejoin_score")
            return [Choice("rejoin", _("Rejoin at {points} points", points=score), REJOIN),
                    Choice("decline", _("Stay out"), DECLINE)]
        if phase == Phase.SHOW:
            judged = self.judged(s)
            return [Choice("show", _("Show my groups ({points} points)", points=judged.points),
                           Show(tuple(tuple(g) for g in s.group_cards())))]
        if phase == Phase.DRAW:
            top = st.discard[-1] if st.discard else None
            take = TAKE if TAKE in legal else None
            first, middle = info["drop"]
            picks = info["picks"][s.human]
            ask = (_("Drop out of this deal? A first drop costs {points} points, and you sit "
                     "out until the next deal.", points=first) if picks == 0 else
                   _("Drop out of this deal? A middle drop costs {points} points, and you sit "
                     "out until the next deal.", points=middle))
            cost = first if picks == 0 else middle
            return [self.simple(s, "draw", _("Pick from the closed deck"), DRAW, legal),
                    Choice("take", _("Take the {card}", card=top.pretty()) if top
                           else _("Take from the open deck"), take,
                           "" if take else self.why(s, TAKE, legal)),
                    Choice("drop", _("Drop ({points})", points=cost), DROP, confirm=ask)]
        sel = s.selected_cards()
        out = [self.one_card(s, "discard", _("Discard"), Discard.of, sel, legal)]
        if len(sel) != 1:
            out.append(Choice("declare", _("Declare"), None,
                              _("Select the card to put in the finish slot, then declare.")
                              if sel else ""))
            return out
        card = sel[0]
        judged = self.judged(s, leave_out=card)
        action = Declare(card, tuple(tuple(g) for g in judged.groups))
        if judged.valid:
            text = (_("Declare, with the {card} in the finish slot? Your groups are valid: two "
                      "sequences, one of them pure, and every card grouped.",
                      card=card.pretty()))
        else:
            pts = info["invalid"]
            text = (_("Your groups are not a valid declaration: {why}. An invalid declaration "
                      "costs {points} points and puts you out of this deal. Declare anyway?",
                      why=judged.why, points=pts))
            rest = list(st.hands[s.human])
            rest.remove(card)
            if st.variant.can_declare(self.deal_options(s), rest):
                text = _("{question} (These cards can be grouped validly: press 'best' to "
                         "group them.)", question=text)
        # (it shines as a good move only when the groups are valid; else it warns)
        return out + [Choice("declare", _("Declare ({card} to finish)", card=card.pretty()),
                             action, confirm=text, style="primary" if judged.valid else "warn")]

    # -- drawing --------------------------------------------------------------------------
    def piles(self, s: "Model", v, can: set[str]) -> tuple[str, ...]:
        return self.stock(v, "draw" in can), self.wild(v), self.discard(v, "take" in can)

    def wild(self, v) -> str:
        """The cut wild joker, face up beside the closed deck."""
        cut = v.info.get("cut")
        if not cut:
            return ""
        card = Card.parse(cut)
        rank = v.info["wild_rank"]
        words = _("aces are jokers") if not card.suit else \
            _("every {rank} is a joker", rank=_(RANK_WORDS[rank]) if rank in RANK_WORDS
              else str(rank))
        said = _("Wild joker {card}: {what}", card=esc(card.name()), what=esc(words))
        return (f'<div class="pile wild" role="img" aria-label="{said}">'
                f'<span class="card">{card_svg(card, hidden=True)}</span>'
                f'<span class="pile-label" aria-hidden="true">{_("Wild joker")}<br><small>'
                f'{esc(words)}</small></span></div>')

    def middle(self, s: "Model", v) -> tuple[str, ...]:
        """The declaration being shown, or what a valid one is; then the sign of what is out
        of sight."""
        info = v.info
        d = info.get("declarer")
        if d is not None and v.phase == Phase.SHOW:
            g = info["groups"][str(d)]
            wild = self.wild_test(s)
            groups = "".join(group_html([Card.parse(c) for c in cards], label, wild=wild)
                             for cards, label in zip(g["groups"], g["labels"]))
            finish = Card.parse(info["finish"][str(d)])
            return (f'<div class="declared"><div class="meld-owner">'
                    + (_("You declared") if d == s.human else
                       _("{who} declared", who=esc(s.game.names[d])))
                    + f'</div><div class="groups-row">{groups}<div class="group finish">'
                    f'<span class="group-label">{_(LABEL_WORDS["finish slot"])}</span>'
                    f'<span class="group-cards">'
                    f'{face(finish, "small", wild=wild(finish))}</span></div></div></div>',
                    more_melds())
        return (f'<p class="no-melds">' + _("Group all 13 cards in sequences and sets, with two "
                                            "sequences, one of them pure, then declare.")
                + '</p>', more_melds())

    def hand(self, s: "Model") -> str:
        labels = self.group_labels(s)
        out = []
        at = self.hand_now(s)
        for g, (members, label) in enumerate(zip(s.groups(), labels)):
            cards = [self.hand_card(s, pos, at) for pos in members]
            said = _(LABEL_WORDS[label])
            out.append(f'<div class="hand-group g-{LABEL_CLASS[label]}" data-group="{g}" '
                       f'role="group" aria-label="'
                       f'{_("Group {number}: {what}", number=g + 1, what=esc(said))}">'
                       f'<span class="group-label" aria-hidden="true">{esc(said)}</span>'
                       f'<div class="group-cards">{"".join(cards)}</div></div>')
        out.append(f'<div class="hand-group new-group" data-group="{len(labels)}" '
                   f'aria-hidden="true"><span class="group-label">{_("new group")}</span>'
                   f'<div class="group-cards"></div></div>')
        return (f'<div class="hand grouped" id="hand" role="group" '
                f'aria-label="{_("Your cards")}" '
                f'style="--n:{max(len(s.order), 1)};--g:{max(len(labels), 1)}">'
                f'{"".join(out)}</div>')

    def sorts(self, s: "Model") -> str:
        n = len(s.selected)
        new = _("new group ({n})", n=n) if n >= 2 else _("new group")
        return f"""<span class="sorts" role="group" aria-label="{_("Group your cards")}"><span class="sorts-word">{
        _("Group")}</span>
        <button type="button" class="chip" data-act="sort:suit" title="{
        _("One group per suit")}">{_("suits")}</button><button type="button" class="chip"
          data-act="sort:best" title="{_("The groups that score the fewest points")}">{
          _("best")}</button>
        <button type="button" class="chip" data-act="group" title="{
        _("The selected cards make a group of their own")}"{"" if n >= 2 else " disabled"}>{
        new}</button></span>"""

    def head(self, s: "Model", v) -> str:
        """What the person's groups would cost now, and whether they declare."""
        st = s.game
        if st.phase not in (Phase.DRAW, Phase.PLAY, Phase.SHOW) or not st.hands[s.human]:
            return ""
        held = len(st.hands[s.human])
        sel = s.selected_cards()
        if held > st.variant.hand_size(st):
            if len(sel) != 1:
                return (f'<span class="points-now">'
                        f'{_("select the card to discard or finish with")}</span>')
            judged = self.judged(s, leave_out=sel[0])
            card = esc(sel[0].pretty())
            if judged.valid:
                return (f'<span class="points-now valid">'
                        f'{_("without the {card}: valid declaration", card=card)}</span>')
            return (f'<span class="points-now" title="{esc(judged.rule)}">'
                    f'{_("without the {card}: {points} points", card=card, points=judged.points)}'
                    f'</span>')
        judged = self.judged(s)
        if judged.valid:
            return f'<span class="points-now valid">{_("valid declaration")}</span>'
        return (f'<span class="points-now" title="{esc(judged.rule)}">'
                f'{_("{points} points", points=judged.points)}</span>')

    def status(self, s: "Model", v, thinking: bool) -> str:
        if v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return super().status(s, v, thinking)
        names = s.game.names
        info = v.info
        status = info["status"][s.human]
        dots = DOTS if thinking else ""
        if v.phase == Phase.SHOW:
            d = names[info["declarer"]]
            if s.human_to_move():
                return "<b>" + _("{who} declared. Arrange your cards in groups to lose as few "
                                 "points as you can, then show them.", who=esc(d)) + "</b>"
            return _("{who} declared; {other} is grouping", who=esc(d),
                     other=esc(names[v.turn])) + dots
        if s.human_to_move():
            top = v.top_discard.pretty() if v.top_discard else ""
            if v.phase == Phase.DRAW:
                return "<b>" + (_("Your turn: pick from the closed deck or take the {card}. You "
                                  "may also drop.", card=top) if TAKE in v.legal else
                                _("Your turn: pick from the closed deck. You may also drop."))\
                    + "</b>"
            return "<b>" + _("Your turn: discard a card, or select one for the finish slot and "
                             "declare.") + "</b>"
        who = esc(names[v.turn])
        doing = (_("{who} is about to pick", who=who) if v.phase == Phase.DRAW else
                 _("{who} is playing", who=who))
        if status in ("first drop", "middle drop"):
            doing = _("You dropped: you sit out this deal. {doing}", doing=doing)
        elif status == "invalid":
            doing = _("Your declaration was invalid: you are out of this deal. {doing}",
                      doing=doing)
        elif status == "away":
            doing = _("You are out of the pool. {doing}", doing=doing)
        return doing + dots

    def summary(self, s: "Model", v) -> tuple[str, str, str]:
        """Every player's groups and points, and what comes next (a rejoin offer)."""
        st = s.game
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
                        f'{_("cards not shown") if status != "away" else _("not dealt in")}</i>')
            badge = STATUS_WORDS.get(status, status)
            badge = _(badge) if badge else ""
            hands += (f'<div class="sum-hand st-{esc(status.split()[-1])}"><div class="sum-who">'
                      f'{esc(st.names[seat])} <span class="badge">{esc(badge)}</span>'
                      f'<b>{info["points"]}</b></div><div class="groups-row">{body}</div></div>')
        offers = v.info.get("rejoin_offers") or []
        if over:
            button = match_end_buttons()
        elif offers and offers[0] == s.human:
            score = v.info.get("rejoin_score")
            button = (f'<p class="offer">'
                      + _("You are out of the pool. Every player still in has {limit} points or "
                          "fewer, so you may rejoin at {points} points.",
                          limit=v.info.get("rejoin_at_most"), points=score)
                      + f'</p><button type="button" class="btn primary big" '
                      f'data-act="btn:rejoin" id="rejoin">'
                      f'{_("Rejoin at {points}", points=score)}</button> <button type="button" '
                      f'class="btn big" data-act="btn:decline" id="decline">{_("Stay out")}'
                      f'</button>')
        elif offers:
            button = (f'<p class="offer">'
                      + _("{who} may rejoin the pool at {points} points…",
                          who=esc(st.names[offers[0]]), points=v.info.get("rejoin_score"))
                      + '</p>')
        else:
            button = (f'<button type="button" class="btn primary big" data-act="next" '
                      f'id="next">{_("Next deal")}</button>')
        return hands, button, "summary indian"

    def seat_badges(self, s: "Model", v, seat: int) -> str:
        tag = self._seat_tag(v, seat)
        return (f'<span class="seat-status s-{esc(tag.split()[-1])}">'
                f'{esc(_(SEAT_TAGS.get(tag, tag)))}</span>') if tag else ""

    def seat_out(self, v, seat: int) -> bool:
        return self._seat_tag(v, seat) in ("eliminated", "first drop", "middle drop", "invalid")

    @staticmethod
    def _seat_tag(v, seat: int) -> str:
        status = v.info.get("status", ())
        tag = status[seat] if seat < len(status) and status[seat] != "in" else ""
        return "eliminated" if tag == "away" else tag
