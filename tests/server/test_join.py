"""Joining a table: names, the waiting room (join, ready, start), and what waits for the start."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.helpers import act, claim, new_table

THREE_PEOPLE: dict[str, Any] = {
    "game": "sealed-bid",
    "players": 3,
    "seats": [{"kind": "human"}] * 3,
}


def summary(client: TestClient, tid: str) -> dict[str, Any]:
    return dict(client.get(f"/api/tables/{tid}").json())


def post(client: TestClient, tid: str, path: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{tid}/{path}", json=body)


def test_a_full_table_starts_at_once_and_one_with_a_free_seat_waits(client: TestClient) -> None:
    full = new_table(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert summary(client, full["id"])["status"] == "playing"
    waiting = new_table(client, name="Ann")
    table = summary(client, waiting["id"])
    assert table["status"] == "waiting" and table["host"] == 0 and table["free_seats"] == [1]
    assert table["expires_at"] is not None
    mine = client.get(
        f"/api/tables/{waiting['id']}/state",
        params={"seat": 0},
        headers={"X-Seat-Token": waiting["token"]},
    ).json()
    assert mine["legal"] == []
    assert mine["prompt"] == (
        "Waiting for 1 more player to join, or for you to start with a bot in the free seat."
    )
    watching = client.get(f"/api/tables/{waiting['id']}/state").json()
    assert "or for Ann to start" in watching["prompt"]


def test_a_waiting_table_refuses_moves_and_its_bots_wait(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "human"}]
    created = new_table(client, players=3, seats=seats, sit=1, clock=1)
    tid = created["id"]
    refused = act(client, tid, 1, created["token"], "b1")
    assert refused.status_code == 409 and refused.json()["rule"] == "waiting"
    assert act(client, tid, 1, created["token"], "b99").status_code == 400  # still the notation
    table = summary(client, tid)
    assert table["moves"] == 0 and table["thinking"] == [] and table["status"] == "waiting"
    assert table["deadlines"] == {}  # no clock runs in the waiting room


def test_taking_the_last_free_seat_starts_the_game(client: TestClient) -> None:
    created = new_table(client, name="Ann")
    tid = created["id"]
    token = claim(client, tid, 1, "Bob")
    table = summary(client, tid)
    assert table["status"] == "playing" and table["expires_at"] is None
    assert [s["display"] for s in table["seats"]] == ["Ann", "Bob"]
    assert act(client, tid, 1, token, "b2").status_code == 200


def test_the_host_starts_once_everyone_who_joined_is_ready_with_bots_in_free_seats(
    client: TestClient,
) -> None:
    created = new_table(client, **THREE_PEOPLE, name="Ann")
    tid, host = created["id"], {"seat": 0, "token": created["token"]}
    bob = {"seat": 1, "token": claim(client, tid, 1, "Bob")}
    assert summary(client, tid)["status"] == "waiting"
    early = post(client, tid, "start", **host)
    assert early.status_code == 409 and early.json()["rule"] == "not-ready"
    assert "Bob" in early.json()["detail"]
    assert post(client, tid, "start", **bob).status_code == 403  # only the host starts
    ready = post(client, tid, "ready", **bob, ready=True)
    assert ready.status_code == 200
    assert [s["ready"] for s in ready.json()["seats"]] == [False, True, False]
    unknown = post(client, tid, "start", **host, bot="nobody")
    assert unknown.status_code == 400 and "no bot 'nobody'" in unknown.json()["detail"]
    started = post(client, tid, "start", **host, bot="random")
    assert started.status_code == 200, started.text
    table = started.json()
    assert table["status"] == "playing" and table["free_seats"] == []
    assert table["seats"][2]["kind"] == "bot" and table["seats"][2]["bot"] == "random"
    again = post(client, tid, "start", **host)
    assert again.status_code == 409 and again.json()["rule"] == "not-waiting"
    assert post(client, tid, "ready", **bob, ready=False).status_code == 409


def test_ready_and_start_need_the_seat_token(client: TestClient) -> None:
    created = new_table(client, **THREE_PEOPLE)
    tid = created["id"]
    assert post(client, tid, "ready", seat=1, token="x" * 20).status_code == 403
    assert post(client, tid, "start", seat=0, token="x" * 20).status_code == 403
    assert post(client, tid, "ready", seat=0, token=created["token"], ready=1).status_code == 422
    assert summary(client, tid)["status"] == "waiting"


def test_a_table_made_without_a_seat_for_its_creator_is_hosted_by_the_first_to_join(
    client: TestClient,
) -> None:
    created = new_table(client, **THREE_PEOPLE, sit=None)
    tid = created["id"]
    assert summary(client, tid)["host"] is None
    token = claim(client, tid, 2, "Cleo")
    assert summary(client, tid)["host"] == 2
    assert post(client, tid, "start", seat=2, token=token).status_code == 200


@pytest.mark.parametrize(
    "name",
    ["", "   ", "x" * 25, "<b>Bob</b>", "Bob\u0000", "Bo\u200bb", "a  b", "_Bob", "Bob!"],
)
def test_a_name_that_is_no_name_is_a_422_that_says_what_a_name_is(
    client: TestClient, name: str
) -> None:
    created = new_table(client)
    refused = client.post(f"/api/tables/{created['id']}/seats/1/claim", json={"name": name})
    assert refused.status_code == 422, refused.text
    assert "a name is 1 to 24 letters or digits" in refused.text
    assert summary(client, created["id"])["free_seats"] == [1]
    made = client.post("/api/tables", json={"game": "sealed-bid", "players": 2, "name": name})
    assert made.status_code == 422


@pytest.mark.parametrize("name", ["Zoë", "Jean-Luc", "O'Neil", "J. R. Ewing", "李雷", "Ann2"])
def test_names_of_many_kinds_are_welcome(client: TestClient, name: str) -> None:
    created = new_table(client)
    claim(client, created["id"], 1, f"  {name} ")
    assert summary(client, created["id"])["seats"][1]["display"] == name


def test_a_name_is_unique_at_its_table_whatever_the_case(client: TestClient) -> None:
    created = new_table(client, **THREE_PEOPLE, name="Ann")
    tid = created["id"]
    refused = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": "aNN"})
    assert refused.status_code == 409 and "Ann is already at this table" in refused.text
    default = summary(client, tid)["seats"][2]["display"]
    clash = client.post(f"/api/tables/{tid}/seats/1/claim", json={"name": default.upper()})
    assert clash.status_code == 409  # nor the default name of another seat
    assert summary(client, tid)["free_seats"] == [1, 2]
    claim(client, tid, 1, "Bob")
    assert summary(client, tid)["seats"][1]["display"] == "Bob"


def test_the_creator_may_not_take_another_seats_default_name(client: TestClient) -> None:
    other = client.get(f"/api/tables/{new_table(client)['id']}").json()["seats"][1]["display"]
    made = client.post("/api/tables", json={"game": "sealed-bid", "players": 2, "name": other})
    assert made.status_code == 409 and other in made.json()["detail"]


def test_everyone_connected_hears_of_a_join_and_a_ready(client: TestClient) -> None:
    created = new_table(client, **THREE_PEOPLE, name="Ann")
    tid = created["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": created["token"]})
        assert ws.receive_json()["table"]["status"] == "waiting"
        token = claim(client, tid, 1, "Bob")
        joined = ws.receive_json()
        assert joined["type"] == "state" and joined["table"]["seats"][1]["display"] == "Bob"
        post(client, tid, "ready", seat=1, token=token, ready=True)
        readied = ws.receive_json()
        assert readied["table"]["seats"][1]["ready"] is True
        post(client, tid, "start", seat=0, token=created["token"])
        started = ws.receive_json()
        assert started["table"]["status"] == "playing" and started["legal"]


def test_the_lobby_lists_waiting_tables_first(client: TestClient) -> None:
    playing = new_table(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    waiting = new_table(client)
    lobby = client.get("/api/tables").json()
    assert [t["id"] for t in lobby] == [waiting["id"], playing["id"]]
    only = client.get("/api/tables", params={"status": "waiting"}).json()
    assert [t["id"] for t in only] == [waiting["id"]]
    assert client.get("/api/tables", params={"status": "nope"}).status_code == 422


def test_in_the_waiting_room_only_the_host_seats_a_bot_and_the_last_one_starts_the_game(
    client: TestClient,
) -> None:
    created = new_table(client, **THREE_PEOPLE, name="Ann")
    tid = created["id"]
    bob = {"seat": 1, "token": claim(client, tid, 1, "Bob")}
    refused = post(client, tid, "seats/2/bot", **bob)
    assert refused.status_code == 403 and "only the host" in refused.json()["detail"]
    seated = post(client, tid, "seats/2/bot", seat=0, token=created["token"], bot="random")
    assert seated.status_code == 200 and seated.json()["status"] == "playing"


def test_a_player_leaves_the_waiting_room_and_the_seat_is_free_again(
    client: TestClient,
) -> None:
    """Leaving (issue 25, item 4): the seat is free, its name, ready and token gone, the
    browser that held it is closed out (so it never sees who sits there next), the
    others hear of it, and someone else may take the seat."""
    created = new_table(client, **THREE_PEOPLE, name="Ann")
    tid = created["id"]
    bob = {"seat": 1, "token": claim(client, tid, 1, "Bob")}
    post(client, tid, "ready", **bob, ready=True)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ann_ws,
        client.websocket_connect(f"/ws/tables/{tid}") as bob_ws,
    ):
        ann_ws.send_json({"type": "hello", "seat": 0, "token": created["token"]})
        assert ann_ws.receive_json()["table"]["seats"][1]["display"] == "Bob"
        bob_ws.send_json({"type": "hello", "seat": 1, "token": bob["token"]})
        bob_ws.receive_json()
        ann_ws.receive_json()  # Bob connected
        left = post(client, tid, "leave", **bob)
        assert left.status_code == 200
        table = left.json()
        assert table["status"] == "waiting" and table["free_seats"] == [1, 2]
        assert table["seats"][1]["name"] is None and not table["seats"][1]["ready"]
        heard = ann_ws.receive_json()
        assert heard["table"]["free_seats"] == [1, 2]
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                bob_ws.receive_json()
        assert closed.value.code == 4403
    assert post(client, tid, "ready", **bob, ready=True).status_code == 403  # token gone
    assert post(client, tid, "leave", **bob).status_code == 403
    assert claim(client, tid, 1, "Bob")  # the name is free again, and so is the seat


def test_the_hosts_leaving_hands_the_table_to_the_next_player(client: TestClient) -> None:
    created = new_table(client, **THREE_PEOPLE, name="Ann")
    tid = created["id"]
    bob = {"seat": 2, "token": claim(client, tid, 2, "Bob")}
    assert post(client, tid, "leave", seat=0, token=created["token"]).json()["host"] == 2
    assert post(client, tid, "leave", **bob).json()["host"] is None  # nobody left
    stored = client.app.state.manager.repo.load(tid)  # type: ignore[attr-defined]
    assert stored.host is None and [s.token_hash for s in stored.seats] == [None] * 3
    cleo = claim(client, tid, 1, "Cleo")
    assert summary(client, tid)["host"] == 1  # the next to join hosts
    started = post(client, tid, "start", seat=1, token=cleo)
    assert started.status_code == 200 and started.json()["status"] == "playing"


def test_leaving_is_for_the_waiting_room_only(client: TestClient) -> None:
    created = new_table(client, name="Ann")
    tid = created["id"]
    claim(client, tid, 1, "Bob")  # the last seat: the game starts
    refused = post(client, tid, "leave", seat=0, token=created["token"])
    assert refused.status_code == 409 and refused.json()["rule"] == "not-waiting"
    assert summary(client, tid)["seats"][0]["name"] == "Ann"


def test_the_waiting_room_tells_a_friend_how_the_table_is_set_up(client: TestClient) -> None:
    """The clock, hints, variants and every option's value, in words (issue 25, item 4)."""
    created = new_table(
        client,
        game="capo",
        players=3,
        seats=[{"kind": "human"}] * 3,
        variants=["first-game"],
        clock=60,
        hints=True,
        name="Ann",
    )
    settings = summary(client, created["id"])["settings"]
    assert settings[:3] == [
        "60 seconds per move: when time runs out, a bot makes that move",
        "Hints allowed (the expert bot's suggestion)",
        "Variant: First game",
    ]
    text = " ".join(settings)
    assert "first-game" not in text and "K-" not in text and "event_deck" not in text
    plain = summary(client, new_table(client)["id"])["settings"]
    assert plain[:2] == ["No clock: take the time you need", "No hints"]
