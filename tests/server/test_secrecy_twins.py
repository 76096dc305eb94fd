"""Engine twins (``support/twins.py``): for every game, player count and variant, a seat
is sent byte for byte the same along two games it cannot tell apart, through the
server's own payload builder. ``benchmarks/secrecy.py`` runs tens of thousands of pairs;
here a few per configuration, and the proof that the comparison catches a leak."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from mobtable import games
from mobtable.server import hints, messages
from mobtable.server.session import TableSession
from support.twins import configs, every_config, twin_pair

SEEDS = range(4)


@pytest.mark.parametrize("name", sorted({"sealed-bid", *games.names()}))
def test_a_seat_is_sent_the_same_along_twins_it_cannot_tell_apart(name: str) -> None:
    game = games.get(name)
    seen: Counter[str] = Counter()
    for config in configs(game):
        for seed in SEEDS:
            pair = twin_pair(game, config, seed)
            assert not pair.differences, (config.to_json(), seed, pair.differences)
            seen.update(pairs=1, distinct=pair.distinct, messages=pair.messages, moves=pair.steps)
    assert seen["distinct"] == seen["pairs"]  # every twin differed in a hidden part
    assert seen["messages"] >= seen["pairs"]  # each was sent its state at least
    assert seen["moves"] > 0  # and some were followed along their moves


def test_twins_differ_in_other_seats_sealed_moves() -> None:
    hidden = sum(
        twin_pair(game, config, seed).hidden_differ
        for game, config in every_config()
        if game.name in {"capo", "sealed-bid"}
        for seed in SEEDS
    )
    assert hidden > 0


def _capo_pairs() -> list[list[str]]:
    capo = games.get("capo")
    return [
        twin_pair(capo, capo.config(players), seed).differences
        for players in (3, 5)
        for seed in range(12)
    ]


def test_the_twins_catch_a_lobby_that_counts_hidden_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The side channel closed in the lobby: a move count with each face-down card in it."""
    summary = messages.summary

    def leaky(table: TableSession) -> dict[str, Any]:
        return {**summary(table), "moves": len(table.state.history)}

    monkeypatch.setattr(messages, "summary", leaky)
    assert any(d for d in _capo_pairs())


def test_the_twins_catch_a_hint_seeded_with_hidden_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The side channel closed in the hints: a seed that counts other seats' hidden parts."""
    monkeypatch.setattr(hints, "hint_seed", lambda state, _seat: len(state.history))
    assert any(d for d in _capo_pairs())
