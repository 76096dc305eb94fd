"""One mobtable table as both adapters see it: config, seeding, masks, rewards.

Shared by the PettingZoo environments and the trajectory export, so that a
reward or an observation means the same thing everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from mobtable import games
from mobtable.adapters.encoders import AnyEncoder, Array, encoder_for
from mobtable.adapters.encoders.base import ActionIndex
from mobtable.core import Action, Config, Game, IllegalAction, InvalidNotation, Result, State

Reward = Literal["win", "score"]
REWARDS: tuple[Reward, ...] = ("win", "score")


def game_and_config(
    game: str | Game,
    players: int | None = None,
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> tuple[Game, Config]:
    """The game (by name or object) and a validated config (``BadConfig`` otherwise)."""
    spec = games.get(game) if isinstance(game, str) else game
    count = spec.min_players if players is None else players
    return spec, spec.config(count, variants=list(variants), options=options)


def reward_kind(name: str) -> Reward:
    """``name`` as a reward kind (a ``ValueError`` names the choices)."""
    for kind in REWARDS:
        if kind == name:
            return kind
    raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {name!r}")


def rewards(result: Result, kind: Reward = "win") -> list[float]:
    """End-of-game rewards: ``win`` shares 1 among the winners; ``score`` is each score."""
    if kind == "win":
        share = 1.0 / len(result.winners)
        return [share if s in result.winners else 0.0 for s in range(len(result.scores))]
    if kind == "score":
        return [float(x) for x in result.scores]
    raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {kind!r}")


FEW_ACTIONS = 24
"""Up to this many legal actions, a mask is marked item by item through a memoryview (a C
call each); more, with one numpy index array (whose making costs a few microseconds)."""


class Table:
    """A game, its config and encoder, and the state being played."""

    def __init__(self, game: Game, config: Config) -> None:
        self.game = game
        self.config = config
        self.encoder: AnyEncoder = encoder_for(game, config)
        self.num_actions = game.num_actions(config)
        self.index = ActionIndex(game, config)
        self.memo = self.encoder.memo()
        self._encode = self.memo.encode if self.encoder.incremental else self.encoder.encode
        """The memo where it is incremental; else the encoder itself (one call fewer)."""
        self._legal: tuple[State, tuple[int, int], Sequence[Action], list[int]] | None = None
        self._pending: tuple[State, int, tuple[int, ...]] | None = None
        self.state: State = game.new_state(config, seed=0)

    def deal(self, seed: int) -> State:
        self.state = self.game.new_state(self.config, seed=seed)
        self.state.silent = True
        self.memo.clear()
        return self.state

    def observation(self, seat: int) -> Array:
        """``seat``'s tensor (through the table's ``Memo``: written whole unless the
        encoder is incremental, which no game's is today)."""
        return self._encode(self.state.view(seat))

    def pending(self) -> tuple[int, ...]:
        """The seats that owe a decision now (kept until the state moves on, as
        :meth:`legal_now` keeps its lists: the step, the mask and the check share it)."""
        state = self.state
        kept = self._pending
        if kept is not None and kept[0] is state and kept[1] == len(state.history):
            return kept[2]
        pending = state.pending()
        self._pending = (state, len(state.history), pending)
        return pending

    def legal_now(self, seat: int) -> tuple[Sequence[Action], list[int]]:
        """``seat``'s legal actions now and their indices, in the same order (kept until the
        state moves on: a state changes only by ``apply``, which lengthens its history), so
        that the mask and the step's check share one legal list."""
        state = self.state
        key = (len(state.history), seat)
        kept = self._legal
        if kept is not None and kept[0] is state and kept[1] == key:
            return kept[2], kept[3]
        legal = state.legal(seat)
        indices = self.index.index_list(legal)
        self._legal = (state, key, legal, indices)
        return legal, indices

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.num_actions, np.int8)
        if seat in self.pending():
            indices = self.legal_now(seat)[1]
            if len(indices) > FEW_ACTIONS:
                mask[np.fromiter(indices, np.intp, len(indices))] = 1  # faster than a list
            else:
                ones = mask.data
                for index in indices:
                    ones[index] = 1
        return mask

    def action(self, seat: int, index: int) -> Action:
        """The action at ``index`` if ``seat`` may take it now; ``IllegalAction`` otherwise."""
        index = int(index)
        if not 0 <= index < self.num_actions:
            raise IllegalAction(f"action {index} is outside 0-{self.num_actions - 1}")
        if seat not in self.pending():
            raise IllegalAction(f"seat {seat} owes no decision now")
        legal, indices = self.legal_now(seat)
        try:
            return legal[indices.index(index)]
        except ValueError:
            try:
                action = self.game.action_from_index(index, self.config, self.state, seat)
            except InvalidNotation as error:  # a choice this position cannot even name
                raise IllegalAction(
                    f"action {index} is not legal for seat {seat} now: {error}"
                ) from None
            raise IllegalAction(
                f"action {index} ({action}) is not legal for seat {seat} now"
            ) from None
