"""What the page's Python imports: run inside Pyodide (under Node) by the build, which ships
the standard-library modules it lists, and by scripts/check_vendor.mjs, which runs it again
on the shipped files and fails if any import is missing there.

It imports every module of rami that the browser loads (all but the terminal and the local
server: rami/cli.py, each game's board in the terminal, rami/games/*/terminal.py,
rami/serve.py, rami/__main__.py; other packages' games, rami/plugins.py;
the tables' type, rami/web/tables/model.py; the research environments, rami/rl/), the standard-library modules that
PyScript's own Python package imports (PYSCRIPT_IMPORTS, given by the caller: the names
scripts/precompile.mjs finds in PyScript's sources that this Python has), and then exercises what runs later and may import lazily: a hand of every variant
played by the three bot levels with hints, a save and its restore, a refusal and its
traceback. It leaves in ``RESULT`` a short report.

    exec(open("scripts/browser_modules.py").read(), {"RAMI": "/path/holding/rami",
         "PYSCRIPT_IMPORTS": [...]})
"""

import importlib
import os
import sys
import traceback
import zipfile

# the terminal, the server, other packages' games, the tables' type (read by type checkers)
NOT_IN_BROWSER = ("rami.cli", "rami.serve", "rami.__main__", "rami.plugins",
                  "rami.web.tables.model")
NOT_IN_BROWSER_PACKAGES = ("rami.rl.",)     # the research environments (NumPy, PettingZoo)
TERMINAL = ".terminal"                      # each game's board in the terminal (rami.cli's)


def browser_modules(where: str) -> list[str]:
    """rami's modules the page may import, from a folder or a zip holding ``rami/``."""
    if where.endswith(".zip"):
        # (names read as UTF-8, not as zipfile's default cp437: that codec is a module the
        # page itself never imports)
        names = zipfile.ZipFile(where, metadata_encoding="utf-8").namelist()
    else:
        names = [os.path.relpath(os.path.join(d, f), where)
                 for d, _, fs in os.walk(os.path.join(where, "rami")) for f in fs]
    mods = set()
    for name in names:
        if name.endswith((".py", ".pyc")) and "__pycache__" not in name:
            mod = name.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
            if mod not in NOT_IN_BROWSER and not (mod + ".").startswith(NOT_IN_BROWSER_PACKAGES) \
                    and not (mod.startswith("rami.games.") and mod.endswith(TERMINAL)):
                mods.add(mod)
    return sorted(mods)


def exercise() -> str:
    from rami.bots import BOT_LEVELS, make_bot
    from rami.bots.hint import hint
    from rami.errors import RamiError
    from rami.state import GameState
    from rami.variants import find_variant, variant_names
    from rami.view import PlayerView

    played = []
    for name in variant_names():
        seats = find_variant(name).min_players
        g = GameState(name, seats, seed=7)
        bots = [make_bot(BOT_LEVELS[(i + len(played)) % 3], name, seed=i) for i in range(seats)]
        moves = 0
        while g.phase.value not in ("hand_over", "match_over") and moves < 400:
            view = PlayerView.of(g, g.turn)
            if moves % 9 == 0:
                hint(view).text
            g.apply(bots[g.turn].choose(view))
            moves += 1
        g = GameState.from_json(g.to_json())
        played.append(f"{name} {moves}")
        try:
            g.apply(g.legal_actions()[0]) if g.legal_actions() else GameState(name, 99)
        except RamiError as e:
            "".join(traceback.format_exception(e))
    return ", ".join(played)


def main(where: str, pyscript_imports: list[str]) -> str:
    if where not in sys.path:
        sys.path.insert(0, where)
    mods = browser_modules(where)
    for mod in mods:
        importlib.import_module(mod)
    for mod in pyscript_imports:
        importlib.import_module(mod)
    return f"{len(mods)} modules of rami imported; played {exercise()}"


RESULT = main(RAMI, PYSCRIPT_IMPORTS)  # noqa: F821 (given by the caller)
