"""The web client's pages: every one is ``index.html``, which routes by its address."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB_DIR = Path(str(resources.files("mobtable") / "web"))
INDEX = WEB_DIR / "index.html"

router = APIRouter(include_in_schema=False)


@router.get("/")
@router.get("/t/{table_id}")
@router.get("/replay/{table_id}")
@router.get("/account")
@router.get("/yours")
@router.get("/u/{name}")
@router.get("/leaderboard/{game}")
async def page() -> FileResponse:
    """Every page of the web client (the lobby, a table, a replay, the account, your tables, a
    profile, a leaderboard): ``index.html``, whose script routes by the address."""
    return FileResponse(INDEX)
