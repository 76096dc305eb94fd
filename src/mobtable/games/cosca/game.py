"""COSCA: Take Over the Mafia — the game's declaration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mobtable.core import Config, EndReveal, Game, Seat, State, Variant
from mobtable.games.cosca import actions, setup
from mobtable.games.cosca.bots import BOTS
from mobtable.games.cosca.cards import Mobster, load_mobsters
from mobtable.games.cosca.model import MAX_PLAYERS, MIN_PLAYERS, NEW_MOBSTERS
from mobtable.games.cosca.rules import OPTIONS, TODAY, today_code
from mobtable.games.cosca.search import HOOKS
from mobtable.games.cosca.state import CoscaState
from mobtable.games.cosca.tutorial import TUTORIAL
from mobtable.games.cosca.view_types import CoscaView
from mobtable.games.cosca.words import NARRATION


class Cosca(Game):
    """Seven days to win the loyalty of most of the city's mobsters with minion dice."""

    name = "cosca"
    title = "COSCA: Take Over the Mafia"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = "1"
    variants: tuple[Variant, ...] = ()
    options = OPTIONS
    simultaneous = True
    end_reveal = EndReveal(
        True,
        "Every secret choice is shown during the game and only the order of the unused "
        "mobster cards stays hidden, so after the game everyone may see the whole game.",
        decision="C-16",
    )
    blurb = (
        "Mafia families spend a week winning over the city's mobsters. Every day you secretly "
        "send your minion dice to places in the city to earn money and weapons and to meet "
        "the mobsters' conditions, then fight for their loyalty with hidden offers."
    )
    length = "about 40 minutes"
    narration = NARRATION
    view_type = CoscaView
    bots = BOTS
    search_hooks = HOOKS
    tutorial = TUTORIAL

    def config(
        self,
        players: int,
        *,
        variants: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        card_data: Mapping[str, Any] | None = None,
    ) -> Config:
        """As :meth:`Game.config`; a ``start_day`` of 'today' becomes today's weekday
        here, once, so a stored config replays the same week on any day (C-11).
        The default, 'seed', is resolved from the table's seed when it is dealt."""
        values = dict(options or {})
        if values.get("start_day") == TODAY:
            values["start_day"] = today_code()
        return super().config(players, variants=variants, options=values, card_data=card_data)

    def players_note(self, players: int) -> str:
        """How long the row of mobsters grows: one per player, then one a day."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            return ""
        return (
            f"The row starts with {players} mobsters and grows to {players + NEW_MOBSTERS} "
            "by the last day; the most loyal mobsters win."
        )

    def load_cards(self, card_data: Mapping[str, Any] | None) -> tuple[Mobster, ...]:
        return load_mobsters(card_data)

    def new_state(
        self,
        config: Config,
        *,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> CoscaState:
        cards = self.load_cards(config.card_data)
        if setup is not None:
            return _setup.from_setup(self, config, cards, setup, seed)
        return _setup.deal(self, config, cards, self.random_seed() if seed is None else seed)

    def parse_action(self, text: str, config: Config) -> actions.CoscaAction:
        return actions.parse_action(text)

    def num_actions(self, config: Config) -> int:
        return actions.NUM_ACTIONS

    def action_index(self, action: Any, config: Config) -> int:
        return actions.action_index(action)

    def action_from_index(
        self, index: int, config: Config, state: State | None = None, seat: Seat | None = None
    ) -> actions.CoscaAction:
        return actions.action_from_index(index)


_setup = setup
GAME = Cosca()
