"""Gangsta in people's words: move labels, log lines and prompts for one reader.

Cards are named "Yakuza 6 weak" (``naming.py``); grid cells keep the board's
own coordinates, row letter and column number ("C2"), which the boards print
on every empty cell. A text never names a card its reader may not know: a
label for another seat's move names only cards the whole table sees.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TypeGuard

from mobtable.core.words import Breakdown, MoveGroup, NamedMove, Reader, TwoSteps, count, listing
from mobtable.games.gangsta import redraw, scorecard
from mobtable.games.gangsta.actions import Keep, Pick, Place, Play, Redraw
from mobtable.games.gangsta.grid import (
    CELL_NAMES,
    COLUMN_OF,
    EMPTY,
    LINE_SCORES,
    LINES,
    LINES_OF,
    ROW_OF,
    SIZE,
    line_name,
    placement_points,
)
from mobtable.games.gangsta.naming import card_name, mafia_of, mafia_words, play_name
from mobtable.games.gangsta.view import public_cards

if TYPE_CHECKING:
    from mobtable.core import Event, Seat, State
    from mobtable.core.actions import Action
    from mobtable.games.gangsta.cards import Card
    from mobtable.games.gangsta.state import GangstaState

SET_WORDS = {2: "pair", 3: "trio", 4: "quartet", 5: "quintet"}


def sets_words(sizes: Sequence[int], points: int) -> str:
    """What a placement scores: "pair, 1 point", "two pairs, 3 points", "no points"."""
    if not points:
        return "no points"
    kind = "two pairs" if list(sizes).count(2) == 2 else listing(SET_WORDS[s] for s in sizes)
    return f"{kind}, {count(points, 'point')}"


def outcome(
    winners: Sequence[int], scores: Sequence[int], best: Sequence[int], reader: Reader
) -> str:
    """Who won and why: "Marco wins with 23 points"."""
    top = max(scores)
    leaders = [s for s, score in enumerate(scores) if score == top]
    names = [reader.subject(winners[0]), *(reader.name(s) for s in winners[1:])]
    if len(winners) > 1:
        return (
            f"{listing(names)} share the win with {count(top, 'point')} each "
            f"and the same best single trick, {count(best[winners[0]], 'point')}"
        )
    winner = winners[0]
    wins = reader.verb(winner, "win", "wins")
    if len(leaders) == 1:
        return f"{names[0]} {wins} with {count(top, 'point')}"
    others = listing(reader.name(s) for s in leaders if s != winner)
    return (
        f"{names[0]} {wins}: {count(top, 'point')}, as many as {others}, "
        f"and the best single trick, {count(best[winner], 'point')}"
    )


_CARD_CODE = re.compile(r"\b[A-Z]\d{1,2}[SW]\b")


class GangstaWords:
    """The narration of Gangsta (``core.words.Narration``)."""

    def breakdown(self, state: State, reader: Reader) -> Breakdown:
        """How each player's score was made, for the result card."""
        return scorecard.breakdown(state, reader)

    def reword(self, state: State, reason: str, reader: Reader) -> str:
        """An engine's refusal with card codes named (``Narrator.refusal``)."""
        mafias = mafia_words(_gangsta(state).cards)
        return _CARD_CODE.sub(lambda m: card_name(m.group(0), mafias), reason)

    # -- move labels --------------------------------------------------------
    def action(self, state: State, seat: Seat, action: Action, reader: Reader) -> str:
        return _Labels(_gangsta(state), reader).label(seat, action)

    def actions(
        self, state: State, seat: Seat, actions: Sequence[Action], reader: Reader
    ) -> list[str]:
        """The labels of ``actions`` (``seat``'s moves now), each as :meth:`action` words
        it; what they share (the mafias' names, the cards the reader knows) made once."""
        labels = _Labels(_gangsta(state), reader)
        if actions and _all_places(actions):  # one per card and empty cell
            return labels.placements(seat, actions)
        return [labels.label(seat, a) for a in actions]

    def two_steps(
        self, state: State, seat: Seat, actions: Sequence[Action], reader: Reader
    ) -> TwoSteps | None:
        """Placements as a choice in two steps (``Narrator.two_steps``): see
        :func:`placement_steps`; ``None`` for any other step."""
        return placement_steps(_gangsta(state), actions, reader)

    # -- log lines ----------------------------------------------------------
    def event(self, event: Event, reader: Reader) -> str:
        data = event.data
        line = _EVENT_LINES.get(event.kind)
        if line is None:
            return "The game moves on"
        return line(data, reader, data.get("mafias"))

    # -- prompts ------------------------------------------------------------
    def prompt(self, state: State, reader: Reader) -> str:
        table = _gangsta(state)
        phase = table.phase.value
        if phase == "over":
            result = table.result()
            return "Game over: " + outcome(result.winners, table.scores, table.best, reader)
        turn = table.turn
        mafias = mafia_words(table.cards)
        trumps = mafia_of(table.code(table.trump), mafias)
        if not reader.is_me(turn):
            name = reader.name(turn)
            waiting = {
                "redraw": f"{name} to decide whether to keep or redraw",
                "play": f"{name} to {'play' if table.trick else 'lead'}",
                "pick": f"{name} to keep one of the two opened cards",
                "place": f"{name} to place the won cards",
            }[phase]
            return f"Waiting for {waiting}"
        if phase == "redraw":
            if redraw.choices(table, turn):
                return (
                    "You hold fewer than two cards above 7: keep your hand, or put back "
                    "your three lowest cards and draw three new ones"
                )
            return "You hold two cards above 7, so you may not redraw: keep your hand"
        if phase == "play":
            if not table.trick:
                return f"Your turn: lead any card ({trumps} are trumps)"
            led_mafia = table.cards.mafia[table.trick[0][1][0]]
            led = mafia_of(table.code(table.trick[0][1][0]), mafias)
            if led_mafia == table.trump_mafia:
                return f"Your turn: follow {led}, the trumps, if you can"
            return f"Your turn: follow {led} if you can ({trumps} are trumps)"
        if phase == "pick":
            first, second = (card_name(table.code(c), mafias) for c in table.revealed[:2])
            return f"You won the trick: keep {first} or {second}; the other is discarded"
        left = len(table.to_place)
        if left == 1:
            return "You won the trick: place the last won card on an empty cell"
        return f"You won the trick: place the {left} won cards on empty cells, one at a time"


def _gangsta(state: State) -> GangstaState:
    if not isinstance(state, _state_class()):
        raise TypeError(f"not a Gangsta table: {type(state).__name__}")
    return state


@cache
def _state_class() -> type[GangstaState]:
    """``GangstaState``, imported on first use (the state's module imports this one's
    neighbours) and then kept: an import statement costs more than the rest of a label."""
    from mobtable.games.gangsta.state import GangstaState

    return GangstaState


def _all_places(actions: Sequence[Action]) -> TypeGuard[Sequence[Place]]:
    return all(type(a) is Place for a in actions)


class _Labels:
    """One reader's move labels at one position, and the parts they share."""

    def __init__(self, table: GangstaState, reader: Reader) -> None:
        self.table = table
        self.reader = reader
        self.mafias = mafia_words(table.cards)
        self._known: set[int] | None = None
        self._names: dict[str, str] = {}
        self._taken: dict[tuple[int, ...], int] = {}
        self._values: list[int] | None = None
        self._counts: list[dict[int, int]] | None = None
        self._raids: dict[int, str] = {}

    @property
    def known(self) -> set[int]:
        """The cards the reader may know now (made on first use)."""
        if self._known is None:
            self._known = _known(self.table, self.reader)
        return self._known

    def card(self, code: str) -> str:
        name = self._names.get(code)
        if name is None:
            name = self._names[code] = card_name(code, self.mafias)
        return name

    def label(self, seat: Seat, action: Action) -> str:
        table, mafias, reader = self.table, self.mafias, self.reader
        mine = reader.is_me(seat)
        who = reader.subject(seat)
        match action:  # the most frequent first: a placement has a label per empty cell
            case Place(card=card, cell=cell):
                return self._placement("Place" if mine else f"{who} places", card, cell)
            case Keep():
                return "Keep your hand" if mine else f"{who} keeps their hand"
            case Redraw(cards=cards):
                if mine:
                    return "Redraw " + ", ".join(self.card(c.code) for c in cards)
                return f"{who} puts back three cards and draws three new ones"
            case Play(cards=cards):
                known = self.known
                if not all(c.id in known for c in cards):
                    some = "a card" if len(cards) == 1 else "two cards"
                    return f"Play {some} not in your hand" if mine else f"{who} plays {some}"
                words = play_name([c.code for c in cards], mafias)
                return f"Play {words}" if mine else f"{who} plays {words}"
            case Pick(card=card):
                kept = self.card(card.code)
                other = next((c for c in table.revealed[:2] if c != card.id), None)
                if other is None:
                    return f"Keep {kept}" if mine else f"{who} keeps {kept}"
                dropped = self.card(table.code(other))
                if mine:
                    return f"Keep {kept}, discard {dropped}"
                return f"{who} keeps {kept} and discards {dropped}"
        raise ValueError(f"{action!r} is not a Gangsta action")

    def placements(self, seat: Seat, actions: Sequence[Place]) -> list[str]:
        """The labels of ``actions``, all placements: :meth:`label`'s words, with the
        verb made once and each card's name and each cell's raid words once."""
        verb = "Place" if self.reader.is_me(seat) else f"{self.reader.subject(seat)} places"
        placement = self._placement
        return [placement(verb, a.card, a.cell) for a in actions]

    def _placement(self, verb: str, card: Card, cell: int) -> str:
        where = f"{self.card(card.code)} on {CELL_NAMES[cell]}"
        return f"{verb} {where} — {self.preview(card.value, cell)}"

    def preview(self, value: int, cell: int) -> str:
        """What placing a card of ``value`` on ``cell`` scores, and whether the police come."""
        raid = self._raids.get(cell)
        if raid is None:
            raid = self._raids[cell] = self.raid(cell)
        if not self.table.adjacent:  # a set is every card of its value in the line
            counts = self._counts
            if counts is None:
                counts = self._counts = line_counts(self.table.grid_values)
            row, column = LINES_OF[cell]
            replaced = self.table.grid_values[cell] == value  # the cell's own card, if any
            in_row = counts[row].get(value, 0) + 1 - replaced
            in_column = counts[column].get(value, 0) + 1 - replaced
            return LINE_WORDS[in_row][in_column] + raid
        values = self._values
        if values is None:
            values = self._values = self.table.grid_values[:]
        held = values[cell]
        values[cell] = value  # the grid as it would be (put back below: one copy serves all)
        try:
            points, sizes = placement_points(values, cell, self.table.adjacent)
        finally:
            values[cell] = held
        return sets_words(sizes, points) + raid

    def raid(self, cell: int) -> str:
        """The words a placement on ``cell`` adds when it fills a line (else ``""``)."""
        empty = self.table.grid[cell] == EMPTY
        full = [
            line_name(line)
            for line in (ROW_OF[cell], COLUMN_OF[cell])
            if self.taken(line) + empty == SIZE
        ]
        return f"; completes {listing(full)}: the police raid" if full else ""

    def taken(self, line: tuple[int, ...]) -> int:
        """How many cells of ``line`` hold a card (counted once per line)."""
        taken = self._taken.get(line)
        if taken is None:
            grid = self.table.grid
            taken = self._taken[line] = sum(1 for c in line if grid[c] != EMPTY)
        return taken


def placement_steps(
    table: GangstaState, actions: Sequence[Action], reader: Reader
) -> TwoSteps | None:
    """A winner's placements as two steps: which won card, then which empty cell by the
    name the board prints ("C3", never a card's code: "C" is also Cosa Nostra), each
    cell with what it would score. ``None`` unless every action is a placement."""
    places = [a for a in actions if type(a) is Place]
    if not places or len(places) != len(actions):
        return None
    labels = _Labels(table, reader)
    cells: dict[int, list[NamedMove]] = {}
    names: dict[int, str] = {}
    for action in places:
        card = action.card
        names.setdefault(card.id, labels.card(card.code))
        detail = labels.preview(card.value, action.cell)
        cells.setdefault(card.id, []).append(NamedMove(CELL_NAMES[action.cell], detail, action))
    groups = tuple(
        MoveGroup(names[card], f"Where does {names[card]} go?", tuple(moves))
        for card, moves in cells.items()
    )
    return TwoSteps("Which won card do you place now?", groups)


def line_counts(grid_values: Sequence[int]) -> list[dict[int, int]]:
    """For each of the ten lines (``grid.LINES``: rows, then columns), how many of its
    cells hold each value (``EMPTY`` counted too)."""
    counts = []
    for line in LINES:
        count: dict[int, int] = {}
        for cell in line:
            value = grid_values[cell]
            count[value] = count.get(value, 0) + 1
        counts.append(count)
    return counts


LINE_WORDS: tuple[tuple[str, ...], ...] = tuple(
    tuple(sets_words(sizes, points) for points, sizes in row) for row in LINE_SCORES
)
"""``LINE_WORDS[in_row][in_column]``: :func:`sets_words` of a placement whose value then
stands ``in_row`` times in its row and ``in_column`` times in its column (the option
"line", where those counts alone decide the sets: ``grid.LINE_SCORES``)."""


def _known(state: GangstaState, reader: Reader) -> set[int]:
    """The cards the reader may know now: the public ones and the reader's own."""
    known = public_cards(state)
    if reader.seat is not None and 0 <= reader.seat < state.players:
        known.update(state.hands[reader.seat])
        known.update(state.redrew.get(reader.seat, ()))
    return known


# -- one function per event kind ---------------------------------------------
Data = Mapping[str, Any]
"""An event's data."""


def _names(codes: Sequence[str], mafias: Mapping[str, str] | None) -> str:
    return listing((card_name(c, mafias) for c in codes), empty="no card")


def _center(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    return f"{card_name(d['card'], m)} is laid on the centre of the grid, {d['cell']}"


def _opened(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    who = _sitting_out(d["absent"])
    cards = len(d["cards"])
    if cards == 1:
        take = "the trick's winner takes it"
    elif not d.get("keep"):
        take = "the trick's winner takes them"
    elif cards % 2:  # the deck ran out on an odd card: it is simply taken (G-17)
        take = "the trick's winner keeps one of each two and takes the last one"
    else:
        take = "the trick's winner keeps one of each two"
    return f"Opened for {who}: {_names(d['cards'], m)}; {take}"


def _play(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    seat = d["seat"]
    verb = r.verb(seat, "lead", "leads") if d.get("lead") else r.verb(seat, "play", "plays")
    cards = play_name(d["cards"], m)
    if not d.get("void"):
        return f"{r.subject(seat)} {verb} {cards}"
    has = r.verb(seat, "have", "has")
    trump = ", a trump" if d.get("trump") else ""
    return f"{r.subject(seat)} {has} no {mafia_of(d['void'], m)} and {verb} {cards}{trump}"


def _trick_won(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    seat = d["seat"]
    cards = d.get("cards")
    wins = r.verb(seat, "win", "wins")
    line = f"{r.subject(seat)} {wins} the trick"
    if cards:
        line += f" with {play_name(cards, m)}"
    if "won" in d:
        cards = "the card played" if d["won"] == 1 else f"the {d['won']} cards played"
        line += f" and {r.verb(seat, 'take', 'takes')} {cards}"
    return line


def _sitting_out(absent: int) -> str:
    """ "the player sitting out", "the 2 players sitting out"."""
    return "the player sitting out" if absent == 1 else f"the {absent} players sitting out"


def _extra(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    seat = d["seat"]
    absent = _sitting_out(d.get("absent", len(d["cards"])))
    draws = r.verb(seat, "draw", "draws")
    return f"{r.subject(seat)} {draws} {_names(d['cards'], m)} for {absent}"


def _pick(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    seat = d["seat"]
    keeps = r.verb(seat, "keep", "keeps")
    return (
        f"{r.subject(seat)} {keeps} {card_name(d['card'], m)}; "
        f"{card_name(d['discarded'], m)} is discarded"
    )


def _place(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    seat = d["seat"]
    places = r.verb(seat, "place", "places")
    line = f"{r.subject(seat)} {places} {card_name(d['card'], m)} on {d['cell']}"
    if d["points"]:
        line += f" — {sets_words(d.get('sets', ()), d['points'])}"
    return line


def _raid(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    lines = list(d.get("lines") or [])
    full = ""
    if lines:
        named = listing(lines)
        full = f"{named[0].upper()}{named[1:]} {'is' if len(lines) == 1 else 'are'} full. "
    marks = listing(str(d.get("marks", "")).split(", "), empty="some cells")
    removed = d["removed"]
    what = f"removes {_names(removed, m)} from the game" if removed else "finds no card there"
    return f"Police raid! {full}The ambush card marks {marks} and {what}"


def _reshuffle(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    return "The police ambush cards are shuffled into a new deck"


def _no_room(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    return f"No empty cell is left: {_names(d['cards'], m)} go to the discard pile unscored"


def _game_over(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    return "Game over: " + outcome(d["winners"], d["scores"], d["best"], r)


def _keep(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    seat = d["seat"]
    return "You keep your hand" if r.is_me(seat) else f"{r.subject(seat)} keeps their hand"


def _redraw(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    seat = d["seat"]
    puts, draws = r.verb(seat, "put", "puts"), r.verb(seat, "draw", "draws")
    return f"{r.subject(seat)} {puts} back three cards and {draws} three new ones"


def _redraw_private(d: Data, r: Reader, m: Mapping[str, str] | None) -> str:
    if not r.is_me(d.get("seat", r.seat)):
        return _redraw(d, r, m)
    return f"Put back: {_names(d['discarded'], m)}; drawn: {_names(d['drawn'], m)}"


_EVENT_LINES = {
    "center-card": _center,
    "opened": _opened,
    "play": _play,
    "trick-won": _trick_won,
    "extra-cards": _extra,
    "pick": _pick,
    "place": _place,
    "raid": _raid,
    "ambush-reshuffle": _reshuffle,
    "no-room": _no_room,
    "game-over": _game_over,
    "keep": _keep,
    "redraw": _redraw,
    "redraw-private": _redraw_private,
}

NARRATION = GangstaWords()
