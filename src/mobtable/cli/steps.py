"""A choice made in two steps at the terminal: a group by its number, then a move by name.

A game's narration offers one (:class:`~mobtable.core.words.TwoSteps`) where a step's
moves are too many of one kind to list: Gangsta's placements are a won card, then the
empty cell it goes to, typed as the board prints it (``C3``). With a single group the
first step is skipped. ``help`` numbers the second step's moves too, and a number then
picks one (a number always means the list on screen).

Example:
    >>> from mobtable.core.words import MoveGroup, NamedMove, TwoSteps
    >>> cells = (NamedMove("A1", "no points", "x@A1"), NamedMove("B2", "pair", "x@B2"))
    >>> steps = StepChoice(TwoSteps("Which?", (MoveGroup("x", "Where does x go?", cells),)))
    >>> steps.read("b2")
    'x@B2'
"""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from mobtable.core import Action, IllegalAction
from mobtable.core.words import MoveGroup, TwoSteps

BACK = frozenset({"back", "b", "<"})
"""What a player types to choose another group in the second step."""


class StepChoice:
    """Where a player is in a two-step choice, and what their next line means."""

    def __init__(self, steps: TwoSteps) -> None:
        self.steps = steps
        self.group: MoveGroup | None = steps.groups[0] if len(steps.groups) == 1 else None
        self.numbered = False
        """Whether the second step's moves are on screen with numbers (after ``help``)."""

    def restart(self) -> None:
        """Back to the first step (a guided game's lesson refused the move chosen)."""
        self.group = self.steps.groups[0] if len(self.steps.groups) == 1 else None
        self.numbered = False

    @property
    def may_go_back(self) -> bool:
        return len(self.steps.groups) > 1

    def question(self, *, numbered: bool = False) -> RenderableType:
        """The current step's question and its choices (numbers, or names with words;
        ``numbered``: the names numbered too, as ``help`` shows them)."""
        group = self.group
        self.numbered = numbered and group is not None
        if group is None:
            items = [Text(f"{n:>3}. {g.label}") for n, g in enumerate(self.steps.groups, 1)]
            return Group(
                Text(f"{self.steps.question} Type its number:", style="bold"),
                Columns(items, padding=(0, 2)),
            )
        first = group.moves[0].name
        back = "; 'back' to choose another" if self.may_go_back else ""
        cells = [
            Text.assemble(f"{n:>3}. " if numbered else "", (m.name, "bold"), f" {m.detail}")
            for n, m in enumerate(group.moves, 1)
        ]
        return Group(
            Text(f"{group.question} Type its name, like {first}{back}:", style="bold"),
            Columns(cells, padding=(0, 3)),
        )

    def read(self, line: str) -> Action | None:
        """The move ``line`` completes, or ``None`` when it only moved between steps.

        Raises ``IllegalAction`` naming what the step expects.
        """
        text = line.strip()
        group = self.group
        if group is None:
            self._pick_group(text)
            return None
        if text.lower() in BACK and self.may_go_back:
            self.group = None
            return None
        number = text.removeprefix("#")
        if self.numbered and number.isascii() and number.isdigit() and len(number) <= 9:
            if 1 <= int(number) <= len(group.moves):
                return group.moves[int(number) - 1].action
            raise IllegalAction(f"there is no choice number {number}: 1 to {len(group.moves)}")
        for move in group.moves:
            if move.name.lower() == text.lower():
                return move.action
        names = ", ".join(m.name for m in group.moves)
        raise IllegalAction(f"{text!r} is not one of the choices for {group.label}: {names}")

    def _pick_group(self, text: str) -> None:
        count = len(self.steps.groups)
        number = text.removeprefix("#")
        digits = number.isascii() and number.isdigit() and len(number) <= 9
        if not digits or not 1 <= int(number) <= count:
            raise IllegalAction(f"{text!r} is not on the list: type a number from 1 to {count}")
        self.group = self.steps.groups[int(number) - 1]
        self.numbered = False
