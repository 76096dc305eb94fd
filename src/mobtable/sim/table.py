"""The per-game results table: one row per game and seat, streamed to Parquet.

Only this module imports pyarrow (the optional extra ``mobtable[lab]``), and
only the CLI's ``simulate --out`` imports this module, lazily. Load a table
with ``pandas.read_parquet(path)``.

Columns, in order (see docs/balance.md): ``game``, ``seed`` (the master
seed), ``game_index``, ``players``, ``variants`` (sorted, comma-joined),
``options`` (canonical JSON), ``card_file``, ``card_hash``, ``seat``,
``bot``, ``score``, ``rank`` (1 = best), ``win_share`` (1/k for each of k
winners), ``tie_break`` (``""``: none was needed), ``length_actions``,
``length_rounds``, the decision metrics (``decisions``, ``branching``,
``lead_changes``, ``decided_last_round``: :mod:`mobtable.sim.decisions`), then
the game's own figures as ``m_<name>``.

A game's further tables (the ``tables`` hook, :mod:`mobtable.sim.hooks`)
go beside it as ``<name>.parquet``: ``game``, ``seed``, ``game_index``,
then the hook's columns (COSCA: ``mobsters.parquet``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from mobtable.sim.engine import GameOutcome
from mobtable.sim.hooks import Row
from mobtable.sim.spec import SimSpec

BASE_SCHEMA = pa.schema(
    [
        ("game", pa.string()),
        ("seed", pa.int64()),
        ("game_index", pa.int64()),
        ("players", pa.int8()),
        ("variants", pa.string()),
        ("options", pa.string()),
        ("card_file", pa.string()),
        ("card_hash", pa.string()),
        ("seat", pa.int8()),
        ("bot", pa.string()),
        ("score", pa.float64()),
        ("rank", pa.int8()),
        ("win_share", pa.float64()),
        ("tie_break", pa.string()),
        ("length_actions", pa.int32()),
        ("length_rounds", pa.int32()),
        ("decisions", pa.int32()),
        ("branching", pa.float64()),
        ("lead_changes", pa.int32()),
        ("decided_last_round", pa.bool_()),
    ]
)
"""The columns every game has; the game's own figures follow as ``m_*``."""

CELL = pa.field("cell", pa.string())
"""A sweep's first column: the cell's label (:mod:`mobtable.sim.sweep`)."""
TABLE_KEYS = [
    pa.field("game", pa.string()),
    pa.field("seed", pa.int64()),
    pa.field("game_index", pa.int64()),
]
"""The first columns of every further table: which game a row belongs to."""

FIGURE_PREFIX = "m_"
ROWS_PER_GROUP = 16_384
"""Rows gathered before a row group is written: memory stays bounded."""


def canonical_options(options: Any) -> str:
    """The options as canonical JSON (sorted keys, no spaces): equal options, equal text."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _column_type(name: str, value: object) -> pa.DataType:
    if isinstance(value, bool):
        return pa.bool_()
    if isinstance(value, int):
        return pa.int64()
    if isinstance(value, float):
        return pa.float64()
    if isinstance(value, str):
        return pa.string()
    raise TypeError(f"column {name!r} holds {value!r}: a column holds int, float, str or bool")


class _Stream:
    """Columns gathered in memory and written to one Parquet file a row group at a time."""

    def __init__(self, path: Path, schema: pa.Schema) -> None:
        self.path = path
        self.schema = schema
        self.columns: dict[str, list[Any]] = {name: [] for name in schema.names}
        self._writer: pq.ParquetWriter | None = None

    def extend(self, name: str, values: Iterable[Any]) -> None:
        self.columns[name].extend(values)

    def flush_if_full(self) -> None:
        if len(self.columns[self.schema.names[0]]) >= ROWS_PER_GROUP:
            self.flush()

    def flush(self) -> None:
        if self._writer is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._writer = pq.ParquetWriter(self.path, self.schema)
        if self.columns[self.schema.names[0]]:
            try:
                batch = pa.table(self.columns, schema=self.schema)
            except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
                raise ValueError(f"{self.path.name}: a column changed type: {exc}") from exc
            self._writer.write_table(batch)
            self.columns = {name: [] for name in self.schema.names}

    def close(self) -> None:
        self.flush()
        if self._writer is not None:
            self._writer.close()
            self._writer = None


class ResultsTable:
    """Writes outcomes (in game order) to a Parquet file, a row group at a time.

    The schema is fixed by the first outcome: the base columns, then one
    ``m_`` column per figure, int64 for an int and float64 for a float. A
    later game whose figures differ in name or type is a hook bug and
    raises ``ValueError``. Each further table of the game's ``tables`` hook
    is written the same way to ``<name>.parquet`` in the same directory.

    ``cell``: a sweep's cell label, written as a first ``cell`` column of every table.

    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str | Path, spec: SimSpec, *, cell: str | None = None) -> None:
        self.path = Path(path)
        self.rows = 0
        config = spec.config
        self._keys = [CELL, *TABLE_KEYS] if cell is not None else TABLE_KEYS
        self._base = pa.schema([CELL, *BASE_SCHEMA]) if cell is not None else BASE_SCHEMA
        self._constant: dict[str, Any] = {} if cell is None else {"cell": cell}
        self._constant |= {
            "game": spec.game,
            "seed": spec.seed,
            "players": spec.players,
            "variants": ",".join(sorted(config.get("variants", []))),
            "options": canonical_options(config.get("options", {})),
            "card_file": spec.card_file,
            "card_hash": spec.card_hash,
        }
        self._main: _Stream | None = None
        self._figure_names: tuple[str, ...] = ()
        self._tables: dict[str, _Stream] = {}

    @property
    def paths(self) -> list[Path]:
        """The files written: the results table, then the further tables by name."""
        return [self.path, *(self._tables[name].path for name in sorted(self._tables))]

    # -- writing -----------------------------------------------------------
    def add(self, outcome: GameOutcome) -> None:
        if self._main is None:
            self._main = self._start(outcome)
        if outcome.figure_names != self._figure_names:
            raise ValueError(
                f"game {outcome.index}: figures {list(outcome.figure_names)} differ from the "
                f"first game's {list(self._figure_names)}"
            )
        main = self._main
        players = len(outcome.lineup)
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        for name, value in self._constant.items():
            main.extend(name, [value] * players)
        main.extend("game_index", [outcome.index] * players)
        main.extend("seat", range(players))
        main.extend("bot", outcome.lineup)
        main.extend("score", (float(s) for s in outcome.scores))
        main.extend("rank", outcome.ranks)
        main.extend("win_share", (share if s in outcome.winners else 0.0 for s in range(players)))
        main.extend("tie_break", [outcome.tiebreak or ""] * players)
        main.extend("length_actions", [outcome.actions] * players)
        main.extend("length_rounds", [outcome.rounds] * players)
        metrics = outcome.decisions
        main.extend("decisions", [metrics.decisions] * players)
        main.extend("branching", [metrics.branching] * players)
        main.extend("lead_changes", [metrics.lead_changes] * players)
        main.extend("decided_last_round", [metrics.decided_last_round] * players)
        for position, name in enumerate(self._figure_names):
            main.extend(FIGURE_PREFIX + name, (row[position] for row in outcome.figures))
        self.rows += players
        main.flush_if_full()
        for name, rows in outcome.tables.items():
            self._add_rows(name, outcome.index, rows)

    def _start(self, outcome: GameOutcome) -> _Stream:
        fields = list(self._base)
        self._figure_names = outcome.figure_names
        for position, name in enumerate(outcome.figure_names):
            kind = _column_type(name, outcome.figures[0][position])
            if kind not in (pa.int64(), pa.float64()):
                raise TypeError(
                    f"figure {name!r} is {outcome.figures[0][position]!r}: not a number"
                )
            fields.append(pa.field(FIGURE_PREFIX + name, kind))
        return _Stream(self.path, pa.schema(fields))

    def _add_rows(self, name: str, index: int, rows: Sequence[Row]) -> None:
        stream = self._tables.get(name)
        if stream is None:
            if not rows:
                return  # the schema comes from a first row
            fields = [pa.field(k, _column_type(k, v)) for k, v in rows[0].items()]
            schema = pa.schema([*self._keys, *fields])
            stream = self._tables[name] = _Stream(self.path.with_name(f"{name}.parquet"), schema)
        keys = stream.schema.names[len(self._keys) :]
        for row in rows:
            if list(row) != keys:
                raise ValueError(
                    f"game {index}: {name} row has columns {list(row)}, the first had {keys}"
                )
        count = len(rows)
        for key in self._keys:
            value = index if key.name == "game_index" else self._constant[key.name]
            stream.extend(key.name, [value] * count)
        for key in keys:
            stream.extend(key, (row[key] for row in rows))
        stream.flush_if_full()

    def close(self) -> None:
        """Write what is left (an empty table still gets its base columns) and close."""
        if self._main is None:
            self._main = _Stream(self.path, self._base)
        self._main.close()
        for stream in self._tables.values():
            stream.close()

    def __enter__(self) -> ResultsTable:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def merge(parts: Sequence[Path], path: Path) -> None:
    """Write the tables ``parts`` (one schema) one after the other into ``path``.

    Streams a row group at a time, so memory stays that of one group; a part whose
    columns differ from the first's raises ``ValueError`` naming both.
    """
    writer: pq.ParquetWriter | None = None
    try:
        for part in parts:
            source = pq.ParquetFile(part)
            if writer is None:
                writer = pq.ParquetWriter(path, source.schema_arrow)
            elif not source.schema_arrow.equals(writer.schema):
                raise ValueError(
                    f"{part.name} has columns {source.schema_arrow.names}, "
                    f"the first part {writer.schema.names}"
                )
            for group in range(source.num_row_groups):
                writer.write_table(source.read_row_group(group))
    finally:
        if writer is not None:
            writer.close()
