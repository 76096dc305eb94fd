"""Engine twins: two games one seat cannot tell apart, and every byte the server sends it.

For a seat ``k`` of a random game ``A`` at a random point, the twin ``B`` is
``A.determinize(k, rng)``: the same view for ``k``, everything else drawn again —
the other hands, face-down cards, the deck's order, the random generator (the seed)
— with ``A``'s history and log so far (what ``k`` has seen of the past is the same).
Then both games go on together. ``k``'s own moves are played in both; another seat's
move in ``B`` is one of its legal moves, other than ``A``'s where one exists, that
leaves ``k``'s view as in ``A`` (a different sealed bid, a different face-down card,
a different crew), ``A``'s move otherwise; the twins stop where no move of ``B`` keeps
the view (something was revealed: from there ``k`` may tell them apart).

Both games are served by the server's own code: a :class:`TableSession` each, one
client for ``k`` connected to each, and :func:`messages.broadcast` after every move.
Everything the client is sent (the state message: the table's summary, as the lobby
shows it too, the view, the moves and their labels, the prompt, who is asked to
decide, the log lines; and whether anything is sent at all) must be byte-identical
between the twins, and so must the hint's inputs (its seed, and the determinization
the hint's search would start from).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from mobtable import games
from mobtable.core import Config, Game, State
from mobtable.core.actions import Action
from mobtable.server import hints
from mobtable.server.clients import Client
from mobtable.server.session import TableSession
from mobtable.store import SeatRow, TableRow, TableStatus

NAMES = ("Ada", "Bruno", "Carla", "Dino", "Elsa", "Fabio", "Gina", "Hugo")
CANDIDATES = 16
"""Moves of another seat tried in ``B`` before ``A``'s own (bounds the cost of a step)."""
STOP = 1 / 80
"""The chance to stop before each move while going to the twins' starting point."""
ATTEMPTS = 50


@dataclass
class Pair:
    """The outcome of one twin pair."""

    steps: int = 0
    """Moves played in both games while the seat could not tell them apart."""
    messages: int = 0
    """State messages compared (each sent along both games)."""
    differences: list[str] = field(default_factory=list)
    distinct: bool = False
    """The twins differ in something the seat may not know (else the draw gave ``A`` back)."""
    hidden_differ: bool = False
    """Another seat made a different hidden move in each (a sealed bid, a face-down card)."""


def configs(game: Game) -> Iterator[Config]:
    """Every player count and every variant alone (at each player count)."""
    for players in range(game.min_players, game.max_players + 1):
        yield game.config(players)
        for variant in game.variants:
            yield game.config(players, variants=[variant.name])


def served(state: State, status: TableStatus = TableStatus.PLAYING) -> TableSession:
    """``state`` as a table of people the server holds (no database: the payload builder
    reads only the session)."""
    seats = [SeatRow(s, "human", name=NAMES[s]) for s in range(state.players)]
    row = TableRow(
        id="twins",
        game=state.game.name,
        rules_version=state.game.rules_version,
        config=state.config.to_json(),
        seed=0,
        status=status,
        seats=seats,
        moves=len(state.history),
    )
    return TableSession(row, state)


class Watched:
    """One twin: its session and the client of the watched seat."""

    def __init__(self, state: State, seat: int) -> None:
        self.session = served(state)
        for s in self.session.seats:  # both twins' seats went away at the same instant
            s.away_since = 0.0
        self.client = Client(seat)
        self.session.connect(self.client)

    @property
    def state(self) -> State:
        return self.session.state

    def sent(self) -> list[str]:
        """Broadcast as the pipeline does after a change; what the seat was sent."""
        session = self.session
        if session.state.is_over() and session.status is TableStatus.PLAYING:
            session.row.status = TableStatus.OVER
            session.row.result = dict(session.state.result().to_json())
        session.row.moves = len(session.state.history)
        session.broadcast()
        out = []
        while not self.client.queue.empty():
            out.append(str(self.client.queue.get_nowait()))
        return out


def twin_pair(game: Game, config: Config, seed: int, *, max_steps: int = 30) -> Pair:
    """Play one twin pair of ``game`` (``seed`` picks the game, the seat, the start)."""
    rng = random.Random(seed)
    a = game.new_state(config, seed=seed)
    while rng.random() > STOP:  # a random point of the game, before its end
        later = a.clone()
        _random_move(later, rng)
        if later.is_over():
            break
        a = later
    seat = rng.randrange(a.players)
    pair = Pair()
    for _ in range(ATTEMPTS):  # a point where no other seat's commit is half made
        b = _twin(a, seat, rng)
        if b is not None or a.is_over():
            break
        _random_move(a, rng)
    if b is None:
        return pair
    pair.distinct = a.fingerprint() != b.fingerprint()
    one, two = Watched(a, seat), Watched(b, seat)
    _compare(one, two, seat, pair)
    _compare_hint_inputs(a, b, seat, pair)
    while not a.is_over() and pair.steps < max_steps and not pair.differences:
        if not _step_both(a, b, seat, rng, pair):
            return pair
        pair.steps += 1
        _compare(one, two, seat, pair)
    _compare_hint_inputs(a, b, seat, pair)
    return pair


def _twin(a: State, seat: int, rng: random.Random) -> State | None:
    """``a`` drawn again as ``seat`` sees it, with ``a``'s past; ``None`` where the draw
    drops another seat's unrevealed commit (its pending seats differ: try another point)."""
    b = a.determinize(seat, random.Random(rng.random()))
    if b.pending() != a.pending() or b.is_over() != a.is_over():
        return None
    b.history.extend(a.history)
    b.events.extend(a.events)
    if any(b.moves_seen_by(s) != a.moves_seen_by(s) for s in (seat, None)):
        return None  # a part of another seat's unfinished commit was dropped
    return b


def _step_both(a: State, b: State, seat: int, rng: random.Random, pair: Pair) -> bool:
    """One move in ``A`` and what keeps ``seat``'s knowledge the same in ``B``: its own
    move; for another seat a different move where one does (a different sealed bid or
    face-down card), no move where ``A``'s was a hidden part ``B``'s commit has no room
    for, else the same move. ``False`` where nothing does (``A`` has moved on: the twins
    are apart)."""
    mover = rng.choice(a.pending())
    legal = list(a.legal(mover))
    b_moves = list(b.legal(mover)) if mover in b.pending() else []
    if mover != seat:  # a move it may make in both games, where there is one
        legal = [m for m in legal if str(m) in {str(x) for x in b_moves}] or legal
    move = rng.choice(legal)
    before_a, before_b = len(a.events), len(b.events)
    a.apply(mover, move)
    want = _known(a, seat, before_a)
    if mover == seat:  # its own legal moves are the same in both; one may reveal something
        if not b_moves:
            return False
        b.apply(mover, move)
        return _known(b, seat, before_b) == want
    others = [m for m in b_moves if str(m) != str(move)]
    rng.shuffle(others)
    candidates: list[Action | None] = [*others[:CANDIDATES], None]
    if any(str(m) == str(move) for m in b_moves):
        candidates.append(move)
    for candidate in candidates:
        trial = b.clone()
        if candidate is not None:
            trial.apply(mover, candidate)
        if _known(trial, seat, before_b) == want:
            if candidate is not None:
                b.apply(mover, candidate)
            pair.hidden_differ |= candidate is None or str(candidate) != str(move)
            return True
    return False


def _known(state: State, seat: int, since: int) -> str:
    """What the engine lets ``seat`` know after a move: its view and the data of the new
    events it sees (their words are the server's, and compared)."""
    events = [(e.kind, e.data) for e in state.events_for(seat, since)]
    return json.dumps([state.view(seat), events], sort_keys=True, default=str)


def _compare(one: Watched, two: Watched, seat: int, pair: Pair) -> None:
    first, second = one.sent(), two.sent()
    pair.messages += len(first)
    if first != second:
        pair.differences.append(_difference(first, second, seat))
    if hints.hint_seed(one.state, seat) != hints.hint_seed(two.state, seat):
        pair.differences.append(f"seat {seat}: the hint's seed differs")


def _compare_hint_inputs(a: State, b: State, seat: int, pair: Pair) -> None:
    """The hint's search starts from ``determinize(seat, Random(hint_seed))``: the same."""
    if a.is_over() or not a.legal(seat):
        return
    seed = hints.hint_seed(a, seat)
    one = a.determinize(seat, random.Random(seed)).fingerprint()
    two = b.determinize(seat, random.Random(seed)).fingerprint()
    if one != two:
        pair.differences.append(f"seat {seat}: the hint's search would start elsewhere")


def _difference(first: list[str], second: list[str], seat: int) -> str:
    if len(first) != len(second):
        return (
            f"seat {seat} was sent {len(first)} message(s) in one twin, {len(second)} in the other"
        )
    for x, y in zip(first, second, strict=True):
        if x != y:
            where, one, two = _first_difference(json.loads(x), json.loads(y))
            return f"seat {seat}: {where}: {str(one)[:300]} != {str(two)[:300]}"
    return f"seat {seat}: messages differ"


def _first_difference(x: object, y: object, where: str = "message") -> tuple[str, object, object]:
    """The path to the first place ``x`` and ``y`` differ, and their values there."""
    if isinstance(x, dict) and isinstance(y, dict):
        for key in sorted(x.keys() | y.keys()):
            if x.get(key) != y.get(key):
                return _first_difference(x.get(key), y.get(key), f"{where}.{key}")
    if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (a, b) in enumerate(zip(x, y, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    return where, x, y


def _random_move(state: State, rng: random.Random) -> None:
    seat = rng.choice(state.pending())
    state.apply(seat, rng.choice(list(state.legal(seat))))


def every_config() -> Iterator[tuple[Game, Config]]:
    """Every registered game with every configuration :func:`configs` gives."""
    for name in games.names():
        game = games.get(name)
        for config in configs(game):
            yield game, config
