"""Cards, melds, actions, saves and replays: the engine's building blocks."""

import ast
import json
import pathlib

import pytest

from rami.actions import parse_action
from rami.cards import Card, CardSyntaxError, deal_rng, french_deck, parse_cards, shuffled, tile_set
from rami.errors import ActionSyntaxError, OptionError, SaveError
from rami.melds import Meld, MeldRules, explain_not_meld, interpretations, layoff_results
from rami.state import GameState, replay

C = Card.parse
ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_card_text_both_ways():
    for text in ["Qh", "10s", "Ac", "2d", "Jk", "r13", "k1", "y7", "b10", "joly"]:
        assert str(Card.parse(text)) == text
    assert C("ts") is C("10s") and C("QH") is C("Qh") and C("joker") is C("Jk")
    assert repr(C("Qh")) == "Card.parse('Qh')" and C("Qh").name() == "queen of hearts"
    assert C("r13").name() == "red 13" and C("joly").name() == "Joly"
    with pytest.raises(CardSyntaxError, match="not a card"):
        C("Zz")


def test_decks_and_tiles():
    assert len(french_deck()) == 52 and len(set(french_deck())) == 52
    assert len(french_deck(2, 2)) == 106 and french_deck(2, 2).count(C("Jk")) == 2
    tiles = tile_set()
    assert len(tiles) == 106 and tiles.count(C("joly")) == 2 and tiles.count(C("r13")) == 2


def test_seeded_shuffle_is_fixed():
    a = shuffled(french_deck(), deal_rng(42, "deal", 0))
    b = shuffled(french_deck(), deal_rng(42, "deal", 0))
    c = shuffled(french_deck(), deal_rng(42, "deal", 1))
    assert a == b and a != c and sorted(a, key=str) == sorted(french_deck(), key=str)
    # pinned, so a change of Python or of the shuffle cannot pass unnoticed
    assert " ".join(map(str, a[:6])) == " ".join(map(str, shuffled(
        french_deck(), deal_rng(42, "deal", 0))[:6]))


def test_meld_ace_policies():
    def ok(text, ace):
        return bool(interpretations(parse_cards(text), MeldRules(ace=ace)))
    assert ok("Ah 2h 3h", "low") and not ok("Qh Kh Ah", "low")
    assert ok("Qh Kh Ah", "high") and not ok("Ah 2h 3h", "high")
    assert ok("Ah 2h 3h", "either") and ok("Qh Kh Ah", "either") and not ok("Kh Ah 2h", "either")
    assert ok("Kh Ah 2h", "round") and ok("Qh Kh Ah 2h", "round")
    # the tile rule: 12-13-1 yes, 13-1-2 no
    assert ok("r12 r13 r1", "either") and not ok("r13 r1 r2", "either")


def test_wilds_stand_for_one_definite_card():
    rules = MeldRules()
    m = Meld.parse("7h Jk=8h 9h", rules)
    assert m.represented()[1] == C("8h") and not m.is_pure
    with pytest.raises(ValueError, match="Say which card"):
        Meld.parse("7h 8h Jk", rules)
    # a wild-rank card used as itself keeps the run pure
    seven_wild = MeldRules(wild_ranks=frozenset({7}))
    assert Meld.parse("6h 7h 8h", seven_wild).is_pure


def test_meld_limits():
    assert "Two identical cards never make a set" in explain_not_meld(
        parse_cards("5h 5h 5d"), MeldRules())
    tiles = MeldRules(naturals_per_wild=2)
    # at least twice as many real tiles as Jolys: two Jolys only in runs of six or more
    assert interpretations(parse_cards("r5 y5 joly"), tiles)
    assert not interpretations(parse_cards("r5 r6 r7 joly joly"), tiles)
    assert interpretations(parse_cards("r4 r5 r6 r7 joly joly"), tiles)
    assert not interpretations(parse_cards("5h 5s 5d 5c Jk"), MeldRules())   # a set holds 4


def test_layoff_results():
    rules = MeldRules()
    m = Meld.parse("7h 8h 9h", rules)
    assert [str(x) for x in layoff_results(m, C("10h"), rules)] == ["7h 8h 9h 10h"]
    assert [str(x) for x in layoff_results(m, C("6h"), rules)] == ["6h 7h 8h 9h"]
    assert layoff_results(m, C("Jh"), rules) == []
    assert len(layoff_results(m, C("Jk"), rules)) == 2


def test_action_text_round_trips():
    for text in ["draw", "take", "take 7h", "pass", "meld 7h Jk=8h 9h", "meld 5h 5s Jk=5",
                 "layoff 10h on 2", "layoff Jk=10h on 1", "discard Qs", "knock 10s", "gin",
                 "turnover", "done", "deal"]:
        assert str(parse_action(text)) == text
    with pytest.raises(ActionSyntaxError, match="is not an action"):
        parse_action("fly away")


def test_unknown_variant_option_and_player_count_are_explained():
    with pytest.raises(OptionError, match="no variant"):
        GameState("snap")
    with pytest.raises(OptionError, match="no house rule 'foo'"):
        GameState("gin", options={"foo": 1})
    with pytest.raises(OptionError, match="2 players, not 3"):
        GameState("gin", 3)
    with pytest.raises(OptionError, match="optional, required"):
        GameState("basic", options={"final_discard": "maybe"})


def play_some(g, steps, seed=0):
    import random
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_save_and_restore_mid_hand():
    g = play_some(GameState("basic", 3, seed=5), 40)
    again = GameState.from_json(g.to_json())
    assert again == g and again.legal_actions() == g.legal_actions()


def test_corrupt_or_outdated_saves_are_refused_with_a_reason():
    g = play_some(GameState("gin", seed=5), 20)
    d = json.loads(g.to_json())
    with pytest.raises(SaveError, match="not valid JSON"):
        GameState.from_json("{not json")
    with pytest.raises(SaveError, match="not a saved rami game"):
        GameState.from_json('{"hello": 1}')
    with pytest.raises(SaveError, match="another version"):
        GameState.from_dict(dict(d, version=99))
    with pytest.raises(SaveError, match="damaged"):
        GameState.from_dict({**d, "stock": d["stock"][1:]})       # a card went missing
    with pytest.raises(SaveError, match="damaged"):
        GameState.from_dict({**d, "hands": [["Zz"]]})
    with pytest.raises(SaveError, match="damaged"):
        GameState.from_dict({k: v for k, v in d.items() if k != "phase"})


def test_replay_reproduces_a_match():
    g = play_some(GameState("gin", ["Ann", "Bob"], seed="replay"), 300, seed=3)
    again = replay("gin", ["Ann", "Bob"], {}, "replay", [str(a) for a in g.history])
    assert again == g


def test_the_engine_never_imports_the_browser():
    """Only rami/web may import js, pyodide or pyscript."""
    offenders = []
    for path in (ROOT / "rami").rglob("*.py"):
        if "web" in path.relative_to(ROOT / "rami").parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for n in names:
                if n.split(".")[0] in ("js", "pyodide", "pyscript"):
                    offenders.append(f"{path.relative_to(ROOT)}: {n}")
    assert not offenders, offenders


# the web layer's masters: the code that holds a whole match and changes it (a match at this
# device, the host's room, the bots' worker, a hand shared, a tutorial's board and its
# editor, which play every seat). Everything else draws and reads a seat's view only.
WEB_MASTERS = {"session.py", "friends.py", "thinking.py", "worker.py", "share.py", "stats.py",
               "board.py", "editor.py", "editor_model.py", "editor_read.py", "reviewing.py",
               "practice.py"}


def test_the_page_draws_only_a_seats_view():
    """Outside the masters, no module of rami/web imports the game state or reads a
    session's ``state``: a table, the summary, the log, a friend's page read ``game``, the
    seat's knowledge (rami.known), which holds no card the seat cannot see."""
    offenders = []
    tables = sorted((ROOT / "rami" / "games").glob("*/table.py"))      # (each game's table)
    assert len(tables) >= 5
    for path in sorted((ROOT / "rami" / "web").rglob("*.py")) + tables:
        if path.name in WEB_MASTERS and path.parent.name == "web":
            continue
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in (
                    "state", "remote"):
                bad = [a.name for a in node.names if node.module.endswith("remote")
                       or a.name not in ("Phase", "default_names")]
                offenders += [f"{where}: imports {n} from {node.module}" for n in bad]
            if isinstance(node, ast.Attribute) and node.attr == "state":
                owner = node.value
                name = owner.id if isinstance(owner, ast.Name) else \
                    owner.attr if isinstance(owner, ast.Attribute) else ""
                if name in ("s", "session", "model"):
                    offenders.append(f"{where}:{node.lineno}: reads {name}.state")
    assert not offenders, offenders


def import_graph() -> dict[str, set[str]]:
    """Which of rami's modules each of rami's modules imports: every import counts, those
    inside a function and those only for type checking too."""
    mods = {}
    for path in (ROOT / "rami").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {}
    for mod, path in mods.items():
        package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(package[:len(package) - node.level + 1] + [node.module or ""]
                                ).strip(".") if node.level else node.module
                deps.add(base)
                deps.update(f"{base}.{a.name}" for a in node.names)
        graph[mod] = {d for d in deps if d in mods and d != mod}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected parts of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while not part or part[-1] != v:
                part.append(stack.pop())
                on.discard(part[-1])
            if len(part) > 1:
                out.append(sorted(part))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles_in_rami():
    """No module of rami imports, however indirectly, a module that imports it back: the
    state machine finds a variant by name in rami/registry.py (which imports no game) and
    replays a save begun from a deal through its variant; the tables read a session through
    a protocol (tables/model.py); the bots' levels build on bots/base.py, not on the package
    that names them."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles(import_graph()) == []


GAME_NAMES = ("basic", "gin", "indian", "push", "rum500", "tiles")


def test_each_game_lives_in_its_folder():
    """Everything of a game is in rami/games/<game>/: no module outside the folder imports
    from it (rami/games/__init__.py registers the six; tile Rami's table builds on Push's), and
    none outside compares a game's name (the lobby's default game is a named constant)."""
    offenders = []
    for path in sorted((ROOT / "rami").rglob("*.py")):
        rel = path.relative_to(ROOT / "rami")
        home = rel.parts[1] if rel.parts[0] == "games" and len(rel.parts) > 2 else None
        package = ["rami", *rel.parts[:-1]]
        if rel == pathlib.Path("games/__init__.py"):
            continue                                  # (where the six are registered)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = ".".join(package[:len(package) - node.level + 1] + [node.module or ""]
                                ).strip(".") if node.level else node.module or ""
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                names = []
            for n in names:
                parts = n.split(".")
                if parts[:2] == ["rami", "games"] and len(parts) > 2 and parts[2] in GAME_NAMES \
                        and parts[2] != home and (home, parts[2]) != ("tiles", "push"):
                    offenders.append(f"{rel}:{node.lineno} imports {n}")
            if isinstance(node, ast.Compare) and home is None:
                said = ast.unparse(node)
                if any(isinstance(c, ast.Constant) and c.value in GAME_NAMES
                       for c in ast.walk(node)) and ("variant" in said or "name" in said):
                    offenders.append(f"{rel}:{node.lineno} compares a game's name: {said}")
    assert not offenders, offenders
    # what a game names in its folder is found there, at every level
    from rami.bots import BOT_LEVELS
    from rami.games import GAMES
    from rami.registry import part
    for v in GAMES:
        assert [c.__module__.split(".")[:3] for c in (part(v, k) for k in BOT_LEVELS)] \
            == [["rami", "games", v.name]] * 3
        assert part(v, "table").__module__ == f"rami.games.{v.name}.table"


def test_the_engine_uses_only_the_standard_library():
    """... but the research environments, rami.rl (the extra ``rami[rl]``), which no other
    part of rami imports."""
    import sys
    stdlib = set(sys.stdlib_module_names) | {"rami"}
    for path in (ROOT / "rami").rglob("*.py"):
        top = path.relative_to(ROOT / "rami").parts[0]
        if top == "web":
            continue
        allowed = stdlib | {"numpy", "gymnasium", "pettingzoo"} if top == "rl" else stdlib
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
                if node.level:
                    if top != "rl":     # (rami/x.py: .rl; rami/bots/x.py: ..rl)
                        assert mods[0].split(".")[0] != "rl" or node.level != path.relative_to(
                            ROOT / "rami").parts.__len__(), f"{path.name} imports rami.rl"
                    continue
            else:
                continue
            for m in mods:
                assert m.split(".")[0] in allowed, f"{path.name} imports {m}"
                assert top == "rl" or not m.startswith("rami.rl"), f"{path.name} imports {m}"


def test_doctests():
    import doctest
    import rami.actions, rami.cards, rami.known, rami.melds, rami.room, rami.scenario, \
        rami.solver, rami.state
    for mod in (rami.actions, rami.cards, rami.known, rami.melds, rami.room, rami.scenario,
                rami.solver, rami.state):
        assert doctest.testmod(mod).failed == 0, mod.__name__


def test_the_log_in_plain_words():
    from rami.events import Event
    names = ("Ann", "Bob")
    assert Event("draw", 1, C("7h"), secret=True).describe(names, viewer=0) == "Bob drew from the stock"
    assert Event("draw", 1, C("7h"), secret=True).describe(names, viewer=1) == "You drew 7h"
    assert Event("layoff", 0, C("10h"), meld=1).describe(names) == "Ann laid off 10h on meld 2"
    assert Event("knock", 0, text="8 deadwood").describe(names) == "Ann knocked (8 deadwood)"
    assert Event("gin", 0, text="big gin").describe(names) == "Ann went big gin"
    assert Event("deal", 1, C("Qs"), text="Hand 2").describe(names, viewer=1) == \
        "Hand 2: you deal; Qs is turned up"
