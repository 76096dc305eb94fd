"""WebSocket limits: a message over the app's limit gets the documented ``error`` with the
socket kept (up to the protocol's frame limit, then a 1009 close), and the caps on sockets
per address and per table refuse with their documented close codes and reasons."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from mobtable.server import WS_MAX_FRAME
from mobtable.server.app import create_app
from mobtable.server.limits import ServerLimits
from mobtable.server.sockets import ADDRESS_FULL, TABLE_FULL
from mobtable.server.ws import MAX_MESSAGE
from server.helpers import claim, new_table

from .processes import threaded_server

# -- message size, on a real uvicorn server (the test client has no frame limit) -----------


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server with its own settings and one table: (``host:port``, the table id)."""
    with threaded_server(tmp_path_factory.mktemp("ws") / "db.sqlite") as base:
        spec = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
        table = httpx2.post(f"http://{base}/api/tables", json=spec).json()["id"]
        yield base, table


@contextmanager
def _watch(base: str, table: str) -> Iterator[Any]:
    with connect(f"ws://{base}/ws/tables/{table}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        yield ws


@pytest.mark.parametrize(
    "size",
    [MAX_MESSAGE + 1, 70_000, 1_000_000, WS_MAX_FRAME - 100],
    ids=["over-4096", "70k", "1M", "just-under-the-frame-limit"],
)
def test_a_message_over_the_limit_gets_the_error_and_the_socket_stays(
    served: tuple[str, str], size: int
) -> None:
    with _watch(*served) as ws:
        ws.send(json.dumps({"type": "chat", "text": "x" * size}))
        refused = json.loads(ws.recv(timeout=10))
        assert refused["type"] == "error"
        assert refused["message"] == f"message too large (limit {MAX_MESSAGE} characters)"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}


def test_a_frame_over_the_protocols_limit_is_closed_with_1009(served: tuple[str, str]) -> None:
    with _watch(*served) as ws:
        ws.send("x" * (WS_MAX_FRAME + 1))
        with pytest.raises(ConnectionClosedError):
            ws.recv(timeout=10)
        assert ws.close_code == 1009


# -- sockets per address and per table ---------------------------------------------------


def _hello(ws: Any, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "seat": seat, "token": token})
    return dict(ws.receive_json())


def _refused(ws: Any, code: int) -> str:
    """The ``error`` message and the close of a refused socket; its reason."""
    error = ws.receive_json()
    assert error["type"] == "error" and error["rule"] == "connections"
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == code
    assert closed.value.reason == error["message"]
    return str(error["message"])


def test_one_address_holds_at_most_its_cap_of_sockets(sqlite_url: str) -> None:
    limits = ServerLimits(ws_per_address=2)
    with TestClient(create_app(sqlite_url, bot_delay=0, limits=limits)) as client:
        tid = new_table(client)["id"]
        url = f"/ws/tables/{tid}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            _hello(one)
            _hello(two)
            with client.websocket_connect(url) as three:
                reason = _refused(three, ADDRESS_FULL)
            assert reason == (
                "too many connections from your address (limit 2): "
                "close another tab, or try again later"
            )
            one.send_json({"type": "ping"})  # the two it holds are untouched
            assert one.receive_json() == {"type": "pong"}
        with client.websocket_connect(url) as again:  # the two closed: room again
            assert _hello(again)["type"] == "state"


def test_a_table_refuses_watchers_over_its_cap_never_its_players(sqlite_url: str) -> None:
    limits = ServerLimits(ws_per_address=0, ws_per_table=2)
    with TestClient(create_app(sqlite_url, bot_delay=0, limits=limits)) as client:
        created = new_table(client)
        tid, token = created["id"], created["token"]
        other = new_table(client)["id"]
        url = f"/ws/tables/{tid}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            _hello(one)
            _hello(two)
            with client.websocket_connect(url) as watcher:
                watcher.send_json({"type": "hello"})
                reason = _refused(watcher, TABLE_FULL)
            assert "(limit 2)" in reason
            with client.websocket_connect(url) as player:  # over the cap, but a player
                assert _hello(player, 0, token)["seat"] == 0
                token1 = claim(client, tid, 1)
                with client.websocket_connect(url) as second:
                    assert _hello(second, 1, token1)["seat"] == 1
            with client.websocket_connect(f"/ws/tables/{other}") as elsewhere:
                assert _hello(elsewhere)["type"] == "state"


@pytest.mark.parametrize("name", ["ws_per_address", "ws_per_table"])
def test_the_socket_caps_are_configured_like_every_limit(name: str, tmp_path: Path) -> None:
    variable = ServerLimits.ENVIRONMENT[name]
    assert getattr(ServerLimits.configured({variable: "7"}), name) == 7
    assert getattr(ServerLimits.configured({variable: "7"}, **{name: 3}), name) == 3
    with pytest.raises(ValueError, match="must be 0"):
        ServerLimits(**{name: -1})
