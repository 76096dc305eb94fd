"""Game specification: what a game declares up front, and its configuration."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from mobtable.core.actions import Action
from mobtable.core.errors import BadConfig
from mobtable.core.limits import shown
from mobtable.core.search import NO_HOOKS, SearchHooks
from mobtable.core.tutorial import Tutorial

if TYPE_CHECKING:
    from mobtable.core.bot import Bot
    from mobtable.core.state import Seat, State
    from mobtable.core.words import Narration


@dataclass(frozen=True, slots=True)
class Variant:
    """A named, documented rule variant that a table switches on (``name`` is the key
    configs and the notation use; ``label`` the few words people read)."""

    name: str
    description: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class Option:
    """A rule option where players could reasonably disagree.

    Attributes:
        name: the option's key in ``Config.options`` (notation, never shown as a label).
        default: the documented default.
        choices: the allowed values (booleans get ``(False, True)``).
        description: what it changes and why a group might choose it, in plain words.
        label: a short plain-words label for people ("Pairs must beat the trick").
        decision: the rule decision's id (``"G-12"``), shown only as a small reference.
        choice_labels: plain words for each of ``choices`` (same order), if not booleans.
        table_default: the default at a table people play (``mobtable play``, the
            server's tables) where it differs from ``default``, which simulations and
            seeded tests keep (COSCA's week begins on the day of play, C-11); ``None``:
            the same.
    """

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str
    label: str = ""
    decision: str = ""
    choice_labels: tuple[str, ...] = ()
    table_default: Any = None

    @property
    def people_default(self) -> Any:
        """The default at a table people play (:attr:`table_default`, else :attr:`default`)."""
        return self.default if self.table_default is None else self.table_default

    def choice(self, value: object) -> Any:
        """The declared choice ``value`` is, by type and value; else ``BadConfig``.

        ``==`` alone would take ``True`` for ``1`` and ``1.0`` for ``1``, and
        store a value of another type than every rule expects.
        """
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        allowed = ", ".join(repr(c) for c in self.choices)
        raise BadConfig(f"option {self.name!r} must be one of {allowed}, not {shown(value)}")


@dataclass(frozen=True, slots=True)
class EndReveal:
    """What a finished game shows everyone (see :mod:`mobtable.core.reveal`).

    Attributes:
        everything: ``True`` when nothing hidden matters once the game is over,
            so the full record (seed and all) is public; ``False`` when only
            what was shown at the table may be published.
        description: in players' words, what is shown or stays hidden, and why.
        decision: the rule decision's id (``"K-24"``), shown only as a small reference.
    """

    everything: bool
    description: str
    decision: str = ""


KEEP_SECRETS = EndReveal(False, "After the game, only what was shown at the table is published.")
"""The safe default: a game that says nothing reveals nothing more at the end."""


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Config:
    """One table's configuration.

    Attributes:
        players: the number of seats.
        variants: the names of the variants switched on.
        options: rule options (every option of the game, defaults filled in).
        card_data: a custom card-data document (parsed TOML) or ``None`` for
            the game's built-in cards. Stored whole in records, so a record
            replays on a machine that never saw the file.
    """

    players: int
    variants: frozenset[str] = frozenset()
    options: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))
    card_data: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "variants": sorted(self.variants),
            "options": dict(self.options),
            "card_data": None if self.card_data is None else dict(self.card_data),
        }

    def option(self, name: str) -> Any:
        return self.options[name]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the read-only option mapping as a plain dict (for process pools)."""
        card_data = None if self.card_data is None else dict(self.card_data)
        return (_config, (self.players, self.variants, dict(self.options), card_data))


def _config(
    players: int,
    variants: frozenset[str],
    options: dict[str, Any],
    card_data: dict[str, Any] | None,
) -> Config:
    return Config(players, variants, _frozen(options), card_data)


class Game(ABC):
    """A game's declaration: name, player range, variants, options, actions.

    Subclasses set the class attributes and implement the abstract methods.
    A game is stateless; each table is a :class:`~mobtable.core.state.State`.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    variants: tuple[Variant, ...] = ()
    options: tuple[Option, ...] = ()
    simultaneous: bool = False
    """True when some decisions are taken by several seats at once."""
    blurb: str = ""
    """One or two plain sentences on what the game is, for the lobby."""
    length: str = ""
    """How long a game takes, in words ("about 30 minutes")."""
    narration: Narration | None = None
    """The game's words for people (``games/<name>/words.py``); see ``core.words``."""
    end_reveal: EndReveal = KEEP_SECRETS
    """The end-of-game reveal policy: what a finished game's public record holds."""
    view_type: type[Mapping[str, Any]] | None = None
    """The declared type of :meth:`State.view` (a ``TypedDict``): the one contract between
    the engine, the bots, the encoders and the boards. ``mobtable schema GAME`` exports it as
    JSON Schema (``docs/schemas/``); ``None``: an undeclared view (test games)."""
    bots: Mapping[str, type[Bot]] = MappingProxyType({})
    """The game's own bots by name (``games/<name>/bots.py``); ``greedy`` is the one the
    search and the ``easy`` level ask."""
    search_hooks: SearchHooks = NO_HOOKS
    """What the generic search may use of this game (``games/<name>/search.py``)."""
    tutorial: Tutorial | None = None
    """Its guided first game (``games/<name>/tutorial.py``; ``None``: none yet)."""

    def config(
        self,
        players: int,
        *,
        variants: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        card_data: Mapping[str, Any] | None = None,
    ) -> Config:
        """Build and validate a configuration, filling in option defaults."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadConfig(f"{self.name}: players must be a whole number, not {shown(players)}")
        if not self.min_players <= players <= self.max_players:
            raise BadConfig(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {shown(players)}"
            )
        known_variants = {v.name for v in self.variants}
        for name in variants:
            if not isinstance(name, str) or name not in known_variants:
                known = ", ".join(sorted(known_variants)) or "none"
                raise BadConfig(f"{self.name} has no variant {shown(name)} (variants: {known})")
        values: dict[str, Any] = {o.name: o.default for o in self.options}
        by_name = {o.name: o for o in self.options}
        for key, value in (options or {}).items():
            if key not in by_name:
                known = ", ".join(sorted(by_name)) or "none"
                raise BadConfig(f"{self.name} has no option {shown(key)} (options: {known})")
            values[key] = by_name[key].choice(value)
        config = Config(players, frozenset(variants), _frozen(values), card_data)
        self.validate_config(config)
        if card_data is not None:
            self.load_cards(card_data)  # raises BadCardData with the field at fault
        return config

    def table_config(
        self,
        players: int,
        *,
        variants: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        card_data: Mapping[str, Any] | None = None,
    ) -> Config:
        """As :meth:`config`, for a table people play: an option not given takes its
        :attr:`Option.people_default` (resolved once here and stored in the config,
        so the table's record replays exactly)."""
        values = {o.name: o.people_default for o in self.options}
        values.update(options or {})
        return self.config(players, variants=variants, options=values, card_data=card_data)

    def config_from_json(self, data: Mapping[str, Any]) -> Config:
        """Read back :meth:`Config.to_json`; raises ``BadConfig`` when malformed."""
        if not isinstance(data, Mapping) or "players" not in data:
            raise BadConfig("config must be an object with at least 'players'")
        variants = data.get("variants", [])
        options = data.get("options", {})
        if not isinstance(variants, list) or not isinstance(options, Mapping):
            raise BadConfig("config 'variants' must be a list and 'options' an object")
        return self.config(
            data["players"], variants=variants, options=options, card_data=data.get("card_data")
        )

    def validate_config(self, config: Config) -> None:  # noqa: B027 - optional hook
        """Game-specific checks beyond player range, variants and options."""

    def load_cards(self, card_data: Mapping[str, Any] | None) -> Any:
        """Parse and validate card data (``None``: the built-in cards)."""
        return None

    def players_note(self, players: int) -> str:
        """What a table of ``players`` means for play, in plain words ("" if nothing).

        The lobby shows it beside the number of players, e.g. a smaller hand
        or a deck that runs out early.
        """
        return ""

    @abstractmethod
    def new_state(
        self,
        config: Config,
        *,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        """A new table: dealt at random from ``seed``, or from an explicit ``setup``.

        With a ``setup`` the position is exactly as given; ``seed`` then only
        drives later randomness (reshuffles). Raises ``BadSetup`` when the
        setup is inconsistent.
        """

    @abstractmethod
    def parse_action(self, text: str, config: Config) -> Action:
        """Read an action's text notation; raises ``InvalidNotation``."""

    @abstractmethod
    def num_actions(self, config: Config) -> int:
        """Size of the stable integer action space for ``config``."""

    @abstractmethod
    def action_index(self, action: Action, config: Config) -> int:
        """The stable integer of ``action``: two legal actions of one position never share
        one."""

    @abstractmethod
    def action_from_index(
        self, index: int, config: Config, state: State | None = None, seat: Seat | None = None
    ) -> Action:
        """The action with stable integer ``index``, as ``seat`` would take it in ``state``.

        An integer means the same choice in every position; what that choice does may
        depend on the position, where a game says so (a Gangsta redraw's integer names the
        cards chosen among ties, and the hand the lower ones it puts back too): there,
        without ``state`` and ``seat``, ``InvalidNotation`` says what is missing."""

    def public_notation(self, action: Action, config: Config) -> str:
        """What everyone may know of ``action`` once the game is over.

        Used for the public record of a game whose :attr:`end_reveal` keeps
        secrets; the default withholds the whole action (``"?"``).
        """
        return "?"

    def random_seed(self) -> int:
        """A fresh seed for a table whose seed nobody chose."""
        return random.SystemRandom().randrange(2**63)

    def describe(self) -> str:
        return f"{self.title} ({self.min_players}-{self.max_players} players)"
