"""Computer opponents at the table: the lobby's three levels, the Expert playing in the page,
and a hint (button and key) in every variant."""

from __future__ import annotations

import pytest

from tests.browser.conftest import wait_for
from tests.browser.test_table import my_move, open_page
from tests.conftest import soak_only

# (make test: a game of each family; its hints are the engine's, tested for every game there)
VARIANTS = (soak_only("basic"), "gin", "indian", soak_only("rum500"), soak_only("push"), "tiles")
HINT = "document.querySelector('.message-text.hint')"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hint_lights_up_the_experts_move_and_says_why(page, variant):
    open_page(page)
    page.click(f'[data-act="variant:{variant}"]')
    levels = page.locator('[data-field^="level:"]')
    for i in range(levels.count()):
        levels.nth(i).select_option("expert")
    # (in the tile game's own words there)
    assert ("counts the tiles" if variant == "tiles" else "counts the cards") in \
        page.inner_text(".level-words")
    page.click("#start")
    wait_for(page, "!!document.querySelector('#table')")
    page.select_option("#pace", "instant")
    tags = page.evaluate("[...document.querySelectorAll('.seat-level-tag')]"
                         ".map(e => e.textContent)")
    assert tags and all(t.endswith("Expert") for t in tags), tags
    s = my_move(page, 120)                       # the Experts play up to the person's turn
    for _ in range(3):       # (a deal the Experts end before it, by a drop or going out)
        if not s["summary"]:
            break
        # (the summary seen is marked: at the instant pace the next deal may end as soon as
        # it begins, before a poll could see the table without a summary)
        page.evaluate("document.querySelector('#summary').dataset.seen = '1'")
        if page.locator("#next").count():
            page.click("#next")
        else:                                    # the match is over: another one
            page.click("#again")
            page.click("#start")
        wait_for(page, "!document.querySelector('#summary[data-seen]')", 30, "the next deal")
        s = my_move(page, 120)
    assert not s["summary"]
    page.keyboard.press("i")
    wait_for(page, f"!!{HINT}", 30, "the hint")
    line = page.inner_text(".message-text.hint")
    assert line.startswith("Hint: ") and line.endswith(".") and "\n" not in line
    lit = page.evaluate("[...document.querySelectorAll('.hinted')].map(e => e.dataset.act)")
    assert lit, "nothing lit up"
    # the lit button or pile is one the person may press now
    assert any(a in s["enabled"] or a in ("draw", "take", "push") or a.startswith("card:")
               for a in lit), (lit, s["enabled"])
    # the button gives the same hint
    page.evaluate(f"{HINT}.remove()")
    page.click('[data-act="hint"]')
    wait_for(page, f"!!{HINT}", 30, "the hint by the button")
    assert page.inner_text(".message-text.hint") == line
    assert not page.errors, page.errors
