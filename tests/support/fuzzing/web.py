"""HTTP inputs: schemathesis cases from the server's own OpenAPI schema, valid and
invalid, sent to the live server. A share of them aim at the seeded tables with real
seat tokens (the right seat's, another seat's), so the fuzz reaches past "no such table".

Every answer must be below 500; a 200 to a move is noted as acknowledged.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import requests
import schemathesis
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.generation.modes import GenerationMode

from support.fuzzing import Tally
from support.fuzzing.live import World

MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
SENT = ("method", "url", "headers", "params", "json", "data", "cookies")
"""The request arguments a case gives that the fuzz sends."""


class WebFuzz:
    """Schemathesis's cases for every operation of the live server's schema."""

    def __init__(self, world: World, tally: Tally, rng: random.Random) -> None:
        self.world = world
        self.tally = tally
        self.rng = rng
        schema = schemathesis.openapi.from_url(f"{world.base}/openapi.json")
        self.operations = [result.ok() for result in schema.get_all_operations()]

    def run(self, inputs: int) -> None:
        """About ``inputs`` cases, spread over every operation and both modes."""
        rounds = [(op, mode) for op in self.operations for mode in MODES]
        each = max(1, inputs // len(rounds))
        for op, mode in rounds:
            fixed = self._fixed(op)
            try:
                self._given(op.as_strategy(mode, path_parameters=fixed), each)()
            except Unsatisfiable:  # no invalid input exists (an operation without inputs)
                continue

    def _fixed(self, op: Any) -> dict[str, Any] | None:
        """A seeded table's id for half of the operations on a table."""
        names = {p.name for p in op.path_parameters}
        if "table_id" not in names or not self.world.tables or self.rng.random() < 0.5:
            return None
        return {"table_id": self.rng.choice(self.world.tables).id}

    def _given(self, strategy: Any, count: int) -> Callable[[], None]:
        @settings(
            max_examples=count,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            verbosity=Verbosity.quiet,
            suppress_health_check=list(HealthCheck),
        )
        @given(strategy)
        def one(case: Any) -> None:
            self.send(case)

        return one

    def send(self, case: Any) -> None:
        self._with_tokens(case)
        kwargs = case.as_transport_kwargs(base_url=self.world.base)
        sent = {k: v for k, v in kwargs.items() if k in SENT}
        try:
            response = self.world.session.request(**sent, timeout=30, allow_redirects=False)
        except requests.RequestException as exc:
            self.tally.sent("http", "no answer")
            self.tally.fail(f"{case.method} {case.path}: no answer: {exc!r}")
            return
        self.tally.sent("http", str(response.status_code))
        if response.status_code >= 500:
            self.tally.fail(f"{case.method} {kwargs['url']} {sent!r}: {response.status_code}")
        if case.path.endswith("/actions") and isinstance(case.body, dict):
            table_id = case.path_parameters.get("table_id", "")
            seat, action = case.body.get("seat"), case.body.get("action")
            if isinstance(seat, int) and isinstance(action, str):
                self.world.note(str(table_id), seat, action, response)

    def _with_tokens(self, case: Any) -> None:
        """Half the cases at a seeded table carry one of its real seat tokens."""
        table_id = (case.path_parameters or {}).get("table_id")
        seated = next((t for t in self.world.tables if t.id == table_id), None)
        if seated is None or self.rng.random() < 0.5:
            return
        token = self.rng.choice(seated.tokens)
        if isinstance(case.body, dict) and "token" in case.body:
            case.body["token"] = token
        if case.headers is not None and "X-Seat-Token" in case.headers:
            case.headers["X-Seat-Token"] = token
