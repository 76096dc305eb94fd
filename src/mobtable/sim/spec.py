"""What a simulation plays: a game, a configuration, a bot line-up and a seed."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mobtable import games
from mobtable.bots import Bot
from mobtable.core import Config, Game


@dataclass(frozen=True)
class SimSpec:
    """A batch of bot-vs-bot games, picklable so it can travel to workers.

    Attributes:
        game: the registered game name.
        config: the table configuration as :meth:`Config.to_json` gives it
            (a ``Config`` itself holds mapping proxies, which do not pickle).
        bots: one bot name per seat, in seat order.
        seed: the master seed; game ``i`` depends on ``(seed, i)`` only.
        rotate: when true, game ``i`` shifts the line-up by ``i`` seats, so
            each bot plays every seat in turn.
        package: the game's package, so workers can register games that the
            parent registered at run time (test games, plug-ins).
        max_actions: a game still running after this many actions is a bug.
        card_file: the name of the custom card file (``""``: built-in cards),
            for the summary and the results table; the cards themselves
            travel in ``config``.
    """

    game: str
    config: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    rotate: bool = False
    package: str = ""
    max_actions: int = 200_000
    card_file: str = ""
    _cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    @classmethod
    def build(
        cls,
        config: Config,
        game: Game,
        bots: Sequence[str],
        seed: int,
        *,
        rotate: bool = False,
        max_actions: int = 200_000,
        card_file: str = "",
    ) -> SimSpec:
        if len(bots) != config.players:
            raise ValueError(f"{len(bots)} bots for {config.players} seats")
        return cls(
            game=game.name,
            config=config.to_json(),
            bots=tuple(bots),
            seed=seed,
            rotate=rotate,
            package=games.package_of(game.name),
            max_actions=max_actions,
            card_file=card_file if config.card_data is not None else "",
        )

    @property
    def players(self) -> int:
        return len(self.bots)

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot names by seat in game ``index``."""
        if not self.rotate:
            return self.bots
        shift = index % self.players
        return self.bots[shift:] + self.bots[:shift]

    def load_game(self) -> Game:
        """The game, registering its package first if this process lacks it (then cached)."""
        game: Game | None = self._cache.get("game")
        if game is None:
            if self.game not in games.names() and self.package:
                games.register(self.game, self.package)
            game = self._cache["game"] = games.get(self.game)
        return game

    def load_config(self) -> Config:
        """The ``Config`` (built once per process and cached)."""
        config = self._cache.get("config")
        if config is None:
            config = self.load_game().config_from_json(self.config)
            self._cache["config"] = config
        return config

    @property
    def card_hash(self) -> str:
        """SHA-256 (hex) of the custom card data as canonical JSON; ``""`` for built-in cards.

        The data, not the file's bytes, is hashed, so the hash can be checked
        against any record of the batch (records carry the card data).
        """
        data = self.config.get("card_data")
        if data is None:
            return ""
        cached = self._cache.get("card_hash")
        if cached is None:
            text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            cached = hashlib.sha256(text.encode()).hexdigest()
            self._cache["card_hash"] = cached
        return str(cached)

    @property
    def bot_classes(self) -> dict[str, type[Bot]]:
        """Bot classes by name, filled by this process as it builds bots (never pickled)."""
        classes: dict[str, type[Bot]] = self._cache.setdefault("bot_classes", {})
        return classes

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_cache"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
