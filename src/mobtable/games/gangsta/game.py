"""Gangsta's declaration: players, variants, options, actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mobtable.core import BadConfig, Config, EndReveal, Game, Option, Origin, Seat, State, Variant
from mobtable.games.gangsta.actions import GangstaAction, action_table
from mobtable.games.gangsta.bots import BOTS
from mobtable.games.gangsta.cards import DECK_SIZE, HAND_SIZE, CardSet, card_set
from mobtable.games.gangsta.search import HOOKS
from mobtable.games.gangsta.setup import deal, from_setup, new_rng
from mobtable.games.gangsta.state import GangstaState
from mobtable.games.gangsta.tutorial import TUTORIAL
from mobtable.games.gangsta.view_types import GangstaView
from mobtable.games.gangsta.words import NARRATION


class Gangsta(Game):
    name = "gangsta"
    title = "Gangsta"
    min_players = 3
    max_players = 6
    rules_version = "2"
    end_reveal = EndReveal(
        True,
        "Once every hand is played out nothing hidden matters any more: after the game "
        "everyone may see the whole game, the deal included.",
        decision="G-30",
    )
    blurb = (
        "A trick-taking game of four rival mafias: win tricks, then lay the cards you won on "
        "a shared 5 by 5 grid, scoring for equal values in a row or column, until a full line "
        "brings the police."
    )
    length = "about 30 minutes"
    narration = NARRATION
    view_type = GangstaView
    bots = BOTS
    search_hooks = HOOKS
    tutorial = TUTORIAL
    variants = (
        Variant(
            "reveal-one",
            "Open cards for the players sitting out: once someone has run out of cards, one "
            "card per missing player is turned face up before each trick, so everyone knows "
            "what the winner will also take. Less luck, more planning.",
            "One open card per player sitting out",
        ),
        Variant(
            "reveal-two",
            "Like the one above, but two cards per missing player are turned face up and the "
            "winner keeps one of each two; the other is discarded. More choice for the winner.",
            "Two open cards per player sitting out",
        ),
    )
    options = (
        Option(
            "first_player",
            0,
            (0, 1, 2, 3, 4, 5),
            "The rulebook only says to pick someone to lead the first trick. Choose who does; "
            "after that, the winner of each trick leads the next.",
            label="Who leads the first trick",
            decision="G-06",
            choice_labels=(
                "The first player",
                "The second player",
                "The third player",
                "The fourth player",
                "The fifth player",
                "The sixth player",
            ),
        ),
        Option(
            "combinations",
            "line",
            ("line", "adjacent"),
            "Whether a placed card scores with every card of its value anywhere in its row and "
            "its column, or only with those right beside it in an unbroken run. Side by side "
            "makes points rarer and where you place each card matters more.",
            label="Which equal values score together",
            decision="G-11",
            choice_labels=("Anywhere in the row or column", "Only side by side"),
        ),
        Option(
            "pair_must_beat",
            "all",
            ("all", "contenders"),
            "Two cards of the led mafia and one power may be played together when their sum "
            "beats what was played before. Either every earlier play of the trick counts, or "
            "only the plays that could still win it (trumps, or the led mafia when nobody "
            "trumped). Counting only those makes pairs easier to play.",
            label="What two cards played together must beat",
            decision="G-08",
            choice_labels=("Every earlier play", "Only the plays that could still win"),
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
        state = GangstaState.new(
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
        return action_table(card_set(config.card_data)).num_actions

    def action_index(self, action: Any, config: Config) -> int:
        return action_table(card_set(config.card_data)).index(action)

    def action_from_index(
        self, index: int, config: Config, state: State | None = None, seat: Seat | None = None
    ) -> GangstaAction:
        """A redraw's integer names the cards chosen among ties, the others following from
        the hand (see ``actions``): it needs ``state`` and ``seat``."""
        hand = state.hands[seat] if isinstance(state, GangstaState) and seat is not None else None
        return action_table(card_set(config.card_data)).from_index(index, hand)
