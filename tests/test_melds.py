"""Lay-offs: what a card added to a meld on the table makes."""

from rami.cards import parse_cards
from rami.melds import MeldRules, interpretations, layoff_results


def test_a_second_copy_of_a_runs_low_card_does_not_lay_off_at_its_high_end():
    """Two decks: 7d on 7d-8d-9d-10d is not the jack. The end a card went to was once found
    by identity, and the first card of the run is the very same 7d."""
    rules = MeldRules(ace="either")
    run = interpretations(parse_cards("7d 8d 9d 10d"), rules)[0]
    assert layoff_results(run, parse_cards("7d")[0], rules) == []
    assert [str(m) for m in layoff_results(run, parse_cards("6d")[0], rules)] == ["6d 7d 8d 9d 10d"]
    assert [str(m) for m in layoff_results(run, parse_cards("Jd")[0], rules)] == ["7d 8d 9d 10d Jd"]
    top = interpretations(parse_cards("Jh Qh Kh"), rules)[0]
    assert layoff_results(top, parse_cards("Kh")[0], rules) == []
    assert layoff_results(top, parse_cards("Jh")[0], rules) == []


def test_an_ace_does_not_go_on_both_ends_of_a_run():
    """Found by the soak (two decks): Ah on Ah..Kh made a 14-card run, the ace low and
    high at once."""
    rules = MeldRules(ace="either")
    run = interpretations(parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"), rules)[0]
    assert layoff_results(run, parse_cards("Ah")[0], rules) == []
    high = interpretations(parse_cards("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"), rules)[0]
    assert layoff_results(high, parse_cards("Ah")[0], rules) == []
