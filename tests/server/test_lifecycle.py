"""The table's lifecycle: one transition function, the only way a status changes."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from mobtable.store import IllegalStep, Step, TableStatus, transition
from mobtable.store.lifecycle import initial

W, P, OV, E = TableStatus.WAITING, TableStatus.PLAYING, TableStatus.OVER, TableStatus.EXPIRED
ALLOWED = {
    (W, Step.JOIN): W,
    (W, Step.LEAVE): W,
    (W, Step.FILL): P,
    (W, Step.START): P,
    (P, Step.FINISH): OV,
    (W, Step.EXPIRE): E,
    (P, Step.EXPIRE): E,
}


def test_a_new_table_waits_while_a_seat_is_free_for_a_person() -> None:
    assert initial(free_seat=True) is W and initial(free_seat=False) is P


@pytest.mark.parametrize(("status", "step"), list(itertools.product(TableStatus, Step)))
def test_every_step_from_every_status(status: TableStatus, step: Step) -> None:
    if (status, step) in ALLOWED:
        assert transition(status, step) is ALLOWED[(status, step)]
    else:
        with pytest.raises(IllegalStep) as refused:
            transition(status, step)
        assert refused.value.rule in ("game-over", "expired", "not-waiting", "waiting")


def test_a_closed_table_never_changes_again() -> None:
    for status, step in itertools.product((OV, E), Step):
        with pytest.raises(IllegalStep):
            transition(status, step)
    assert {s for s in TableStatus if s.is_closed} == {OV, E}
    assert {s for s in TableStatus if s.in_play} == {P}


def test_the_status_is_set_nowhere_but_through_the_lifecycle() -> None:
    """No module of the server or the store assigns a status but the session's ``step``
    (after :func:`transition`), nor compares one with a string of its own."""
    src = Path(__file__).resolve().parents[2] / "src" / "mobtable"
    assigns = re.compile(r"\.status\s*=(?!=)")
    literal = re.compile(r"status\W{1,6}[\"'](waiting|playing|over|expired)[\"']")
    lines = [
        (f"{path.relative_to(src)}", line.strip())
        for folder in ("server", "store")
        for path in sorted((src / folder).rglob("*.py"))
        if "migrations" not in path.parts
        for line in path.read_text().splitlines()
    ]
    assert [x for x in lines if assigns.search(x[1])] == [
        ("server/session.py", "self.row.status = self.check(step)")
    ]
    assert [x for x in lines if literal.search(x[1])] == []
