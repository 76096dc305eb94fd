"""Tutorial tables: a game's guided first game (:mod:`mobtable.core.tutorial`) served
to one person in the browser, from the same lessons as ``mobtable learn``.

A tutorial table is an ordinary table (stored, replayed, served by the action
pipeline) with three differences, all read from its stored config's ``tutorial`` mark:

- it is dealt from the tutorial's seed, and each bot seat plays the tutorial's bot
  seeded from the tutorial's own seeds (:func:`tutorial_bots`; after a restart the
  bots' draws are replayed too), so it unfolds as the lessons were written;
- a move of the learner that the current lesson does not teach is refused
  (:func:`vet`, a 409 ``tutorial`` with the lesson's explanation) and changes nothing;
- the learner's state message carries the guide (:func:`guide`): the lesson in the
  game's words, the board part it points at (a ``data-role``) and the progress.

It is unrated, has no clock and no hints, and is never listed in the lobby.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mobtable import bots, games
from mobtable.bots import Bot, Decision
from mobtable.core import Action, Game, MobtableError, State
from mobtable.core.narrator import Narrator
from mobtable.core.tutorial import LEARNER, Lesson, Tutorial
from mobtable.server.errors import Conflict, NotFound
from mobtable.server.names import clash
from mobtable.store import SeatRow, TableRow

if TYPE_CHECKING:
    from mobtable.server.session import TableSession

MARK = "tutorial"
"""The key of a stored config that marks a tutorial table (the engine ignores it)."""

RULE = "tutorial"
"""The rule id of a move the lesson does not teach."""


def tutorial_for(game_name: str) -> tuple[Game, Tutorial]:
    """The game and its guided first game; a ``NotFound`` (404) for an unknown game or
    one without a guided game yet."""
    try:
        game = games.get(game_name)
    except KeyError as exc:
        raise NotFound(str(exc.args[0])) from exc
    if game.tutorial is None:
        raise NotFound(f"{game.title} has no guided first game yet", rule=RULE)
    return game, game.tutorial


def tutorial_of(row: TableRow) -> Tutorial | None:
    """The tutorial a stored table plays (``None``: an ordinary table)."""
    if row.config.get(MARK) is not True:
        return None
    return games.get(row.game).tutorial


def is_tutorial(row: TableRow) -> bool:
    return tutorial_of(row) is not None


def table_row(
    table_id: str, game: Game, tutorial: Tutorial, token_hash: str, name: str | None
) -> TableRow:
    """A new tutorial table: the learner at seat 0 (named ``name``, or the tutorial's
    first name), the tutorial's bots in the other seats under its names."""
    others = list(tutorial.names[1:])
    if name is not None and (taken := clash(name, others)) is not None:
        raise Conflict(f"{taken} plays at this table: choose another name")
    config = {**tutorial.table_config(game).to_json(), MARK: True}
    seats = [SeatRow(LEARNER, "human", None, name or tutorial.names[LEARNER], token_hash)]
    seats += [
        SeatRow(seat, "bot", tutorial.bot, tutorial.names[seat])
        for seat in range(tutorial.players)
        if seat != LEARNER
    ]
    return TableRow(
        id=table_id,
        game=game.name,
        rules_version=game.rules_version,
        config=config,
        seed=tutorial.seed,
        seats=seats,
        host=LEARNER,
    )


def tutorial_bots(row: TableRow) -> dict[int, Bot]:
    """The bots of a tutorial table, each seeded from the tutorial and, for a table
    already under way (loaded after a restart), having made the draws of the choices
    it already made, so the rest of the game stays the scripted one. Empty for an
    ordinary table (its bots are seeded at random when first asked)."""
    tutorial = tutorial_of(row)
    if tutorial is None:
        return {}
    game = games.get(row.game)
    made = {
        seat: bots.make(tutorial.bot, game.name, seed=tutorial.bot_seed(seat))
        for seat in range(tutorial.players)
        if seat != LEARNER
    }
    if row.actions:
        state = game.new_state(game.config_from_json(row.config), seed=row.seed)
        for seat, notation in row.actions:
            bot = made.get(seat)
            if bot is not None:
                bot.choose(Decision(state, seat))
            state.apply_text(seat, notation)
    return made


def lessons_done(state: State) -> int:
    """The learner's decisions so far: the index of the current lesson."""
    return sum(1 for seat, _ in state.history if seat == LEARNER)


def _current(table: TableSession, seat: int | None) -> tuple[Tutorial, int] | None:
    tutorial = tutorial_of(table.row)
    if tutorial is None or seat != LEARNER:
        return None
    return tutorial, lessons_done(table.state)


def vet(table: TableSession, seat: int, action: Action) -> None:
    """Refuse (409 ``tutorial``, in the lesson's words, the taught move named) a legal
    move of the learner that the current lesson does not teach; an illegal move is left
    to the engine, whose reason says more, and nothing is refused should the taught move
    not be legal (a game that left its script must not lock the learner in)."""
    current = _current(table, seat)
    if current is None:
        return
    tutorial, done = current
    lesson = tutorial.lesson(done)
    state = table.state
    if lesson is None or lesson.accepts(action) or action not in state.legal(seat):
        return
    if lesson.move is not None and not _playable(state, lesson.move):
        return  # the game left the script (it should not): never block the learner
    taught = _taught(table.narrator(seat), state, lesson)
    said = lesson.wrong or "That is not this lesson's move."
    raise Conflict(f"{said} Your move: {taught}." if taught else said, rule=RULE)


def _playable(state: State, notation: str) -> bool:
    try:
        return state.game.parse_action(notation, state.config) in state.legal(LEARNER)
    except MobtableError:
        return False


def unmarked(config: dict[str, Any]) -> dict[str, Any]:
    """A tutorial table's config for a real game (a rematch: a fresh deal, no lessons)."""
    return {k: v for k, v in config.items() if k != MARK}


def _taught(words: Narrator, state: State, lesson: Lesson) -> str | None:
    """The lesson's move in the narration's words (``None``: it teaches no one move)."""
    if lesson.move is None:
        return None
    try:
        action = state.game.parse_action(lesson.move, state.config)
    except MobtableError:  # pragma: no cover - the conformance tests parse every lesson
        return None
    return words.action(state, LEARNER, action)


def guide(table: TableSession, seat: int | None, words: Narrator) -> dict[str, Any] | None:
    """The guide of the learner's state message (``None`` for anyone else, or at an
    ordinary table): ``lesson`` (1-based) of ``lessons``; ``say`` and ``point`` (a
    board's ``data-role``) and ``move`` (the taught move in words) while the lesson's
    decision is the learner's to make; ``welcome`` before the first move; ``done`` and
    ``farewell`` once every lesson is learnt."""
    current = _current(table, seat)
    if current is None:
        return None
    tutorial, done = current
    state = table.state
    lesson = tutorial.lesson(done)
    mine = lesson is not None and not state.is_over() and LEARNER in state.pending()
    return {
        "lesson": min(done + 1, len(tutorial.lessons)),
        "lessons": len(tutorial.lessons),
        "welcome": tutorial.welcome if done == 0 else None,
        "say": lesson.say if mine and lesson is not None else None,
        "point": lesson.point if mine and lesson is not None else None,
        "move": _taught(words, state, lesson) if mine and lesson is not None else None,
        "done": lesson is None,
        "farewell": tutorial.farewell if lesson is None else None,
    }
