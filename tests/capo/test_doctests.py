"""The runnable examples in Capo's docstrings."""

from __future__ import annotations

import doctest

import pytest

import mobtable.games.capo as package
from mobtable.games.capo import actions, words


@pytest.mark.parametrize("module", [package, actions, words])
def test_docstring_examples_run(module) -> None:
    failures, tried = doctest.testmod(module)
    assert tried and not failures
