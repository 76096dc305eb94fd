"""COSCA's words: every label, log line and prompt a person reads, over whole games.

Complete seeded random games of every player count and option, and for every
step and every reader (each seat and a spectator): labels of every legal move
are distinct and clean, every visible event and the prompt read as words, and
nothing names what the reader may not know.
"""

from __future__ import annotations

import doctest
import random
import re
from collections.abc import Iterator

import pytest

from mobtable.core import IllegalAction
from mobtable.core.words import Reader, default_names
from mobtable.games.cosca import words
from mobtable.games.cosca.model import LETTERS, WEEKDAY_CODES, Special, Stage
from mobtable.games.cosca.state import CoscaState

from .helpers import GAME, config, table

NARRATION = words.NARRATION

FORBIDDEN = re.compile(
    "|".join(
        (
            r"\b[Ss]eats? \d",  # a bare seat number
            r"\bP\d\b",  # the board's old seat tags
            rf"\b[{LETTERS}]+\b",  # dice notation (BBGS)
            r"\d+m\d+w|\b\d+[mw]\b",  # offer notation (2m1w)
            r"\bgun\d|\bclub[\d,-]|\bclub$|\bnovilla\b|^villa$",  # city notation
            rf"\b({'|'.join(WEEKDAY_CODES)})\b",  # weekday codes
            "|".join(s.value for s in Special if "-" in s.value or s.value[-1].isdigit()),
            r"[\[\]{}]|\w\(|\bNone\b|\bTrue\b|\bFalse\b|'\w+':",  # Python reprs
            r"\b1 (weapons|dice|mobsters|times)\b",  # a plural after one
            r"\b(0|[2-9]|\d\d+) (weapon|die|mobster|time)\b",  # a singular after many
            r"\bdecided\b.*\bseat\b|\bstage\b",  # engine words
        )
    )
)
NAMES = ("Marco", "Giulia", "Sal", "Rosa", "Enzo")


def check_text(text: str, where: str) -> None:
    assert text.strip(), f"empty text for {where}"
    match = FORBIDDEN.search(text)
    assert match is None, f"{where}: {text!r} has {match.group(0)!r}"


def readers(state: CoscaState) -> list[Reader]:
    names = NAMES[: state.players]
    return [Reader(seat, names) for seat in range(state.players)] + [Reader(None, names)]


def unknown_names(state: CoscaState) -> list[str]:
    """Mobsters still face down in the deck (their names no reader may read)."""
    shown = [state.cards[c].name for c in state.row]
    return [
        state.cards[c].name
        for c in state.deck
        if not any(state.cards[c].name in name for name in shown)
    ]


def check_step(state: CoscaState, rng: random.Random) -> None:
    """The prompt for every reader and the labels of every legal move of the step."""
    hidden = unknown_names(state)
    for reader in readers(state):
        prompt = NARRATION.prompt(state, reader)
        check_text(prompt, f"prompt for {reader.seat}")
        assert not any(name in prompt for name in hidden), prompt
        if reader.seat is not None and not state.is_over():
            # the same prompt in every state the reader cannot tell apart
            sample = state.determinize(reader.seat, rng)
            assert NARRATION.prompt(sample, reader) == prompt
    for seat in state.pending():
        reader = Reader(seat, NAMES[: state.players])
        labels = [NARRATION.action(state, seat, a, reader) for a in state.legal(seat)]
        assert len(set(labels)) == len(labels), f"two moves share a label: {labels}"
        for label in labels:
            check_text(label, f"label at {state.stage.value}")
            assert not any(name in label for name in hidden), label


def check_events(state: CoscaState, start: int) -> None:
    hidden = unknown_names(state)
    for event in state.events[start:]:
        for reader in readers(state):
            if not event.visible_to(reader.seat):
                continue
            line = NARRATION.event(event, reader)
            check_text(line, f"{event.kind} for {reader.seat}")
            assert not any(name in line for name in hidden), line


def play(players: int, seed: int, **options: object) -> Iterator[CoscaState]:
    """A complete random game, yielding the state before each move."""
    rng = random.Random(seed)
    state = GAME.new_state(config(players, **options), seed=seed)
    assert isinstance(state, CoscaState)
    check_events(state, 0)
    while not state.is_over():
        yield state
        seat = rng.choice(state.pending())
        seen = len(state.events)
        state.apply(seat, rng.choice(list(state.legal(seat))))
        check_events(state, seen)
    yield state


OPTION_SETS = [
    {},
    {"supply": "unlimited", "resource_ties": "strict", "henrietta": "symbols"},
    {"start_day": "sat", "henrietta": "symbols"},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", range(len(OPTION_SETS)))
def test_every_label_line_and_prompt_reads_as_words(players: int, options: int) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        for state in play(players, 100 * players + 10 * options + seed, **OPTION_SETS[options]):
            check_step(state, rng)


def test_a_sealed_choice_changes_no_line_another_reader_reads() -> None:
    """Two tables differing only in one seat's sealed dice or offer read the same to others."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        for state in play(3, seed):
            pending = state.pending()
            if state.stage not in (Stage.DICE, Stage.FIGHT) or len(pending) < 2:
                continue
            seat = pending[0]
            choices = list(state.legal(seat))
            if len(choices) < 2:
                continue
            first, second = rng.sample(choices, 2)
            texts = []
            for choice in (first, second):
                other = state.clone()
                seen = len(other.events)
                other.apply(seat, choice)
                texts.append(
                    [
                        [NARRATION.event(e, r) for e in other.events[seen:] if e.visible_to(r.seat)]
                        + [NARRATION.prompt(other, r)]
                        for r in readers(other)
                        if r.seat != seat
                    ]
                )
            assert texts[0] == texts[1]
            checked += 1
    assert checked > 20


def test_docstring_examples_run() -> None:
    failures, tried = doctest.testmod(words)
    assert tried and not failures


def test_every_event_kind_has_its_own_words() -> None:
    """No event falls back to its machine name: every kind a game emits is worded."""
    kinds: set[str] = set()
    for seed in range(6):
        for state in play(2 + seed % 4, seed, supply="limited"):
            kinds.update(e.kind for e in state.events)
    assert kinds <= set(words.EVENT_KINDS), kinds - set(words.EVENT_KINDS)
    assert {"dice-revealed", "fight", "loyalty-gained", "new-day", "setup"} <= kinds


def test_dice_labels_name_every_place_in_city_order() -> None:
    assert words.dice_words((0, 1, 2, 0, 0, 0)) == "Gun Shop 1, Racetrack 2"
    assert words.notation_dice_words("SBBV") == "Bank 2, Villa 1, Street 1"
    assert words.offer_words(0, 0) == "nothing (value 0)"
    assert words.offer_words(1, 2) == "1 money + 2 weapons (value 7)"


def test_default_names_stand_in_for_unnamed_seats() -> None:
    state = GAME.new_state(config(3), seed=1)
    reader = Reader(None, default_names(3))
    assert NARRATION.prompt(state, reader) == "Waiting for Vito, Carla and Salvo to set their dice"


@pytest.mark.parametrize(
    "engine_text",
    [
        "Wednesday: dice [4, 3, 3], Lucky joins the row",
        "seat 1 invites Lucky for a drink",
        "gun1",
        "0m1w",
        "club2,5",
        "novilla",
        "dice revealed: seat 0 BBGS",
        "Racetrack: seat 2 +4",
        "Game over. Winner(s): P0",
        "Offer 1 weapons",
        "you have 3 die",
        "the week starts on wed",
    ],
)
def test_the_forbidden_patterns_catch_the_engine_language(engine_text: str) -> None:
    assert FORBIDDEN.search(engine_text), engine_text


def test_the_engine_lines_themselves_would_fail() -> None:
    """The check is not vacuous: the debugging lines of a real game break it."""
    state = list(play(3, 7))[-1]
    flagged = [e.text for e in state.events if FORBIDDEN.search(e.text)]
    assert len(flagged) > len(state.events) // 2


def test_resources_over_the_limit_are_given_back_in_the_log() -> None:
    """Phase 1's limit of 10 is told: the engine used to give tokens back in silence."""
    state = table(2, {"start": "new-day", "round": 2, "money": [12, 3], "weapons": [10, 11]})
    assert (state.money, state.weapons) == ([10, 3], [10, 10])
    lines = [NARRATION.event(e, Reader(0, NAMES[:2])) for e in state.events]
    assert (
        "More than 10 of a kind goes back to the supply: you give back 2 money and "
        "Giulia gives back 1 weapon"
    ) in lines


def test_the_lobby_note_tells_how_long_the_row_grows() -> None:
    assert GAME.players_note(3) == (
        "The row starts with 3 mobsters and grows to 9 by the last day; "
        "the most loyal mobsters win."
    )


FIGHT = {"round": 7, "row": ["Jacob Soldini"], "money": [1, 3, 0], "weapons": [1, 0, 0]}


@pytest.mark.parametrize(
    ("moves", "bad", "rule"),
    [
        ([], "BBBB", "dice-count"),
        ([{0: "GGS", 1: "BBB", 2: "BBB"}], "gun3", "gun-shop"),
        ([{0: "GGS", 1: "GGS", 2: "SSS"}, {0: "gun0", 1: "gun0"}], "5m0w", "fight-offer"),
    ],
)
def test_a_refused_move_speaks_to_the_player_not_to_a_seat(
    moves: list[dict[int, str]], bad: str, rule: str
) -> None:
    state = table(3, FIGHT)
    for step in moves:
        for seat, text in step.items():
            state.apply_text(seat, text)
    with pytest.raises(IllegalAction) as refused:
        state.apply_text(0, bad)
    assert refused.value.rule == rule
    assert not re.search(r"\bseat \d", str(refused.value)), str(refused.value)
    assert str(refused.value).startswith("you ")


def test_the_club_asks_in_words_and_names_the_mobsters() -> None:
    state = table(2, {"row": ["Lucky", "Bobby"], "loyal": {"Lucky": 0}, "money": [2, 1]})
    state.apply_text(0, "CCB")
    state.apply_text(1, "BBB")
    assert state.stage is Stage.CLUB
    me = Reader(0, NAMES[:2])
    assert NARRATION.prompt(state, me).startswith("Club: invite up to 1 loyal mobster for a drink")
    assert [NARRATION.action(state, 0, a, me) for a in state.legal(0)] == [
        "Invite nobody for a drink",
        "Invite Lucky for a drink (1 money)",
    ]
    assert (
        NARRATION.prompt(state, Reader(1, NAMES[:2])) == "Waiting for Marco to choose at the Club"
    )
    seen = len(state.events)
    state.apply_text(0, "club1")
    lines = [NARRATION.event(e, Reader(1, NAMES[:2])) for e in state.events[seen:]]
    assert "Marco invites Lucky for a drink" in lines


def test_every_tiebreak_reads_in_words_on_the_result_card() -> None:
    from mobtable.core import Result
    from mobtable.core.narrator import tiebreak_line
    from mobtable.games.cosca.scoring import TIEBREAKS

    for level, name in enumerate(TIEBREAKS):
        keys = [(2, 5, 1), (2, 5, 0)] if level else [(2, 5, 0), (2, 4, 0)]
        result = Result.from_keys([2, 2], keys, TIEBREAKS)
        assert result.tiebreak == name  # the engine's name, as records keep it
        line = tiebreak_line(result, words.NARRATION)
        assert line.startswith("Decided by the tie-break: ") and name not in line
    assert "money counts 1, a weapon 3" in words.NARRATION.tiebreak("resource value")
