"""Drawing views, events and results in the terminal.

A game package may provide ``render.py`` with ``render_view(view, names=None, *,
compact=False) -> RenderableType`` (``compact``: a shorter board for a small
terminal) and ``provenance(view)``, the note on reconstructed card data that a
front end shows once per game, not on every board. Without ``render_view`` (and
if it fails) the view dict is drawn generically as nested key/value tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mobtable import games
from mobtable.core import Result, Seat, View
from mobtable.core.narrator import PlainNarration, result_line, tiebreak_line
from mobtable.core.words import Narration, Reader

ViewRenderer = Callable[..., RenderableType]
"""A game's ``render_view(view, names=None, *, compact=False)``."""


def _render_module(game_name: str) -> ModuleType | None:
    package = games.package_of(game_name)
    try:
        return import_module(f"{package}.render")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.render":
            raise
        return None


def game_renderer(game_name: str) -> ViewRenderer | None:
    """The game package's ``render_view``, or ``None`` if it has none."""
    renderer = getattr(_render_module(game_name), "render_view", None)
    return renderer if callable(renderer) else None


def provenance(game_name: str, view: Mapping[str, Any]) -> RenderableType | None:
    """The note that some card data is reconstructed, and how to load the real deck's.

    The game's own ``provenance(view)`` if it has one, else a plain line from the
    view's ``reconstructed`` list; ``None`` when the cards are all as printed.
    """
    note = getattr(_render_module(game_name), "provenance", None)
    if callable(note):
        found: RenderableType | None = note(view)
        return found
    parts = view.get("reconstructed") or []
    if not parts:
        return None
    return Text(
        f"Card data reconstructed ({', '.join(map(str, parts))}): "
        "load the real deck's data with --cards FILE",
        style="italic",
    )


def view_title(seat: Seat | None, names: Sequence[str] = ()) -> str:
    """Whose view a board shows: a player's name ("Vito"), or "spectator"."""
    if seat is None:
        return "spectator"
    return names[seat] if seat < len(names) else "your seat"


def render_view(
    game_name: str,
    view: View,
    *,
    title: str = "",
    names: Sequence[str] | None = None,
    compact: bool = False,
) -> RenderableType:
    """The game's own rendering of ``view`` if it has one, else :func:`generic_view`.

    ``names``: the table's names by seat; ``compact``: the game's shorter board,
    for a terminal too small for the full one. A failing game renderer must not
    end a game in progress: the generic rendering is shown instead, with a note.
    """
    renderer = game_renderer(game_name)
    if renderer is not None:
        try:
            return renderer(view, names or None, compact=compact)
        except Exception as exc:  # a rendering bug should not cost the player the game
            note = Text(f"({game_name} render_view failed: {exc}; showing the raw view)", "dim")
            return Group(note, generic_view(view, title=title))
    return generic_view(view, title=title)


def generic_view(view: Mapping[str, Any], *, title: str = "") -> RenderableType:
    """A neat rendering of any JSON-ready view: nested key/value tables.

    >>> from rich.console import Console
    >>> console = Console(width=40, color_system=None)
    >>> console.print(generic_view({"round": 1, "coins": [10, 9]}))
    ╭──────────────────────────────────────╮
    │ round  1                             │
    │ coins  10, 9                         │
    ╰──────────────────────────────────────╯
    """
    body = _mapping_table(view) if view else Text("(empty view)", "dim")
    return Panel(body, title=escape(title) if title else None, title_align="left", box=box.ROUNDED)


NESTING = 2
"""Tables nest this deep; anything deeper is written inline (rich measures nested
tables recursively, so deep nesting is slow as well as hard to read)."""


def render_value(value: Any, depth: int = 1) -> RenderableType:
    """One value of a view: scalars as text, lists joined, mappings as nested tables."""
    if depth >= NESTING:
        return Text(inline(value))
    if isinstance(value, Mapping):
        return _mapping_table(value, depth) if value else Text("{}", "dim")
    if isinstance(value, list | tuple):
        return _sequence(value, depth)
    return Text(_scalar(value))


def inline(value: Any) -> str:
    """A value on one line: ``a, b``; ``key: value, ...``; nested parts bracketed.

    >>> inline({"id": 3, "tags": ["cash", "car"], "boss": None, "seen": []})
    'id: 3, tags: cash, car, boss: -, seen: (none)'
    """
    if isinstance(value, Mapping):
        return ", ".join(f"{key}: {_inner(item)}" for key, item in value.items()) or "{}"
    if isinstance(value, list | tuple):
        return ", ".join(_inner(item) for item in value) or "(none)"
    return _scalar(value)


def _inner(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + inline(value) + "}"
    if isinstance(value, list | tuple) and any(not _is_scalar(item) for item in value):
        return "[" + inline(value) + "]"
    return inline(value)


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list | tuple)


def _mapping_table(mapping: Mapping[str, Any], depth: int = 0) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, value in mapping.items():
        table.add_row(Text(str(key)), render_value(value, depth + 1))
    return table


def _sequence(items: Sequence[Any], depth: int) -> RenderableType:
    if not items:
        return Text("(none)", "dim")
    if all(_is_scalar(item) for item in items):
        return Text(", ".join(_scalar(item) for item in items))
    if all(isinstance(item, Mapping) for item in items):
        keys: list[str] = []
        for item in items:
            keys.extend(k for k in item if k not in keys)
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
        for key in keys:
            table.add_column(str(key))
        for item in items:
            table.add_row(*(Text(inline(item.get(key))) for key in keys))
        return table
    return Group(*(render_value(item, depth + 1) for item in items))


def render_moves(labels: Sequence[str], notations: Sequence[str] = ()) -> RenderableType:
    """The legal moves in words, numbered from 1, in columns.

    With ``notations`` each move is followed, dimmed, by the short form a
    player may type instead of its number.
    """
    cells = []
    for number, label in enumerate(labels, 1):
        cell = Text(f"{number:>3}. {label}")
        if number <= len(notations) and notations[number - 1] != label:
            cell.append(f"  {notations[number - 1]}", style="dim")
        cells.append(cell)
    return Columns(cells, padding=(0, 2))


def render_events(lines: Sequence[str]) -> RenderableType:
    """New log lines (already in words), one a line."""
    return Group(*(Text(f"• {line}") for line in lines))


def render_result(
    result: Result,
    names: Sequence[str] | None = None,
    *,
    reader: Reader | None = None,
    narration: Narration | None = None,
) -> RenderableType:
    """The final scores table by player name, winners marked, with the tie-break in words.

    ``names``: how each seat is listed ("Vito (bot, hard)"); ``reader``: who
    reads the winners' line ("You win."); both default to the table's default names.
    ``narration``: the game's words for its tie-breaks (else the engine's names).
    """
    players = len(result.scores)
    if reader is None:
        reader = Reader.for_table(None, (), players)
    listed = list(names) if names is not None else list(reader.names)
    table = Table(title="Result", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("rank", justify="right")
    table.add_column("")
    for seat in sorted(range(players), key=lambda s: (result.ranks[s], s)):
        won = seat in result.winners
        row = [listed[seat], _number(result.scores[seat]), str(result.ranks[seat])]
        table.add_row(*row, "winner" if won else "", style="bold" if won else None)
    lines: list[RenderableType] = [table, Text(result_line(result, reader))]
    if result.tiebreak:
        lines.append(Text(tiebreak_line(result, narration or PlainNarration())))
    return Group(*lines)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
