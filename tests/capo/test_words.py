"""Capo's words (issue 12): every label, log line and prompt a person reads.

Over complete random games of every player count, with the variant and the
options on and off, for every step and every reader (each seat and the
spectator): every label of every legal move, every visible log line and the
prompt are non-empty plain words (no seat number, no card id, no notation, no
brackets or reprs, singulars and plurals right), the acting seat's labels
tell its moves apart, and no text names a card its reader may not know.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mobtable.core import Event
from mobtable.core.cardfile import builtin_card_data
from mobtable.core.words import Reader
from mobtable.games.capo import GAME
from mobtable.games.capo.actions import Declare, Place, Suspect, TurnUp
from mobtable.games.capo.cards import Effect, Special
from mobtable.games.capo.state import CapoState
from mobtable.games.capo.words import WORDS, card_words

from .helpers import CARDS, Picker, joram_danny_erik, new, play, play_round, relabelled
from .helpers import event as event_card

GOLDEN = Path(__file__).parent / "golden" / "words_joram_danny_erik.txt"

FORBIDDEN = re.compile(
    r"\bseats?\b"  # seats are named, never numbered
    r"|#\d|\bcards? \d|\bids?\b"  # card ids
    r"|\b[pdus]\d+\b|\bs-"  # the notation: p3, d17, u17, s2, s-
    r"|[\[\]{}<>]|\bNone\b|\bTrue\b|\bFalse\b|\(\d+(, ?\d+)+\)|'"  # Python reprs
    r"|\b1 (cards|stars|rounds|symbols)\b|\b(0|[2-9]|\d\d+) (card|star|round|symbol)\b",
    re.IGNORECASE,
)
"""What a person never reads (apostrophes only in possessives, checked apart)."""
POSSESSIVE = re.compile(r"\w's\b")
NUMBER_WORDS = re.compile(
    r"[+\N{MINUS SIGN}]?\d+ (more )?(cards?|stars?|respect|rounds?|symbols?|identical|extra"
    r"|of your|Mafioso|taken|for)\b"
    r"|\bRound \d+|\b(has|have) \d+\b"
)
"""Numbers only ever count something (never a bare id)."""


EVENT_TEXTS = tuple(e.text for e in CARDS.events)
"""The Event cards' own sentences ("2 respect instead of 1"), quoted in round lines."""


def check_text(text: str) -> None:
    assert text and text.strip() == text, repr(text)
    plain = POSSESSIVE.sub("", text)
    bad = FORBIDDEN.search(plain)
    assert bad is None, f"{bad.group()!r} in {text!r}"
    for quoted in EVENT_TEXTS:
        plain = plain.replace(quoted, "")
    leftover = NUMBER_WORDS.sub("", plain)
    assert not re.search(r"\d", leftover), f"a bare number in {text!r}"


def readers(state: CapoState) -> list[Reader]:
    return [Reader.for_table(s, [], state.players) for s in [*range(state.players), None]]


def known_ids(state: CapoState, reader: Reader) -> set[int]:
    return {int(c) for c in state.view(reader.seat)["cards"]}


def event_cards(event: Event) -> set[int]:
    """Every Mafioso card an event's words could name (its facts carry them all)."""
    return {int(c) for c in event.data.get("facts", {})}


CONFIGS = [
    *((n, (), {}) for n in range(3, 8)),
    *((n, ("first-game",), {}) for n in (3, 5)),
    (4, (), {"crew_sizes": "open"}),
    (6, (), {"crew_sizes": "open", "respect_supply": "limited"}),
    (5, (), {"event_deck": "sit-down-only", "little_tony_stars": "once"}),
    (7, (), {"respect_supply": "limited", "little_tony_stars": "once"}),
]


def _steps(
    players: int, variants: tuple[str, ...], options: dict[str, Any], seed: int
) -> Iterator[tuple[CapoState, int]]:
    """Every state of one random game, and the number of events before each step."""
    state = GAME.new_state(GAME.config(players, variants=variants, options=options), seed=seed)
    rng = random.Random(seed)
    mark = 0
    while True:
        yield state, mark
        if state.is_over():
            return
        mark = len(state.events)
        pending = state.pending()
        seat = pending[rng.randrange(len(pending))]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("players", "variants", "options"), CONFIGS)
def test_every_label_line_and_prompt_is_plain_words_over_random_games(
    players: int, variants: tuple[str, ...], options: dict[str, Any]
) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        known_before: dict[int | None, set[int]] = {}
        for state, mark in _steps(players, variants, options, seed):
            for reader in readers(state):
                known = known_ids(state, reader)
                for event in state.events_for(reader.seat, mark):
                    kinds.add(event.kind)
                    check_text(WORDS.event(event, reader))
                    # the words see only the event: it names no card the reader may not know
                    unknown = event_cards(event) - known - known_before.get(reader.seat, set())
                    assert not unknown, (event.kind, reader.seat)
                known_before[reader.seat] = known
                check_text(WORDS.prompt(state, reader))
                for seat in state.pending():
                    labels = [WORDS.action(state, seat, a, reader) for a in state.legal(seat)]
                    for label in labels:
                        check_text(label)
                    if reader.seat == seat:
                        assert len(set(labels)) == len(labels), labels
    assert {"round", "played", "suspicions", "scored", "game-over"} <= kinds


def test_secrets_never_shape_a_prompt_or_another_seats_labels() -> None:
    """A reader's text is the same for every table that differs only in what it may not know."""
    rng = random.Random(7)
    compared = 0
    for players, variants, options in CONFIGS[::2]:
        for state, _ in _steps(players, variants, options, 11):
            if state.is_over():
                break
            for reader in readers(state):
                other = relabelled(state, reader.seat, rng)
                assert WORDS.prompt(state, reader) == WORDS.prompt(other, reader)
                for seat in state.pending():
                    if seat == reader.seat:
                        continue
                    mine = sorted(WORDS.action(state, seat, a, reader) for a in state.legal(seat))
                    theirs = sorted(WORDS.action(other, seat, a, reader) for a in other.legal(seat))
                    assert mine == theirs
                    compared += 1
    assert compared > 100


def test_another_seats_move_keeps_its_secret() -> None:
    pick = Picker()
    hands = [pick.fillers(5) for _ in range(3)]
    state = new(hands)
    marco = Reader(1, ("Vito", "Marco", "Sal"))
    labels = {WORDS.action(state, 0, a, marco) for a in state.legal(0)}
    assert labels == {"Vito chooses how many cards to play"}
    state.apply(0, Declare(2))
    assert {WORDS.action(state, 0, a, marco) for a in state.legal(0)} == {
        "Vito puts a card face down"
    }
    assert WORDS.prompt(state, marco) == "Choose how many cards to play, face down"
    assert WORDS.prompt(state, Reader(0, marco.names)) == "Choose 2 cards to put face down"
    assert WORDS.prompt(state, Reader(None, marco.names)) == (
        "Waiting for Vito, Marco and Sal to play"
    )


def test_identical_cards_in_one_hand_get_distinct_labels() -> None:
    pick = Picker()
    soldati = [pick.card("cash", stars=1, name="Soldato") for _ in range(3)]
    hands = [[*soldati, *pick.fillers(2)], pick.fillers(5), pick.fillers(5)]
    state = new(hands)
    me = Reader(0, ("Vito", "Marco", "Sal"))
    state.apply(0, Declare(3))
    labels = [WORDS.action(state, 0, Place(c), me) for c in soldati]
    assert labels == [
        "Put Soldato (Cash, 1 star) face down",
        "Put a second Soldato (Cash, 1 star) face down",
        "Put a third Soldato (Cash, 1 star) face down",
    ]
    state.apply(0, Place(soldati[0]))
    assert WORDS.action(state, 0, Place(soldati[1]), me) == "Put Soldato (Cash, 1 star) face down"


def test_special_cards_say_what_they_do_to_the_stars() -> None:
    words = {card_words(CARDS.fact(c.id)) for c in CARDS.mafiosi if c.special is not None}
    assert "Vincenzo Forza (any one symbol, 2 stars)" in words
    assert "John Malone (no symbol, takes 1 star off)" in words
    assert "Captain Penny (no symbol, takes 2 stars off)" in words
    assert "Little Tony (no symbol, 0 stars)" in words


def test_words_follow_a_custom_card_file() -> None:
    """The events carry the card file's own names, so the words need nothing else."""
    data = copy.deepcopy(builtin_card_data("mobtable.games.capo"))
    data["symbols"][2]["name"] = "Money"  # the cash symbol
    data["mafiosi"][0]["name"] = "La Prima Donna"  # Giulia Napoli
    pick = Picker()
    giulia, cash = pick.card(special=Special.GIULIA_NAPOLI), pick.card("cash", stars=1)
    hands = [[giulia, cash, *pick.fillers(3)], pick.fillers(5), pick.fillers(5)]
    top = [a.id for a in CARDS.assignments if a.name == "Protection racket"]
    config = GAME.config(3, card_data=data)
    state = GAME.new_state(config, setup={"hands": hands, "assignments": top})
    me = Reader(0, ("Vito", "Marco", "Sal"))
    assert "Money" in WORDS.event(state.events[0], me)
    state.apply(0, Declare(2))
    assert (
        WORDS.action(state, 0, Place(giulia), me) == "Put La Prima Donna (Money, 1 star) face down"
    )
    state.apply(0, Place(cash))
    assert WORDS.event(state.events[-1], me) == "You put Soldato (Money, 1 star) face down."


# -- the rulebook's round, as each of its players and a spectator reads it ---------------
NAMES = ("Joram", "Danny", "Erik")


def transcript() -> str:
    """The Joram/Danny/Erik round (phase 4 and scoring examples), for every reader."""
    out = [
        "# Capo della Mafia: the rulebook's round of Joram, Danny and Erik, as each reads it.",
        "# A change of wording here is a reviewed change: regenerate with",
        "#   python -m tests.capo.test_words",
    ]
    for seat in (0, 1, 2, None):
        reader = Reader(seat, NAMES)
        out += ["", f"== {'a spectator' if seat is None else NAMES[seat]} =="]
        state, joram, danny, erik = joram_danny_erik()
        plan: list[tuple[int, Any]] = []
        for p, crew in enumerate((joram, danny, erik)):
            plan += [(p, Declare(len(crew))), *((p, Place(c)) for c in crew)]
        plan += [(0, TurnUp(joram[0])), (2, TurnUp(erik[1]))]
        plan += [(0, Suspect(2)), (1, Suspect(0)), (2, Suspect(None))]
        out += [f"log: {WORDS.event(e, reader)}" for e in state.events_for(seat)]
        for p, action in plan:
            mark = len(state.events)
            if p == seat:
                out.append(f"prompt: {WORDS.prompt(state, reader)}")
                out += [f"  move: {WORDS.action(state, p, a, reader)}" for a in state.legal(p)]
            out.append(f"> {WORDS.action(state, p, action, reader)}")
            state.apply(p, action)
            out += [f"log: {WORDS.event(e, reader)}" for e in state.events_for(seat, mark)]
        out.append(f"prompt: {WORDS.prompt(state, reader)}")
    return "\n".join(out) + "\n"


def test_golden_words_of_the_joram_danny_erik_round() -> None:
    assert transcript() == GOLDEN.read_text(encoding="utf-8")


def test_golden_round_reads_like_the_rulebook() -> None:
    """The lines that carry the rulebook's example, checked apart from the whole text."""
    text = GOLDEN.read_text(encoding="utf-8")
    assert "Joram shows Sgarrista (Pistol, 2 stars) and Sgarrista (Cash, 2 stars): 4 stars" in text
    assert "more than the 3 stars allowed — off to prison." in text
    assert "Nobody suspects Danny: Danny's cards stay hidden and count as a success." in text
    assert "Danny gains 3 respect (+1 for the assignment, +2 for rightly suspecting Joram)" in text
    assert "Joram loses 1 respect (\N{MINUS SIGN}1 for wrongly suspecting Erik)" in text
    assert "Erik gains 1 respect (+1 for the assignment)" in text


def test_K_18_joram_at_zero_gains_nothing_in_words() -> None:
    state, joram, danny, erik = joram_danny_erik()
    state.respect[0] = 0
    for p, crew in enumerate((joram, danny, erik)):
        play(state, p, crew)
    for p, card in ((0, joram[0]), (2, erik[1])):
        state.apply(p, TurnUp(card))
    for p, target in ((0, 2), (1, 0), (2, None)):
        state.apply(p, Suspect(target))
    scored = next(e for e in reversed(state.events) if e.kind == "scored")
    line = WORDS.event(scored, Reader(0, NAMES))
    assert line.startswith("You gain nothing (nothing to lose for wrongly suspecting Erik); ")


if __name__ == "__main__":
    GOLDEN.write_text(transcript(), encoding="utf-8")
    print(f"wrote {GOLDEN}")


def test_the_lobby_reads_plain_words() -> None:
    """Blurb, length, option labels, descriptions and choices: words, ids only as a reference."""
    assert GAME.narration is WORDS
    assert GAME.blurb and GAME.length == "about 30 minutes"
    for option in GAME.options:
        assert option.label and re.fullmatch(r"K-\d\d", option.decision), option.name
        assert len(option.choice_labels) == len(option.choices), option.name
        for text in (option.description, option.label, *option.choice_labels):
            assert not re.search(r"K-\d|'[a-z-]+'|_", text), (option.name, text)
            assert all(c not in text for c in option.choices if "-" in str(c)), text
    for variant in GAME.variants:
        assert not re.search(r"K-\d|_", variant.description)


def _last_line(state: CapoState, kind: str, reader: Reader) -> str:
    event = next(e for e in reversed(state.events) if e.kind == kind)
    line = WORDS.event(event, reader)
    check_text(line)
    return line


VITO = ("Vito", "Marco", "Sal")


def test_K_12_a_game_to_the_round_limit_reads_plainly() -> None:
    """Everyone plays one card and suspects nobody for 100 rounds: reshuffles, a shared win."""
    pick = Picker()
    state = new([pick.fillers(5) for _ in range(3)], respect=[0, 0, 0], variants=["first-game"])
    giulia = set(CARDS.with_special(Special.GIULIA_NAPOLI))
    while not state.is_over():
        for seat in range(3):
            play(state, seat, [next(c for c in state.hands[seat] if c not in giulia)])
        for seat in range(3):
            state.apply(seat, Suspect(None))
    lines = {WORDS.event(e, Reader(1, VITO)) for e in state.events_for(1)}
    for line in lines:
        check_text(line)
    assert "The used Assignment cards are shuffled into a new stack." in lines
    best = max(state.respect)
    assert WORDS.prompt(state, Reader(1, VITO)) == (
        f"Game over after 100 rounds: Vito, you and Sal share the victory with {best} respect"
    )
    assert _last_line(state, "game-over", Reader(None, VITO)).startswith(
        "Game over after 100 rounds: Vito, Marco and Sal share the victory"
    )


def test_K_20_have_a_sit_down_in_words() -> None:
    pick = Picker()
    hands = [pick.fillers(5) for _ in range(3)]
    state = new(hands, envelope_next=True, events=[event_card(Effect.SIT_DOWN)])
    play_round(state, {s: hands[s][:1] for s in range(3)}, suspicions={0: 1, 1: 0, 2: 0})
    line = _last_line(state, "suspicions", Reader(2, VITO))
    assert line == (
        "Suspicions: Vito suspects Marco, Marco suspects Vito and you suspect Vito."
        " Have a sit down: Vito and Marco suspect each other, so both suspicions are dropped."
        " Nobody suspects Marco or you: their cards stay hidden and count as a success."
    )


def test_K_04_mario_beretta_in_words() -> None:
    pick = Picker()
    mario = pick.card(special=Special.MARIO_BERETTA)
    hands = [pick.fillers(5), pick.fillers(5), [mario, *pick.fillers(4)]]
    state = new(hands, respect=[0, 1, 0], counter=2)
    play_round(state, {0: hands[0][:1], 1: hands[1][:1], 2: [mario]}, suspicions={0: 2, 1: 2})
    reveal = _last_line(state, "reveal", Reader(0, VITO))
    assert reveal.startswith("Sal shows Mario Beretta (Pistol, 2 stars): 2 stars, symbols missing")
    # Sal scores first (he counts): Vito has nothing yet to give, Marco gives his 1
    assert _last_line(state, "scored", Reader(0, VITO)) == (
        "Sal gains 1 respect (nothing to take from you with Mario Beretta,"
        " +1 taken from Marco with Mario Beretta); you gain 3 respect (nothing to give to"
        " Sal's Mario Beretta, +1 for the assignment, +2 for rightly suspecting Sal);"
        " Marco gains 2 respect (\N{MINUS SIGN}1 taken by Sal's Mario Beretta,"
        " +1 for the assignment, +2 for rightly suspecting Sal)."
        " Respect now: you have 3, Marco has 3 and Sal has 1."
    )


@pytest.mark.parametrize(
    ("effect", "text", "limit"),
    [
        (Effect.FRIENDLY_JUDGE, "This round the assignment allows 2 stars more", "5 stars"),
        (Effect.HEAT_IS_ON, "This round the assignment allows 1 star fewer", "2 stars"),
    ],
)
def test_K_16_the_round_line_gives_the_cards_star_limit_then_the_events_change(
    effect: Effect, text: str, limit: str
) -> None:
    """The card's own limit, then the Event card's text, then the limit the engine uses:
    never the changed limit followed by the change (which reads as applying it twice)."""
    from rich.console import Console

    from mobtable.games.capo.render import render_view

    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    state = new(hands, envelope_next=True, events=[event_card(effect)])
    assert state.view(0)["assignment"]["max_stars"] == int(limit.split()[0])
    round_event = next(e for e in state.events if e.kind == "round")
    line = WORDS.event(round_event, Reader(0, ("Vito", "Carla", "Salvo")))
    assert line.startswith("Round 1 — Protection racket: Cash and Pistol, at most 3 stars. ")
    assert f"{text}" in line and line.endswith(f"So this round the limit is {limit}.")
    console = Console(width=200, color_system=None, record=True)
    console.print(render_view(state.view(0)))
    board = console.export_text()
    assert "needs Cash and Pistol, at most 3 stars" in board
    assert f"This round: at most {limit}." in board
