"""Several server processes behind HAProxy on one PostgreSQL, on loopback: failover and load.

``failover``: three processes (``deploy/haproxy.cfg``, TLS and all), ``--tables`` tables of
four simulated people each playing whole games (a finished table is replaced by a new
one); every ``--every`` seconds one process is SIGKILLed and started again, ``--kills``
times. Prints the moves acknowledged and lost (an acknowledged move missing from the
stored record), every record checked (``core.record.check``), the time from a kill to the
next acknowledged move at each table the killed process held (p50/p99), and the processes
left over at the end (must be none).

``load``: ``--tables`` tables of 4 people thinking ``--think`` seconds a move (each think
drawn from ``think * (1 +- think_spread)``), through the balancer on 1, 2 and 3 processes
(``--processes``), each on a fresh database: the tables open ``--stagger`` s apart, play
``--warmup`` s more, then ``--seconds`` are measured: acknowledged moves a second, p50/p99
of a move's acknowledgement (HTTP, through TLS and the balancer), each server process's
CPU and memory (at the start, peak and end), HAProxy's and PostgreSQL's CPU, and the
generators' own. The simulated people are driven by ``--generators`` processes (this
script's ``generate`` mode, each its share of the tables: one Python process cannot do
4,000 people's TLS); the load average is printed (the machine may be shared).

    .venv/bin/python benchmarks/soak.py failover --tables 12 --kills 100 --every 20
    .venv/bin/python benchmarks/soak.py load --tables 1000 --think 8 --think-spread 0.5 \
        --generators 4 --stagger 0.06 --processes 1 2 3 --warmup 30 --seconds 90
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from server.processes import alive, descendants  # noqa: E402
from support.cluster import SERVERS, Cluster, find_haproxy  # noqa: E402
from support.players import Ledger, audit, play_table, quiet_websockets  # noqa: E402
from support.postgres import TemporaryServer, find_bindir  # noqa: E402

STAGGER = 0.25
"""Seconds between the first tables' openings: 160 TLS handshakes at once on a loaded
machine overflow the listen backlogs, and the retries never settle."""


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def cpu_seconds(pid: int) -> float:
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    kb = next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))
    return float(kb) / 1024


async def keep_playing(
    cluster: Cluster,
    args: argparse.Namespace,
    rng: random.Random,
    until: float,
    ledgers: list[Ledger],
) -> None:
    """``args.tables`` tables in play at all times until ``until`` (each finished one
    replaced by a new one), their ledgers appended to ``ledgers`` as they open."""

    async def one_after_another(index: int) -> None:
        await asyncio.sleep(index * STAGGER)  # not every table's handshakes at once
        while time.monotonic() < until - 5:
            ledger = Ledger()
            ledgers.append(ledger)
            try:
                await play_table(
                    cluster.base, cluster.ws_base, rng, until, ledger, think=args.think
                )
            except Exception as exc:  # a table that could not even be opened
                print(f"  a table failed to open: {exc!r}", flush=True)
                ledgers.remove(ledger)
                await asyncio.sleep(1)

    await asyncio.gather(*(one_after_another(i) for i in range(args.tables)))


async def failover(cluster: Cluster, args: argparse.Namespace) -> dict[str, object]:
    rng = random.Random(args.seed)
    until = time.monotonic() + args.every * (args.kills + 1) + 30
    ledgers: list[Ledger] = []
    play = asyncio.create_task(keep_playing(cluster, args, rng, until, ledgers))
    recoveries: list[float] = []
    unrecovered = 0
    kills = 0
    await asyncio.sleep(args.every)
    for kill in range(args.kills):
        victim = kill % SERVERS
        held = [x for x in ledgers if not x.over and x.table_id]
        held = [x for x in held if cluster.holder_of(x.table_id) == victim]
        killed_at = time.monotonic()
        cluster.kill(victim)
        kills += 1
        cluster.start_server(victim, wait=False)  # up when it is up: the kills go on meanwhile
        await asyncio.sleep(max(0.0, args.every - (time.monotonic() - killed_at)))
        for ledger in held:  # the first move sent after the kill and acknowledged
            acks = zip(ledger.acked, ledger.latencies, strict=True)
            after = [w for (_s, _a, w), lat in acks if w - lat > killed_at]
            if after:
                recoveries.append(after[0] - killed_at)
            elif not ledger.over:
                unrecovered += 1
        print(
            f"kill {kills}: server {victim + 1}, {len(held)} tables held; "
            f"acknowledged so far {sum(len(x.acked) for x in ledgers)}; load {load_average()}",
            flush=True,
        )
        if args.verbose:
            for x in ledgers:
                if not x.over:
                    holder = cluster.holder_of(x.table_id)
                    print(
                        f"  {x.table_id} at {holder}: {len(x.acked)} acked; {x.doing}", flush=True
                    )
            print(f"  leases: {cluster.leases()}", flush=True)
    await play
    report = audit(cluster.db_url, ledgers)
    return {
        "kills": kills,
        "tables": len(ledgers),
        "acknowledged": report.acked,
        "unsure": sum(len(x.unsure) for x in ledgers),
        "lost": report.lost,
        "missing": report.missing[:10],
        "stored": report.stored,
        "records checked": report.checked,
        "bad records": report.bad_records[:10],
        "unfinished at the end": report.unfinished,
        "tables held by a killed process": len(recoveries) + unrecovered,
        "not playable again within the kill interval": unrecovered,
        "playable again after a kill p50 (s)": round(percentile(recoveries, 50), 2),
        "playable again after a kill p99 (s)": round(percentile(recoveries, 99), 2),
        "playable again after a kill max (s)": round(max(recoveries, default=float("nan")), 2),
    }


def load(
    cluster: Cluster, pg: TemporaryServer, args: argparse.Namespace, processes: int
) -> dict[str, object]:
    """``args.tables`` tables through the balancer on ``processes`` servers, played by
    ``args.generators`` generator processes (this script's ``generate`` mode): the
    tables open ``args.stagger`` s apart, play ``args.warmup`` s, then ``args.seconds`` s
    are measured (wall-clock windows shared by every process)."""
    pids = [p for p in cluster.pids() if p is not None]
    rss0 = {p: rss_mb(p) for p in pids}
    opening = args.tables * args.stagger
    start = time.time() + 2
    warm = start + opening + args.warmup
    until = warm + args.seconds
    out = cluster.workdir / "generators"
    out.mkdir(exist_ok=True)
    generators = []
    for g in range(args.generators):
        command = [sys.executable, __file__, "generate", "--base", cluster.base]
        command += ["--ws", cluster.ws_base, "--tables", str(args.tables)]
        command += ["--generators", str(args.generators), "--index", str(g)]
        command += ["--think", str(args.think), "--think-spread", str(args.think_spread)]
        command += ["--stagger", str(args.stagger), "--seed", str(args.seed + g)]
        command += ["--moves", args.moves]
        command += ["--start", str(start), "--warm", str(warm), "--until", str(until)]
        command += ["--out", str(out / f"{processes}-{g}.json")]
        log = (cluster.workdir / f"generator-{g}.log").open("ab")
        generators.append(subprocess.Popen(command, stdout=log, stderr=log))
        log.close()
    time.sleep(max(0.0, warm - time.time()))
    others = {"haproxy": [cluster.balancer.pid] if cluster.balancer else []}
    others["postgres"] = postgres_pids(pg)
    others["generators"] = [proc.pid for proc in generators]
    cpu0 = {p: cpu_seconds(p) for p in pids}
    other0 = {k: cpu_of(v) for k, v in others.items()}
    load_at_start = load_average()
    t0 = time.time()
    rss_peak = dict(rss0)
    while time.time() < until:
        time.sleep(min(5.0, max(0.0, until - time.time())))
        rss_peak = {p: max(rss_peak[p], rss_mb(p)) for p in pids}
    elapsed = time.time() - t0
    cpu = {p: (cpu_seconds(p) - cpu0[p]) / elapsed for p in pids}
    others["postgres"] = postgres_pids(pg)
    other = {k: group_cpu(other0[k], v) / elapsed for k, v in others.items()}
    rss = {p: rss_mb(p) for p in pids}
    held = cluster.held_tables()
    load_at_end = load_average()
    for proc in generators:
        proc.wait(timeout=args.seconds + opening + args.warmup + 300)
    parts = [
        json.loads((out / f"{processes}-{g}.json").read_text()) for g in range(len(generators))
    ]
    latencies = [lat for part in parts for lat in part["latencies"]]
    return {
        "processes": processes,
        "tables in play x people": f"{sum(x['tables open'] for x in parts)} x 4 (of {args.tables})",
        "people connected at the end of the window": sum(x["connected"] for x in parts),
        "think (s)": f"{args.think} ± {args.think_spread:.0%}",
        "moves sent by": args.moves,
        "acknowledged moves/s": round(len(latencies) / elapsed, 1),
        "p50 (ms)": round(1000 * percentile(latencies, 50), 1),
        "p99 (ms)": round(1000 * percentile(latencies, 99), 1),
        "max (ms)": round(1000 * max(latencies, default=float("nan")), 1),
        "in the window: moves unsure (5xx, no answer)": sum(x["unsure"] for x in parts),
        "in the window: moves refused (4xx: the state moved on)": sum(x["refused"] for x in parts),
        "in the window: WebSocket reconnects": sum(x["reconnects"] for x in parts),
        "in the window: tables that failed to open": sum(x["failed opens"] for x in parts),
        "tables that failed to open before it": sum(x["failed opens before"] for x in parts),
        "tables held per server": [held.get(p, 0) for p in pids],
        "server CPU (cores)": [round(cpu[p], 2) for p in pids],
        "server RSS at start / peak / end (MB)": [
            f"{rss0[p]:.0f} / {rss_peak[p]:.0f} / {rss[p]:.0f}" for p in pids
        ],
        "generators' event-loop lag p50 / p99 (ms, each)": [
            f"{1000 * x['lag p50']:.0f} / {1000 * x['lag p99']:.0f}" for x in parts
        ],
        "HAProxy CPU (cores)": round(other["haproxy"], 2),
        "PostgreSQL CPU (cores)": round(other["postgres"], 2),
        "generators' CPU (cores, all)": round(other["generators"], 2),
        "generator RSS (MB each)": [x["rss"] for x in parts],
        "load average at the window's start": load_at_start,
        "load average at the window's end": load_at_end,
    }


def postgres_pids(pg: TemporaryServer) -> list[int]:
    """The throw-away PostgreSQL's processes: its postmaster and every process below it."""
    try:
        postmaster = int((pg.data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return []
    return [postmaster, *(pid for pid, _start in descendants(postmaster))]


def cpu_of(pids: list[int]) -> dict[int, float]:
    """CPU seconds so far of each process of ``pids`` still there."""
    seconds = {}
    for pid in pids:
        try:
            seconds[pid] = cpu_seconds(pid)
        except (OSError, ValueError, IndexError):
            continue
    return seconds


def group_cpu(before: dict[int, float], pids: list[int]) -> float:
    """CPU seconds ``pids`` used since ``before`` (a process started since counts whole)."""
    return sum(now - before.get(pid, 0.0) for pid, now in cpu_of(pids).items())


async def generate(args: argparse.Namespace) -> dict[str, object]:
    """One generator process: its share of the tables (every ``generators``-th, from
    ``index``), each opened at its turn of the common stagger and replaced when its game
    ends; the moves acknowledged inside ``[warm, until]`` (wall clock) and its own CPU."""
    rng = random.Random(args.seed)
    mine = list(range(args.index, args.tables, args.generators))
    ledgers: list[Ledger] = []
    failed = 0
    end = time.monotonic() + (args.until - time.time()) + 5

    async def one_after_another(table: int) -> None:
        nonlocal failed
        await asyncio.sleep(max(0.0, args.start + table * args.stagger - time.time()))
        while time.monotonic() < end - 5:
            ledger = Ledger()
            ledgers.append(ledger)
            try:
                await play_table(
                    args.base,
                    args.ws,
                    rng,
                    end,
                    ledger,
                    think=args.think,
                    think_spread=args.think_spread,
                    open_timeout=30,
                    over_socket=args.moves == "ws",
                )
            except Exception as exc:  # a table that could not even be opened
                print(f"  a table failed to open: {exc!r}", flush=True)
                failed += 1
                ledgers.remove(ledger)
                await asyncio.sleep(1 + rng.random())

    play = asyncio.gather(*(one_after_another(t) for t in mine))

    def counts() -> Counter[str]:
        return Counter(
            {
                "unsure": sum(len(x.unsure) for x in ledgers),
                "refused": sum(x.refused for x in ledgers),
                "reconnects": sum(x.reconnects for x in ledgers),
                "failed opens": failed,
            }
        )

    await asyncio.sleep(max(0.0, args.warm - time.time()))
    # Everything made so far (a thousand people's sockets, TLS and ledgers) out of the
    # collector's sight, as the server does (``tune_gc``): a full collection of a
    # generator's 470 MB took 0.5-0.9 s every 15-25 s, a pause its people's moves waited out.
    gc.collect()
    gc.freeze()
    cpu0 = cpu_seconds(os.getpid())
    t0 = time.time()
    before = counts()
    lags: list[float] = []  # how late a 50 ms sleep wakes: the generator's own queueing
    while time.time() < args.until:
        asked = time.monotonic()
        await asyncio.sleep(0.05)
        lags.append(time.monotonic() - asked - 0.05)
    cpu = (cpu_seconds(os.getpid()) - cpu0) / (time.time() - t0)
    during = counts()
    during.subtract(before)
    connected = sum(
        1
        for x in ledgers
        if not x.over
        for d in x.doing.values()
        if not d.startswith(("connecting", "reconnecting"))
    )
    opened = len({x.table_id for x in ledgers if x.table_id and not x.over})
    await play
    shift = time.time() - time.monotonic()  # the ledgers note monotonic times
    latencies = [
        lat
        for x in ledgers
        for (_s, _a, w), lat in zip(x.acked, x.latencies, strict=True)
        if args.warm <= w + shift <= args.until
    ]
    return {
        "tables open": opened,
        "connected": connected,
        "latencies": latencies,
        **during,
        "failed opens before": before["failed opens"],
        "lag p50": percentile(lags, 50),
        "lag p99": percentile(lags, 99),
        "cpu": round(cpu, 2),
        "rss": round(rss_mb(os.getpid()), 1),
    }


def database(admin: str, name: str) -> str:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1) + "/" + name


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("mode", choices=["failover", "load", "generate"])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--every", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.0, help="seconds a person thinks (mean)")
    parser.add_argument(
        "--think-spread",
        type=float,
        default=1.0,
        help="each think drawn from think * (1 +- this); 1.0: from 0 to twice the mean",
    )
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=20.0, help="after the last table opened")
    parser.add_argument("--stagger", type=float, default=STAGGER, help="seconds between openings")
    parser.add_argument("--generators", type=int, default=1, help="load generator processes")
    parser.add_argument(
        "--moves",
        choices=["ws", "http"],
        default="http",
        help="load: how the people send their moves: on the WebSocket as the web client "
        "does (acknowledged by 'acted'), or by HTTP POST as a script would",
    )
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--verbose", action="store_true", help="what each unfinished table does")
    for name in ("--base", "--ws", "--out"):  # generate: given by the load mode
        parser.add_argument(name, help=argparse.SUPPRESS)
    for name in ("--index", "--start", "--warm", "--until"):
        parser.add_argument(name, type=float, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.mode == "generate":
        args.index = int(args.index)
        with quiet_websockets():
            result = asyncio.run(generate(args))
        Path(args.out).write_text(json.dumps(result))
        return
    haproxy = find_haproxy()
    bindir = find_bindir()
    if haproxy is None or bindir is None:
        sys.exit("Error: needs HAProxy and PostgreSQL (apt-get install haproxy postgresql)")
    pg = TemporaryServer(bindir)
    admin = pg.start()
    work = Path(tempfile.mkdtemp(prefix="mobtable-soak-"))
    print(
        f"soak {args.mode}: {vars(args)}; load average {load_average()}; logs in {work}", flush=True
    )
    results: list[dict[str, object]] = []
    try:
        with quiet_websockets():
            if args.mode == "failover":
                cluster = Cluster(database(admin, "soak"), work, haproxy=haproxy)
                try:
                    cluster.start()
                    started = {p for p in cluster.pids() if p is not None}
                    results.append(asyncio.run(failover(cluster, args)))
                finally:
                    cluster.stop()
                left = [p for p in descendants(os.getpid()) if alive(p)]
                results[-1]["processes left after the stop"] = len(left)
                results[-1]["servers started first"] = len(started)
            else:
                for n in args.processes:
                    cluster = Cluster(database(admin, f"load{n}"), work / f"p{n}", haproxy=haproxy)
                    (work / f"p{n}").mkdir()
                    try:
                        for i in range(n):
                            cluster.start_server(i)
                        cluster.start_balancer()
                        results.append(load(cluster, pg, args, n))
                    finally:
                        cluster.stop()
                    print(results[-1], flush=True)
    finally:
        pg.stop()
    for result in results:
        print()
        for key, value in result.items():
            print(f"{key}: {value}")
    print(f"\nload average at the end: {load_average()}")


if __name__ == "__main__":
    main()
