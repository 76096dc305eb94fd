"""``/api/your-tables``: where it is your move, across the tables this browser sits at."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from mobtable.server.routes.params import Manager
from mobtable.server.schemas import YourSeats, YourTable
from mobtable.server.yours import SeatClaim, your_tables

router = APIRouter(tags=["tables"])


@router.post("/api/your-tables", response_model=list[YourTable])
async def list_your_tables(held: YourSeats, manager: Manager) -> list[dict[str, Any]]:
    """The tables of the seats whose tokens match (waiting for you first; a seat the
    token does not prove, or a table that is gone, is left out). A POST, so the tokens
    travel in the body and never in an address or a log."""
    claims = [SeatClaim(s.table, s.seat, s.token) for s in held.seats]
    return await your_tables(manager, claims)
