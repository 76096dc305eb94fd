"""Game records: the save, database, replay and bug-report format.

A record is JSON::

    {"format": 1, "game": "gangsta", "rules_version": "1",
     "config": {...}, "seed": 42, "setup": null,
     "actions": [[0, "R5W"], [1, "R9S"], ...],
     "result": {...} or null}

Replaying it reproduces the game exactly, on any machine.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mobtable.core.errors import BadConfig, BadRecord, BadSetup, MobtableError
from mobtable.core.limits import MAX_RECORD_BYTES, check_seed, parse_json, read_text, shown
from mobtable.core.state import Result, State

FORMAT_VERSION = 1


def to_record(state: State) -> dict[str, Any]:
    """The record of ``state``'s game so far (with its result once over)."""
    return {
        "format": FORMAT_VERSION,
        "game": state.game.name,
        "rules_version": state.game.rules_version,
        "config": state.config.to_json(),
        "seed": state.origin.seed,
        "setup": None if state.origin.setup is None else dict(state.origin.setup),
        "actions": [[seat, str(action)] for seat, action in state.history],
        "result": state.result().to_json() if state.is_over() else None,
    }


def start_from_record(record: Mapping[str, Any]) -> State:
    """The initial state of a record (before any action)."""
    from mobtable import games

    if not isinstance(record, Mapping):
        raise BadRecord("a record must be a JSON object")
    version = record.get("format")
    if type(version) is not int or version != FORMAT_VERSION:
        raise BadRecord(f"record format {shown(version)} is not {FORMAT_VERSION}")
    name = record.get("game")
    try:
        game = games.get(str(name))
    except KeyError as exc:
        raise BadRecord(f"record field 'game': {exc.args[0]}") from exc
    if record.get("rules_version") != game.rules_version:
        raise BadRecord(
            f"record field 'rules_version' is {record.get('rules_version')!r}, "
            f"but this engine plays {game.name} rules version {game.rules_version!r}"
        )
    try:
        config = game.config_from_json(record.get("config") or {})
    except MobtableError as exc:
        raise BadRecord(f"record field 'config': {exc}") from exc
    seed, setup = record.get("seed"), record.get("setup")
    if seed is None and setup is None:
        raise BadRecord("record has neither 'seed' nor 'setup'")
    if seed is not None:
        try:
            check_seed(seed)
        except BadConfig as exc:
            raise BadRecord(f"record field 'seed': {exc}") from exc
    if setup is not None and not isinstance(setup, Mapping):
        raise BadRecord("record field 'setup' must be an object")
    try:
        return game.new_state(config, seed=seed, setup=setup)
    except (BadSetup, BadConfig) as exc:
        raise BadRecord(f"record field 'setup': {exc}") from exc


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> State:
    """Replay a record's actions (the first ``upto`` of them, or all)."""
    state = start_from_record(record)
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise BadRecord("record field 'actions' must be a list")
    for number, entry in enumerate(actions[:upto]):
        seat, text = action_entry(number, entry)
        try:
            state.apply_text(seat, text)
        except MobtableError as exc:
            raise BadRecord(f"action #{number} ({shown(text)} by seat {seat}): {exc}") from exc
    return state


def action_entry(number: int, entry: object) -> tuple[int, str]:
    """Record action ``#number`` as ``(seat, notation)``; ``BadRecord`` unless it is one.

    A seat is a whole number: ``true`` is not seat 1.
    """
    if (
        not isinstance(entry, list | tuple)
        or len(entry) != 2
        or type(entry[0]) is not int
        or not isinstance(entry[1], str)
    ):
        raise BadRecord(f'action #{number}: expected [seat, "notation"], got {shown(entry)}')
    return entry[0], entry[1]


def check(record: Mapping[str, Any]) -> State:
    """Replay and verify the stored result; raises ``BadRecord`` on any mismatch."""
    state = replay(record)
    stored = record.get("result")
    if stored is None:
        return state
    if not state.is_over():
        raise BadRecord("record stores a result but its actions do not finish the game")
    actual = state.result()
    expected = Result.from_json(stored)
    if actual.to_json() != expected.to_json():
        raise BadRecord(
            f"replayed result {actual.to_json()} differs from stored result {expected.to_json()}"
        )
    return state


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file (at most ``MAX_RECORD_BYTES``); ``BadRecord`` names what is wrong."""
    text = read_text(path, limit=MAX_RECORD_BYTES, what="record", error=BadRecord)
    data = parse_json(text, f"record {path}", BadRecord)
    if not isinstance(data, dict):
        raise BadRecord(f"record {path} must hold a JSON object")
    return data


def dumps(record: Mapping[str, Any]) -> str:
    """A record as readable JSON: fields one per line, then one action per line."""
    head = {key: value for key, value in record.items() if key != "actions"}
    actions = ",\n".join(f"  {json.dumps(entry)}" for entry in record.get("actions", []))
    fields = json.dumps(head, indent=1)[1:-2]  # without the braces and last newline
    separator = "," if head else ""
    return f'{{{fields}{separator}\n "actions": [\n{actions}\n ]\n}}\n'


def save(state_or_record: State | Mapping[str, Any], path: str | Path) -> Path:
    record = to_record(state_or_record) if isinstance(state_or_record, State) else state_or_record
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(dumps(record), encoding="utf-8")
    return target
