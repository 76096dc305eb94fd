"""The messages a table's clients get, each in its reader's words: the table's summary,
a seat's state message (its view, legal moves, prompt and new events) and the
broadcast after every change, each part encoded once for every client that gets it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import orjson

from mobtable.core import State
from mobtable.core.actions import Action
from mobtable.core.narrator import Narrator
from mobtable.server import tutorials
from mobtable.server.clocks import is_turn_based
from mobtable.server.waiting import seed_notice, table_settings, waiting_prompt
from mobtable.store import TableStatus

if TYPE_CHECKING:
    from mobtable.server.session import TableSession


def outcome(words: Narrator, state: State) -> str | None:
    """Once the game is over, the game's own sentence about its end for this reader:
    who won, and what decided it ("..., ahead on the most resources"). A narration's
    prompt says it once the game is over (``Narrator.prompt`` shows a shorter line)."""
    if not state.is_over():
        return None
    return words.narration.prompt(state, words.reader)


def tiebreak(words: Narrator, state: State) -> str | None:
    """Once the game is over, what decided it, in the game's words (the result card's line:
    "Decided by the tie-break: ..."); the same for every reader. ``None`` where no
    tie-break was needed: the card says nothing then."""
    if not state.is_over():
        return None
    return words.tiebreak(state.result()) or None


def breakdown(words: Narrator, state: State) -> dict[str, Any] | None:
    """Once the game is over, how each player's score was made, in the game's words (the
    result card's breakdown: columns and a row of cells per seat), where the game says."""
    made = words.breakdown(state)
    return made.to_json() if made is not None else None


def labels(words: Narrator, state: State, seat: int, legal: Sequence[Action]) -> list[str]:
    """The labels of ``seat``'s legal moves as ``words``' reader reads them, all at once
    where the game's narration can (an optional ``actions(state, seat, actions, reader)``
    sharing the work the labels have in common), else one by one."""
    batch = getattr(words.narration, "actions", None)
    if batch is None:
        return [words.action(state, seat, a) for a in legal]
    return list(batch(state, seat, legal, words.reader))


def summary(table: TableSession) -> dict[str, Any]:
    state = table.state
    over = state.is_over()
    return {
        "id": table.id,
        "game": table.row.game,
        "title": table.game.title,
        "players": state.players,
        "status": table.status,
        "host": table.row.host,
        "expires_at": table.expires_at if table.status is TableStatus.WAITING else None,
        "expired": table.expired if table.status is TableStatus.EXPIRED else None,
        "moves": state.moves_seen_by(None),
        "seats": [
            {**s.public(), "account": a.name if (a := table.row.accounts.get(n)) else None}
            for n, s in enumerate(table.seats)
        ],
        "free_seats": [s.row.seat for s in table.seats if s.row.kind == "human" and not s.claimed],
        "pending": [] if over else list(state.pending()),
        "thinking": sorted(table.bots.thinking),
        "deadlines": {str(s): d for s, d in sorted(table.clocks.deadlines.items())},
        "clock": table.row.clock,
        "turn_based": is_turn_based(table.row.clock),
        "replace_after": table.row.replace_after,
        "result": state.result().to_json() if over else None,
        "rematch": table.row.rematch_id,
        "variants": list(table.row.config.get("variants", [])),
        "options": dict(table.row.config.get("options", {})),
        "reveal_at_end": table.row.reveal_at_end,
        "end_reveal": "everything" if table.reveals_everything else "public",
        "hints": table.row.hints,
        "seed_chosen": table.row.seed_chosen,
        "seed_notice": _seed_notice(table),
        "settings": table_settings(
            table.game,
            table.row.config,
            clock=table.row.clock,
            hints=table.row.hints,
            replace_after=table.row.replace_after,
            reveal_at_end=table.row.reveal_at_end,
        ),
        "rated": table.row.rated,
        "tutorial": tutorials.is_tutorial(table.row),
    }


def _seed_notice(table: TableSession) -> str | None:
    """The words that tell everyone the creator chose the seed, at such a table."""
    if not table.row.seed_chosen:
        return None
    host = table.row.host
    return seed_notice(table.seats[host].name if host is not None else None)


def payload(
    table: TableSession, seat: int | None, since: int, summary_: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The state message for ``seat`` with the events from index ``since``."""
    return {
        "type": "state",
        "table": summary_ if summary_ is not None else summary(table),
        **_members(table, seat),
        "events": _events(table, seat, since),
        "log_reset": since == 0,
    }


def _members(
    table: TableSession, seat: int | None, words: Narrator | None = None
) -> dict[str, Any]:
    """What a state message tells ``seat`` beside the table and the events
    (``words``: its narrator, where the caller has it)."""
    state = table.state
    playing = table.status is TableStatus.PLAYING
    legal = state.legal(seat) if seat is not None and playing else ()
    if words is None:
        words = table.narrator(seat)
    return {
        "seat": seat,
        "version": state.moves_seen_by(seat),
        "view": state.view(seat),
        "legal": [
            {"a": str(a), "label": label}
            for a, label in zip(legal, labels(words, state, seat, legal), strict=True)
        ]
        if seat is not None
        else [],
        "prompt": _prompt(table, seat, words),
        "outcome": outcome(words, table.state),
        "tiebreak": tiebreak(words, table.state),
        "breakdown": breakdown(words, table.state),
        "guide": tutorials.guide(table, seat, words),
    }


def _events(
    table: TableSession, seat: int | None, since: int, words: Narrator | None = None
) -> list[dict[str, Any]]:
    if words is None:
        words = table.narrator(seat)
    return [{**e.to_json(), "text": words.event(e)} for e in table.state.events_for(seat, since)]


def _prompt(table: TableSession, seat: int | None, words: Narrator) -> str:
    if table.status is TableStatus.WAITING:
        host = table.row.host
        name = table.seats[host].name if host is not None else ""
        return waiting_prompt(seat, host, name, sum(s.free for s in table.seats))
    if table.status is TableStatus.EXPIRED:
        return table.expired or "This table has closed."
    return words.prompt(table.state)


def announce(table: TableSession, kind: str, text_for: Callable[[int | None], str]) -> None:
    """Tell every client something about the table that is not a game event (a
    clock ran out), in its reader's words: ``text_for(seat)`` (``None``: a spectator)."""
    for client in table.clients:
        client.send(json.dumps({"type": "notice", "kind": kind, "text": text_for(client.seat)}))


def broadcast(table: TableSession) -> None:
    """Send every connected client its own view and its new events.

    Each part is encoded once: the table summary once for everyone, a seat's
    view, moves and prompt once for all its clients (spectators share one),
    the events once per seat and log position; a message is their joined text,
    queued for each client that gets it (:class:`~mobtable.server.clients.Client`).
    """
    if not table.clients:
        return
    shared = encode(summary(table))
    end = len(table.state.events)
    bodies: dict[int | None, str] = {}
    narrators: dict[int | None, Narrator] = {}
    messages: dict[tuple[int | None, int], tuple[str, bool]] = {}
    for client in table.clients:
        seat, since = client.seat, client.cursor
        words = narrators.get(seat)
        if words is None:
            words = narrators[seat] = table.narrator(seat)
        body = bodies.get(seat)
        if body is None:
            body = bodies[seat] = encode(_members(table, seat, words))[1:-1]
        message = messages.get((seat, since))
        if message is None:
            events = _events(table, seat, since, words)
            text = (
                f'{{"type":"state","table":{shared},"events":{encode(events)},'
                f'"log_reset":{"true" if since == 0 else "false"},{body}}}'
            )
            message = messages[(seat, since)] = (text, bool(events))
        text, news = message
        client.cursor = end
        # A change this client cannot see (a part of another seat's sealed commit)
        # sends nothing: even an empty message would count the parts.
        unchanged_form = (shared, body)
        if news or unchanged_form != client.last_seen:
            client.last_seen = unchanged_form
            client.send(text)


def encode(value: Any) -> str:
    """Compact JSON text of a payload (orjson: a view in a fifth of the time of
    ``json``). Keys that are not strings become strings and a tuple subclass a
    list, as ``json`` makes them; text is UTF-8, not ``\\u`` escapes.

    Tried first without orjson's option for keys that are not strings (which takes
    about 1.7 times as long, for the same text where every key is a string): only a
    payload with another key is encoded again with it."""
    try:
        return orjson.dumps(value, default=_plain).decode()
    except TypeError:
        return orjson.dumps(value, default=_plain, option=orjson.OPT_NON_STR_KEYS).decode()


def _plain(value: Any) -> Any:
    """What orjson cannot encode by itself: a tuple subclass (a named tuple) as a list."""
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")
