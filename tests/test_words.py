"""Each game in its own players' words: no internal code on the page or in the terminal.

The scan plays a hand of every variant through the web's Session (bots in every seat, the
person's seat played by a bot too) and reads every region of the table at every step, the
reason under each disabled button, a hint now and then, and the hand's summary, as a person
or a screen reader would get them: no card or tile code, and in tile Rami none of the card
games' words.
"""

from __future__ import annotations

import html
import re

import pytest

from rami.actions import parse_action
from rami.bots import make_bot
from rami.cards import Card
from rami.errors import ActionSyntaxError
from rami.i18n import speaking
from rami.melds import Meld, MeldRules
from rami.state import GameState, Phase
from rami.variants import find_variant, variant_names
from rami.web import render
from rami.web.session import Session
from rami.words import CARD_WORDS, TILE_WORDS, words_for

CARD_CODE = re.compile(r"(?<![\w&#])(?:(?:10|[2-9AJQKT])[shdc](?![\w=])|Jk(?!\w))")
TILE_CODE = re.compile(r"(?<![\w&#=])(?:[rybk](?:1[0-3]|[1-9])|joly)(?![\w])")
CARD_GAME_WORDS = re.compile(r"\b(?:[Cc]ards?|[Ss]tock|[Dd]eadwood|[Hh]ands?|ace|K-A-2|discard pile)\b")


def read(fragment: str) -> str:
    """What a person reads and a screen reader says: the text, and the names given in
    attributes (not the ``data-`` wiring, not the SVG drawings' internals)."""
    fragment = re.sub(r"<svg\b.*?</svg>", " ", fragment, flags=re.S)
    said = " ".join(m.group(2) for m in re.finditer(r'\b(aria-label|title|alt)="([^"]*)"',
                                                    fragment))
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment) + " " + said)


def test_a_tile_is_named_by_colour_and_number_and_the_joly_by_what_it_stands_for():
    w = TILE_WORDS
    assert w.plain("Ben melded y8 k8 joly") == "Ben melded yellow 8 black 8 Joly"
    assert w.plain("(55 points: r11 b11 k11 / k7 k8 k9 / joly=k12 k13 k1)") == \
        "(55 points: red 11 blue 11 black 11 / black 7 8 9 / Joly (as black 12) black 13 1)"
    assert w.plain("The k12 does not fit meld 1 (run k12-k1)") == \
        "The black 12 does not fit meld 1 (run black 12–1)"
    assert Meld.parse("joly=k12 k13 k1", find_variant("tiles").rules_for({})).describe() == \
        "black run, 12 to 1"
    assert Meld.parse("10h Jh Qh Kh Ah", MeldRules(ace="either")).describe() == \
        "run of hearts, 10 to ace"
    assert w.plain("You took r7 from the discard pile") == "You took red 7 from the discard row"
    assert w.plain("Draw from the stock: a card from the stock fits your hand, deadwood") == \
        "Draw from the wall: a tile from the wall fits your rack, points left on the rack"
    assert w.piece(Card.parse("y5")) == "yellow 5" and w.piece(Card.parse("joly")) == "Joly"
    # what is typed stays as typed; words that merely look alike stay words
    assert w.plain("Try: `meld r5 r6 r7`") == "Try: `meld r5 r6 r7`"
    assert w.plain("the b-side of a record, k, r2d2") == "the b-side of a record, k, r2d2"


def test_the_page_colours_a_tile_s_name_and_reads_attributes_in_the_game_s_words():
    out = TILE_WORDS.html('<button title="Take the r12" data-act="card:r12">Take the r12'
                          '</button>')
    assert 'title="Take the red 12"' in out and 'data-act="card:r12"' in out
    assert '<span class="tiletext t-r">red 12</span>' in out
    assert TILE_WORDS.html(out) == out                  # said once is said
    assert CARD_WORDS.html("<b>Take the Qh</b>") == "<b>Take the Qh</b>"  # (pretty_text's)
    # a fragment said again is said the same (remembered), and anew in another language
    again = '<p title="the r12">The r12 from the discard pile</p>'
    first = TILE_WORDS.html(again)
    assert TILE_WORDS.html(again) == first == \
        '<p title="the red 12">The <span class="tiletext t-r">red 12</span> from the discard row</p>'
    with speaking("de"):
        german = TILE_WORDS.html(again)
    assert german != first and "rot 12" in german, german
    assert TILE_WORDS.html(again) == first


def test_a_fragment_said_button_by_button_is_said_as_in_one_piece(monkeypatch):
    """(Words.html says a fragment a button at a time, each button kept: a cut before a tag
    cuts no text and no attribute.) Every fragment of a tile hand's tables, in three
    languages, said so is what it is said in one piece."""
    seen = []
    html = TILE_WORDS.html
    monkeypatch.setattr(TILE_WORDS, "html", lambda f: seen.append(f) or html(f))
    cut = ('<p title="the r3">Take the r12<button title="b1 from the stock">r4 and the card'
           '</button>then k5<button>y2</button>and joly</p>')
    for lang in ("en", "de", "hi"):
        with speaking(lang):
            for page in _pages("tiles", 3, seed=5, hints=1):
                pass
            for fragment in [cut] + seen:
                assert TILE_WORDS._html(fragment) == TILE_WORDS._say(fragment), fragment
            assert sum(f.count("<button") for f in seen) > 1000
            seen.clear()
    assert TILE_WORDS.html(cut) == ('<p title="the red 3">Take the <span class="tiletext t-r">'
                                    'red 12</span><button title="blue 1 from the wall">'
                                    '<span class="tiletext t-r">red 4</span> and the tile'
                                    '</button>then <span class="tiletext t-k">black 5</span>'
                                    '<button><span class="tiletext t-y">yellow 2</span></button>'
                                    'and Joly</p>')


def test_every_game_refuses_an_unknown_text_with_its_own_moves_as_typed():
    for name in variant_names():
        v = find_variant(name)
        for example in v.typed_examples.split(", "):
            parse_action(example.split(" (")[0].replace(" / ...", ""))
        g = GameState(name, ["A", "B", "C", "D"][:max(2, v.min_players)], seed=1)
        with pytest.raises(ActionSyntaxError) as e:
            g.parse_action("fold")
        assert f"`{v.typed_examples}`" in str(e.value)
        assert words_for(name).plain(str(e.value)).endswith(f"`{v.typed_examples}`")


def _pages(variant: str, players: int, seed: int, hints: int = 3):
    """Every text of one hand's play, as the page shows it."""
    opts = {"partnerships": False} if variant == "push" and players != 4 else {}
    s = Session.new(variant, ["You", "Ada", "Ben", "Cleo", "Dan", "Eve"][:players], opts,
                    {i: "good" for i in range(1, players)}, seed=seed)
    me = make_bot("good", variant, seed=seed)
    for _ in range(600):
        st = s.state
        yield render.table_html(s)
        if st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            yield render.scores_html(s)
            return
        if s.human_to_move():
            for c in s.choices():
                if c.reason:
                    yield render.table_html(s, message=c.reason)
            if hints and len(st.history) % 5 == 0:
                hints -= 1
                yield render.table_html(s, message=render.hint_line(s.hint()), hint=True)
            s.play(me.choose(s.view()))
        else:
            s.bot_step()


@pytest.mark.parametrize("variant,players", [("basic", 3), ("gin", 2), ("indian", 3),
                                             ("rum500", 3), ("push", 4), ("tiles", 3)])
def test_no_internal_code_is_shown_or_read_aloud_in_any_game(variant, players):
    words = words_for(variant)
    seen = 0
    for page in _pages(variant, players, seed=11):
        text = read(words.html(page))       # (app.py says dialogs the same way)
        seen += 1
        found = CARD_CODE.search(text)
        assert not found, f"{found.group(0)!r} in: " + " ".join(
            text[max(0, found.start() - 150):found.end() + 100].split())
        if variant == "tiles":
            found = TILE_CODE.search(text) or CARD_GAME_WORDS.search(text)
            assert not found, f"{found.group(0)!r} in: " + \
                text[max(0, found.start() - 120):found.end() + 120]
        assert "None" not in text.split() and "Phase." not in text
    assert seen > 10


def test_a_printed_joker_is_named_as_printed_in_the_log_and_the_review_in_every_language():
    """A joker in the log, the screen readers' words and the review's list is its name
    in the page's language, as every other card is its symbol (it was the code "Jk")."""
    from rami import i18n
    from rami.events import Event
    from rami.i18n import recording
    from rami.review import Decision
    from rami.web.parts import pretty_text
    from rami.web.review_view import Reviewing, review_html
    from rami.words import plain_text
    joker = Card.parse("Jk")
    names = ["You", "Ada"]
    with recording():
        said = (Event("discard", 0, joker).describe(names, 0),)
    d = Decision(3, parse_action("discard Jk"), parse_action("discard 9h"), 4.0, "mistake",
                 said, (), (), ("Jk", "9h", "9s"), "5d")
    r = Reviewing(("m", 1, 0), 1, 0, "You", moves=[3], decisions=[d], done=True,
                  variant="basic")
    for code in i18n.LANGUAGES:
        with speaking(code):
            name = joker.name()
            line = Event("discard", 1, joker).describe(names, 0)
            meld = Event("meld", 1, cards=(joker, Card.parse("8s"), Card.parse("9s")))
            for text in (read(pretty_text(line)), plain_text(line),
                         read(pretty_text(meld.describe(names, 0))),
                         read(pretty_text("meld Jk=7s 8s 9s")), plain_text("meld Jk=7s 8s 9s"),
                         read(review_html(r, "basic"))):
                assert not CARD_CODE.search(text) and name.lower() in text.lower(), (code, text)
    assert plain_text("meld Jk=7s 8s 9s") == "meld Joker=7♠ 8♠ 9♠"
    assert '<span class="cardtext joker">Joker</span>' in pretty_text("You discarded Jk")
