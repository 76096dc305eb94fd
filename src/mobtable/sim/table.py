"""The per-game results table: one row per game and seat, streamed to Parquet.

Only this module imports pyarrow (the optional extra ``mobtable[lab]``), and
only the CLI's ``simulate --out`` imports this module, lazily. Load a table
with ``pandas.read_parquet(path)``.

Columns, in order (see docs/balance.md): ``game``, ``seed`` (the master
seed), ``game_index``, ``players``, ``variants`` (sorted, comma-joined),
``options`` (canonical JSON), ``card_file``, ``card_hash``, ``seat``,
``bot``, ``score``, ``rank`` (1 = best), ``win_share`` (1/k for each of k
winners), ``tie_break`` (``""``: none was needed), ``length_actions``,
``length_rounds``, then the game's own figures as ``m_<name>``.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import TracebackType
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from mobtable.sim.engine import GameOutcome
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
    ]
)
"""The columns every game has; the game's own figures follow as ``m_*``."""

FIGURE_PREFIX = "m_"
ROWS_PER_GROUP = 16_384
"""Rows gathered before a row group is written: memory stays bounded."""


def canonical_options(options: Any) -> str:
    """The options as canonical JSON (sorted keys, no spaces): equal options, equal text."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _figure_type(name: str, value: int | float) -> pa.DataType:
    if isinstance(value, int):
        return pa.int64()
    if isinstance(value, float):
        return pa.float64()
    raise TypeError(f"figure {name!r} is {value!r}: figures are int or float")


class ResultsTable:
    """Writes outcomes (in game order) to a Parquet file, a row group at a time.

    The schema is fixed by the first outcome: the base columns, then one
    ``m_`` column per figure, int64 for an int and float64 for a float. A
    later game whose figures differ in name or type is a hook bug and
    raises ``ValueError``.

    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str | Path, spec: SimSpec) -> None:
        self.path = Path(path)
        self.rows = 0
        config = spec.config
        self._constant = {
            "game": spec.game,
            "seed": spec.seed,
            "players": spec.players,
            "variants": ",".join(sorted(config.get("variants", []))),
            "options": canonical_options(config.get("options", {})),
            "card_file": spec.card_file,
            "card_hash": spec.card_hash,
        }
        self._schema: pa.Schema | None = None
        self._figure_names: tuple[str, ...] = ()
        self._writer: pq.ParquetWriter | None = None
        self._columns: dict[str, list[Any]] = {}

    # -- writing -----------------------------------------------------------
    def add(self, outcome: GameOutcome) -> None:
        if self._schema is None:
            self._start(outcome)
        if outcome.figure_names != self._figure_names:
            raise ValueError(
                f"game {outcome.index}: figures {list(outcome.figure_names)} differ from the "
                f"first game's {list(self._figure_names)}"
            )
        columns = self._columns
        players = len(outcome.lineup)
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        for name, value in self._constant.items():
            columns[name].extend([value] * players)
        columns["game_index"].extend([outcome.index] * players)
        columns["seat"].extend(range(players))
        columns["bot"].extend(outcome.lineup)
        columns["score"].extend(float(s) for s in outcome.scores)
        columns["rank"].extend(outcome.ranks)
        columns["win_share"].extend(share if s in outcome.winners else 0.0 for s in range(players))
        columns["tie_break"].extend([outcome.tiebreak or ""] * players)
        columns["length_actions"].extend([outcome.actions] * players)
        columns["length_rounds"].extend([outcome.rounds] * players)
        for position, name in enumerate(self._figure_names):
            columns[FIGURE_PREFIX + name].extend(row[position] for row in outcome.figures)
        self.rows += players
        if len(columns["seat"]) >= ROWS_PER_GROUP:
            self._flush()

    def _start(self, outcome: GameOutcome) -> None:
        fields = list(BASE_SCHEMA)
        self._figure_names = outcome.figure_names
        for position, name in enumerate(outcome.figure_names):
            kind = _figure_type(name, outcome.figures[0][position])
            fields.append(pa.field(FIGURE_PREFIX + name, kind))
        self._schema = pa.schema(fields)
        self._columns = {name: [] for name in self._schema.names}

    def _flush(self) -> None:
        schema = self._schema_or_base()
        if self._writer is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._writer = pq.ParquetWriter(self.path, schema)
        if self._columns and self._columns["seat"]:
            try:
                batch = pa.table(self._columns, schema=schema)
            except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
                raise ValueError(f"a figure changed type between games: {exc}") from exc
            self._writer.write_table(batch)
            self._columns = {name: [] for name in schema.names}

    def _schema_or_base(self) -> pa.Schema:
        return BASE_SCHEMA if self._schema is None else self._schema

    def close(self) -> None:
        """Write what is left (an empty table still gets its base columns) and close."""
        self._flush()
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def __enter__(self) -> ResultsTable:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
