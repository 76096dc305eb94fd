"""Load benchmark for the web server (loopback only; bounded in tables and seconds).

Starts ``python -m mobtable.server`` on a free loopback port with a fresh
SQLite file, opens ``--tables`` tables (each: ``--humans`` seats played by
simulated people over WebSockets, the other seats bots, plus spectators up
to ``--clients`` connections per table), lets them play for ``--seconds``,
then prints actions per second and the p50/p99 latency from a simulated
person's action to every client of that table receiving the updated view.
The clock starts once every client has its first state (the time connecting
is printed), and each table's moves are counted once. The CPU the server and
the generator took while playing is printed too: the server's CPU-ms per
action is the figure that a loaded machine disturbs least.
The first ``--search-tables`` tables seat ``--search-bot`` bots (e.g. ``hard``),
the others ``--bot``; ``--bot-processes`` is passed to the server (0: bots in
threads, the old way). ``--burst N`` creates N bot-only tables (every seat
``--bot``) as fast as it can once play has started, to see how much they slow
the tables with people; ``--server-arg`` passes an option on to the server
(the per-client limits are off unless given: one load generator creates all).
``--callgrind`` runs the server under valgrind's callgrind, counting only while playing,
and prints its instructions per action: the figure a loaded machine does not move (a
server under valgrind plays about 20 moves a second: keep ``--tables`` near 20).

    .venv/bin/python benchmarks/load.py --tables 200 --clients 4 --seconds 30
    .venv/bin/python benchmarks/load.py --tables 100 --search-tables 20 --search-bot hard
    .venv/bin/python benchmarks/load.py --tables 10 --burst 300 --server-arg=--bot-only-moves=0
    .venv/bin/python benchmarks/load.py --tables 20 --seconds 25 --finished 0 --callgrind
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
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
from collections.abc import Callable
from pathlib import Path

import httpx2
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux; NaN elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return float("nan")
    kb = next((line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")), "nan")
    return float(kb) / 1024


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds process ``pid`` has used (Linux; NaN elsewhere)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return float("nan")
    fields = text[text.rindex(")") + 2 :].split()  # the name may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def store_finished_games(db: Path, count: int, game_name: str, players: int) -> list[str]:
    """Store ``count`` finished games of random play (bot seats) in a new database at
    ``db``, for the server to load; their table ids."""
    from sqlalchemy import insert, update

    from mobtable import games
    from mobtable.store import Repository, SeatRow, TableRow
    from mobtable.store.models import ActionModel, TableModel

    game = games.get(game_name)
    config = game.config(players)
    rng = random.Random(7)
    repo = Repository(f"sqlite:///{db}")
    ids = []
    for i in range(count):
        state = game.new_state(config, seed=i)
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, rng.choice(state.legal(seat)))
        row = TableRow(
            id=f"finished{i}",
            game=game.name,
            rules_version=game.rules_version,
            config=config.to_json(),
            seed=i,
            seats=[SeatRow(s, "bot", "random") for s in range(players)],
        )
        repo.create_table(row)
        with repo.engine.begin() as conn:
            actions = [
                {"table_id": row.id, "n": n, "seat": s, "notation": str(a)}
                for n, (s, a) in enumerate(state.history)
            ]
            conn.execute(insert(ActionModel), actions)
            conn.execute(
                update(TableModel)
                .where(TableModel.id == row.id)
                .values(moves=len(actions), status="over", result=state.result().to_json())
            )
        ids.append(row.id)
    repo.close()
    return ids


async def loop_lag(lags: list[float], every: float = 0.01) -> None:
    """How late the generator's own event loop wakes a 10 ms sleep, appended to ``lags``
    until cancelled: the part of every latency that is the generator's, not the server's."""
    while True:
        due = time.perf_counter() + every
        await asyncio.sleep(every)
        lags.append(time.perf_counter() - due)


def callgrind_control(switch: str, pid: int) -> None:
    """Turn the server's instruction counting ``on`` or ``off`` (``--callgrind``)."""
    subprocess.run(
        ["callgrind_control", "-i", switch, str(pid)], check=True, stdout=subprocess.DEVNULL
    )


def callgrind_total(path: Path) -> int:
    """The instructions a callgrind output file counted (its ``totals:`` line; its
    ``summary:`` is what was counted before the last toggle)."""
    for line in path.read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise ValueError(f"no totals in {path}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Connected:
    """Counts the clients that have their first state; set once all of them have.

    At most ``AT_ONCE`` clients are connecting at a time: 4,000 handshakes at once
    overflow the server's listen backlog, and the dropped ones retry after seconds.
    """

    AT_ONCE = 64

    def __init__(self, expected: int) -> None:
        self.expected, self.count, self.all = expected, 0, asyncio.Event()
        self.gate = asyncio.Semaphore(self.AT_ONCE)

    def one(self) -> None:
        """A client has its first state (it holds the gate until then)."""
        self.gate.release()
        self.count += 1
        if self.count >= self.expected:
            self.all.set()


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
    rng: random.Random,
    connected: Connected,
    *,
    counts: bool,
) -> None:
    """One simulated person (``seat``) or spectator (``seat`` ``None``) at ``table``;
    the client with ``counts`` counts the table's moves (one per table: every client
    of a table sees the same moves)."""
    first = False

    def arrived() -> None:
        nonlocal first
        first = True
        connected.one()

    await connected.gate.acquire()
    try:
        await _session(base, table, seat, token, args, latencies, rng, arrived, counts)
    finally:
        if not first:  # it failed before its first state: its place at the gate is free
            connected.gate.release()


async def _session(
    base: str,
    table: Table,
    seat: int | None,
    token: str | None,
    args: argparse.Namespace,
    latencies: list[float],
    rng: random.Random,
    arrived: Callable[[], None],
    counts: bool,
) -> None:
    async with connect(f"ws://{base}/ws/tables/{table.tid}", max_size=2**22) as ws:
        hello = (
            {"type": "hello"} if seat is None else {"type": "hello", "seat": seat, "token": token}
        )
        await ws.send(json.dumps(hello))
        acting: asyncio.Task[None] | None = None
        last = -1
        # No polling timeout: 4,000 idle clients waking every half second cost the
        # generator more CPU than the messages did; the task is cancelled at the end.
        async for raw in ws:
            now = time.perf_counter()
            m = orjson.loads(raw)  # a fifth of json's time: the generator must fit in a core
            if m.get("type") != "state":
                continue
            v = m["version"]
            if last < 0:
                arrived()
            if v > last:
                for w in range(last + 1, v + 1):
                    if w in table.sent:
                        latencies.append(now - table.sent[w])
                        table.seen[w] = table.seen.get(w, 0) + 1
                        if table.seen[w] >= args.clients:
                            table.sent.pop(w, None)
                if counts and last >= 0:
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
    port = free_port()
    db = Path(tempfile.mkdtemp(prefix="mobtable-load-")) / "db.sqlite"
    finished_ids = store_finished_games(db, args.finished, args.game, args.players)
    callgrind_out = Path(db.parent / "callgrind.out") if args.callgrind else None
    wrapper = (
        [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={callgrind_out}",
        ]
        if callgrind_out
        else []
    )
    server = subprocess.Popen(
        [
            *wrapper,
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
            for _ in range(3000 if callgrind_out else 100):  # valgrind starts it ~50x slower
                try:
                    await http.get("/api/games")
                    break
                except httpx2.TransportError:
                    await asyncio.sleep(0.1)
            rss_empty = rss_mb(server.pid)
            half = len(finished_ids) // 2
            rss_finished = []
            for part in (finished_ids[:half], finished_ids[half:]):
                for tid in part:  # each loaded (replayed) into memory, then kept or dropped
                    (await http.get(f"/api/tables/{tid}")).raise_for_status()
                rss_finished.append(rss_mb(server.pid))
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
        new_table_kb = (rss_tables - (rss_finished[-1] if rss_finished else rss_empty)) * 1024
        latencies: list[float] = []
        rng = random.Random(1)
        connected = Connected(len(tables) * args.clients)
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
                            random.Random(rng.random()),
                            connected,
                            counts=k == args.clients - 1,
                        )
                    )
                )
        ramp = time.perf_counter()
        with contextlib.suppress(TimeoutError):  # the clock starts once everyone is there
            await asyncio.wait_for(connected.all.wait(), timeout=120)
        start = time.perf_counter()
        ramp = start - ramp
        rss_connected = rss_mb(server.pid)
        print(f"playing for {args.seconds:g} s", file=sys.stderr, flush=True)  # (to profile)
        latencies.clear()  # what the connecting clients saw is not the pace of play
        for table, _ in tables:
            table.actions = 0
        # The generator's own collections (4,000 clients' objects: up to 0.3 s each at
        # 1,000 tables) would stall every client at once and count as the server's
        # latency: none while playing (its memory growth is printed).
        gc.collect()
        gc.freeze()
        gc.disable()
        own_rss = rss_mb(os.getpid())
        server_cpu, own_cpu = cpu_seconds(server.pid), time.process_time()
        if callgrind_out:
            callgrind_control("on", server.pid)
        burst = asyncio.create_task(bot_only_burst(base, args))
        lags: list[float] = []
        lagging = asyncio.create_task(loop_lag(lags))
        await asyncio.sleep(args.seconds)
        lagging.cancel()
        for task in tasks:
            task.cancel()
        if callgrind_out:
            callgrind_control("off", server.pid)
        server_cpu = cpu_seconds(server.pid) - server_cpu
        own_cpu = time.process_time() - own_cpu
        own_rss = rss_mb(os.getpid()) - own_rss
        gc.enable()
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
            f"bot_processes={'default' if args.bot_processes is None else args.bot_processes} "
            f"connecting={ramp:.1f} s ({connected.count} of {connected.expected} clients)"
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
        lags.sort()
        late = lambda q: lags[int(q * len(lags))] * 1000 if lags else float("nan")  # noqa: E731
        print(
            f"the generator's own loop, late by: p50={late(0.5):.1f} ms p99={late(0.99):.1f} ms "
            f"max={late(1.0 - 1e-9):.1f} ms"
        )
        print(
            f"cpu during play: server {server_cpu / elapsed * 100:.0f}% of a core, "
            f"{server_cpu * 1000 / max(actions, 1):.2f} ms per action; "
            f"load generator {own_cpu / elapsed * 100:.0f}% of a core "
            f"(+{own_rss:.0f} MB, its garbage collector off)"
        )
        if finished_ids:
            first, second = rss_finished[0] - rss_empty, rss_finished[1] - rss_finished[0]
            print(
                f"finished tables (none connected): {half} loaded: +{first:.0f} MB "
                f"({first * 1024 / max(half, 1):.0f} KB each), "
                f"{len(finished_ids) - half} more: +{second:.0f} MB "
                "(the server keeps the --finished-tables most recently used)"
            )
        rss_end = rss_mb(server.pid)
        connections = args.tables * args.clients
        print(
            f"server memory: {rss_empty:.0f} MB empty, {rss_tables:.0f} MB with the tables "
            f"({new_table_kb / args.tables:.0f} KB per new table), {rss_connected:.0f} MB "
            f"with every client connected "
            f"({(rss_connected - rss_tables) * 1024 / connections:.0f} KB per connection), "
            f"{rss_end:.0f} MB at the end "
            f"({(rss_end - rss_connected) * 1024 / args.tables:.0f} KB more per live table); "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        if args.burst:
            print(
                f"burst: {args.burst} bot-only tables asked for in {burst_seconds:.1f} s, "
                f"answers {dict(sorted(statuses.items()))}"
                f" (server options: {' '.join(args.server_arg) or 'defaults'})"
            )
    finally:
        server.terminate()
        server.wait(timeout=120 if callgrind_out else 10)
    if callgrind_out:
        instructions = callgrind_total(callgrind_out)
        print(
            f"server instructions during play (callgrind): {instructions:,}, "
            f"{instructions / max(actions, 1):,.0f} per action"
        )


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
    parser.add_argument(
        "--finished",
        type=int,
        default=512,
        help="finished games stored beforehand and loaded one by one (memory per finished table)",
    )
    parser.add_argument(
        "--callgrind",
        action="store_true",
        help="run the server under valgrind's callgrind and print its instructions per "
        "action during play (the figure load does not move; keep --tables small)",
    )
    parser.add_argument("--burst", type=int, default=0, help="bot-only tables created at once")
    parser.add_argument(
        "--server-arg", action="append", default=[], help="an option for the server (repeatable)"
    )
    args = parser.parse_args()
    if (
        not 0 < args.tables <= 2000
        or not 0 < args.seconds <= 600
        or not 0 <= args.burst <= 2000
        or not 0 <= args.finished <= 4000
    ):
        parser.error("keep it bounded: at most 2000 tables, 600 seconds, 4000 finished games")
    args.humans = min(args.humans, args.clients, args.players)
    try:  # the generator must not be the bottleneck: uvloop where installed (as the server)
        import uvloop
    except ImportError:
        asyncio.run(main(args))
    else:
        uvloop.run(main(args))
