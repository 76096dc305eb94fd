"""One game at the terminal: a human seat (or none, to watch) against bots."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from mobtable.bots import Bot, Decision
from mobtable.cli import parsing
from mobtable.cli.parsing import Command, Empty
from mobtable.cli.rendering import (
    render_events,
    render_moves,
    render_result,
    render_view,
    seat_label,
)
from mobtable.core import Action, MobtableError, Seat, State
from mobtable.core import record as records
from mobtable.sim import annotated_record

LIST_LIMIT = 24
"""Legal moves are listed with the prompt when there are at most this many."""

ReadLine = Callable[[str], str]


class Ending(Enum):
    FINISHED = "finished"
    QUIT = "quit"
    INPUT_ENDED = "input ended"
    BOT_FAILED = "bot failed"


class Session:
    """Runs the loop: bots act for their seats, the human is prompted for theirs.

    In a simultaneous step the bots commit first, then the human; the
    commitments are sealed until all are in, so the order changes nothing.

    Args:
        state: the table, freshly dealt.
        bots: a bot for every seat but the human's.
        human: the human's seat, or ``None`` to watch bots play.
        names: who sits where, for the result table and the record.
        console: where everything is printed.
        read_line: reads one line after showing a prompt (``EOFError`` at the end).
        hints: before each human move, show what the ``hard`` bot would play and why.
    """

    def __init__(
        self,
        state: State,
        bots: Mapping[Seat, Bot],
        *,
        human: Seat | None,
        names: Sequence[str],
        console: Console,
        read_line: ReadLine,
        hints: bool = False,
    ) -> None:
        self.state = state
        self.bots = dict(bots)
        self.human = human
        self.names = list(names)
        self.console = console
        self.read_line = read_line
        self.hints = hints
        self.seen_events = 0
        self.viewed_at = -1
        self.error: str | None = None

    # -- the loop ------------------------------------------------------
    def run(self) -> Ending:
        state = self.state
        while not state.is_over():
            pending = state.pending()
            if not pending:
                self.error = "the game is not over but nobody is to act (a rules bug)"
                return Ending.BOT_FAILED
            bot_seats = [seat for seat in pending if seat != self.human]
            if bot_seats:
                if not self._bot_acts(bot_seats[0]):
                    return Ending.BOT_FAILED
                continue
            ending = self._human_acts()
            if ending is not None:
                return ending
        self.show_news()
        self.show_view(force=True)
        self.console.print(render_result(state.result(), self.names))
        return Ending.FINISHED

    def _bot_acts(self, seat: Seat) -> bool:
        try:
            action = self.bots[seat].choose(Decision(self.state, seat))
            self.state.apply(seat, action)
        except Exception as exc:  # report a bot or rules bug, keep the record
            self.error = f"bot {self.names[seat]!r} at seat {seat} failed: {exc}"
            return False
        if self.human is None:
            self.show_news()
        return True

    def _human_acts(self) -> Ending | None:
        seat = self.human
        if seat is None:
            raise RuntimeError("no human seat to prompt")
        self.show_news()
        self.show_view()
        legal = self.state.legal(seat)
        self._announce(legal)
        if self.hints and len(legal) > 1:
            self._show_hint(seat)
        while True:
            try:
                line = self.read_line(f"seat {seat}> ")
            except EOFError:
                self.console.print()
                return Ending.INPUT_ENDED
            except KeyboardInterrupt:
                self.console.print()
                return Ending.QUIT
            try:
                parsed = parsing.parse_input(line, legal, self.state.game, self.state.config)
            except MobtableError as exc:
                self._complain(str(exc))
                continue
            if isinstance(parsed, Empty):
                continue
            if isinstance(parsed, Command):
                if parsed is Command.QUIT:
                    return Ending.QUIT
                self._command(parsed, legal)
                continue
            try:
                self.state.apply(seat, parsed)
            except MobtableError as exc:
                self._complain(f"{exc}{parsing.suggestion(line, legal)}")
                continue
            self.console.print(Text(f"You play {parsed}.", style="green"))
            return None

    def _show_hint(self, seat: Seat) -> None:
        from mobtable.bots.hints import hint

        advice = hint(self.state, seat, seed=len(self.state.history))
        self.console.print(Text(f"hint: {advice.line}", style="cyan"), soft_wrap=True)

    def _complain(self, message: str) -> None:
        self.console.print(Text(message, style="red"))

    def _command(self, command: Command, legal: Sequence[Action]) -> None:
        if command is Command.HELP:
            self.console.print(f"Legal moves ({len(legal)}): type one, or its number.")
            self.console.print(render_moves(legal))
            self.console.print(
                Text("Commands: help (?), view, log, quit.", style="dim"),
            )
        elif command is Command.VIEW:
            self.show_view(force=True)
        elif command is Command.LOG:
            events = self.state.events_for(self.human)
            self.console.print(render_events(events) if events else Text("(no events yet)"))

    def _announce(self, legal: Sequence[Action]) -> None:
        if len(legal) <= LIST_LIMIT:
            self.console.print(f"Your move ({len(legal)} legal):")
            self.console.print(render_moves(legal))
        else:
            self.console.print(f"Your move: {len(legal)} legal moves; 'help' lists them.")

    # -- output --------------------------------------------------------
    def show_news(self) -> None:
        """The events the seat (or a spectator) saw since last time."""
        events = self.state.events_for(self.human, self.seen_events)
        self.seen_events = len(self.state.events)
        if events:
            self.console.print(render_events(events))

    def show_view(self, *, force: bool = False) -> None:
        """The seat's view, when it changed since it was last shown (or if forced)."""
        moves = len(self.state.history)
        if not force and moves == self.viewed_at:
            return
        self.viewed_at = moves
        title = f"{self.state.game.title}: {seat_label(self.human)}"
        view = self.state.view(self.human)
        self.console.print(Rule(style="dim"))
        self.console.print(render_view(self.state.game.name, view, title=title))

    def save(self, path: Path) -> Path:
        target = records.save(annotated_record(self.state, self.names), path)
        return target

    def describe_ending(self, ending: Ending) -> str:
        count = len(self.state.history)
        actions = f"{count} action{'' if count == 1 else 's'}"
        if ending is Ending.FINISHED:
            return f"Game over after {actions}."
        if ending is Ending.BOT_FAILED:
            return f"Game stopped after {actions}: {self.error}"
        return f"Game abandoned after {actions} ({ending.value})."
