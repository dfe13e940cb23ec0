"""Every check at the door costs time in proportion to its input (tests/doorcost.py): over
inputs made to be costly, at two sizes four times apart, no entry's time grows faster than
its input. ``make soak`` (RAMI_DEEP=1) runs larger inputs and random pieces too."""

import pytest

from tests.conftest import DEEP, QUICK
from tests.doorcost import PIECES, entries, measure, random_piece

SIZE = 256_000 if DEEP else 4_000 if QUICK else 8_000
PIECES_HERE = dict(PIECES, **{f"random {k}": random_piece(k)
                              for k in range(40 if DEEP else 1)})
MOST_GROWTH = 1.6          # linear is 1, quadratic 2: room for a noisy machine, and for the
                           # caches of a large input
LEAST_SECONDS = 0.001      # a check that takes less on the larger input is cheap whatever its
                           # growth (which a timer cannot tell apart from noise there)


@pytest.mark.skipif(QUICK, reason="timing: CPython measures it, make soak in Pyodide too")
@pytest.mark.parametrize("entry", sorted(entries()))
def test_an_entry_costs_time_in_proportion_to_its_input(entry):
    too_fast = []
    for frame in entries()[entry][1]:          # (every call ends, refused in words or not:
                                                # a raw Python error fails the test)
        for name, piece in PIECES_HERE.items():
            r = measure(entry, frame, piece, SIZE, budget=0.005)
            for _again in range(2):                     # measured again, longer: the
                if r["growth"] <= MOST_GROWTH or r["seconds"] <= LEAST_SECONDS:
                    break                               # least of three (a busy core)
                r = min(r, measure(entry, frame, piece, SIZE, budget=0.2 if DEEP else 0.05),
                        key=lambda x: x["growth"])
            if r["growth"] > MOST_GROWTH and r["seconds"] > LEAST_SECONDS:
                too_fast.append(f"{frame} / {name}: time grows as chars^{r['growth']:.2f} "
                                f"({r['ns_per_char']:.0f} ns a character at {r['chars']})")
    assert not too_fast, f"{entry}: " + "; ".join(too_fast)


def test_the_scan_before_parsing_is_linear_on_escaped_quotes():
    """The fault that began this test: a string of escaped quotes never closed."""
    from rami.checks import text_depth
    assert text_depth('"' + '\\"' * 50_000) == 0
    assert text_depth('["a\\"[[[", {"b": [1, [2]]}]') == 4
    r = measure("friend's message at the host", "bare", PIECES["escaped quotes"], 2_000, 0.05)
    assert r["growth"] < MOST_GROWTH
