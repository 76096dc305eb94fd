"""Summaries: fractional shared wins, order independence; chunks cover the batch."""

from __future__ import annotations

import random

import pytest

from mobtable import games
from mobtable.sim import GameOutcome, SimSpec, Summary, chunks, iter_outcomes, run


def _spec(bots: tuple[str, ...] = ("random", "random", "random")) -> SimSpec:
    game = games.get("sealed-bid")
    return SimSpec.build(game.config(len(bots)), game, bots, 1)


def _outcome(
    index: int, lineup: tuple[str, ...], scores: tuple[float, ...], winners: tuple[int, ...]
):
    ranks = tuple(1 if s in winners else 2 for s in range(len(scores)))
    return GameOutcome(index, index, lineup, scores, ranks, winners, None, 10)


def test_a_shared_win_counts_one_over_the_number_of_winners() -> None:
    spec = _spec(("random", "greedy", "greedy"))
    lineup = spec.bots
    summary = Summary.of(
        spec,
        [
            _outcome(0, lineup, (5, 5, 1), (0, 1)),
            _outcome(1, lineup, (1, 2, 9), (2,)),
            _outcome(2, lineup, (3, 3, 3), (0, 1, 2)),
        ],
    )
    data = summary.to_json()
    assert [s["wins"] for s in data["seats"]] == [0.833333333, 0.833333333, 1.333333333]
    random_bot = dict(data["by_bot"]["random"])
    random_bot.pop("interval", None)  # the lab's figure, with scipy installed
    assert random_bot == {
        "games": 3,
        "wins": 0.833333333,
        "win_rate": 0.277777778,
        "mean_score": 3.0,
    }
    assert data["by_bot"]["greedy"]["games"] == 6
    assert data["by_bot"]["greedy"]["wins"] == 2.166666667
    assert data["shared_wins"] == 2
    assert sum(t.wins for t in summary.seats) == pytest.approx(3)


def test_summary_does_not_depend_on_the_order_outcomes_arrive_in() -> None:
    spec = _spec()
    rng = random.Random(3)
    outcomes = [
        _outcome(i, spec.bots, tuple(rng.random() * 10 for _ in range(3)), (i % 3,))
        for i in range(50)
    ]
    shuffled = outcomes[:]
    rng.shuffle(shuffled)
    assert Summary.of(spec, outcomes).to_json() == Summary.of(spec, shuffled).to_json()


def test_chunks_cover_the_batch_exactly_once() -> None:
    for games_count, jobs in [(0, 2), (1, 2), (7, 1), (100, 2), (1000, 4), (5, 8)]:
        covered = [i for chunk in chunks(games_count, jobs, start=3) for i in chunk]
        assert covered == list(range(3, 3 + games_count))


def test_run_in_process_summarises_every_game() -> None:
    summary = run(_spec(), 20)
    assert summary.games == 20
    assert sum(t.wins for t in summary.seats) == pytest.approx(20)  # every game has a winner
    assert summary.bots["random"].games == 60
    assert summary.mean_actions == 9


def test_iter_outcomes_can_start_mid_batch() -> None:
    spec = _spec()
    whole = [o for batch in iter_outcomes(spec, 6) for o in batch]
    tail = [o for batch in iter_outcomes(spec, 3, start=3) for o in batch]
    assert tail == whole[3:]


def test_the_summary_counts_the_tie_breaks_that_decided_games() -> None:
    spec = _spec()
    lineup = spec.bots
    decided = GameOutcome(0, 0, lineup, (5, 5, 1), (1, 2, 3), (0,), "best trick", 10)
    shared = GameOutcome(1, 1, lineup, (4, 4, 1), (1, 1, 3), (0, 1), "tie not broken", 10)
    plain = GameOutcome(2, 2, lineup, (9, 4, 1), (1, 2, 3), (0,), None, 10)
    data = Summary.of(spec, [decided, shared, plain]).to_json()
    assert data["tiebreaks"] == {"best trick": 1, "tie not broken": 1}
    assert data["decided_by_tiebreak"] == 1 and data["shared_wins"] == 1


def test_a_gangsta_batch_reports_its_tie_breaks() -> None:
    game = games.get("gangsta")
    spec = SimSpec.build(game.config(4), game, ["random"] * 4, 3)
    outcomes = [o for batch in iter_outcomes(spec, 150) for o in batch]
    summary = Summary.of(spec, outcomes)
    expected = sum(1 for o in outcomes if o.tiebreak and len(o.winners) == 1)
    assert expected > 0 and summary.decided_by_tiebreak == expected
    assert sum(summary.tiebreaks.values()) == sum(1 for o in outcomes if o.tiebreak)
