"""Bad input to the server: a clear 4xx (or a WebSocket ``error``), never a 500, nothing changed."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mobtable.server.app import create_app
from server.helpers import act, new_table

UNICODE_DIGITS = ["d²", "p①", "s⁵", "u₅", "d፩"]


def _post(client: TestClient, path: str, raw: str) -> object:
    return client.post(path, content=raw.encode(), headers={"content-type": "application/json"})


@pytest.mark.parametrize("notation", UNICODE_DIGITS)
def test_capo_notation_with_unicode_digits_is_a_400(client: TestClient, notation: str) -> None:
    created = new_table(client, game="capo", players=3, seats=[{"kind": "human"}] * 3)
    refused = act(client, created["id"], 0, created["token"], notation)
    assert refused.status_code == 400, refused.text
    assert refused.json()["rule"] == "notation"
    assert client.get(f"/api/tables/{created['id']}").json()["moves"] == 0


def test_capo_unicode_digits_over_the_websocket_keep_the_socket(client: TestClient) -> None:
    created = new_table(client, game="capo", players=3, seats=[{"kind": "human"}] * 3)
    with client.websocket_connect(f"/ws/tables/{created['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": created["token"]})
        assert ws.receive_json()["type"] == "state"
        for notation in UNICODE_DIGITS:
            ws.send_json({"type": "act", "action": notation, "ref": 1})
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["ref"] == 1
            ws.send_json({"type": "explain", "action": notation})
            explained = ws.receive_json()
            assert explained["type"] == "explain" and explained["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("value", ["1.0", "true", "false", '"1"'])
def test_an_option_of_the_wrong_type_is_a_400(client: TestClient, value: str) -> None:
    raw = '{"game": "gangsta", "players": 4, "options": {"first_player": VALUE}}'
    raw = raw.replace("VALUE", value)
    refused = _post(client, "/api/tables", raw)
    assert refused.status_code == 400, refused.text
    assert "option 'first_player' must be one of 0, 1, 2" in refused.json()["detail"]
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize(
    "raw",
    [
        '{"game": "capo", "players": 1e400}',
        '{"game": "capo", "players": NaN}',
        '{"game": "capo", "players": -Infinity}',
        '{"game": "capo", "players": 3, "name": "\\ud800"}',
        '{"game": "capo\\udfff", "players": 3}',
        '{"game": "capo", "players": 3, "options": {"\\ud800": 1}}',
        '{"game": "capo", "players": 3, "options": {"event_deck": "\\ud800"}}',
        '{"game": "capo", "players": 3, "options": {"event_deck": 1e400}}',
        '{"game": "capo", "players": 3, "variants": ["\\udc00"]}',
        '{"game": "capo", "players": 3, "seed": 1e400}',
    ],
)
def test_unencodable_input_gets_an_encodable_422(client: TestClient, raw: str) -> None:
    refused = _post(client, "/api/tables", raw)
    assert refused.status_code in (400, 422), refused.text
    body = json.loads(refused.content.decode("utf-8"))  # strict UTF-8: no lone surrogate
    assert body["detail"]
    assert client.get("/api/tables").json() == []


def test_a_lone_surrogate_in_a_claimed_name_is_refused(client: TestClient) -> None:
    created = new_table(client)
    path = f"/api/tables/{created['id']}/seats/1/claim"
    refused = _post(client, path, '{"name": "Bo\\ud800b"}')
    assert refused.status_code == 422, refused.text
    assert "has a character a name may not have" in refused.content.decode("utf-8")
    assert client.get(f"/api/tables/{created['id']}").json()["free_seats"] == [1]


@pytest.mark.parametrize(
    "raw",
    [
        '{"game": "sealed-bid", "players": true}',
        '{"game": "sealed-bid", "players": 2.5}',
        '{"game": "sealed-bid", "players": "2"}',
        '{"game": "sealed-bid", "players": 2, "seed": true}',
        '{"game": "sealed-bid", "players": 2, "seed": 2.5}',
        '{"game": "sealed-bid", "players": 2, "seed": 1e17}',
        '{"game": "sealed-bid", "players": 2, "sit": true}',
        '{"game": "sealed-bid", "players": 2, "seed": 18446744073709551616}',
        '{"game": "sealed-bid", "players": 2, "seed": 9007199254740992}',
        '{"game": "sealed-bid", "players": 2, "seed": -1}',
    ],
)
def test_booleans_and_floats_are_not_whole_numbers(client: TestClient, raw: str) -> None:
    refused = _post(client, "/api/tables", raw)
    assert refused.status_code == 422, refused.text


def test_a_whole_number_written_with_a_point_is_that_number(client: TestClient) -> None:
    """The schema's ``integer`` admits ``2.0`` (JSON Schema counts it whole): so does the server."""
    made = _post(client, "/api/tables", '{"game": "sealed-bid", "players": 2.0, "seed": 7.0}')
    assert made.status_code == 201, made.text
    created = made.json()
    assert client.get(f"/api/tables/{created['id']}").json()["players"] == 2
    raw = json.dumps({"seat": 0.0, "token": created["token"], "action": "b1"})
    played = _post(client, f"/api/tables/{created['id']}/actions", raw)
    assert played.status_code == 200, played.text  # seat 0's bid


def test_seat_true_is_not_seat_one(client: TestClient) -> None:
    created = new_table(client)
    raw = json.dumps({"seat": True, "token": created["token"], "action": "b1"})
    refused = _post(client, f"/api/tables/{created['id']}/actions", raw)
    assert refused.status_code == 422, refused.text
    with client.websocket_connect(f"/ws/tables/{created['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": False, "token": created["token"]}))
        assert ws.receive_json()["type"] == "error"


def test_a_chunked_body_over_the_limit_is_a_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "'
        for _ in range(32):  # 2 MiB in 64 KiB chunks, without a Content-Length
            yield b"x" * 65536
        yield b'"}'

    refused = client.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert refused.status_code == 413, refused.text
    assert "request body too large (limit 65536 bytes)" in refused.json()["detail"]


def test_a_chunked_body_under_the_limit_is_read(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "sealed-bid",'
        yield b' "players": 2}'

    created = client.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert created.status_code == 201, created.text


def test_a_stored_table_the_tightened_checks_refuse_is_a_503_not_a_crash(
    sqlite_url: str,
) -> None:
    """A row stored before option types were checked (``first_player: true``) must not crash."""
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        created = new_table(client, game="gangsta", players=4, seats=[{"kind": "human"}] * 4)
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as db:
        db.execute(
            "UPDATE tables SET config = json_set(config, '$.options.first_player', json('true'))"
        )
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        refused = client.get(f"/api/tables/{created['id']}")
        assert refused.status_code == 503, refused.text
        assert "option 'first_player'" in refused.json()["detail"]
        assert client.get("/api/tables").status_code == 200
