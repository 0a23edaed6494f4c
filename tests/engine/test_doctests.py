"""The examples in every module text of the engine hold (python-chess runs its doctests
the same way): each module of ``py/filler`` is found by walking the package, so a new
module's examples run without being listed here."""

import doctest
import importlib
import pkgutil

import pytest

import filler

MODULES = ["filler"] + sorted(info.name for info in pkgutil.walk_packages(filler.__path__, "filler."))


def test_the_walk_finds_the_modules_that_carry_examples():
    assert {"filler", "filler.rules", "filler.match", "filler.ai.master", "filler.daily"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_module_text_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} fail"
