"""Gangsta's declaration: players, variants, options, actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mobtable.core import BadConfig, Config, Game, Option, Origin, Variant
from mobtable.games.gangsta.actions import NUM_ACTIONS, GangstaAction, action_table
from mobtable.games.gangsta.cards import DECK_SIZE, CardSet, card_set
from mobtable.games.gangsta.setup import HAND_SIZE, deal, from_setup, new_rng
from mobtable.games.gangsta.state import GangstaState


class Gangsta(Game):
    name = "gangsta"
    title = "Gangsta"
    min_players = 3
    max_players = 6
    rules_version = "2"
    variants = (
        Variant(
            "reveal-one",
            "Variant 1: in tricks with absent players, one card per absent player is opened "
            "before the trick; the winner takes them.",
        ),
        Variant(
            "reveal-two",
            "Variant 2: two cards per absent player are opened before the trick; the winner "
            "keeps one of each two, the other is discarded.",
        ),
    )
    options = (
        Option("first_player", 0, (0, 1, 2, 3, 4, 5), "Seat that leads the first trick (G-06)."),
        Option(
            "combinations",
            "line",
            ("line", "adjacent"),
            "Equal values score anywhere in a row or column ('line'), or only as an unbroken "
            "run of neighbouring cells ('adjacent') (G-11).",
        ),
        Option(
            "pair_must_beat",
            "all",
            ("all", "contenders"),
            "A combined pair must sum to more than every earlier play of the trick ('all'), or "
            "only the plays that could still win it ('contenders') (G-08).",
        ),
    )

    def players_note(self, players: int) -> str:
        """The hand size (G-24) and what the deck keeps for the last rounds (G-29)."""
        size = HAND_SIZE.get(players)
        if size is None:
            return ""
        deck = DECK_SIZE - 1 - players * size  # less the trump and the hands
        note = (
            f"Each player gets {size} cards; {deck} stay in the deck, one of them goes to the "
            f"centre of the grid, and {deck - 1} are left for the last rounds."
        )
        if deck - 1 < players:
            note += (
                f" That is very few: once players run out of cards, at most {deck - 1} extra "
                f"cards come out of the deck in the whole game, then none."
            )
        return note

    def validate_config(self, config: Config) -> None:
        if {"reveal-one", "reveal-two"} <= config.variants:
            raise BadConfig("Variants 1 and 2 (reveal-one, reveal-two) exclude each other")
        if config.options["first_player"] >= config.players:
            raise BadConfig(f"option first_player must be a seat below {config.players}")

    def load_cards(self, card_data: Mapping[str, Any] | None) -> CardSet:
        return card_set(card_data)

    def new_state(
        self,
        config: Config,
        *,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> GangstaState:
        if seed is None and setup is None:
            seed = self.random_seed()
        state = GangstaState(
            self, config, Origin(seed, setup), card_set(config.card_data), new_rng(seed)
        )
        if setup is None:
            deal(state, seed)
        else:
            from_setup(state, setup)
        return state

    def parse_action(self, text: str, config: Config) -> GangstaAction:
        return action_table(card_set(config.card_data)).parse(text)

    def num_actions(self, config: Config) -> int:
        return NUM_ACTIONS

    def action_index(self, action: Any, config: Config) -> int:
        return action_table(card_set(config.card_data)).index(action)

    def action_from_index(self, index: int, config: Config) -> GangstaAction:
        return action_table(card_set(config.card_data)).from_index(index)
