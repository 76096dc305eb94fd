"""Playing one bot-vs-bot game to the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mobtable import bots as bot_registry
from mobtable.bots import Bot, Decision
from mobtable.core import State
from mobtable.core import record as records
from mobtable.sim.seeds import bot_seed, table_seed
from mobtable.sim.spec import SimSpec


class SimulationError(RuntimeError):
    """A game that could not be played to the end (a bot or rules bug).

    Attributes:
        index: the game's index in its batch (``-1`` outside a batch).
        record: the record of the game up to the failure, for a bug report.
    """

    def __init__(self, message: str, *, index: int = -1, record: dict[str, Any] | None = None):
        super().__init__(message)
        self.index = index
        self.record = record

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep ``index`` and ``record`` when the error travels back from a worker.
        return (_rebuild_error, (str(self), self.index, self.record))


def _rebuild_error(message: str, index: int, record: dict[str, Any] | None) -> SimulationError:
    return SimulationError(message, index=index, record=record)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The result of one simulated game, small enough to send between processes."""

    index: int
    seed: int
    lineup: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None
    actions: int


def bot_step(state: State, bots: Sequence[Bot]) -> None:
    """Let the first pending seat's bot act (one action).

    In a simultaneous step the seats commit one after the other in seat
    order; the commitments are sealed, so the order cannot matter.
    """
    pending = state.pending()
    if not pending:
        raise SimulationError(f"{state.game.name}: the game is not over but nobody is to act")
    seat = pending[0]
    action = bots[seat].choose(Decision(state, seat))
    state.apply(seat, action)


def play_to_end(state: State, bots: Sequence[Bot], *, max_actions: int = 200_000) -> State:
    """Play ``state`` out with one bot per seat; raises ``SimulationError`` on trouble."""
    if len(bots) != state.players:
        raise ValueError(f"{len(bots)} bots for {state.players} seats")
    while not state.is_over():
        if len(state.history) >= max_actions:
            raise SimulationError(
                f"{state.game.name}: the game did not end within {max_actions} actions"
            )
        try:
            bot_step(state, bots)
        except SimulationError:
            raise
        except Exception as exc:  # a bot or rules bug: report where it happened
            pending = state.pending()
            who = f"seat {pending[0]} ({type(bots[pending[0]]).__name__})" if pending else "?"
            raise SimulationError(
                f"{state.game.name}: {who} after {len(state.history)} actions: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    return state


def make_bots(spec: SimSpec, index: int) -> list[Bot]:
    """Fresh bots for game ``index``, seeded from ``(spec.seed, index, seat)``."""
    return [
        bot_registry.make(name, spec.game, seed=bot_seed(spec.seed, index, seat))
        for seat, name in enumerate(spec.lineup(index))
    ]


def record_path(directory: str | Path, game: str, index: int) -> Path:
    return Path(directory) / f"{game}-{index:06d}.json"


def play_one(spec: SimSpec, index: int, *, record_dir: str | Path | None = None) -> GameOutcome:
    """Play game ``index`` of ``spec``; write its record to ``record_dir`` if given."""
    game = spec.load_game()
    seed = table_seed(spec.seed, index)
    state = game.new_state(spec.load_config(), seed=seed)
    state.silent = True  # games may skip their event log: records keep only actions
    lineup = spec.lineup(index)
    try:
        play_to_end(state, make_bots(spec, index), max_actions=spec.max_actions)
    except SimulationError as exc:
        record = annotated_record(state, lineup, index)
        raise SimulationError(
            f"game {index} (table seed {seed}): {exc}", index=index, record=record
        ) from exc
    if record_dir is not None:
        path = record_path(record_dir, spec.game, index)
        records.save(annotated_record(state, lineup, index), path)
    result = state.result()
    return GameOutcome(
        index=index,
        seed=seed,
        lineup=lineup,
        scores=tuple(result.scores),
        ranks=tuple(result.ranks),
        winners=tuple(result.winners),
        tiebreak=result.tiebreak,
        actions=len(state.history),
    )


def annotated_record(
    state: State, lineup: Sequence[str], index: int | None = None
) -> dict[str, Any]:
    """The core record plus a ``meta`` object naming who sat where (ignored on replay)."""
    record = records.to_record(state)
    meta: dict[str, Any] = {"seats": list(lineup)}
    if index is not None:
        meta["index"] = index
    record["meta"] = meta
    return record


def play_batch(
    spec: SimSpec, indices: Sequence[int], record_dir: str | None = None
) -> list[GameOutcome]:
    """Play several games (the unit of work a worker process receives)."""
    return [play_one(spec, i, record_dir=record_dir) for i in indices]
