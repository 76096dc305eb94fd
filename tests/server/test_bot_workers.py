"""Search bots choose in worker processes: as they would in-process, other tables go on
meanwhile, failures fall back.

The worker functions below are module-level so a worker process can import them
(``tests`` is on ``sys.path``, see ``pyproject.toml``).
"""

from __future__ import annotations

import asyncio
import functools
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mobtable import bots, games
from mobtable.bots import Decision
from mobtable.bots.levels import MediumBot
from mobtable.bots.search import Budget
from mobtable.core import State
from mobtable.core.record import to_record
from mobtable.games.gangsta.state import GangstaState
from mobtable.server.app import create_app
from mobtable.server.botpool import BotJob, BotPool, decide

from .helpers import act, claim, new_table


def gated_decide(gate: str, started: str, job: BotJob) -> str:
    """Say which process thinks, then burn CPU in pure Python until ``gate`` exists."""
    Path(started).write_text(str(os.getpid()))
    end = time.monotonic() + 60
    spins = 0
    while not os.path.exists(gate):
        spins += sum(range(1000)) & 1  # holds the GIL, like a search
        if time.monotonic() > end:
            raise TimeoutError("the test never opened the gate")
    return decide(job)


def reproducible_decide(iterations: int, job: BotJob) -> str:
    """``decide`` with ``medium`` on an iteration-only budget (no time cap), so its
    choice depends on the seed alone, not on how busy the machine is."""
    MediumBot.budget = Budget(iterations=iterations)
    return decide(job)


def crashing_decide(job: BotJob) -> str:
    raise RuntimeError("the search blew up")


def dying_decide(job: BotJob) -> str:
    os._exit(3)  # the worker process dies: the pool is broken


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(sqlite_url, bot_delay=0, bot_processes=1)
    with TestClient(app) as c:
        yield c


def _wait(predicate, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def _summary(client: TestClient, tid: str) -> dict:  # type: ignore[type-arg]
    return dict(client.get(f"/api/tables/{tid}").json())


def test_another_table_plays_a_whole_game_while_a_search_bot_thinks(
    app_client: TestClient, tmp_path: Path
) -> None:
    gate, started = tmp_path / "gate", tmp_path / "started"
    manager = app_client.app.state.manager  # type: ignore[attr-defined]
    manager.search_pool.worker = functools.partial(gated_decide, str(gate), str(started))
    searching = new_table(app_client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "hard"}])
    a = searching["id"]
    _wait(started.exists)
    assert _summary(app_client, a)["thinking"] == [1]

    other = new_table(app_client)
    b, token0 = other["id"], other["token"]
    token1 = claim(app_client, b, 1)
    played = 0
    while _summary(app_client, b)["status"] != "over":
        for seat, token in ((0, token0), (1, token1)):
            assert act(app_client, b, seat, token, "b0").status_code == 200
            played += 1
    # every one of those moves was served while the bot was still thinking
    assert played >= 6
    still = _summary(app_client, a)
    assert still["thinking"] == [1] and still["moves"] == 0

    gate.touch()
    _wait(lambda: _summary(app_client, a)["moves"] == 1)
    assert _summary(app_client, a)["thinking"] == []
    assert int(started.read_text()) != os.getpid()  # it thought in another process


def _position(game_name: str, seed: int, steps: int) -> State:
    """A state ``steps`` random actions in whose first pending seat has a real choice."""
    game = games.get(game_name)
    state = game.new_state(game.config(game.min_players), seed=seed)
    rng = random.Random(seed)
    for step in range(10 * steps):
        seat = state.pending()[0]
        legal = state.legal(seat)
        if step >= steps and len(legal) > 1:
            return state
        state.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError(f"{game_name}: no choice met")


def test_a_search_bot_in_a_worker_chooses_what_it_chooses_in_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    iterations, seed = 100, 1234
    jobs: list[BotJob] = []
    expected: list[str] = []
    monkeypatch.setattr(MediumBot, "budget", Budget(iterations=iterations))
    for name in ("capo", "cosca", "gangsta"):
        state = _position(name, seed=11, steps=12)
        seat = state.pending()[0]
        jobs.append(BotJob(to_record(state), seat, "medium", seed, games.package_of(name)))
        bot = bots.make("medium", name, seed=seed)
        expected.append(str(bot.choose(Decision(state.clone(), seat))))

    async def in_worker() -> list[str]:
        pool = BotPool(1, functools.partial(reproducible_decide, iterations))
        try:
            return [await pool.run(job) for job in jobs]
        finally:
            await pool.close()

    assert asyncio.run(in_worker()) == expected


@pytest.mark.parametrize("worker", [crashing_decide, dying_decide], ids=["raises", "dies"])
def test_a_failing_search_bot_falls_back_to_the_stand_in_and_the_table_goes_on(
    app_client: TestClient, worker, caplog: pytest.LogCaptureFixture
) -> None:  # type: ignore[no-untyped-def]
    manager = app_client.app.state.manager  # type: ignore[attr-defined]
    manager.search_pool.worker = worker
    created = new_table(app_client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "hard"}])
    tid, token0 = created["id"], created["token"]
    _wait(lambda: _summary(app_client, tid)["moves"] == 1)  # the stand-in bid for the bot
    assert "its stand-in" in caplog.text
    assert _summary(app_client, tid)["seats"][1]["bot"] == "hard"

    manager.search_pool.worker = decide  # a healthy worker (a new pool if the old one broke)
    assert act(app_client, tid, 0, token0, "b0").status_code == 200
    _wait(lambda: _summary(app_client, tid)["moves"] == 3)  # the next round's bid
    assert _summary(app_client, tid)["thinking"] == []


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_stopping_the_server_stops_its_bot_workers(sqlite_url: str) -> None:
    pids: set[int] = set()
    for _ in range(2):
        app = create_app(sqlite_url, bot_delay=0, bot_processes=1)
        with TestClient(app) as client:
            created = new_table(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "hard"}])
            _wait(lambda c=client, t=created["id"]: _summary(c, t)["moves"] == 1)
            pool = app.state.manager.search_pool.pool
            pids |= {p.pid for p in pool._processes.values()}
        assert app.state.manager.search_pool._pool is None
    assert pids
    _wait(lambda: not any(_alive(pid) for pid in pids), timeout=10)


def test_quick_bots_choose_on_the_loop_without_a_thread_or_a_clone(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A random bot's whole game takes no bot thread and no copy of the state: its
    choice costs less than either would."""
    clones = 0
    clone = GangstaState.clone

    def counted(state: GangstaState) -> GangstaState:
        nonlocal clones
        clones += 1
        return clone(state)

    monkeypatch.setattr(GangstaState, "clone", counted)
    app = create_app(sqlite_url, bot_delay=0, bot_processes=1)
    with TestClient(app) as client:
        seats = [{"kind": "bot", "bot": "random"}] * 4
        tid = new_table(client, game="gangsta", players=4, seats=seats, sit=None)["id"]
        _wait(lambda: _summary(client, tid)["status"] == "over")
        turns = app.state.manager.bot_turns
        assert turns._thread_pool is None and clones == 0
