"""Finished games: the public record and the step-by-step replay."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from mobtable.core.reveal import public_record
from mobtable.server import replay as replays
from mobtable.server.errors import Conflict, Forbidden, NotFound
from mobtable.server.routes.params import Manager, TableIdParam
from mobtable.server.schemas import Replay

router = APIRouter(tags=["replay"])


@router.get("/api/tables/{table_id}/record")
async def record(table_id: TableIdParam, manager: Manager) -> dict[str, Any]:
    """A finished game's public record, as the game's end-of-game reveal policy allows.

    Where everything is revealed (the game's policy, or the table's
    ``reveal_at_end``) it is the full record, seed and all, which replays
    exactly; otherwise it holds no seed and withholds the hidden moves
    (``"public": true``), and cannot be replayed.
    """
    table = await manager.get(table_id)
    if not table.state.is_over():
        raise Conflict("the record is published once the game is over")
    return public_record(table.state, reveal_all=table.row.reveal_at_end)


@router.get("/api/tables/{table_id}/replay", response_model=Replay)
async def replay(
    table_id: TableIdParam,
    manager: Manager,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
) -> dict[str, Any]:
    """A finished game step by step: the spectator's view after every action.

    ``seat``: that seat's view instead (its hand and face-down cards), only
    where everything is revealed at the end.
    """
    table = await manager.get(table_id)
    if not table.state.is_over():
        raise Conflict("the replay is published once the game is over")
    if seat is not None:
        if not table.reveals_everything:
            raise Forbidden(
                f"{table.game.title} keeps some cards secret after the game, and this "
                "table did not choose to reveal everything: only the spectator's replay "
                "is published"
            )
        if seat >= table.state.players:
            raise NotFound(f"table {table_id} has no seat {seat}")
    return {
        "table": table.summary(),
        "seat": seat,
        "steps": replays.steps(table, seat),
        "outcome": replays.outcome(table, seat),
        "tiebreak": replays.tiebreak(table, seat),
        "breakdown": replays.breakdown(table, seat),
    }
