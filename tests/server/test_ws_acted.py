"""A move sent over the WebSocket with a ``ref`` is acknowledged once stored."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import claim, new_table


def test_an_act_with_a_ref_is_acknowledged_after_the_state_it_caused(client: TestClient) -> None:
    created = new_table(client)  # sealed bids: both seats bid at once
    table_id, token = created["id"], created["token"]
    claim(client, table_id, 1)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        first = ws.receive_json()
        assert first["type"] == "state" and first["legal"]
        ws.send_json({"type": "act", "action": first["legal"][0]["a"], "ref": 41})
        after = ws.receive_json()
        assert after["type"] == "state" and after["version"] == first["version"] + 1
        assert ws.receive_json() == {"type": "acted", "ref": 41, "version": after["version"]}


def test_an_act_without_a_ref_gets_its_state_only(client: TestClient) -> None:
    created = new_table(client)
    table_id = created["id"]
    token = claim(client, table_id, 1)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": token})
        first = ws.receive_json()
        ws.send_json({"type": "act", "action": first["legal"][0]["a"]})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # nothing came between
