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


def every_key(path: Path) -> set[str]:
    """Every key of the catalog, whatever its text's form (one line, plural forms, ...)."""
    return set(re.findall(r"^    '([\w.-]+)':", path.read_text(encoding="utf-8"), re.MULTILINE))


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda path: path.name)
def test_every_key_the_page_names_is_in_the_catalog(catalog):
    # t('review.loss', ...): a key written out in js/ that no catalog has shows on the
    # page as the key itself ("inaccuracy (my.current.loss)")
    keys = every_key(catalog)
    named = {(path.relative_to(I18N.parent).as_posix(), key)
             for path in I18N.parent.rglob("*.js") if path.name != "i18n.js"  # (its module text names t('key'))
             for key in re.findall(r"\bt\('([\w.-]+)'", path.read_text(encoding="utf-8"))}
    assert len(named) > 100
    missing = sorted((where, key) for where, key in named if key not in keys)
    assert not missing, f"{catalog.name} lacks {missing}"
