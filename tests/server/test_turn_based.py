"""Turn-based tables (a clock of an hour or more per move): clocks up to a week, nobody
seats a bot for a player who is away, the table never closes for want of players, a clock
resumes from when play last moved on after a restart, and "your tables" across a browser's
seats."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from mobtable.server.app import create_app
from mobtable.server.clocks import LONGEST, TURN_BASED, is_turn_based
from mobtable.server.expiry import Expiry
from mobtable.server.limits import ServerLimits
from server.helpers import act, claim, new_table

DAY = 86400


def _wait_for(client: TestClient, tid: str, done: Any, limit: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        summary = dict(client.get(f"/api/tables/{tid}").json())
        if done(summary):
            return summary
        assert time.monotonic() < deadline, summary
        time.sleep(0.05)


def test_a_table_may_give_up_to_a_week_per_move_and_says_it_is_turn_based(
    client: TestClient,
) -> None:
    assert not is_turn_based(None) and not is_turn_based(TURN_BASED - 1)
    created = new_table(client, clock=LONGEST)
    summary = client.get(f"/api/tables/{created['id']}").json()
    assert summary["clock"] == LONGEST and summary["turn_based"] is True
    live = new_table(client, clock=60)
    assert client.get(f"/api/tables/{live['id']}").json()["turn_based"] is False
    longer = client.post(
        "/api/tables",
        json={"game": "sealed-bid", "players": 2, "clock": LONGEST + 1},
    )
    assert longer.status_code == 422 and "clock" in longer.text


def test_at_a_turn_based_table_nobody_seats_a_bot_for_a_player_who_is_away(
    client: TestClient,
) -> None:
    created = new_table(client, clock=DAY, replace_after=5)
    tid, token0 = created["id"], created["token"]
    claim(client, tid, 1)
    table = client.app.state.manager.tables[tid]  # type: ignore[attr-defined]
    table.seats[1].away_since = time.time() - 3 * DAY  # away for days: normal here
    refused = client.post(f"/api/tables/{tid}/seats/1/bot", json={"seat": 0, "token": token0})
    assert refused.status_code == 409
    assert refused.json()["rule"] == "turn-based"
    assert "clock runs out" in refused.json()["detail"]
    assert table.seats[1].row.kind == "human"


def test_a_turn_based_table_does_not_close_when_everyone_is_away(client: TestClient) -> None:
    expiry = Expiry(ServerLimits(abandoned_expiry=60))
    for clock, closes in ((DAY, False), (60, True)):
        created = new_table(client, clock=clock)
        claim(client, created["id"], 1)
        table = client.app.state.manager.tables[created["id"]]  # type: ignore[attr-defined]
        for seat in table.seats:
            seat.connections = 0
            seat.away_since = time.time() - 3600
        assert (expiry.due(table, time.time()) is not None) is closes, clock


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'turns.sqlite'}"


@pytest.fixture
def served(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0)) as c:
        yield c


def test_a_running_clock_resumes_from_the_last_move_after_a_restart(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as served:
        created = new_table(served, clock=TURN_BASED, name="Ann")
        tid = created["id"]
        token1 = claim(served, tid, 1, "Bob")
        assert act(served, tid, 1, token1, "b3").status_code == 200  # Bob bids; Ann to move
        stored = _moved_at(db, tid)
        assert stored is not None and abs(stored - time.time()) < 5
        deadline = served.get(f"/api/tables/{tid}").json()["deadlines"]["0"]
        assert abs(deadline - (stored + TURN_BASED)) < 5
    # the server stopped
    # as if Ann had let 59 minutes and 59.5 seconds of her hour go by before it stopped
    with create_engine(db).begin() as conn:
        conn.execute(
            text("UPDATE tables SET moved_at = :at WHERE id = :id"),
            {"at": time.time() - TURN_BASED + 0.5, "id": tid},
        )
    with TestClient(create_app(db, bot_delay=0)) as again:
        _wait_for(again, tid, lambda t: t["moves"] >= 2, limit=5)  # her time ran out


def _moved_at(db: str, tid: str) -> float | None:
    with create_engine(db).connect() as conn:
        value = conn.execute(text("SELECT moved_at FROM tables WHERE id = :id"), {"id": tid})
        return value.scalar()


def test_your_tables_lists_the_proven_seats_your_move_first(client: TestClient) -> None:
    waiting = new_table(client, clock=DAY, name="Ann")  # Bob has not joined: waiting room
    playing = new_table(client, clock=DAY, name="Ann")
    token1 = claim(client, playing["id"], 1, "Bob")
    act(client, playing["id"], 1, token1, "b2")  # Bob bid: it is Ann's move there
    finished = new_table(client, name="Ann")
    other = claim(client, finished["id"], 1, "Cy")
    for _ in range(3):
        act(client, finished["id"], 0, finished["token"], "b0")
        act(client, finished["id"], 1, other, "b0")
    seats = [
        {"table": t["id"], "seat": 0, "token": t["token"]} for t in (waiting, playing, finished)
    ]
    forged = [
        {"table": playing["id"], "seat": 1, "token": "not-the-token"},
        {"table": "nosuchtable", "seat": 0, "token": "x"},
    ]
    answer = client.post("/api/your-tables", json={"seats": seats + forged})
    assert answer.status_code == 200, answer.text
    rows = answer.json()
    assert (rows[0]["id"], rows[0]["seat"]) == (playing["id"], 0)
    assert {r["id"] for r in rows} == {waiting["id"], playing["id"], finished["id"]}
    first = rows[0]
    assert first["your_move"] is True and first["turn_based"] is True
    assert first["names"] == ["Ann", "Bob"] and first["title"]
    assert first["deadline"] is not None and first["deadline"] > time.time() + DAY - 60
    by_id = {r["id"]: r for r in rows}
    assert by_id[waiting["id"]]["status"] == "waiting" and not by_id[waiting["id"]]["your_move"]
    assert by_id[finished["id"]]["status"] == "over" and not by_id[finished["id"]]["your_move"]
    assert "token" not in answer.text


def test_your_tables_reads_a_table_this_process_does_not_hold(db: str, served: TestClient) -> None:
    created = new_table(served, clock=DAY, name="Ann")
    token1 = claim(served, created["id"], 1, "Bob")
    act(served, created["id"], 1, token1, "b1")
    manager = served.app.state.manager  # type: ignore[attr-defined]
    held = {"seats": [{"table": created["id"], "seat": 0, "token": created["token"]}]}
    before = served.post("/api/your-tables", json=held).json()
    manager.tables.pop(created["id"])  # as if another process held it
    after = served.post("/api/your-tables", json=held).json()
    assert created["id"] not in manager.tables  # read apart, not made live here
    assert [r["your_move"] for r in after] == [True]
    assert after[0]["moves"] == before[0]["moves"]
    assert abs(after[0]["deadline"] - before[0]["deadline"]) < 5


@pytest.mark.parametrize(
    "body",
    [
        {"seats": [{"table": "a", "seat": 0, "token": "t"}] * 101},
        {"seats": [{"table": "bad id!", "seat": 0, "token": "t"}]},
        {"seats": [{"table": "a", "seat": 99, "token": "t"}]},
        {"seats": [{"table": "a", "seat": 0, "token": "t" * 101}]},
        {"seats": "all"},
        {},
    ],
)
def test_your_tables_refuses_odd_requests_with_a_422(client: TestClient, body: Any) -> None:
    assert client.post("/api/your-tables", json=body).status_code == 422
