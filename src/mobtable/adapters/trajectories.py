"""Finished games as per-seat trajectories, for learning from human play.

A trajectory row is one decision of one seat: the seat's observation tensor
and legal actions at that moment, the action it took, and the end-of-game
reward on its last decision. Rows are built by replaying the game's record and
encoding ``state.view(seat)`` just before each of that seat's decisions, so a
seat's trajectory holds exactly what that seat saw then: never another hand,
an unrevealed commitment, or anything the game's end-of-game reveal policy
keeps hidden from it.

The legal actions are stored sparsely (``legal``: the indices where the action
mask is 1) because the masks are long (COSCA: 58,165 actions): rebuild the
dense int8 mask with :func:`dense_mask`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mobtable.adapters.encoders import AnyEncoder, encoder_for
from mobtable.adapters.encoders.base import ActionIndex
from mobtable.adapters.table import Reward, rewards
from mobtable.core import BadRecord
from mobtable.core import record as records

Row = dict[str, Any]
COLUMNS = (
    "table_id",
    "game",
    "players",
    "seat",
    "player",
    "step",
    "move",
    "observation",
    "legal",
    "action",
    "notation",
    "reward",
    "done",
)


def dense_mask(legal: Sequence[int], num_actions: int) -> npt.NDArray[np.int8]:
    """The int8 action mask of a row's ``legal`` indices."""
    mask = np.zeros(num_actions, np.int8)
    mask[np.asarray(legal, dtype=np.int64)] = 1
    return mask


def trajectories(
    record: Mapping[str, Any],
    *,
    table_id: str = "",
    players: Sequence[str | None] = (),
    reward: Reward = "win",
    encoders: dict[tuple[str, str], AnyEncoder] | None = None,
) -> Iterator[Row]:
    """The rows of one finished game, in play order.

    ``players`` labels each seat (``human`` or the bot's name); ``encoders``
    caches an encoder per game and config across calls.
    """
    if record.get("result") is None:
        raise BadRecord("only finished games have trajectories")
    records.check(record)  # a record that does not replay to its result is refused whole
    state = records.start_from_record(record)
    state.silent = True
    game, config = state.game, state.config
    key = (game.name, repr(config.to_json()))
    cache = {} if encoders is None else encoders
    encoder = cache.get(key) or cache.setdefault(key, encoder_for(game, config))
    index = ActionIndex(game, config)
    actions = [records.action_entry(n, entry) for n, entry in enumerate(record["actions"])]
    last_move = {seat: n for n, (seat, _) in enumerate(actions)}
    steps = [0] * config.players
    pending: list[Row] = []
    for move, (seat, notation) in enumerate(actions):
        action = game.parse_action(notation, config)
        legal = index.legal(state, seat)
        pending.append(
            {
                "table_id": table_id,
                "game": game.name,
                "players": config.players,
                "seat": seat,
                "player": players[seat] if seat < len(players) else None,
                "step": steps[seat],
                "move": move,
                "observation": encoder.observe(state, seat),
                "legal": legal,
                "action": index(action),
                "notation": notation,
                "reward": 0.0,
                "done": last_move[seat] == move,
            }
        )
        steps[seat] += 1
        state.apply(seat, action)
    if not state.is_over():
        raise BadRecord("the record's actions do not finish the game")
    final = rewards(state.result(), reward)
    for row in pending:
        if row["done"]:
            row["reward"] = final[row["seat"]]
        yield row


def write_parquet(rows: Iterable[Row], path: str | Path, *, batch: int = 2048) -> int:
    """Write rows to a Parquet file; returns how many were written."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema(
        [
            ("table_id", pa.string()),
            ("game", pa.string()),
            ("players", pa.int8()),
            ("seat", pa.int8()),
            ("player", pa.string()),
            ("step", pa.int32()),
            ("move", pa.int32()),
            ("observation", pa.list_(pa.float32())),
            ("legal", pa.list_(pa.int32())),
            ("action", pa.int32()),
            ("notation", pa.string()),
            ("reward", pa.float32()),
            ("done", pa.bool_()),
        ]
    )
    written = 0
    chunk: list[Row] = []
    with pq.ParquetWriter(str(path), schema) as writer:

        def flush() -> None:
            columns = {name: [row[name] for row in chunk] for name in COLUMNS}
            columns["observation"] = [np.asarray(o, np.float32) for o in columns["observation"]]
            writer.write_table(pa.table(columns, schema=schema))
            chunk.clear()

        for row in rows:
            chunk.append(row)
            written += 1
            if len(chunk) >= batch:
                flush()
        if chunk:
            flush()
    return written
