"""A commit whose reply was lost: the move reached the database, but the server heard an
error (the connection cut after ``COMMIT``, an error after the commit). The stored record
decides what the client is told and what the table holds next; the table never stays at
odds with the store (before, it answered 503 to every next move: the store's move count
was ahead). SQLite and PostgreSQL alike (``db_url``).

The faults are the repository's engine wrapped (:class:`FaultyEngine`): a transaction that
commits and then raises as a cut connection does, and a database out of reach.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError

from mobtable.server.app import create_app
from mobtable.server.manager import TableManager
from mobtable.store import ActionRow, CommitUnsure, Repository, SeatRow, StoreConflict, TableRow
from server.helpers import act, claim, new_table, state

PLAYERS = 3


def _cut(what: str) -> OperationalError:
    return OperationalError(what, None, ConnectionError("server closed the connection"))


class FaultyEngine:
    """The repository's engine, with faults to order: ``lose_replies`` transactions
    commit and then raise (the reply to ``COMMIT`` lost); while ``down``, every
    connection fails (the database out of reach)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.lose_replies = 0
        self.down = False
        self.down_after = False
        """A lost reply takes the database out of reach."""

    def begin(self) -> Any:
        if self.down:
            raise _cut("BEGIN")
        if self.lose_replies:
            self.lose_replies -= 1
            return self._committed_then_cut()
        return self.engine.begin()

    def connect(self) -> Any:
        if self.down:
            raise _cut("SELECT")
        return self.engine.connect()

    @contextmanager
    def _committed_then_cut(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn
        self.down = self.down_after
        raise _cut("COMMIT")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


@pytest.fixture
def served(db_url: str) -> Iterator[tuple[TestClient, TableManager, FaultyEngine]]:
    app = create_app(db_url, bot_delay=0)
    manager: TableManager = app.state.manager
    faulty = FaultyEngine(manager.repo.engine)
    manager.repo.engine = faulty  # type: ignore[assignment]
    with TestClient(app) as client:
        yield client, manager, faulty


class Table:
    """A Gangsta table of three people, played over the API."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        created = new_table(
            client, game="gangsta", players=PLAYERS, seed=3, seats=[{"kind": "human"}] * PLAYERS
        )
        self.id = created["id"]
        self.tokens = [created["token"]]
        self.tokens += [claim(client, self.id, s) for s in range(1, PLAYERS)]

    def view(self, seat: int) -> dict[str, Any]:
        answer = state(self.client, self.id, seat, self.tokens[seat])
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def next_move(self) -> tuple[int, str]:
        seat = self.client.get(f"/api/tables/{self.id}").json()["pending"][0]
        return seat, self.view(seat)["legal"][0]["a"]

    def play(self) -> Any:
        seat, action = self.next_move()
        return act(self.client, self.id, seat, self.tokens[seat], action)

    def stored(self, manager: TableManager) -> list[tuple[int, str]]:
        row = manager.repo.load(self.id)
        assert row is not None
        return row.actions


def test_a_stored_move_whose_reply_was_lost_is_acknowledged_and_play_goes_on(
    served: tuple[TestClient, TableManager, FaultyEngine],
) -> None:
    client, manager, faulty = served
    table = Table(client)
    assert table.play().status_code == 200
    seat, action = table.next_move()
    faulty.lose_replies = 1  # the group commit stores it, then its connection is cut
    answer = act(client, table.id, seat, table.tokens[seat], action)
    assert answer.status_code == 200, answer.text  # it is stored: the client is told so
    assert table.stored(manager)[-1] == (seat, action)
    assert len(table.stored(manager)) == 2
    for _ in range(4):  # and the table plays on (before: 503, the store's count ahead)
        assert table.play().status_code == 200
    assert len(table.stored(manager)) == 6
    assert table.view(0)["version"] == 6


def test_a_lost_reply_with_the_database_then_out_of_reach_is_unsure_until_it_is_back(
    served: tuple[TestClient, TableManager, FaultyEngine],
) -> None:
    client, manager, faulty = served
    table = Table(client)
    assert table.play().status_code == 200
    seat, action = table.next_move()
    faulty.lose_replies, faulty.down_after = 1, True  # the commit lands, then nothing answers
    answer = act(client, table.id, seat, table.tokens[seat], action)
    assert answer.status_code == 503
    assert answer.json()["rule"] == "unsure"
    assert "may or may not be stored" in answer.json()["detail"]
    assert state(client, table.id, seat, table.tokens[seat]).status_code == 503  # not a guess
    faulty.down = False
    assert table.view(seat)["version"] == 2  # the store decides: the move is there
    assert table.stored(manager)[-1] == (seat, action)
    for _ in range(3):
        assert table.play().status_code == 200
    assert len(table.stored(manager)) == 5


def test_the_next_move_reconciles_an_unsure_table_and_says_the_earlier_one_is_stored(
    served: tuple[TestClient, TableManager, FaultyEngine],
) -> None:
    client, manager, faulty = served
    table = Table(client)
    seat, action = table.next_move()
    live = manager.tables[table.id]
    faulty.lose_replies, faulty.down_after = 1, True
    answer = act(client, table.id, seat, table.tokens[seat], action)
    assert answer.status_code == 503 and answer.json()["rule"] == "unsure"
    assert live.unsure
    faulty.down = False
    again = act(client, table.id, seat, table.tokens[seat], action)  # sent again: not twice
    assert again.status_code == 409 and again.json()["rule"] == "reloaded"
    assert not live.unsure
    assert table.view(seat)["version"] == 1
    assert table.play().status_code == 200
    assert len(table.stored(manager)) == 2


def test_a_move_that_was_not_stored_is_a_503_and_the_table_plays_on(
    served: tuple[TestClient, TableManager, FaultyEngine],
) -> None:
    client, manager, _faulty = served
    table = Table(client)
    seat, action = table.next_move()
    real = manager.repo.append_actions
    manager.repo.append_actions = lambda actions: [_cut("INSERT")] * len(actions)  # type: ignore[method-assign]
    answer = act(client, table.id, seat, table.tokens[seat], action)
    manager.repo.append_actions = real  # type: ignore[method-assign]
    assert answer.status_code == 503 and answer.json()["detail"].endswith("try again")
    assert not manager.tables[table.id].unsure  # no COMMIT was sent: surely not stored
    assert table.stored(manager) == [] and table.view(seat)["version"] == 0
    assert act(client, table.id, seat, table.tokens[seat], action).status_code == 200
    assert table.stored(manager) == [(seat, action)]


def test_a_store_ahead_of_the_table_is_taken_and_the_move_refused(
    served: tuple[TestClient, TableManager, FaultyEngine],
) -> None:
    """Another writer stored this table's next move (a process that lost its lease and
    wrote before it noticed): the move-count conflict reloads the table from the store."""
    client, manager, _faulty = served
    table = Table(client)
    while len(table.view(seat := table.next_move()[0])["legal"]) < 2:
        assert table.play().status_code == 200
    n = len(table.stored(manager))
    action, other = (x["a"] for x in table.view(seat)["legal"][:2])  # the same: our own
    manager.repo.append_actions([ActionRow(table.id, n, seat, other)])
    answer = act(client, table.id, seat, table.tokens[seat], action)
    assert answer.status_code == 409 and answer.json()["rule"] == "reloaded"
    assert table.stored(manager)[-1] == (seat, other)
    assert table.view(seat)["version"] == n + 1
    assert table.play().status_code == 200
    assert len(table.stored(manager)) == n + 2


def test_the_store_says_which_failures_may_have_stored_the_action(db_url: str) -> None:
    """A group commit whose ``COMMIT`` failed is tried again action by action: the action
    stored meets the move-count guard (``StoreConflict``); one that cannot be tried again
    is a ``CommitUnsure``; with no ``COMMIT`` sent, the database's own error."""
    repo = Repository(db_url)
    faulty = FaultyEngine(repo.engine)
    repo.engine = faulty  # type: ignore[assignment]
    try:
        for table_id in ("a", "b", "c"):
            repo.create_table(_row(table_id))
        faulty.lose_replies = 1
        [stored] = repo.append_actions([ActionRow("a", 0, 0, "b1")])
        assert isinstance(stored, StoreConflict)
        faulty.lose_replies, faulty.down_after = 1, True
        [unsure] = repo.append_actions([ActionRow("b", 0, 0, "b1")])
        assert isinstance(unsure, CommitUnsure)
        [not_sent] = repo.append_actions([ActionRow("c", 0, 0, "b1")])
        assert isinstance(not_sent, OperationalError)
        faulty.down = False
        assert [row.actions for row in map(repo.load, "abc") if row] == [
            [(0, "b1")],
            [(0, "b1")],
            [],
        ]
    finally:
        repo.close()


def _row(table_id: str) -> TableRow:
    config = {"players": 2, "variants": [], "options": {}, "card_data": None}
    seats = [SeatRow(0, "human"), SeatRow(1, "human")]
    return TableRow(table_id, "sealed-bid", "1", config, 1, seats=seats)
