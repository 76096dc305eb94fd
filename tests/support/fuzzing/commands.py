"""Command-line inputs: every ``mobtable`` subcommand with odd arguments — numbers out of
range or not numbers, paths that are no files, directories or unwritable, malformed records
(mutations of real ones) and card files (mutations of the built-in ones) — run in-process.

A run may end 0, 1 (a check failed) or 2 (bad input, with an ``Error``); a traceback, an
exception or another exit code is a failure. The server is never started (``uvicorn``'s
``run`` does nothing here) and a command still running after ``LIMIT`` seconds is cut off
and counted apart (a valid, long simulation is no fault).
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import json
import random
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import typer.main
import uvicorn
from typer.testing import CliRunner

from mobtable import games
from mobtable.cli import app
from mobtable.core import record as records
from support.fuzzing import Tally

LIMIT = 10.0
PLAIN = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TERM": "dumb"}
GAMES = ["capo", "cosca", "gangsta", "", "CAPO", "capo ", "nope", "../capo", "\x7f", "é", "-"]
NUMBERS = ["0", "1", "2", "3", "-1", "-5", "nan", "inf", "1e309", "99999999999999999999", "0x10"]
NUMBERS += ["3.5", "", "abc", " 2", "1_000", "-0", "1e-320", "²", "٣"]
SMALL = ["1", "2", "0", "-1", "nan", "99999999999999999999", "abc", ""]
"""Counts of games or jobs: never a valid large one (that is a long run, not a fault)."""
WORDS = ["first-game", "reveal-one", "nope", "", "x=y", "rounds=99999", "=", "a=", "=b", "é=1"]
WORDS += ["greedy", "random,greedy", "hard", ",", "greedy," * 20, "json", "parquet", "win"]
HOSTS = ["127.0.0.1", "localhost", "", "not a host", "127.0.0.1:80", "999.1.1.1", "-1", "[::1"]
CARD_VALUES = ["-1", "99999999999", '"x"', "nan", "[]", "{}", "", "1e999", "true"]
SKIPPED = {"ray"}
"""Options the fuzz leaves alone (``--ray`` would start a cluster)."""


LAZY = (
    "pandas",
    "mobtable.adapters.trajectories",
    "mobtable.bots.hints",
    "mobtable.server",
    "mobtable.sim",
    "mobtable.sim.compare",
    "mobtable.sim.report",
    "mobtable.sim.stats",
    "mobtable.sim.table",
    "mobtable.store",
)
"""What the commands import when they run, imported once before the fuzz: a command cut
off in the middle of an import would leave the module half made for every later one."""


class Overtime(BaseException):
    """The command ran past ``LIMIT`` (a ``BaseException``: no ``except Exception`` eats it)."""


class CommandFuzz:
    """Odd invocations of every subcommand, in ``directory`` (files written stay there)."""

    def __init__(self, directory: Path, tally: Tally, rng: random.Random) -> None:
        self.dir = directory
        self.tally = tally
        self.rng = rng
        self.runner = CliRunner()
        for module in LAZY:
            importlib.import_module(module)
        self.commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
        self.records = [
            _record(name, seed) for name in ("capo", "cosca", "gangsta") for seed in (1, 2)
        ]
        self.cards = [_card_text(n) for n in ("capo", "cosca", "gangsta")]
        self.count = 0
        self.overtime: list[list[str]] = []

    def run(self, inputs: int) -> None:
        with _no_server(), contextlib.chdir(self.dir):
            for _ in range(inputs):
                self.one(self.invocation())

    def invocation(self) -> list[str]:
        rng = self.rng
        name = rng.choice(sorted(self.commands))
        args = [name]
        params = [p for p in self.commands[name].params if p.name not in SKIPPED]
        for param in params:
            positional = not param.opts[0].startswith("-")
            if not positional and rng.random() < 0.6:
                continue
            if getattr(param, "is_flag", False):
                args.append(param.opts[0])
                continue
            value = self.value(str(param.name))
            args.extend([value] if positional else [rng.choice(param.opts), value])
        if rng.random() < 0.1:
            args.insert(rng.randrange(1, len(args) + 1), rng.choice(["--nope", "-", "--", "x"]))
        return args

    def value(self, name: str) -> str:
        rng = self.rng
        if name in {"game_name", "name", "game"}:
            return rng.choice(GAMES)
        if name in {"games", "jobs"}:
            return rng.choice(SMALL)
        if name == "host":
            return rng.choice(HOSTS)
        if name == "db":
            return self.database()
        if "cards" in name:
            return self.card_file()
        if name in {"file", "first", "second", "sources", "table_id"}:
            return self.record_file()
        if name in {"out", "save", "directory"}:
            return self.out_path()
        if name in {
            "variant",
            "option",
            "bots",
            "format",
            "reward",
            "trusted_proxy",
        } or name.endswith(("_variant", "_option", "_bots")):
            return rng.choice(WORDS)
        return rng.choice(NUMBERS)

    # -- files -------------------------------------------------------------------------

    def record_file(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.15:
            return rng.choice(["nope.json", "/proc/x", "/dev/null", ".", "", "/"])
        record = json.loads(json.dumps(rng.choice(self.records)))
        text = json.dumps(_mutate(record, rng)) if roll < 0.85 else json.dumps(record)
        data = text.encode()
        if rng.random() < 0.15:
            data = _damage(data, rng)
        return self._write("record", data)

    def card_file(self) -> str:
        rng = self.rng
        if rng.random() < 0.1:
            return rng.choice(["nope.toml", "/proc/x", ".", "/dev/null"])
        text = rng.choice(self.cards)
        lines = text.splitlines()
        for _ in range(rng.randrange(1, 4)):
            if not lines:
                break
            i = rng.randrange(len(lines))
            choice = rng.random()
            if choice < 0.3:
                del lines[i]
            elif choice < 0.6:
                lines.insert(i, lines[rng.randrange(len(lines))])
            elif "=" in lines[i]:
                key = lines[i].split("=", 1)[0]
                lines[i] = f"{key}= {rng.choice(CARD_VALUES)}"
        data = "\n".join(lines).encode()
        if rng.random() < 0.2:
            data = _damage(data, rng)
        return self._write("cards", data, ".toml")

    def database(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.3:
            return rng.choice(["garbage", "", "sqlite://", "sqlite:///", "mysql://x", ":memory:"])
        if roll < 0.45:
            return "postgresql+psycopg://player:secret@127.0.0.1:1/mobtable"
        if roll < 0.7:
            return f"sqlite:///{self.record_file()}"
        return f"sqlite:///{rng.choice(['fuzz.sqlite', 'nodir/x.sqlite', '/proc/x.sqlite'])}"

    def out_path(self) -> str:
        # odd places to write, none of them outside this fuzz's folder that a root process
        # could really write to ("/" once filled the machine's root with a run's tables)
        return self.rng.choice(
            ["out", "/proc/x", "/dev/null", ".", "", "/proc", "nodir/x/y", "o.json"]
        )

    def _write(self, kind: str, data: bytes, suffix: str = ".json") -> str:
        self.count += 1
        path = self.dir / f"{kind}-{self.count % 200}{suffix}"
        path.write_bytes(data)
        return str(path)

    # -- one run -----------------------------------------------------------------------

    def one(self, args: list[str]) -> None:
        signal.signal(signal.SIGALRM, _overtime)
        signal.setitimer(signal.ITIMER_REAL, LIMIT)
        try:
            result = self.runner.invoke(app, args, input="quit\nq\n" * 3, env=PLAIN)
        except Overtime:
            self.overtime.append(args)
            self.tally.sent("cli", "cut off")
            return
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        code = result.exit_code
        self.tally.sent("cli", f"exit {code}")
        said = result.output + (result.stderr if result.stderr_bytes is not None else "")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            self.tally.fail(f"mobtable {_shown(args)}: {result.exception!r}")
        elif "Traceback" in said:
            at = said.index("Traceback")
            self.tally.fail(f"mobtable {_shown(args)}: a traceback: {said[at : at + 600]!r}")
        elif code not in (0, 1, 2):
            self.tally.fail(f"mobtable {_shown(args)}: exit {code}")
        elif code == 2 and "Error" not in result.stderr:
            self.tally.fail(f"mobtable {_shown(args)}: exit 2 without an Error: {said[-300:]!r}")


def _overtime(_signum: int, _frame: FrameType | None) -> None:
    raise Overtime


@contextlib.contextmanager
def _no_server() -> Iterator[None]:
    """``serve`` checks its settings, binds and opens its database, then returns."""
    run = uvicorn.Server.run
    uvicorn.Server.run = lambda *_a, **_k: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        uvicorn.Server.run = run  # type: ignore[method-assign]


def _shown(args: list[str]) -> str:
    return " ".join(repr(a) if not a or " " in a else a for a in args)[:400]


def _record(name: str, seed: int) -> dict[str, Any]:
    """A real record of a random game of ``name`` a few dozen moves in (or over)."""
    game = games.get(name)
    state = game.new_state(game.config(game.min_players), seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 80)):
        if state.is_over():
            break
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return json.loads(records.dumps(records.to_record(state)))


def _card_text(name: str) -> str:
    module = games.get(name).__module__.rsplit(".", 1)[0]
    package = __import__(module, fromlist=["__file__"])
    return (Path(package.__file__).parent / "cards.toml").read_text()


ODD: list[Any] = [None, True, -1, 2**64, 1.5, float("nan"), "", "x", [], {}, [[0, "p1"]], 10**30]


def _odd(rng: random.Random, *more: Any) -> Any:
    """A fresh copy of an odd value: the same ``[]`` put twice into a record could end up
    inside itself (json.dumps then refuses the circular record, and the fuzz stopped)."""
    return copy.deepcopy(rng.choice([*ODD, *more]))


def _mutate(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three changes a hand-edited or damaged record might have."""
    for _ in range(rng.randrange(1, 4)):
        keys = sorted(record)
        roll = rng.random()
        if roll < 0.25 and keys:
            del record[rng.choice(keys)]
        elif roll < 0.5 and keys:
            record[rng.choice(keys)] = _odd(rng)
        elif roll < 0.85 and isinstance(record.get("actions"), list) and record["actions"]:
            actions = record["actions"]
            i = rng.randrange(len(actions))
            entry = actions[i]
            change = rng.random()
            if change < 0.3:
                actions[i] = _odd(rng)
            elif change < 0.6 and isinstance(entry, list) and len(entry) == 2:
                actions[i] = [_odd(rng, 0, 1, 7), entry[1]]
            elif isinstance(entry, list) and len(entry) == 2:
                actions[i] = [entry[0], str(entry[1]) + rng.choice(["1", "x", "²", ",", ""])]
            else:
                del actions[i]
        elif isinstance(record.get("config"), dict):
            record["config"][rng.choice(["players", "variants", "options", "x"])] = _odd(rng)
    return record


def _damage(data: bytes, rng: random.Random) -> bytes:
    """Bytes a broken disk or editor leaves: cut short, a byte changed, not UTF-8."""
    roll = rng.random()
    if roll < 0.4:
        return data[: rng.randrange(len(data) + 1)]
    if roll < 0.7 and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
    return rng.choice([b"\xff\xfe", b"\x00" * 64, b"[" * 5000, data * 3, rng.randbytes(300)])
