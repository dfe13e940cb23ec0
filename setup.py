"""The build's one step beyond the defaults: each language's catalogue (rami/locale/<lang>/
LC_MESSAGES/rami.po) compiled to the .mo that gettext reads, with Babel (a build requirement,
pyproject.toml), into the wheel and into the sdist, so that a plain ``pip install`` speaks
every language (``make setup`` compiles them in the work tree the same way)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

LOCALE = Path("rami") / "locale"


def compile_catalogues(into: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/rami.po")):
        lang = po.parent.parent.name
        with open(po, "rb") as f:
            catalogue = read_po(f, locale=lang)
        mo = into / po.relative_to(".").with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with open(mo, "wb") as f:
            write_mo(f, catalogue)


class BuildWithCatalogues(build_py):
    def run(self):
        super().run()
        compile_catalogues(Path(self.build_lib))


class SdistWithCatalogues(sdist):
    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        compile_catalogues(Path(base_dir))


setup(cmdclass={"build_py": BuildWithCatalogues, "sdist": SdistWithCatalogues})
