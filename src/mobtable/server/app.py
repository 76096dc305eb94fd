"""The FastAPI application: the JSON API, the WebSocket and the web client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from mobtable import bots, games
from mobtable.core.cardfile import builtin_card_data
from mobtable.core.reveal import public_record
from mobtable.core.rulespage import choice_words
from mobtable.server import replay as replays
from mobtable.server.bot_turns import default_bot
from mobtable.server.errors import Conflict, Forbidden, NotFound, ServerError, validation_error
from mobtable.server.limits import BodySizeLimit, ServerLimits, TooManyRequests
from mobtable.server.manager import TableManager
from mobtable.server.rules import router as rules_router
from mobtable.server.schemas import (
    Accepted,
    Act,
    Claim,
    Claimed,
    CreateTable,
    GameInfo,
    Problem,
    Ready,
    ReplaceWithBot,
    Replay,
    SeatAuth,
    Start,
    TableCreated,
    TableState,
    TableSummary,
)
from mobtable.server.ws import websocket_endpoint
from mobtable.store import Repository

WEB_DIR = Path(str(resources.files("mobtable") / "web"))
MAX_BODY = 64 * 1024

TableIdParam = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,32}$", max_length=32)]
SeatParam = Annotated[int, PathParam(ge=0, le=15)]
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in (
        (400, "refused: bad configuration or notation"),
        (403, "wrong or missing seat token, or a secret the game keeps after the end"),
        (404, "no such table, game or seat"),
        (409, "refused by the rules or the table's state (engine message)"),
        (413, "request body too large"),
        (429, "too many tables from this client: retry after `Retry-After` seconds"),
        (503, "the database is unavailable"),
    )
}


def create_app(
    db_url: str = "sqlite:///mobtable.sqlite",
    *,
    bot_delay: float = 0.5,
    bot_workers: int = 4,
    bot_processes: int | None = None,
    max_body: int = MAX_BODY,
    limits: ServerLimits | None = None,
) -> FastAPI:
    """The whole server for one database (migrated on creation).

    ``bot_processes``: worker processes for search bots (default: one per core
    but one; 0 runs every bot in one of ``bot_workers`` threads instead).
    ``limits``: per-client and memory limits (default: ``ServerLimits()``).
    """
    repo = Repository(db_url)
    manager = TableManager(
        repo,
        bot_delay=bot_delay,
        bot_workers=bot_workers,
        bot_processes=bot_processes,
        limits=limits,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        yield
        await manager.stop()
        repo.close()

    app = FastAPI(
        title="mobtable",
        summary="Play COSCA, Capo della Mafia and Gangsta in the browser.",
        version="1",
        lifespan=lifespan,
        responses=ERRORS,
    )
    app.state.manager = manager
    app.add_middleware(BodySizeLimit, max_bytes=max_body)
    app.add_exception_handler(RequestValidationError, validation_error)

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"detail": exc.message, "rule": exc.rule}, status_code=exc.status)

    @app.exception_handler(TooManyRequests)
    async def _too_many(request: Request, exc: TooManyRequests) -> JSONResponse:
        response = await _server_error(request, exc)
        response.headers["Retry-After"] = str(exc.retry_after)
        return response

    # -- games --------------------------------------------------------------
    @app.get("/api/games", response_model=list[GameInfo], tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """The games this server plays, with their variants, options and bots."""
        out = []
        for name in games.names():
            try:
                game = games.get(name)
            except Exception:
                continue
            out.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "players_notes": {
                        str(n): note
                        for n in range(game.min_players, game.max_players + 1)
                        if (note := game.players_note(n))
                    },
                    "blurb": game.blurb,
                    "length": game.length,
                    "simultaneous": game.simultaneous,
                    "variants": [
                        {"name": v.name, "description": v.description} for v in game.variants
                    ],
                    "options": [
                        {
                            "name": o.name,
                            "default": o.people_default,  # a served table is played by people
                            "choices": list(o.choices),
                            "description": o.description,
                            "label": o.label or o.name,
                            "decision": o.decision,
                            "choice_labels": [choice_words(o, c) for c in o.choices],
                        }
                        for o in game.options
                    ],
                    "bots": bots.available(game.name),
                    "bot_levels": [
                        {"name": b, "description": bots.describe(b, game.name)}
                        for b in bots.available(game.name)
                    ],
                    "default_bot": default_bot(game.name),
                    "end_reveal": {
                        "everything": game.end_reveal.everything,
                        "description": game.end_reveal.description,
                        "decision": game.end_reveal.decision,
                    },
                }
            )
        return out

    @app.get("/api/games/{name}/cards", tags=["games"])
    async def game_cards(
        name: Annotated[str, PathParam(max_length=40)],
    ) -> dict[str, Any]:
        """The game's built-in card data (the TOML the engine reads), as JSON."""
        try:
            package = games.package_of(name)
        except KeyError as exc:
            raise NotFound(str(exc.args[0])) from exc
        try:
            return builtin_card_data(package)
        except (FileNotFoundError, ModuleNotFoundError):
            return {}

    # -- tables ---------------------------------------------------------------
    @app.post("/api/tables", response_model=TableCreated, status_code=201, tags=["tables"])
    async def create_table(spec: CreateTable, request: Request) -> dict[str, Any]:
        """Open a table; the creator gets the token of the seat ``sit`` (keep it secret)."""
        client = request.client.host if request.client else "unknown"
        table, seat, token = await manager.create(spec, client)
        return {"id": table.id, "seat": seat, "token": token, "url": f"/t/{table.id}"}

    @app.get("/api/tables", response_model=list[TableSummary], tags=["tables"])
    async def list_tables(
        status: Literal["open", "waiting", "playing", "over"] = "open",
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        """The lobby: open tables (``waiting`` for players, then those being ``playing``,
        most moves first), or recently finished ones (``over``), newest first.
        Expired tables are never listed."""
        if status == "over":
            tables = await manager.finished(limit)
        else:
            shown = ("waiting", "playing") if status == "open" else (status,)
            tables = sorted(
                (t for t in manager.open_tables() if t.status in shown),
                key=lambda t: (t.status != "waiting", -t.row.moves),
            )[:limit]
        return [t.summary() for t in tables]

    @app.get("/api/tables/{table_id}", response_model=TableSummary, tags=["tables"])
    async def get_table(table_id: TableIdParam) -> dict[str, Any]:
        """A table's public facts: seats, whose turn, who is thinking, the result."""
        return (await manager.get(table_id)).summary()

    @app.get("/api/tables/{table_id}/state", response_model=TableState, tags=["play"])
    async def get_state(
        table_id: TableIdParam,
        seat: Annotated[int | None, Query(ge=0, le=15)] = None,
        x_seat_token: Annotated[str | None, Header(max_length=100)] = None,
    ) -> dict[str, Any]:
        """What ``seat`` may know now (its token in ``X-Seat-Token``); no seat: a spectator."""
        table = await manager.get(table_id)
        if seat is not None:
            manager.authorize(table, seat, x_seat_token)
        async with table.lock:
            return table.payload(seat, 0)

    @app.post(
        "/api/tables/{table_id}/seats/{seat}/claim",
        response_model=Claimed,
        tags=["tables"],
    )
    async def claim_seat(table_id: TableIdParam, seat: SeatParam, body: Claim) -> dict[str, Any]:
        """Take a free seat; the answer holds its secret token."""
        token = await manager.claim(table_id, seat, body.name)
        return {"seat": seat, "token": token, "url": f"/t/{table_id}"}

    @app.post("/api/tables/{table_id}/ready", response_model=TableSummary, tags=["tables"])
    async def ready(table_id: TableIdParam, body: Ready) -> dict[str, Any]:
        """In the waiting room: say you are ready to start (or no longer ready)."""
        await manager.set_ready(table_id, body.seat, body.token, body.ready)
        return (await manager.get(table_id)).summary()

    @app.post("/api/tables/{table_id}/start", response_model=TableSummary, tags=["tables"])
    async def start(table_id: TableIdParam, body: Start) -> dict[str, Any]:
        """The host starts the game once everyone who joined is ready; free seats get bots."""
        await manager.start_game(table_id, body.seat, body.token, body.bot)
        return (await manager.get(table_id)).summary()

    @app.post("/api/tables/{table_id}/actions", response_model=Accepted, tags=["play"])
    async def act(table_id: TableIdParam, body: Act) -> dict[str, int]:
        """Play an action in the game's notation; refused with the engine's rule message."""
        version = await manager.act(table_id, body.seat, body.token, body.action)
        return {"version": version}

    @app.post(
        "/api/tables/{table_id}/seats/{target}/bot", response_model=TableSummary, tags=["tables"]
    )
    async def seat_bot(
        table_id: TableIdParam, target: SeatParam, body: ReplaceWithBot
    ) -> dict[str, Any]:
        """Put a bot in a free seat, or in the seat of a player away for too long."""
        await manager.seat_bot(table_id, target, body.seat, body.token, body.bot)
        return (await manager.get(table_id)).summary()

    @app.post("/api/tables/{table_id}/reclaim", response_model=TableSummary, tags=["tables"])
    async def reclaim(table_id: TableIdParam, body: SeatAuth) -> dict[str, Any]:
        """Take back one's own seat from the bot that stood in."""
        await manager.reclaim(table_id, body.seat, body.token)
        return (await manager.get(table_id)).summary()

    @app.post("/api/tables/{table_id}/rematch", response_model=TableCreated, tags=["tables"])
    async def rematch(table_id: TableIdParam, body: SeatAuth) -> dict[str, Any]:
        """A new game at a finished table; every player keeps seat and token."""
        table = await manager.rematch(table_id, body.seat, body.token)
        return {"id": table.id, "seat": body.seat, "token": None, "url": f"/t/{table.id}"}

    @app.get("/api/tables/{table_id}/record", tags=["replay"])
    async def record(table_id: TableIdParam) -> dict[str, Any]:
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

    @app.get("/api/tables/{table_id}/replay", response_model=Replay, tags=["replay"])
    async def replay(
        table_id: TableIdParam,
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
        }

    app.add_api_websocket_route("/ws/tables/{table_id}", websocket_endpoint)
    app.include_router(rules_router)

    # -- the web client -------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    index = WEB_DIR / "index.html"

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(index)

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(index)

    return app
