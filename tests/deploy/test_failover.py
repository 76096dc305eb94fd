"""Three server processes on one PostgreSQL behind HAProxy (``deploy/haproxy.cfg``, TLS and
all), on loopback: whole games played through the balancer over HTTP and WebSockets, the
process holding a table SIGKILLed mid-game, and the game goes on in another process with
no acknowledged move lost."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator

import httpx2
import pytest

from support.cluster import Cluster, running_cluster
from support.players import Ledger, audit, play_table, quiet_websockets

TABLES = 6


@pytest.fixture(scope="module")
def cluster(pg_admin: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(pg_admin, tmp_path_factory.mktemp("cluster")) as running:
        yield running


async def _games_with_a_kill(cluster: Cluster) -> tuple[list[Ledger], int, str, float]:
    rng = random.Random(28)
    until = time.monotonic() + 80
    ledgers = [Ledger() for _ in range(TABLES)]
    games = [
        asyncio.create_task(play_table(cluster.base, cluster.ws_base, rng, until, ledger))
        for ledger in ledgers
    ]
    victim = ledgers[0]
    while len(victim.acked) < 10:  # mid-game
        assert time.monotonic() < until, "the first table never got going"
        await asyncio.sleep(0.05)
    holder = cluster.holder_of(victim.table_id)
    assert holder is not None
    killed_at = time.monotonic()
    cluster.kill(holder)
    await asyncio.gather(*games)
    acks = zip(victim.acked, victim.latencies, strict=True)
    after = [when for (_s, _a, when), took in acks if when - took > killed_at]  # sent after
    assert after, "no move was acknowledged at the table after its process was killed"
    return ledgers, holder, victim.table_id, after[0] - killed_at


def test_a_game_goes_on_in_another_process_when_its_holder_is_killed(cluster: Cluster) -> None:
    with quiet_websockets():
        ledgers, killed, table_id, recovered = asyncio.run(_games_with_a_kill(cluster))
    assert all(ledger.over for ledger in ledgers), [(len(x.acked), x.unsure) for x in ledgers]
    now_held_by = cluster.holder_of(table_id)
    assert now_held_by is not None and now_held_by != killed
    report = audit(cluster.db_url, ledgers)
    assert report.lost == 0, report.missing[:5]
    assert report.bad_records == [] and report.checked == TABLES
    assert report.unfinished == 0
    assert recovered < 15, f"the table took {recovered:.1f} s to play again"
    cluster.start_server(killed)  # back in the pool for the next test


def test_every_process_shows_the_same_lobby(cluster: Cluster) -> None:
    async def open_some() -> list[str]:
        async with httpx2.AsyncClient(base_url=cluster.base, verify=False, timeout=30) as http:
            ids = []
            for _ in range(4):
                made = await http.post(
                    "/api/tables",
                    json={
                        "game": "cosca",
                        "players": 4,
                        "sit": 0,
                        "seats": [{"kind": "human"}] * 4,
                    },
                )
                ids.append(made.json()["id"])
            return ids

    ids = asyncio.run(open_some())
    time.sleep(1.5)  # one lease beat: each holder writes its tables' summaries
    for port in cluster.ports:  # each process directly, not through the balancer
        lobby = httpx2.get(f"http://127.0.0.1:{port}/api/tables?status=waiting").json()
        assert {t["id"] for t in lobby} >= set(ids)
