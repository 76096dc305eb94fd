"""Nothing a seat may not see ever reaches it, over the WebSocket or over HTTP.

A whole random game is played through the server, one WebSocket per seat
and one spectator. After every action each client's message must hold
exactly its own ``view(seat)``, ``legal(seat)`` and the new events it saw
(compared with a mirror state playing the same actions), and no string
that only other seats know (their hand cards, say) may appear anywhere in
its payload.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mobtable import games
from mobtable.core import State
from mobtable.core.narrator import Narrator
from server.helpers import claim, new_table, served_config, state

MAX_STEPS = 3000
TOKENS: list[str] = []  # the seat tokens of the table being played


def _playable() -> list[str]:
    """Every registered game: one that fails to load fails its tests, it is not left out."""
    return sorted({"sealed-bid", *games.names()})


def _strings(value: Any, *, keys: bool = False) -> set[str]:
    """The string leaves of a JSON value (and its object keys with ``keys``)."""
    if isinstance(value, str):
        return {value}
    out: set[str] = set()
    if isinstance(value, dict):
        if keys:
            out.update(map(str, value))
        for v in value.values():
            out |= _strings(v, keys=keys)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= _strings(v, keys=keys)
    return out


def _secrets_of_others(mirror: State, seat: int | None, seen: set[str]) -> set[str]:
    others = set[str]().union(
        *(_strings(mirror.view(o)) for o in range(mirror.players) if o != seat)
    )
    mine = _strings(mirror.view(seat), keys=True) | seen
    if seat is not None:
        mine |= {str(a) for a in mirror.legal(seat)}
    return {s for s in others - mine if len(s) >= 2}


def _narrator(mirror: State, seat: int | None, table: dict[str, Any]) -> Narrator:
    names = [s["display"] for s in table["seats"]]
    return Narrator(mirror.game, seat, names, mirror.players)


def _check(raw: str, mirror: State, seat: int | None, cursor: int, seen: set[str]) -> None:
    message = json.loads(raw)
    assert message["seat"] == seat
    assert message["version"] == mirror.moves_seen_by(seat)
    assert message["view"] == json.loads(json.dumps(mirror.view(seat)))
    legal = mirror.legal(seat) if seat is not None and not mirror.is_over() else []
    assert [m["a"] for m in message["legal"]] == [str(a) for a in legal]
    words = _narrator(mirror, seat, message["table"])
    assert [m["label"] for m in message["legal"]] == [
        words.action(mirror, seat, a)  # type: ignore[arg-type]
        for a in legal
    ]
    assert message["prompt"] == words.prompt(mirror)
    expected = [
        {**e.to_json(), "text": words.event(e)} for e in mirror.events_for(seat, cursor)
    ]  # the words are the narration's for this reader
    assert message["events"] == json.loads(json.dumps(expected))
    assert "seed" not in message["table"]
    assert not any(token in raw for token in TOKENS), "a seat token was sent"
    for secret in _secrets_of_others(mirror, seat, seen):
        assert json.dumps(secret) not in raw, (
            f"seat {seat} was sent {secret!r}, which only other seats may know"
        )


def _form(mirror: State, seat: int | None) -> tuple[Any, ...]:
    """What a client's state message shows apart from new events."""
    legal = [] if seat is None or mirror.is_over() else [str(a) for a in mirror.legal(seat)]
    pending = () if mirror.is_over() else mirror.pending()
    return (mirror.moves_seen_by(seat), json.dumps(mirror.view(seat)), legal, pending)


@pytest.mark.parametrize("game_name", _playable())
def test_no_payload_holds_anything_its_seat_may_not_see(client: TestClient, game_name: str) -> None:
    game = games.get(game_name)
    players = game.min_players if game_name == "sealed-bid" else min(game.max_players, 4)
    players = max(players, game.min_players)
    seed = 20240 + players
    created = new_table(
        client, game=game_name, players=players, seed=seed, seats=[{"kind": "human"}] * players
    )
    tid = created["id"]
    tokens = [created["token"]] + [claim(client, tid, s) for s in range(1, players)]
    TOKENS[:] = tokens
    mirror = game.new_state(served_config(client, tid, game, players), seed=seed)
    rng = random.Random(7)
    seats: list[int | None] = [*range(players), None]
    with ExitStack() as stack:
        sockets = {
            s: stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")) for s in seats
        }
        cursors = dict.fromkeys(seats, 0)
        seen: dict[int | None, set[str]] = {s: set() for s in seats}
        for index, s in enumerate(seats):
            hello = (
                {"type": "hello"} if s is None else {"type": "hello", "seat": s, "token": tokens[s]}
            )
            sockets[s].send_json(hello)
            # a seat's connection is announced to all; a spectator's changes nothing they see
            for earlier in seats[: index + 1] if s is not None else [s]:
                raw = sockets[earlier].receive_text()
                _check(raw, mirror, earlier, 0 if earlier == s else cursors[earlier], seen[earlier])
                cursors[earlier] = len(mirror.events)
        forms = {s: _form(mirror, s) for s in seats}
        steps = 0
        while not mirror.is_over() and steps < MAX_STEPS:
            seat = rng.choice(mirror.pending())
            action = rng.choice(list(mirror.legal(seat)))
            sockets[seat].send_json({"type": "act", "action": str(action)})
            mirror.apply(seat, action)
            names = [s["display"] for s in client.get(f"/api/tables/{tid}").json()["seats"]]
            for s in seats:
                words = Narrator(game, s, names, players)
                news = mirror.events_for(s, cursors[s])
                for e in news:
                    said = f"{e.text} {words.event(e)}".replace(",", " ")
                    seen[s] |= _strings(e.data) | set(said.split())
                # a client is sent a state only when something it may see changed: a
                # part of another seat's sealed commit sends nothing (it would count them)
                form = _form(mirror, s)
                if news or form != forms.get(s):
                    _check(sockets[s].receive_text(), mirror, s, cursors[s], seen[s])
                forms[s] = form
                cursors[s] = len(mirror.events)
            if steps % 25 == 0:
                for s in range(players):
                    response = state(client, tid, s, tokens[s])
                    _check(response.text, mirror, s, 0, seen[s])
                public = client.get(f"/api/tables/{tid}").text
                for secret in _secrets_of_others(mirror, None, seen[None]):
                    assert f'"{secret}"' not in public
            steps += 1
    assert mirror.is_over(), f"{game_name}: no end after {MAX_STEPS} random actions"
    final = client.get(f"/api/tables/{tid}").json()
    assert final["status"] == "over" and final["result"] == mirror.result().to_json()
