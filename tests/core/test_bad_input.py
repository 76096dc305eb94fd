"""Bad input to the core gets a ``MobtableError`` naming the problem, never another exception.

Options are checked by type as well as value, seeds by range, and files
(records, card files) by size, encoding, number size and nesting before
anything is built from them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mobtable import games
from mobtable.core import BadCardData, BadConfig, BadRecord
from mobtable.core import record as records
from mobtable.core.cardfile import read_card_file
from mobtable.core.limits import MAX_CARD_FILE_BYTES, MAX_RECORD_BYTES, SEED_LIMIT, check_seed

GANGSTA = games.get("gangsta")


def _record(**changes: Any) -> dict[str, Any]:
    state = GANGSTA.new_state(GANGSTA.config(4), seed=5)
    record = json.loads(json.dumps(records.to_record(state)))
    record.update(changes)
    return record


# -- options: by type, not by == -------------------------------------------------------
@pytest.mark.parametrize("value", [1.0, True, False, 0.0, "1", [1], None])
def test_an_option_value_of_another_type_than_its_choices_is_refused(value: object) -> None:
    with pytest.raises(BadConfig, match="option 'first_player' must be one of 0, 1, 2"):
        GANGSTA.config(4, options={"first_player": value})


def test_a_boolean_option_refuses_one_and_zero() -> None:
    game = games.get("sealed-bid")
    game_options = game.options
    from mobtable.core import Option

    try:
        game.options = (Option("fast", False, (False, True), "no effect"),)
        assert game.config(2, options={"fast": True}).options["fast"] is True
        for value in (1, 0, 1.0):
            with pytest.raises(BadConfig, match="option 'fast'"):
                game.config(2, options={"fast": value})
    finally:
        game.options = game_options


def test_an_option_that_matches_is_stored_as_the_declared_choice() -> None:
    config = GANGSTA.config(4, options={"first_player": 2})
    assert type(config.options["first_player"]) is int


def test_variant_names_that_are_not_text_are_refused() -> None:
    with pytest.raises(BadConfig, match="variant"):
        GANGSTA.config_from_json({"players": 4, "variants": [{}]})


def test_a_huge_player_count_gets_a_short_message() -> None:
    with pytest.raises(BadConfig, match="players") as caught:
        GANGSTA.config(10**5000)
    assert len(str(caught.value)) < 200


# -- seeds: 0 <= seed < 2**63 everywhere ---------------------------------------------------
@pytest.mark.parametrize(
    "seed",
    [10**400, -1, 2**64, 2**63, True, 1.0, "3"],
    ids=["10^400", "-1", "2^64", "2^63", "true", "1.0", "'3'"],
)
def test_a_record_seed_outside_the_documented_range_is_refused(seed: object) -> None:
    with pytest.raises(BadRecord, match=r"seed must be a whole number from 0 to 2\^63 - 1"):
        records.start_from_record(_record(seed=seed))


def test_the_seed_range_is_zero_to_two_to_the_63() -> None:
    assert SEED_LIMIT == 2**63
    assert check_seed(0) == 0 and check_seed(2**63 - 1) == 2**63 - 1
    for bad in (-1, 2**63):
        with pytest.raises(BadConfig):
            check_seed(bad)


# -- record fields ----------------------------------------------------------------------
def test_seat_true_in_a_record_is_not_seat_one() -> None:
    record = _record(actions=[[True, "keep"]])
    with pytest.raises(BadRecord, match=r'action #0: expected \[seat, "notation"\]'):
        records.replay(record)


def test_format_true_is_not_format_one() -> None:
    with pytest.raises(BadRecord, match="format"):
        records.start_from_record(_record(format=True))


def test_a_record_option_of_the_wrong_type_is_refused_before_play() -> None:
    record = _record()
    record["config"]["options"]["first_player"] = 1.0
    with pytest.raises(BadRecord, match="record field 'config': option 'first_player'"):
        records.check(record)


# -- record files -------------------------------------------------------------------------
def test_a_record_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"game": "caf\xe9"}')
    with pytest.raises(BadRecord, match="is not UTF-8 text"):
        records.load(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"seed": ' + "1" * 5000 + "}", "number too large"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a": ' + "[" * 100 + "]" * 100 + "}", "nested too deeply"),
    ],
)
def test_a_record_with_a_huge_number_or_deep_nesting_is_refused(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadRecord, match=message):
        records.load(path)


def test_a_record_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"x": "' + "a" * MAX_RECORD_BYTES + '"}', encoding="utf-8")
    with pytest.raises(BadRecord, match=f"larger than the limit of {MAX_RECORD_BYTES} bytes"):
        records.load(path)


# -- card files ---------------------------------------------------------------------------
def test_a_card_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(BadCardData, match="is not UTF-8 text"):
        read_card_file(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x = " + "1" * 5000, "number too large"),
        ("x = " + "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("x = " + "[" * 100 + "]" * 100, "nested too deeply"),
    ],
)
def test_a_card_file_with_a_huge_number_or_deep_nesting_is_refused(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "odd.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadCardData, match=message):
        read_card_file(path)


def test_a_card_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text('x = "' + "a" * MAX_CARD_FILE_BYTES + '"\n', encoding="utf-8")
    with pytest.raises(BadCardData, match=f"larger than the limit of {MAX_CARD_FILE_BYTES} bytes"):
        read_card_file(path)


def test_card_data_nested_too_deeply_for_json_is_bad_card_data() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(BadCardData):
        GANGSTA.config(4, card_data={"mafia": deep})
