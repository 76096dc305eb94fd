"""A claim (or a new table) whose answer was lost: the server stored it and died before
answering. The client's retry carries the same ``request`` key and gets its seat back, on
whichever process answers it next; another key, or none, finds the seat taken. The key
itself is kept nowhere: the store holds its SHA-256 digest; no answer or log line shows it.
SQLite and PostgreSQL alike (``db_url``); each "process" is an app of its own on one
database, the first one gone before the retry reaches the second.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from mobtable.server.app import create_app
from mobtable.server.manager import TableManager
from mobtable.store.models import SeatModel
from server.helpers import act, claim, new_table, state
from server.test_lost_commit_reply import FaultyEngine

SEATS = [{"kind": "human"}] * 2


def _key() -> str:
    return secrets.token_urlsafe(16)  # 22 characters


def _claim(client: TestClient, table_id: str, seat: int, key: str | None) -> Any:
    body = {} if key is None else {"request": key}
    return client.post(f"/api/tables/{table_id}/seats/{seat}/claim", json=body)


def _plays(client: TestClient, table_id: str, seat: int, token: str) -> None:
    """``token`` is ``seat``'s: its view is its own and its move is taken."""
    view = state(client, table_id, seat, token)
    assert view.status_code == 200, view.text
    legal = view.json()["legal"]
    assert legal, "the seat has a move to make"
    answer = act(client, table_id, seat, token, legal[0]["a"])
    assert answer.status_code == 200, answer.text


def test_a_claim_whose_answer_was_lost_is_answered_again_on_another_process(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    key = _key()
    with TestClient(create_app(db_url, bot_delay=0)) as first:
        table_id = new_table(first, seats=SEATS)["id"]
        lost = _claim(first, table_id, 1, key)  # stored; its answer never reaches the client
        assert lost.status_code == 200, lost.text
    with TestClient(create_app(db_url, bot_delay=0)) as second:  # the first process is gone
        again = _claim(second, table_id, 1, key)
        assert again.status_code == 200, again.text
        token = again.json()["token"]
        assert token != lost.json()["token"]  # a fresh token: the lost one no longer works
        assert state(second, table_id, 1, lost.json()["token"]).status_code == 403
        for other in (_key(), None):  # anyone else finds the seat taken
            refused = _claim(second, table_id, 1, other)
            assert refused.status_code == 409, refused.text
            assert "not free" in refused.json()["detail"]
        assert _claim(second, table_id, 0, key).status_code == 409  # the key is this seat's
        again_twice = _claim(second, table_id, 1, key)  # retried once more: still the seat
        assert again_twice.status_code == 200
        token = again_twice.json()["token"]
        _plays(second, table_id, 1, token)
        manager: TableManager = second.app.state.manager  # type: ignore[attr-defined]
        with manager.repo.engine.connect() as conn:
            rows = conn.execute(select(SeatModel).where(SeatModel.table_id == table_id)).all()
        stored = {r.seat: r for r in rows}
        assert stored[1].request_hash == hashlib.sha256(key.encode()).hexdigest()
        assert stored[0].request_hash is None
        assert not any(key in str(value) for r in rows for value in r)  # only its digest
    assert key not in caplog.text


def test_without_a_key_a_claim_of_a_taken_seat_stays_refused(client: TestClient) -> None:
    table_id = new_table(client, seats=SEATS)["id"]
    claim(client, table_id, 1)
    assert _claim(client, table_id, 1, None).status_code == 409
    assert _claim(client, table_id, 1, _key()).status_code == 409


def test_a_seat_left_forgets_its_key(client: TestClient) -> None:
    """Leaving frees the seat: the key sent again takes it as anyone's would (a new claim)."""
    key = _key()
    table_id = new_table(client, players=3, seats=[{"kind": "human"}] * 3)["id"]
    token = _claim(client, table_id, 1, key).json()["token"]
    left = client.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "token": token})
    assert left.status_code == 200, left.text
    assert _claim(client, table_id, 1, _key()).status_code == 200
    assert _claim(client, table_id, 1, key).status_code == 409


def test_ready_keeps_the_key(client: TestClient) -> None:
    key = _key()
    table_id = new_table(client, players=3, seats=[{"kind": "human"}] * 3)["id"]
    token = _claim(client, table_id, 1, key).json()["token"]
    body = {"seat": 1, "token": token, "ready": True}
    assert client.post(f"/api/tables/{table_id}/ready", json=body).status_code == 200
    again = _claim(client, table_id, 1, key)
    assert again.status_code == 200
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["ready"] is True  # the retry changed nothing but the token


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("a" * 21, "21 characters long"),
        ("a" * 101, "101 characters long"),
        ("a" * 21 + "!", "a character a key may not have"),
        ("a" * 21 + "é", "a character a key may not have"),
    ],
)
def test_a_malformed_key_is_a_422_naming_the_problem_without_echoing_it(
    client: TestClient, key: str, words: str
) -> None:
    table_id = new_table(client, seats=SEATS)["id"]
    for path, body in (
        (f"/api/tables/{table_id}/seats/1/claim", {"request": key}),
        ("/api/tables", {"game": "sealed-bid", "players": 2, "request": key}),
    ):
        answer = client.post(path, json=body)
        assert answer.status_code == 422, answer.text
        (problem,) = answer.json()["detail"]
        assert problem["loc"] == ["body", "request"]
        assert words in problem["msg"] and "22 to 100 URL-safe" in problem["msg"]
        assert key not in answer.text


def test_a_key_that_is_not_text_is_a_422(client: TestClient) -> None:
    table_id = new_table(client, seats=SEATS)["id"]
    answer = client.post(f"/api/tables/{table_id}/seats/1/claim", json={"request": 12345})
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["body", "request"]


def test_a_new_table_whose_answer_was_lost_is_answered_again_on_another_process(
    db_url: str,
) -> None:
    key = _key()
    body = {"game": "sealed-bid", "players": 2, "seats": SEATS, "request": key}
    with TestClient(create_app(db_url, bot_delay=0)) as first:
        lost = first.post("/api/tables", json=body)
        assert lost.status_code == 201, lost.text
    with TestClient(create_app(db_url, bot_delay=0)) as second:
        again = second.post("/api/tables", json=body)
        assert again.status_code == 201, again.text
        table_id, token = again.json()["id"], again.json()["token"]
        assert table_id == lost.json()["id"] and again.json()["seat"] == 0
        assert state(second, table_id, 0, lost.json()["token"]).status_code == 403
        other = second.post("/api/tables", json={**body, "request": _key()})
        assert other.status_code == 201 and other.json()["id"] != table_id  # a new table
        elsewhere = second.post("/api/tables", json={**body, "sit": 1})  # the key reused
        assert elsewhere.status_code == 409, elsewhere.text
        assert "another request" in elsewhere.json()["detail"]
        seat_1 = claim(second, table_id, 1)
        _plays(second, table_id, 0, token)
        _plays(second, table_id, 1, seat_1)


def test_a_claim_stored_whose_commit_reply_was_lost_is_answered_by_its_retry(
    db_url: str,
) -> None:
    """The same process: the claim's ``COMMIT`` reached the database, then its connection
    was cut (the server heard an error). The retry with its key gets the seat."""
    app = create_app(db_url, bot_delay=0)
    manager: TableManager = app.state.manager
    faulty = FaultyEngine(manager.repo.engine)
    manager.repo.engine = faulty  # type: ignore[assignment]
    key = _key()
    with TestClient(app) as client:
        table_id = new_table(client, seats=SEATS)["id"]
        faulty.lose_replies = 1
        lost = _claim(client, table_id, 1, key)
        assert lost.status_code == 503, lost.text  # "try again"
        stored = manager.repo.load(table_id)
        assert stored is not None and stored.seats[1].token_hash is not None  # it was stored
        again = _claim(client, table_id, 1, key)
        assert again.status_code == 200, again.text
        assert _claim(client, table_id, 1, _key()).status_code == 409
        _plays(client, table_id, 1, again.json()["token"])
