"""Chat at a table: stored, sent to everyone, history on connect, limits with a clear error."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from mobtable.server.app import create_app
from mobtable.server.chat import CHAT_MAX
from mobtable.server.limits import CHAT_BURST, ServerLimits
from server.helpers import new_table


def hello(ws: WebSocketTestSession, **who: Any) -> None:
    ws.send_json({"type": "hello", **who})
    assert ws.receive_json()["type"] == "state"  # and no chat history: there is none yet


def next_of(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return dict(message)


def test_a_message_reaches_players_and_spectators_labelled_and_as_typed(
    client: TestClient,
) -> None:
    created = new_table(client, name="Ann")
    tid = created["id"]
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ann,
        client.websocket_connect(f"/ws/tables/{tid}") as lena,
        client.websocket_connect(f"/ws/tables/{tid}") as anonymous,
    ):
        hello(ann, seat=0, token=created["token"])
        hello(lena, name="Lena")
        hello(anonymous)
        ann.send_json({"type": "chat", "text": "  <b>hi</b> &amp;\nall  "})
        for ws in (ann, lena, anonymous):
            said = next_of(ws, "chat")
            assert said["limit"] == CHAT_MAX  # the client counts against the server's limit
            [line] = said["messages"]
            assert line["from"] == "Ann" and line["seat"] == 0 and line["spectator"] is False
            assert line["text"] == "<b>hi</b> &amp; all"  # as typed; the client shows text
        lena.send_json({"type": "chat", "text": "watching you"})
        assert next_of(ann, "chat")["messages"][0]["from"] == "Lena (watching)"
        anonymous.send_json({"type": "chat", "text": "me too"})
        line = next_of(ann, "chat")["messages"][0]
        assert line["from"] == "a spectator" and line["spectator"] is True


def test_the_history_comes_on_connecting_and_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        created = new_table(client, name="Ann")
        tid = created["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, seat=0, token=created["token"])
            for text in ("one", "two"):
                ws.send_json({"type": "chat", "text": text})
                next_of(ws, "chat")
    with (
        TestClient(create_app(db_url, bot_delay=0)) as client,
        client.websocket_connect(f"/ws/tables/{tid}") as ws,
    ):
        ws.send_json({"type": "hello"})
        history = next_of(ws, "chat")
        assert history["history"] is True
        assert [(m["n"], m["from"], m["text"]) for m in history["messages"]] == [
            (0, "Ann", "one"),
            (1, "Ann", "two"),
        ]


def test_too_long_empty_or_too_many_messages_get_an_error_and_the_socket_stays(
    sqlite_url: str,
) -> None:
    limits = ServerLimits(chat_per_minute=1)
    with TestClient(create_app(sqlite_url, bot_delay=0, limits=limits)) as client:
        created = new_table(client)
        with client.websocket_connect(f"/ws/tables/{created['id']}") as ws:
            hello(ws, seat=0, token=created["token"])
            ws.send_json({"type": "chat", "text": "x" * (CHAT_MAX + 1)})
            error = next_of(ws, "error")
            assert error["rule"] == "chat" and f"at most {CHAT_MAX} characters" in error["message"]
            ws.send_json({"type": "chat", "text": " \n "})
            assert "empty" in next_of(ws, "error")["message"]
            ws.send_json({"type": "chat", "text": "bad\u202ebidi"})
            assert "control" in next_of(ws, "error")["message"]
            for i in range(CHAT_BURST):
                ws.send_json({"type": "chat", "text": f"m{i}"})
                assert next_of(ws, "chat")["messages"][0]["text"] == f"m{i}"
            ws.send_json({"type": "chat", "text": "one too many"})
            error = next_of(ws, "error")
            assert "too many chat messages" in error["message"] and error["rule"] == "chat"
            ws.send_json({"type": "ping"})
            assert next_of(ws, "pong") == {"type": "pong"}
        with client.websocket_connect(f"/ws/tables/{created['id']}") as ws:
            ws.send_json({"type": "hello"})
            stored = next_of(ws, "chat")["messages"]
            assert [m["text"] for m in stored] == [f"m{i}" for i in range(CHAT_BURST)]


def test_a_spectator_whose_name_is_no_name_watches_unnamed(client: TestClient) -> None:
    created = new_table(client)
    with client.websocket_connect(f"/ws/tables/{created['id']}") as ws:
        hello(ws, name="<script>")
        ws.send_json({"type": "chat", "text": "hello"})
        assert next_of(ws, "chat")["messages"][0]["from"] == "a spectator"
