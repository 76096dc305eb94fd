"""Every game speaks in words: over complete random games, for every reader.

For each game that declares a narration, at every step of random games at
every player count: each label of the acting seat's legal moves, each log
line every reader saw and each reader's prompt is non-empty and free of the
engine's language — no notation token, no bare card id, no "seat N", no
Python brackets or reprs. A seat's labels and prompt depend only on what it
may know: they are the same in any state consistent with its view.

``test_every_registered_game_declares_a_narration`` fails while a game's
``words.py`` is missing (each game's narration is written beside its rules).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

import pytest

from mobtable import games
from mobtable.core import Game, MobtableError, State
from mobtable.core.narrator import Narrator

from .helpers import all_game_names, play_out

SEEDS = (1, 2)
ENGINE_WORDS = re.compile(
    r"\bseats? ?#?\d|#\d|\b(card|id) ?#?\d+\b|[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b|frozenset|<\w",
    re.IGNORECASE,
)
"""Seat numbers, card ids, Python brackets and reprs."""

PLACES = {"gangsta": re.compile(r"^[A-E][1-5]$")}
"""Tokens a game's words may use although notation uses them too (Gangsta's grid cells)."""

NAMES = ("Marco", None, "Giulia")


def narrated_games() -> list[str]:
    return [name for name in all_game_names() if games.get(name).narration is not None]


def notation_tokens(game: Game, notations: Iterable[str]) -> set[str]:
    """The parts of the notation a person must never meet in words.

    Whole notations and their pieces that are not plain words: they mix letters
    and digits ("p3", "Y4S", "0m1w") or are runs of capitals ("BBBBB").
    """
    allowed = PLACES.get(game.name)
    tokens: set[str] = set()
    for text in notations:
        for token in {text, *re.split(r"[\s,+@:;/]+", text)}:
            mixed = re.search(r"\d", token) and re.search(r"[A-Za-z]", token)
            capitals = re.fullmatch(r"[A-Z]{2,}", token)
            if (mixed or capitals) and not (allowed and allowed.fullmatch(token)):
                tokens.add(token)
    return tokens


def problems(text: str, tokens: set[str]) -> list[str]:
    found = []
    if not text.strip():
        found.append("empty")
    match = ENGINE_WORDS.search(text)
    if match:
        found.append(f"engine words {match.group(0)!r}")
    words = set(re.findall(r"[\w]+", text))
    leaked = sorted(words & tokens)
    if leaked:
        found.append(f"notation {leaked}")
    return found


def readers(state: State) -> list[int | None]:
    return [None, *range(state.players)]


def texts_of_a_game(game: Game, players: int, seed: int) -> list[tuple[str, str]]:
    """(where, text) for every label, log line and prompt of one random game."""
    rng = random.Random(seed)
    state = game.new_state(game.config(players), seed=seed)
    words = {seat: Narrator(game, seat, NAMES, players) for seat in readers(state)}
    out: list[tuple[str, str]] = []
    notations: set[str] = set()
    seen = 0
    while True:
        for seat, narrator in words.items():
            out.append((f"prompt for {seat}", narrator.prompt(state)))
            for event in state.events_for(seat, seen):
                out.append((f"event {event.kind} for {seat}", narrator.event(event)))
        seen = len(state.events)
        if state.is_over():
            break
        pending = state.pending()
        acting = pending[rng.randrange(len(pending))]
        legal = state.legal(acting)
        for action in legal:
            notations.add(str(action))
            out.append(
                (f"label of {action} for {acting}", words[acting].action(state, acting, action))
            )
        state.apply(acting, legal[rng.randrange(len(legal))])
    tokens = notation_tokens(game, notations)
    return [
        (where, f"{problems(text, tokens)}: {text}")
        for where, text in out
        if problems(text, tokens)
    ]


@pytest.mark.parametrize("name", narrated_games())
def test_every_text_of_random_games_is_plain_words(name: str) -> None:
    game = games.get(name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in SEEDS:
            bad = texts_of_a_game(game, players, seed)
            assert not bad, f"{name}, {players} players, seed {seed}: {bad[:5]}"


@pytest.mark.parametrize("name", narrated_games())
def test_a_seats_labels_and_prompt_depend_only_on_what_it_may_know(name: str) -> None:
    game = games.get(name)
    for players in (game.min_players, game.max_players):
        rng = random.Random(players)
        state = game.new_state(game.config(players), seed=players)
        while not state.is_over():
            pending = state.pending()
            acting = pending[rng.randrange(len(pending))]
            words = Narrator(game, acting, NAMES, players)
            other = state.determinize(acting, random.Random(rng.getrandbits(32)))
            legal = state.legal(acting)
            assert list(other.legal(acting)) == list(legal)
            for action in legal:
                assert words.action(state, acting, action) == words.action(other, acting, action)
            if other.pending() == pending:
                assert words.prompt(state) == words.prompt(other)
            state.apply(acting, legal[rng.randrange(len(legal))])


def test_the_toy_game_is_narrated_so_the_machinery_is_tested_today() -> None:
    assert "sealed-bid" in narrated_games()


def test_the_detector_catches_the_engine_language_of_issue_12() -> None:
    tokens = notation_tokens(games.get("sealed-bid"), ["p3", "u62", "0m1w", "BBBBB", "Y4S,I2S"])
    for text in (
        "Seat 2 plays R4W",
        "cards turned face up: [[62],[0,4]]",
        "Play p3",
        "Offer 0m1w",
        "Set BBBBB",
        "Redraw Y4S",
        "seat 1 has 1 cards face down",
        "",
    ):
        assert problems(text, tokens | {"R4W"}), text
    for text in ("Play 3 cards face down", "Offer 2 money + 1 weapon (value 5)", "Suspect Marco"):
        assert not problems(text, tokens), text


@pytest.mark.parametrize("name", [n for n in all_game_names() if n != "sealed-bid"])
def test_every_registered_game_declares_a_narration(name: str) -> None:
    """Fails until the game's ``words.py`` lands (issue 12: one narration per game)."""
    assert games.get(name).narration is not None, f"{name} has no narration yet"


def refusals_of_a_game(game: Game, players: int, seed: int) -> tuple[int, list[str]]:
    """Every refusal a clicking reader could meet in one random game: (how many, bad ones).

    At about one step in four every seat asks about notations met so far (a move of another
    step, another seat's move, a card it does not hold), as the web table's "why not?" does.
    """
    rng = random.Random(seed)
    state = game.new_state(game.config(players), seed=seed)
    words = {seat: Narrator(game, seat, NAMES, players) for seat in range(players)}
    notations: list[str] = []
    said: list[str] = []
    while not state.is_over():
        pending = state.pending()
        acting = pending[rng.randrange(len(pending))]
        legal = state.legal(acting)
        notations.extend(str(a) for a in legal if str(a) not in notations)
        for seat, narrator in words.items():
            if rng.random() > 0.25:
                continue
            for text in rng.sample(notations, min(8, len(notations))):
                try:
                    state.clone().apply(seat, game.parse_action(text, state.config))
                except MobtableError as exc:
                    said.append(narrator.refusal(state, seat, text, exc))
        state.apply(acting, legal[rng.randrange(len(legal))])
    tokens = notation_tokens(game, notations)
    return len(said), [f"{problems(s, tokens)}: {s}" for s in said if problems(s, tokens)]


@pytest.mark.parametrize("name", narrated_games())
def test_every_refusal_a_clicking_player_meets_is_plain_words(name: str) -> None:
    game = games.get(name)
    asked, bad = refusals_of_a_game(game, game.max_players, seed=3)
    assert asked >= 10, f"{name} refused only {asked} moves: too few to test anything"
    assert not bad, f"{name}: {bad[:5]}"


def _points(cell: str) -> int:
    """The points of a breakdown cell listing lines ("A 5 · C 1"; "—": 0)."""
    return 0 if cell == "—" else sum(int(part.split()[-1]) for part in cell.split(" · "))


@pytest.mark.parametrize("name", ["gangsta", "cosca", "capo"])
def test_every_result_card_breaks_the_scores_down_in_words_that_add_up(name: str) -> None:
    """The result card shows how each score was made (issue 25, item 8): Gangsta's points
    per row and column (and "two pairs") adding up to the score and the raids each
    player set off; COSCA's loyal mobsters (the score) and resources; Capo's respect
    round by round, ending at the score. In words, for every reader."""
    game = games.get(name)
    for players in (game.min_players, game.max_players):
        state = game.new_state(game.config(players), seed=players)
        play_out(state, random.Random(players))
        scores = state.result().scores
        for reader in readers(state):
            made = Narrator(game, reader, NAMES, players).breakdown(state)
            assert made is not None and len(made.rows) == players
            assert all(len(row) == len(made.columns) for row in made.rows)
            for text in (*made.columns, *(cell for row in made.rows for cell in row)):
                assert not problems(text, set()), text
            for seat, row in enumerate(made.rows):
                if name == "gangsta":
                    rows, columns, pairs, raids = row
                    assert (
                        _points(rows) + _points(columns) + _points(f"x {pairs}".replace("—", "0"))
                        == scores[seat]
                    )
                    assert int(raids) >= 0
                elif name == "cosca":
                    assert int(row[0].split(":")[0]) == scores[seat]
                else:
                    assert int(row[1].split(" → ")[-1]) == scores[seat]
