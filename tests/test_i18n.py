"""rami in its players' languages: the catalogues, the messages in the code, the choosing.

Runs under CPython (the catalogue checks read the .po files with Babel, a development
dependency) and, but for those, inside Pyodide.
"""

from __future__ import annotations

import ast
import gzip
import io
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from rami import i18n
from rami.errors import IllegalAction, SaveError
from rami.i18n import _, from_environment, negotiate, normalise, pieces, speaking
from rami.scenario import from_deal
from rami.state import GameState, Phase
from rami.variants import find_variant, variant_names
from tests.conftest import QUICK

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "rami").rglob("*.py"))
# every language rami speaks has a complete catalogue
COMPLETE = tuple(i18n.LANGUAGES)
IN_PYODIDE = sys.platform == "emscripten"


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


# -- the catalogues -----------------------------------------------------------------------
@pytest.mark.skipif(IN_PYODIDE, reason="Babel reads the catalogues: a development tool")
@pytest.mark.parametrize("code", COMPLETE)
def test_a_complete_catalogue_has_every_message_translated_with_the_same_placeholders(code):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import catalogues
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert catalogues.problems(code) == []


@pytest.mark.skipif(IN_PYODIDE, reason="Babel reads the catalogues: a development tool")
def test_the_check_finds_a_missing_a_fuzzy_and_a_wrong_placeholder(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import catalogues
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    from babel.messages.pofile import read_po, write_po
    src = ROOT / "rami" / "locale" / "ro" / "LC_MESSAGES" / "rami.po"
    cat = read_po(src.open("rb"), locale="ro")
    cat["You drew {card}"].string = "Ați tras {carte}"
    cat["The stock is empty."].string = ""
    cat["You may not meld now."].flags.add("fuzzy")
    (tmp_path / "ro" / "LC_MESSAGES").mkdir(parents=True)
    write_po((tmp_path / "ro" / "LC_MESSAGES" / "rami.po").open("wb"), cat)
    (tmp_path / "rami.pot").write_bytes((ROOT / "rami" / "locale" / "rami.pot").read_bytes())
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogues, "POT", tmp_path / "rami.pot")
    found = "\n".join(catalogues.problems("ro"))
    assert "'You drew {card}': placeholders ['carte'], not ['card']" in found
    assert "'The stock is empty.': not translated" in found
    assert "'You may not meld now.': fuzzy" in found


# -- the messages in the code -------------------------------------------------------------
def _calls():
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("_", "n_", "p_"):
                yield path, node


def test_every_message_is_given_exactly_its_placeholders():
    """A placeholder left unfilled would fail only when that message is shown: each call
    names every placeholder of its message, and no other."""
    wrong = []
    for path, node in _calls():
        texts = [a.value for a in node.args if isinstance(a, ast.Constant)
                 and isinstance(a.value, str)]
        if node.func.id == "p_":
            texts = texts[1:]
        elif node.func.id == "n_":
            texts = texts[:2]
        if not texts or not isinstance(node.args[0], ast.Constant):
            continue                         # a constant's message: checked where it is made
        given = {k.arg for k in node.keywords}
        if None in given:
            continue                         # (**kw)
        want = set().union(*(i18n.placeholders(t) for t in texts))
        if node.func.id == "n_":            # (n_ fills {n} itself)
            want, given = want - {"n"}, given - {"n"}
        if want != given:
            wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {sorted(want)} vs "
                         f"{sorted(given)}")
    assert wrong == []


def test_no_message_is_translated_at_import_and_no_function_hides_the_translator():
    """``_()`` at a module's or class's top level would freeze the English; ``_`` bound as a
    throwaway name inside a function would make that function's ``_()`` fail."""
    wrong = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def scan(node, in_function, in_comprehension):
            for child in ast.iter_child_nodes(node):
                fn = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                       ast.Lambda))
                comp = in_comprehension or isinstance(child, (
                    ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Lambda))
                if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and \
                        child.func.id in ("_", "n_", "p_") and not in_function:
                    wrong.append(f"{path.name}:{child.lineno}: {child.func.id}() at import")
                if isinstance(child, ast.Name) and child.id in ("_", "n_", "p_") and \
                        isinstance(child.ctx, ast.Store) and not in_comprehension:
                    wrong.append(f"{path.name}:{child.lineno}: assigns {child.id}")
                scan(child, fn, comp)
        scan(tree, False, False)
    assert wrong == []


# -- choosing ------------------------------------------------------------------------------
def test_tags_are_read_as_people_and_systems_write_them():
    assert normalise("ro-RO") == normalise("ro_RO.UTF-8") == normalise("RO") == "ro"
    assert normalise("hi-IN") == "hi" and normalise("de-AT") == "de"
    assert normalise("pt-BR") is None and normalise(None) is None and normalise(3) is None
    assert negotiate(["pt-BR", "fr-CA", "en"]) == "fr"
    assert negotiate(["pt-BR"]) == "en" and negotiate([]) == "en"


def test_the_terminal_follows_the_usual_environment_variables():
    assert from_environment({"LANGUAGE": "pt:es:en", "LANG": "de_DE.UTF-8"}) == "es"
    assert from_environment({"LC_ALL": "ro_RO.UTF-8", "LANG": "de_DE.UTF-8"}) == "ro"
    assert from_environment({"LC_MESSAGES": "hi_IN", "LANG": "fr_FR.UTF-8"}) == "hi"
    assert from_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert from_environment({"LANG": "C.UTF-8"}) == "en"
    assert from_environment({}) == "en"


def test_a_language_is_active_until_another_is_chosen():
    assert i18n.set_language("ro-RO") == "ro" and i18n.language() == "ro"
    assert _("The stock is empty.") == "Pachetul este gol."
    with speaking("en"):
        assert _("The stock is empty.") == "The stock is empty."
    assert _("The stock is empty.") == "Pachetul este gol."
    assert i18n.set_language("xx") == "en" and _("The stock is empty.") == "The stock is empty."


def test_a_message_said_before_is_said_again_in_the_words_of_the_moment():
    """Messages are remembered said (a table says hundreds at each redraw): by catalogue and
    by the game's words, never the ones of another moment."""
    i18n.set_language("ro")
    for _round in range(2):
        assert _("The stock is empty.") == "Pachetul este gol."
        with i18n.pieces(True):
            assert _("The stock is empty.") == "Teancul este gol."
        with speaking("en"):
            assert _("The stock is empty.") == "The stock is empty."
    with i18n.recording():
        said = _("The stock is empty.")
    assert said == "Pachetul este gol." and said.spec == {"m": "The stock is empty."}
    i18n.set_language("en")


# -- the game in Romanian -------------------------------------------------------------------
def test_a_refusal_speaks_the_players_language_and_the_games_words():
    i18n.set_language("ro")
    from tests.test_tiles_rules import OPENED, tiles
    g = tiles("0: r7 y7 joly joly r3 r5 r6 r8 k2 " + OPENED)
    with pytest.raises(IllegalAction) as e:
        g.apply("meld r7 y7 joly joly")
    assert str(e.value) == "Fiecare Joly are nevoie de 2 piese adevărate lângă el în formație"
    card = GameState("basic", 2, seed=1)
    with pytest.raises(IllegalAction) as e:
        card.apply(f"discard {card.hands[card.turn][0]}")
    assert str(e.value) == ("Întâi trageți o carte: din pachet sau de pe teancul de cărți "
                            "aruncate.")


def test_the_log_names_tiles_and_cards_in_the_language():
    from rami.cards import Card
    from rami.events import Event
    i18n.set_language("ro")
    names = ["Ana", "Bob"]
    drew = Event("draw", 1, None, secret=True)
    assert drew.describe(names, 0) == "Bob a tras din pachet"
    with pieces(True):
        assert drew.describe(names, 0) == "Bob a tras din teanc"
        assert Event("few", 1, text="2 tiles left").describe(names, 0) == \
            "Bob anunță că îi mai rămân puține piese (2 piese rămase)"
        assert Card.parse("r12").name() == "12 roșu"
    assert Card.parse("Qh").name() == "damă de cupă"
    assert Event("knock", 0, text="8 deadwood").describe(names, 0) == \
        "Ați bătut (knock) (8 puncte nefolosite)"


@pytest.mark.skipif(IN_PYODIDE, reason="the terminal")
def test_the_terminal_plays_tile_rami_in_romanian():
    from rami.cli import main
    out = io.StringIO()
    sys.stdin, stdin = io.StringIO("draw\nhint\nquit\n"), sys.stdin
    try:
        with redirect_stdout(out):
            main(["play", "tiles", "--seed", "3", "--lang", "ro", "--delay", "0"])
    finally:
        sys.stdin = stdin
    text = out.getvalue()
    assert "Jocul 1: împărțiți dumneavoastră; se întoarce 11 roșu" in text
    assert "Ați tras 5 roșu" in text
    assert "Deschideți acum: primele formații ating punctele cerute." in text


def test_a_catalogue_fetched_by_the_page_is_installed_from_its_bytes():
    """The page fetches every catalogue but English's (static/vendor/locale/): installed from
    bytes, it is spoken; bytes that are not a catalogue change nothing."""
    mo = ROOT / "rami" / "locale" / "de" / "LC_MESSAGES" / "rami.mo"
    was = i18n._loaded.pop("de", None)
    try:
        i18n._loaded["de"] = i18n.gettext.NullTranslations()       # (not shipped)
        assert not i18n.available("de")
        with i18n.speaking("de"):          # (said once in English, before the catalogue came)
            assert _("The stock is empty.") == "The stock is empty."
        assert not i18n.install("de", b"not a catalogue") and not i18n.available("de")
        assert not i18n.install("de", gzip.compress(b"not a catalogue"))
        assert not i18n.install("de", gzip.compress(mo.read_bytes())[:-40])     # cut short
        assert not i18n.available("de")
        assert i18n.install("de", mo.read_bytes()) and i18n.available("de")
        i18n.set_language("de")
        assert _("The stock is empty.") == "Der Stapel ist leer."
        i18n.set_language("en")
        i18n._loaded["de"] = i18n.gettext.NullTranslations()
        assert i18n.install("de", gzip.compress(mo.read_bytes()))         # as the build ships it
        with i18n.speaking("de"):
            assert _("The stock is empty.") == "Der Stapel ist leer."
    finally:
        i18n._loaded.pop("de", None)
        if was is not None:
            i18n._loaded["de"] = was


# -- no English left on the table ----------------------------------------------------------
def _english_of(code: str) -> tuple[set[str], set[str]]:
    """The English words of every message that ``code`` says otherwise: the phrases of two
    words or more between its placeholders, and the messages of one word (a button, a
    heading)."""
    pytest.importorskip("babel")
    from babel.messages.pofile import read_po
    with open(ROOT / "rami" / "locale" / code / "LC_MESSAGES" / "rami.po", "rb") as f:
        cat = read_po(f, locale=code)
    phrases, words = set(), set()
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        said = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if set(ids) & set(said):
            continue                       # (said the same way: "Gin Rummy", "Push")
        for text in ids:
            if re.fullmatch(r"[A-Z][a-z]{3,}[!.…]?", text):
                words.add(text)
            for part in re.split(r"\{[^}]*\}|`[^`]*`|\[[^\]]*\]", text):
                part = part.strip(" .,:;()…·!?'")
                if len(part) >= 8 and " " in part and not re.search(r"\d[hdcs]\b", part):
                    phrases.add(part)
    return phrases, words


def _page_text(html: str) -> list[str]:
    """What a reader sees or hears of a fragment of the page: its text and its read
    attributes."""
    said = re.findall(r'(?:aria-label|title|alt)="([^"]*)"', html)
    return said + [t.strip() for t in re.split(r"<[^>]+>", html) if t.strip()]


def _english_on(screens, english: set[str], words: set[str]) -> list:
    """(screen, English) for each English phrase, or one-word message, on the screens."""
    left = sorted({(where, phrase) for where, html in screens for text in _page_text(html)
                   for phrase in english if phrase in text})
    return left + sorted({(where, text) for where, html in screens
                          for text in _page_text(html) if text in words})


def _to_draw(variant: str, seed: int = 4):
    """A hand played by bots until the person (seat 0) is to draw, or None."""
    from rami.bots import make_bot
    from rami.view import PlayerView
    n = find_variant(variant).min_players
    g = GameState(variant, [f"P{i}" for i in range(n)], seed=seed)
    bots = [make_bot("good", variant, seed=f"{seed}:{s}") for s in range(n)]
    for _x in range(400):
        if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return None
        if g.turn == 0 and g.phase == Phase.DRAW:
            return g
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return None


def _played(variant: str, seed: int = 4):
    """A match of ``variant`` played by bots to the end of its first hand."""
    from rami.bots import make_bot
    from rami.view import PlayerView
    n = find_variant(variant).min_players
    g = GameState(variant, [f"P{i}" for i in range(n)], seed=seed)
    bots = [make_bot("good", variant, seed=f"{seed}:{s}") for s in range(n)]
    before = None
    while g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        if before is None and g.turn == 0 and g.phase == Phase.PLAY:
            before = GameState.from_dict(g.to_dict())          # a position mid-hand too
        g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return before, g


@pytest.mark.skipif(IN_PYODIDE, reason="Babel reads the catalogues")
@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != "en"])
def test_no_english_is_left_on_any_table_in_any_language(code):
    """Every screen of every game, drawn in ``code``, holds none of the English phrases its
    catalogue translates: the lobby of each game, How to play, Settings, Statistics, the keys,
    a table mid-hand and at the hand's end with its summary and scoreboard."""
    from rami.web import howto, lobby, render, settings, stats
    from rami.web.session import Session
    english, words = _english_of(code)
    i18n.set_language(code)
    screens = []
    for variant in [g["name"] for g in lobby.catalogue()["games"]]:
        screens.append((f"lobby {variant}", lobby.lobby_html(lobby.default_form(variant, "Ana"))))
        screens.append((f"rules {variant}", howto.howto_html(variant, at_table=True)))
        mid, over = _played(variant)
        for when, g in (("mid-hand", mid), ("hand over", over), ("to draw", _to_draw(variant))):
            if g is None:
                continue
            s = Session(g, 0)
            if g.phase == Phase.PLAY and s.order:
                s.selected = [0]                # (a card chosen: declaring asks first)
            screens.append((f"{variant} {when}", render.table_html(s)))
            screens.append((f"{variant} {when} keys", render.help_html(s.table)))
            screens.append((f"{variant} {when} scores", render.scores_html(s)))
            screens.append((f"{variant} {when} new game", render.newgame_html(s, s)))
            if g.turn is not None and g.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                screens.append((f"{variant} {when} cover", render.cover_html(s)))
                screens.append((f"{variant} {when} hint", render.hint_line(s.hint())))
            for c in s.choices():               # what a button asks first, or opens
                if c.confirm:
                    screens.append((f"{variant} {when} {c.name}?",
                                    render.confirm_html(c.confirm, c.name, c.label)))
                if c.dialog:
                    screens.append((f"{variant} {when} {c.dialog}", s.table.dialog(s, c.dialog)))
    screens.append(("settings", settings.settings_html(settings.clean({}), "normal",
                                                      render.PACES)))
    screens.append(("statistics", stats.stats_html({"variants": {}, "seen": []})))
    screens.append(("update", render.update_note() + render.update_offer()))
    assert {"indian to draw drop?", "indian mid-hand declare?"} <= {w for w, _x in screens}
    left = _english_on(screens, english, words)
    assert left == [], left


@pytest.mark.skipif(IN_PYODIDE, reason="Babel reads the catalogues")
@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != "en"])
def test_a_tutorial_board_speaks_its_language(code):
    """Every board of the tutorial pages, told ``lang``, drawn at each step of its replay,
    its puzzle tried (a legal move, an illegal one, the answer shown), holds none of the
    English phrases the catalogue translates (the author's texts taken out: they are the
    author's to write); a broken board says what is wrong in that language too."""
    from html.parser import HTMLParser
    from rami.web.board import Board, BoardError, error_html

    class Boards(HTMLParser):
        found: list = []

        def handle_starttag(self, tag, attrs):
            if tag == "rami-board":
                self.found.append(dict(attrs))

    english, words = _english_of(code)
    screens = []
    for page in ("gin.html", "indian.html", "boards.html"):
        p = Boards()
        p.found = []
        p.feed((ROOT / "learn" / page).read_text())
        for k, a in enumerate(p.found):
            a = {key: re.sub(r"\{[^}]*\}", "", value or "") for key, value in a.items()
                 if key not in ("caption", "prompt", "success", "lang")}
            a["lang"] = code
            where = f"{page} board {k + 1}"
            if "data-broken" in a:
                with pytest.raises(BoardError) as e, i18n.speaking(code):
                    Board(a)
                with i18n.speaking(code):
                    screens.append((where, error_html(e.value)))
                continue
            b = Board(a)
            screens.append((where, b.html()))
            for n in range(len(b.steps)):
                b.act("step:next")
                screens.append((f"{where} step {n + 1}", b.html()))
            if b.mode == "puzzle":
                for press in ("btn:discard", "btn:draw", "reset", "answer"):
                    b.act(press)
                    screens.append((f"{where} {press}", b.html()))
    with i18n.speaking(code):
        for bad in ({"deal": ""}, {"deal": "gin | 0: Ah", "mode": "movie"},
                    {"deal": "gin | 0: Ah 2h 3h 4h 9c 9d 9s Qs Qd 6c | 1: 5c 5d 7h 8h Js 10s "
                     "2d 3s Kd Kc | discard: 8c", "moves": "discard Kc {x"},
                    {"deal": "gin | 0: Ah 2h 3h 4h 9c 9d 9s Qs Qd 6c | 1: 5c 5d 7h 8h Js 10s "
                     "2d 3s Kd Kc | discard: 8c", "moves": "draw; discard Kc"}):
            try:
                b = Board({**bad, "lang": code})
                assert b.problem is not None
                screens.append((str(bad), b.html()))
            except BoardError as e:
                screens.append((str(bad), error_html(e)))
    assert i18n.language() == "en"          # (the board's language is the board's alone)
    left = _english_on(screens, english, words)
    assert left == [], left


@pytest.mark.skipif(IN_PYODIDE, reason="Babel reads the catalogues")
def test_every_message_of_the_browser_scripts_is_in_the_catalogues():
    """What the start-up and embed scripts say (``t("…")``, ``N("…")``) is extracted, even
    where a call sits inside a template string (which Babel's JavaScript reader skips)."""
    from babel.messages.pofile import read_po
    with open(ROOT / "rami" / "locale" / "rami.pot", "rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    said = []
    for script in ("static/boot.js", "static/embed.js"):
        text = (ROOT / script).read_text()
        for m in re.finditer(r'\b[tN]\(\s*((?:"(?:[^"\\]|\\.)*"\s*\+?\s*)+)', text):
            said.append("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))))
    assert len(said) >= 12
    assert [s for s in said if s not in ids] == []


RESULT_GAMES = [("basic", 3, {}), ("gin", 2, {}), ("indian", 4, {"format": "pool101"}),
                ("rum500", 3, {}), ("push", 4, {}), ("tiles", 4, {})]


def _scored_in(code: str, variant: str, n: int, options: dict, hands: int):
    """A match of Good players, played with the page in language ``code``, to ``hands``
    hands' end (or the match's)."""
    from rami.bots import make_bot
    from rami.view import PlayerView
    with speaking(code):
        g = GameState(variant, ["Ada", "Bea", "Cy", "Dan"][:n], options, seed=21)
        bots = [make_bot("good", variant, seed=s) for s in range(n)]
        while len(g.results) < hands and not g.is_over:
            if g.phase == Phase.HAND_OVER:
                g.apply(g.legal_actions()[0])
            else:
                g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
    return g


@pytest.mark.parametrize("variant,n,options", RESULT_GAMES)
def test_a_result_is_said_in_each_pages_language(variant, n, options):
    """A hand scored on a Romanian page is read on a Hindi page in Hindi: word for word what
    a Hindi page that scored it would have written (the headline, every line, the log),
    and it keeps its words through a save and a seat's view."""
    import json
    from rami.i18n import result_words
    from rami.known import KnownGame
    from rami.view import PlayerView
    from rami.web.session import Session
    hands = 1 if QUICK else 2
    ro = _scored_in("ro", variant, n, options, hands)
    hi = _scored_in("hi", variant, n, options, hands)
    assert len(ro.results) == len(hi.results) >= 1
    again = GameState.from_dict(json.loads(json.dumps(ro.to_dict())))
    for a, b, c in zip(ro.results, hi.results, again.results):
        assert a["headline"] != b["headline"]             # (written in two languages)
        with speaking("hi"):
            assert result_words(a) == result_words(c) == b["headline"]
            assert result_words(a, "lines") == result_words(c, "lines") == b["lines"]
        with speaking("ro"):
            assert result_words(a) == a["headline"] and result_words(a, "lines") == a["lines"]
    with speaking("hi"):
        seen = KnownGame.of(PlayerView.of(ro, 1))
        assert result_words(seen.results[-1]) == hi.results[-1]["headline"]
        first_ro, first_hi = (_scored_in(code, variant, n, options, 1) for code in ("ro", "hi"))
        for a, b in ((ro, hi), (first_ro, first_hi)):      # (the first deal's log too)
            if a.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                assert Session(a, 1).log_lines() == Session(b, 1).log_lines()


def test_words_from_outside_are_only_filled_in():
    """A result's kept words from a save or a host are checked: only plain placeholders,
    each given a value (a format that reads attributes or pads without end is refused)."""
    import json
    g = _scored_in("en", "gin", 2, {}, 1)
    for bad in ({"m": "{who.__class__}", "a": {"who": "x"}}, {"m": "{who:>99999999}",
                "a": {"who": "x"}}, {"m": "{x}"}, {"m": 3}, {"join": "abc"}, [1, 2],
                {"m": ["a {n}", "b {n}"], "n": "many"}):
        d = json.loads(json.dumps(g.to_dict()))
        d["results"][0]["said"]["headline"] = bad
        with pytest.raises(SaveError, match="cannot say"):
            GameState.from_dict(d)


def test_english_s_catalogue_holds_only_what_differs_from_its_own_words():
    """English's catalogue, which every first visit carries (rami.zip), holds tile Rami's
    words alone: no plural of its own words (Babel would write each with the English words
    filled in, which gettext says without them), and those are said as before."""
    from rami.i18n import n_
    mo = ROOT / "rami" / "locale" / "en" / "LC_MESSAGES" / "rami.mo"
    with mo.open("rb") as f:
        catalogue = i18n.gettext.GNUTranslations(f)._catalog
    keys = [k[0] if isinstance(k, tuple) else k for k in catalogue]
    assert all(k == "" or "\x04" in k for k in keys), [k for k in keys if "\x04" not in k][:5]
    assert any(isinstance(k, tuple) for k in catalogue)          # (tile Rami's plurals stay)
    with speaking("en"):
        assert n_("{n} card", "{n} cards", 1) == "1 card"
        assert n_("{n} card", "{n} cards", 2) == "2 cards"
        assert n_("{n} card", "{n} cards", 0) == "0 cards"
        with pieces(True):
            assert n_("({n} hand reviewed)", "({n} hands reviewed)", 2) == "(2 games reviewed)"


@pytest.mark.parametrize("variant", ["basic", "rum500"])
def test_a_match_won_by_reaching_its_target_says_so_in_the_page_s_language(variant):
    """A match ended by a score reaching its target is said in the page's language, the
    reason too (Basic Rummy's "(reaching 100)" was English on every page)."""
    from rami.i18n import result_words
    with speaking("hi"):
        g = GameState(variant, ["Ada", "Bea"], {"target": 100}, seed=3)
        g.scores[0] = 130
        said = result_words(g.variant.match_result(g))
        assert _("reaching {target}", target=100) in said and "तक पहुँचकर" in said
        assert re.findall(r"[A-Za-z]{3,}", said.replace("Ada", "")) == []


def _events_of_played_hands(variant: str, n: int, hands: int, seed: int = 3):
    """The events of ``hands`` hands of ``variant`` at ``n`` seats played by random and Good
    players (random moves reach what the Good player avoids: a push, a turnover)."""
    from rami.bots import make_bot
    from rami.view import PlayerView
    var = find_variant(variant)
    g = GameState(variant, [f"P{i}" for i in range(n)], seed=seed)
    bots = [make_bot("random" if s % 2 else "good", variant, seed=f"{seed}:{s}")
            for s in range(n)]
    out = []
    for _x in range(hands):
        for _y in range(3000):
            if g.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                break
            g.apply(bots[g.turn].choose(PlayerView.of(g, g.turn)))
        out.append((g.names, list(g.events), var.uses_tiles))
        if g.phase == Phase.MATCH_OVER:
            break
        g.apply(g.legal_actions()[0])
    return out


def test_every_event_is_put_in_words_with_no_slot_left_empty_in_any_language(monkeypatch):
    """Every event of hands of every game, as every seat reads it in the log (and the
    terminal's whole log), in every language: each placeholder its words use is given
    something to say (Push's log once said "Ada got  face down in the push from you", its
    card left out), and no line has a gap or a brace left."""
    from rami import events
    filled = []
    real = events._form

    def form(key, you, kw):
        msg = events._LOG[key] if isinstance(events._LOG[key], str) else \
            events._LOG[key][0 if you else 1]
        empty = sorted(f for f in i18n.placeholders(msg) if str(kw.get(f, "")) == "")
        filled.append((key, tuple(empty)))
        return real(key, you, kw)

    monkeypatch.setattr(events, "_form", form)
    played = []
    for variant in variant_names():
        var = find_variant(variant)
        n = 4 if var.max_players >= 4 else var.min_players
        played += _events_of_played_hands(variant, n, 1 if QUICK else 2)
    played += _rare_events()
    bad = []
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        for names, evs, tiles in played:
            for viewer in (None, *range(len(names))):
                with pieces(tiles):
                    lines = [(e, e.describe(names, viewer)) for e in evs]
                for e, line in lines:
                    if "  " in line or line != line.strip() or "{" in line or "}" in line \
                            or not line:
                        bad.append((code, viewer, e.kind, line))
    empty = sorted({f for f in filled if f[1]})
    assert empty == [] and bad == [], (empty, bad[:10])
    keys = {k for k, _x in filled}
    assert keys == set(events._LOG), sorted(set(events._LOG) - keys)
    # (the push, seen by its maker, its receiver and the others, in play)
    pushes = {e.kind for names, evs, tiles in played[:-2] for e in evs}
    assert {"push", "pushed"} <= pushes


def _rare_events():
    """Events as the engine writes them, of the kinds a few random hands seldom reach (and
    a Push from a save made before the card pushed was kept in its event)."""
    from rami.cards import Card
    from rami.events import Event
    c, t = Card.parse, Card.parse("r7")
    names = ["P0", "P1", "P2", "P3"]
    cards = [Event("declare", 0, c("Kd")), Event("declare", 1, c("Kd"), text="a valid declaration"),
             Event("drop", 1, text="first drop, 20 points"), Event("drop", 0),
             Event("show", 1, text="40 points"), Event("show", 0),
             Event("rejoin", 1, text="at 80 points"), Event("rejoin", 0), Event("decline", 1),
             Event("reshuffle", -1, c("5s"), text="the discards shuffled"),
             Event("knock", 0), Event("knock", 1, text="8 deadwood"), Event("gin", 1),
             Event("gin", 0, text="big gin"), Event("turnover", 1, c("9h")),
             Event("out", 0), Event("out", 1, text="by melding"),
             Event("rum", 2, c("Ks"), meld=0), Event("pass", 1, text="rum"),
             Event("pass", 2, text="stock"),
             Event("pushed", 1, c("9c"), secret=True, text="P0"),
             Event("pushed", 2, c("9c"), secret=True, text="P1")]
    tiles = [Event("doubla", 0, t, secret=True, text="high"), Event("pass", 1, text="doubla"),
             Event("exchange", 0, t, secret=True, text="P1"), Event("lapse", 2, text="doubla"),
             Event("twin", 1, t), Event("exposed", 0, t), Event("rebuild", 1, text="40 tiles"),
             Event("rebuild", 1), Event("pass", 2, text="wall"),
             Event("open", 0, cards=(t, c("y7"), c("b7")), meld=0, text="30 points: r7 y7 b7"),
             Event("open", 1, cards=(t, c("y7"), c("b7")), meld=0),
             Event("swap", 1, cards=(c("k7"),), meld=0), Event("few", 2, text="2 tiles left"),
             Event("swap", 0, cards=(c("k7"),), meld=0, text="30 points: r7 y7 b7"),
             Event("few", 1)]
    return [(names, cards, False), (names, tiles, True)]


def test_a_push_names_the_card_pushed_and_the_one_face_down_to_each_seat():
    from rami.cards import Card
    from rami.events import Event
    names = ["You", "Ada", "Bo", "Cy"]
    pushed = Event("pushed", 1, Card.parse("9c"), (Card.parse("7h"),), True, "You")
    assert pushed.describe(names, 0) == "Ada got 7h and a card face down in the push from you"
    assert pushed.describe(names, 1) == "You got 7h and, face down, 9c in the push from You"
    assert pushed.describe(names, 2) == "Ada got 7h and a card face down in the push from You"
    # the card pushed is public: a friend's view keeps it, the stock card not
    assert pushed.for_seat(2).cards == (Card.parse("7h"),) and pushed.for_seat(2).card is None
    # a save from before: the event without the card pushed
    old = Event("pushed", 1, Card.parse("9c"), (), True, "You")
    assert old.describe(names, 0) == "Ada took both cards into hand"
    i18n.set_language("de")
    assert pushed.describe(names, 0) == \
        "Ada hat 7h und eine verdeckte Karte in deinem Schub bekommen"
