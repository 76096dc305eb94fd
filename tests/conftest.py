"""Test-suite wiring: the toy sealed-bid game joins the registry for the conformance suite
(the handicap game only for the tests that ask for it); the plugins report tests whose
prerequisites are missing and serve a throw-away PostgreSQL."""

from collections.abc import Iterator

import pytest

from mobtable import games

pytest_plugins = ["support.prerequisites", "support.postgres", "support.vacuous"]

games.register("sealed-bid", "support.sealed_bid")


@pytest.fixture
def handicap(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy game whose card file plants a first-seat edge (``support.handicap``), in the
    registry for this test only."""
    monkeypatch.setattr(games, "_PACKAGES", dict(games._PACKAGES))
    games.register("handicap", "support.handicap")
    yield "handicap"
