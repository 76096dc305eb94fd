"""The HTTP API and the WebSocket with the sealed-bid toy game: seats, tokens, moves, errors."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from mobtable.core import record as records
from server.helpers import act, claim, new_table, state


def test_a_created_table_is_listed_and_its_seats_are_claimed_once(client: TestClient) -> None:
    created = new_table(client, name="Ann")
    tid = created["id"]
    assert created["seat"] == 0 and created["url"] == f"/t/{tid}"
    lobby = client.get("/api/tables").json()
    assert [t["id"] for t in lobby] == [tid]
    assert lobby[0]["free_seats"] == [1] and lobby[0]["seats"][0]["name"] == "Ann"
    token = claim(client, tid, 1, "Bob")
    assert token != created["token"]
    again = client.post(f"/api/tables/{tid}/seats/1/claim", json={})
    assert again.status_code == 409 and "not free" in again.json()["detail"]
    assert again.json()["rule"] == "taken"  # the web says it in words by this
    assert client.get(f"/api/tables/{tid}").json()["free_seats"] == []


def test_without_the_right_token_a_seat_can_neither_act_nor_be_read(client: TestClient) -> None:
    created = new_table(client)
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1)
    refused = act(client, tid, 1, token0, "b1")
    assert refused.status_code == 403 and refused.json()["rule"] == "token"
    assert act(client, tid, 1, "x" * 32, "b1").status_code == 403
    assert state(client, tid, 1, None).status_code == 403
    assert state(client, tid, 1, token0).status_code == 403
    mine = state(client, tid, 1, token1)
    assert mine.status_code == 200 and mine.json()["seat"] == 1
    spectator = state(client, tid, None, None).json()
    assert spectator["seat"] is None and spectator["legal"] == []
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token1})
        assert "wrong or missing seat token" in ws.receive_json()["message"]


def test_illegal_and_malformed_moves_get_the_engine_message_and_change_nothing(
    client: TestClient,
) -> None:
    created = new_table(client)
    tid, token0 = created["id"], created["token"]
    claim(client, tid, 1)  # the table is full: the game starts
    bad = act(client, tid, 0, token0, "b11")
    assert bad.status_code == 400 and "is not a bid" in bad.json()["detail"]
    assert act(client, tid, 0, token0, "b4").status_code == 200
    twice = act(client, tid, 0, token0, "b4")
    assert twice.status_code == 409 and "does not owe a decision" in twice.json()["detail"]
    assert twice.json()["rule"] == "turn-order"
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 1


def test_malformed_and_oversized_requests_get_a_clear_4xx(client: TestClient) -> None:
    broken = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert broken.status_code == 422
    assert client.post("/api/tables", json={"game": "sealed-bid"}).status_code == 422
    unknown = client.post("/api/tables", json={"game": "chess", "players": 2})
    assert unknown.status_code == 404 and "no game 'chess'" in unknown.json()["detail"]
    wrong = client.post("/api/tables", json={"game": "sealed-bid", "players": 7})
    assert wrong.status_code == 400 and "2 to 3 players" in wrong.json()["detail"]
    huge = client.post(
        "/api/tables",
        content=b'{"game": "' + b"x" * 100_000 + b'"}',
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 413 and "too large" in huge.json()["detail"]
    assert client.get("/api/tables/no-such-table").status_code == 404
    assert client.get("/api/tables/bad%20id").status_code == 422


def test_the_websocket_sends_each_seat_its_view_legal_moves_and_events(
    client: TestClient,
) -> None:
    created = new_table(client)
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ws0,
        client.websocket_connect(f"/ws/tables/{tid}") as ws1,
    ):
        ws0.send_json({"type": "hello", "seat": 0, "token": token0})
        first = ws0.receive_json()
        assert first["log_reset"] and first["seat"] == 0
        assert [m["a"] for m in first["legal"]] == [f"b{n}" for n in range(11)]
        ws1.send_json({"type": "hello", "seat": 1, "token": token1})
        ws1.receive_json()
        assert ws0.receive_json()["table"]["seats"][1]["connected"] is True
        ws0.send_text("not json")
        assert "malformed message" in ws0.receive_json()["message"]
        ws0.send_json({"type": "act", "action": "b9", "ref": 7})
        after0, after1 = ws0.receive_json(), ws1.receive_json()
        assert after0["view"]["my_bid"] == 9 and after1["view"]["my_bid"] is None
        assert after1["view"]["bidding"]["committed"] == [0]  # who, not what
        assert after0["legal"] == [] and after1["events"][-1]["kind"] == "bid-sealed"
        assert ws0.receive_json() == {"type": "acted", "ref": 7, "version": after0["version"]}
        ws0.send_json({"type": "explain", "action": "b2"})
        why = ws0.receive_json()["message"]  # in words: the move's label, no notation
        assert (
            why.startswith("Bid 2 coins: it is not your move now: waiting for ") and "b2" not in why
        )
        ws1.send_json({"type": "act", "action": "b9"})
        assert ws0.receive_json()["view"]["round"] == 1


def test_bots_play_their_seats_and_a_free_seat_can_be_given_to_a_bot(
    client: TestClient,
) -> None:
    created = new_table(
        client, players=3, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]
    )
    tid, token0 = created["id"], created["token"]
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["seats"][2]["kind"] == "bot"
    refused = client.post(f"/api/tables/{tid}/seats/0/bot", json={"seat": 1, "token": token0})
    assert refused.status_code == 403
    given = client.post(f"/api/tables/{tid}/seats/1/bot", json={"seat": 0, "token": token0})
    assert given.status_code == 200 and given.json()["seats"][1]["kind"] == "bot"
    twice = client.post(f"/api/tables/{tid}/seats/2/bot", json={"seat": 0, "token": token0})
    assert twice.status_code == 409 and twice.json()["rule"] == "bot-seated"
    for _ in range(3):
        _wait_for(client, tid, lambda t: 0 in t["pending"])
        assert act(client, tid, 0, token0, "b0").status_code == 200
    _wait_for(client, tid, lambda t: t["status"] == "over")
    finished = client.get("/api/tables", params={"status": "over"}).json()
    assert tid in [t["id"] for t in finished]
    assert tid not in [t["id"] for t in client.get("/api/tables").json()]
    record = client.get(f"/api/tables/{tid}/record").json()
    records.check(record)
    steps = client.get(f"/api/tables/{tid}/replay").json()["steps"]
    assert len(steps) == len(record["actions"]) + 1 and steps[0]["seat"] is None


def test_an_away_player_can_be_replaced_by_a_bot_after_the_timeout_and_reclaim(
    client: TestClient,
) -> None:
    created = new_table(client, replace_after=5)
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1, "Bea")
    early = client.post(f"/api/tables/{tid}/seats/1/bot", json={"seat": 0, "token": token0})
    assert early.status_code == 409 and early.json()["rule"] == "not-away"
    said = early.json()["detail"]  # the player by name, and when a bot may take the seat
    assert said.startswith("Bea is away for only") and "seat 1" not in said
    assert re.search(r"a bot may take the seat in [1-5] s", said), said
    table = client.app.state.manager.tables[tid]  # type: ignore[attr-defined]
    table.seats[1].away_since = time.time() - 6  # as if seat 1 left six seconds ago
    late = client.post(f"/api/tables/{tid}/seats/1/bot", json={"seat": 0, "token": token0})
    assert late.status_code == 200
    _wait_for(client, tid, lambda t: t["moves"] == 1)  # the bot bid
    bot_plays = act(client, tid, 1, token1, "b1")
    assert bot_plays.status_code == 409 and bot_plays.json()["rule"] == "bot-plays"
    back = client.post(f"/api/tables/{tid}/reclaim", json={"seat": 1, "token": token1})
    assert back.status_code == 200 and back.json()["seats"][1]["kind"] == "human"


def test_a_clock_lets_a_bot_move_for_a_seat_that_runs_out_of_time(client: TestClient) -> None:
    created = new_table(client, clock=1)
    tid = created["id"]
    assert client.get(f"/api/tables/{tid}").json()["deadlines"] == {}  # the waiting room
    claim(client, tid, 1)
    summary = client.get(f"/api/tables/{tid}").json()
    assert set(summary["deadlines"]) == {"0", "1"}
    _wait_for(client, tid, lambda t: t["moves"] >= 2)


def test_rematch_keeps_the_seats_and_their_tokens(client: TestClient) -> None:
    created = new_table(client)
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1)
    early = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": token0})
    assert early.status_code == 409
    assert client.get(f"/api/tables/{tid}/record").status_code == 409  # no seed before the end
    for _ in range(3):
        act(client, tid, 0, token0, "b0")
        act(client, tid, 1, token1, "b0")
    new = client.post(f"/api/tables/{tid}/rematch", json={"seat": 1, "token": token1}).json()
    same = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": token0}).json()
    assert new["id"] == same["id"] != tid
    assert client.get(f"/api/tables/{tid}").json()["rematch"] == new["id"]
    assert act(client, new["id"], 1, token1, "b2").status_code == 200


def test_the_web_client_is_served(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay/abc"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/app.js" in page.text
    assert "export" in client.get("/static/table.js").text


def _wait_for(client: TestClient, tid: str, predicate: Callable[[dict[str, Any]], bool]) -> None:
    """Block until the table's summary satisfies ``predicate``, as a spectator told of each change.

    No clock is involved: the first message is the table as it is now, and every later one
    is sent by the server when something changed, so a slow machine only waits longer.
    """
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        while True:
            message = ws.receive_json()
            if message["type"] == "notice":  # a clock ran out: the table says so
                continue
            assert message["type"] == "state", message
            table = message["table"]
            if predicate(table):
                return
            assert table["status"] != "over", f"the game ended first: {table}"


def test_C_11_a_served_cosca_table_begins_on_the_day_it_is_made(
    client: TestClient, monkeypatch: Any
) -> None:
    """The lobby offers the day of play as the default, and a table made without the
    option stores the weekday it was made on (its replays stay exact)."""
    import mobtable.games.cosca.game as game_module

    monkeypatch.setattr(game_module, "today_code", lambda: "tue")
    cosca = next(g for g in client.get("/api/games").json() if g["name"] == "cosca")
    start = next(o for o in cosca["options"] if o["name"] == "start_day")
    assert start["default"] == "today"
    created = new_table(client, game="cosca", players=2, seats=[{"kind": "human"}] * 2)
    summary = client.get(f"/api/tables/{created['id']}").json()
    assert summary["options"]["start_day"] == "tue"
