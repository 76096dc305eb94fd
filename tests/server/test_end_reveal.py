"""After the end, the server publishes what the game's reveal policy allows, and no more.

Capo keeps unsuspected crews secret for ever (K-24): its record over HTTP has
no seed and no face-down card, and no payload of the finished table carries
them, unless the table chose ``reveal_at_end``. Gangsta (G-30) and COSCA
(C-16) publish their full records. The operator reads any full record from
the database with ``mobtable record``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from mobtable.cli import app as cli
from mobtable.core import State
from mobtable.core import record as records
from mobtable.core.narrator import Narrator
from mobtable.core.reveal import replay_steps
from mobtable.games.capo.actions import Place
from mobtable.server.app import create_app
from server.helpers import act, claim, new_table

PLAIN = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}


def _wait(predicate: Callable[[], bool], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def _bots_finish(client: TestClient, game: str, players: int, seed: int, **spec: Any) -> str:
    """A table of random bots, played to the end; returns its id."""
    seats = [{"kind": "bot", "bot": "random"}] * players
    spec.update(game=game, players=players, seats=seats, seed=seed, sit=None)
    created = new_table(client, **spec)
    tid = str(created["id"])
    _wait(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "over")
    return tid


def _live(client: TestClient, tid: str) -> State:
    return client.app.state.manager.tables[tid].state  # type: ignore[attr-defined,no-any-return]


def _unshown_face_down(state: State) -> set[int]:
    """Capo cards put face down that no spectator ever saw."""
    full = records.to_record(state)
    seen = {int(c) for step in replay_steps(full) for c in step["view"]["cards"]}
    placed = {a.card for _, a in state.history if isinstance(a, Place)}
    return placed - seen


def _card_ids(value: Any) -> set[int]:
    """Every card id a Capo payload names: view card keys and event card fields."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "cards" and isinstance(item, dict):
                found |= {int(c) for c in item}
            elif key in ("card", "cards", "revealed", "face_up", "hand", "giulia_shown"):
                found |= {i for i in _ints(item)}
            else:
                found |= _card_ids(item)
    elif isinstance(value, list):
        for item in value:
            found |= _card_ids(item)
    return found


def _ints(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


def test_K_24_a_finished_capo_table_publishes_no_seed_and_no_unsuspected_card(
    client: TestClient, tmp_path: Path
) -> None:
    tid = _bots_finish(client, "capo", 4, seed=31)
    state = _live(client, tid)
    secret = _unshown_face_down(state)
    assert secret, "the game had no unsuspected crew to keep secret"

    public = client.get(f"/api/tables/{tid}/record").json()
    assert public["seed"] is None and public["setup"] is None and public["public"] is True
    notations = [text for _, text in public["actions"]]
    assert not [t for t in notations if re.fullmatch(r"d\d+", t)]
    assert not {f"d{c}" for c in secret} & set(notations)
    assert public["result"] == state.result().to_json()
    assert "cannot be replayed" in _replay_check(public, tmp_path / "public.json")[1]

    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["end_reveal"] == "public" and summary["reveal_at_end"] is False
    spectator = client.get(f"/api/tables/{tid}/state").json()
    assert spectator["view"] == json.loads(json.dumps(state.view(None)))
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello"})
        message = ws.receive_json()
    steps = client.get(f"/api/tables/{tid}/replay").json()["steps"]
    words = Narrator(state.game, None, [None] * state.players, state.players)
    expected = replay_steps(records.to_record(state), narrate=words.event)
    assert steps == json.loads(json.dumps(expected))
    for payload in (summary, spectator, message, steps, public):
        text = json.dumps(payload)
        assert '"seed": 31' not in text and '"seed":31' not in text
        assert not _card_ids(payload) & secret
    refused = client.get(f"/api/tables/{tid}/replay", params={"seat": 0})
    assert refused.status_code == 403 and "secret" in refused.json()["detail"]


def _replay_check(record: dict[str, Any], path: Path) -> tuple[int, str]:
    path.write_text(json.dumps(record), encoding="utf-8")
    try:
        result = CliRunner().invoke(cli, ["replay", "--check", str(path)], env=PLAIN)
    finally:
        path.unlink()
    return result.exit_code, result.output


@pytest.mark.parametrize(("game", "players"), [("gangsta", 3), ("cosca", 3)])
def test_G_30_C_16_public_records_replay_with_mobtable_replay_check(
    client: TestClient, game: str, players: int, tmp_path: Path
) -> None:
    tid = _bots_finish(client, game, players, seed=8)
    public = client.get(f"/api/tables/{tid}/record").json()
    assert public["seed"] == 8 and "public" not in public
    code, output = _replay_check(public, tmp_path / "record.json")
    assert code == 0 and "OK" in output, output
    assert client.get(f"/api/tables/{tid}").json()["end_reveal"] == "everything"
    seat1 = client.get(f"/api/tables/{tid}/replay", params={"seat": 1}).json()
    assert seat1["seat"] == 1
    assert seat1["steps"][-1]["view"] == json.loads(json.dumps(_live(client, tid).view(1)))


def test_K_24_the_reveal_at_end_option_publishes_everything(client: TestClient) -> None:
    tid = _bots_finish(client, "capo", 3, seed=12, reveal_at_end=True)
    state = _live(client, tid)
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["reveal_at_end"] is True and summary["end_reveal"] == "everything"
    full = client.get(f"/api/tables/{tid}/record").json()
    assert full == json.loads(json.dumps(records.to_record(state))) and full["seed"] == 12
    assert records.check(full).result() == state.result()
    for seat in range(3):
        steps = client.get(f"/api/tables/{tid}/replay", params={"seat": seat}).json()["steps"]
        assert steps[-1]["view"] == json.loads(json.dumps(state.view(seat)))
    assert client.get(f"/api/tables/{tid}/replay", params={"seat": 3}).status_code == 404


def test_the_option_must_be_a_boolean_and_defaults_to_off(client: TestClient) -> None:
    body = {"game": "sealed-bid", "players": 2, "reveal_at_end": "yes"}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 422 and "reveal_at_end" in refused.text
    tid = new_table(client)["id"]
    assert client.get(f"/api/tables/{tid}").json()["reveal_at_end"] is False
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["capo"]["end_reveal"]["everything"] is False
    assert games["capo"]["end_reveal"]["decision"] == "K-24"
    assert games["gangsta"]["end_reveal"]["everything"] is True


def test_the_option_is_stored_kept_by_a_restart_and_by_a_rematch(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        created = new_table(client, reveal_at_end=True)
        tid, token0 = created["id"], created["token"]
        token1 = claim(client, tid, 1)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        assert client.get(f"/api/tables/{tid}").json()["reveal_at_end"] is True
        for _ in range(3):
            assert act(client, tid, 0, token0, "b0").status_code == 200
            assert act(client, tid, 1, token1, "b0").status_code == 200
        again = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": token0})
        assert client.get(f"/api/tables/{again.json()['id']}").json()["reveal_at_end"] is True


def test_the_operator_command_gives_the_full_record_which_checks(
    db_url: str, tmp_path: Path
) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        tid = _bots_finish(client, "capo", 3, seed=5)
        expected = json.loads(json.dumps(records.to_record(_live(client, tid))))
        assert client.get(f"/api/tables/{tid}/record").json()["seed"] is None
    out = tmp_path / "full.json"
    runner = CliRunner()
    written = runner.invoke(cli, ["record", tid, "--db", db_url, "--out", str(out)], env=PLAIN)
    assert written.exit_code == 0, written.output
    full = records.load(out)
    assert full["seed"] == 5 and full["actions"] == expected["actions"]
    assert full["result"] == expected["result"] and full["meta"]["table"] == tid
    checked = runner.invoke(cli, ["replay", "--check", str(out)], env=PLAIN)
    assert checked.exit_code == 0 and "OK" in checked.output, checked.output
    printed = runner.invoke(cli, ["record", tid, "--db", db_url], env=PLAIN)
    assert printed.exit_code == 0 and json.loads(printed.stdout) == full


def test_the_operator_command_names_what_is_wrong(sqlite_url: str, tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0)):
        pass  # a migrated, empty database
    runner = CliRunner()
    cases = {
        ("nope", sqlite_url): "no table 'nope'",
        ("nope", f"sqlite:///{tmp_path / 'missing.sqlite'}"): "no database file",
        ("nope", "not a url"): "is not a database URL",
        ("nope", "postgresql+psycopg://nobody@127.0.0.1:1/x"): "cannot connect",
        ("bad id!", sqlite_url): "is not a table id",
    }
    for (table_id, url), words in cases.items():
        result = runner.invoke(cli, ["record", table_id, "--db", url], env=PLAIN)
        assert result.exit_code == 2, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error:") and words in lines[0], lines
    assert not (tmp_path / "missing.sqlite").exists()


def test_migration_0002_keeps_older_tables_with_the_option_off(db_url: str) -> None:
    from alembic import command
    from sqlalchemy import create_engine, text

    from mobtable.store import Repository
    from mobtable.store.migrate import alembic_config

    engine = create_engine(db_url)
    config = alembic_config(db_url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(
            text(
                "INSERT INTO tables (id, game, rules_version, config, seed, status, "
                "replace_after, moves) VALUES ('old', 'sealed-bid', '1', :config, 3, "
                "'playing', 60, 0)"
            ),
            {"config": json.dumps({"players": 2, "variants": [], "options": {}})},
        )
    engine.dispose()
    repo = Repository(db_url)  # migrates to the newest schema
    try:
        row = repo.load("old")
        assert row is not None and row.reveal_at_end is False and row.seed == 3
    finally:
        repo.close()
