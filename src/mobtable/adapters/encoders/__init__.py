"""Observation encoders per game: numpy arrays built from one seat's view.

``encoder_for(game, config)`` gives the game's encoder; ``encoder.observe(state,
seat)`` is the tensor, ``action_mask(state, seat)`` the legal-action mask over
the game's stable integer actions. Fields are listed in docs/research.md.
"""

from __future__ import annotations

from mobtable.adapters.encoders.base import (
    ActionIndex,
    AnyEncoder,
    Array,
    Encoder,
    Field,
    action_mask,
    observation_string,
)
from mobtable.core import Config, Game

__all__ = [
    "ActionIndex",
    "AnyEncoder",
    "Array",
    "Encoder",
    "Field",
    "action_mask",
    "encoder_for",
    "observation_string",
]


def encoder_for(game: Game, config: Config) -> AnyEncoder:
    """The observation encoder of ``game`` for ``config``."""
    if game.name == "gangsta":
        from mobtable.adapters.encoders.gangsta import GangstaEncoder

        return GangstaEncoder(game, config)
    if game.name == "cosca":
        from mobtable.adapters.encoders.cosca import CoscaEncoder

        return CoscaEncoder(game, config)
    if game.name == "capo":
        from mobtable.adapters.encoders.capo import CapoEncoder

        return CapoEncoder(game, config)
    raise KeyError(f"no observation encoder for game {game.name!r}")
