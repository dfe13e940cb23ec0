"""The review of a hand on the page (pure Python: worked out by :mod:`rami.web.reviewing` in
the bots' worker, driven by :mod:`rami.web.reviewdesk`): a dialog with the hand's figure, the
Expert's result in the seat beside the player's, each decision graded, and the selected
decision's position with the move played and the better one.

>>> r = Reviewing(("m", 1, 0), 1, 0, "Ada")
>>> "Reviewing your decisions" in review_html(r, "gin")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import parse_action
from ..bots.hint import cards_of
from ..cards import Card
from ..errors import RamiError
from ..i18n import _, n_
from ..registry import find_variant
from ..review import GRADES, Decision, grade_word, points_lost, share_good
from ..words import words_for
from .parts import close_x, esc, face, pretty_text

__all__ = ["Reviewing", "review_html", "summary_line"]


@dataclass
class Reviewing:
    """A review on the page: what is asked, and what has come back so far."""
    key: tuple                    # (the match, the hand, the seat): one review each
    hand: int
    seat: int
    name: str                     # the seat's player
    moves: list | None = None     # the decisions' places in the match (once planned)
    decisions: list = field(default_factory=list)
    expert: tuple | None = None   # (the Expert's points in the seat, the player's)
    at: int | None = None         # the decision shown
    error: str = ""
    done: bool = False
    again: bool = True            # the deal may be played again here (no friends at the table)
    variant: str = "gin"

    @property
    def progress(self) -> float:
        if self.moves is None:
            return 0.0
        return (len(self.decisions) + (1 if self.done else 0)) / (len(self.moves) + 1)

    def share_good(self) -> float:
        return share_good(self.decisions)

    def points_lost(self) -> float:
        return points_lost(self.decisions)

    def shown(self) -> int | None:
        """The decision on show: the one chosen, else the first that cost points."""
        if not self.decisions:
            return None
        if self.at is not None and 0 <= self.at < len(self.decisions):
            return self.at
        return next((k for k, d in enumerate(self.decisions) if d.grade != "best"), 0)


def summary_line(r: Reviewing) -> str:
    n = len(r.decisions)
    good = sum(1 for d in r.decisions if d.grade in ("best", "good"))
    return n_("{good} of {n} decision best or good", "{good} of {n} decisions best or good",
              n, good=good) + " · " + _("{points} points lost", points=f"{r.points_lost():g}")


def _points(x: float) -> str:
    return f"{round(x, 1):+g}".replace("-", "−")


def _cards(action_text: str) -> set:
    try:
        return {str(c) for c in cards_of(parse_action(action_text))}
    except (RamiError, AttributeError, TypeError):
        return set()


def _taken(action, pile: list) -> set:
    """The places in ``pile`` (0: its bottom) of the cards ``action`` takes from it: the top,
    or a spread pile's card and all above it; a push gives its top away."""
    if action.kind == "push" and pile:
        return {len(pile) - 1}
    if action.kind != "take" or not hasattr(action, "index_in"):
        return set()
    start = action.index_in(pile)
    return set(range(start, len(pile))) if start >= 0 else set()


def _marks(code: str, played: set, better: set) -> str:
    return "small" + (" played" if code in played else "") + (" better" if code in better else "")


def _board(d: Decision, variant: str) -> str:
    """The seat's cards at the decision and the discard pile as the seat saw it (a spread
    pile whole): the cards of the move played marked, and those of the better move; a take
    marks the cards it takes from the pile."""
    is_better = d.best != d.played
    played, better = _cards(str(d.played)), _cards(str(d.best)) if is_better else set()
    cards = []
    for code in d.hand:
        try:
            cards.append(face(Card.parse(code), _marks(code, played, better)))
        except RamiError:
            continue
    try:
        pile = [Card.parse(c) for c in (d.pile or ((d.top,) if d.top else ()))]
    except RamiError:
        pile = []
    took, would = _taken(d.played, pile), _taken(d.best, pile) if is_better else set()
    shown = [face(c, _marks(i, took, would)) for i, c in enumerate(pile)]
    top = (f'<span class="review-pile{" spread" if len(pile) > 1 else ""}"><span '
           f'class="review-tag">{_("Discard pile")}</span><span class="review-pile-cards">'
           f'{"".join(shown)}</span></span>' if pile else "")
    return (f'<div class="review-board"><span class="review-hand" aria-label="'
            f'{esc(_("Your cards then"))}">{"".join(cards)}</span>{top}</div>')


def _detail(r: Reviewing, k: int, variant: str) -> str:
    d = r.decisions[k]
    said = words_for(variant).html
    loss = f' <span class="review-loss">{_points(-d.loss)}</span>' if d.loss else ""
    lines = [f'<p class="review-played"><span class="grade-chip grade-{d.grade}">'
             f'{esc(grade_word(d.grade))}</span>{loss} {pretty_text(d.words("said"))}</p>']
    if d.line:
        lines.append(f'<p class="review-better">{pretty_text(d.words("line"))}</p>')
    if d.hindsight:
        # (its words begin with "Hindsight:")
        lines.append(f'<p class="review-hindsight">{pretty_text(d.words("hindsight"))} '
                     f'<small>{_("(not in the grade)")}</small></p>')
    prev = (f'<button type="button" class="btn small" data-act="review-at:{k - 1}">'
            f'{_("‹ Previous")}</button>' if k > 0 else "")
    nxt = (f'<button type="button" class="btn small" data-act="review-at:{k + 1}">'
           f'{_("Next ›")}</button>' if k + 1 < len(r.decisions) else "")
    step = _("Decision {k} of {n}", k=k + 1, n=len(r.moves or r.decisions))
    return said(f"""<section class="review-detail" aria-label="{esc(step)}">
  <div class="review-step"><span>{esc(step)}</span><span class="review-nav">{prev}{nxt}</span></div>
  {_board(d, variant)}{"".join(lines)}</section>""")


def review_html(r: Reviewing, variant: str) -> str:
    """The review dialog: its progress while the worker works, then the figure, the Expert
    in the seat, the decisions and the one on show."""
    var = find_variant(variant)
    said = words_for(variant).html
    hand_word = {"deal": _("Review of deal {n}", n=r.hand),
                 "game": _("Review of game {n}", n=r.hand)}.get(
        var.hand_word, _("Review of hand {n}", n=r.hand))
    parts = []
    if r.error:
        parts.append(f'<p class="review-error">{esc(r.error)}</p>')
    elif not r.done:
        pct = round(100 * r.progress)
        total = len(r.moves) if r.moves is not None else 0
        parts.append(f"""<div class="review-progress"><p>{_("Reviewing your decisions…")} {
            esc(_("{k} of {n}", k=len(r.decisions), n=total)) if total else ""}</p>
  <div class="progress-track" role="progressbar" aria-valuemin="0" aria-valuemax="100"
       aria-valuenow="{pct}" aria-label="{esc(_("Reviewing your decisions…"))}"><span
       class="progress-fill" style="width:{pct}%"></span></div></div>""")
    if r.decisions and (r.done or r.moves is not None):
        parts.append(f'<p class="review-figure">{esc(summary_line(r))}</p>')
    if r.expert is not None:
        parts.append(f'<p class="review-expert">{esc(_("The Expert in your seat, against the same players: {expert} (you: {you})", expert=_points(r.expert[0]), you=_points(r.expert[1])))}</p>')
    if r.decisions:
        items = []
        shown = r.shown()
        for k, d in enumerate(r.decisions):
            cur = ' aria-current="true"' if k == shown else ""
            loss = f' {_points(-d.loss)}' if d.loss else ""
            items.append(f'<li><button type="button" class="review-item grade-{d.grade}" '
                         f'data-act="review-at:{k}"{cur}><span class="grade-chip grade-{d.grade}">'
                         f'{esc(grade_word(d.grade))}{loss}</span> <span class="review-said">'
                         f'{pretty_text(d.words("said"))}</span></button></li>')
        parts.append(said(f'<ol class="review-list">{"".join(items)}</ol>'))
        if shown is not None:
            parts.append(_detail(r, shown, variant))
    elif r.done and not r.error:
        parts.append(f'<p>{_("You had no choice to make in this hand.")}</p>')
    again = (f'<button type="button" class="btn" data-act="replay-deal">'
             f'{_("Play this deal again")}</button>'
             f'<button type="button" class="btn" data-act="watch-expert">'
             f'{_("Watch the Expert play it")}</button>') if r.again else ""
    legend = " · ".join(f'<span class="grade-chip grade-{g}">{esc(grade_word(g))}</span>'
                        for g in GRADES)
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="review-title">
  <div class="summary review" id="review">{close_x()}
  <h2 id="review-title">{esc(hand_word)}: {esc(r.name)}</h2>
  <p class="review-how">{_("Each decision is judged from what you could see then, against the Expert's move, by the points it was likely to cost:")} {legend}</p>
  {"".join(parts)}
  <div class="sum-go">{again}<button type="button" class="btn primary" data-act="close">{_("Close")}</button></div>
  </div></div>"""
