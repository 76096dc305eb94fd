"""Two source trees timed in one run, turn by turn: this one and another (``--against SRC``).

A speed change is judged by timing the tree before it and the tree after it on the same
machine at the same time: each tree runs in a worker process of its own (``PYTHONPATH`` is
its ``src/``), and the benchmark asks the workers in turn for one measurement at a time,
the order swapped every round, so drift and other load fall on both alike. The other tree
is any checkout, e.g. ``git worktree add /tmp/old <commit>`` then ``--against /tmp/old/src``.
The environment passes on as it is: a tree that still had a compiled build measures its
pure path with ``MOBTABLE_PURE_PYTHON=1``, and this tree ignores that variable.

A benchmark script that supports ``--against`` serves measurements when run with
``--serve``: it reads one JSON request a line on stdin and answers each with one JSON
line on stdout (:func:`serve`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
THIS_TREE = HERE.parent / "src"


class Worker:
    """A benchmark script serving measurements from one tree's sources."""

    def __init__(self, script: str, src: Path, args: list[str]) -> None:
        self.src = src
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.process = subprocess.Popen(
            [sys.executable, script, "--serve", *args],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.about: dict[str, Any] = self.ask({"about": True})

    def ask(self, request: dict[str, Any]) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker on {self.src} stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def serve(about: dict[str, Any], answer: Callable[[dict[str, Any]], Any]) -> None:
    """A worker's loop: ``about`` (what it measures) first, then ``answer(request)`` for each."""
    import mobtable

    for line in sys.stdin:
        request = json.loads(line)
        if request.get("about"):
            reply: Any = {**about, "tree": str(Path(mobtable.__file__).parents[1])}
        else:
            reply = answer(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def pair(script: str, against: str, args: list[str]) -> tuple[Worker, Worker]:
    """Workers on this tree and on ``against`` (a ``src/`` folder, or a checkout holding one)."""
    other = Path(against).resolve()
    if (other / "src" / "mobtable").is_dir():
        other = other / "src"
    if not (other / "mobtable").is_dir():
        raise SystemExit(f"--against {against}: no mobtable package there")
    return Worker(script, THIS_TREE, args), Worker(script, other, args)


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes): a figure means little without them."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"
