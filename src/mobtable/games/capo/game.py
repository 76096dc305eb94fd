"""Capo della Mafia's declaration: players, variants, options, actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mobtable.core import Action, Config, EndReveal, Game, Option, Seat, State, Variant
from mobtable.games.capo import actions
from mobtable.games.capo.bots import BOTS
from mobtable.games.capo.cards import CardSet, load_cards
from mobtable.games.capo.rules import FIRST_GAME, CrewSizes, EventDeck, Supply, TonyStars
from mobtable.games.capo.search import HOOKS
from mobtable.games.capo.setup import new_state
from mobtable.games.capo.state import CapoState
from mobtable.games.capo.tutorial import TUTORIAL
from mobtable.games.capo.view_types import CapoView
from mobtable.games.capo.words import WORDS


class Capo(Game):
    """Capo della Mafia: play a crew face down, bluff, suspect, earn respect."""

    name = "capo"
    title = "Capo della Mafia"
    min_players = 3
    max_players = 7
    rules_version = "1"
    simultaneous = True
    end_reveal = EndReveal(
        False,
        "The cards of players nobody suspected are never shown, not even after the game; "
        "neither are the hands left at the end nor the order of the stacks.",
        decision="K-24",
    )
    blurb = (
        "Capos play a crew of Mafioso cards face down for the boss's assignment, show "
        "part of it, and bluff; catch a bluffer by suspecting him, but a wrong "
        "suspicion costs respect. The first to 15 respect wins."
    )
    length = "about 30 minutes"
    narration = WORDS
    view_type = CapoView
    bots = BOTS
    search_hooks = HOOKS
    tutorial = TUTORIAL
    variants = (
        Variant(
            FIRST_GAME,
            "First game: a gentler start for new players. The three Little Tony cards and "
            "all Event cards stay in the box, envelopes on the Assignment cards mean "
            "nothing, and 10 respect wins instead of 15.",
            "First game",
        ),
    )
    options = (
        Option(
            "event_deck",
            EventDeck.ALL.value,
            tuple(e.value for e in EventDeck),
            'The rulebook describes only one of the ten Event cards, "Have a sit down"; '
            "the other nine are our own designs. Play with all ten for variety, or with "
            "the rulebook's card alone to stay close to the printed game.",
            label="Event cards",
            decision="K-16",
            choice_labels=("all ten Event cards", 'only "Have a sit down"'),
        ),
        Option(
            "little_tony_stars",
            TonyStars.PER_CARD.value,
            tuple(t.value for t in TonyStars),
            "When suspected players have played Little Tony, each of his cards adds a "
            "star to every suspected player's crew; a group that finds two or three extra "
            "stars too harsh can count at most one, however many Little Tony cards show.",
            label="Little Tony's extra stars",
            decision="K-03",
            choice_labels=("one star per Little Tony card", "at most one star in all"),
        ),
        Option(
            "respect_supply",
            Supply.UNLIMITED.value,
            tuple(s.value for s in Supply),
            "The box holds 100 respect points. Usually that is just a component and "
            "nobody runs short; a group can instead treat it as a limit, so that nobody "
            "gains respect once the supply is empty and lost respect goes back to it.",
            label="Respect supply",
            decision="K-05",
            choice_labels=("unlimited", "limited to the 100 points in the box"),
        ),
        Option(
            "crew_sizes",
            CrewSizes.SEALED.value,
            tuple(c.value for c in CrewSizes),
            "Whether the others see how many cards you play before they play their own. "
            "Hidden (the default) is how a table lays its crews down together, and "
            "nobody gains by waiting; seen shows each card as it goes down, so a "
            "player who waits knows how many cards the others played.",
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

    def public_notation(self, action: Action, config: Config) -> str:
        """K-24: a face-down card is withheld (``d?``); counts, turn-ups, suspicions show."""
        return "d?" if isinstance(action, actions.Place) else str(action)

    def num_actions(self, config: Config) -> int:
        return actions.NUM_ACTIONS

    def action_index(self, action: Any, config: Config) -> int:
        return actions.index_of(action)

    def action_from_index(
        self, index: int, config: Config, state: State | None = None, seat: Seat | None = None
    ) -> actions.CapoAction:
        return actions.from_index(index)


GAME = Capo()
