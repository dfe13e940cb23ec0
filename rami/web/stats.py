"""Statistics kept in the browser, per variant (pure Python): matches and hands played and
won, the best and the average final score, the longest run of matches won. They count the
seat of the lobby's player (seat 0), and each finished hand and match once, however often
the page is reloaded on it.

>>> from rami.state import GameState
>>> g = GameState("gin", ["Ada", "Bo"], seed=1)
>>> record({}, g)["variants"]["gin"]["hands"]
0
"""

from __future__ import annotations

from ..errors import RamiError
from ..variants import find_variant
from .parts import close_x, esc
from ..i18n import _

KEEP_SEEN = 40       # matches remembered (a kept one may wait long), to count each hand once
KEEP_REVIEWS = 60    # reviewed hands remembered per game: [match, hand, % best or good, points lost]


def clean(raw) -> dict:
    """Statistics from what the browser kept; anything damaged starts afresh."""
    if not isinstance(raw, dict) or not isinstance(raw.get("variants"), dict):
        return {"variants": {}, "seen": []}
    out = {"variants": {}, "seen": []}
    for name, v in raw["variants"].items():
        if not isinstance(v, dict):
            continue
        row = blank()
        for k in row:
            x = v.get(k)
            if isinstance(x, int) and not isinstance(x, bool):
                row[k] = x
        reviews = v.get("reviews")
        if isinstance(reviews, list):
            row["reviews"] = [list(r) for r in reviews if isinstance(r, list) and len(r) == 4
                              and isinstance(r[0], str) and len(r[0]) <= 200
                              and type(r[1]) is int and type(r[2]) is int and 0 <= r[2] <= 100
                              and type(r[3]) in (int, float) and 0 <= r[3] < 1e6
                              ][-KEEP_REVIEWS:]
        out["variants"][str(name)] = row
    seen = raw.get("seen")
    if isinstance(seen, list):
        out["seen"] = [list(s) for s in seen if isinstance(s, list) and len(s) == 3 and
                       isinstance(s[0], str) and isinstance(s[1], int) and
                       isinstance(s[2], bool)][-KEEP_SEEN:]
    return out


def blank() -> dict:
    return {"games": 0, "won": 0, "hands": 0, "hands_won": 0, "best": None, "total": 0,
            "streak": 0, "best_streak": 0, "reviews": []}


def count(stats: dict, session) -> dict:
    """:func:`record` of the match a page's session holds (a person's at this device)."""
    return record(stats, session.state)


def record(stats: dict, state) -> dict:
    """Count what is new in the match ``state`` (a GameState): its finished hands and, once
    it is over, the match itself, for seat 0's side."""
    stats = clean(stats)
    variant, seed, results = state.variant.name, f"{state.seed}", state.results
    side = state.side
    side_of_me = side(0)
    final, over = state.final, state.is_over
    total = state.scores[side_of_me]
    seen = next((s for s in stats["seen"] if s[0] == seed), None)
    if seen is None:
        seen = [seed, 0, False]
        stats["seen"].append(seen)
        stats["seen"] = stats["seen"][-KEEP_SEEN:]
    row = stats["variants"].setdefault(variant, blank())
    for r in results[seen[1]:]:
        w = r.get("winner")
        row["hands"] += 1
        if w is not None and w >= 0 and side(w) == side_of_me:
            row["hands_won"] += 1
    seen[1] = len(results)
    if over and not seen[2] and final is not None:
        seen[2] = True
        won = any(side(w) == side_of_me for w in final.get("winners", []))
        row["games"] += 1
        row["total"] += total
        if won:
            row["won"] += 1
            row["streak"] += 1
            row["best_streak"] = max(row["best_streak"], row["streak"])
        else:
            row["streak"] = 0
        lower = state.variant.lower_wins
        if row["best"] is None or (total < row["best"] if lower else total > row["best"]):
            row["best"] = total
    return stats


def _pct(a: int, b: int) -> str:
    return f"{round(100 * a / b)}%" if b else "–"


def _recent_html(recent) -> str:
    """The running match's hands, each reviewable: (number, title, its result's words)."""
    if not recent:
        return ""
    items = "".join(
        f"<li><span><strong>{esc(title)}</strong> {esc(words)}</span>"
        f"<button type='button' class='btn small' data-act='review-hand:{n}'>"
        f"{esc(_('Review'))}</button></li>" for n, title, words in recent)
    return (f"<h3>{_('This match’s hands')}</h3>"
            f"<ul class='recent-hands'>{items}</ul>")


def _earlier_html(earlier) -> str:
    """Earlier matches' hands, each reviewable: (seed, game, when, [(number, title,
    result)])."""
    if not earlier:
        return ""
    groups = "".join(
        f"<li><strong>{esc(game)}</strong> <small>{esc(when)}</small>"
        f"<ul class='recent-hands'>" + "".join(
            f"<li><span><strong>{esc(title)}</strong> {esc(words)}</span>"
            f"<button type='button' class='btn small' data-act='review-earlier:{esc(seed)}:{n}'>"
            f"{esc(_('Review'))}</button></li>" for n, title, words in hands) + "</ul></li>"
        for seed, game, when, hands in earlier)
    return f"<h3>{_('Earlier matches’ hands')}</h3><ul class='earlier-matches'>{groups}</ul>"


def stats_html(stats: dict, confirm: bool = False, recent=(), earlier=(),
               reviews: str = "") -> str:
    """The Statistics dialog: a row per variant played, the running match's hands to review
    (``recent``: (number, title, result) each, the latest first), and a reset that asks
    first."""
    heads = {"matches": _("Matches"), "won": _("Won"), "hands": _("Hands"),
             "hands_won": _("Hands won"), "best": _("Best score"), "avg": _("Average"),
             "run": _("Longest winning run")}
    cell = {k: esc(v).replace("'", "&#x27;") for k, v in heads.items()}
    rows = ""
    for name, row in stats["variants"].items():
        try:
            var = find_variant(name)
        except RamiError:                  # a game this version does not know
            continue
        if not row["hands"] and not row["games"]:
            continue
        avg = f"{row['total'] / row['games']:.0f}" if row["games"] else "–"
        best = "–" if row["best"] is None else str(row["best"])
        low = f" <small>{_('(lowest)')}</small>" if var.lower_wins and row["best"] is not None \
            else ""
        rows += (f"<tr><th scope='row'>{esc(var.title)}</th>"
                 f"<td data-label='{cell['matches']}'>{row['games']}</td>"
                 f"<td data-label='{cell['won']}'>{row['won']} "
                 f"<small>{_pct(row['won'], row['games'])}</small></td>"
                 f"<td data-label='{cell['hands']}'>{row['hands']}</td>"
                 f"<td data-label='{cell['hands_won']}'>{row['hands_won']} "
                 f"<small>{_pct(row['hands_won'], row['hands'])}</small></td>"
                 f"<td data-label='{cell['best']}'>{best}{low}</td>"
                 f"<td data-label='{cell['avg']}'>{avg}</td>"
                 f"<td data-label='{cell['run']}'>{row['best_streak']}</td></tr>")
    if rows:
        table = (f"<table class='scoreboard stats-table'><thead><tr><th scope='col'>"
                 f"{_('Game')}</th>"
                 + "".join(f"<th scope='col'>{esc(heads[k])}</th>" for k in (
                     "matches", "won", "hands", "hands_won", "best", "avg", "run"))
                 + f"</tr></thead><tbody>{rows}</tbody></table>")
    else:
        table = f"<p class='stats-empty'>{_('No hands played yet in this browser.')}</p>"
    table += reviews + _recent_html(recent) + _earlier_html(earlier)
    if confirm:
        go = (f"<p class='stats-ask'>{_('Forget every statistic kept in this browser?')}</p>"
              f"<button type='button' class='btn' data-act='stats'>{_('Keep them')}</button>"
              f"<button type='button' class='btn warn' data-act='stats-reset-yes' "
              f"id='stats-reset-yes'>{_('Reset statistics')}</button>")
    else:
        go = ((f"<button type='button' class='btn' data-act='stats-reset'>{_('Reset…')}"
               f"</button>" if rows else "") +
              f"<button type='button' class='btn primary' data-act='close'>{_('Close')}"
              f"</button>")
    return f"""<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="stats-title">
  <div class="summary stats" id="stats">{close_x()}<h2 id="stats-title">{_("Statistics")}</h2>
  <p class="stats-note">{_("Kept in this browser, for the lobby's player. A match counts when "
                           "it ends; its hands as they are played.")}</p>
  {table}
  <div class="sum-go">{go}</div></div></div>"""
