"""Turn-based tables: a clock of hours to days per move; the players are away between their
moves, so such a table never closes as abandoned: its clocks move it on."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from mobtable.server.app import create_app
from mobtable.server.limits import ServerLimits
from mobtable.server.manager import TableManager
from server.helpers import new_table

ABANDON = 2
DAY = 86400


@pytest.fixture
def quick(sqlite_url: str) -> Iterator[TestClient]:
    limits = ServerLimits(waiting_expiry=1, abandoned_expiry=ABANDON)
    with TestClient(create_app(sqlite_url, bot_delay=0, limits=limits)) as c:
        yield c


def expire(client: TestClient, after: float) -> list[str]:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return client.portal.call(manager.expire_due, time.time() + after)  # type: ignore[union-attr]


def test_a_turn_based_table_stays_open_while_its_players_are_away(quick: TestClient) -> None:
    vs_bot = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    long = new_table(quick, seats=vs_bot, clock=3 * DAY)
    short = new_table(quick, seats=vs_bot, clock=ABANDON)  # not longer: not turn-based
    assert quick.get(f"/api/tables/{long['id']}").json()["clock"] == 3 * DAY
    assert expire(quick, ABANDON + 3600) == [short["id"]]  # nobody connected to either
    assert quick.get(f"/api/tables/{long['id']}").json()["status"] == "playing"


def test_a_clock_is_at_most_seven_days(quick: TestClient) -> None:
    body = {"game": "sealed-bid", "players": 2, "clock": 7 * DAY + 1}
    assert quick.post("/api/tables", json=body).status_code == 422
    body["clock"] = 7 * DAY
    assert quick.post("/api/tables", json=body).status_code == 201
