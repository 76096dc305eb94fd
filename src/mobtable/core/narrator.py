"""The words of one table for one reader, with a fallback for a game without words.

Every front end (the server's payloads, the terminal, the replay viewer) asks
a :class:`Narrator` instead of a game's narration directly: it picks the
game's ``narration`` (``games/<name>/words.py``) or, for a game that has none
yet, :class:`PlainNarration`, which still names seats by the table's names
but can only show an action's notation and the engine's event text.

Example:
    >>> from mobtable.core.state import Result
    >>> reader = Reader(seat=1, names=("Marco", "Giulia", "Sal"))
    >>> result_line(Result((3, 5, 5), (3, 1, 1), (1, 2)), reader)
    'You and Sal share the win.'
    >>> result_line(Result((3, 5, 1), (2, 1, 3), (1,)), Reader(0, reader.names))
    'Giulia wins.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mobtable.core.actions import Action
from mobtable.core.errors import MobtableError, NotYourTurn
from mobtable.core.words import Breakdown, Narration, Reader, TwoSteps, listing

if TYPE_CHECKING:
    from mobtable.core.game import Game
    from mobtable.core.state import Event, Result, Seat, State


class PlainNarration:
    """Words for a game that ships none: notation and engine text, names for seats."""

    def action(self, state: State, seat: Seat, action: Action, reader: Reader) -> str:
        return str(action)

    def event(self, event: Event, reader: Reader) -> str:
        return event.text

    def prompt(self, state: State, reader: Reader) -> str:
        return waiting_line(state, reader)


PLAIN = PlainNarration()


def narration_of(game: Game) -> Narration:
    """The game's narration, or :data:`PLAIN` while it has none."""
    return game.narration if game.narration is not None else PLAIN


def waiting_line(state: State, reader: Reader) -> str:
    """The generic prompt: the game's end, the reader's turn, or whom the table waits for."""
    if state.is_over():
        return f"The game is over. {result_line(state.result(), reader)}"
    pending = state.pending()
    if reader.seat is not None and reader.seat in pending:
        return "Your turn: choose your move."
    return f"Waiting for {listing(reader.name(s) for s in pending)}."


def result_line(result: Result, reader: Reader) -> str:
    """Who won, in names ("Marco wins.", "You win.", "Marco and you share the win.")."""
    winners = list(result.winners)
    if not winners:
        return "Nobody wins."
    if len(winners) == 1:
        seat = winners[0]
        return f"{reader.subject(seat)} {reader.verb(seat, 'win', 'wins')}."
    names = [reader.name(s) for s in winners]
    text = listing(names)
    return f"{text[0].upper()}{text[1:]} share the win."


SHARED = "tie not broken: shared victory"  # core's Result.from_keys: tied on every key


def tiebreak_line(result: Result, narration: Narration) -> str:
    """What decided the result, as the result card says it ("Decided by the tie-break: the
    best single trick."), or ``""`` where the scores alone decided (nothing to say). A
    tie-break's name is the engine's (records keep it); a narration's optional
    ``tiebreak(name)`` words it for players."""
    name = result.tiebreak
    if not name:
        return ""
    if name == SHARED:
        return "Tied on every tie-break: the victory is shared."
    words = getattr(narration, "tiebreak", None)
    text = words(name) if words is not None else name
    if "shared victory" in name:
        return f"{text[0].upper()}{text[1:]}."
    return f"Decided by the tie-break: {text}."


class Narrator:
    """One reader's words at one table: labels, log lines, the prompt, the result.

    Args:
        game: the table's game (its narration, or the plain fallback).
        seat: the reader's seat, ``None`` for a spectator.
        names: the table's seat names (``None`` or ``""``: a default name).
        players: the number of seats.
    """

    def __init__(
        self, game: Game, seat: Seat | None, names: Sequence[str | None], players: int
    ) -> None:
        self.game = game
        self.narration = narration_of(game)
        self.reader = Reader.for_table(seat, names, players)

    @property
    def names(self) -> tuple[str, ...]:
        return self.reader.names

    def action(self, state: State, seat: Seat, action: Action) -> str:
        """The label of ``seat``'s ``action`` as this reader reads it."""
        return self.narration.action(state, seat, action, self.reader)

    def event(self, event: Event) -> str:
        """One log line for ``event`` (which this reader saw)."""
        return self.narration.event(event, self.reader)

    def prompt(self, state: State) -> str:
        """What the table asks of this reader now, or whom it waits for.

        Once the game is over every front end says so the same way (a game's
        prompt is about a step, and no step is left).
        """
        if state.is_over():
            return f"The game is over. {self.result(state.result())}"
        return self.narration.prompt(state, self.reader)

    def two_steps(self, state: State, seat: Seat, actions: Sequence[Action]) -> TwoSteps | None:
        """``actions`` as a choice in two steps, when the game words them so (a
        narration's optional ``two_steps``); ``None`` for a choice made in one."""
        two_steps = getattr(self.narration, "two_steps", None)
        if two_steps is None:
            return None
        found: TwoSteps | None = two_steps(state, seat, actions, self.reader)
        return found

    def shorthand(self, state: State, seat: Seat, action: Action) -> str | None:
        """What a player may type for ``action`` besides its number: its notation, unless
        the game's optional ``shorthand`` says it means nothing to a person (card ids,
        seat numbers) and returns ``None``."""
        shorthand = getattr(self.narration, "shorthand", None)
        if shorthand is None:
            return str(action)
        typed: str | None = shorthand(state, seat, action, self.reader)
        return typed

    def result(self, result: Result) -> str:
        """The winners in names."""
        return result_line(result, self.reader)

    def tiebreak(self, result: Result) -> str:
        """What decided ``result``, in words (see :func:`tiebreak_line`)."""
        return tiebreak_line(result, self.narration)

    def breakdown(self, state: State) -> Breakdown | None:
        """How each player's score was made, once the game is over, where the game's
        narration says (an optional ``breakdown(state, reader)``); else ``None``."""
        words = getattr(self.narration, "breakdown", None)
        if words is None or not state.is_over():
            return None
        made: Breakdown | None = words(state, self.reader)
        return made

    def refusal(self, state: State, seat: Seat, notation: str, error: Exception) -> str:
        """Why ``seat`` may not play ``notation`` now, for a reader who clicked, not typed.

        The engine's reason names the move by its notation and suggests notation to type;
        the reader reads the move's label, the reason without notation, and the game's own
        words for what is left (a narration's optional ``reword(state, reason, reader)``).
        """
        reason = str(error)
        if isinstance(error, NotYourTurn):
            waiting = [self.reader.name(s) for s in state.pending()]
            reason = "it is not your move now" + (
                f": waiting for {listing(waiting)}" if waiting else ""
            )
        elif reason.startswith(notation):
            reason = reason[len(notation) :].lstrip(":").strip()
            reason = reason.removeprefix("is ")
        reason = _TYPING_EXAMPLE.sub("", reason)
        reword = getattr(self.narration, "reword", None)
        if reword is not None:
            reason = reword(state, reason, self.reader)
        try:
            label = self.action(state, seat, self.game.parse_action(notation, state.config))
        except (MobtableError, LookupError, TypeError, ValueError):
            return reason[:1].upper() + reason[1:]
        return f"{label}: {reason}"


_TYPING_EXAMPLE = re.compile(r",? like (?:'[^']*'(?: or '[^']*')?|[A-Z0-9][A-Za-z0-9@+,]*\b)")
"""A suggestion of what to type ("like 'BBGS'", "like R5W@C2"): no use to a clicking player."""


def seat_label(name: str, bot: str | None = None) -> str:
    """How a seat is listed (seat lists, results): its name, and its level for a bot.

    >>> seat_label("Vito", "hard"), seat_label("Marco")
    ('Vito (bot, hard)', 'Marco')
    """
    return f"{name} (bot, {bot})" if bot else name
