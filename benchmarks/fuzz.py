"""Fuzz the whole service: HTTP (schemathesis from the app's OpenAPI schema), WebSocket
frames and the command line, up to ``--inputs`` inputs or ``--minutes`` minutes, whichever
comes first (loopback only; the machinery is ``tests/support/fuzzing``).

A real server (``python -m mobtable.server``, SQLite, ``--tables-per-minute 120`` so the
fuzz can make tables) gets seeded tables (one game of each seeded kind played to its end,
one a few moves in, one waiting), then rounds of each channel in turn. At the end: the
inputs by channel and answer, the failures (5xx, tracebacks in the server's log or a
command's output, undocumented answers or closes), and the audit — every stored game
replays, no move stored before the fuzz changed, every acknowledged move is stored.

    .venv/bin/python benchmarks/fuzz.py --inputs 1000000 --minutes 60 \\
        | tee benchmarks/results/fuzz-$(date -u +%F).txt
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.fuzzing import Tally
from support.fuzzing.commands import CommandFuzz
from support.fuzzing.frames import FrameFuzz
from support.fuzzing.live import served
from support.fuzzing.web import WebFuzz

ROUND = {"http": 300, "ws": 2400, "cli": 15}
"""Inputs per channel in one round (the channels take turns; on a loaded two-core machine
one round takes each about as long: a WebSocket frame costs far less than a schemathesis
case, which costs far less than a command run)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    # the client library's own report of a connection the server cut (a frame over the limit)
    logging.getLogger("websockets").setLevel(logging.CRITICAL)
    # a plain kill ends the run through its context managers: the server it started stops
    # and its scratch folder goes (a SIGTERM otherwise left the server running)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tally = Tally()
    rng = random.Random(args.seed)
    start = time.monotonic()
    deadline = start + args.minutes * 60
    with tempfile.TemporaryDirectory(prefix="mobtable-fuzz-") as scratch:
        root = Path(scratch)
        (root / "cli").mkdir()
        with served(root, "--tables-per-minute", "120") as world:
            world.seed(rng)
            print(f"seeded {len(world.tables)} tables, {len(world.acknowledged)} moves", flush=True)
            web, frames = WebFuzz(world, tally, rng), FrameFuzz(world, tally, rng)
            commands = CommandFuzz(root / "cli", tally, rng)
            runs = {"http": web.run, "ws": frames.run, "cli": commands.run}
            rounds = 0
            shown = [0]
            while tally.total < args.inputs and time.monotonic() < deadline:
                for channel, run in runs.items():
                    began = time.monotonic()
                    run(min(ROUND[channel], max(1, args.inputs - tally.total)))
                    tally.seconds[channel] += time.monotonic() - began
                rounds += 1
                if rounds % 5 == 0:
                    _progress(tally, start, shown)
            elapsed = time.monotonic() - start
            audit = world.audit(tally)
            alarms = world.alarms()
        for line in alarms:
            tally.fail(f"server log: {line}")
    _report(tally, elapsed, audit, alarms, commands.overtime)
    return 1 if tally.failed else 0


def _progress(tally: Tally, start: float, shown: list[int]) -> None:
    """A line of counts, and the failures found since the last one."""
    for failure in tally.failures[shown[0] :]:
        print("  failure:", failure, flush=True)
    shown[0] = len(tally.failures)
    elapsed = time.monotonic() - start
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    counts = ", ".join(f"{k} {v:,}" for k, v in sorted(tally.inputs.items()))
    print(
        f"{elapsed / 60:6.1f} min  {tally.total:>9,} inputs ({counts})  "
        f"{tally.total / elapsed:6.0f}/s  failures {tally.failed}  load {load}",
        flush=True,
    )


def _report(
    tally: Tally,
    elapsed: float,
    audit: dict[str, int],
    alarms: list[str],
    overtime: list[list[str]],
) -> None:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\ninputs: {tally.total:,} in {elapsed / 60:.1f} min ({tally.total / elapsed:.0f}/s)")
    for channel, n in sorted(tally.inputs.items()):
        rate = n / max(tally.seconds[channel], 1e-9)
        print(f"  {channel:5} {n:>9,}  ({rate:.0f}/s while its turn)")
    print("answers:")
    for answer, n in sorted(tally.answers.items()):
        print(f"  {answer:24} {n:>9,}")
    fivexx = sum(n for a, n in tally.answers.items() if a.startswith("http 5"))
    print(f"5xx: {fivexx}   server log tracebacks/errors: {len(alarms)}")
    print(f"stored games audited: {audit['games']:,} (all replay; moves before the fuzz kept)")
    print(f"acknowledged moves checked: {audit['acknowledged']:,}")
    print(f"commands cut off after the time limit: {len(overtime)}")
    for args in overtime[:5]:
        print("  mobtable", " ".join(args))
    print(f"failures: {tally.failed}")
    for failure in tally.failures:
        print("  -", failure)
    print(f"load average at the end: {load}")


if __name__ == "__main__":
    sys.exit(main())
