"""Side channels closed: nothing a seat or a spectator is shown depends on what it may not
know. The lobby orders tables by the moves every spectator knows of, and a hint is seeded
from what the asking seat knows, so two tables that differ only in another seat's face-down
Capo cards list, and advise, identically."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobtable import games
from mobtable.bots.hints import HINT_LEVEL
from mobtable.bots.search import Budget
from mobtable.core import State
from mobtable.server import hints
from mobtable.server.app import create_app
from mobtable.server.session import TableSession
from mobtable.store import SeatRow, TableRow
from server.helpers import act, claim, new_table

PLAYERS = 3
SEED = 11


def _crew_of(client: TestClient, tid: str, token: str, size: int) -> None:
    """Seat 0 lays a whole crew of ``size`` face-down cards (a count, then each card)."""
    view = client.get(
        f"/api/tables/{tid}/state", params={"seat": 0}, headers={"X-Seat-Token": token}
    ).json()["view"]
    for part in [f"p{size}", *(f"d{card}" for card in view["hand"][:size])]:
        assert act(client, tid, 0, token, part).status_code == 200


def _lobby_after_crews(sqlite_url: str, sizes: tuple[int, int]) -> list[tuple[int, int]]:
    """Two Capo tables whose first seats laid crews of ``sizes``: the lobby, as the rank
    of each table's creation and the moves shown."""
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        made = []
        for size in sizes:
            created = new_table(
                client, game="capo", players=PLAYERS, seed=SEED, seats=[{"kind": "human"}] * 3
            )
            for s in range(1, PLAYERS):
                claim(client, created["id"], s)
            _crew_of(client, created["id"], created["token"], size)
            made.append(created["id"])
        lobby = client.get("/api/tables").json()
        return [(made.index(t["id"]), t["moves"]) for t in lobby]


def test_the_lobby_lists_tables_differing_only_in_hidden_crews_identically(
    tmp_path: Any,
) -> None:
    small_first = _lobby_after_crews(f"sqlite:///{tmp_path / 'a.sqlite'}", (1, 3))
    big_first = _lobby_after_crews(f"sqlite:///{tmp_path / 'b.sqlite'}", (3, 1))
    assert small_first == big_first == [(0, 1), (1, 1)]


# -- hints ---------------------------------------------------------------------------


def _capo_with_crew(size: int, missing: int) -> State:
    """Capo at the crew choice, seat 0 having declared a crew of ``size`` cards and laid
    all but ``missing`` of them face down."""
    game = games.get("capo")
    state = game.new_state(game.config(PLAYERS), seed=SEED)
    hand = state.view(0)["hand"]
    for part in [f"p{size}", *(f"d{card}" for card in hand[: size - missing])]:
        state.apply_text(0, part)
    return state


class _Recorder:
    """A stand-in for the bot turns: runs the hint's search here, keeping each job."""

    def __init__(self) -> None:
        self.jobs: list[hints.HintJob] = []

    async def search(self, fn: Any, job: hints.HintJob) -> Any:
        self.jobs.append(job)
        return fn(job)


def _hint_for_seat_1(state: State) -> tuple[hints.HintJob, dict[str, Any]]:
    """What the server's hint desk answers seat 1 at a table in ``state`` (an iteration
    budget instead of the hint level's time cap: a search with a fixed seed then repeats)."""
    seats = [SeatRow(i, "human", token_hash="x") for i in range(PLAYERS)]
    row = TableRow("t", "capo", state.game.rules_version, state.config.to_json(), SEED)
    row.seats, row.hints = seats, True
    table = TableSession(row, state)
    turns = _Recorder()
    desk = hints.HintDesk(turns, cooldown=0)  # type: ignore[arg-type]
    desk.budget = Budget(iterations=60)
    answer = asyncio.run(desk.ask(table, 1))
    return turns.jobs[0], answer


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    sizes=st.tuples(st.integers(1, 3), st.integers(1, 3)),
    missing=st.integers(0, 1),
)
def test_a_hint_is_the_same_whatever_another_seats_hidden_crew(
    sizes: tuple[int, int], missing: int
) -> None:
    one = _capo_with_crew(sizes[0], missing)
    other = _capo_with_crew(sizes[1], missing)
    assert one.view(1) == other.view(1)  # seat 1 cannot tell them apart
    job_one, answer_one = _hint_for_seat_1(one)
    job_other, answer_other = _hint_for_seat_1(other)
    assert job_one.seed == job_other.seed
    assert job_one.level is job_other.level is HINT_LEVEL  # the chosen level searches
    assert "games the expert bot played out from here" in answer_one["reason"]
    assert answer_one == answer_other


# -- a seed chosen by the creator ------------------------------------------------------


def test_a_chosen_seed_is_told_to_everyone_before_they_sit(sqlite_url: str) -> None:
    notice = (
        "Ann chose the seed of this deal, so Ann can know every hand before it is played: "
        "join only if you agree."
    )
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        chosen = new_table(client, seed=42, name="Ann")["id"]
        drawn = new_table(client, name="Bea")["id"]
        page = client.get(f"/api/tables/{chosen}").json()  # what the join page shows
        assert page["status"] == "waiting" and page["free_seats"] == [1]
        assert page["seed_chosen"] is True and page["seed_notice"] == notice
        assert "42" not in page["seed_notice"]
        with client.websocket_connect(f"/ws/tables/{chosen}") as ws:  # the waiting room
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["table"]["seed_notice"] == notice
        lobby = {t["id"]: t for t in client.get("/api/tables").json()}
        assert lobby[chosen]["seed_notice"] == notice
        assert lobby[drawn]["seed_chosen"] is False and lobby[drawn]["seed_notice"] is None
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:  # stored with the table
        assert client.get(f"/api/tables/{chosen}").json()["seed_notice"] == notice


def test_a_rematch_draws_its_seed_and_says_nothing(client: TestClient) -> None:
    created = new_table(client, seed=42)
    tid, token0 = created["id"], created["token"]
    token1 = claim(client, tid, 1)
    for _ in range(3):
        act(client, tid, 0, token0, "b0")
        act(client, tid, 1, token1, "b0")
    rematch = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": token0}).json()
    summary = client.get(f"/api/tables/{rematch['id']}").json()
    assert summary["seed_chosen"] is False and summary["seed_notice"] is None
