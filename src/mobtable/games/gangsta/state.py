"""A Gangsta table under the core contract: the phases of a game and how each action changes it.

The top layer: the table's data (:mod:`table`) and the rule modules (:mod:`police`,
:mod:`redraw`, :mod:`tricks`) sit below it and never import it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mobtable.core import IllegalAction, Result, Seat
from mobtable.games.gangsta import police, redraw
from mobtable.games.gangsta import view as view_module
from mobtable.games.gangsta.actions import (
    KEEP,
    GangstaAction,
    Keep,
    Pick,
    Place,
    Placements,
    Play,
    Redraw,
)
from mobtable.games.gangsta.grid import (
    CELL_NAMES,
    CENTER,
    LINE_SCORES,
    PLACE_LINES,
    SIZE,
    describe_sets,
    placement_points,
    set_lines,
)
from mobtable.games.gangsta.table import GangstaTable, Phase, Settled, rotations
from mobtable.games.gangsta.tricks import answers, pair_bar, strength, trick_winner
from mobtable.games.gangsta.view import build_view
from mobtable.games.gangsta.view_types import GangstaView

if TYPE_CHECKING:
    pass


_PLAY, _PLACE, _PICK, _OVER = Phase.PLAY, Phase.PLACE, Phase.PICK, Phase.OVER


class GangstaState(GangstaTable):
    """One Gangsta table under the core contract: the phases, the legal actions and how
    each action changes the table (its fields: :class:`GangstaTable`)."""

    __slots__ = ()  # every field is the table's

    def pending(self) -> tuple[Seat, ...]:
        return () if self.phase is _OVER else (self.turn,)

    def is_over(self) -> bool:
        return self.phase is _OVER

    def legal(self, seat: Seat) -> Sequence[GangstaAction]:
        if seat != self.turn:
            return ()
        phase = self.phase
        if phase is _PLACE:
            return Placements(self.table.place, self.to_place, self.empty[:])
        if phase is _PLAY:
            singles, pairs = answers(self.cards, self.hands[seat], self.trick, self._pair_bar)
            single = self.table.single
            if not pairs:
                return [single[c] for c in singles]
            pair = self.table.pair
            return [single[c] for c in singles] + [pair[p] for p in pairs]
        if phase is _OVER:
            return ()
        table = self.table
        if phase is _PICK:
            return [table.pick[c] for c in sorted(self.revealed[:2])]
        return [KEEP] + [table.redraw(t) for t in redraw.choices(self, seat)]

    def _pair_bar(self) -> int:
        cards = self.cards
        return pair_bar(cards, self.trick, cards.mafia[self.trump], self.contenders_only)

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("the game is not over yet", rule="game-over")
        keys = [(self.scores[s], self.best[s]) for s in range(self.config.players)]
        return Result.from_keys(self.scores, keys, ["the best single trick"])  # G-20

    # -- the redraw before the first trick (G-04): see redraw.py --------------
    def begin_redraws(self) -> None:
        self.redraw_queue = redraw.queue(self)
        self._next_redraw()

    def _next_redraw(self) -> None:
        if self.redraw_queue:
            self.phase, self.turn = Phase.REDRAW, self.redraw_queue[0]
            return
        card = self.deck.pop()
        self.put(CENTER, card)
        if not self.silent:
            self.log(
                "center-card",
                f"{self.code(card)} is laid on C3",
                card=self.code(card),
                cell=CELL_NAMES[CENTER],
            )
        self.start_trick(self.leader)

    # -- tricks -----------------------------------------------------------
    def start_trick(self, leader: Seat) -> None:
        """The first seat from ``leader`` on that holds cards leads; no cards left: game over."""
        hands = self.hands
        order = [s for s in rotations(len(hands))[leader] if hands[s]]
        if not order:
            self._finish()
            return
        self.leader, self.trick_order, self.trick = order[0], order, []
        self.absent = len(hands) - len(order)
        if self.absent and self.reveal:
            count = min(self.absent * self.reveal, len(self.deck))
            self.revealed = [self.deck.pop() for _ in range(count)]
            if self.revealed and not self.silent:
                self.log(
                    "opened",
                    f"Opened for the absent players: {', '.join(self.codes(self.revealed))}",
                    cards=self.codes(self.revealed),
                    absent=self.absent,
                    keep=self.reveal == 2,
                )
        self.phase, self.turn = _PLAY, order[0]

    def _play(self, seat: Seat, action: Play) -> None:
        ids = action.ids
        hand = self.hands[seat]
        hand.remove(ids[0])
        if len(ids) == 2:
            hand.remove(ids[1])
        trick = self.trick
        void = None
        lead = not trick
        if not lead:
            mafia = self.cards.mafia
            led = mafia[trick[0][1][0]]
            if mafia[ids[0]] != led:
                self.voids[seat] |= 1 << led
                void = self.cards.mafia_codes[led]
        trick.append((seat, ids))
        if not self.silent:
            codes = self.codes(ids)
            self.log(
                "play",
                f"Seat {seat} plays {'+'.join(codes)}",
                seat=seat,
                cards=codes,
                lead=lead,
                void=void,
                trump=self.cards.mafia[ids[0]] == self.trump_mafia,
            )
        order = self.trick_order
        played = len(trick)  # the seats play in ``order``: the next one is order[played]
        if played < len(order):
            self.turn = order[played]
        else:
            self._resolve_trick()

    def _resolve_trick(self) -> None:
        trick = self.trick
        cards = self.cards
        winner, ids = trick[trick_winner(cards, trick, cards.mafia[self.trump])]
        to_place: list[int] = []
        for _, played in trick:
            to_place += played
        self.to_place = to_place  # sorted below, once every card won is in
        self.last_trick = Settled((winner, trick))
        self.trick = []
        if not self.silent:
            self.log(
                "trick-won",
                f"Seat {winner} wins the trick with {'+'.join(self.codes(ids))} "
                f"(strength {strength(self.cards, ids)})",
                seat=winner,
                cards=self.codes(ids),
                trump=self.cards.mafia[ids[0]] == self.trump_mafia,
                won=len(self.to_place),
            )
        self.turn = winner
        if self.reveal == 1:
            self.to_place.extend(self.revealed)
            self.revealed = []
        elif self.reveal == 0 and self.absent:
            drawn = [self.deck.pop() for _ in range(min(self.absent, len(self.deck)))]
            self.to_place.extend(drawn)
            if drawn and not self.silent:
                self.log(
                    "extra-cards",
                    f"Seat {winner} draws {', '.join(self.codes(drawn))} for the absent players",
                    seat=winner,
                    cards=self.codes(drawn),
                    absent=self.absent,
                )
        self.to_place.sort()
        if self.revealed:
            self._advance_picks()
        else:  # no cards to pick (the default game): straight to the placements
            self.phase, self.trick_points = _PLACE, 0
            if not self.empty:
                self._continue_placing()

    def _advance_picks(self) -> None:
        if len(self.revealed) == 1:  # the deck ran out on an odd card: it is simply taken
            self.to_place.append(self.revealed.pop())
            self.to_place.sort()
        if self.revealed:
            self.phase = Phase.PICK
            return
        self.phase, self.trick_points = Phase.PLACE, 0
        self._continue_placing()

    def _pick(self, seat: Seat, action: Pick) -> None:
        card = action.card.id
        pair, self.revealed = self.revealed[:2], self.revealed[2:]
        other = pair[1] if pair[0] == card else pair[0]
        self.to_place.append(card)
        self.to_place.sort()
        self.discard.append(other)
        if not self.silent:
            self.log(
                "pick",
                f"Seat {self.turn} picks {self.code(card)}, {self.code(other)} is discarded",
                seat=self.turn,
                card=self.code(card),
                discarded=self.code(other),
            )
        self._advance_picks()

    def _place(self, seat: Seat, action: Place) -> None:
        card, cell = action.card.id, action.cell
        to_place = self.to_place
        to_place.remove(card)
        self.put(cell, card)
        values = self.grid_values
        value = values[cell]
        start, column, row_line, column_line = PLACE_LINES[cell]
        in_row = values[start : start + SIZE].count(value)
        in_column = values[column::SIZE].count(value)
        sizes: Sequence[int]
        if in_row < 2 and in_column < 2:  # nothing to score
            points, sizes = 0, ()
        else:
            if self.adjacent:
                points, sizes = placement_points(values, cell, True)
            else:
                points, sizes = LINE_SCORES[in_row][in_column]
            if points:
                self.scores[seat] += points
                self.trick_points += points
        if not self.silent:
            self.log(
                "place",
                f"Seat {seat} places {self.code(card)} on {CELL_NAMES[cell]}"
                + (
                    f": {describe_sets(sizes)}, {points} point{'s' * (points != 1)}"
                    if points
                    else ""
                ),
                seat=seat,
                card=self.code(card),
                cell=CELL_NAMES[cell],
                points=points,
                sets=list(sizes),
                lines=set_lines(values, cell, self.adjacent) if points else [],
            )
        filled = self.filled
        if filled[row_line] == SIZE or filled[column_line] == SIZE:
            police.raid(self)
        if not (self.to_place and self.empty):
            self._continue_placing()

    def _continue_placing(self) -> None:
        """End the trick once every card is placed.

        Only custom ambush cards can leave the grid without an empty cell; the
        cards still to place then go to the discard (G-13).
        """
        if self.to_place and not self.empty:
            if not self.silent:
                self.log(
                    "no-room",
                    f"No empty cell: {', '.join(self.codes(self.to_place))} discarded",
                    cards=self.codes(self.to_place),
                )
            self.discard.extend(self.to_place)
            self.to_place = []
        if not self.to_place:
            self._end_of_trick(self.turn)

    def _end_of_trick(self, winner: Seat) -> None:
        if self.trick_points > self.best[winner]:
            self.best[winner] = self.trick_points
        self.tricks += 1
        self.start_trick(winner)  # the winner leads, or the next seat holding cards

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.turn = -1
        if not self.silent:
            result = self.result()
            who = " and ".join(f"Seat {s}" for s in result.winners)
            self.log(
                "game-over",
                f"Game over: {who} win{'s' * (len(result.winners) == 1)}",
                winners=list(result.winners),
                scores=list(self.scores),
                best=list(self.best),
            )

    # -- dispatch -----------------------------------------------------------
    def _apply(self, seat: Seat, action: Any) -> None:
        _APPLY[type(action)](self, seat, action)

    def _keep(self, seat: Seat, action: Keep) -> None:
        if not self.silent:
            self.log("keep", f"Seat {seat} keeps the hand", seat=seat)
        self.redraw_queue.pop(0)
        self._next_redraw()

    def _redraw(self, seat: Seat, action: Redraw) -> None:
        redraw.apply(self, seat, action.ids)
        self.redraw_queue.pop(0)
        self._next_redraw()

    def apply(self, seat: Seat, action: Any, *, check: bool = True) -> None:
        """The core's ``apply``, the unchecked path (simulation, search) one call shorter."""
        if check:
            super().apply(seat, action, check=True)
            return
        _APPLY[type(action)](self, seat, action)
        self.history.append((seat, action))

    def _check(self, seat: Seat, action: Any) -> None:
        if action in self.legal(seat):
            return
        expected: dict[Phase, tuple[type | tuple[type, ...], str]] = {
            Phase.PLAY: (Play, "play one card, or two of the led mafia and one power"),
            Phase.PLACE: (Place, "place a won card on an empty cell, like R5W@C2"),
            Phase.PICK: (Pick, "pick one of the two opened cards"),
            Phase.REDRAW: ((Keep, Redraw), "keep the hand or redraw the three lowest cards"),
        }
        kinds, hint = expected[self.phase]
        if not isinstance(action, kinds):
            raise IllegalAction(f"{action} is not possible now: {hint}", rule="phase")
        raise IllegalAction(self._why_illegal(seat, action), rule=self._rule_of(action))

    def _rule_of(self, action: Any) -> str:
        return {Play: "G-08", Place: "G-13", Pick: "G-19", Redraw: "G-04"}.get(type(action), "")

    def _why_illegal(self, seat: Seat, action: Any) -> str:
        hand = self.hands[seat]
        if isinstance(action, Play):
            missing = [c.code for c in action.cards if c.id not in hand]
            if missing:
                return f"{', '.join(missing)} is not in your hand"
            if not self.trick and len(action.cards) == 2:
                return "the leader plays a single card (rule G-07)"
            led = self.cards.mafia[self.trick[0][1][0]]
            led_name = self.cards.mafia_names[led]
            if any(self.cards.mafia[c] == led for c in hand):
                if any(c.mafia != led for c in action.cards):
                    return f"you must follow the led mafia, {led_name}"
                bar = self._pair_bar()
                return f"two cards must share their power and sum to more than {bar} (rule G-08)"
            return "a player void in the led mafia plays a single card (rule G-08)"
        if isinstance(action, Place):
            if action.card.id not in self.to_place:
                return f"{action.card.code} is not among the cards you have to place"
            return f"cell {CELL_NAMES[action.cell]} is taken"
        if isinstance(action, Redraw):
            if not redraw.eligible(self, seat):
                return "you hold two cards above 7, so you keep your hand (rule G-04)"
            return "a redraw discards exactly your three lowest cards (rule G-04)"
        return f"{action} is not one of the two opened cards"

    def view(self, seat: Seat | None) -> GangstaView:
        return build_view(self, seat)

    def determinize(self, seat: Seat, rng: random.Random) -> GangstaState:
        return view_module.determinize(self, seat, rng)


_APPLY: dict[type, Callable[[GangstaState, Seat, Any], None]] = {
    Place: GangstaState._place,
    Play: GangstaState._play,
    Pick: GangstaState._pick,
    Keep: GangstaState._keep,
    Redraw: GangstaState._redraw,
}
"""Each kind of action's handler: one dict lookup instead of a chain of type tests."""
