"""Load benchmark for the web server (loopback only; bounded in tables and seconds).

Starts ``python -m mobtable.server`` on a free loopback port with a fresh
SQLite file, opens ``--tables`` tables (each: ``--humans`` seats played by
simulated people over WebSockets, the other seats bots, plus spectators up
to ``--clients`` connections per table), lets them play for ``--seconds``,
then prints actions per second and the p50/p99 latency from a simulated
person's action to every client of that table receiving the updated view.
The first ``--search-tables`` tables seat ``--search-bot`` bots (e.g. ``hard``),
the others ``--bot``; ``--bot-processes`` is passed to the server (0: bots in
threads, the old way). ``--burst N`` creates N bot-only tables (every seat
``--bot``) as fast as it can once play has started, to see how much they slow
the tables with people; ``--server-arg`` passes an option on to the server
(the per-client limits are off unless given: one load generator creates all).

    .venv/bin/python benchmarks/load.py --tables 200 --clients 4 --seconds 30
    .venv/bin/python benchmarks/load.py --tables 100 --search-tables 20 --search-bot hard
    .venv/bin/python benchmarks/load.py --tables 10 --burst 300 --server-arg=--bot-only-moves=0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx2
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from mobtable import native


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux; NaN elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return float("nan")
    kb = next((line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")), "nan")
    return float(kb) / 1024


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Table:
    def __init__(self, tid: str) -> None:
        self.tid = tid
        self.sent: dict[int, float] = {}  # version expected -> time the action left
        self.seen: dict[int, int] = {}  # version -> clients that saw it
        self.actions = 0
        self.over = False


async def client(
    base: str,
    table: Table,
    seat: int | None,
    token: str | None,
    args: argparse.Namespace,
    latencies: list[float],
    stop: asyncio.Event,
    rng: random.Random,
) -> None:
    async with connect(f"ws://{base}/ws/tables/{table.tid}", max_size=2**22) as ws:
        hello = (
            {"type": "hello"} if seat is None else {"type": "hello", "seat": seat, "token": token}
        )
        await ws.send(json.dumps(hello))
        acting: asyncio.Task[None] | None = None
        last = -1
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            m = json.loads(raw)
            if m.get("type") != "state":
                continue
            v = m["version"]
            if v > last:
                for w in range(last + 1, v + 1):
                    if w in table.sent:
                        latencies.append(now - table.sent[w])
                        table.seen[w] = table.seen.get(w, 0) + 1
                        if table.seen[w] >= args.clients:
                            table.sent.pop(w, None)
                if seat is None and table.tid and m is not None and last >= 0:
                    table.actions += v - last
                last = v
            if m["table"]["status"] == "over":
                table.over = True
                break
            if seat is not None and m["legal"] and (acting is None or acting.done()):
                choice = rng.choice(m["legal"])["a"]

                async def act(version: int = v, action: str = choice) -> None:
                    await asyncio.sleep(rng.uniform(args.think_min, args.think_max))
                    table.sent.setdefault(version + 1, time.perf_counter())
                    with contextlib.suppress(ConnectionClosed):
                        await ws.send(json.dumps({"type": "act", "action": action}))

                acting = asyncio.create_task(act())


async def bot_only_burst(base: str, args: argparse.Namespace) -> tuple[Counter[int], float]:
    """Create ``args.burst`` bot-only tables, ten requests at a time: (statuses, seconds)."""
    start, statuses = time.perf_counter(), Counter[int]()
    seats = [{"kind": "bot", "bot": args.bot}] * args.players
    body = {"game": args.game, "players": args.players, "seats": seats, "sit": None}
    gate = asyncio.Semaphore(10)

    async def one(http: httpx2.AsyncClient) -> None:
        async with gate:
            statuses[(await http.post("/api/tables", json=body)).status_code] += 1

    async with httpx2.AsyncClient(base_url=f"http://{base}", timeout=60) as http:
        await asyncio.gather(*(one(http) for _ in range(args.burst)))
    return statuses, time.perf_counter() - start


async def main(args: argparse.Namespace) -> None:
    print(f"engine path (the server inherits it): {native.engine_path()}")
    port = free_port()
    db = Path(tempfile.mkdtemp(prefix="mobtable-load-")) / "db.sqlite"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mobtable.server",
            "--db",
            f"sqlite:///{db}",
            "--port",
            str(port),
            "--bot-delay",
            str(args.bot_delay),
            "--log-level",
            "warning",
            *([] if args.bot_processes is None else ["--bot-processes", str(args.bot_processes)]),
            "--tables-per-minute=0",
            "--bot-tables=0",
            *args.server_arg,
        ],
    )
    base = f"127.0.0.1:{port}"
    try:
        async with httpx2.AsyncClient(base_url=f"http://{base}", timeout=30) as http:
            for _ in range(100):
                try:
                    await http.get("/api/games")
                    break
                except httpx2.TransportError:
                    await asyncio.sleep(0.1)
            rss_empty = rss_mb(server.pid)
            tables: list[tuple[Table, list[str]]] = []
            for i in range(args.tables):
                bot = args.search_bot if i < args.search_tables else args.bot
                seats = [{"kind": "human"}] * args.humans + [{"kind": "bot", "bot": bot}] * (
                    args.players - args.humans
                )
                r = await http.post(
                    "/api/tables",
                    json={
                        "game": args.game,
                        "players": args.players,
                        "seats": seats,
                        "seed": i,
                    },
                )
                created = r.json()
                tokens = [created["token"]]
                for seat in range(1, args.humans):
                    c = await http.post(f"/api/tables/{created['id']}/seats/{seat}/claim", json={})
                    tokens.append(c.json()["token"])
                tables.append((Table(created["id"]), tokens))
        rss_tables = rss_mb(server.pid)
        latencies: list[float] = []
        stop = asyncio.Event()
        rng = random.Random(1)
        tasks = []
        for table, tokens in tables:
            for k in range(args.clients):
                seat = k if k < args.humans else None
                token = tokens[k] if k < args.humans else None
                tasks.append(
                    asyncio.create_task(
                        client(
                            base,
                            table,
                            seat,
                            token,
                            args,
                            latencies,
                            stop,
                            random.Random(rng.random()),
                        )
                    )
                )
        start = time.perf_counter()
        burst = asyncio.create_task(bot_only_burst(base, args))
        await asyncio.sleep(args.seconds)
        stop.set()
        statuses, burst_seconds = await burst
        elapsed = time.perf_counter() - start
        await asyncio.gather(*tasks, return_exceptions=True)
        actions = sum(t.actions for t, _ in tables)
        finished = sum(t.over for t, _ in tables)
        lat = sorted(latencies)
        p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")  # noqa: E731
        print(
            f"tables={args.tables} clients/table={args.clients} humans/table={args.humans} "
            f"game={args.game} seconds={elapsed:.1f} cpus={os.cpu_count()} "
            f"bots={args.bot} search_tables={args.search_tables}x{args.search_bot} "
            f"bot_processes={'default' if args.bot_processes is None else args.bot_processes}"
        )
        searched = sum(t.actions for t, _ in tables[: args.search_tables])
        print(
            f"actions={actions} actions/s={actions / elapsed:.1f} finished_tables={finished} "
            f"(search tables: {searched} actions, {searched / elapsed:.1f}/s)"
        )
        print(
            f"latency action->every client's view: samples={len(lat)} "
            f"p50={p(0.50):.1f} ms p90={p(0.90):.1f} ms p99={p(0.99):.1f} ms "
            f"max={(lat[-1] * 1000 if lat else float('nan')):.1f} ms"
            f" mean={(statistics.fmean(lat) * 1000 if lat else float('nan')):.1f} ms"
        )
        print(
            f"server memory: {rss_empty:.0f} MB empty, {rss_tables:.0f} MB with the tables "
            f"({(rss_tables - rss_empty) * 1024 / args.tables:.0f} KB per new table), "
            f"{rss_mb(server.pid):.0f} MB at the end; load average {os.getloadavg()[0]:.1f}"
        )
        if args.burst:
            print(
                f"burst: {args.burst} bot-only tables asked for in {burst_seconds:.1f} s, "
                f"answers {dict(sorted(statuses.items()))}"
                f" (server options: {' '.join(args.server_arg) or 'defaults'})"
            )
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4, help="WebSocket clients per table")
    parser.add_argument("--humans", type=int, default=2, help="seats played by simulated people")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="gangsta")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--search-tables", type=int, default=0, help="tables with --search-bot")
    parser.add_argument("--search-bot", default="hard")
    parser.add_argument(
        "--bot-processes", type=int, default=None, help="server worker processes (0: threads)"
    )
    parser.add_argument("--bot-delay", type=float, default=0.3)
    parser.add_argument("--think-min", type=float, default=0.3)
    parser.add_argument("--think-max", type=float, default=1.5)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--burst", type=int, default=0, help="bot-only tables created at once")
    parser.add_argument(
        "--server-arg", action="append", default=[], help="an option for the server (repeatable)"
    )
    args = parser.parse_args()
    if not 0 < args.tables <= 2000 or not 0 < args.seconds <= 600 or not 0 <= args.burst <= 2000:
        parser.error("keep it bounded: at most 2000 tables and 600 seconds")
    args.humans = min(args.humans, args.clients, args.players)
    asyncio.run(main(args))
