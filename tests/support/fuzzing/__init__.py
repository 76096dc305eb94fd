"""Fuzzing the whole service at volume: HTTP, WebSocket and the command line.

A real server (``python -m mobtable.server`` on a loopback port, :mod:`.live`) with seeded
tables takes hostile input from three sources: schemathesis cases from the app's own
OpenAPI schema (:mod:`.web`), odd WebSocket frames (:mod:`.frames`) and odd arguments
and files for every ``mobtable`` subcommand (:mod:`.commands`). A :class:`Tally` counts
every input and every failure: a 5xx, a traceback in the server's log or a command's
output, an answer that is no documented one. At the end :meth:`.live.World.audit` checks
that no stored game was changed or lost. ``benchmarks/fuzz.py`` runs it for a million
inputs, ``tests/server/test_fuzz_service.py`` for a few hundred.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

KEPT_FAILURES = 50
"""Failures kept word for word (all are counted)."""


@dataclass
class Tally:
    """What one run sent and what went wrong."""

    inputs: Counter[str] = field(default_factory=Counter)
    """Inputs sent, by channel (``http``, ``ws``, ``cli``)."""
    answers: Counter[str] = field(default_factory=Counter)
    """How they were answered (``http 404``, ``ws error``, ``cli exit 2`` ...)."""
    seconds: Counter[str] = field(default_factory=Counter)
    """Time spent sending, by channel."""
    failures: list[str] = field(default_factory=list)
    failed: int = 0

    def sent(self, channel: str, answer: str) -> None:
        self.inputs[channel] += 1
        self.answers[f"{channel} {answer}"] += 1

    def fail(self, text: str) -> None:
        self.failed += 1
        if len(self.failures) < KEPT_FAILURES:
            self.failures.append(text)

    @property
    def total(self) -> int:
        return sum(self.inputs.values())
