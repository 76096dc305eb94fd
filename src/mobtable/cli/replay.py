"""``mobtable replay``: step through a record, check it, show its result."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from mobtable.cli._errors import FAILURE, fail
from mobtable.cli.rendering import render_events, render_result, render_view, seat_label
from mobtable.core import MobtableError, Result, Seat, State
from mobtable.core import record as records
from mobtable.core.limits import shown


def seat_names(record: Mapping[str, Any], players: int) -> list[str] | None:
    """Who sat where, from the record's optional ``meta.seats``."""
    meta = record.get("meta")
    seats = meta.get("seats") if isinstance(meta, Mapping) else None
    if isinstance(seats, list) and len(seats) == players:
        return [str(name) for name in seats]
    return None


def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record (JSON).")],
    step: Annotated[
        bool, typer.Option("--step", help="Pause after each action (Enter: next, q: stop).")
    ] = False,
    check: Annotated[
        bool, typer.Option("--check", help="Only verify it replays to the stored result.")
    ] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Follow one seat's view instead of a spectator's.")
    ] = None,
) -> None:
    """Replay a record: the events, the final view and the result."""
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
    console.print(Text(f"{file}: {state.game.title}, {state.players} players", style="bold"))
    _play_through(state, record, seat, console, step=step)
    names = seat_names(record, state.players)
    console.print(Rule(style="dim"))
    title = f"{state.game.title}: {seat_label(seat)}"
    console.print(render_view(state.game.name, state.view(seat), title=title))
    if not state.is_over():
        console.print(
            f"The record is unfinished ({len(state.history)} actions).",
            markup=False,
            soft_wrap=True,
        )
        return
    result = state.result()
    console.print(render_result(result, names))
    _compare_stored(record, result, console)


def _play_through(
    state: State, record: Mapping[str, Any], seat: Seat | None, console: Console, *, step: bool
) -> None:
    """Apply the record's actions one by one, printing the events ``seat`` saw."""
    actions = record.get("actions")
    if not isinstance(actions, list):
        fail("record field 'actions' must be a list", code=FAILURE)
    seen = 0
    for number, entry in enumerate(actions):
        try:
            acting, text = records.action_entry(number, entry)
            state.apply_text(acting, text)
        except MobtableError as exc:
            fail(f"action #{number} {shown(entry)} does not replay: {exc}", code=FAILURE)
        events = state.events_for(seat, seen)
        seen = len(state.events)
        if step and (seat is None or acting == seat):  # a seat sees only its own actions
            console.print(Text(f"#{number} seat {acting}: {text}", style="dim"))
        if events:
            console.print(render_events(events))
        if step and number + 1 < len(actions):
            try:
                answer = console.input("[dim](Enter: next, q: stop stepping)[/] ")
            except EOFError:
                answer = "q"
            if answer.strip().lower() in {"q", "quit"}:
                step = False


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
