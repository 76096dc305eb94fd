"""One game at the terminal: a human seat (or none, to watch) against bots."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from mobtable.bots import Bot, Decision
from mobtable.cli import parsing
from mobtable.cli.guide import Guide
from mobtable.cli.parsing import Command, Empty
from mobtable.cli.rendering import (
    provenance,
    render_events,
    render_moves,
    render_result,
    render_view,
    view_title,
)
from mobtable.cli.steps import StepChoice
from mobtable.core import Action, MobtableError, Seat, State
from mobtable.core import record as records
from mobtable.core.narrator import Narrator
from mobtable.sim import annotated_record

LIST_LIMIT = 24
"""Legal moves are listed with the prompt when there are at most this many."""
HINT_LINES = 3
"""Rows kept free under the prompt for a hint (it is searched after the board is drawn)."""

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
        hints: before each human move, show what the hints' level
            (:data:`~mobtable.bots.hints.HINT_LEVEL`) would play and why.
        people: each seat's name as players read it (default: the default names).
        labels: each seat as the result lists it ("Carla (bot, greedy)").
        delay: seconds to wait after each move drawn while watching.
        sleep: how to wait (tests pass a recorder).
        guide: a guided first game's guide (``mobtable learn``): its lesson comes before
            each of the human's first decisions, and a move the lesson does not teach is
            explained and not played.
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
        guide: Guide | None = None,
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
        self.noted = False
        self.error: str | None = None
        self.guide = guide

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
        words = self.words
        result = render_result(
            state.result(), self.labels, reader=words.reader, narration=words.narration
        )
        self.show_view(force=True, tail=[result])
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
        legal = self.state.legal(seat)
        # a guided game's lesson goes under the prompt, fitted with the board like it
        lesson = [] if self.guide is None else [p for p in [self.guide.says(self.state)] if p]
        if len(legal) == 1:
            self.show_view(tail=lesson)
            return self._forced(seat, legal[0])
        steps = self.words.two_steps(self.state, seat, legal)
        choice = StepChoice(steps) if steps is not None else None
        prompt = Text(self.words.prompt(self.state), style="bold")
        if choice is not None:
            self.show_view(tail=[prompt, choice.question(), *lesson], reserve=self._reserve())
        else:
            listing = self._announcement(legal)
            short = self._unlisted(legal)
            shown = self.show_view(
                tail=[prompt, listing, *lesson],
                reserve=self._reserve(),
                short=[prompt, short, *lesson],
            )
            self.listed = shown and len(legal) <= LIST_LIMIT
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
                parsed = self._parse(line, legal, choice, prompt)
            except MobtableError as exc:
                self._complain(str(exc))
                continue
            if isinstance(parsed, Empty):
                continue
            if isinstance(parsed, Command):
                if parsed is Command.QUIT:
                    return Ending.QUIT
                self._command(parsed, legal, choice)
                continue
            label = self.words.action(self.state, seat, parsed)
            refusal = None if self.guide is None else self.guide.refuses(self.state, parsed)
            if refusal is not None and parsed in legal:
                self.console.print(refusal)
                if choice is not None:
                    choice.restart()
                    self.console.print(choice.question())
                continue
            try:
                self.state.apply(seat, parsed)
            except MobtableError as exc:
                self._complain(f"{exc}{parsing.suggestion(line, legal)}")
                continue
            self.console.print(Text(f"You play: {label}.", style="green"), soft_wrap=True)
            self._learned()
            return None

    def _parse(
        self, line: str, legal: Sequence[Action], choice: StepChoice | None, prompt: Text
    ) -> parsing.Parsed:
        """What ``line`` asks for; in a two-step choice, a move's full notation or the
        current step's answer (a step that leads to the next one is ``Empty``, with
        the next step drawn below the board it is about)."""
        if choice is None or parsing.is_command(line):
            game, config = self.state.game, self.state.config
            return parsing.parse_input(line, legal, game, config, numbers=self.listed)
        exact = parsing.exact(line, legal)
        if exact is not None or not line.strip():
            return exact or Empty()
        found = choice.read(line)
        if found is None:
            self.show_view(force=True, tail=[prompt, choice.question()], reserve=1)
            return Empty()
        return found

    def _reserve(self) -> int:
        """Rows to keep free under the prompt: the input line, and the hint if asked."""
        return 1 + (HINT_LINES if self.hints else 0)

    def _forced(self, seat: Seat, action: Action) -> Ending | None:
        """A single legal move is announced and played, not asked for."""
        label = self.words.action(self.state, seat, action)
        self.state.apply(seat, action)
        self.console.print(
            Text(f"Only one move: {label} — played for you.", style="green"), soft_wrap=True
        )
        self._learned()
        return None

    def _learned(self) -> None:
        """The learner moved: the guide goes on to its next lesson (or says goodbye)."""
        said = None if self.guide is None else self.guide.moved()
        if said is not None:
            self.console.print(said)

    def _show_hint(self, seat: Seat) -> None:
        from mobtable.bots.hints import hint, hint_seed

        advice = hint(self.state, seat, seed=hint_seed(self.state, seat))
        line = advice.words(lambda action: self.words.action(self.state, seat, action))
        self.console.print(Text(f"Hint: {line}", style="cyan"))

    def _complain(self, message: str) -> None:
        self.console.print(Text(message, style="red"), soft_wrap=True)

    def _command(
        self, command: Command, legal: Sequence[Action], choice: StepChoice | None = None
    ) -> None:
        commands = Text("Commands: help (?), view, log, quit.", style="dim")
        if command is Command.HELP:
            if choice is not None:  # with the board: the choices are about it
                self.show_view(force=True, tail=[choice.question(numbered=True), commands])
                return
            self.console.print(f"Your {len(legal)} moves: {self._how_to_type(legal)}.")
            self._list(legal)
            self.console.print(commands)
        elif command is Command.VIEW:
            tail = [] if choice is None else [choice.question()]
            self.show_view(force=True, tail=tail, reserve=1)
        elif command is Command.LOG:
            lines = [self.words.event(e) for e in self.state.events_for(self.human)]
            empty = Text("(nothing has happened yet)")
            self.console.print(render_events(lines) if lines else empty)

    def _announcement(self, legal: Sequence[Action]) -> RenderableType:
        """The moves listed with numbers, or how to list or type them when they are many."""
        if len(legal) <= LIST_LIMIT:
            return self._listing(legal)
        return self._unlisted(legal)

    def _unlisted(self, legal: Sequence[Action]) -> RenderableType:
        """How to list or type the moves, for a screen without room to list them."""
        example = self._shorthands(legal[:1])[0]
        typed = f", or type one in its short form, like {example}" if example else ""
        return Text(f"{len(legal)} possible moves: type 'help' to list them{typed}.")

    def _how_to_type(self, legal: Sequence[Action]) -> str:
        if any(self._shorthands(legal)):
            return "type a number, or the short form in grey"
        return "type a number"

    def _shorthands(self, legal: Sequence[Action]) -> list[str]:
        """What a player may type for each move beside its number ("" where nothing)."""
        seat = self.human
        if seat is None:
            return ["" for _ in legal]
        return [self.words.shorthand(self.state, seat, a) or "" for a in legal]

    def _list(self, legal: Sequence[Action]) -> None:
        self.console.print(self._listing(legal))
        self.listed = True

    def _listing(self, legal: Sequence[Action]) -> RenderableType:
        """The numbered moves; from now on a bare number picks one of them."""
        seat = self.human
        if seat is None:
            raise RuntimeError("no human seat to list moves for")
        labels = [self.words.action(self.state, seat, a) for a in legal]
        return render_moves(labels, self._shorthands(legal))

    # -- output --------------------------------------------------------
    def show_news(self) -> None:
        """The events the seat (or a spectator) saw since last time, in words."""
        events = self.state.events_for(self.human, self.seen_events)
        self.seen_events = len(self.state.events)
        if events:
            self.console.print(render_events([self.words.event(e) for e in events]))

    def show_view(
        self,
        *,
        force: bool = False,
        tail: Sequence[RenderableType] = (),
        reserve: int = 0,
        short: Sequence[RenderableType] | None = None,
    ) -> bool:
        """The seat's view, when it changed since it was last shown (or if forced),
        then ``tail`` (the prompt and the moves); whether ``tail`` was shown.

        Everything from the board to the prompt should fit the terminal's height
        (with ``reserve`` rows to spare), so that the top of the board (the job, the
        dice key) is still in view at the prompt: the game's compact board is drawn
        when the full one would not fit, and then ``short`` instead of ``tail`` (the
        prompt without the list of moves) if ``tail`` still would not. The note on
        reconstructed card data comes once, with the first board.
        """
        moves = len(self.state.history)
        if not force and moves == self.viewed_at:
            self.console.print(Group(*tail))
            return True
        self.viewed_at = moves
        view = self.state.view(self.human)
        game = self.state.game.name
        title = f"{self.state.game.title}: {view_title(self.human, self.words.names)}"
        parts: list[RenderableType] = [Rule(style="dim")]
        note = None if self.noted else provenance(game, view)
        if note is not None:
            parts.append(note)
            self.noted = True
        room = self.console.height - reserve
        board = render_view(game, view, title=title, names=self.words.names)
        if self._height(Group(*parts, board, *tail)) > room:
            board = render_view(game, view, title=title, names=self.words.names, compact=True)
            if short is not None and self._height(Group(*parts, board, *tail)) > room:
                self.console.print(Group(*parts, board, *short))
                return False
        self.console.print(Group(*parts, board, *tail))
        return True

    def _height(self, renderable: RenderableType) -> int:
        """The rows ``renderable`` takes at the console's width."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

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
