"""``mobtable learn``: the guide's lessons at the terminal, a refused move explained and
asked again, the farewell, and one-line errors."""

from __future__ import annotations

from cli.conftest import Invoke
from mobtable import games


def _taught_lines(name: str) -> list[str]:
    """What a learner types to follow every lesson: each taught move's notation."""
    tutorial = games.get(name).tutorial
    assert tutorial is not None
    return [lesson.move for lesson in tutorial.lessons if lesson.move]


def test_the_guide_teaches_refuses_a_wrong_move_and_says_goodbye(invoke: Invoke) -> None:
    taught = _taught_lines("gangsta")
    typed = ["Y5W", *taught, "quit"]  # a legal lead the first lesson does not teach
    result = invoke(["learn", "gangsta"], input="\n".join(typed) + "\n")
    out = result.output
    assert "a guided first game" in out and "Welcome to Gangsta!" in out
    assert "Your hand has an Irish 9, a Bratva 9 and a Yakuza 8" in out
    refused = out.index("lead a high card of a mafia that is not trumps")
    assert "Your move: Play Irish 9 weak (type I9W)." in out[refused:]
    assert "You play: Play Yakuza 5 weak." not in out  # the wrong move was not played
    assert "You play: Play Irish 9 weak." in out[refused:]
    assert "That is all of Gangsta" in out  # the farewell after the last lesson


def test_a_game_without_a_guided_game_or_an_unknown_game_is_one_error_line(
    invoke: Invoke,
) -> None:
    for name in ("sealed-bid", "nosuchgame"):
        result = invoke(["learn", name])
        assert result.exit_code != 0
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
