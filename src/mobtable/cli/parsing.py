"""Reading what a player types at the move prompt, forgivingly.

A line is a command (``help``/``?``, ``view``, ``log``, ``quit``), a number
from the list of legal moves (``3`` or ``#3``), or a move in the game's text
notation. Notation that does not parse, or parses to an illegal move, gives
a :class:`MobtableError` naming the problem (with close matches among the
legal moves), never a crash.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from mobtable.core import Action, Config, Game, IllegalAction, InvalidNotation, MobtableError


class Command(Enum):
    HELP = "help"
    VIEW = "view"
    LOG = "log"
    QUIT = "quit"


COMMAND_WORDS: dict[str, Command] = {
    "help": Command.HELP,
    "?": Command.HELP,
    "h": Command.HELP,
    "moves": Command.HELP,
    "view": Command.VIEW,
    "v": Command.VIEW,
    "log": Command.LOG,
    "quit": Command.QUIT,
    "exit": Command.QUIT,
    "q": Command.QUIT,
}


@dataclass(frozen=True, slots=True)
class Empty:
    """A blank line: prompt again."""


Parsed = Command | Action | Empty


NOT_LISTED = "no list of moves is on screen, so a number picks nothing: type 'help' to list them"
"""The answer to a bare number when no list of moves is on screen."""


def parse_input(
    text: str, legal: Sequence[Action], game: Game, config: Config, *, numbers: bool = True
) -> Parsed:
    """What ``text`` asks for; raises ``MobtableError`` with a helpful message.

    An exact legal notation wins over a list number, so a game whose
    notation is made of digits still works; ``#N`` always means a number.
    ``numbers``: whether the numbered list of moves is on screen; if not, a
    number picks nothing (a player cannot know which move it would be).
    """
    line = text.strip()
    if not line:
        return Empty()
    command = COMMAND_WORDS.get(line.lower())
    if command is not None:
        return command
    by_text = {str(action): action for action in legal}
    if line in by_text:
        return by_text[line]
    number = line[1:] if line.startswith("#") else line
    if number.isascii() and number.isdigit():  # not '²': str.isdigit takes it, int() does not
        if not numbers:
            raise IllegalAction(NOT_LISTED)
        return _numbered(number, legal)
    return _notation(line, legal, by_text, game, config)


def is_command(text: str) -> bool:
    """Whether ``text`` is one of the commands (``help``, ``view``, ``log``, ``quit``)."""
    return text.strip().lower() in COMMAND_WORDS


def exact(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal move whose notation ``text`` is (ignoring case and spaces around), if any."""
    line = text.strip().lower()
    found = [action for action in legal if str(action).lower() == line]
    return found[0] if len(found) == 1 else None


def _numbered(digits: str, legal: Sequence[Action]) -> Action:
    if not legal:
        raise IllegalAction("you have no move to choose now")
    number = int(digits) if len(digits) <= 9 else 0
    if not 1 <= number <= len(legal):
        shown = digits if len(digits) <= 9 else f"{digits[:9]}..."
        raise IllegalAction(f"there is no move number {shown}: choose 1 to {len(legal)}")
    return legal[number - 1]


def _notation(
    line: str, legal: Sequence[Action], by_text: dict[str, Action], game: Game, config: Config
) -> Action:
    folded = [action for notation, action in by_text.items() if notation.lower() == line.lower()]
    if len(folded) == 1:
        return folded[0]
    try:
        action = game.parse_action(line, config)
    except InvalidNotation as exc:
        raise InvalidNotation(f"{exc}{_suggest(line, by_text)}") from exc
    except MobtableError:
        raise
    except Exception as exc:  # a parser bug must not end the game for the player
        raise InvalidNotation(f"{line!r} could not be read ({type(exc).__name__}: {exc})") from exc
    return action  # legality is checked by ``State.apply``, which names the rule


def suggestion(line: str, legal: Sequence[Action]) -> str:
    """A hint to append to an error: close legal moves, or how to list them."""
    return _suggest(line, {str(action): action for action in legal})


def _suggest(line: str, by_text: dict[str, Action]) -> str:
    close = difflib.get_close_matches(line.strip(), list(by_text), n=3, cutoff=0.5)
    if close:
        return f" (did you mean {' or '.join(close)}?)"
    return " (type 'help' or '?' to list the legal moves)"
