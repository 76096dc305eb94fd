"""Capo della Mafia's declaration: players, variants, options, actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mobtable.core import Config, Game, Option, Variant
from mobtable.games.capo import actions
from mobtable.games.capo.cards import CardSet, load_cards
from mobtable.games.capo.rules import FIRST_GAME, CrewSizes, EventDeck, Supply, TonyStars
from mobtable.games.capo.setup import new_state
from mobtable.games.capo.state import CapoState


class Capo(Game):
    """Capo della Mafia: play a crew face down, bluff, suspect, earn respect."""

    name = "capo"
    title = "Capo della Mafia"
    min_players = 3
    max_players = 7
    rules_version = "1"
    simultaneous = True
    variants = (
        Variant(
            FIRST_GAME,
            "Suggested first game: the three Little Tony cards and all Event cards stay in "
            "the box, envelopes are ignored, and 10 respect wins.",
        ),
    )
    options = (
        Option(
            "event_deck",
            EventDeck.ALL.value,
            tuple(e.value for e in EventDeck),
            "K-16: 'all' shuffles the ten Event cards; 'sit-down-only' plays with the "
            "rulebook's 'Have a sit down' card alone (reshuffled whenever it is needed).",
        ),
        Option(
            "little_tony_stars",
            TonyStars.PER_CARD.value,
            tuple(t.value for t in TonyStars),
            "K-03: each suspected Little Tony adds 1 star to every suspected player "
            "('per-card'), or all of them together add just 1 ('once').",
        ),
        Option(
            "respect_supply",
            Supply.UNLIMITED.value,
            tuple(s.value for s in Supply),
            "K-05: the 100 respect points are a component, not a limit ('unlimited'); "
            "'limited' stops gains once the supply is empty.",
        ),
        Option(
            "crew_sizes",
            CrewSizes.SEALED.value,
            tuple(c.value for c in CrewSizes),
            "K-23: how many cards each player puts face down stays hidden until all have "
            "played ('sealed'), or each card is seen to go down as it is placed ('open').",
            label="Crews go down together",
            decision="K-23",
            choice_labels=(
                "hidden until everyone has played",
                "each card seen as it goes down",
            ),
        ),
    )

    def load_cards(self, card_data: Mapping[str, Any] | None) -> CardSet:
        return load_cards(card_data)

    def new_state(
        self,
        config: Config,
        *,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> CapoState:
        return new_state(self, config, seed=seed, setup=setup)

    def parse_action(self, text: str, config: Config) -> actions.CapoAction:
        return actions.parse(text)

    def num_actions(self, config: Config) -> int:
        return actions.NUM_ACTIONS

    def action_index(self, action: Any, config: Config) -> int:
        return actions.index_of(action)

    def action_from_index(self, index: int, config: Config) -> actions.CapoAction:
        return actions.from_index(index)


GAME = Capo()
