"""Tests that need something outside Python (a browser, PostgreSQL, Node.js) and what to do
without it.

Such a test is reported as not run, naming what is missing and how to get it, and the run
then fails: a partial run never passes for a full one. ``--allow-partial`` (or
``MOBTABLE_ALLOW_PARTIAL=1``) lets a run without them pass, still listing what it skipped.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

PREFIX = "not run, needs "
_not_run: Counter[str] = Counter()


def missing(what: str, reason: str) -> None:
    """Skip the current test (or fixture) because ``what`` is not available here."""
    pytest.skip(f"{PREFIX}{what}: {reason}")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--allow-partial",
        action="store_true",
        default=os.environ.get("MOBTABLE_ALLOW_PARTIAL", "") not in ("", "0"),
        help="pass even when tests needing a browser, PostgreSQL or Node.js could not run",
    )


def _skip_reason(report: pytest.TestReport) -> str | None:
    if report.skipped and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2]).removeprefix("Skipped: ")
        if reason.startswith(PREFIX):
            return reason
    return None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    reason = _skip_reason(report)
    if reason is not None:
        _not_run[reason] += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _not_run:
        return
    terminalreporter.section("tests not run: a prerequisite is missing", yellow=True)
    for reason, count in sorted(_not_run.items()):
        terminalreporter.line(f"{count} test(s) {reason}")
    if terminalreporter.config.getoption("allow_partial"):
        terminalreporter.line("a partial run was allowed (--allow-partial)")
    else:
        terminalreporter.line(
            "the run fails because of them; --allow-partial (MOBTABLE_ALLOW_PARTIAL=1) accepts it"
        )


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _not_run and exitstatus == 0 and not session.config.getoption("allow_partial"):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
