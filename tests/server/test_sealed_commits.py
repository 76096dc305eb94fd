"""A commit made of several actions (Capo's crew: a count, then each card, K-23) reaches
the other clients as one move: no message, no version, no clock per part, or they could
count the cards."""

from __future__ import annotations

import json
import time
from types import SimpleNamespace
from typing import Any

from fastapi.testclient import TestClient

from mobtable import games
from mobtable.server.app import create_app
from server.helpers import act, claim, new_table

PLAYERS = 3


def _crew(client: TestClient, tid: str, token: str) -> list[str]:
    """Seat 0's crew of two: its count, then its first two hand cards."""
    view = client.get(
        f"/api/tables/{tid}/state", params={"seat": 0}, headers={"X-Seat-Token": token}
    ).json()["view"]
    hand = view["hand"]
    return ["p2", f"d{hand[0]}", f"d{hand[1]}"]


def test_the_parts_of_a_sealed_crew_send_the_others_nothing(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        created = new_table(
            client, game="capo", players=PLAYERS, seed=11, seats=[{"kind": "human"}] * PLAYERS
        )
        tid, tokens = created["id"], [created["token"]]
        tokens += [claim(client, tid, s) for s in range(1, PLAYERS)]
        crew = _crew(client, tid, tokens[0])
        with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
            watcher.send_json({"type": "hello", "seat": 1, "token": tokens[1]})
            first: dict[str, Any] = json.loads(watcher.receive_text())
            for part in crew[:-1]:
                assert act(client, tid, 0, tokens[0], part).status_code == 200
            summary = client.get(f"/api/tables/{tid}").json()
            assert summary["moves"] == first["version"] == 0
            watcher.send_json({"type": "ping"})  # the next message is the pong: nothing came
            assert json.loads(watcher.receive_text()) == {"type": "pong"}
            assert act(client, tid, 0, tokens[0], crew[-1]).status_code == 200
            done = json.loads(watcher.receive_text())
            assert done["type"] == "state" and done["version"] == 1
            assert 0 not in done["table"]["pending"]


def test_a_sealed_crew_keeps_one_clock_for_the_whole_commit(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        created = new_table(
            client,
            game="capo",
            players=PLAYERS,
            seed=11,
            clock=600,
            seats=[{"kind": "human"}] * PLAYERS,
        )
        tid, token = created["id"], created["token"]
        for s in range(1, PLAYERS):
            claim(client, tid, s)
        before = client.get(f"/api/tables/{tid}").json()["deadlines"]["0"]
        time.sleep(0.01)
        crew = _crew(client, tid, token)
        for part in crew[:-1]:
            assert act(client, tid, 0, token, part).status_code == 200
        assert client.get(f"/api/tables/{tid}").json()["deadlines"]["0"] == before


def test_the_actor_counts_its_own_parts_and_nobody_elses() -> None:
    game = games.get("capo")
    state = game.new_state(game.config(PLAYERS), seed=11)
    ids = state.view(0)["hand"]
    for text in ["p2", f"d{ids[0]}"]:
        state.apply_text(0, text)
    assert state.moves_seen_by(0) == 2
    assert state.moves_seen_by(1) == state.moves_seen_by(None) == 0
    assert state.commit_bound(1) == 1 + len(state.view(1)["hand"])
    open_config = game.config(PLAYERS, options={"crew_sizes": "open"})
    open_state = game.new_state(open_config, seed=11)
    open_state.apply_text(0, "p2")
    assert open_state.moves_seen_by(1) == 1


DELAY = 5.0
"""The bot delay in the crew tests: waited in no time (sleep is replaced), and long
enough that a slow machine's searches never use up the allowance it is padded to."""


def _bot_crew_sleeps(bot: str, monkeypatch: Any) -> tuple[list[float], int, float]:
    """The sleeps of a bot seat choosing its whole Capo crew, how many actions it took,
    and the seconds the whole decision really took (its searches: the sleeps take none)."""
    import asyncio

    from mobtable.server import bot_turns
    from mobtable.server.session import TableSession
    from mobtable.store import SeatRow, TableRow

    sleeps: list[float] = []

    async def no_wait(seconds: float) -> None:
        sleeps.append(seconds)

    monkeypatch.setattr(bot_turns.asyncio, "sleep", no_wait)
    monkeypatch.setattr(bot_turns, "secrets", SimpleNamespace(randbits=lambda bits: 7))  # its seed
    game = games.get("capo")
    state = game.new_state(game.config(PLAYERS), seed=11)
    seats = [SeatRow(0, "bot", bot), SeatRow(1, "human"), SeatRow(2, "human")]
    row = TableRow("crew", "capo", game.rules_version, state.config.to_json(), 11, seats=seats)
    table = TableSession(row, state)

    async def run() -> None:
        async def apply(live: TableSession, seat: int, notation: str) -> int:
            live.state.apply_text(seat, notation)
            turns.schedule(live)  # as the manager does after every change
            return live.version

        turns = bot_turns.BotTurns(apply, delay=DELAY, processes=0)
        turns.schedule(table)
        while turns.tasks:
            await asyncio.gather(*list(turns.tasks))
        await turns.stop()

    started = time.monotonic()  # the event loop's clock
    asyncio.run(run())
    return sleeps, len(state.history), time.monotonic() - started


def test_a_quick_bots_crew_waits_the_bot_delay_once_not_per_card(monkeypatch: Any) -> None:
    sleeps, actions, _ = _bot_crew_sleeps("greedy", monkeypatch)
    assert actions >= 2  # a count and at least one card
    assert sleeps == [DELAY]


def test_a_search_bots_crew_takes_its_cap_for_every_action_a_crew_could_take(
    monkeypatch: Any,
) -> None:
    from mobtable import bots

    sleeps, actions, took = _bot_crew_sleeps("medium", monkeypatch)
    cap = bots.think_time("medium", "capo")
    hand = 5
    assert actions < 1 + hand  # a crew smaller than the bound, so the two paddings differ
    assert sleeps[0] == DELAY and len(sleeps) == 2  # the delay, then one padding for the crew
    # The padding fills the crew up to the delay plus a cap per possible action (the count
    # and up to a whole hand), whatever size it chose, minus the time the searches took.
    # Padding to the actions taken would leave cap * (1 + hand - actions) unexplained.
    unpadded = DELAY + cap * (1 + hand) - sleeps[1]
    assert 0 < unpadded <= took + 0.01
