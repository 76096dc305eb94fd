"""Small helpers shared by the server tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def new_table(client: TestClient, **spec: Any) -> dict[str, Any]:
    body = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
    body.update(spec)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def claim(client: TestClient, table_id: str, seat: int, name: str | None = None) -> str:
    response = client.post(f"/api/tables/{table_id}/seats/{seat}/claim", json={"name": name})
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def act(client: TestClient, table_id: str, seat: int, token: str, action: str) -> Any:
    return client.post(
        f"/api/tables/{table_id}/actions", json={"seat": seat, "token": token, "action": action}
    )


def state(client: TestClient, table_id: str, seat: int | None, token: str | None) -> Any:
    params = {} if seat is None else {"seat": seat}
    headers = {} if token is None else {"X-Seat-Token": token}
    return client.get(f"/api/tables/{table_id}/state", params=params, headers=headers)


def served_config(client: TestClient, table_id: str, game: Any, players: int) -> Any:
    """The config a served table plays (its options as stored: a table people play has
    its own defaults, COSCA's day of play, C-11), to mirror the table locally."""
    options = client.get(f"/api/tables/{table_id}").json()["options"]
    return game.config(players, options=options)
