"""``mobtable simulate`` and ``mobtable replay``: reproducible batches, checked records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mobtable import bots
from mobtable.bots import Bot, Decision
from mobtable.core import Action
from mobtable.core import record as records

from .conftest import Invoke

SIM = ["simulate", "sealed-bid", "--players", "3", "--bots", "random", "--games", "24"]


def _summary(stdout: str) -> dict:
    data = json.loads(stdout)  # the whole of stdout is one JSON object
    data.pop("timing")
    data.pop("jobs")
    return data


def test_json_summary_is_the_same_for_one_or_two_jobs(invoke: Invoke) -> None:
    one = invoke([*SIM, "--seed", "7", "--rotate", "--json", "--jobs", "1"])
    two = invoke([*SIM, "--seed", "7", "--rotate", "--json", "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert _summary(one.stdout) == _summary(two.stdout)
    data = _summary(one.stdout)
    assert data["games"] == 24 and data["seed"] == 7 and data["rotate"] is True
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(24)
    assert data["by_bot"]["random"]["games"] == 72


def test_another_seed_gives_other_games(invoke: Invoke) -> None:
    first = _summary(invoke([*SIM, "--seed", "1", "--json"]).stdout)
    second = _summary(invoke([*SIM, "--seed", "2", "--json"]).stdout)
    assert first["seats"] != second["seats"]


def test_the_table_report_shows_seats_bots_and_throughput(invoke: Invoke) -> None:
    result = invoke([*SIM, "--seed", "1"])
    assert result.exit_code == 0, result.output
    for text in ("By seat", "By bot", "games/s", "24 games, seed 1", "shared win counts 1/"):
        assert text in result.stdout


def test_json_and_summary_file_carry_the_tables_intervals_and_test(
    invoke: Invoke, tmp_path: Path
) -> None:
    """The printed table's 95% intervals and seat-effect test are in ``--json`` and in
    ``summary.json`` too, with the same figures."""
    table = invoke([*SIM, "--seed", "3"]).stdout
    data = json.loads(invoke([*SIM, "--seed", "3", "--json", "--out", "runs"]).stdout)
    written = json.loads((tmp_path / "runs" / "summary.json").read_text())
    assert _summary(json.dumps(written)) == _summary(json.dumps(data))
    for seat in data["seats"]:
        low, high = seat["interval"]["low"], seat["interval"]["high"]
        assert low <= seat["win_rate"] <= high and seat["interval"]["confidence"] == 0.95
        label = str(seat["seat"] + 1)  # the table numbers seats from 1
        row = next(line for line in table.splitlines() if line.split()[:1] == [label])
        assert f"{100 * low:.1f}%-{100 * high:.1f}%" in row
    assert "interval" in data["by_bot"]["random"]
    effect = data["seat_effect"]
    assert set(effect) == {"statistic", "p_value", "dof", "detected"} and effect["dof"] == 2
    assert f"p = {effect['p_value']:.3g}" in table


@pytest.fixture
def recorded(invoke: Invoke, tmp_path: Path) -> list[Path]:
    result = invoke([*SIM, "--games", "3", "--seed", "5", "--out", "recs", "--json"])
    assert result.exit_code == 0, result.output
    return sorted((tmp_path / "recs" / "records").glob("*.json"))


def test_out_writes_one_record_per_game_that_replay_check_accepts(
    invoke: Invoke, recorded: list[Path]
) -> None:
    assert [p.name for p in recorded] == [f"sealed-bid-00000{i}.json" for i in range(3)]
    for path in recorded:
        result = invoke(["replay", str(path), "--check"])
        assert result.exit_code == 0, result.output
        assert "replays (9 actions, finished)" in result.stdout


def test_replay_shows_events_final_view_and_result(invoke: Invoke, recorded: list[Path]) -> None:
    result = invoke(["replay", str(recorded[0])])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("• The bids are shown: ") == 3
    assert "Sealed Bid (test game): spectator" in out
    assert "At the table: Vito (bot, random), Carla (bot, random) and Salvo (bot, random)." in out
    assert "Result" in out and "(bot, random)" in out
    assert "Warning" not in out


def test_replay_step_pauses_and_can_stop_stepping(invoke: Invoke, recorded: list[Path]) -> None:
    result = invoke(["replay", str(recorded[0]), "--step"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Move 1, Vito: Bid " in out
    assert "Move 3, Salvo: Bid " in out
    assert "Move 4," not in out  # stepping stopped after the third pause
    boards = out.count("Sealed Bid (test game): spectator")
    assert boards == 4  # the board after each of the three stepped moves, then the final one
    assert "Result" in out


def test_replay_from_a_seat_hides_other_seats_actions(invoke: Invoke, recorded: list[Path]) -> None:
    result = invoke(["replay", str(recorded[0]), "--step", "--seat", "1"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "Vito: Bid" not in result.stdout
    assert "Move 2, You: Bid " in result.stdout
    assert "Sealed Bid (test game): Carla" in result.stdout


def test_replay_step_with_a_delay_goes_on_by_itself_drawing_every_board(
    invoke: Invoke, recorded: list[Path]
) -> None:
    result = invoke(["replay", str(recorded[0]), "--step", "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Sealed Bid (test game): spectator") == 9  # 8 between, 1 final
    assert "Move 9, " in result.stdout and "(Enter: next" not in result.stdout


def test_check_fails_clearly_on_a_tampered_result(invoke: Invoke, recorded: list[Path]) -> None:
    record = json.loads(recorded[0].read_text())
    record["result"]["scores"][0] += 1
    recorded[0].write_text(json.dumps(record))
    result = invoke(["replay", str(recorded[0]), "--check"])
    assert result.exit_code == 1
    message = " ".join(result.stderr.split())
    assert f"{recorded[0]} does not replay: replayed result" in message
    assert "differs from stored result" in message
    plain = invoke(["replay", str(recorded[0])])
    assert "Warning: the stored result differs" in plain.stdout


def test_check_fails_clearly_on_a_tampered_action(invoke: Invoke, recorded: list[Path]) -> None:
    record = json.loads(recorded[1].read_text())
    record["actions"][4][1] = "b11"
    recorded[1].write_text(json.dumps(record))
    for args in (["--check"], []):
        result = invoke(["replay", str(recorded[1]), *args])
        assert result.exit_code == 1
        assert "action #4" in result.stderr and "not a bid like 'b3'" in result.stderr


def test_replay_of_a_file_that_is_not_a_record_is_a_usage_error(
    invoke: Invoke, tmp_path: Path
) -> None:
    (tmp_path / "junk.json").write_text("{not json")
    result = invoke(["replay", "junk.json"])
    assert result.exit_code == 2
    assert "junk.json is not valid JSON" in result.stderr
    missing = invoke(["replay", "nowhere.json", "--check"])
    assert missing.exit_code == 2
    assert "cannot read record nowhere.json" in missing.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,random"], "--bots lists 2 bots but a 3-player table needs 3"),
        (["--bots", "random,oracle,random"], "no bot 'oracle'"),
        (["--variant", "x"], "has no variant 'x'"),
        (["--games", "-1"], "--games must be a whole number from 0 to 100,000,000, not -1"),
    ],
)
def test_bad_simulate_options_are_usage_errors(
    invoke: Invoke, args: list[str], message: str
) -> None:
    result = invoke([*SIM, *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split())


class _OverbiddingBot(Bot):
    """Always bids everything, even after spending it: a bot bug."""

    def choose(self, decision: Decision) -> Action:
        return decision.game.parse_action("b10", decision.config)


def test_a_bot_bug_stops_the_batch_and_keeps_the_failed_record(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bots.GENERIC, "overbid", _OverbiddingBot)
    args = ["simulate", "sealed-bid", "--bots", "overbid,random", "--games", "3", "--out", "recs"]
    result = invoke(args)
    assert result.exit_code == 1
    message = " ".join(result.stderr.split())
    assert "Error: game 0 (table seed" in message
    assert "(_OverbiddingBot)" in message and "cannot bid b10: it holds 0" in message
    failed = tmp_path / "recs" / "records" / "sealed-bid-000000-failed.json"
    assert records.replay(json.loads(failed.read_text())).history


def test_zero_games_is_an_empty_summary(invoke: Invoke) -> None:
    result = invoke([*SIM, "--games", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = _summary(result.stdout)
    assert data["games"] == 0 and data["seats"][0]["win_rate"] == 0.0


def test_out_writes_the_results_table_and_the_summary(invoke: Invoke, tmp_path: Path) -> None:
    import pandas as pd

    result = invoke([*SIM, "--games", "5", "--seed", "2", "--out", "lab", "--json"])
    assert result.exit_code == 0, result.output
    frame = pd.read_parquet(tmp_path / "lab" / "results.parquet")
    assert len(frame) == 15 and set(frame.game) == {"sealed-bid"}
    written = json.loads((tmp_path / "lab" / "summary.json").read_text())
    assert written["games"] == 5 and _summary(result.stdout) == {
        k: v for k, v in written.items() if k not in ("timing", "jobs")
    }
    assert len(list((tmp_path / "lab" / "records").glob("*.json"))) == 5
    bare = invoke([*SIM, "--games", "2", "--out", "bare", "--no-records", "--json"])
    assert bare.exit_code == 0, bare.output
    assert not (tmp_path / "bare" / "records").exists()
    assert (tmp_path / "bare" / "results.parquet").exists()


def test_the_summary_names_the_card_file_and_its_hash(
    invoke: Invoke, tmp_path: Path, optioned_sealed_bid: None
) -> None:
    (tmp_path / "house.toml").write_text("prizes = [1, 2]\n")
    result = invoke([*SIM, "--games", "2", "--cards", "house.toml", "--json"])
    assert result.exit_code == 0, result.output
    config = json.loads(result.stdout)["config"]
    assert config["card_file"] == "house.toml" and len(config["card_hash"]) == 64


def test_the_line_up_caveat_appears_only_when_seat_and_bot_are_mixed(invoke: Invoke) -> None:
    caveat = "(a fixed line-up mixes seat and bot)"
    alone = invoke([*SIM, "--seed", "1"])
    mixed = invoke([*SIM, "--seed", "1", "--bots", "random,easy,random"])
    rotated = invoke([*SIM, "--seed", "1", "--bots", "random,easy,random", "--rotate"])
    assert alone.exit_code == mixed.exit_code == rotated.exit_code == 0, mixed.output
    assert "Seat effect" in alone.stdout and caveat not in " ".join(alone.stdout.split())
    assert caveat in " ".join(mixed.stdout.split())
    assert caveat not in " ".join(rotated.stdout.split())


def test_the_seat_table_counts_seats_from_one_as_the_plots_do(invoke: Invoke) -> None:
    result = invoke([*SIM, "--seed", "1"])
    assert result.exit_code == 0, result.output
    by_seat = result.stdout.split("By bot")[0].splitlines()
    seats = [line.split()[0] for line in by_seat if line.split()[1:2] == ["random"]]
    assert seats == ["1", "2", "3"]
    assert "Seat 1 is the first seat." in result.stdout
