"""Hints on request where the table allows them, the clock's announcement, the result's words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mobtable.bots.hints import HINT_LEVEL
from mobtable.server.app import create_app
from server.helpers import act, claim, new_table


@pytest.fixture
def threads_client(sqlite_url: str) -> Iterator[TestClient]:
    """Search bots (and hints) in threads: no worker processes to start."""
    app = create_app(sqlite_url, bot_delay=0, bot_processes=0)
    with TestClient(app) as c:
        yield c


def _hello(ws: Any, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "seat": seat, "token": token})
    return dict(ws.receive_json())


def _gangsta(client: TestClient, **spec: Any) -> dict[str, Any]:
    return new_table(
        client,
        game="gangsta",
        players=3,
        seats=[
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ],
        seed=7,
        **spec,
    )


def test_a_hint_names_a_legal_move_in_words_with_a_reason_for_that_seat_only(
    threads_client: TestClient,
) -> None:
    created = _gangsta(threads_client, hints=True)
    tid, token = created["id"], created["token"]
    assert threads_client.get(f"/api/tables/{tid}").json()["hints"] is True
    with threads_client.websocket_connect(f"/ws/tables/{tid}") as ws:
        first = _hello(ws, 0, token)
        assert first["table"]["hints"] is True
        labels = {m["label"] for m in first["legal"]}
        ws.send_json({"type": "hint"})
        answer = ws.receive_json()
        assert answer["type"] == "hint", answer
        assert answer["label"] in labels
        assert answer["action"] in {m["a"] for m in first["legal"]}
        assert answer["reason"] and answer["action"] not in answer["reason"]
        only = answer["reason"] == "it is your only move"
        assert only or "games the expert bot played out from here" in answer["reason"]
        ws.send_json({"type": "hint"})  # again at once: refused, the socket stays open
        again = ws.receive_json()
        assert again["type"] == "error" and again["rule"] == "rate"
        assert "ask again in" in again["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_the_lobby_names_the_level_hints_consult() -> None:
    """The create form's words (static JavaScript) name :data:`HINT_LEVEL`, as the
    server's do."""
    lobby = (resources.files("mobtable.web") / "lobby.js").read_text(encoding="utf-8")
    [offer] = re.findall(r"Allow hints \(the (\w+) bot's suggestion", lobby)
    assert offer == HINT_LEVEL.name


def test_hints_are_refused_where_the_table_is_off_and_for_spectators(
    threads_client: TestClient,
) -> None:
    off = _gangsta(threads_client)
    assert threads_client.get(f"/api/tables/{off['id']}").json()["hints"] is False
    with threads_client.websocket_connect(f"/ws/tables/{off['id']}") as ws:
        _hello(ws, 0, off["token"])
        ws.send_json({"type": "hint"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["rule"] == "hints"
        assert "hints are off at this table" in refused["message"]
    on = _gangsta(threads_client, hints=True)
    with threads_client.websocket_connect(f"/ws/tables/{on['id']}") as ws:
        _hello(ws)
        ws.send_json({"type": "hint"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and "spectators" in refused["message"]


def test_hints_is_a_strict_boolean_option_and_a_rematch_keeps_it(client: TestClient) -> None:
    bad = client.post(
        "/api/tables", json={"game": "sealed-bid", "players": 2, "hints": "yes", "sit": 0}
    )
    assert bad.status_code == 422
    created = new_table(client, hints=True)
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1)
    for _ in range(3):
        act(client, tid, 0, token0, "b0")
        act(client, tid, 1, token1, "b0")
    rematch = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": token0}).json()
    assert client.get(f"/api/tables/{rematch['id']}").json()["hints"] is True


def test_when_the_clock_runs_out_every_client_is_told_in_its_words(client: TestClient) -> None:
    created = new_table(client, clock=1, name="Ann")
    tid, token = created["id"], created["token"]
    token1 = claim(client, tid, 1, "Bob")
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as ann,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        _hello(ann, 0, token)
        _hello(watcher)
        act(client, tid, 1, token1, "b3")  # Bob bids; Ann lets her clock run out
        notices = {}
        for name, ws in (("ann", ann), ("watcher", watcher)):
            while name not in notices:
                message = ws.receive_json()
                if message["type"] == "notice":
                    notices[name] = message
    assert notices["ann"]["kind"] == "timeout"
    assert notices["ann"]["text"] == "Your time ran out: a bot makes this move for you."
    assert notices["watcher"]["text"] == "Time ran out for Ann: a bot makes this move."


def test_the_end_comes_with_the_games_sentence_in_each_readers_words(client: TestClient) -> None:
    created = new_table(client, name="Ann")
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1, "Bob")
    for _ in range(3):
        act(client, tid, 0, token0, "b1")
        act(client, tid, 1, token1, "b0")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        final = _hello(ws, 0, token0)
    assert final["table"]["status"] == "over"
    winner = final["table"]["result"]["winners"][0]
    assert ("You" if winner == 0 else "Bob") in final["outcome"]
    replay = client.get(f"/api/tables/{tid}/replay").json()
    assert ["Ann", "Bob"][winner] in replay["outcome"] and "You" not in replay["outcome"]
    # what decided it, the same for every reader: nothing to say where no tie-break was needed
    assert final["tiebreak"] is None and replay["tiebreak"] is None
    state = client.get(f"/api/tables/{tid}/state?seat=0", headers={"X-Seat-Token": token0}).json()
    assert state["outcome"] == final["outcome"] and state["tiebreak"] == final["tiebreak"]


def test_a_runner_up_with_a_higher_share_is_said_to_rest_on_too_few_games() -> None:
    """The hint is ranked by its interval (``bots.hints.ranked``): a runner-up showing a
    higher share than the hint says why it is not the hint."""
    from types import SimpleNamespace

    from mobtable import games
    from mobtable.core.narrator import Narrator
    from mobtable.server.hints import Advice, HintDesk

    game = games.get("sealed-bid")
    live = game.new_state(game.config(2), seed=1)
    table = SimpleNamespace(state=live, narrator=lambda seat: Narrator(game, seat, [], 2))
    higher = Advice("b3", 0.40, 900, "b2", 0.45, only=False)
    assert "higher but from too few games to trust" in HintDesk._words(table, 0, higher)["reason"]
    lower = Advice("b3", 0.40, 900, "b2", 0.30, only=False)
    assert "too few games" not in HintDesk._words(table, 0, lower)["reason"]


def test_a_hint_counts_its_games_as_the_terminal_does() -> None:
    """ "it won 40% of 2,500 games", with the thousands separated, as the terminal writes it."""
    from types import SimpleNamespace

    from mobtable import games
    from mobtable.core.narrator import Narrator
    from mobtable.server.hints import Advice, HintDesk

    game = games.get("sealed-bid")
    live = game.new_state(game.config(2), seed=1)
    table = SimpleNamespace(state=live, narrator=lambda seat: Narrator(game, seat, [], 2))
    advice = Advice("b3", 0.40, 2500, None, 0.0, only=False)
    assert "it won 40% of 2,500 games" in HintDesk._words(table, 0, advice)["reason"]
