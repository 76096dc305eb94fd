"""Secrecy at scale: engine twins of every game, player count and variant, served by the
server's own payload builder, compared byte for byte (``tests/support/twins.py`` says how a
twin is made and what is compared).

Pairs are dealt round-robin over every configuration until ``--pairs`` are done or
``--minutes`` pass. Prints, per game, the pairs, how many twins differed in a hidden part
(and how many by another seat's hidden move), the moves and state messages compared, and
every difference (there must be none).

    .venv/bin/python benchmarks/secrecy.py --pairs 20000 \\
        | tee benchmarks/results/secrecy-$(date -u +%F).txt
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.twins import every_config, twin_pair


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=20_000)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--max-steps", type=int, default=30)
    args = parser.parse_args()
    configs = list(every_config())
    per_game: dict[str, Counter[str]] = defaultdict(Counter)
    differences: list[str] = []
    start = time.monotonic()
    deadline = start + args.minutes * 60
    done = 0
    seed = 0
    while done < args.pairs and time.monotonic() < deadline:
        for game, config in configs:
            pair = twin_pair(game, config, seed, max_steps=args.max_steps)
            tally = per_game[game.name]
            tally["pairs"] += 1
            tally["configs"] = len([c for g, c in configs if g is game])
            tally["distinct"] += pair.distinct
            tally["hidden moves"] += pair.hidden_differ
            tally["moves"] += pair.steps
            tally["messages"] += pair.messages
            tally["differences"] += len(pair.differences)
            differences += [
                f"{game.name} {config.to_json()} seed {seed}: {d}" for d in pair.differences
            ]
            done += 1
        seed += 1
    elapsed = time.monotonic() - start
    columns = ["configs", "pairs", "distinct", "hidden moves", "moves", "messages", "differences"]
    print(f"{'game':10}" + "".join(f"{c:>14}" for c in columns))
    total: Counter[str] = Counter()
    for name, tally in sorted(per_game.items()):
        total.update(tally)
        print(f"{name:10}" + "".join(f"{tally[c]:>14,}" for c in columns))
    print(f"{'all':10}" + "".join(f"{total[c]:>14,}" for c in columns))
    print(f"\n{done:,} twin pairs in {elapsed:.0f} s; differences: {len(differences)}")
    for line in differences[:50]:
        print("  -", line)
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
