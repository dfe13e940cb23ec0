"""The statistics of the hands a player reviewed (:mod:`rami.web.stats` keeps them): each
game's figure over the last ones and before, and its trend as a small chart. It travels with
the review's part (``review.zip``), which a page that has reviews has fetched.

>>> "<polyline" in trend_svg([["m", 1, 40, 2.0], ["m", 2, 60, 1.0]], "trend")
True
"""

from __future__ import annotations

from ..errors import RamiError
from ..i18n import _, n_
from ..variants import find_variant
from .parts import esc
from .stats import KEEP_REVIEWS, blank, clean


def record_review(stats: dict, variant: str, match: str, hand: int, share: float,
                  lost: float) -> dict:
    """Keep a reviewed hand's figure (the share of decisions best or good, the points lost)
    for its game, once per hand (of the match ``match``: its seed, or a friend's seat)."""
    stats = clean(stats)
    row = stats["variants"].setdefault(variant, blank())
    key = [match, hand]
    kept = [r for r in row["reviews"] if r[:2] != key]
    kept.append(key + [round(100 * share), round(lost, 1)])
    row["reviews"] = kept[-KEEP_REVIEWS:]
    return stats


def trend_svg(reviews: list, label: str) -> str:
    """The share of decisions best or good over the hands reviewed, as a small chart."""
    pts = [r[2] for r in reviews][-30:]
    if not pts:
        return ""
    w, h = 120, 32
    step = w / max(1, len(pts) - 1)
    points = [(k * step if len(pts) > 1 else w / 2, h - 2 - (h - 4) * p / 100)
              for k, p in enumerate(pts)]
    xy = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dot = f'<circle cx="{points[-1][0]:.1f}" cy="{points[-1][1]:.1f}" r="1.8"/>'  # (the latest)
    return (f'<svg class="trend" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'aria-label="{esc(label)}"><line x1="0" x2="{w}" y1="{h / 2}" y2="{h / 2}" '
            f'class="trend-mid"/><polyline points="{xy}"/>{dot}</svg>')


def reviews_html(stats: dict) -> str:
    """Each game's reviewed hands: how many, the figure of the last ones and of those before,
    and the trend over them."""
    rows = ""
    for name, row in stats["variants"].items():
        reviews = row.get("reviews") or []
        if not reviews:
            continue
        try:
            var = find_variant(name)
        except RamiError:
            continue
        last, before = reviews[-10:], reviews[-20:-10]
        avg = lambda rs: round(sum(r[2] for r in rs) / len(rs))      # noqa: E731
        lost = sum(r[3] for r in last) / len(last)
        then = (" " + _("(before: {share}%)", share=avg(before))) if before else ""
        label = _("Decisions best or good in the last {n} hands reviewed, from the oldest",
                  n=min(30, len(reviews)))
        rows += (f"<li><strong>{esc(var.title)}</strong> "
                 f"{trend_svg(reviews, label)} <span>"
                 f"{esc(_('{share}% best or good, {points} points lost a hand', share=avg(last), points=f'{lost:.1f}'))}"
                 f"{esc(then)} <small>{esc(n_('({n} hand reviewed)', '({n} hands reviewed)', len(reviews)))}</small></span></li>")
    if not rows:
        return ""
    return (f"<h3>{_('Your decisions')}</h3><p class='stats-note'>"
            f"{_('From the hands you reviewed: the share of your decisions graded best or good.')}"
            f"</p><ul class='review-trends'>{rows}</ul>")
