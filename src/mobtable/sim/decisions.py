"""Decision metrics of a finished game, as TAG (the Tabletop Games Framework) reports them.

Measured on the game replayed action by action (the same replay that computes the game's own
figures, so the hot loop of a plain ``simulate`` never pays for them):

- ``decisions``: actions taken with a real choice (two legal actions or more);
- ``branching``: the mean number of legal actions at those decisions (0 without any);
- ``lead_changes``: times the sole leader changed from the end of one round to the end of a
  later one, by the game's ``standing`` hook (a tie keeps the last sole leader; -1 when the
  game declares no standing or no rounds);
- ``decided_last_round``: no eventual winner led (alone or shared) when the last round began.

A round is what the game's ``rounds`` hook counts (Gangsta's tricks, COSCA's days, Capo's
rounds); the standing is read each time that count rises.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mobtable.core import State
from mobtable.sim.hooks import rounds_hook, standing_hook


@dataclass(frozen=True, slots=True)
class DecisionMetrics:
    """One game's decision metrics (see the module's docstring)."""

    decisions: int = 0
    branching: float = 0.0
    lead_changes: int = -1
    decided_last_round: bool = False


def _leaders(scores: Sequence[float]) -> frozenset[int]:
    top = max(scores)
    return frozenset(seat for seat, score in enumerate(scores) if score == top)


class LeadTracker:
    """Follows the leaders from round to round."""

    def __init__(self, standing: Callable[[State], Sequence[float]], first: State) -> None:
        self.standing = standing
        self.changes = 0
        self.sole: int | None = None
        self.before_last = _leaders(standing(first))
        """The leaders when the round now being played began."""

    def round_ended(self, state: State) -> None:
        self.before_last = leaders = _leaders(self.standing(state))
        if len(leaders) == 1:
            (seat,) = leaders
            if self.sole is not None and seat != self.sole:
                self.changes += 1
            self.sole = seat


def replay_measured(state: State) -> tuple[State, DecisionMetrics]:
    """The game replayed from its seed with the event log on, and its decision metrics."""
    twin = state.game.new_state(state.config, seed=state.origin.seed, setup=state.origin.setup)
    twin.silent = False
    rounds, standing = rounds_hook(state.game.name), standing_hook(state.game.name)
    tracker = None if rounds is None or standing is None else LeadTracker(standing, twin)
    count = 0 if rounds is None else rounds(twin)
    decisions = choices = 0
    for seat, action in state.history:
        width = len(twin.legal(seat))
        if width > 1:
            decisions += 1
            choices += width
        twin.apply(seat, action, check=False)
        if tracker is not None and rounds is not None and not twin.is_over():
            now = rounds(twin)
            if now != count:
                count = now
                tracker.round_ended(twin)
    if tracker is None:
        return twin, DecisionMetrics(decisions, choices / decisions if decisions else 0.0)
    before = tracker.before_last
    tracker.round_ended(twin)  # the final standing may crown a new sole leader
    winners = set(twin.result().winners)
    return twin, DecisionMetrics(
        decisions,
        choices / decisions if decisions else 0.0,
        tracker.changes,
        not winners & before,
    )
