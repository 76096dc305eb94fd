"""The WebSocket of one client at one table.

The client first says ``{"type": "hello", "seat": 1, "token": "..."}`` (or no
seat, to watch); then it receives a ``state`` message after every change: its
own view, its legal actions and its new log events. It plays by sending
``{"type": "act", "action": "<notation>"}``; a refusal comes back as an
``error`` message with the engine's rule text. ``{"type": "chat", "text": ...}``
talks to the table: everyone there gets ``{"type": "chat", "messages": [...]}``,
and a client gets the chat so far (``"history": true``, when there is any) after
its first state.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocketState
from websockets.protocol import State

from mobtable.server.errors import ServerError
from mobtable.server.frames import text_frame
from mobtable.server.live import Client, Close
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

MAX_MESSAGE = 4096
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
    try:
        while True:
            item = await client.next()
            if isinstance(item, Close):
                await ws.close(item.code, item.reason)
                return
            client.sending = True
            try:
                await ws.send_text(item)
            finally:
                client.sending = False
    finally:
        client.close()  # the socket went away: the reader stops waiting for room


def direct_writer(ws: WebSocket, client: Client) -> Callable[[str, bytes | None], bool] | None:
    """A function that sends a text on ``ws`` at once, without a task, when the
    server's socket can take it (``False``: it cannot; nothing sent), or ``None``
    where the server is not one whose send is known to finish without waiting
    then (uvicorn's sans-I/O WebSocket protocol: its one wait is for the socket's
    buffer to drain, ``writable``).

    On a connection without extensions (no per-message deflate), open, with
    nothing of its own waiting to go out, the text's frame (``frames.text_frame``,
    given when the broadcast built it for several clients) is written to the
    socket as the protocol would write it; otherwise the protocol sends the text.
    A send that would wait after all is abandoned before anything is written
    (the protocol waits before it frames), the text goes to the queue and this
    client's sends go through its task from then on; a send that fails closes
    the client (its reader hears the socket go)."""
    protocol = _sans_io_protocol(ws._send)
    writable = getattr(protocol, "writable", None)
    if not isinstance(writable, asyncio.Event):
        return None
    send = protocol.send  # past Starlette's layers, which only pass the message on
    conn = protocol.conn  # websockets' sans-I/O connection: its state, extensions, writes
    plain = not conn.extensions  # negotiated at the handshake, before this is made

    def write(text: str, frame: bytes | None) -> bool:
        if not writable.is_set() or ws.application_state is not WebSocketState.CONNECTED:
            return False
        if plain and _open_and_idle(protocol, conn):
            try:
                protocol.transport.write(text_frame(text) if frame is None else frame)
            except Exception:
                client.close()
            return True
        step = send({"type": "websocket.send", "text": text})
        try:
            step.send(None)
        except StopIteration:
            return True
        except Exception:
            client.close()
            return True
        step.close()  # it waits: nothing was framed yet
        client.write = None
        return False

    return write


def _open_and_idle(protocol: Any, conn: Any) -> bool:
    """Whether uvicorn's ``send`` would frame a text and write it now: the handshake
    done, no close sent or received, no fragment begun, nothing else to write."""
    return (
        protocol.handshake_complete
        and not protocol.disconnected
        and not protocol.close_sent
        and protocol.initial_response is None
        and conn.state is State.OPEN
        and not conn.expect_continuation_frame
        and not conn.writes
    )


def _sans_io_protocol(send: Any) -> Any:
    """uvicorn's sans-I/O protocol behind an ASGI ``send``, through Starlette's
    exception handler's ``sender`` (which only passes a WebSocket message on);
    ``None`` for anything else."""
    for _ in range(4):
        owner = getattr(send, "__self__", None)
        if owner is not None:
            known = type(owner).__name__ == "WebSocketsSansIOProtocol"
            return owner if known and send.__name__ == "send" else None
        if getattr(send, "__qualname__", "") != _STARLETTE_SENDER or not send.__closure__:
            return None
        inner = [c.cell_contents for c in send.__closure__ if callable(c.cell_contents)]
        if len(inner) != 1:
            return None
        send = inner[0]
    return None


_STARLETTE_SENDER = "wrap_app_handling_exceptions.<locals>.wrapped_app.<locals>.sender"


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
        table = await manager.get(table_id)  # the same, unless evicted (finished) meanwhile
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
    client.write = direct_writer(ws, client)
    sender = asyncio.create_task(_sender(ws, client))
    await manager.connect(table, client)
    try:
        history = await manager.chat_history(table)
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
                    await manager.act(table.id, client.seat, hello.token, message.action)
                except ServerError as exc:
                    client.send(_error(exc.message, rule=exc.rule, ref=message.ref))
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
