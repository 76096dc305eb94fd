"""``/api/tables``: the lobby, opening a table, the waiting room, seats and rematches."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request

from mobtable.server.routes.params import Manager, MaybeAccount, SeatParam, TableIdParam
from mobtable.server.schemas import (
    Claim,
    Claimed,
    CreateTable,
    Ready,
    ReplaceWithBot,
    SeatAuth,
    Start,
    TableCreated,
    TableSummary,
)
from mobtable.store import TableStatus

router = APIRouter(tags=["tables"])


@router.post("/api/tables", response_model=TableCreated, status_code=201)
async def create_table(
    spec: CreateTable, request: Request, manager: Manager, account: MaybeAccount
) -> dict[str, Any]:
    """Open a table; the creator gets the token of the seat ``sit`` (keep it secret).
    Signed in, that seat is the account's, under its name. A retry with the same
    ``request`` key answers with the table the first try made (a fresh token)."""
    client = request.client.host if request.client else "unknown"
    table, seat, token = await manager.create(spec, client, account)
    return {"id": table.id, "seat": seat, "token": token, "url": f"/t/{table.id}"}


@router.get("/api/tables", response_model=list[TableSummary])
async def list_tables(
    manager: Manager,
    status: Literal["open", "waiting", "playing", "over"] = "open",
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    """The lobby: open tables (``waiting`` for players, then those being ``playing``,
    most moves first: the moves every spectator knows of, so a sealed commit's hidden
    parts never reorder it), or recently finished ones (``over``), newest first.
    Expired tables are never listed."""
    if status == "open":
        return await manager.lobby((TableStatus.WAITING, TableStatus.PLAYING), limit)
    return await manager.lobby((TableStatus(status),), limit)


@router.get("/api/tables/{table_id}", response_model=TableSummary)
async def get_table(table_id: TableIdParam, manager: Manager) -> dict[str, Any]:
    """A table's public facts: seats, whose turn, who is thinking, the result."""
    return (await manager.get(table_id)).summary()


@router.post("/api/tables/{table_id}/seats/{seat}/claim", response_model=Claimed)
async def claim_seat(
    table_id: TableIdParam, seat: SeatParam, body: Claim, manager: Manager, account: MaybeAccount
) -> dict[str, Any]:
    """Take a free seat; the answer holds its secret token. Signed in, the seat is the
    account's, under its name. A retry with the same ``request`` key (its first answer
    lost) gets the seat again, with a fresh token; another key, or none, a 409."""
    token = await manager.claim(table_id, seat, body.name, account, body.request)
    return {"seat": seat, "token": token, "url": f"/t/{table_id}"}


@router.post("/api/tables/{table_id}/ready", response_model=TableSummary)
async def ready(table_id: TableIdParam, body: Ready, manager: Manager) -> dict[str, Any]:
    """In the waiting room: say you are ready to start (or no longer ready)."""
    await manager.set_ready(table_id, body.seat, body.token, body.ready)
    return (await manager.get(table_id)).summary()


@router.post("/api/tables/{table_id}/leave", response_model=TableSummary)
async def leave(table_id: TableIdParam, body: SeatAuth, manager: Manager) -> dict[str, Any]:
    """Leave the waiting room: your seat is free again and your token no longer works
    (the host's leaving makes the next player who joined the host). 409 once the game
    has started."""
    await manager.leave(table_id, body.seat, body.token)
    return (await manager.get(table_id)).summary()


@router.post("/api/tables/{table_id}/start", response_model=TableSummary)
async def start(table_id: TableIdParam, body: Start, manager: Manager) -> dict[str, Any]:
    """The host starts the game once everyone who joined is ready; free seats get bots."""
    await manager.start_game(table_id, body.seat, body.token, body.bot)
    return (await manager.get(table_id)).summary()


@router.post("/api/tables/{table_id}/seats/{target}/bot", response_model=TableSummary)
async def seat_bot(
    table_id: TableIdParam, target: SeatParam, body: ReplaceWithBot, manager: Manager
) -> dict[str, Any]:
    """Put a bot in a free seat, or in the seat of a player away for too long."""
    await manager.seat_bot(table_id, target, body.seat, body.token, body.bot)
    return (await manager.get(table_id)).summary()


@router.post("/api/tables/{table_id}/reclaim", response_model=TableSummary)
async def reclaim(table_id: TableIdParam, body: SeatAuth, manager: Manager) -> dict[str, Any]:
    """Take back one's own seat from the bot that stood in."""
    await manager.reclaim(table_id, body.seat, body.token)
    return (await manager.get(table_id)).summary()


@router.post("/api/tables/{table_id}/rematch", response_model=TableCreated)
async def rematch(table_id: TableIdParam, body: SeatAuth, manager: Manager) -> dict[str, Any]:
    """A new game at a finished table; every player keeps seat and token."""
    table = await manager.rematch(table_id, body.seat, body.token)
    return {"id": table.id, "seat": body.seat, "token": None, "url": f"/t/{table.id}"}
