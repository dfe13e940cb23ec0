"""The tutorial pages shipped with the site (learn/): every board on them is sound, each
tutorial teaches with boards of all three modes, and the authors' guide lists exactly the
attributes a board reads, each with a working example. (tests/browser/test_embed.py opens
them from another origin.)"""

from __future__ import annotations

import html
import html.parser
import pathlib
import re

import pytest

from rami.web.board import ATTRIBUTES, Board, BoardError

LEARN = pathlib.Path(__file__).resolve().parent.parent / "learn"


class Page(html.parser.HTMLParser):
    def __init__(self, text: str):
        super().__init__()
        self.boards: list[dict] = []
        self.ids: set[str] = set()
        self.scripts: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "rami-board":
            self.boards.append({k: v if v is not None else "" for k, v in a.items()})
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "script" and a.get("src"):
            self.scripts.append(a["src"])


def page(name: str) -> Page:
    return Page((LEARN / name).read_text())


@pytest.mark.parametrize("name", sorted(p.name for p in LEARN.glob("*.html")))
def test_every_board_on_a_page_is_sound_and_every_puzzle_solvable(name):
    p = page(name)
    assert p.scripts == ["../static/embed.js"]     # the one line that loads the boards
    for attrs in p.boards:
        if "data-broken" in attrs:               # the guide's example of an author's typo
            with pytest.raises(BoardError):
                Board(attrs)
            continue
        b = Board(attrs)
        assert b.problem is None, (attrs.get("caption"), b.problem)
        if b.mode == "puzzle" and b.solution:
            b.act("answer")
            assert b.shown and b.done == len(b.solution)
        if b.mode == "replay":
            b.act("step:last")
            assert b.step == len(b.steps) > 0


@pytest.mark.parametrize("name, topics", [
    ("gin.html", ["melds", "upcard", "knock", "layoff", "undercut", "gin"]),
    ("indian.html", ["pure", "joker", "valid", "scoring", "invalid"]),
])
def test_a_tutorial_teaches_with_five_boards_or_more_of_all_three_modes(name, topics):
    p = page(name)
    assert len(p.boards) >= 5
    assert {Board(a).mode for a in p.boards} == {"show", "replay", "puzzle"}
    assert set(topics) <= p.ids


def test_the_guide_lists_every_attribute_with_a_working_example():
    text = (LEARN / "boards.html").read_text()
    rows = re.findall(r'<tr data-attribute="([^"]+)"><td>.*?</td><td>(.*?)</td>', text)
    assert [name for name, _ in rows] == [name for name, _ in ATTRIBUTES]
    for (name, words), (_, said) in zip(rows, ATTRIBUTES):
        assert html.unescape(re.sub(r"<[^>]+>", "", words)) == said, name
    examples = [a for a in page("boards.html").boards if "data-example" in a]
    for name, _ in ATTRIBUTES:
        assert any(name in a for a in examples if "data-broken" not in a), name


def test_the_lobby_links_the_tutorials():
    from rami.web.render import lobby_html
    from rami.web.session import bot_name
    form = {"variant": "gin", "players": 2, "name": "Ann", "bot_names": [bot_name(0)],
            "levels": ["heuristic"], "options": {}}
    lobby = lobby_html(form)
    for target in ("learn/gin.html", "learn/indian.html", "learn/boards.html",
                   "learn/editor.html"):
        assert f'href="{target}"' in lobby and (LEARN.parent / target).exists()
    from rami.i18n import speaking
    for lang, target in (("fr", "learn/gin.fr.html"), ("hi", "learn/indian.hi.html")):
        with speaking(lang):
            assert f'href="{target}"' in lobby_html(form) and (LEARN.parent / target).exists()


@pytest.mark.parametrize("name, lang, english", [("gin.fr.html", "fr", "gin.html"),
                                                 ("indian.hi.html", "hi", "indian.html")])
def test_a_tutorial_in_another_language_teaches_the_same_positions(name, lang, english):
    """The translated tutorial is the English one in its language: the same boards (deals and
    moves, names aside), the page's lang set (its boards speak it), each page linking the
    other."""
    p, en = page(name), page(english)
    text, en_text = (LEARN / name).read_text(), (LEARN / english).read_text()
    assert f'<html lang="{lang}">' in text
    assert f'href="{english}"' in text and f'href="{name}"' in en_text
    def same(board):
        return {k: re.sub(r"\{[^}]*\}", "{}", re.sub(r"names:[^|]*", "", v))
                for k, v in board.items() if k in ("deal", "moves", "solution", "mistakes",
                                                   "reveal", "step", "mode")}
    assert [same(b) for b in p.boards] == [same(b) for b in en.boards]
    assert p.ids >= en.ids
