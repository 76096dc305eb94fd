"""The state of one table: the heart of the core contract."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from typing_extensions import TypedDict

from mobtable.core import fields
from mobtable.core.actions import Action
from mobtable.core.errors import BadRecord, IllegalAction, NotYourTurn
from mobtable.core.fields import fresh, record, share, table

if TYPE_CHECKING:
    from typing import Self

    from mobtable.core.game import Config, Game

Seat = int
View = Mapping[str, Any]
"""A view as the core sees it: JSON-ready and read-only. Each game narrows
:meth:`State.view` to its own declared type (a ``TypedDict``, named by
:attr:`Game.view_type`), from which its JSON Schema is made."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, and who saw it.

    Attributes:
        kind: a short machine name (``"trick-won"``).
        data: JSON-ready details.
        to: the seats that see it; ``None`` means everyone (spectators too).
        text: one line a player reads in the game log.
    """

    kind: str
    data: Mapping[str, Any]
    text: str
    to: frozenset[int] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": dict(self.data), "text": self.text}


class ResultView(TypedDict):
    """A finished game's :class:`Result` as views and records carry it (``Result.to_json``)."""

    scores: list[float]
    ranks: list[int]
    winners: list[int]
    tiebreak: str | None
    """In words, what separated the leaders (``None`` if nothing had to)."""


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    Attributes:
        scores: one number per seat (points, mobsters, respect).
        ranks: one rank per seat, 1 = best; tied seats share a rank.
        winners: the seats ranked 1.
        tiebreak: in words, what separated the leaders (``None`` if nothing had to).
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None = None

    @classmethod
    def from_keys(
        cls,
        scores: Sequence[float],
        keys: Sequence[tuple[Any, ...]],
        tiebreak_names: Sequence[str] = (),
    ) -> Result:
        """Rank seats by sort keys (higher is better), first element the score.

        ``tiebreak_names[i]`` names key element ``i + 1``; the result says
        which one separated the winners from the next seats, if any did.
        """
        n = len(keys)
        ranks = [1 + sum(1 for other in keys if other > keys[s]) for s in range(n)]
        winners = tuple(s for s in range(n) if ranks[s] == 1)
        top_score = max(k[0] for k in keys)
        contenders = [s for s in range(n) if keys[s][0] == top_score]
        tiebreak: str | None = None
        if len(contenders) > 1:
            for level in range(1, len(keys[0])):
                best = max(keys[s][level] for s in contenders)
                narrowed = [s for s in contenders if keys[s][level] == best]
                if len(narrowed) < len(contenders):
                    named = level - 1 < len(tiebreak_names)
                    tiebreak = tiebreak_names[level - 1] if named else None
                contenders = narrowed
            if len(winners) > 1:
                tiebreak = "tie not broken: shared victory"
        return cls(tuple(scores), tuple(ranks), winners, tiebreak)

    def to_json(self) -> ResultView:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        try:
            return cls(
                tuple(data["scores"]),
                tuple(data["ranks"]),
                tuple(data["winners"]),
                data.get("tiebreak"),
            )
        except (KeyError, TypeError) as exc:
            raise BadRecord(f"result is malformed: {exc}") from exc


@dataclass
class Origin:
    """How a table began: the seed, the explicit setup, or both."""

    seed: int | None = None
    setup: Mapping[str, Any] | None = None


@table
class State(ABC):
    """One table.

    Subclasses implement the abstract methods; :meth:`apply` here checks the
    turn and legality before handing over to :meth:`_apply`, which must not
    fail half-way (validate in :meth:`_check` first).

    A game's state is a declared table (:func:`mobtable.core.fields.table`): this
    class's fields come first, then the game's, each saying who may see it; the copies
    and the fingerprint are derived from that declaration.
    """

    game: Game = record(copy=share)
    config: Config = record(copy=share)
    origin: Origin = record(copy=share)
    """How the table began: a copy never changes it."""
    history: list[tuple[Seat, Action]] = record(
        init=False, default_factory=list, copy=list.copy, sample=fresh
    )
    """Every action taken, in order (a sample for a determinization starts its own: the
    moves that led here are the real table's, not the sample's)."""
    events: list[Event] = record(init=False, default_factory=list, sample=fresh)
    silent: bool = record(init=False, default=False)
    """When true the game skips its event log (fast simulation and search)."""

    @property
    def players(self) -> int:
        return self.config.players

    # -- the contract -------------------------------------------------
    @abstractmethod
    def pending(self) -> tuple[Seat, ...]:
        """The seats that owe a decision now (several: a simultaneous step)."""

    @abstractmethod
    def legal(self, seat: Seat) -> Sequence[Action]:
        """The legal actions of ``seat`` now (empty if it owes nothing)."""

    @abstractmethod
    def view(self, seat: Seat | None) -> View:
        """JSON-ready: exactly what ``seat`` may know (``None``: a spectator)."""

    @abstractmethod
    def determinize(self, seat: Seat, rng: random.Random) -> State:
        """A full state drawn among those consistent with ``view(seat)``.

        Must depend only on ``view(seat)`` and ``rng``: two states that give
        the seat the same view give the same determinization for the same
        ``rng``. Other seats' unrevealed simultaneous commits are dropped
        (those seats owe their decision again).
        """

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """The outcome; raises ``IllegalAction`` before the game is over."""

    def clone(self) -> Self:
        """An independent copy, RNG state included (every field as declared)."""
        return fields.clone(self)

    def sample_copy(self) -> Self:
        """A copy for a determinization to start from: no history, no events, and the
        fields each game marks ``sample=`` carried as it says (its RNG object shared: the
        determinization gives the sample its own)."""
        return fields.sample_copy(self)

    def fingerprint(self) -> Any:
        """Everything about the position (hidden parts and RNG state too),
        JSON-ready and comparable with ``==``: every declared field but the derived
        ones and the record (history and events excluded).
        For tests and debugging only: never send it to a player."""
        return fields.fingerprint(self)

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> None:
        """Apply a checked action, appending to ``self.events``."""

    def _check(self, seat: Seat, action: Action) -> None:
        """Raise ``IllegalAction`` naming the rule if ``action`` is illegal.

        The default looks the action up in :meth:`legal`; games override it
        to explain *why* an action is illegal.
        """
        if action not in self.legal(seat):
            raise IllegalAction(f"{action} is not a legal action for seat {seat} now")

    # -- shared behaviour ----------------------------------------------
    def apply(self, seat: Seat, action: Action, *, check: bool = True) -> None:
        """Validate and apply; an illegal action raises and changes nothing.

        ``check=False`` skips validation for callers that took the action from
        :meth:`legal` (simulation, search).
        """
        if check:
            if self.is_over():
                raise IllegalAction("the game is over", rule="game-over")
            if seat not in self.pending():
                raise NotYourTurn(
                    f"seat {seat} does not owe a decision now "
                    f"(waiting for {', '.join(map(str, self.pending())) or 'nobody'})",
                    rule="turn-order",
                )
            self._check(seat, action)
        self._apply(seat, action)
        self.history.append((seat, action))

    def apply_text(self, seat: Seat, text: str) -> Action:
        """Parse ``text`` in the game's notation and apply it; returns the action."""
        action = self.game.parse_action(text, self.config)
        self.apply(seat, action)
        return action

    def events_for(self, seat: Seat | None, since: int = 0) -> list[Event]:
        """The events from index ``since`` on that ``seat`` saw."""
        return [e for e in self.events[since:] if e.visible_to(seat)]

    def hidden_moves(self, seat: Seat | None) -> int:
        """How many actions of :attr:`history` ``seat`` may not yet know were taken.

        A commit of several actions (Capo's crew: a count, then each card) is seen
        by the others as one move, once it is complete: the number of its parts
        would give its size away. Front ends count moves with :meth:`moves_seen_by`.
        """
        return 0

    def moves_seen_by(self, seat: Seat | None) -> int:
        """The moves ``seat`` knows of (``None``: a spectator)."""
        return len(self.history) - self.hidden_moves(seat)

    def commit_bound(self, seat: Seat) -> int:
        """The most actions ``seat``'s decision now may take before the others see it
        (1 unless a sealed commit is made of parts); public, as every bound of a rule."""
        return 1

    def current_seat(self) -> Seat | None:
        """The single seat to move, or ``None`` (over, or simultaneous)."""
        pending = self.pending()
        return pending[0] if len(pending) == 1 else None

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"pending={self.pending()}"
        return f"<{type(self).__name__} {self.game.name} {self.players}p {status}>"
