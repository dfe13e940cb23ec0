"""rami's message catalogues, with Babel: extract, update, compile, check.

    python scripts/catalogues.py update     # extract the messages, refresh every .po (make catalogues)
    python scripts/catalogues.py compile    # .po -> .mo beside it (the build and `make setup`)
    python scripts/catalogues.py check      # complete, nothing fuzzy, the same placeholders

The template is ``rami/locale/rami.pot``; each language's catalogue is
``rami/locale/<lang>/LC_MESSAGES/rami.po``. Messages are marked in the code with ``_``,
``n_`` (plurals), ``p_`` (a context) and ``N_`` (a constant translated where shown); in
the browser's JavaScript with ``t("...")`` (``static/*.js``, a few notices).

Tile Rami's words: a message of the shared code (every file but the card games' own) that
names a card, the stock or a hand is extracted twice, the second time in the context
``tiles`` (see :mod:`rami.i18n`). English has a catalogue of those alone; a new one gets a
proposal in tile words marked fuzzy, for a person to read (the check fails on fuzzy).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from rami.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, TILES, placeholders  # noqa: E402

POT = LOCALE_DIR / f"{DOMAIN}.pot"
VERSION = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "N_": None, "Nn_": (1, 2),
            "Said": None, "t": None, "N": None}
METHODS = [("rami/**.py", "python"), ("static/boot.js", "javascript"),
           ("static/embed.js", "javascript"), ("learn/**.js", "javascript")]
# the files of one kind of game: their messages are already in that game's words
CARD_ONLY = re.compile(r"rami/games/(basic|gin|indian|rum500|push|tiles)/"
                       r"|rami/bots/(beginner|expert|heuristic)\.py$|rami/web/howto\.py$")
# the words that differ at tile Rami's table (the proposal for English, to be read)
VOCABULARY = (
    ("in deadwood", "on the rack"), ("low deadwood", "a light rack"),
    ("deadwood", "points left on the rack"),
    ("discard pile", "discard row"), ("cards", "tiles"), ("card", "tile"),
    ("stock", "wall"), ("in hand", "on the rack"), ("in your hand", "on your rack"),
    ("your hand", "your rack"), ("his hand", "his rack"), ("their hand", "their rack"),
    ("the hand", "the rack"), ("a hand", "a rack"),
)
_WORDS = tuple((re.compile(rf"\b{w}\b"), s) for word, said in VOCABULARY
               for w, s in ((word, said), (word[:1].upper() + word[1:],
                                            said[:1].upper() + said[1:])))
NAMES_CARD = re.compile(r"\b([Cc]ards?|[Ss]tock|[Dd]eadwood|[Dd]iscard pile|[Hh]and)\b")


# the card games' own moves: a message that names one never reaches tile Rami
CARD_MOVES = re.compile(r"\b(gin|knock|push|rum|declar|pure sequence|contract|rescue|drop|"
                        r"upcard|closed deck|open deck|turned the discard pile)", re.I)


def extract_python(fileobj, keywords, comment_tags, options):
    """Babel's extraction for rami's Python, from its syntax tree: the messages inside
    f-strings (``f"<b>{_('Settings')}</b>"``) too, which Babel's tokenizer misses before
    Python 3.12. A comment that starts with a tag, on the lines just above, goes with it."""
    import ast
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in keywords:
            args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str)
                         else None for a in node.args)
            if not args or all(a is None for a in args):
                continue
            comments, k = [], node.lineno - 2
            while k >= 0 and lines[k].strip().startswith("#"):
                text = lines[k].strip()[1:].strip()
                if any(text.startswith(tag) for tag in comment_tags):
                    comments.insert(0, text)
                    break
                k -= 1
            found.append((node.lineno, node.col_offset, node.func.id,
                          args if len(args) > 1 else args[0], comments))
    for lineno, _col, name, message, comments in sorted(found):
        yield lineno, name, message, comments


def in_tile_words(text: str) -> str:
    """The tile game's words for the card games' (the proposal to be read), placeholders
    kept as they are."""
    parts = re.split(r"(\{[^{}]*\})", text)
    for i in range(0, len(parts), 2):
        for pattern, said in _WORDS:
            parts[i] = pattern.sub(said, parts[i])
    return "".join(parts)


def extract() -> Catalog:
    cat = Catalog(project="rami", domain=DOMAIN, charset="utf-8",
                  msgid_bugs_address="", copyright_holder="the rami developers")
    tiles = []
    methods = [(pattern, extract_python if method == "python" else method)
               for pattern, method in METHODS]
    for path, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map=methods, keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if path.startswith(("tests", "scripts", "benchmarks", "node_modules", "build", "dist")):
            continue
        cat.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
        if context is None and not CARD_ONLY.search(path):
            key = message[0] if isinstance(message, tuple) else message
            words = re.sub(r"\{[^{}]*\}", "", key)
            if NAMES_CARD.search(words) and not CARD_MOVES.search(words):
                tiles.append((message, path, lineno, comments))
    for message, path, lineno, comments in tiles:
        cat.add(message, None, [(path, lineno)], auto_comments=list(comments) + [
            "Tile Rami's words for this message: tile, rack, wall (see rami/i18n.py)."],
            context=TILES)
    return cat


def update() -> None:
    template = extract()
    LOCALE_DIR.mkdir(exist_ok=True)
    with open(POT, "wb") as f:
        write_po(f, template, width=96, omit_header=False, sort_output=False)
    for code in LANGUAGES:
        po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.exists():
            with open(po, "rb") as f:
                cat = read_po(f, locale=code)
            cat.update(template, no_fuzzy_matching=True)
            cat.obsolete.clear()        # (its header comment, the vocabulary, is kept)
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=code, domain=DOMAIN, project="rami")
            cat.update(template)
        cat.project, cat.version = "rami", VERSION
        cat.last_translator = cat.language_team = "the rami developers"
        cat.msgid_bugs_address = ""
        cat.fuzzy = False
        if code == "en":
            for m in cat:
                if m.id and m.context == TILES and not any(
                        m.string if isinstance(m.string, (tuple, list)) else (m.string,)):
                    m.string = (tuple(in_tile_words(s) for s in m.id)
                                if isinstance(m.id, tuple) else in_tile_words(m.id))
                    m.flags.add("fuzzy")
        with open(po, "wb") as f:
            write_po(f, cat, width=96, sort_output=False, include_previous=True)
        print(f"{po.relative_to(ROOT)}: {len(cat)} messages")


def catalogues():
    """Each language's catalogue there is, read: (code, catalogue)."""
    for code in LANGUAGES:
        po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.exists():
            with open(po, "rb") as f:
                yield code, read_po(f, locale=code)


def compile_all(out: Path = LOCALE_DIR) -> list[Path]:
    made = []
    for code, cat in catalogues():
        if code == "en":
            # English's plurals outside tile Rami are its own words: Babel would write each
            # one with the English words filled in, which gettext says without them (every
            # browser's first visit carries this catalogue)
            for m in [m for m in cat if m.id and m.pluralizable and not m.context
                      and not any(m.string)]:
                cat.delete(m.id)
        mo = out / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with open(mo, "wb") as f:
            write_mo(f, cat)
        made.append(mo)
    return made


def boot_messages(script: str = "static/boot.js") -> dict:
    """A script's messages (``t("…")`` in static/boot.js, what the page says before Python
    runs; or static/embed.js's, a board's words before it is drawn), each language's, read
    from the catalogues."""
    out = {}
    for code, cat in catalogues():
        said = {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string
                and not m.fuzzy and any(p == script for p, _ in m.locations)}
        if said:
            out[code] = said
    return out


def write_boot_messages(path: Path) -> Path:
    import json
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("// made by scripts/catalogues.py from rami/locale: the start-up's words\n"
                    "window.ramiMessages = "
                    + json.dumps(boot_messages(), ensure_ascii=False, sort_keys=True) + ";\n",
                    encoding="utf-8")
    return path


def problems(code: str) -> list[str]:
    """What is wrong with a language's catalogue: a message missing, fuzzy, or with other
    placeholders than the original's; English needs only tile Rami's words."""
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with open(po, "rb") as f:
        cat = read_po(f, locale=code)
    with open(POT, "rb") as f:
        template = read_po(f)
    wrong = []
    ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in cat if m.id}
    for m in template:
        if m.id and (m.id if isinstance(m.id, str) else m.id[0], m.context) not in ids:
            wrong.append(f"{code}: not in the catalogue (run make catalogues): {m.id!r}")
    for m in cat:
        if not m.id or (code == "en" and m.context != TILES):
            continue
        ids_ = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        where = f"{code}: {ids_[0]!r}" + (f" ({m.context})" if m.context else "")
        if not all(strings) and not (code == "en" and m.context != TILES):
            wrong.append(f"{where}: not translated")
            continue
        if m.fuzzy:
            wrong.append(f"{where}: fuzzy")
        want = set().union(*(placeholders(i) for i in ids_))
        for s in strings:
            got = placeholders(s)
            # a plural form may leave {n} out (a language that says "one card")
            if got - want or (want - got) - {"n"}:
                wrong.append(f"{where}: placeholders {sorted(got)}, not {sorted(want)}")
    return wrong


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "update":
        update()
    elif cmd == "compile":
        for mo in compile_all():
            print(mo.relative_to(ROOT))
    elif cmd == "check":
        wrong = [w for code in LANGUAGES for w in problems(code)]
        print("\n".join(wrong[:200]) or "every catalogue complete")
        return 1 if wrong else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
