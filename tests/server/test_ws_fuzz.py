"""Fuzzing the WebSocket: any frame gets an answer and the socket stays usable.

One socket per test (opening one per example would cost more than the
examples): after each random frame the test sends a sentinel ``explain`` and
reads up to its answer, so a dropped socket or a frame answered by nothing
fails at once. Every game's notation goes through ``act`` and ``explain``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from mobtable import games
from mobtable.core.actions import MAX_NOTATION
from server.helpers import new_table
from support.fuzz import NOTATION_TEXTS, WS_TEXTS

SENTINEL = "sentinel-move"
FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def _seated(client: TestClient, game: str) -> tuple[str, str]:
    players = games.get(game).min_players
    created = new_table(client, game=game, players=players, seats=[{"kind": "human"}] * players)
    return created["id"], created["token"]


def _answers_until_sentinel(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Everything received up to the sentinel's answer (which proves the socket still works)."""
    ws.send_json({"type": "explain", "action": SENTINEL})
    received = []
    while True:
        message = ws.receive_json()
        if message.get("type") == "explain" and message.get("action") == SENTINEL:
            assert message["message"]  # refused: the sentinel is no move of any game
            return received
        received.append(message)


def _replies(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in received if m.get("type") != "state"]


def test_random_frames_get_an_error_and_the_socket_stays_usable(client: TestClient) -> None:
    table_id, token = _seated(client, "sealed-bid")
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        assert ws.receive_json()["type"] == "state"

        @FUZZ
        @given(text=WS_TEXTS)
        @example(text='{"type": "act", "action": "d²"}')
        @example(text='{"type": "hello", "seat": true}')
        @example(text='{"type": "ping", "\\ud800": 1}')
        @example(text='{"type": "act", "action": "b1", "ref": 1e400}')
        @example(text="[" * 10_000)
        def one_frame(text: str) -> None:
            ws.send_text(text)
            replies = _replies(_answers_until_sentinel(ws))
            assert len(replies) <= 1, replies
            if not replies:  # only an accepted act is answered by nothing but a new state
                assert json.loads(text)["type"] == "act"
                return
            reply = replies[0]
            assert reply["type"] in {"error", "pong", "explain"}, reply
            if reply["type"] == "error":
                assert isinstance(reply["message"], str) and reply["message"]
                json.dumps(reply).encode("utf-8")

        one_frame()


def test_binary_frames_get_an_error_and_the_socket_stays_usable(client: TestClient) -> None:
    table_id, token = _seated(client, "sealed-bid")
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        assert ws.receive_json()["type"] == "state"

        @FUZZ
        @given(data=st.binary(max_size=64))
        def one_frame(data: bytes) -> None:
            ws.send_bytes(data)
            replies = _replies(_answers_until_sentinel(ws))
            assert [r["type"] for r in replies] == ["error"]

        one_frame()


@pytest.mark.parametrize("game", ["capo", "cosca", "gangsta"])
def test_every_games_notation_over_the_socket_is_answered(client: TestClient, game: str) -> None:
    table_id, token = _seated(client, game)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        assert ws.receive_json()["type"] == "state"

        @FUZZ
        @given(kind=st.sampled_from(["act", "explain"]), text=NOTATION_TEXTS)
        @example(kind="act", text="d²")
        @example(kind="explain", text="p①")
        @example(kind="act", text="gun" + "1" * 5000)
        def one_move(kind: str, text: str) -> None:
            ws.send_json({"type": kind, "action": text} | ({"ref": 7} if kind == "act" else {}))
            replies = _replies(_answers_until_sentinel(ws))
            schema_ok = 1 <= len(text) <= MAX_NOTATION  # else refused before the engine
            if kind == "explain":
                expected = "explain" if schema_ok else "error"
                assert [r["type"] for r in replies] == [expected], replies
            else:  # refused (with the ref once the schema passed), or accepted: "acted"
                ref = 7 if schema_ok else None
                assert len(replies) == 1, replies
                assert replies[0]["type"] in ("error", "acted") and replies[0]["ref"] == ref

        one_move()


def test_a_bad_first_frame_gets_an_error_before_the_socket_closes(client: TestClient) -> None:
    """Before ``hello`` the protocol has no other state: an error, then close code 4400/4403."""
    table_id, _token = _seated(client, "sealed-bid")

    @settings(FUZZ, max_examples=25)
    @given(text=WS_TEXTS)
    @example(text='{"type": "hello", "seat": true, "token": "x"}')
    def first_frame(text: str) -> None:
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_text(text)
            first = ws.receive_json()
            if first["type"] == "state":  # a valid spectator hello
                return
            assert first["type"] == "error" and first["message"], first
            closing = ws.receive()
            assert closing["type"] == "websocket.close"
            assert closing["code"] in (4400, 4403)

    first_frame()
