"""One Capo table under the core contract: whose decision is due and what an action does.

The top layer: the data lives in :mod:`table`, the round flow in :mod:`phases`
and :mod:`scoring` (both below this module, neither imports it), what a seat
may see in :mod:`view`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from mobtable.core import IllegalAction, Result
from mobtable.core.words import count
from mobtable.games.capo import events as ev
from mobtable.games.capo import view as view_module
from mobtable.games.capo.actions import (
    DECLARES,
    PLACES,
    SUSPECT_NOBODY,
    SUSPECTS,
    TURNS,
    CapoAction,
    Declare,
    Place,
    Suspect,
    TurnUp,
)
from mobtable.games.capo.phases import resolve_step
from mobtable.games.capo.rules import GAME_OVER, PLAYING, SUSPECTING, TURNING
from mobtable.games.capo.table import CapoTable
from mobtable.games.capo.view import view_for
from mobtable.games.capo.view_types import CapoView


@cache
def suspicions(players: int) -> tuple[tuple[Suspect, ...], ...]:
    """``suspicions(n)[seat]``: where that seat may lay its Suspicion card (never on itself)."""
    return tuple(
        (SUSPECT_NOBODY, *(SUSPECTS[s] for s in range(players) if s != seat))
        for seat in range(players)
    )


class CapoState(CapoTable):
    """A Capo della Mafia table under the core contract: whose decision is due, what each
    action does (its fields: :class:`CapoTable`; built by :mod:`mobtable.games.capo.setup`)."""

    __slots__ = ()  # every field is the table's

    def pending(self) -> tuple[int, ...]:
        # the step's ``waiting()``, read here (asked at every decision; a method call
        # would cost more than the answer); a finished game's step has no seats
        step = self.step
        choices = step.choices
        if not choices:
            return step.seats
        return tuple([s for s in step.seats if s not in choices])

    def is_over(self) -> bool:
        return self.phase is GAME_OVER

    def legal(self, seat: int) -> Sequence[CapoAction]:
        phase, step = self.phase, self.step
        if seat in step.choices or seat not in step.seats:  # over: the step has no seats
            return ()
        if phase is SUSPECTING:
            return suspicions(len(self.hands))[seat]
        if phase is TURNING:
            chosen = self.picked.get(seat, ())
            return [TURNS[c] for c in self.table[seat] if c not in chosen]
        hand = self.hands[seat]
        if seat not in self.declared:
            event = self.event
            effect = None if event is None else self.cards.events[event].effect
            least = ev.least_play(len(hand), effect)
            return DECLARES[least - 1 : len(hand)]
        chosen = self.picked[seat]
        return [PLACES[c] for c in hand if c not in chosen]

    def play(self, seat: int, action: Any) -> None:
        """The unchecked ``apply`` (simulation, search, the playout): act and record."""
        self._act(seat, action)
        self.history.append((seat, action))

    def _act(self, seat: int, action: Any) -> None:
        """Apply a checked action: the handler of its kind, most frequent first."""
        kind = type(action)
        if kind is Place:
            self._place(seat, action)
        elif kind is Declare:
            self._declare(seat, action)
        elif kind is Suspect:
            self._suspect(seat, action)
        elif kind is TurnUp:
            self._turn_up(seat, action)
        else:
            raise IllegalAction(f"{action!r} is not a Capo action")

    def _place(self, seat: int, action: Place) -> None:
        chosen = self.picked[seat]
        chosen.append(action.card)
        if not self.silent:
            text = f"you place card {action.card} face down"
            facts = self.cards.facts([action.card])
            self.log("placed", text, seat, seat=seat, card=action.card, facts=facts)
            if not self.rules.sealed_crews:  # K-23: open placement shows each card go down
                down = len(chosen)
                text = f"seat {seat} has {count(down, 'card')} face down"
                self.log("face-down", text, seat=seat, count=down)
        if len(chosen) == self.declared[seat]:
            self._commit(seat, tuple(sorted(chosen)), "has played")

    def _declare(self, seat: int, action: Declare) -> None:
        self.declared[seat] = action.count
        self.picked[seat] = []
        if not self.silent:
            text = f"you will play {count(action.count, 'card')}"
            self.log("declared", text, seat, seat=seat, count=action.count)

    def _turn_up(self, seat: int, action: TurnUp) -> None:
        chosen = self.picked.setdefault(seat, [])
        chosen.append(action.card)
        if not self.silent:
            text = f"you will turn up card {action.card}"
            facts = self.cards.facts([action.card])
            self.log("turning", text, seat, seat=seat, card=action.card, facts=facts)
        if len(chosen) == self.must_turn[seat]:
            self._commit(seat, tuple(sorted(chosen)), "has chosen what to turn up")

    def _suspect(self, seat: int, action: Suspect) -> None:
        self._commit(seat, action.target, "has laid the Suspicion card")

    def _commit(self, seat: int, choice: Any, words: str) -> None:
        self.picked.pop(seat, None)
        if not self.silent:
            self.log("committed", f"seat {seat} {words}", seat=seat, phase=self.phase.value)
        step = self.step
        choices = step.choices
        choices[seat] = choice  # the step's ``commit``, read here as ``pending`` reads it
        if len(choices) == len(step.seats):
            resolve_step(self)

    def apply(self, seat: int, action: Any, *, check: bool = True) -> None:
        """The core's ``apply``, the unchecked path (simulation, search) one call shorter."""
        if check:
            super().apply(seat, action, check=True)
            return
        self.play(seat, action)

    def _check(self, seat: int, action: Any) -> None:
        phase = self.phase
        if isinstance(action, Declare | Place) and phase is not PLAYING:
            raise IllegalAction(f"{action}: cards are played in phase 2 only", rule="phase")
        if isinstance(action, TurnUp) and phase is not TURNING:
            raise IllegalAction(
                f"{action}: cards are turned up after all have played", rule="phase"
            )
        if isinstance(action, Suspect) and phase is not SUSPECTING:
            raise IllegalAction(f"{action}: Suspicion cards are laid in phase 3", rule="phase")
        if isinstance(action, Declare):
            self._check_declare(seat, action)
        elif isinstance(action, Place):
            self._check_place(seat, action)
        elif isinstance(action, TurnUp):
            if action.card not in self.table[seat]:
                raise IllegalAction(f"{action}: card {action.card} is not among your played cards")
            if action.card in self.picked.get(seat, ()):
                raise IllegalAction(f"{action}: card {action.card} is already turned up")
        elif isinstance(action, Suspect):
            if action.target == seat:
                raise IllegalAction("a player may not suspect himself", rule="suspect-self")
            if action.target is not None and not 0 <= action.target < self.players:
                raise IllegalAction(f"{action}: there is no seat {action.target}")
        else:
            raise IllegalAction(f"{action!r} is not a Capo action")

    def _check_declare(self, seat: int, action: Declare) -> None:
        if seat in self.declared:
            raise IllegalAction(
                f"{action}: you already declared {self.declared[seat]} cards; place them now",
                rule="declared",
            )
        hand = len(self.hands[seat])
        least = ev.least_play(hand, self.effect)
        if not least <= action.count <= hand:
            raise IllegalAction(
                f"{action}: you must play {least} to {hand} of your {hand} cards",
                rule="play-at-least-one",
            )

    def _check_place(self, seat: int, action: Place) -> None:
        if seat not in self.declared:
            raise IllegalAction(f"{action}: first say how many cards you play (p<count>)")
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"{action}: card {action.card} is not in your hand")
        if action.card in self.picked[seat]:
            raise IllegalAction(f"{action}: card {action.card} is already placed")

    def _apply(self, seat: int, action: Any) -> None:
        self._act(seat, action)

    def hidden_moves(self, seat: int | None) -> int:
        """K-23: while crews are sealed, another seat's crew shows as one move once
        complete and as none before, however many cards it holds."""
        if self.phase is not PLAYING or not self.rules.sealed_crews:
            return 0
        hidden = 0
        for other, size in self.declared.items():
            if other == seat:
                continue
            done = other in self.step.choices
            hidden += size if done else 1 + len(self.picked.get(other, ()))
        return hidden

    def commit_bound(self, seat: int) -> int:
        """A sealed crew: the count, then up to a whole hand of cards."""
        if self.phase is PLAYING and self.rules.sealed_crews and seat not in self.declared:
            return 1 + len(self.hands[seat])
        return 1

    def view(self, seat: int | None) -> CapoView:
        return view_for(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> CapoState:
        return view_module.determinize(self, seat, rng)

    def result(self) -> Result:
        if self.phase is not GAME_OVER:
            raise IllegalAction("the game is not over", rule="game-over")
        keys = [(r,) for r in self.respect]
        result = Result.from_keys(self.respect, keys)
        if self.capped and len(result.winners) > 1:
            tiebreak = f"round limit ({self.round} rounds) reached: shared victory"
            return Result(result.scores, result.ranks, result.winners, tiebreak)
        return result
