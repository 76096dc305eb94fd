"""A seat is written compare-and-set: only where the store still holds the seat as this
process believes it (issue 28). A claim whose ``COMMIT`` landed but whose reply was lost
leaves the process's memory behind the store; before, a different person's claim in that
window overwrote the stored one (its token and request key), and the first person lost the
seat in silence. Now the store's seats are read again (after an unsure write, or when a
guarded write changes nothing) and decide: the same key gets its seat, anyone else a 409.
SQLite and PostgreSQL alike (``db_url``).
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from starlette.websockets import WebSocketDisconnect

from mobtable.server.app import create_app
from mobtable.server.manager import TableManager
from mobtable.server.seats import hash_token
from mobtable.store import (
    CommitUnsure,
    Repository,
    SeatRow,
    SeatsChanged,
    StoreConflict,
    TableRow,
    TableStatus,
)
from mobtable.store.models import SeatModel, TableModel
from server import test_lost_commit_reply as lost_reply
from server.helpers import act, new_table, state
from server.test_lost_commit_reply import FaultyEngine

Served = tuple[TestClient, TableManager, FaultyEngine]
served = lost_reply.served
"""The lost-reply tests' app, its manager and its faulty engine (one fixture for both)."""


def _key() -> str:
    return secrets.token_urlsafe(16)


def _claim(client: TestClient, table_id: str, seat: int, key: str | None, name: str = "") -> Any:
    body: dict[str, Any] = {} if key is None else {"request": key}
    if name:
        body["name"] = name
    return client.post(f"/api/tables/{table_id}/seats/{seat}/claim", json=body)


def _stored(manager: TableManager, table_id: str, seat: int) -> SeatRow:
    row = manager.repo.load(table_id)
    assert row is not None
    return row.seats[seat]


def _lost_claim(client: TestClient, faulty: FaultyEngine, table_id: str, seat: int) -> str:
    """Claim ``seat`` with a fresh key; its ``COMMIT`` lands, its reply is lost (503)."""
    key = _key()
    faulty.lose_replies = 1
    lost = _claim(client, table_id, seat, key, name="Ann")
    assert lost.status_code == 503, lost.text
    assert lost.json()["rule"] == "unsure"
    return key


def test_after_a_lost_claim_reply_another_claim_is_refused_and_the_key_gets_the_seat(
    served: Served,
) -> None:
    client, manager, faulty = served
    table_id = new_table(client)["id"]
    key = _lost_claim(client, faulty, table_id, 1)
    stored = _stored(manager, table_id, 1)
    assert stored.name == "Ann" and stored.request_hash == hash_token(key)
    for other in (_key(), None):  # someone else, in the window: the store says taken
        refused = _claim(client, table_id, 1, other, name="Bob")
        assert refused.status_code == 409, refused.text
        assert refused.json()["detail"] == "seat 1 is not free"
    assert _stored(manager, table_id, 1) == stored  # token, name and key all Ann's still
    again = _claim(client, table_id, 1, key, name="Ann")  # Ann's retry
    assert again.status_code == 200, again.text
    token = again.json()["token"]
    view = state(client, table_id, 1, token)
    assert view.status_code == 200, view.text
    assert view.json()["table"]["status"] == "playing"  # the last seat taken: it started
    answer = act(client, table_id, 1, token, view.json()["legal"][0]["a"])
    assert answer.status_code == 200, answer.text


def test_the_table_shows_a_seat_whose_claim_reply_was_lost_as_the_store_has_it(
    served: Served,
) -> None:
    client, _manager, faulty = served
    table_id = new_table(client, players=3, seats=[{"kind": "human"}] * 3)["id"]
    _lost_claim(client, faulty, table_id, 1)
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["claimed"] is True and seats[1]["display"] == "Ann"


def test_while_the_store_is_out_of_reach_the_table_does_not_claim_to_know_the_seat(
    served: Served,
) -> None:
    client, _manager, faulty = served
    table_id = new_table(client, players=3, seats=[{"kind": "human"}] * 3)["id"]
    faulty.down_after = True  # the claim's COMMIT lands, then the database is gone
    _lost_claim(client, faulty, table_id, 1)
    assert client.get(f"/api/tables/{table_id}").status_code == 503  # not a guess
    assert _claim(client, table_id, 1, _key()).status_code == 503
    faulty.down = False
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["claimed"] is True and seats[1]["display"] == "Ann"
    assert _claim(client, table_id, 1, _key()).status_code == 409


def test_starting_after_a_lost_claim_reply_puts_no_bot_in_the_taken_seat(
    served: Served,
) -> None:
    client, manager, faulty = served
    created = new_table(client, players=3, seats=[{"kind": "human"}] * 3)
    table_id, host = created["id"], created["token"]
    _lost_claim(client, faulty, table_id, 1)
    stored = _stored(manager, table_id, 1)
    started = client.post(
        f"/api/tables/{table_id}/start", json={"seat": 0, "token": host, "bot": None}
    )
    assert started.status_code == 409, started.text  # Ann joined: she is not ready yet
    assert "Ann" in started.json()["detail"]
    assert _stored(manager, table_id, 1) == stored


def test_a_start_whose_reply_was_lost_is_taken_as_stored(served: Served) -> None:
    """The host's start stores its bots and ``playing``, and the reply to its ``COMMIT`` is
    lost (503 ``unsure``). Before, the process kept the table waiting while the store held
    it playing, and the host's retry met a 503 "changed elsewhere". Now the store's status
    is read with its seats: the table plays with its bots, and a retry is told so."""
    client, manager, faulty = served
    created = new_table(client, players=3, seats=[{"kind": "human"}] * 3)
    table_id, host = created["id"], created["token"]
    start = {"seat": 0, "token": host, "bot": None}
    faulty.lose_replies = 1
    lost = client.post(f"/api/tables/{table_id}/start", json=start)
    assert lost.status_code == 503, lost.text
    assert lost.json()["rule"] == "unsure"
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "playing"
    assert [seat["kind"] for seat in table["seats"]] == ["human", "bot", "bot"]
    assert manager.repo.status(table_id) is TableStatus.PLAYING
    again = client.post(f"/api/tables/{table_id}/start", json=start)
    assert again.status_code == 409, again.text  # already started: nothing to start
    view = state(client, table_id, 0, host)
    assert view.status_code == 200, view.text
    answer = act(client, table_id, 0, host, view.json()["legal"][0]["a"])
    assert answer.status_code == 200, answer.text


def _cy_takes_seat_2_elsewhere(manager: TableManager, table_id: str) -> SeatRow:
    """Seat 2 stored as Cy's behind the process (another writer); Cy's stored seat."""
    cy = SeatRow(2, "human", None, "Cy", hash_token("Cy's"))
    with manager.repo.engine.begin() as conn:
        conn.execute(
            update(SeatModel)
            .where(SeatModel.table_id == table_id, SeatModel.seat == 2)
            .values(name=cy.name, token_hash=cy.token_hash)
        )
    return cy


def test_a_seat_changed_behind_the_process_is_not_overwritten(db_url: str) -> None:
    """The store holds another holder than memory (a process that lost its lease wrote
    it): ready and a bot seated change nothing there and are refused (409 ``reloaded``);
    the seats as stored are then the table's, and the old token no longer works."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        created = new_table(client, players=3, seats=[{"kind": "human"}] * 3)
        table_id, host = created["id"], created["token"]
        mine = _claim(client, table_id, 1, _key(), name="Ann").json()["token"]
        theirs = SeatRow(1, "human", None, "Cy", hash_token("someone else's"))
        with manager.repo.engine.begin() as conn:
            conn.execute(
                update(SeatModel)
                .where(SeatModel.table_id == table_id, SeatModel.seat == 1)
                .values(name=theirs.name, token_hash=theirs.token_hash, request_hash=None)
            )
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "hello", "seat": 1, "token": mine})
            assert ws.receive_json()["seat"] == 1
            ready = client.post(
                f"/api/tables/{table_id}/ready", json={"seat": 1, "token": mine, "ready": True}
            )
            assert ready.status_code == 409, ready.text
            assert ready.json()["rule"] == "reloaded"
            with pytest.raises(WebSocketDisconnect) as closed:  # Cy's seat: closed out
                while True:
                    ws.receive_json()
            assert closed.value.code == 4403
        assert _stored(manager, table_id, 1) == theirs
        assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["display"] == "Cy"
        left = client.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "token": mine})
        assert left.status_code == 403, left.text  # memory took the store's seat
        assert _stored(manager, table_id, 1) == theirs
        cy = _cy_takes_seat_2_elsewhere(manager, table_id)
        bot = client.post(
            f"/api/tables/{table_id}/seats/2/bot", json={"seat": 0, "token": host, "bot": None}
        )
        assert bot.status_code == 409, bot.text  # believed free, it is Cy's: no bot there
        assert bot.json()["rule"] == "reloaded"
        assert _stored(manager, table_id, 2) == cy


def _row(table_id: str) -> TableRow:
    config = {"players": 2, "variants": [], "options": {}, "card_data": None}
    seats = [SeatRow(0, "human"), SeatRow(1, "human")]
    return TableRow(table_id, "sealed-bid", "1", config, 1, seats=seats)


def test_the_store_writes_a_seat_only_where_it_is_as_believed(db_url: str) -> None:
    repo = Repository(db_url)
    faulty = FaultyEngine(repo.engine)
    repo.engine = faulty  # type: ignore[assignment]
    try:
        repo.create_table(_row("t"))
        free = SeatRow(1, "human")
        ann = SeatRow(1, "human", None, "Ann", "ab" * 32, request_hash="cd" * 32)
        bob = SeatRow(1, "human", None, "Bob", "ef" * 32)
        assert repo.update_seat("t", ann, was=free)
        assert not repo.update_seat("t", bob, was=free)  # Ann's now: nothing changed
        assert repo.seats("t")[1] == ann
        assert repo.update_seat("t", free, was=ann)
        faulty.lose_replies = 1
        with pytest.raises(CommitUnsure):  # stored, but the server cannot know it
            repo.update_seat("t", ann, was=free)
        faulty.lose_replies = 1
        assert not repo.update_seat("t", bob, was=free)  # nothing matched: nothing unsure
        assert repo.seats("t") == [SeatRow(0, "human"), ann]
    finally:
        repo.close()


def test_a_start_that_meets_a_seat_changed_behind_the_process_seats_no_bot(db_url: str) -> None:
    """The host starts a table whose seats 1 and 2 this process holds free, but the store
    holds seat 2 as Cy's (taken elsewhere). Before, seat 1 got its bot and the start then
    stopped at seat 2: a bot left sitting in the waiting room. Now the bots and the start
    are one write: refused (409 ``reloaded``), nothing stored, Cy shown, seat 1 still free."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        created = new_table(client, players=3, seats=[{"kind": "human"}] * 3)
        table_id, host = created["id"], created["token"]
        cy = _cy_takes_seat_2_elsewhere(manager, table_id)
        started = client.post(
            f"/api/tables/{table_id}/start", json={"seat": 0, "token": host, "bot": None}
        )
        assert started.status_code == 409, started.text
        assert started.json()["rule"] == "reloaded"
        assert _stored(manager, table_id, 1) == SeatRow(1, "human")  # no bot left behind
        assert _stored(manager, table_id, 2) == cy
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "waiting"
        assert table["seats"][1]["kind"] == "human" and not table["seats"][1]["claimed"]
        assert table["seats"][2]["display"] == "Cy"


def _store_status(repo: Repository, status: TableStatus) -> None:
    with repo.engine.begin() as conn:
        conn.execute(update(TableModel).where(TableModel.id == "t").values(status=status.value))


def _status(repo: Repository) -> TableStatus:
    row = repo.load("t")
    assert row is not None
    return row.status


def test_the_store_starts_a_table_with_its_bots_all_or_nothing(db_url: str) -> None:
    repo = Repository(db_url)
    faulty = FaultyEngine(repo.engine)
    repo.engine = faulty  # type: ignore[assignment]
    try:
        repo.create_table(replace(_row("t"), status=TableStatus.WAITING))
        free, bot = SeatRow(1, "human"), SeatRow(1, "bot", "greedy")
        ann = SeatRow(1, "human", None, "Ann", "ab" * 32)
        with pytest.raises(SeatsChanged) as changed:  # not free in the store: nothing stored
            repo.start_with_seats("t", TableStatus.WAITING, [bot], was=[ann])
        assert changed.value.seat == 1
        assert repo.seats("t")[1] == free
        _store_status(repo, TableStatus.EXPIRED)  # elsewhere, meanwhile
        with pytest.raises(StoreConflict):  # not waiting any more: the seat is not stored
            repo.start_with_seats("t", TableStatus.WAITING, [bot], was=[free])
        assert repo.seats("t")[1] == free and _status(repo) is TableStatus.EXPIRED
        _store_status(repo, TableStatus.WAITING)
        faulty.lose_replies = 1
        with pytest.raises(CommitUnsure):  # stored, but the server cannot know it
            repo.start_with_seats("t", TableStatus.WAITING, [bot], was=[free])
        assert repo.seats("t")[1] == bot and _status(repo) is TableStatus.PLAYING
    finally:
        repo.close()
