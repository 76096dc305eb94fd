"""What a game offers opponent modelling in the search (``SearchHooks.belief``).

The search weights its determinizations by how likely each makes the other seats' plays
that the searching seat saw (:mod:`mobtable.bots.search.belief`). For that a game says two
things, and nothing else of it is read:

- ``observations(state, seat)``: the other seats' plays ``seat`` saw, in order, each with
  the public facts of its moment. It reads the public log of the table, like
  ``view(seat)``: two states that look the same to ``seat`` (same view, same public log)
  give the same observations.
- ``rewind(sample, observations)``: for a determinized sample, the position each observed
  play was made in *as the sample would have it* (the sample's hidden cards put back where
  they were then), yielded in order. The yielded state may be one scratch copy changed
  between yields: a caller reads it before asking for the next.

A game may add two more. ``likelihood``: its own model of how a player chooses (the chance
of each legal action at a position), in place of the search's guide-with-noise model. And
``playout``, a rollout in which the players act on what they can
see, as the modelled opponents do, where the game's own playout lets them act on the sample
(its secrets included); the opponent model's search rolls out with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mobtable.core.actions import Action
from mobtable.core.state import Seat, State

if TYPE_CHECKING:
    from mobtable.core.search import Rollout


@dataclass(frozen=True, slots=True)
class Observation:
    """One play of another seat that the searching seat saw.

    Attributes:
        seat: who played.
        action: what it played (one of its legal actions then).
        context: the game's own public facts of that moment, for its ``rewind``.
    """

    seat: Seat
    action: Action
    context: Any = None


@dataclass(frozen=True, slots=True)
class BeliefHooks:
    """A game's pieces for the search's opponent model (see the module docstring)."""

    observations: Callable[[State, Seat], Sequence[Observation]]
    rewind: Callable[[State, Sequence[Observation]], Iterator[tuple[Observation, State]]]
    playout: Rollout | None = None
    """Rollouts with the players acting on what they see (absent: the game's playout)."""
    likelihood: Callable[[State, Seat, Action, Sequence[Action]], float] | None = None
    """``likelihood(past, seat, action, legal)``: the chance that ``seat`` plays ``action``
    of ``legal`` at ``past`` (a model of how the others play; absent: the search's
    guide-with-noise model)."""
