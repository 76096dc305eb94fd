"""Gangsta's words: every label, log line and prompt reads as plain words, for every reader.

Complete random games of every player count, variants on and off, are played
through; at every step, for every reader (each seat and a spectator), the
prompt, the label of every legal move and every visible new event are checked
for notation, seat numbers, reprs and plurals, and for naming a card the
reader may not know (the same secrecy as the views).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from mobtable.core import Event
from mobtable.core.cardfile import builtin_card_data
from mobtable.core.words import Reader
from mobtable.games.gangsta.cards import builtin_cards
from mobtable.games.gangsta.grid import CELLS, placement_points
from mobtable.games.gangsta.naming import card_name, mafia_words
from mobtable.games.gangsta.state import GangstaState
from mobtable.games.gangsta.words import NARRATION, _Labels, sets_words

from .helpers import ALL_CODES, ANDREA, ANGELICA, GAME, JOHN, PETER, play, position

CARDS = builtin_cards()
CODES = "|".join(re.escape(c) for c in CARDS.mafia_codes)
NOTATION = re.compile(rf"\b(?:{CODES})\d{{1,2}}[SW]\b|@|^(?:keep|redraw|pick)\b")
FORBIDDEN = re.compile(
    r"\bseat\s*\d|\bplayer\s*\d|[\[\]{}<>]|\bNone\b|\bTrue\b|\bFalse\b|\w\(|\(\s*['\"]|"
    r"\b1 (?:cards|points|players)\b|\b(?:0|[2-9]|\d\d+) (?:card|point|player)\b|  |\.\.",
    re.IGNORECASE,
)
CARD_NAMES = {card_name(c.code): c.code for c in CARDS.cards}
NAMED = re.compile("|".join(sorted(map(re.escape, CARD_NAMES), key=len, reverse=True)))
CODE_IN_DATA = re.compile(rf"\b(?:{CODES})\d{{1,2}}[SW]\b")
NAMES = ("Marco", "Giulia", "Sal", "Lucia", "Enzo", "Rosa")

CASES = [
    (players, variants, seed)
    for players in (3, 4, 5, 6)
    for variants, seed in (((), 11), (("reveal-one",), 12), (("reveal-two",), 13))
]


def check_text(text: str, known: set[str], where: str) -> None:
    """The rules of every text: non-empty, plain words, no card the reader may not know."""
    assert text.strip() and text == text.strip(), where
    assert not NOTATION.search(text), (where, text)
    assert not FORBIDDEN.search(text), (where, text)
    named = {CARD_NAMES[n] for n in NAMED.findall(text)}
    assert named <= known, (where, text, named - known)


def known_codes(state: GangstaState, seat: int | None) -> set[str]:
    return set(CODE_IN_DATA.findall(json.dumps(state.view(seat))))


def random_game(
    players: int, variants: Iterable[str], seed: int, options: dict[str, Any] | None = None
) -> Iterable[tuple[GangstaState, int]]:
    """Yield every step of a random game (the state, and how many events came before it)."""
    state = GAME.new_state(GAME.config(players, variants=variants, options=options), seed=seed)
    assert isinstance(state, GangstaState)
    rng = random.Random(seed)
    seen = 0
    while True:
        yield state, seen
        if state.is_over():
            return
        seen = len(state.events)
        seat = state.pending()[0]
        state.apply(seat, rng.choice(list(state.legal(seat))))


@pytest.mark.parametrize(("players", "variants", "seed"), CASES)
def test_every_label_line_and_prompt_reads_as_words(
    players: int, variants: tuple[str, ...], seed: int
) -> None:
    readers = [Reader(seat, NAMES[:players]) for seat in (None, *range(players))]
    known: dict[int | None, set[str]] = {r.seat: set() for r in readers}
    kinds: set[str] = set()
    options = {  # every option off its default in some games
        "combinations": "adjacent" if seed % 2 else "line",
        "pair_must_beat": "contenders" if players % 2 else "all",
        "first_player": seed % players,
    }
    for state, seen in random_game(players, variants, seed, options):
        for reader in readers:
            known[reader.seat] |= known_codes(state, reader.seat)
            may_know = known[reader.seat]
            for event in state.events[seen:]:
                if not event.visible_to(reader.seat):
                    continue
                kinds.add(event.kind)
                line = NARRATION.event(event, reader)
                check_text(line, may_know, f"event {event.kind}")
                assert line != "The game moves on", event.kind
                assert set(CODE_IN_DATA.findall(json.dumps(event.to_json()))) <= may_know
            check_text(NARRATION.prompt(state, reader), may_know, f"prompt {state.phase}")
            if state.is_over():
                continue
            seat = state.turn
            labels = [NARRATION.action(state, seat, a, reader) for a in state.legal(seat)]
            for label in labels:
                check_text(label, may_know, f"label {state.phase}")
            if reader.seat == seat:
                assert len(set(labels)) == len(labels), sorted(labels)
    assert {"play", "trick-won", "place", "game-over"} <= kinds


@pytest.mark.parametrize("seed", range(6))
def test_a_readers_words_depend_only_on_what_that_reader_sees(seed: int) -> None:
    """Prompts and one's own labels come out the same in every deal the reader cannot
    tell apart (G-27: "deciding whether to keep or redraw" for eligible and not alike)."""
    players = 3 + seed % 4
    readers = [Reader(seat, NAMES[:players]) for seat in range(players)]
    rng = random.Random(seed)
    for step, (state, _) in enumerate(random_game(players, (), 100 + seed)):
        if state.is_over() or step % 3:
            continue
        for reader in readers:
            assert reader.seat is not None
            other = state.determinize(reader.seat, rng)
            assert NARRATION.prompt(other, reader) == NARRATION.prompt(state, reader)
            if reader.seat == state.turn:
                mine = [
                    NARRATION.action(state, state.turn, a, reader) for a in state.legal(state.turn)
                ]
                again = [
                    NARRATION.action(other, other.turn, a, reader) for a in other.legal(other.turn)
                ]
                assert mine == again


def test_g27_a_seat_that_may_not_redraw_reads_like_one_that_keeps() -> None:
    """Whether a seat may redraw never shows in the others' words: both prompts say it
    is deciding, and both outcomes read "keeps their hand"."""
    weak = ["Y2W", "Y3W", "I2W", "I3W", "C2W", "C3W", "R2W", "R3W", "Y4W", "I4W", "C4W", "R4W"]
    strong = ["Y9S", "I9S", *weak[2:]]
    lines = []
    for hand in (weak, strong):
        state = position(
            [hand, ["Y5S", "Y6S", "Y7S"], ["I5S", "I6S", "I7S"]],
            trump="R9S",
            deck=["C5S", "C6S", "C7S", "C8S"],
            start="deal",
            rest="deck",
        )
        spectator, other = Reader(None, NAMES[:3]), Reader(1, NAMES[:3])
        prompts = NARRATION.prompt(state, spectator), NARRATION.prompt(state, other)
        play(state, "keep")
        lines.append((prompts, NARRATION.event(state.events[-1], other)))
    assert lines[0] == lines[1]
    assert lines[0][0][0] == "Waiting for Marco to decide whether to keep or redraw"
    assert lines[0][1] == "Marco keeps their hand"


def test_a_hidden_card_is_never_named_in_another_seats_label() -> None:
    state = position([["R5W", "I2W"], ["R6W", "I3W"], ["R7W", "I4W"]])
    marco, giulia = Reader(0, NAMES[:3]), Reader(1, NAMES[:3])
    labels = {NARRATION.action(state, 0, a, giulia) for a in state.legal(0)}
    assert labels == {"Marco plays a card"}
    assert {NARRATION.action(state, 0, a, marco) for a in state.legal(0)} == {
        "Play Bratva 5 weak",
        "Play Irish 2 weak",
    }
    play(state, "R5W")  # once played, the card is on the table for all to see
    assert NARRATION.action(state, 0, state.table.single[CARDS.card("R5W").id], giulia) == (
        "Marco plays Bratva 5 weak"
    )


def test_a_custom_deck_names_its_own_mafias() -> None:
    data = json.loads(json.dumps(dict(builtin_card_data("mobtable.games.gangsta"))))
    data["mafia"][0].update(code="T", name="Triads (Hong Kong)")
    state = GAME.new_state(GAME.config(3, card_data=data), seed=4)
    assert isinstance(state, GangstaState)
    assert mafia_words(state.cards)["T"] == "Triads"
    rng = random.Random(4)
    lines: list[str] = []
    while not state.is_over():
        seat = state.turn
        state.apply(seat, rng.choice(list(state.legal(seat))))
    lines = [NARRATION.event(e, Reader(None, NAMES[:3])) for e in state.events_for(None)]
    assert any(re.search(r"Triads \d strong|Triads \d weak", line) for line in lines)
    assert not any("Yakuza" in line for line in lines)


def test_game_over_names_the_winner_and_the_tie_break() -> None:
    state = position([["R5W"], ["R6W"], ["R7W"]], scores=[4, 4, 1], best_trick=[2, 3, 1])
    play(state, "R5W", "R6W", "R7W", "R5W@A1", "R6W@A2", "R7W@A3")
    reader = Reader(1, NAMES[:3])
    assert NARRATION.prompt(state, reader) == (
        "Game over: You win: 4 points, as many as Marco, and the best single trick, 3 points"
    )
    assert NARRATION.event(state.events[-1], Reader(0, NAMES[:3])) == (
        "Game over: Giulia wins: 4 points, as many as you, and the best single trick, 3 points"
    )


# -- golden texts: the rulebook's examples, every reader's words --------------------------
GOLDEN = Path(__file__).parent / "golden"
TABLE = ("Peter", "John", "Andrea", "Angelica")


def narrate(state: GangstaState, moves: Iterable[str], reader: Reader) -> list[str]:
    """Before each move the prompt, the legal moves' labels (for the mover) and the
    chosen move's label; after it, the log lines it brings."""
    out: list[str] = []
    for move in moves:
        seat = state.turn
        out.append(f"prompt: {NARRATION.prompt(state, reader)}")
        legal = state.legal(seat)
        if reader.seat == seat and len(legal) <= 8:  # placements are many: the chosen one only
            out.extend(f"  move: {NARRATION.action(state, seat, a, reader)}" for a in legal)
        action = GAME.parse_action(move, state.config)
        out.append(f"  chosen: {NARRATION.action(state, seat, action, reader)}")
        before = len(state.events)
        play(state, move)
        out.extend(
            f"log: {NARRATION.event(e, reader)}"
            for e in state.events[before:]
            if e.visible_to(reader.seat)
        )
    out.append(f"prompt: {NARRATION.prompt(state, reader)}")
    return out


def example_2_and_4() -> str:
    """Example 2's trick (Peter trumps with the Yakuza 2 weak), then example 4's two
    pairs on C2, read by each player and by a spectator."""
    blocks = []
    for seat in (None, PETER, JOHN, ANDREA, ANGELICA):
        state = position(
            [
                ["Y2W", "R5S", "C2W"],
                ["I8S", "C3W", "I2W"],
                ["I4W", "C4W", "I3W"],
                ["I5S", "C5W", "I6W"],
            ],
            grid={"B2": "Y5W", "C1": "R5W"},
            leader=ANDREA,
        )
        moves = ["I4W", "I5S", "Y2W", "I8S", "Y2W@A1", "I4W@E5", "I8S@D4", "I5S@C2"]
        reader = Reader(seat, TABLE)
        who = "a spectator" if seat is None else TABLE[seat]
        blocks.append(f"# read by {who}\n" + "\n".join(narrate(state, moves, reader)))
    return "\n\n".join(blocks) + "\n"


def example_redraw() -> str:
    """The redraw before the first trick (G-04, G-27), read by who redraws and by another."""
    blocks = []
    for seat in (PETER, JOHN):
        hand = ["Y4S", "I2S", "C4S", "C5W", "C6W", "C7W", "R5W", "R6W", "R7W", "I5W", "I6W", "I8W"]
        others = [
            ["Y2W", "Y3W", "Y5W", "Y6W", "Y7W", "Y8W", "Y9W", "I9S", "C9S", "R9S", "C8S", "R8S"],
            ["I3W", "I4W", "I7W", "I9W", "C2W", "C3W", "C4W", "C8W", "C9W", "R2W", "R3W", "R4W"],
            ["R8W", "R9W", "Y2S", "Y3S", "Y5S", "Y6S", "Y7S", "Y8S", "Y9S", "I3S", "I4S", "I5S"],
        ]
        state = position(
            [hand, *others],
            trump="R2S",
            deck=["I6S", "I7S", "I8S", "C2S"],
            start="deal",
            rest="deck",
        )
        reader = Reader(seat, TABLE)
        moves = ["redraw Y4S,I2S,C4S", "keep", "keep", "keep"]
        blocks.append(f"# read by {TABLE[seat]}\n" + "\n".join(narrate(state, moves, reader)))
    return "\n\n".join(blocks) + "\n"


def example_5_with_variant_2() -> str:
    """Example 5 (Angelica is out of cards) played with Variant 2: two cards are opened
    for her, Peter wins the trick and keeps one of them."""
    blocks = []
    for seat in (None, PETER):
        state = position(
            [["R9S", "C2W"], ["R2W", "C3W"], ["R3W", "C4W"], []],
            deck=["Y8S", "Y7S"],
            variants=["reveal-two"],
        )
        reader = Reader(seat, TABLE)
        log = [f"log: {NARRATION.event(e, reader)}" for e in state.events_for(seat)]
        moves = ["R9S", "R2W", "R3W", "pick Y8S", "R9S@A1", "R2W@A2", "R3W@A3", "Y8S@A4"]
        who = "a spectator" if seat is None else TABLE[seat]
        blocks.append(f"# read by {who}\n" + "\n".join([*log, *narrate(state, moves, reader)]))
    return "\n\n".join(blocks) + "\n"


@pytest.mark.parametrize(
    ("name", "build"),
    [
        ("example-2-and-4", example_2_and_4),
        ("redraw", example_redraw),
        ("example-5-variant-2", example_5_with_variant_2),
    ],
)
def test_golden_words_of_the_rulebook_examples(name: str, build: Any) -> None:
    path = GOLDEN / f"words_{name}.txt"
    assert build() == path.read_text(), f"wording changed: review and rewrite {path.name}"


def test_the_checks_reject_the_engine_lines_these_words_replace() -> None:
    """The checks above can fail: the engine's own debugging lines break them."""
    state = position([["R5W", "I2W"], ["R6W", "I3W"], ["R7W", "I4W"]])
    play(state, "R5W", "R6W", "R7W", "R7W@A4")
    engine_lines = [e.text for e in state.events]
    assert engine_lines[0] == "Seat 0 plays R5W"
    for text in engine_lines:
        with pytest.raises(AssertionError):
            check_text(text, set(ALL_CODES), "engine line")
    with pytest.raises(AssertionError):  # a card the reader may not know
        check_text("Marco plays Bratva 5 weak", set(), "label")
    for wrong in ("1 cards", "3 point", "Card('R5W')", "['Marco']", "None"):
        with pytest.raises(AssertionError):
            check_text(f"Marco has {wrong}", set(), "plural")


def test_rare_events_read_as_words() -> None:
    """The police deck reshuffled (a real table) and a full grid (a custom deck's corner case)."""
    state = position(
        [["R5S", "I2W"], ["R2W", "I3W"], ["R3W", "I4W"], ["R4W", "I6W"]],
        grid={"A1": "Y2W", "A2": "Y3W", "A3": "Y4W", "A4": "Y6W"},
    )
    state.ambush_used, state.ambush_deck = state.ambush_deck, []
    play(state, "R5S", "R2W", "R3W", "R4W", "R5S@A5")
    reader = Reader(1, NAMES[:4])
    lines = {e.kind: NARRATION.event(e, reader) for e in state.events}
    assert lines["ambush-reshuffle"] == "The police ambush cards are shuffled into a new deck"
    assert lines["raid"].startswith("Police raid! Row A is full. The ambush card marks row ")
    full = Event("no-room", {"cards": ["R2W", "R3W"]}, "No empty cell: R2W, R3W discarded")
    assert NARRATION.event(full, reader) == (
        "No empty cell is left: Bratva 2 weak and Bratva 3 weak go to the discard pile unscored"
    )
    for line in lines.values():
        check_text(line, set(ALL_CODES), "event")


@pytest.mark.parametrize(
    ("variant", "deck", "expected"),
    [
        ("reveal-one", ["Y8S"], "Yakuza 8 strong; the trick's winner takes it"),
        (
            "reveal-two",
            ["Y8S", "Y7S"],
            "Yakuza 8 strong and Yakuza 7 strong; the trick's winner keeps one of each two",
        ),
        ("reveal-two", ["Y8S"], "Yakuza 8 strong; the trick's winner takes it"),
    ],
)
def test_g17_opened_cards_say_what_the_winner_gets(
    variant: str, deck: list[str], expected: str
) -> None:
    state = position([["R9S", "C2W"], ["R2W", "C3W"], []], deck=deck, variants=[variant])
    line = NARRATION.event(state.events[-1], Reader(None, NAMES[:3]))
    assert line == f"Opened for the player sitting out: {expected}"


def test_g17_an_odd_last_card_opened_in_variant_2_is_simply_taken() -> None:
    state = position(
        [["R9S", "C2W"], ["R2W", "C3W"], [], []],
        deck=["Y8S", "Y7S", "Y6S"],
        variants=["reveal-two"],
    )
    assert NARRATION.event(state.events[-1], Reader(0, NAMES[:4])) == (
        "Opened for the 2 players sitting out: Yakuza 8 strong, Yakuza 7 strong and Yakuza 6 "
        "strong; the trick's winner keeps one of each two and takes the last one"
    )


@pytest.mark.parametrize("seed", range(3))
def test_all_labels_at_once_are_each_label_alone(seed: int) -> None:
    """``actions`` (the placements' shared grid and raid words made once) says what
    ``action`` says of each move, to the mover and to another reader."""
    state = GAME.new_state(GAME.config(4), seed=seed)
    rng = random.Random(seed)
    placing = 0
    while not state.is_over():
        seat = state.pending()[0]
        legal = list(state.legal(seat))
        for reader in (Reader(seat, TABLE), Reader((seat + 1) % 4, TABLE)):
            alone = [NARRATION.action(state, seat, a, reader) for a in legal]
            assert NARRATION.actions(state, seat, legal, reader) == alone
        placing += "places" in NARRATION.action(state, seat, legal[0], Reader(None, TABLE))
        state.apply(seat, rng.choice(legal))
    assert placing > 5


@pytest.mark.parametrize("combinations", ["line", "adjacent"])
def test_a_placement_preview_says_what_the_placement_scores(combinations: str) -> None:
    """A preview (option "line": each line's values counted once per position) names the
    sets and points ``placement_points`` gives a card of every value on every cell, empty
    or not, at every position of a random game."""
    state = GAME.new_state(GAME.config(4, options={"combinations": combinations}), seed=5)
    rng = random.Random(5)
    values = sorted(set(state.cards.value))
    while not state.is_over():
        labels = _Labels(state, Reader(0, TABLE))
        for cell in range(CELLS):
            raid = labels.raid(cell)
            for value in values:
                grid = list(state.grid_values)
                grid[cell] = value
                points, sizes = placement_points(grid, cell, state.adjacent)
                assert labels.preview(value, cell) == sets_words(sizes, points) + raid
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal(seat)))
