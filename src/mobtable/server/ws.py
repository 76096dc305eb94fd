"""The WebSocket of one client at one table.

The client first says ``{"type": "hello", "seat": 1, "token": "..."}`` (or no
seat, to watch); then it receives a ``state`` message after every change: its
own view, its legal actions and its new log events. It plays by sending
``{"type": "act", "action": "<notation>"}``; a refusal comes back as an
``error`` message in the player's words (its rule id beside); an act with a ``ref`` is
acknowledged with ``{"type": "acted", "ref", "version"}`` once stored.
``{"type": "chat", "text": ...}`` talks to the table: everyone there gets
``{"type": "chat", "messages": [...]}``, and a client gets the chat so far
(``"history": true``, when there is any) after its first state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from mobtable.core import MobtableError
from mobtable.server.accounts.csrf import SESSION_COOKIE
from mobtable.server.accounts.desk import AccountDesk, Unauthorized
from mobtable.server.clients import Client, Close
from mobtable.server.errors import Moved, ServerError
from mobtable.server.manager import TableManager
from mobtable.server.names import check_name
from mobtable.server.schemas import (
    WsAct,
    WsChat,
    WsExplain,
    WsHello,
    WsHint,
    WsMessage,
    WsPing,
)
from mobtable.server.session import TableSession
from mobtable.store.accounts import AccountRef

MAX_MESSAGE = 4096
TRY_AGAIN = 1013
"""The close code for a table another server process holds (it is being handed over)."""
HELLO_TIMEOUT = 10.0
CLOSE_TIMEOUT = 5.0
"""Seconds the sender may take to flush the queue and the close frame."""
_messages: TypeAdapter[Any] = TypeAdapter(WsMessage)
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def _error(message: str, *, rule: str | None = None, ref: int | None = None) -> str:
    return json.dumps({"type": "error", "message": message, "rule": rule, "ref": ref})


def _parse(text: str) -> Any:
    """A validated client message, or a ``ServerError`` with a clear text."""
    if len(text) > MAX_MESSAGE:
        raise ServerError(f"message too large (limit {MAX_MESSAGE} characters)")
    try:
        return _messages.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ServerError(f"malformed message: {where}: {first['msg']}") from None


def _acted(ref: int, version: int) -> str:
    """A move stored, told to the client that sent it with ``ref`` (after its state)."""
    return json.dumps({"type": "acted", "ref": ref, "version": version})


def _refused(table: TableSession, seat: int, notation: str, exc: ServerError) -> str:
    """A refused move as its player reads it: the engine's reason names the move by its
    notation, so a rule's refusal is put in the game's words for that seat (as ``explain``
    does); any other refusal (the table's state, a store outage) keeps its own words."""
    cause = exc.__cause__
    if isinstance(cause, MobtableError):
        return table.narrator(seat).refusal(table.state, seat, notation, cause)
    return exc.message


def spectator_name(text: str | None) -> str | None:
    """A spectator's name for the chat, if it is one (else the spectator stays unnamed:
    an old name this browser kept must not keep anyone from watching)."""
    try:
        return None if text is None else check_name(text)
    except ValueError:
        return None


async def _receive_text(ws: WebSocket) -> str:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ServerError("messages must be JSON text")
    return str(text)


async def _sender(ws: WebSocket, client: Client) -> None:
    """Send ``client``'s queue in order through Starlette's ``send_text`` (the one way
    out for every message of the table), then its close frame."""
    try:
        while True:
            item = await client.next()
            if isinstance(item, Close):
                await ws.close(item.code, item.reason)
                return
            await ws.send_text(item)
    finally:
        client.close()  # the socket went away: the reader stops waiting for room


router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def websocket_endpoint(ws: WebSocket, table_id: str) -> None:
    """One client's socket, counted against its address while it is open
    (:mod:`mobtable.server.sockets`)."""
    manager: TableManager = ws.app.state.manager
    await ws.accept()
    address = ws.client.host if ws.client else "unknown"
    refused = manager.sockets.open(address)
    if refused is not None:
        await _refuse(ws, refused)
        return
    try:
        await _serve(ws, manager, table_id, address)
    finally:
        manager.sockets.closed(address)


async def _refuse(ws: WebSocket, close: Close) -> None:
    """Say why in an ``error`` message, then close with ``close``'s code and reason."""
    await ws.send_text(_error(close.reason, rule="connections"))
    await ws.close(close.code, close.reason)


async def _signed_in(ws: WebSocket) -> AccountRef | None:
    """The account the socket's session cookie signs in (a cookie that signs nobody in:
    a guest; the seat's token is what lets a socket play)."""
    desk: AccountDesk = ws.app.state.accounts
    try:
        return await desk.signed_in(ws.cookies.get(SESSION_COOKIE))
    except Unauthorized:
        return None


async def _serve(ws: WebSocket, manager: TableManager, table_id: str, address: str) -> None:
    try:
        if not _TABLE_ID.match(table_id):
            raise ServerError("malformed table id")
        table = await manager.get(table_id)
        hello = _parse(await asyncio.wait_for(_receive_text(ws), HELLO_TIMEOUT))
        if not isinstance(hello, WsHello):
            raise ServerError("say hello first: {'type': 'hello', 'seat': n, 'token': '...'}")
        if hello.seat is not None:
            manager.authorize(table, hello.seat, hello.token)
            manager.authorize_account(table, hello.seat, await _signed_in(ws))
        table = await manager.get(table_id)  # the same, unless evicted (finished) meanwhile
    except Moved:  # held by another process: the client reconnects, through the balancer
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):  # the client may be gone
            await ws.close(code=TRY_AGAIN, reason="the table is moving to another server")
        return
    except (ServerError, TimeoutError) as exc:
        text = exc.message if isinstance(exc, ServerError) else "no hello in time"
        await ws.send_text(_error(text))
        await ws.close(code=4403 if getattr(exc, "status", 0) == 403 else 4400)
        return
    except WebSocketDisconnect:
        return
    refused = manager.sockets.table_refusal(len(table.clients), seated=hello.seat is not None)
    if refused is not None:
        await _refuse(ws, refused)
        return

    client = Client(hello.seat, spectator_name(hello.name))
    sender = asyncio.create_task(_sender(ws, client))
    await manager.connect(table, client)
    try:
        try:
            history = await manager.chat_history(table)
        except ServerError as exc:  # the database is out of reach: play on without the chat
            history = _error(exc.message, rule=exc.rule)
        if history is not None:
            client.send(history)
        while not client.closed:
            await client.room()
            if client.closed:
                break
            try:
                message = _parse(await _receive_text(ws))
            except ServerError as exc:
                client.send(_error(exc.message))
                continue
            if isinstance(message, WsPing):
                client.send('{"type":"pong"}')
            elif isinstance(message, WsAct):
                if client.seat is None:
                    client.send(_error("spectators cannot play", ref=message.ref))
                    continue
                try:
                    version = await manager.act(table.id, client.seat, hello.token, message.action)
                except ServerError as exc:
                    said = _refused(table, client.seat, message.action, exc)
                    client.send(_error(said, rule=exc.rule, ref=message.ref))
                    continue
                if message.ref is not None:  # asked for: the move is stored, say so
                    client.send(_acted(message.ref, version))
            elif isinstance(message, WsChat):
                try:
                    await manager.chat(table, client, message.text, address)
                except ServerError as exc:
                    client.send(_error(exc.message, rule=exc.rule or "chat"))
            elif isinstance(message, WsExplain):
                reason = await manager.explain(table, client.seat, message.action)
                client.send(
                    json.dumps({"type": "explain", "action": message.action, "message": reason})
                )
            elif isinstance(message, WsHint):
                try:
                    client.send(json.dumps(await manager.hints.ask(table, client.seat)))
                except ServerError as exc:
                    client.send(_error(exc.message, rule=exc.rule))
            else:
                client.send(_error("already said hello"))
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # the socket went away mid-send/receive
        pass
    finally:
        await manager.disconnect(table, client)
        if client.closed:  # closed by the server: let the sender send the close frame
            await asyncio.wait([sender], timeout=CLOSE_TIMEOUT)
        client.close()
        sender.cancel()
        await asyncio.gather(sender, return_exceptions=True)
