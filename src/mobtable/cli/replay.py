"""``mobtable replay``: step through a record, check it, show its result."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from mobtable import bots as bot_registry
from mobtable.cli._errors import FAILURE, fail
from mobtable.cli.rendering import (
    provenance,
    render_events,
    render_result,
    render_view,
    view_title,
)
from mobtable.core import MobtableError, Result, State
from mobtable.core import record as records
from mobtable.core.limits import shown
from mobtable.core.narrator import Narrator, seat_label
from mobtable.core.words import default_names, listing


def seat_names(record: Mapping[str, Any], players: int) -> list[str] | None:
    """Who sat where, from the record's optional ``meta.seats``."""
    meta = record.get("meta")
    seats = meta.get("seats") if isinstance(meta, Mapping) else None
    if isinstance(seats, list) and len(seats) == players:
        return [str(name) for name in seats]
    return None


def table_names(record: Mapping[str, Any], game: str, players: int) -> tuple[list[str], list[str]]:
    """Each seat's name, and its label for the result ("Carla (bot, greedy)").

    A ``meta.seats`` entry that names a bot of the game is a bot in a seat
    with a default name; ``"you"`` is the person who played; anything else is
    a player's name.
    """
    people = list(default_names(players))
    meta = seat_names(record, players) or [""] * players
    try:
        known = set(bot_registry.available(game))
    except KeyError:
        known = set()
    labels = []
    for seat, entry in enumerate(meta):
        if entry in known:
            labels.append(seat_label(people[seat], entry))
        elif entry and entry != "you":
            people[seat] = entry
            labels.append(entry)
        else:
            labels.append(people[seat])
    return people, labels


def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record (JSON).")],
    step: Annotated[
        bool,
        typer.Option(
            "--step", help="Draw the board after each move and wait (Enter: next, q: stop)."
        ),
    ] = False,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            min=0.0,
            max=60.0,
            help="With --step: go on by itself after this many seconds instead of waiting.",
            show_default=False,
        ),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Only verify it replays to the stored result.")
    ] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Follow one seat's view instead of a spectator's.")
    ] = None,
) -> None:
    """Replay a record: the log in words, the final board and the result."""
    console = Console(highlight=False)
    try:
        record = records.load(file)  # its errors name the file
    except MobtableError as exc:
        fail(str(exc))
    try:
        state = records.start_from_record(record)  # a malformed record is a usage error too
    except MobtableError as exc:
        fail(f"{file}: {exc}")
    if check:
        try:
            state = records.check(record)
        except MobtableError as exc:
            fail(f"{file} does not replay: {exc}", code=FAILURE)
        status = "finished" if state.is_over() else "unfinished"
        console.print(
            f"OK: {file} replays ({len(state.history)} actions, {status}).",
            markup=False,
            soft_wrap=True,
        )
        return
    if seat is not None and not 0 <= seat < state.players:
        fail(f"--seat must be between 0 and {state.players - 1}, not {seat}")
    people, labels = table_names(record, state.game.name, state.players)
    words = Narrator(state.game, seat, people, state.players)
    console.print(Text(f"{file}: {state.game.title}, {state.players} players", style="bold"))
    console.print(f"At the table: {listing(labels)}.", markup=False, soft_wrap=True)
    note = provenance(state.game.name, state.view(seat))
    if note is not None:  # once, not on every board
        console.print(note)
    stepper = Stepper(console, step=step, delay=delay)
    _play_through(state, record, words, stepper)
    console.print(Rule(style="dim"))
    title = f"{state.game.title}: {view_title(seat, people)}"
    console.print(render_view(state.game.name, state.view(seat), title=title, names=people))
    if not state.is_over():
        console.print(
            f"The record is unfinished ({len(state.history)} actions).",
            markup=False,
            soft_wrap=True,
        )
        return
    result = state.result()
    console.print(render_result(result, labels, reader=words.reader, narration=words.narration))
    _compare_stored(record, result, console)


class Stepper:
    """Paces a stepped replay: waits for Enter (q stops stepping) or for ``delay`` seconds."""

    def __init__(
        self,
        console: Console,
        *,
        step: bool,
        delay: float | None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.console = console
        self.on = step
        self.delay = delay
        self.sleep = sleep

    def pause(self) -> None:
        if not self.on:
            return
        if self.delay is not None:
            self.sleep(self.delay)
            return
        try:
            answer = self.console.input("[dim](Enter: next, q: stop stepping)[/] ")
        except EOFError:
            answer = "q"
        if answer.strip().lower() in {"q", "quit"}:
            self.on = False


def _play_through(
    state: State, record: Mapping[str, Any], words: Narrator, stepper: Stepper
) -> None:
    """Apply the record's actions one by one, printing what the reader saw, in words."""
    actions = record.get("actions")
    if not isinstance(actions, list):
        fail("record field 'actions' must be a list", code=FAILURE)
    console = stepper.console
    seat = words.reader.seat
    seen = 0
    for number, entry in enumerate(actions):
        try:
            acting, text = records.action_entry(number, entry)
            action = state.game.parse_action(text, state.config)
            seated = 0 <= acting < state.players  # else ``apply`` refuses it, in words
            label = words.action(state, acting, action) if stepper.on and seated else ""
            state.apply(acting, action)
        except MobtableError as exc:
            fail(f"action #{number} {shown(entry)} does not replay: {exc}", code=FAILURE)
        events = state.events_for(seat, seen)
        seen = len(state.events)
        if stepper.on and (seat is None or acting == seat):  # a seat sees only its own actions
            who = words.reader.subject(acting)
            console.print(Text(f"Move {number + 1}, {who}: {label}", style="dim"), soft_wrap=True)
        if events:
            console.print(render_events([words.event(e) for e in events]))
        if stepper.on and number + 1 < len(actions):
            console.print(Rule(style="dim"))
            title = f"{state.game.title}: {view_title(seat, words.names)}"
            view = state.view(seat)
            console.print(render_view(state.game.name, view, title=title, names=words.names))
            stepper.pause()


def _compare_stored(record: Mapping[str, Any], result: Result, console: Console) -> None:
    stored = record.get("result")
    if stored is None:
        return
    try:
        same = Result.from_json(stored).to_json() == result.to_json()
    except MobtableError:
        same = False
    if not same:
        console.print(
            Text("Warning: the stored result differs; run with --check for details.", "yellow")
        )
