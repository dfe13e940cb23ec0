"""The static site's own files: the manifest and its icons, the page's references to the
versioned runtime, and the service worker's precache list and version as `make dist` writes
them. (The browser tests, tests/browser/test_pwa.py, check what Chromium makes of them.)"""

from __future__ import annotations

import importlib.util
import json
import pathlib
import re
import struct

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def script(name: str):
    spec = importlib.util.spec_from_file_location(f"_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(path: pathlib.Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_an_installable_app_from_any_folder():
    m = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "description", "start_url", "scope", "display",
                "theme_color", "background_color", "icons"):
        assert m.get(key), key
    assert m["display"] == "standalone"
    # relative to the manifest (static/), so the site works at a root or under a sub-path
    assert m["start_url"] == "../index.html" and m["scope"] == "../"
    assert not any(str(v).startswith(("/", "http")) for v in (m["start_url"], m["scope"]))
    seen = set()
    for icon in m["icons"]:
        path = ROOT / "static" / icon["src"]
        assert path.exists(), icon
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}", icon
            seen.add((w, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= seen


def test_the_page_names_the_runtime_the_lock_pins():
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    dirs = {"pyodide": f"pyodide-{lock['node_modules/pyodide']['version']}",
            "pyscript": f"pyscript-{lock['node_modules/@pyscript/core']['version']}"}
    build = script("build_web")
    assert build.check_page_names(dirs) == []
    assert build.check_page_names({"pyodide": "pyodide-0.0.1"}) != []   # the check can fail
    page = (ROOT / "index.html").read_text()
    for ref in ("static/manifest.webmanifest", "static/boot.js",
                f"static/vendor/{dirs['pyscript']}/core.js"):
        assert f'"{ref}"' in page, ref
    # PyScript's interpreter is rami's runtime module, which names the vendored Pyodide
    assert 'interpreter = "./static/runtime.mjs"' in (ROOT / "pyscript.toml").read_text()
    for module in ("runtime.mjs", "snapshot-worker.mjs"):
        assert f'"./vendor/{dirs["pyodide"]}/pyodide.mjs"' in (ROOT / "static" / module).read_text()


def test_the_plugins_pyscript_would_load_and_rami_never_uses_are_left_out():
    """pyscript.toml turns off PyScript's plugins that rami never uses, the page's config for
    MicroPython's scripts the same ones (PyScript loads the plugins for both), and the
    build leaves their modules out of the site (those left on are there)."""
    import tomllib
    off = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    assert "!py-editor" in off and "!error" not in off
    mpy = re.search(r'<mpy-config type="json" hidden>(.*?)</mpy-config>',
                    (ROOT / "index.html").read_text(), re.S)
    assert mpy and json.loads(mpy.group(1)) == {"plugins": off}
    # (the start-up benchmark's PyScript floor: the same PyScript with the same options)
    floor = (ROOT / "benchmarks" / "pyscript.html").read_text()
    assert json.loads(re.search(r"config='(.*?)'", floor).group(1))["plugins"] == off
    assert mpy.group(0) in floor
    build = script("build_web")
    src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    if not src.exists():
        pytest.skip("no node_modules (npm ci)")
    files = build.pyscript_files(src)
    assert not [f for f in files if f.startswith(tuple(p[1:] + "-" for p in off))], files
    assert any(f.startswith("error-") for f in files) and any(f.startswith("toml-") for f in files)


def test_the_runtime_module_is_stamped_with_the_build_of_the_runtime_and_engine(tmp_path):
    """dist.py writes into static/runtime.mjs a hash of the vendored files: the key of the
    runtime's snapshot, which changes with the engine or the runtime, and only with them."""
    dist = script("dist")
    site = tmp_path / "site"
    (site / "static" / "vendor").mkdir(parents=True)
    (site / "static" / "runtime.mjs").write_text((ROOT / "static" / "runtime.mjs").read_text())
    (site / "static" / "vendor" / "rami.zip").write_bytes(b"engine 1")
    (site / "static" / "style.css").write_text("a {}")
    b1 = dist.stamp_runtime(site)
    assert f'const BUILD = "{b1}";' in (site / "static" / "runtime.mjs").read_text()
    assert dist.stamp_runtime(site) == b1                            # stamping again: the same
    (site / "static" / "style.css").write_text("b {}")
    assert dist.stamp_runtime(site) == b1                            # not the page's files
    (site / "static" / "vendor" / "rami.zip").write_bytes(b"engine 2")
    b2 = dist.stamp_runtime(site)
    assert b2 != b1 and f'const BUILD = "{b2}";' in (site / "static" / "runtime.mjs").read_text()


def precache(sw: str) -> list[str]:
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))


def test_the_service_worker_lists_every_file_and_changes_only_with_them(tmp_path):
    dist = script("dist")
    site = tmp_path / "site"
    (site / "static" / "vendor").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html>")
    (site / "static" / "style.css").write_text("body {}")
    (site / "static" / "vendor" / "rami.zip").write_bytes(b"PK")
    v1 = dist.write_service_worker(site)
    sw = (site / "sw.js").read_text()
    assert precache(sw) == ["index.html", "static/style.css", "static/vendor/rami.zip"]
    assert f'const VERSION = "{v1}";' in sw and "/* PRECACHE */" not in sw
    assert dist.write_service_worker(site) == v1            # the same files: the same version
    (site / "static" / "style.css").write_text("body { color: red }")
    v2 = dist.write_service_worker(site)
    assert v2 != v1                                          # a file changed
    (site / "static" / "boot.js").write_text("//")
    v3 = dist.write_service_worker(site)
    assert v3 not in (v1, v2) and "static/boot.js" in precache((site / "sw.js").read_text())


def test_the_site_s_stylesheets_go_without_their_comments(tmp_path):
    dist = script("dist")
    (tmp_path / "static").mkdir()
    sheet = tmp_path / "static" / "style.css"
    sheet.write_text("/* the table */\n.a { color: red; }  /* red,\n   as felt */\n\n"
                     ".b::after { content: \"×\"; }\n")
    shed = dist.shed_comments(tmp_path)
    assert sheet.read_text() == '.a { color: red; }\n.b::after { content: "×"; }\n'
    assert shed > 30
    # and the real ones: no comment left, every rule kept (a sheet's braces balance)
    real = (ROOT / "static" / "style.css").read_text()
    lean = tmp_path / "static" / "style.css"
    lean.write_text(real)
    dist.shed_comments(tmp_path)
    text = lean.read_text()
    assert "/*" not in text and text.count("{") == text.count("}") == \
        re.sub(r"/\*.*?\*/", "", real, flags=re.S).count("{")


FACE = '"Noto Sans Devanagari"'


def test_every_font_stack_names_devanagari_s_face_first():
    """Devanagari's face first in every stack that names it (its unicode-range keeps it to
    Devanagari): named after an installed font, a face that came late was never swapped in
    (docs/languages.md); tests/browser/test_embed.py holds the fonts back to see it."""
    stacks = []
    for sheet in sorted((ROOT / "static").glob("*.css")):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S)
        for rule in re.findall(r"[^{}]*\{([^{}]*)\}", text):
            for declaration in rule.split(";"):
                name, _, value = declaration.partition(":")
                if FACE in value and name.strip() in ("font", "font-family") and \
                        "font-style" not in rule:          # (not the @font-face itself)
                    stacks.append((sheet.name, value.strip()))
    assert len(stacks) > 50
    # (the first family: what ends at the first comma outside brackets)
    late = [(sheet, value) for sheet, value in stacks
            if not re.sub(r"\([^()]*\)", "", value).split(",")[0].strip().endswith(FACE)]
    assert late == []


def test_the_service_worker_template_keeps_its_caches_to_its_own_site():
    sw = (ROOT / "static" / "sw.js").read_text()
    assert "[/* PRECACHE */]" in sw and '"/* VERSION */"' in sw
    # the cache's name carries the worker's scope: two rami sites on one origin (two
    # sub-paths) never delete each other's caches
    assert "const PREFIX = `rami ${SCOPE} `" in sw and "name.startsWith(PREFIX)" in sw
    assert "skipWaiting" in sw and '"apply-update"' in sw     # only on the page's word



def test_the_rule_book_in_the_project_says_what_rami_plays():
    """docs/rules.md: every game, and its house rules and readings as the code has them (the
    blocks scripts/rules_doc.py writes are current), every house rule by its name."""
    from rami.variants import find_variant
    text = (ROOT / "docs" / "rules.md").read_text()
    assert script("rules_doc").written(text) == text, "run python scripts/rules_doc.py"
    for game in ("basic", "gin", "indian", "rum500", "push", "tiles"):
        assert f"<!-- rami: house rules of {game} -->" in text
        assert f"<!-- rami: readings of {game} -->" in text
        for option in find_variant(game).OPTIONS:
            assert f"| `{option.name}` |" in text, option.name
    assert "How to play" in text and "**Decision**" in text


def test_no_file_sends_a_reader_outside_the_repository():
    """The rule book and every document are the project's own: no path to ../shared or the
    sources' files, which no user has."""
    names = [p.relative_to(ROOT).as_posix() for top in ("rami", "docs", "tests", "scripts",
                                                         "static", "learn", "benchmarks",
                                                         "examples")
             for p in (ROOT / top).rglob("*") if p.is_file() and "vendor" not in p.parts
             and "__pycache__" not in p.parts]
    names += [p.name for p in ROOT.glob("*") if p.is_file()]
    assert "README.md" in names and "docs/rules.md" in names
    outside = re.compile(r"\.\./shared|shared/RULES|\bseeds/|RULES\.md")
    found = [n for n in names if n.endswith((".md", ".py", ".html", ".js", ".toml", ".txt"))
             and n != "tests/test_site.py"
             and outside.search((ROOT / n).read_text(errors="replace"))]
    assert found == []


def test_how_to_play_links_the_rule_book_the_site_serves():
    from rami.web.howto import RULE_BOOK, howto_html
    assert f'href="{RULE_BOOK}"' in howto_html("gin")
    assert RULE_BOOK == "learn/rules.txt"
    assert 'copy2(ROOT / "docs" / "rules.md", DIST / "learn" / "rules.txt")' in \
        (ROOT / "scripts" / "dist.py").read_text()
