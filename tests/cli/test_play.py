"""``mobtable play``: a human seat at the terminal, fed through stdin."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mobtable.bots import hints
from mobtable.bots.search import Budget
from mobtable.core import State
from mobtable.core import record as records

from .conftest import Invoke

TWO = ["play", "sealed-bid", "--players", "2", "--bots", "random"]


def _record(path: str | Path) -> dict:
    return json.loads(Path(path).read_text())


def test_typos_help_and_numbers_then_a_finished_game_saved(invoke: Invoke) -> None:
    typed = "help\nb99\nzz\n12\n\n1\nB0\n?\nb0\n"
    result = invoke([*TWO, "--seed", "5", "--save", "game.json"], input=typed)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Your 11 moves: type a number, or the short form in grey." in out
    assert "  1. Bid nothing  b0" in out  # the move in words, then what one may type
    assert "'b99' is not a bid like 'b3' (did you mean b9?)" in out
    assert "'zz' is not a bid like 'b3' (type 'help' or '?' to list the legal moves)" in out
    assert "there is no move number 12: choose 1 to 11" in out
    assert out.count("You play: Bid nothing.") == 3
    assert "Result" in out and "Game over after 6 actions." in out
    assert "Record saved to game.json" in out
    record = _record("game.json")
    records.check(record)
    assert record["meta"] == {"seats": ["you", "random"]}
    assert [text for seat, text in record["actions"] if seat == 0] == ["b0", "b0", "b0"]


def test_a_move_the_rules_forbid_is_explained_and_asked_again(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "1", "--save", "g.json"], input="b5\nb9\nb0\nb0\n")
    assert result.exit_code == 0, result.output
    assert "cannot bid b9: it holds 5 (did you mean b5 or b4 or b3?)" in result.stdout
    assert records.check(_record("g.json")).is_over()


def test_the_view_shows_the_seat_and_the_events_it_saw(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "1", "--save", "g.json"], input="view\nlog\nquit\n")
    out = result.stdout
    assert "Sealed Bid (test game): Vito" in out
    assert out.count("• Carla has bid, face down.") == 2  # once as news, once in the log
    assert "committed  1" in out


def test_quit_saves_an_unfinished_record(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "2", "--save", "q.json"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Game abandoned after 1 action (quit)." in result.stdout
    assert "Unfinished record saved to q.json" in result.stdout
    record = _record("q.json")
    assert record["result"] is None
    assert not records.check(record).is_over()


def test_input_ending_mid_game_exits_nonzero(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "2", "--save", "e.json"], input="b1\n")
    assert result.exit_code == 1
    assert "Game abandoned after 3 actions (input ended)." in result.stdout


def test_the_human_may_take_any_seat(invoke: Invoke) -> None:
    args = ["play", "sealed-bid", "--players", "3", "--bots", "random", "--seat", "1"]
    result = invoke([*args, "--seed", "4", "--save", "s.json"], input="b0\nb0\nb0\n")
    assert result.exit_code == 0, result.output
    assert "you are Carla" in result.stdout
    assert "At the table: Vito (bot, random), Carla (you) and Salvo (bot, random)." in result.stdout
    assert not re.search(r"seat \d", result.stdout, re.IGNORECASE)
    assert _record("s.json")["meta"] == {"seats": ["random", "you", "random"]}


def test_bots_on_every_seat_means_watching_and_a_default_record_path(
    invoke: Invoke, tmp_path: Path
) -> None:
    args = ["play", "sealed-bid", "--watch", "--bots", "random,random", "--seed", "3"]
    result = invoke([*args, "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert "watching" in result.stdout
    assert ">" not in result.stdout.replace("->", "")
    assert "• The bids are shown: Vito " in result.stdout
    saved = list((tmp_path / "records").glob("sealed-bid-*-seed3.json"))
    assert len(saved) == 1
    assert records.check(_record(saved[0])).is_over()


def test_watch_flag_fills_every_seat_with_one_bot_name(invoke: Invoke) -> None:
    result = invoke(
        ["play", "sealed-bid", "--watch", "--players", "3", "--bots", "random", "--delay", "0"]
    )
    assert result.exit_code == 0, result.output
    assert "3 players" in result.stdout and "Result" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "no game 'nope' (games: "),
        (["play", "sealed-bid", "--players", "9"], "is for 2 to 3 players, not 9"),
        (["play", "sealed-bid", "--variant", "turbo"], "has no variant 'turbo' (variants: none)"),
        (["play", "sealed-bid", "--option", "speed=1"], "has no option 'speed'"),
        (["play", "sealed-bid", "--option", "speed"], "--option expects key=value, not 'speed'"),
        (["play", "sealed-bid", "--bots", "genius"], "no bot 'genius' for sealed-bid (bots: "),
        (["play", "sealed-bid", "-p", "3", "--bots", "random,random,random,random"], "lists 4"),
        (["play", "sealed-bid", "--seat", "2"], "--seat must be between 0 and 1"),
        (["play", "sealed-bid", "--cards", "missing.toml"], "cannot read card file missing.toml"),
    ],
)
def test_bad_command_lines_are_usage_errors_with_a_clear_message(
    invoke: Invoke, args: list[str], message: str
) -> None:
    result = invoke(args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_a_card_file_that_is_not_toml_is_a_usage_error(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text("prizes = [1, 2\n")
    result = invoke(["play", "sealed-bid", "--cards", "bad.toml"])
    assert result.exit_code == 2
    assert "bad.toml is not valid TOML" in result.stderr


@pytest.mark.usefixtures("optioned_sealed_bid")
def test_card_data_the_game_rejects_names_the_file_and_field(
    invoke: Invoke, tmp_path: Path
) -> None:
    (tmp_path / "odd.toml").write_text("deck = [1, 2]\n")
    result = invoke(["play", "sealed-bid", "--cards", "odd.toml"])
    assert result.exit_code == 2
    assert "card file odd.toml: cards: missing field 'prizes'" in result.stderr


@pytest.mark.usefixtures("optioned_sealed_bid")
def test_options_variants_and_cards_reach_the_record(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text("prizes = [1, 2]\n")
    args = ["play", "sealed-bid", "-p", "2", "--bots", "random,random", "--save", "o.json"]
    options = ["--option", "fast=yes", "--option", "style=FANCY", "--option", "rounds=2"]
    result = invoke([*args, *options, "--variant", "open", "--cards", "cards.toml"])
    assert result.exit_code == 0, result.output
    config = _record("o.json")["config"]
    assert config["options"] == {"fast": True, "rounds": 2, "style": "fancy"}
    assert config["variants"] == ["open"]
    assert config["card_data"] == {"prizes": [1, 2]}


@pytest.mark.usefixtures("optioned_sealed_bid")
def test_an_option_value_outside_its_choices_lists_them(invoke: Invoke) -> None:
    result = invoke(["play", "sealed-bid", "--option", "rounds=4"])
    assert result.exit_code == 2
    assert "option 'rounds' must be one of 2, 3, not '4'" in result.stderr


def test_hints_show_what_the_hint_level_would_play_and_why(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "3", "--save", "h.json", "--hints"], input="quit\n")
    assert result.exit_code == 0, result.output
    hint_lines = [line for line in result.stdout.splitlines() if line.startswith("Hint: ")]
    assert len(hint_lines) == 1
    assert re.match(
        r"Hint: Bid (nothing|\d+ coins?): it won \d+% of [\d,]+ games the expert bot played",
        hint_lines[0],
    )
    assert not re.search(r"\bb\d\b", hint_lines[0])  # the move in words, never its notation


def test_the_seed_stays_hidden_until_play_stops(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "424242", "--save", "s.json"], input="b0\nb0\nb0\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    end = out.index("Game over")
    assert "424242" not in out[:end]
    assert "The deal's seed was 424242." in out[end:]


def test_C_11_a_cosca_game_at_the_terminal_begins_on_the_day_of_play(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rulebook's weekday of play, stored in the record so it replays on any day."""
    import mobtable.games.cosca.game as cosca_game

    monkeypatch.setattr(cosca_game, "today_code", lambda: "sat")
    result = invoke(["play", "cosca", "--seed", "5", "--save", "c.json"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "The game begins on Saturday" in result.stdout
    assert _record("c.json")["config"]["options"]["start_day"] == "sat"
    chosen = invoke(
        ["play", "cosca", "--seed", "5", "--option", "start_day=seed", "--save", "d.json"],
        input="quit\n",
    )
    assert _record("d.json")["config"]["options"]["start_day"] == "seed", chosen.output


def test_a_terminal_hint_is_seeded_with_the_moves_the_seat_knows_of(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the web's: never the history's length, which counts the parts of a bot's crew
    laid face down before the human's choice."""
    seen: list[tuple[int, int, int]] = []
    real = hints.hint

    def spy(state: State, seat: int, **kwargs: Any) -> hints.Hint:
        seen.append((kwargs["seed"], state.moves_seen_by(seat), len(state.history)))
        return real(state, seat, **{**kwargs, "budget": Budget(iterations=30)})

    monkeypatch.setattr(hints, "hint", spy)
    typed = "quit\n"
    capo = ["play", "capo", "--players", "3", "--bots", "random", "--seat", "1"]
    args = [*capo, "--seed", "3", "--save", "k.json", "--hints"]
    result = invoke(args, input=typed)
    assert result.exit_code == 0, result.output
    assert len(seen) == 1
    [(seed, known, length)] = seen
    assert seed == known < length  # the crew's face-down cards are in the history
