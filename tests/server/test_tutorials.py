"""Tutorial tables (``POST /api/tutorials``, ``server/tutorials.py``): each game's guided
first game played through the API exactly as scripted, its guide in the learner's state,
a move the lesson does not teach refused over HTTP and the WebSocket with nothing
changed, never in the lobby, the same game after a restart, and bad input refused."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mobtable import games
from mobtable.bots import Bot, Decision
from mobtable.core.tutorial import LEARNER, Tutorial
from mobtable.server import tutorials
from mobtable.server.app import create_app
from server.helpers import act, state

TAUGHT = ["gangsta", "cosca", "capo"]


def tutorial_of(name: str) -> Tutorial:
    tutorial = games.get(name).tutorial
    assert tutorial is not None
    return tutorial


def open_tutorial(client: TestClient, game: str, **extra: Any) -> tuple[str, str]:
    response = client.post("/api/tutorials", json={"game": game, **extra})
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["seat"] == LEARNER and body["url"] == f"/t/{body['id']}"
    return str(body["id"]), str(body["token"])


def learner_state(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    response = state(client, tid, LEARNER, token)
    assert response.status_code == 200, response.text
    return dict(response.json())


def lesson_due(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    """The learner's state once the guide has a lesson for it (or is done)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = learner_state(client, tid, token)
        guide = now["guide"]
        if guide["done"] or guide["say"] is not None:
            return now
        time.sleep(0.02)
    raise AssertionError("the bots never got to the learner's next lesson")


def play_lessons(
    client: TestClient, tid: str, token: str, tutorial: Tutorial, stop_after: int | None = None
) -> dict[str, Any]:
    """Play the lessons as taught (after a wrong move at each where there is one), checking
    the guide and the refusal at every step; the state after the last (or ``stop_after``)."""
    while True:
        now = lesson_due(client, tid, token)
        guide = now["guide"]
        if guide["done"] or (stop_after is not None and guide["lesson"] > stop_after):
            return now
        k = guide["lesson"] - 1
        lesson = tutorial.lessons[k]
        assert guide["lessons"] == len(tutorial.lessons)
        assert guide["say"] == lesson.say and guide["point"] == lesson.point
        assert (guide["welcome"] == tutorial.welcome) == (k == 0)
        legal = [m["a"] for m in now["legal"]]
        taught = lesson.move or legal[0]
        assert taught in legal, f"lesson {k + 1}: {taught} is not legal here"
        if lesson.move is not None:
            label = next(m["label"] for m in now["legal"] if m["a"] == lesson.move)
            assert guide["move"] == label
        wrong = [a for a in legal if a != taught]
        if wrong:
            refused = act(client, tid, LEARNER, token, wrong[0])
            assert refused.status_code == 409, refused.text
            assert refused.json()["rule"] == "tutorial"
            assert lesson.wrong in refused.json()["detail"]
            again = learner_state(client, tid, token)
            assert again["guide"] == guide and again["legal"] == now["legal"]
            if now["table"]["pending"] == [LEARNER]:  # else a bot may commit meanwhile
                assert again["version"] == now["version"] and again["view"] == now["view"]
        accepted = act(client, tid, LEARNER, token, taught)
        assert accepted.status_code == 200, accepted.text


@pytest.mark.parametrize("game", TAUGHT)
def test_a_tutorial_table_plays_the_scripted_game_and_refuses_other_moves(
    client: TestClient, game: str
) -> None:
    tutorial = tutorial_of(game)
    tid, token = open_tutorial(client, game)
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["tutorial"] is True and summary["rated"] is False
    assert summary["status"] == "playing" and summary["clock"] is None
    names = [s["display"] for s in summary["seats"]]
    assert names == list(tutorial.names)
    assert [s["bot"] for s in summary["seats"][1:]] == [tutorial.bot] * (tutorial.players - 1)
    end = play_lessons(client, tid, token, tutorial)
    assert end["guide"]["done"] and end["guide"]["farewell"] == tutorial.farewell
    assert end["guide"]["say"] is None and end["guide"]["point"] is None
    assert act(client, tid, LEARNER, token, "nonsense!").status_code == 400  # as at any table


def test_a_tutorial_is_never_in_the_lobby_and_only_the_learner_reads_the_guide(
    client: TestClient,
) -> None:
    tid, token = open_tutorial(client, "gangsta", name="Mia")
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert tid not in listed
    watching = state(client, tid, None, None).json()
    assert watching["guide"] is None and watching["table"]["seats"][0]["display"] == "Mia"
    assert learner_state(client, tid, token)["guide"]["lessons"] == 8


def test_a_wrong_move_over_the_websocket_is_explained_and_the_socket_stays(
    client: TestClient,
) -> None:
    tutorial = tutorial_of("gangsta")
    tid, token = open_tutorial(client, "gangsta")
    play_lessons(client, tid, token, tutorial, stop_after=1)  # the forced first one
    lesson = tutorial.lessons[1]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": LEARNER, "token": token})
        first = ws.receive_json()
        while first["type"] != "state" or first["guide"]["say"] is None:
            first = ws.receive_json()
        assert first["guide"]["lesson"] == 2 and first["guide"]["point"] == "hand"
        wrong = next(m["a"] for m in first["legal"] if m["a"] != lesson.move)
        ws.send_json({"type": "act", "action": wrong, "ref": 3})
        refused = ws.receive_json()
        while refused["type"] != "error":
            refused = ws.receive_json()
        assert refused["rule"] == "tutorial" and refused["ref"] == 3
        assert refused["message"].startswith(lesson.wrong)
        assert learner_state(client, tid, token)["version"] == first["version"]
        ws.send_json({"type": "act", "action": lesson.move})
        after = ws.receive_json()
        while after["type"] != "state" or after["version"] == first["version"]:
            after = ws.receive_json()
        assert after["guide"]["lesson"] == 3


@pytest.mark.parametrize("game", ["cosca", "capo"])
def test_a_tutorial_resumed_after_a_restart_stays_the_scripted_game(
    tmp_path: Path, game: str
) -> None:
    """The bots' draws are replayed with the stored moves: the lessons still meet their
    positions after the server restarts in the middle."""
    url = f"sqlite:///{tmp_path / 'mobtable.sqlite'}"
    tutorial = tutorial_of(game)
    with TestClient(create_app(url, bot_delay=0)) as first:
        tid, token = open_tutorial(first, game)
        play_lessons(first, tid, token, tutorial, stop_after=3)
    with TestClient(create_app(url, bot_delay=0)) as second:
        end = play_lessons(second, tid, token, tutorial)
        assert end["guide"]["done"]


@pytest.mark.parametrize("game", ["cosca", "capo"])  # Gangsta's greedy bot draws nothing
def test_a_resumed_tutorials_bots_have_made_the_draws_of_their_moves(game: str) -> None:
    """The bots of a table loaded with moves stored are where the bots that made those
    moves were: same seeds, same draws (their generators' states are equal)."""
    tutorial = tutorial_of(game)
    row = tutorials.table_row("t", games.get(game), tutorial, "digest", None)
    live = tutorials.tutorial_bots(row)
    state = games.get(game).new_state(games.get(game).config_from_json(row.config), seed=row.seed)
    rng = random.Random(0)
    while len(state.history) < 40 and not state.is_over():
        seat = state.pending()[-1]
        if seat == LEARNER:
            action = rng.choice(state.legal(seat))
        else:
            action = live[seat].choose(Decision(state, seat))
        state.apply(seat, action)
        row.actions.append((seat, str(action)))
    resumed = tutorials.tutorial_bots(row)
    assert sorted(resumed) == sorted(live)
    for seat, bot in resumed.items():
        assert isinstance(bot, Bot) and bot.rng.getstate() == live[seat].rng.getstate()
    assert any(
        b.rng.getstate() != random.Random(tutorial.bot_seed(s)).getstate() for s, b in live.items()
    )


def test_the_rematch_of_a_tutorial_is_a_real_game(client: TestClient) -> None:
    """Played to its end, a tutorial is not among the finished games of the lobby, and its
    rematch is dealt at random, with no lessons."""
    tutorial = tutorial_of("capo")
    tid, token = open_tutorial(client, "capo")
    play_lessons(client, tid, token, tutorial)
    rng = random.Random(1)
    deadline = time.monotonic() + 60
    while (now := learner_state(client, tid, token))["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the game did not end"
        if now["legal"]:
            act(client, tid, LEARNER, token, rng.choice(now["legal"])["a"])
        else:
            time.sleep(0.02)
    assert tid not in [t["id"] for t in client.get("/api/tables?status=over").json()]
    again = client.post(f"/api/tables/{tid}/rematch", json={"seat": LEARNER, "token": token})
    assert again.status_code == 200, again.text
    rematch = learner_state(client, again.json()["id"], token)
    assert rematch["table"]["tutorial"] is False and rematch["guide"] is None


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"game": "chess"}, 404),
        ({"game": "sealed-bid"}, 404),  # a game without a guided game
        ({}, 422),
        ({"game": "cosca", "seed": 3}, 422),
        ({"game": "cosca", "name": "Carla"}, 409),
        ({"game": "cosca", "name": "x" * 500}, 422),
        ({"game": ["cosca"]}, 422),
    ],
)
def test_bad_input_is_a_clear_4xx(client: TestClient, body: Any, status: int) -> None:
    response = client.post("/api/tutorials", json=body)
    assert response.status_code == status, response.text
    assert response.json()["detail"]


def test_a_huge_body_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/tutorials",
        content=b'{"game": "cosca", "name": "' + b"a" * 100_000 + b'"}',
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413
