"""A property test fails when most of its examples were thrown away.

Hypothesis already fails a test whose examples it can hardly satisfy (its ``filter_too_much``
health check), but not one where, say, half the examples end in ``assume(False)``: such a
test checks far less than it claims. This plugin counts each Hypothesis test's examples
through Hypothesis's observability callbacks and fails the test when at least as many were
given up (``assume``, filters) as passed. Property tests use ``assume`` rather than an early
``return``, so a vacuous example is counted, never silently passed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import Any

import pytest
from hypothesis.internal.observability import with_observability_callback


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    if not getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return (yield)
    statuses: Counter[str] = Counter()

    def count(observation: Any) -> None:
        if observation.type == "test_case":
            statuses[observation.status] += 1

    with with_observability_callback(count):
        yield  # a failing test raises here and is reported as it is
    if statuses["gave_up"] >= max(statuses["passed"], 1):
        pytest.fail(
            f"{item.name}: {statuses['gave_up']} examples given up against "
            f"{statuses['passed']} checked; generate what the property needs instead"
        )
