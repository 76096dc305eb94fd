"""The repository against SQLite and PostgreSQL: migrations, tables, actions, conflicts."""

from __future__ import annotations

import pytest
from sqlalchemy import insert, inspect
from sqlalchemy.exc import IntegrityError

from mobtable.store import (
    OPEN,
    ActionRow,
    ChatRow,
    IllegalStep,
    Repository,
    SeatRow,
    Step,
    StoreConflict,
    TableRow,
    TableStatus,
)
from mobtable.store.models import ActionModel


def _row(table_id: str = "t1") -> TableRow:
    return TableRow(
        id=table_id,
        game="sealed-bid",
        rules_version="1",
        config={"players": 2, "variants": [], "options": {}, "card_data": None},
        seed=2**63 - 1,
        clock=30,
        seats=[SeatRow(0, "human", token_hash="ab" * 32, name="Ann"), SeatRow(1, "bot", "random")],
    )


def test_migrations_create_the_schema_and_are_idempotent(db_url: str) -> None:
    repo = Repository(db_url)
    Repository(db_url).close()  # a second start migrates nothing and fails nothing
    names = set(inspect(repo.engine).get_table_names())
    assert {"tables", "seats", "actions", "alembic_version"} <= names
    repo.close()


def test_a_table_round_trips_with_its_seats_and_actions(db_url: str) -> None:
    repo = Repository(db_url)
    repo.create_table(_row())
    repo.append_action("t1", 0, 1, "b3")
    repo.append_action("t1", 1, 0, "b4", result={"scores": [1, 0]})
    assert repo.update_seat("t1", SeatRow(1, "bot", "easy", None, None), was=_row().seats[1])
    loaded = repo.load("t1")
    assert loaded is not None
    assert loaded.seed == 2**63 - 1 and loaded.clock == 30 and loaded.moves == 2
    assert loaded.actions == [(1, "b3"), (0, "b4")]
    assert loaded.status == "over" and loaded.result == {"scores": [1, 0]}
    assert [(s.seat, s.kind, s.bot, s.name) for s in loaded.seats] == [
        (0, "human", None, "Ann"),
        (1, "bot", "easy", None),
    ]
    assert (
        repo.ids(status=TableStatus.OVER) == ["t1"] and repo.ids(status=TableStatus.PLAYING) == []
    )
    assert repo.load("nope") is None
    repo.close()


def test_an_action_out_of_order_is_refused_and_stores_nothing(db_url: str) -> None:
    repo = Repository(db_url)
    repo.create_table(_row())
    repo.append_action("t1", 0, 0, "b1")
    with pytest.raises(StoreConflict):
        repo.append_action("t1", 0, 1, "b2")  # number 0 again: a lost race
    with pytest.raises(StoreConflict):
        repo.append_action("t1", 5, 1, "b2")  # a gap
    loaded = repo.load("t1")
    assert loaded is not None and loaded.actions == [(0, "b1")] and loaded.moves == 1
    repo.close()


def test_a_group_commit_stores_every_action_but_the_one_out_of_order(db_url: str) -> None:
    repo = Repository(db_url)
    for table_id in ("t1", "t2", "t3"):
        repo.create_table(_row(table_id))
    repo.append_action("t2", 0, 0, "b1")
    outcomes = repo.append_actions(
        [
            ActionRow("t1", 0, 1, "b3"),
            ActionRow("t2", 0, 1, "b2"),  # number 0 again: a lost race
            ActionRow("t3", 0, 0, "b4", result={"scores": [1, 0]}),
        ]
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StoreConflict)
    t1, t2, t3 = (repo.load(t) for t in ("t1", "t2", "t3"))
    assert t1 is not None and t1.actions == [(1, "b3")] and t1.moves == 1
    assert t2 is not None and t2.actions == [(0, "b1")] and t2.moves == 1
    assert t3 is not None and t3.actions == [(0, "b4")] and t3.status == "over"
    repo.close()


def test_a_failed_group_commit_is_retried_action_by_action(db_url: str) -> None:
    """An action the database refuses (here: its number already taken, behind the
    move count's back) costs the others nothing: the transaction is rolled back and
    each action tried alone."""
    repo = Repository(db_url)
    for table_id in ("t1", "t2", "t3"):
        repo.create_table(_row(table_id))
    with repo.engine.begin() as conn:
        conn.execute(insert(ActionModel).values(table_id="t2", n=0, seat=0, notation="b9"))
    outcomes = repo.append_actions(
        [ActionRow("t1", 0, 1, "b3"), ActionRow("t2", 0, 0, "b1"), ActionRow("t3", 0, 0, "b2")]
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], IntegrityError)
    t1, t2, t3 = (repo.load(t) for t in ("t1", "t2", "t3"))
    assert t1 is not None and t1.actions == [(1, "b3")] and t1.moves == 1
    assert t2 is not None and t2.actions == [(0, "b9")] and t2.moves == 0
    assert t3 is not None and t3.actions == [(0, "b2")] and t3.moves == 1
    repo.close()


def test_the_waiting_room_and_the_chat_round_trip(db_url: str) -> None:
    repo = Repository(db_url)
    row = _row()
    row.status, row.host, row.joined_at = TableStatus.WAITING, 0, 1000.5
    repo.create_table(row)
    bob = SeatRow(1, "human", None, "Bob", "cd" * 32, ready=True)
    assert repo.update_seat("t1", bob, was=row.seats[1])
    after = repo.transition("t1", TableStatus.WAITING, Step.JOIN, joined_at=2000.25, host=1)
    assert after is TableStatus.WAITING
    loaded = repo.load("t1")
    assert loaded is not None and loaded.status is TableStatus.WAITING
    assert loaded.host == 1 and loaded.joined_at == 2000.25
    assert [(s.name, s.ready) for s in loaded.seats] == [("Ann", False), ("Bob", True)]
    assert repo.ids(status=OPEN) == ["t1"] and repo.ids(status=TableStatus.PLAYING) == []
    assert repo.transition("t1", TableStatus.WAITING, Step.EXPIRE) is TableStatus.EXPIRED
    assert repo.ids(status=OPEN) == []
    assert repo.chat("t1") == []
    texts = ["hi", "<b>bold</b> & 'quoted'", "Zoë 李"]
    seats = [0, None, 0]
    numbers = [
        repo.add_chat("t1", ChatRow(s, "Ann", t, 5.0)) for s, t in zip(seats, texts, strict=True)
    ]
    assert numbers == [0, 1, 2]
    stored = [(m.n, m.seat, m.text) for m in repo.chat("t1")]
    assert stored == list(zip(numbers, seats, texts, strict=True))
    assert [m.n for m in repo.chat("t1", limit=2)] == [1, 2]  # the latest, oldest first
    repo.close()


def test_a_status_moves_only_by_a_step_from_the_status_stored(db_url: str) -> None:
    """The store takes a step only from the status it holds (another process that moved
    the table first wins), and never one the lifecycle forbids."""
    repo = Repository(db_url)
    row = _row()
    row.status = TableStatus.WAITING
    repo.create_table(row)
    with pytest.raises(StoreConflict):  # it is waiting, not playing
        repo.transition("t1", TableStatus.PLAYING, Step.EXPIRE)
    assert repo.transition("t1", TableStatus.WAITING, Step.START) is TableStatus.PLAYING
    with pytest.raises(IllegalStep, match="already started"):
        repo.transition("t1", TableStatus.PLAYING, Step.START)
    repo.append_action("t1", 0, 0, "b1", result={"scores": [1, 0]})
    loaded = repo.load("t1")
    assert loaded is not None and loaded.status is TableStatus.OVER
    with pytest.raises(StoreConflict):  # over: no longer playing, so it cannot expire
        repo.transition("t1", TableStatus.PLAYING, Step.EXPIRE)
    repo.close()
