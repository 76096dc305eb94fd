"""The last round's summary, made when first read, says what the round showed.

``resolve_round`` keeps the round's facts (:class:`RoundFacts`) and the summary dict is
made from them the first time ``last_round`` is read: here it is read only rounds later,
and it must still say what the table showed when the round was scored.
"""

from __future__ import annotations

import random

from mobtable.games.capo import GAME
from mobtable.games.capo.rules import Phase
from mobtable.games.capo.scoring import RoundFacts


def _last_actions(seed: int) -> list[tuple[dict[str, object], object]]:
    """Plays a random game; for each scored round, what its table showed before the
    round's last suspicion, and the facts the scoring kept (never read during play)."""
    state = GAME.new_state(GAME.config(3 + seed % 5), seed=seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal(seat)
        shown = None
        if state.phase is Phase.SUSPECT and len(state.pending()) == 1:
            table = state.table
            shown = {
                "round": state.round,
                "assignment": state.assignment,
                "played": [len(t) for t in table],
                "face_up": [list(f) for f in state.face_up],
                "counter": state.counter,
                "table": [list(t) for t in table],
            }
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        if shown is not None:
            facts = state.last_round_facts
            assert isinstance(facts, RoundFacts) and facts.made is None
            seen.append((shown, facts))
    return seen


def test_a_summary_read_rounds_later_says_what_its_round_showed() -> None:
    rounds = 0
    for seed in range(8):
        for shown, facts in _last_actions(seed):
            assert isinstance(facts, RoundFacts)
            summary = facts.summary()
            assert summary is facts.summary()  # made once
            for key in ("round", "assignment", "played", "face_up", "counter"):
                assert summary[key] == shown[key], key
            table = shown["table"]
            assert isinstance(table, list)
            hits = summary["suspected"]
            revealed = [t if hit else None for t, hit in zip(table, hits, strict=True)]
            assert summary["revealed"] == revealed
            assert list(summary)[-2:] == ["change", "giulia_shown"]
            rounds += 1
    assert rounds > 20


def test_copies_share_the_one_summary() -> None:
    state = GAME.new_state(GAME.config(4), seed=3)
    rng = random.Random(3)
    while state.last_round is None:
        seat = state.pending()[0]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    copy, clone = state.sample_copy(), state.clone()
    assert copy.last_round is state.last_round is clone.last_round
    assert state.view(0)["last_round"] is state.last_round
