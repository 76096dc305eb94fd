"""The lab's statistics against cases whose answer is known."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mobtable.sim import stats
from support.lab import tournament


def test_a_fair_coins_interval_covers_one_half() -> None:
    low, high = stats.wilson(50, 100)
    assert low < 0.5 < high
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)  # Wilson, z = 1.96


def test_a_biased_coins_interval_excludes_one_half() -> None:
    low, high = stats.wilson(70, 100)
    assert 0.5 < low < 0.7 < high


def test_no_games_gives_the_whole_unit_interval() -> None:
    assert stats.wilson(0, 0) == (0.0, 1.0)


def _coin_frame(seat0_wins: int, games: int) -> pd.DataFrame:
    rows = []
    for index in range(games):
        first = index < seat0_wins
        for seat in (0, 1):
            rows.append(
                {
                    "game_index": index,
                    "seat": seat,
                    "bot": f"bot{seat}",
                    "score": float(first == (seat == 0)),
                    "win_share": float(first == (seat == 0)),
                    "tie_break": "",
                }
            )
    return pd.DataFrame(rows)


def test_an_even_table_shows_no_seat_effect() -> None:
    frame = _coin_frame(50, 100)
    assert stats.seat_effect(frame).p_value == pytest.approx(1.0)
    assert not stats.seat_effect(frame).detected
    assert not stats.bot_effect(frame).detected


def test_a_lopsided_table_shows_a_seat_effect() -> None:
    frame = _coin_frame(80, 100)
    test = stats.seat_effect(frame)
    assert test.detected and test.dof == 1
    assert test.statistic == pytest.approx((80 - 50) ** 2 / 50 * 2)


def test_greedy_against_random_is_detected(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "gangsta", ["greedy", "random"] * 2, 30, rotate=True)
    by_bot = {rate.name: rate for rate in stats.win_rates(frame, "bot")}
    assert by_bot["greedy"].low > by_bot["random"].high
    assert stats.bot_effect(frame).detected
    # rotating seats spreads the bots evenly: no seat should stand out this strongly
    assert stats.seat_effect(frame).p_value > stats.bot_effect(frame).p_value


def test_random_bots_alone_show_no_bot_effect(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "capo", ["random"] * 3, 30)
    assert stats.bot_effect(frame) == stats.Test(0.0, 1.0, 0)
    rates = stats.win_rates(frame, "seat")
    assert [r.name for r in rates] == ["0", "1", "2"]
    assert sum(r.wins for r in rates) == pytest.approx(30)
    assert all(r.low <= r.rate <= r.high for r in rates)


def test_score_spreads_match_the_scores() -> None:
    frame = _coin_frame(3, 4)
    spreads = {s.name: s for s in stats.score_spreads(frame, "seat")}
    assert spreads["0"].mean == pytest.approx(0.75)
    assert spreads["0"].minimum == 0.0 and spreads["0"].maximum == 1.0
    assert spreads["0"].std == pytest.approx(0.5)  # sample standard deviation of 1,1,1,0


def test_tiebreak_share_counts_single_winners_made_by_a_tiebreak() -> None:
    frame = _coin_frame(2, 4)
    frame.loc[frame.game_index == 0, "tie_break"] = "most money"
    frame.loc[frame.game_index == 1, "tie_break"] = "tie not broken: shared victory"
    frame.loc[frame.game_index == 1, "win_share"] = 0.5
    share = stats.tiebreak_share(frame)
    assert (share.games, share.wins) == (4, 1.0)


def test_analyse_gives_json(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "cosca", ["greedy", "random", "random"], 6)
    report = stats.analyse(frame)
    assert report["games"] == 6
    assert [r["name"] for r in report["win_rate_by_bot"]] == ["greedy", "random"]
    assert set(report["seat_effect"]) == {"statistic", "p_value", "dof", "detected"}


def _seat_rates(wins: list[int], games: int) -> list[stats.Rate]:
    return [
        stats.Rate(str(seat + 1), games, w, w / games, *stats.wilson(w, games))
        for seat, w in enumerate(wins)
    ]


@pytest.mark.parametrize(
    ("wins", "games", "sentence"),
    [
        # seat 1's interval (26.0% to 38.2%) excludes 25%, the chi-square's p is 0.14
        ([70, 50, 50, 50], 220, "Seat 1's interval excludes the equal share (25.0%) while the "),
        # every interval holds 25% (24.8% to 33.6%, 17.3% to 25.3%), the chi-square's p is 0.017
        ([116, 116, 84, 84], 400, "The chi-square detects a seat effect though every seat's "),
        ([55, 55, 55, 55], 220, ""),  # both see nothing
        ([90, 50, 50, 50], 240, ""),  # both see seat 1
    ],
)
def test_a_sentence_explains_exactly_when_seat_intervals_and_chi_square_disagree(
    wins: list[int], games: int, sentence: str
) -> None:
    text = stats.seat_disagreement(_seat_rates(wins, games), stats.equal_shares(wins))
    assert text.startswith(sentence) and bool(text) == bool(sentence)
    assert not sentence or (text.endswith(".") and ". " not in text)  # one sentence
