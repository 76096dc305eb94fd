"""Generic rendering of views and results, compared as exact text at a fixed width."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console, RenderableType

from mobtable.cli import rendering
from mobtable.core import Result
from mobtable.core.words import Reader


def text_of(renderable: RenderableType, width: int = 44) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())


def test_a_view_renders_as_nested_key_value_tables() -> None:
    view = {
        "round": 1,
        "coins": [10, 9],
        "done": True,
        "prize": None,
        "bidding": {"seats": [0, 1], "committed": []},
    }
    assert text_of(rendering.generic_view(view, title="seat 0")) == "\n".join(
        [
            "╭─ seat 0 ─────────────────────────────────╮",
            "│ round    1                               │",
            "│ coins    10, 9                           │",
            "│ done     yes                             │",
            "│ prize    -                               │",
            "│ bidding  seats      0, 1                 │",
            "│          committed  (none)               │",
            "╰──────────────────────────────────────────╯",
        ]
    )


def test_a_list_of_records_renders_as_a_table() -> None:
    view = {"players": [{"name": "Al", "cash": 3}, {"name": "Bo", "cash": 0, "jail": True}]}
    assert text_of(rendering.generic_view(view)) == "\n".join(
        [
            "╭──────────────────────────────────────────╮",
            "│ players   name   cash   jail             │",
            "│          ────────────────────            │",
            "│           Al     3      -                │",
            "│           Bo     0      yes              │",
            "╰──────────────────────────────────────────╯",
        ]
    )


def test_the_result_marks_winners_and_names_the_tiebreak() -> None:
    result = Result.from_keys([3, 3, 1], [(3, 2), (3, 1), (1, 0)], ["coins left"])
    names = ["Vito (you)", "Carla (bot, random)", "Salvo (bot, greedy)"]
    reader = Reader(0, ("Vito", "Carla", "Salvo"))
    assert text_of(rendering.render_result(result, names, reader=reader), width=50) == "\n".join(
        [
            "Result",
            "",
            "  player                score   rank",
            " ─────────────────────────────────────────────",
            "  Vito (you)                3      1   winner",
            "  Carla (bot, random)       3      2",
            "  Salvo (bot, greedy)       1      3",
            "",
            "You win.",
            "Decided by the tie-break: coins left.",
        ]
    )


def test_a_result_without_names_uses_the_default_names_never_seat_numbers() -> None:
    result = Result((1, 4), (2, 1), (1,))
    shown = text_of(rendering.render_result(result))
    assert "Carla wins." in shown and "Vito" in shown
    assert "seat" not in shown.lower()


def test_a_game_without_render_module_falls_back_to_the_generic_view() -> None:
    assert rendering.game_renderer("sealed-bid") is None
    shown = text_of(rendering.render_view("sealed-bid", {"round": 2}))
    assert "round  2" in shown


def test_a_failing_game_renderer_falls_back_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(view: dict[str, Any], names: Any = None, *, compact: bool = False) -> RenderableType:
        raise KeyError("hand")

    monkeypatch.setattr(rendering, "game_renderer", lambda name: broken)
    shown = text_of(rendering.render_view("sealed-bid", {"round": 2}), width=80)
    assert "(sealed-bid render_view failed: 'hand'; showing the raw view)" in shown
    assert "round  2" in shown


def test_moves_are_numbered_from_one_in_words_with_the_short_form_dimmed() -> None:
    shown = text_of(rendering.render_moves(["Bid nothing", "Bid 1 coin"], ["b0", "b1"]), width=40)
    assert shown.split() == ["1.", "Bid", "nothing", "b0", "2.", "Bid", "1", "coin", "b1"]


def test_deeper_values_are_written_inline() -> None:
    view = {"cards": {"7": {"name": "Soldato", "tags": ["pistol"], "boss": {"id": 2}}}}
    assert text_of(rendering.generic_view(view), width=60) == "\n".join(
        [
            "╭──────────────────────────────────────────────────────────╮",
            "│ cards  7  name: Soldato, tags: pistol, boss: {id: 2}     │",
            "╰──────────────────────────────────────────────────────────╯",
        ]
    )
