"""``/api/tutorials``: opening a guided first game (:mod:`mobtable.server.tutorials`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from mobtable.server.routes.params import Manager
from mobtable.server.schemas import OpenTutorial, TableCreated

router = APIRouter(tags=["tables"])


@router.post("/api/tutorials", response_model=TableCreated, status_code=201)
async def open_tutorial(body: OpenTutorial, request: Request, manager: Manager) -> dict[str, Any]:
    """Open a guided first game of ``game``: the learner's seat against the tutorial's
    bots, its scripted deal, unrated and not in the lobby. The answer holds the seat's
    token (keep it secret); the seat's state carries the guide's lesson."""
    client = request.client.host if request.client else "unknown"
    table, token = await manager.open_tutorial(body.game, body.name, client)
    return {"id": table.id, "seat": 0, "token": token, "url": f"/t/{table.id}"}
