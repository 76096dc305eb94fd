"""Tables nobody plays at expire: never started, or every player gone (tiny limits here)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mobtable.server.app import create_app
from mobtable.server.limits import ServerLimits
from mobtable.server.manager import TableManager
from server.helpers import act, claim, new_table

WAIT, ABANDON = 1, 2


@pytest.fixture
def quick(sqlite_url: str) -> Iterator[TestClient]:
    limits = ServerLimits(waiting_expiry=WAIT, abandoned_expiry=ABANDON)
    with TestClient(create_app(sqlite_url, bot_delay=0, limits=limits)) as c:
        yield c


def expire(client: TestClient, after: float) -> list[str]:
    """Sweep as if ``after`` seconds had passed (the sweeper does it on its own, see below)."""
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return client.portal.call(manager.expire_due, time.time() + after)  # type: ignore[union-attr]


def test_a_table_nobody_joins_closes_and_says_why(quick: TestClient) -> None:
    created = new_table(quick, name="Ann")
    tid = created["id"]
    assert expire(quick, WAIT - 0.5) == []
    assert expire(quick, WAIT + 0.1) == [tid]
    table = quick.get(f"/api/tables/{tid}").json()
    assert table["status"] == "expired" and "nobody joined for 1 second." in table["expired"]
    assert quick.get("/api/tables").json() == []  # gone from the lobby's open tables
    refused = quick.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "Bob"})
    assert refused.status_code == 409 and refused.json()["rule"] == "expired"
    with quick.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        state = ws.receive_json()
        assert state["table"]["status"] == "expired" and "closed" in state["prompt"]
        ws.send_json({"type": "chat", "text": "anyone?"})
        assert ws.receive_json()["rule"] == "expired"


def test_a_join_keeps_a_waiting_table_open_longer(sqlite_url: str) -> None:
    # a limit the sweeper cannot reach during the test, however slow the machine
    patient = 30
    limits = ServerLimits(waiting_expiry=patient, abandoned_expiry=ABANDON)
    with TestClient(create_app(sqlite_url, bot_delay=0, limits=limits)) as client:
        created = new_table(client, players=3, seats=[{"kind": "human"}] * 3)
        tid = created["id"]
        time.sleep(0.6)
        claim(client, tid, 1, "Bob")
        # counted from the join, not the creation: 0.3 s short of the limit from the join
        # is past it from the creation
        assert expire(client, patient - 0.3) == []
        assert expire(client, patient + 0.1) == [tid]


def test_a_game_whose_players_all_left_closes_but_not_while_one_is_there(
    quick: TestClient,
) -> None:
    created = new_table(quick, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid = created["id"]
    with quick.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": created["token"]})
        ws.receive_json()
        assert expire(quick, ABANDON + 60) == []  # connected: never
    assert expire(quick, ABANDON - 1) == []
    assert expire(quick, ABANDON + 0.1) == [tid]
    table = quick.get(f"/api/tables/{tid}").json()
    assert table["status"] == "expired" and "every player had left" in table["expired"]
    refused = act(quick, tid, 0, created["token"], "b1")
    assert refused.status_code == 409 and refused.json()["rule"] == "expired"


def test_tables_of_bots_only_and_finished_games_never_expire(quick: TestClient) -> None:
    bots = new_table(quick, seats=[{"kind": "bot", "bot": "random"}] * 2, sit=None)
    assert expire(quick, 10_000) == []
    assert quick.get(f"/api/tables/{bots['id']}").json()["status"] in ("playing", "over")


def test_the_sweeper_closes_tables_on_its_own_and_a_restart_remembers(db_url: str) -> None:
    limits = ServerLimits(waiting_expiry=1, abandoned_expiry=0)
    with TestClient(create_app(db_url, bot_delay=0, limits=limits)) as client:
        tid = new_table(client)["id"]
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{tid}").json()["status"] != "expired":
            assert time.monotonic() < deadline, "the waiting table never expired"
            client.portal.call(asyncio.sleep, 0.05)  # type: ignore[union-attr]
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        table = client.get(f"/api/tables/{tid}").json()
        assert table["status"] == "expired" and "not everyone joined" in table["expired"]
        assert client.get("/api/tables").json() == []


def test_the_limits_come_from_the_environment_and_zero_turns_them_off() -> None:
    env = {"MOBTABLE_WAITING_EXPIRY": "60", "MOBTABLE_ABANDONED_EXPIRY": "0"}
    limits = ServerLimits.configured(env)
    assert limits.waiting_expiry == 60 and limits.abandoned_expiry == 0
    with pytest.raises(ValueError):
        ServerLimits(waiting_expiry=-1)
