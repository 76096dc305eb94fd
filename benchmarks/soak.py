"""Several server processes behind HAProxy on one PostgreSQL, on loopback: failover and load.

``failover``: three processes (``deploy/haproxy.cfg``, TLS and all), ``--tables`` tables of
four simulated people each playing whole games (a finished table is replaced by a new
one); every ``--every`` seconds one process is SIGKILLed and started again, ``--kills``
times. Prints the moves acknowledged and lost (an acknowledged move missing from the
stored record), every record checked (``core.record.check``), the time from a kill to the
next acknowledged move at each table the killed process held (p50/p99), and the processes
left over at the end (must be none).

``load``: ``--tables`` tables of 4 people with ``--think`` seconds between moves, through the
balancer on 1, 2 and 3 processes (``--processes``), each for ``--seconds``: acknowledged
moves a second, p50/p99 of a move's acknowledgement (HTTP, through TLS and the
balancer), and each server process's CPU and memory. The load generator runs in this
process; the load average is printed (the machine may be shared).

    .venv/bin/python benchmarks/soak.py failover --tables 12 --kills 100 --every 20
    .venv/bin/python benchmarks/soak.py load --tables 100 --processes 1 2 3 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
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


async def load(cluster: Cluster, args: argparse.Namespace, processes: int) -> dict[str, object]:
    rng = random.Random(args.seed)
    pids = [p for p in cluster.pids() if p is not None]
    warm = time.monotonic() + args.warmup
    until = warm + args.seconds
    ledgers: list[Ledger] = []
    play = asyncio.create_task(keep_playing(cluster, args, rng, until + 5, ledgers))
    await asyncio.sleep(max(0.0, warm - time.monotonic()))
    cpu0 = {p: cpu_seconds(p) for p in pids}
    me0 = cpu_seconds(os.getpid())
    t0 = time.monotonic()
    await asyncio.sleep(args.seconds)
    elapsed = time.monotonic() - t0
    cpu = {p: (cpu_seconds(p) - cpu0[p]) / elapsed for p in pids}
    rss = {p: rss_mb(p) for p in pids}
    me = (cpu_seconds(os.getpid()) - me0) / elapsed
    latencies = [
        lat
        for x in ledgers
        for (_s, _a, w), lat in zip(x.acked, x.latencies, strict=True)
        if t0 <= w <= t0 + elapsed
    ]
    await play
    return {
        "processes": processes,
        "tables": args.tables,
        "acknowledged moves/s": round(len(latencies) / elapsed, 1),
        "p50 (ms)": round(1000 * percentile(latencies, 50), 1),
        "p99 (ms)": round(1000 * percentile(latencies, 99), 1),
        "server CPU (cores)": [round(cpu[p], 2) for p in pids],
        "server RSS (MB)": [round(rss[p], 1) for p in pids],
        "generator CPU (cores)": round(me, 2),
        "load average": load_average(),
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
    parser.add_argument("mode", choices=["failover", "load"])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--every", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.0, help="seconds a person thinks (mean)")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--verbose", action="store_true", help="what each unfinished table does")
    args = parser.parse_args()
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
                        results.append(asyncio.run(load(cluster, args, n)))
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
