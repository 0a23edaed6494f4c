"""The engine's catalog holds no text: each variant's name and summary and what each
computer level does are texts of the page's catalogs (js/i18n/<language>.js), in every
language, for every variant and level the engine has."""

import re
from pathlib import Path

import pytest

import filler
from filler import ai

I18N = Path(__file__).resolve().parents[2] / "js" / "i18n"
CATALOGS = sorted(path for path in I18N.glob("*.js") if path.name != "i18n.js")


def catalog_keys(path: Path) -> dict[str, str]:
    """The catalog's one-line texts: {key: text}."""
    return dict(re.findall(r"^    '([\w.-]+)': '((?:[^'\\]|\\.)*)',$", path.read_text(encoding="utf-8"), re.MULTILINE))


def test_there_are_catalogs():
    assert {path.name for path in CATALOGS} >= {"en.js", "nl.js"}


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda path: path.name)
def test_every_variant_and_level_has_its_texts(catalog):
    texts = catalog_keys(catalog)
    wanted = [f"variant.{variant}.{part}" for variant in filler.VARIANTS for part in ("name", "summary")]
    wanted += [f"level.{level}{part}" for level in ai.LEVELS for part in ("", ".about")]
    missing = [key for key in wanted if not texts.get(key)]
    assert not missing, f"{catalog.name} lacks {missing}"


def test_no_text_is_left_in_the_engines_variants():
    variant = filler.VARIANTS["quick"]
    assert not [name for name in vars(variant) if name.startswith(("name", "summary"))]
