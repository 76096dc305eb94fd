"""Seeded games play today exactly as they always have: the deal, every random choice and
every search choice.

Each digest is a whole game's record (config, seed, actions, result; ``play.py``), made by the
engine before the second, compiled implementation was removed (and checked then against
thousands more seeds). A failing digest means a seed now deals or plays differently: a rule
change that means it (then say so in the CHANGELOG and regenerate them with
``python tests/seeded/play.py GAME 0 12`` and ``... 0 2 --ismcts 12``), or a bug.
"""

from __future__ import annotations

import pytest

from mobtable import games

from .play import play

ISMCTS_ITERATIONS = 12

RANDOM = {
    "gangsta": (
        "b98f73b841a8f030",
        "fffec4969b012690",
        "7359b57872b3f50a",
        "f6a4cb9ee3e345b2",
        "d94cd75d6e5204b6",
        "254f0de6f963fb1b",
        "54b118504546f322",
        "6aa443c5c0531354",
        "f9a97022aea2e1ae",
        "f44cabae85292072",
        "7d9c6db1cac3aabb",
        "f3303ab4d1460a16",
    ),
    "cosca": (
        "40719c0aeca2c973",
        "d6363b7e85b384c2",
        "83b354ac093713f9",
        "fae07dd15e018553",
        "3aa2b8a86d642751",
        "a625e93fc8d3cd36",
        "cfe9087eafe86453",
        "80d147169dddbbd9",
        "476f9d05323d3f4f",
        "9d6c12df0afdd347",
        "85d70b018a8c14ef",
        "a6ecc2a0c598fad3",
    ),
    "capo": (
        "2d8f3b0f8ed8940f",
        "11f3086432155235",
        "391b2b5560a54ba1",
        "0c521e3defdf4acb",
        "b9c9b5f34d19d0ef",
        "045d65312c959065",
        "69cbd0d0f3086017",
        "5e9ca08122485b2c",
        "a14bc4de1a065970",
        "a9f5339371be9469",
        "e2248093ddcdb1de",
        "a2987a95f59013d3",
    ),
}
ISMCTS = {
    "gangsta": (
        "0b41a968f48591c2",
        "07f50140e7f888a9",
    ),
    "cosca": (
        "1439715b14b83c2d",
        "1aec2441b8491fb2",
    ),
    "capo": (
        "70f2f2c909766982",
        "1afe4bfada3299dc",
    ),
}


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_random_games_keep_their_records(name: str) -> None:
    assert [play(name, seed) for seed in range(len(RANDOM[name]))] == list(RANDOM[name])


@pytest.mark.parametrize("name", sorted(ISMCTS))
def test_search_games_keep_their_records(name: str) -> None:
    digests = [play(name, seed, ISMCTS_ITERATIONS) for seed in range(len(ISMCTS[name]))]
    assert digests == list(ISMCTS[name])


def test_every_game_is_covered() -> None:
    shipped = set(games.names()) - {"sealed-bid"}  # the server tests' toy game
    assert set(RANDOM) == set(ISMCTS) == shipped
