"""The mobtable games as OpenSpiel Python games: ``mobtable_gangsta``, ``mobtable_cosca``,
``mobtable_capo``.

Importing this module registers them (``pyspiel.load_game("mobtable_capo(players=4)")``).
Parameters: ``players``; ``variants`` and ``options`` as ``+``-separated lists
(``variants=reveal-one``, ``options=combinations:adjacent+pair_must_beat:contenders``;
OpenSpiel game strings cannot hold commas); ``reward`` (``win``: the winners share
1, ``score``: final scores); ``deals`` (the number of chance outcomes); ``sealed``.

Game type, as documented in docs/research.md:

* **Sequential** dynamics (``sealed=sequential``, the default): a sealed
  simultaneous step is asked of its seats one at a time in seat order. A seat's
  commitment stays out of every other seat's observation until the step
  resolves, so this is the exact sequential form of the simultaneous step.
  With ``sealed=simultaneous`` such a step is a simultaneous node instead.
* **Chance**: one explicit chance node opens the game, choosing uniformly among
  ``deals`` table seeds. Every later chance event (the deal, draws, reshuffles,
  ambush cards, dice) follows from that hidden outcome, sampled by the engine:
  the outcome space of a shuffled deck is far too large to enumerate.
* **Imperfect information**, terminal rewards only.

Observations come from ``state.view(player)`` only: the observation string is
the view as canonical JSON, the information-state string adds the player's own
past actions; both tensors are the game's encoder output.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from mobtable.adapters.board import board_text
from mobtable.adapters.encoders import AnyEncoder, encoder_for, observation_string
from mobtable.adapters.encoders.base import ActionIndex, Slots
from mobtable.adapters.encoders.cosca import ROW as COSCA_ROW
from mobtable.adapters.table import game_and_config, reward_kind, rewards
from mobtable.core import Config, Game, InvalidNotation, State, View
from mobtable.core import record as records
from mobtable.games.capo.rules import HAND_SIZE as CAPO_HAND
from mobtable.games.capo.rules import MAX_ROUNDS as CAPO_ROUNDS
from mobtable.games.cosca.model import ROUNDS as COSCA_ROUNDS

GAMES = ("gangsta", "cosca", "capo")
DEFAULT_DEALS = 1 << 16
"""Table seeds the opening chance node chooses among (a parameter: raise it at will)."""


def max_game_length(spec: Game, config: Config) -> int:
    """The most decisions a game can take, bounded by its rules (derivations and the
    lengths measured in random games: docs/research.md, "Game length").

    - Gangsta: a card is played at most once and placed on the grid at most once (a
      played card never returns to a hand), a trick opens at most one pick (at most one
      trick per card), and each seat redraws or keeps once: 3 x cards + players.
    - COSCA: 7 rounds; each has at most four sealed steps of every seat (dice, Gun Shop,
      Club, Villa) and at most one fight per mobster of the row (at most 11), each
      asking every seat at most once: 7 x 15 x players.
    - Capo: at most 100 rounds (K-12); each seat declares its crew, places at most a
      hand's cards (5), turns up at most as many and lays one suspicion: 100 x 12 x players.
    """
    players = config.players
    if spec.name == "gangsta":
        return 3 * len(spec.load_cards(config.card_data).cards) + players
    if spec.name == "cosca":
        return COSCA_ROUNDS * (4 + COSCA_ROW) * players
    if spec.name == "capo":
        return CAPO_ROUNDS * (2 + 2 * CAPO_HAND) * players
    raise KeyError(f"no length bound for {spec.name}")


SCORE_BOUND = 1000.0
SEALED = ("sequential", "simultaneous")
"""How a sealed step is asked: its seats one at a time, or all at once (a simultaneous node)."""


def short_name(game: str) -> str:
    return f"mobtable_{game}"


def parse_list(text: str) -> list[str]:
    return [part for part in text.split("+") if part]


def parse_options(text: str) -> dict[str, Any]:
    """``name:value+name:value`` read back with ints and booleans as such."""
    options: dict[str, Any] = {}
    for part in parse_list(text):
        name, sep, raw = part.partition(":")
        if not sep:
            raise ValueError(f"option {part!r} must be written name:value")
        value: Any = raw
        if raw.lstrip("-").isascii() and raw.lstrip("-").isdigit():
            value = int(raw)
        elif raw in ("true", "false"):
            value = raw == "true"
        options[name] = value
    return options


def _game_type(
    name: str, spec: Game, reward: str = "win", sealed: str = "sequential"
) -> pyspiel.GameType:
    """The game type; ``win`` rewards are constant-sum (the winners share 1)."""
    utility, dynamics = pyspiel.GameType.Utility, pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"mobtable {spec.title}",
        dynamics=dynamics.SIMULTANEOUS if sealed == "simultaneous" else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.CONSTANT_SUM if reward == "win" else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={
            "players": spec.min_players,
            "variants": "",
            "options": "",
            "reward": "win",
            "deals": DEFAULT_DEALS,
            "sealed": "sequential",
        },
    )


class MobtableGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types: its Game is Any
    """One mobtable game and configuration, as an OpenSpiel game."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        spec = _spec(name)
        full = {**_game_type(name, spec).parameter_specification, **dict(params)}
        self.spec, self.config = game_and_config(
            spec, int(full["players"]), parse_list(full["variants"]), parse_options(full["options"])
        )
        self.reward_kind = reward_kind(str(full["reward"]))
        self.deals = int(full["deals"])
        if self.deals < 1:
            raise ValueError("deals must be at least 1")
        sealed = str(full["sealed"])
        if sealed not in SEALED:
            raise ValueError(f"sealed must be one of {', '.join(SEALED)}, not {sealed!r}")
        self.simultaneous = sealed == "simultaneous"
        win = self.reward_kind == "win"
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions(self.config),
            max_chance_outcomes=self.deals,
            num_players=self.config.players,
            min_utility=0.0 if win else -SCORE_BOUND,
            max_utility=1.0 if win else SCORE_BOUND,
            utility_sum=1.0 if win else None,
            max_game_length=max_game_length(spec, self.config),
        )
        kind = _game_type(name, spec, self.reward_kind, sealed)
        super().__init__(kind, info, dict(full))
        self.encoder: AnyEncoder = encoder_for(self.spec, self.config)
        self.index = ActionIndex(self.spec, self.config)
        self.outcomes = [(o, 1.0 / self.deals) for o in range(self.deals)]

    def new_initial_state(self) -> MobtableState:
        return MobtableState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> MobtableObserver:
        return MobtableObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


def _spec(name: str) -> Game:
    """The mobtable game called ``name``."""
    from mobtable import games

    return games.get(name)


class Table:
    """The mobtable state inside an OpenSpiel state.

    Copies (OpenSpiel's ``clone``) use the engine's fast ``clone``; pickling
    (OpenSpiel's ``serialize`` and Python's ``pickle``) goes through the game's
    record, replayed on load. A determinized sample has no record (no seed,
    no history): it pickles whole.
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state
        state.silent = True

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return Table(self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        origin = self.state.origin
        if origin.seed is None and origin.setup is None:
            return (Table, (self.state,))
        return (_table_from_record, (records.dumps(records.to_record(self.state)),))


def _table_from_record(text: str) -> Table:
    return Table(records.replay(json.loads(text)))


class MobtableState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A table in OpenSpiel's terms: a chance node (the seed), then the seats' decisions."""

    def __init__(self, game: MobtableGame) -> None:
        super().__init__(game)
        self.table: Table | None = None
        self.own: list[list[int]] = [[] for _ in range(game.config.players)]

    @property
    def mobtable_game(self) -> MobtableGame:
        return self.get_game()  # type: ignore[no-any-return]  # pyspiel ships no types

    # -- whose turn ---------------------------------------------------
    def current_player(self) -> int:
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        table = self.table.state
        if table.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        pending = table.pending()
        if len(pending) > 1 and self.mobtable_game.simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return pending[0]

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal actions if it is to move now (in a simultaneous node: if
        it takes part), else none."""
        if self.table is None:
            return []
        pending = self.table.state.pending()
        acting = pending if self.mobtable_game.simultaneous else pending[:1]
        if player not in acting:
            return []
        return self.mobtable_game.index.legal(self.table.state, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.mobtable_game.outcomes

    def _apply_action(self, action: int) -> None:
        game = self.mobtable_game
        if self.table is None:
            self.table = Table(game.spec.new_state(game.config, seed=int(action)))
            return
        table = self.table.state
        seat = table.pending()[0]
        table.apply(seat, game.spec.action_from_index(int(action), game.config, table, seat))
        self.own[seat].append(int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous node: one action per taking part seat, in seat order (a sealed
        step never lets the order matter); the others' entries are ignored."""
        game = self.mobtable_game
        assert self.table is not None
        table = self.table.state
        chosen = [
            (seat, game.spec.action_from_index(int(actions[seat]), game.config, table, seat))
            for seat in table.pending()
        ]
        for seat, action in chosen:
            table.apply(seat, action)
            self.own[seat].append(game.index(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        game = self.mobtable_game
        state = None if self.table is None else self.table.state
        try:
            return str(game.spec.action_from_index(int(action), game.config, state, player))
        except InvalidNotation as error:  # a choice this position cannot name
            return f"action {action}: {error}"

    # -- the end --------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.table is not None and self.table.state.is_over()

    def returns(self) -> list[float]:
        game = self.mobtable_game
        if self.table is None or not self.table.state.is_over():
            return [0.0] * game.config.players
        return rewards(self.table.state.result(), game.reward_kind)

    # -- imperfect information -----------------------------------------
    def resample_from_infostate(self, player: int, sampler: Any = None) -> MobtableState:
        """A state ``player`` cannot tell from this one.

        mobtable's ``determinize`` draws the hidden cards; it also forgets the
        sealed commitments of seats that already committed in the step under way
        (they owe them again). In the sequential form those seats have moved, so
        the sample has them commit again at random, hidden as before, and the
        same seat is to move in the sample as in this state. Only ``player``'s
        own past moves are carried over: the others' are not its to know.
        """
        sample = MobtableState(self.mobtable_game)
        sample.own[player] = list(self.own[player])  # others' moves are theirs to know
        if self.table is None:
            return sample
        seed = int(sampler() * 2**52) if callable(sampler) else random.getrandbits(52)
        rng = random.Random(seed)
        table = self.table.state.determinize(player, rng)
        owing = set(self.table.state.pending())
        while redo := [s for s in table.pending() if s not in owing]:
            seat = redo[0]
            table.apply(seat, rng.choice(list(table.legal(seat))), check=False)
        sample.table = Table(table)
        return sample

    def view(self, player: int) -> View | None:
        return None if self.table is None else self.table.state.view(player)

    def __str__(self) -> str:
        """The board as the terminal draws it for a spectator: public facts only (a
        player's own view is its ``observation_string``)."""
        if self.table is None:
            return "Not dealt yet: the opening chance node chooses the table."
        return board_text(self.table.state)


class MobtableObserver:
    """OpenSpiel's observer protocol over the mobtable encoder and views."""

    def __init__(
        self, game: MobtableGame, iig_obs_type: pyspiel.IIGObservationType, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("mobtable observations are those of a single player")
        self.encoder = game.encoder
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = dict(Slots(self.tensor, self.encoder.fields).items())

    def set_from(self, state: MobtableState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.encoder.encode(view, out=self.tensor)

    def string_from(self, state: MobtableState, player: int) -> str:
        view = state.view(player)
        text = "(not dealt)" if view is None else observation_string(view)
        if not self.perfect_recall:
            return text
        return f"mine={state.own[player]} view={text}"


class GangstaGame(MobtableGame):
    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("gangsta", params or {})


class CoscaGame(MobtableGame):
    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("cosca", params or {})


class CapoGame(MobtableGame):
    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("capo", params or {})


CLASSES: dict[str, type[MobtableGame]] = {
    "gangsta": GangstaGame,
    "cosca": CoscaGame,
    "capo": CapoGame,
}


def _register(name: str) -> None:
    pyspiel.register_game(_game_type(name, _spec(name)), CLASSES[name])


def load(game: str, players: int | None = None, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a mobtable game by its mobtable name."""
    spec = _spec(game)
    values: dict[str, Any] = {"players": spec.min_players if players is None else players}
    for key, value in params.items():
        if key == "variants" and not isinstance(value, str):
            value = "+".join(value)
        if key == "options" and isinstance(value, Mapping):
            value = "+".join(f"{k}:{_option_text(v)}" for k, v in value.items())
        values[key] = value
    return pyspiel.load_game(short_name(game), values)


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def config_of(game: pyspiel.Game) -> Config:
    """The mobtable config of a loaded mobtable game."""
    if not isinstance(game, MobtableGame):
        raise TypeError(f"not a mobtable game: {game}")
    return game.config


for _name in GAMES:
    _register(_name)
