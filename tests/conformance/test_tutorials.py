"""Every game's guided first game (``Game.tutorial``): each lesson's move is legal in the
position the taught moves lead to, its words hold no notation, a move it does not teach is
refused, the deal and the bots give the same game every time, and the game can be played to
its end after the last lesson."""

from __future__ import annotations

import random

import pytest

from conformance.helpers import all_game_names
from conformance.test_words import notation_tokens, problems
from mobtable import games
from mobtable.bots import Decision
from mobtable.cli.guide import Guide
from mobtable.cli.learn import tutorial_bots, tutorial_table
from mobtable.core import State
from mobtable.core.narrator import Narrator
from mobtable.core.tutorial import LEARNER, Tutorial

TAUGHT = [name for name in all_game_names() if games.get(name).tutorial is not None]


def _taught(name: str) -> tuple[State, Tutorial, Guide]:
    """The tutorial's game after every lesson, its moves played as taught."""
    game = games.get(name)
    tutorial = game.tutorial
    assert tutorial is not None
    state = tutorial_table(game, tutorial)
    bots = tutorial_bots(game, tutorial)
    guide = Guide(tutorial, Narrator(game, LEARNER, list(tutorial.names), tutorial.players))
    while guide.lesson is not None:
        assert not state.is_over(), "the game ended before the last lesson"
        seat = state.pending()[0]
        if seat != LEARNER:
            state.apply(seat, bots[seat].choose(Decision(state, seat)))
            continue
        lesson, legal = guide.lesson, state.legal(LEARNER)
        if lesson.move is None:
            assert len(legal) == 1, f"lesson {guide.decisions} teaches no move among many"
            action = legal[0]
        else:
            action = game.parse_action(lesson.move, state.config)
            assert action in legal, f"lesson {guide.decisions}: {lesson.move} is not legal"
            others = [a for a in legal if a != action]
            if others:
                assert guide.refuses(state, others[0]) is not None
                assert lesson.wrong, f"lesson {guide.decisions} has nothing to say to a wrong move"
            assert guide.refuses(state, action) is None
        state.apply(LEARNER, action)
        guide.moved()
    return state, tutorial, guide


def test_the_three_games_have_a_guided_game() -> None:
    assert set(TAUGHT) == {"gangsta", "cosca", "capo"}


@pytest.mark.parametrize("name", TAUGHT)
def test_each_lesson_teaches_a_legal_move_and_refuses_the_others(name: str) -> None:
    _, tutorial, guide = _taught(name)
    assert guide.decisions == len(tutorial.lessons)


@pytest.mark.parametrize("name", TAUGHT)
def test_the_guided_game_is_the_same_every_time(name: str) -> None:
    first, _, _ = _taught(name)
    again, _, _ = _taught(name)
    assert first.history == again.history


@pytest.mark.parametrize("name", TAUGHT)
def test_a_lesson_speaks_the_players_words(name: str) -> None:
    game = games.get(name)
    tutorial = game.tutorial
    assert tutorial is not None
    notations = [lesson.move for lesson in tutorial.lessons if lesson.move]
    tokens = notation_tokens(game, notations)
    texts = [tutorial.welcome, tutorial.farewell]
    texts += [t for lesson in tutorial.lessons for t in (lesson.say, lesson.wrong) if t]
    for text in texts:
        assert problems(text, tokens) == [], text
    assert len(tutorial.names) == tutorial.players


@pytest.mark.parametrize("name", TAUGHT)
def test_after_the_lessons_the_game_plays_on_to_its_end(name: str) -> None:
    state, tutorial, _ = _taught(name)
    bots = tutorial_bots(state.game, tutorial)
    rng = random.Random(0)
    while not state.is_over():
        seat = state.pending()[0]
        if seat == LEARNER:
            state.apply(seat, rng.choice(state.legal(seat)))
        else:
            state.apply(seat, bots[seat].choose(Decision(state, seat)))
    assert state.result().ranks


@pytest.mark.parametrize("day", ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
def test_the_guided_game_is_the_same_whatever_the_day(
    day: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """COSCA's week begins on the day of play at a table people play: a tutorial fixes
    its first day, or its lessons would meet their position one day a week only."""
    import mobtable.games.cosca.game as cosca_game

    monkeypatch.setattr(cosca_game, "today_code", lambda: day)
    for name in TAUGHT:
        _, tutorial, guide = _taught(name)
        assert guide.decisions == len(tutorial.lessons)
