"""Playing one bot-vs-bot game to the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mobtable import bots as bot_registry
from mobtable.bots import Bot, Decision
from mobtable.core import State
from mobtable.core import record as records
from mobtable.sim.decisions import DecisionMetrics, replay_measured
from mobtable.sim.hooks import Row, figures_hook, rounds_hook, tables_hook
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
    """The result of one simulated game, small enough to send between processes.

    Attributes:
        rounds: the game's length in its own unit (the ``rounds`` hook; 0 without one).
        figure_names: the game's own figures (the ``figures`` hook), when asked for.
        figures: one tuple of values per seat, in ``figure_names`` order.
        tables: the game's further tables (the ``tables`` hook), when figures
            are asked for: rows by table name.
        decisions: the game's decision metrics (:mod:`mobtable.sim.decisions`), when
            figures are asked for.
        record: the game's record, when asked for (a remote worker cannot
            write to the caller's disk).
    """

    index: int
    seed: int
    lineup: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None
    actions: int
    rounds: int = 0
    figure_names: tuple[str, ...] = ()
    figures: tuple[tuple[int | float, ...], ...] = ()
    tables: Mapping[str, tuple[Row, ...]] = field(default_factory=dict, hash=False)
    decisions: DecisionMetrics = field(default_factory=DecisionMetrics)
    record: dict[str, Any] | None = field(default=None, compare=False, hash=False, repr=False)


def bot_step(state: State, bots: Sequence[Bot]) -> None:
    """Let the first pending seat's bot act (one action).

    In a simultaneous step the seats commit one after the other in seat
    order; the commitments are sealed, so the order cannot matter. An action
    found in ``legal`` is applied without the state checking it again (the
    membership test is cheap: legal actions are interned values); any other
    goes through the full check, which raises ``IllegalAction`` naming the rule.
    """
    pending = state.pending()
    if not pending:
        raise SimulationError(f"{state.game.name}: the game is not over but nobody is to act")
    seat = pending[0]
    decision = Decision(state, seat)
    action = bots[seat].choose(decision)
    state.apply(seat, action, check=action not in decision.legal)


def play_to_end(state: State, bots: Sequence[Bot], *, max_actions: int = 200_000) -> State:
    """Play ``state`` out with one bot per seat; raises ``SimulationError`` on trouble.

    The loop is :func:`bot_step` written out, with the state's and bots' methods
    looked up once: this loop is the simulation's hot path. A bot that reads only the
    legal actions (``Bot.picks_from_legal``, the random bot) is asked through
    ``Bot.pick``, without a ``Decision`` and without testing its action again.
    """
    if len(bots) != state.players:
        raise ValueError(f"{len(bots)} bots for {state.players} seats")
    is_over, pending_seats, apply, legal = state.is_over, state.pending, state.apply, state.legal
    choosers = [bot.choose for bot in bots]
    pickers = [bot.pick if bot.picks_from_legal else None for bot in bots]
    for _ in range(max_actions - len(state.history)):
        if is_over():
            return state
        try:
            seat = pending_seats()[0]
            picker = pickers[seat]
            if picker is not None:
                apply(seat, picker(legal(seat)), check=False)
                continue
            decision = Decision(state, seat)
            action = choosers[seat](decision)
            apply(seat, action, check=action not in decision.legal)
        except Exception as exc:  # a bot or rules bug: report where it happened
            raise _failure(state, bots, exc) from exc
    if not is_over():
        raise SimulationError(
            f"{state.game.name}: the game did not end within {max_actions} actions"
        )
    return state


def _failure(state: State, bots: Sequence[Bot], exc: Exception) -> SimulationError:
    """What went wrong in :func:`play_to_end`, and where, as a ``SimulationError``."""
    if isinstance(exc, SimulationError):
        return exc
    pending = state.pending()
    if not pending:
        return SimulationError(f"{state.game.name}: the game is not over but nobody is to act")
    return SimulationError(
        f"{state.game.name}: seat {pending[0]} ({type(bots[pending[0]]).__name__}) after "
        f"{len(state.history)} actions: {type(exc).__name__}: {exc}"
    )


def make_bots(spec: SimSpec, index: int) -> list[Bot]:
    """Fresh bots for game ``index``, seeded from ``(spec.seed, index, seat)``.

    The registry is asked once per bot name and process; later games build
    the same classes directly.
    """
    classes = spec.bot_classes
    made: list[Bot] = []
    for seat, name in enumerate(spec.lineup(index)):
        seed = bot_seed(spec.seed, index, seat)
        cls = classes.get(name)
        if cls is None:
            bot = bot_registry.make(name, spec.game, seed=seed)
            classes[name] = type(bot)
        else:
            bot = cls(seed=seed)
        made.append(bot)
    return made


def record_path(directory: str | Path, game: str, index: int) -> Path:
    return Path(directory) / f"{game}-{index:06d}.json"


def replay_with_events(state: State) -> State:
    """The same game played again from its seed with the event log on."""
    return replay_measured(state)[0]


Figures = tuple[tuple[str, ...], tuple[tuple[int | float, ...], ...]]


def _figures(state: State) -> tuple[Figures, dict[str, tuple[Row, ...]], DecisionMetrics]:
    """The figures, further tables and decision metrics, from one replay with events."""
    hook, more = figures_hook(state.game.name), tables_hook(state.game.name)
    replayed, metrics = replay_measured(state)
    figures = ((), ()) if hook is None else _checked_figures(state, hook(replayed))
    tables = {} if more is None else {k: tuple(v) for k, v in more(replayed).items()}
    return figures, tables, metrics


def _checked_figures(state: State, rows: list[dict[str, int | float]]) -> Figures:
    if len(rows) != state.players or not rows:
        raise SimulationError(
            f"{state.game.name}.metrics.figures gave {len(rows)} rows for {state.players} seats"
        )
    names = tuple(rows[0])
    values: list[tuple[int | float, ...]] = []
    for seat, row in enumerate(rows):
        if tuple(row) != names:
            raise SimulationError(
                f"{state.game.name}.metrics.figures: seat {seat} has keys {sorted(row)}, "
                f"seat 0 has {sorted(names)}"
            )
        for key, value in row.items():
            if not isinstance(value, int | float):
                raise SimulationError(
                    f"{state.game.name}.metrics.figures: {key!r} is {value!r}, not a number"
                )
        values.append(tuple(int(v) if isinstance(v, bool) else v for v in row.values()))
    return names, tuple(values)


def play_one(
    spec: SimSpec,
    index: int,
    *,
    record_dir: str | Path | None = None,
    figures: bool = False,
    keep_record: bool = False,
) -> GameOutcome:
    """Play game ``index`` of ``spec``.

    ``record_dir``: write its record there. ``figures``: also compute the
    game's own figures (replaying it with events on). ``keep_record``:
    return the record inside the outcome.
    """
    game = spec.load_game()
    seed = table_seed(spec.seed, index)
    state = game.new_state(spec.load_config(), seed=seed)
    state.silent = True  # games may skip their event log: records keep only actions
    lineup = spec.lineup(index)
    try:
        play_to_end(state, make_bots(spec, index), max_actions=spec.max_actions)
    except SimulationError as exc:
        raise SimulationError(
            f"game {index} (table seed {seed}): {exc}",
            index=index,
            record=annotated_record(state, lineup, index),
        ) from exc
    record: dict[str, Any] | None = None
    if record_dir is not None or keep_record:
        record = annotated_record(state, lineup, index)
        if record_dir is not None:
            records.save(record, record_path(record_dir, spec.game, index))
    (names, values), tables, metrics = (
        _figures(state) if figures else (((), ()), {}, DecisionMetrics())
    )
    rounds = rounds_hook(game.name)
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
        rounds=0 if rounds is None else int(rounds(state)),
        figure_names=names,
        figures=values,
        tables=tables,
        decisions=metrics,
        record=record if keep_record else None,
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
    spec: SimSpec,
    indices: Sequence[int],
    record_dir: str | None = None,
    *,
    figures: bool = False,
    keep_record: bool = False,
) -> list[GameOutcome]:
    """Play several games (the unit of work a worker process or Ray task receives)."""
    return [
        play_one(spec, i, record_dir=record_dir, figures=figures, keep_record=keep_record)
        for i in indices
    ]
