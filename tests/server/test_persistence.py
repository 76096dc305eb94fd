"""Every accepted action is stored before anyone is told; a new server resumes each game."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from mobtable.core import record as records
from mobtable.server.app import create_app
from server.helpers import act, claim, new_table, state


def test_a_new_server_on_the_same_database_resumes_the_game_exactly(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        created = new_table(client, seed=11)
        tid, token0 = created["id"], created["token"]
        token1 = claim(client, tid, 1, "Bob")
        for bid0, bid1 in (("b3", "b2"), ("b1", "b4")):
            assert act(client, tid, 0, token0, bid0).status_code == 200
            assert act(client, tid, 1, token1, bid1).status_code == 200
        assert act(client, tid, 0, token0, "b2").status_code == 200
        before = {s: state(client, tid, s, t).json() for s, t in ((0, token0), (1, token1))}
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert [t["id"] for t in client.get("/api/tables").json()] == [tid]
        for seat, token in ((0, token0), (1, token1)):
            after = state(client, tid, seat, token).json()
            assert after["view"] == before[seat]["view"]
            assert after["events"] == before[seat]["events"]
            assert after["table"]["seats"][1]["name"] == "Bob"
        assert act(client, tid, 1, token1, "b1").status_code == 200
        record = client.get(f"/api/tables/{tid}/record").json()
    assert record["seed"] == 11 and len(record["actions"]) == 6
    assert records.check(record).is_over()


@pytest.mark.parametrize("method", ["append_actions", "append_action"])
def test_when_the_store_fails_the_action_is_refused_and_nothing_is_half_applied(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """Whether the group commit fails as a whole or for this action alone."""
    app = create_app(sqlite_url, bot_delay=0)
    with TestClient(app) as client:
        created = new_table(client)
        tid, token0 = created["id"], created["token"]
        claim(client, tid, 1)  # the table is full: the game starts
        repo = app.state.manager.repo

        def broken(*_args: object, **_kwargs: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(repo, method, broken)
        if method == "append_action":  # the batch's statements fail, then the retry alone
            monkeypatch.setattr("mobtable.store.repository._append_many", broken)
        failed = act(client, tid, 0, token0, "b5")
        assert failed.status_code == 503
        view = state(client, tid, 0, token0).json()
        assert view["version"] == 0 and view["view"]["my_bid"] is None
        monkeypatch.undo()
        assert act(client, tid, 0, token0, "b5").status_code == 200
        assert state(client, tid, 0, token0).json()["view"]["my_bid"] == 5
