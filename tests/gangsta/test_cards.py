"""Card files: the built-in one is valid; a malformed one gets an error naming the field."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from mobtable.core import BadCardData, BadConfig
from mobtable.core.cardfile import builtin_card_data, read_card_file
from mobtable.games.gangsta.cards import builtin_cards

from .helpers import GAME, weak_from_one

BUILTIN = builtin_card_data("mobtable.games.gangsta")


def _broken(change) -> dict:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(BUILTIN)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["mafia"].pop(), r"mafia: expected 4"),
        (lambda d: d["mafia"][1].update(code="y"), r"mafia\[1\]\.code"),
        (lambda d: d["mafia"][2].update(code="Y"), r"mafia\[2\]\.code: 'Y' is used by two"),
        (lambda d: d["mafia"][0].update(strong=[2, 3]), r"mafia\[0\]\.strong: expected 8"),
        (
            lambda d: d["mafia"][3].update(weak=[2, 2, 3, 4, 5, 6, 7, 8]),
            r"mafia\[3\]\.weak: values",
        ),
        (lambda d: d["mafia"][0].pop("name"), r"mafia\[0\]: missing field 'name'"),
        (lambda d: d["ambush"][4].update(rows=["F"]), r"ambush\[4\]\.rows: 'F'"),
        (lambda d: d["ambush"][0].update(columns=[7]), r"ambush\[0\]\.columns: 7"),
        (lambda d: d["ambush"].append({}), r"ambush\[20\]: marks no cell"),
        (lambda d: d["ambush"][2].update(arrows=1), r"ambush\[2\]: unknown field"),
        (lambda d: d.pop("ambush"), r"ambush: expected"),
    ],
)
def test_malformed_card_data_names_the_field(change, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BadCardData, match=message):
        GAME.config(4, card_data=_broken(change))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["mafia"][1].update(colour="green"), r"mafia\[1\]: unknown field\(s\) colour"),
        (lambda d: d["mafia"][0].update(Strong=[2, 3]), r"mafia\[0\]: unknown field\(s\) Strong"),
        (lambda d: d.update(ambushes=[]), r"card data: unknown field\(s\) ambushes"),
    ],
)
def test_unknown_keys_in_mafia_tables_and_the_document_are_refused(change, message: str) -> None:  # type: ignore[no-untyped-def]
    """A misspelt key (``Strong``) would otherwise be ignored and the card silently wrong."""
    with pytest.raises(BadCardData, match=message):
        GAME.config(4, card_data=_broken(change))


def test_the_builtin_file_loads_and_plays() -> None:
    config = GAME.config(4, card_data=BUILTIN)
    state = GAME.new_state(config, seed=1)
    assert len(state.cards.cards) == 64 and len(state.cards.ambush) == 20


def test_custom_values_change_the_game(tmp_path: Path) -> None:
    config = GAME.config(4, card_data=weak_from_one(tmp_path))
    state = GAME.new_state(config, seed=1)
    assert "R1W" in {c.code for c in state.cards.cards}
    assert GAME.parse_action("R1W", config).cards[0].value == 1  # type: ignore[union-attr]


def test_unreadable_and_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(BadCardData, match="cannot read"):
        read_card_file(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[mafia]\ncode = ", encoding="utf-8")
    with pytest.raises(BadCardData, match="not valid TOML"):
        read_card_file(bad)


def test_variants_exclude_each_other() -> None:
    with pytest.raises(BadConfig, match="exclude"):
        GAME.config(4, variants=["reveal-one", "reveal-two"])


def test_reconstructed_card_data_is_flagged_and_every_view_says_so() -> None:
    """G-01, G-02: the built-in values and ambush cards are ours; views tell the boards."""
    assert builtin_cards().reconstructed == ("mafia card values", "ambush cards")
    state = GAME.new_state(GAME.config(3), seed=4)
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["reconstructed"] == ["mafia card values", "ambush cards"]
    real = _broken(lambda d: d.pop("reconstructed"))
    config = GAME.config(3, card_data=real)
    assert GAME.new_state(config, seed=4).view(None)["reconstructed"] == []
    only_ambush = _broken(lambda d: d.update(reconstructed=["ambush"]))
    assert GAME.load_cards(only_ambush).reconstructed == ("ambush cards",)
    # the earlier true/false form, still inside stored records' card data
    assert GAME.load_cards(_broken(lambda d: d.update(reconstructed=True))).reconstructed == (
        "mafia card values",
        "ambush cards",
    )
    assert GAME.load_cards(_broken(lambda d: d.update(reconstructed=False))).reconstructed == ()
    with pytest.raises(BadCardData, match=r"reconstructed: expected a list of 'mafia'"):
        GAME.config(3, card_data=_broken(lambda d: d.update(reconstructed=["zones"])))


def test_an_ambush_deck_over_the_limit_is_refused_naming_the_limit() -> None:
    from mobtable.games.gangsta.cards import MAX_AMBUSH_CARDS

    data = _broken(lambda d: d.update(ambush=[{"rows": ["A"]}] * 100_000))
    with pytest.raises(BadCardData, match=f"ambush: at most {MAX_AMBUSH_CARDS} cards"):
        GAME.config(4, card_data=data)
    data["ambush"] = data["ambush"][:MAX_AMBUSH_CARDS]
    GAME.config(4, card_data=data)
