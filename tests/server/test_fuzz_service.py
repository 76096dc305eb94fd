"""The service fuzz in small (``benchmarks/fuzz.py`` runs it for a million inputs): a real
server on loopback takes schemathesis cases, odd WebSocket frames and odd command lines,
and answers every one as documented — no 5xx, no traceback in its log or a command's
output — and afterwards every stored game replays and no acknowledged move is lost."""

from __future__ import annotations

import random
from pathlib import Path

from support.fuzzing import Tally
from support.fuzzing.commands import CommandFuzz
from support.fuzzing.frames import FrameFuzz
from support.fuzzing.live import served
from support.fuzzing.web import WebFuzz


def test_a_few_hundred_hostile_inputs_change_nothing_and_break_nothing(tmp_path: Path) -> None:
    tally = Tally()
    rng = random.Random(11)
    (tmp_path / "cli").mkdir()
    with served(tmp_path, "--tables-per-minute", "120") as world:
        world.seed(rng, finished=False)
        WebFuzz(world, tally, rng).run(60)
        FrameFuzz(world, tally, rng).run(240)
        CommandFuzz(tmp_path / "cli", tally, rng).run(15)
        audit = world.audit(tally)
        for line in world.alarms():
            tally.fail(f"server log: {line}")
    assert tally.failed == 0, tally.failures
    assert tally.inputs["http"] >= 20 and tally.inputs["ws"] >= 240 and tally.inputs["cli"] == 15
    assert audit["games"] >= 12 and audit["acknowledged"] > 0
