"""One game at the terminal: a human seat (or none, to watch) against bots."""

from __future__ import annotations

import time
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
    view_title,
)
from mobtable.core import Action, MobtableError, Seat, State
from mobtable.core import record as records
from mobtable.core.narrator import Narrator
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
    Everything a person reads comes from the game's narration for the human's
    seat (a spectator's when watching), with the table's names.

    Args:
        state: the table, freshly dealt.
        bots: a bot for every seat but the human's.
        human: the human's seat, or ``None`` to watch bots play.
        names: who sits where, for the record (``"you"``, bot names).
        console: where everything is printed.
        read_line: reads one line after showing a prompt (``EOFError`` at the end).
        hints: before each human move, show what the ``hard`` bot would play and why.
        people: each seat's name as players read it (default: the default names).
        labels: each seat as the result lists it ("Carla (bot, greedy)").
        delay: seconds to wait after each move drawn while watching.
        sleep: how to wait (tests pass a recorder).
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
        people: Sequence[str] = (),
        labels: Sequence[str] = (),
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.state = state
        self.bots = dict(bots)
        self.human = human
        self.names = list(names)
        self.words = Narrator(state.game, human, list(people), state.players)
        self.labels = list(labels) or list(self.words.names)
        self.console = console
        self.read_line = read_line
        self.hints = hints
        self.delay = delay
        self.sleep = sleep
        self.seen_events = 0
        self.viewed_at = -1
        self.listed = False
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
        words = self.words
        result = render_result(
            state.result(), self.labels, reader=words.reader, narration=words.narration
        )
        self.console.print(result)
        return Ending.FINISHED

    def _bot_acts(self, seat: Seat) -> bool:
        try:
            action = self.bots[seat].choose(Decision(self.state, seat))
            self.state.apply(seat, action)
        except Exception as exc:  # report a bot or rules bug, keep the record
            self.error = f"the bot playing {self.labels[seat]} failed: {exc}"
            return False
        if self.human is None:
            self.show_news()
            if not self.state.is_over():  # the final board is drawn with the result
                self.show_view()
                self.sleep(self.delay)
        return True

    def _human_acts(self) -> Ending | None:
        seat = self.human
        if seat is None:
            raise RuntimeError("no human seat to prompt")
        self.show_news()
        self.show_view()
        legal = self.state.legal(seat)
        if len(legal) == 1:
            return self._forced(seat, legal[0])
        self._announce(legal)
        if self.hints:
            self._show_hint(seat)
        while True:
            try:
                line = self.read_line("> ")
            except EOFError:
                self.console.print()
                return Ending.INPUT_ENDED
            except KeyboardInterrupt:
                self.console.print()
                return Ending.QUIT
            try:
                parsed = parsing.parse_input(
                    line, legal, self.state.game, self.state.config, numbers=self.listed
                )
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
            label = self.words.action(self.state, seat, parsed)
            try:
                self.state.apply(seat, parsed)
            except MobtableError as exc:
                self._complain(f"{exc}{parsing.suggestion(line, legal)}")
                continue
            self.console.print(Text(f"You play: {label}.", style="green"), soft_wrap=True)
            return None

    def _forced(self, seat: Seat, action: Action) -> Ending | None:
        """A single legal move is announced and played, not asked for."""
        label = self.words.action(self.state, seat, action)
        self.state.apply(seat, action)
        self.console.print(
            Text(f"Only one move: {label} — played for you.", style="green"), soft_wrap=True
        )
        return None

    def _show_hint(self, seat: Seat) -> None:
        from mobtable.bots.hints import hint

        advice = hint(self.state, seat, seed=len(self.state.history))
        self.console.print(Text(f"hint: {advice.line}", style="cyan"), soft_wrap=True)

    def _complain(self, message: str) -> None:
        self.console.print(Text(message, style="red"), soft_wrap=True)

    def _command(self, command: Command, legal: Sequence[Action]) -> None:
        if command is Command.HELP:
            self.console.print(
                f"Your {len(legal)} moves: type a number, or the short form in grey.",
                soft_wrap=True,
            )
            self._list(legal)
            self.console.print(
                Text("Commands: help (?), view, log, quit.", style="dim"),
            )
        elif command is Command.VIEW:
            self.show_view(force=True)
        elif command is Command.LOG:
            lines = [self.words.event(e) for e in self.state.events_for(self.human)]
            empty = Text("(nothing has happened yet)")
            self.console.print(render_events(lines) if lines else empty)

    def _announce(self, legal: Sequence[Action]) -> None:
        self.listed = False
        self.console.print(Text(self.words.prompt(self.state), style="bold"), soft_wrap=True)
        if len(legal) <= LIST_LIMIT:
            self._list(legal)
        else:
            self.console.print(
                f"You have {len(legal)} possible moves, too many to list: type 'help' to list "
                f"them with numbers, or type one in its short form, like {legal[0]}.",
                soft_wrap=True,
            )

    def _list(self, legal: Sequence[Action]) -> None:
        """The numbered moves; from now on a bare number picks one of them."""
        seat = self.human
        if seat is None:
            raise RuntimeError("no human seat to list moves for")
        labels = [self.words.action(self.state, seat, a) for a in legal]
        self.console.print(render_moves(labels, [str(a) for a in legal]))
        self.listed = True

    # -- output --------------------------------------------------------
    def show_news(self) -> None:
        """The events the seat (or a spectator) saw since last time, in words."""
        events = self.state.events_for(self.human, self.seen_events)
        self.seen_events = len(self.state.events)
        if events:
            self.console.print(render_events([self.words.event(e) for e in events]))

    def show_view(self, *, force: bool = False) -> None:
        """The seat's view, when it changed since it was last shown (or if forced)."""
        moves = len(self.state.history)
        if not force and moves == self.viewed_at:
            return
        self.viewed_at = moves
        title = f"{self.state.game.title}: {view_title(self.human, self.words.names)}"
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
