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
async def lobby_page() -> FileResponse:
    return FileResponse(INDEX)


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(INDEX)


@router.get("/replay/{table_id}")
async def replay_page(table_id: str) -> FileResponse:
    return FileResponse(INDEX)


@router.get("/account")
async def account_page() -> FileResponse:
    return FileResponse(INDEX)


@router.get("/u/{name}")
async def profile_page(name: str) -> FileResponse:
    return FileResponse(INDEX)


@router.get("/leaderboard/{game}")
async def leaderboard_page(game: str) -> FileResponse:
    return FileResponse(INDEX)
