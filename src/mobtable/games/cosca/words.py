"""COSCA in players' words: move labels, log lines and prompts for one reader.

The engine's notation (``BBGS``, ``gun2``, ``club2,5``, ``2m1w``) stays what a
player may type and what records store; a person reads these words instead.
A dice setting reads as places with how many dice show each, in city order:
"Bank 2, Gun Shop 1, Street 1" (2 dice on the Bank, 1 on the Gun Shop, 1 on
the Street).

Example:
    >>> dice_words((2, 1, 0, 0, 0, 1))
    'Bank 2, Gun Shop 1, Street 1'
    >>> offer_words(2, 1)
    '2 money + 1 weapon (value 5)'
    >>> condition_words("BBG"), condition_words("fewest-money")
    ('Bank 2, Gun Shop 1', 'the least money after the city')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from mobtable.core.words import Breakdown, Reader, count, listing
from mobtable.games.cosca import city, scorecard
from mobtable.games.cosca.actions import Club, Gun, Offer, SetDice, Villa, parse_action
from mobtable.games.cosca.model import (
    LETTERS,
    PLACES,
    ROUNDS,
    WEAPON_VALUE,
    Special,
    Stage,
    Weekday,
)

if TYPE_CHECKING:
    from mobtable.core.actions import Action
    from mobtable.core.state import Event, State
    from mobtable.games.cosca.state import CoscaState

PLACE_NAMES = tuple(p.title for p in PLACES)
"""Bank, Gun Shop, Racetrack, Club, Villa, Street (city order, the dice faces)."""

LETTER_KEY = ", ".join(f"{p.letter} {p.title}" for p in PLACES)
"""The dice letters a player types, in words: "B Bank, G Gun Shop, ..."."""

SPECIAL_WORDS = {
    Special.SAME: "all your dice show the same place",
    Special.DIFFERENT: "all your dice show different places",
    Special.MATCH3: "3 of your dice match another player's dice",
    Special.FEWEST_MONEY: "the least money after the city",
    Special.MOST_WEAPONS: "the most weapons after the city",
    Special.EQUAL: "as many weapons as money after the city",
}

_DECIDED = {
    Stage.DICE.value: "set {pos} dice",
    Stage.GUN.value: "chosen at the Gun Shop",
    Stage.CLUB.value: "chosen at the Club",
    Stage.VILLA.value: "chosen at the Villa",
    Stage.FIGHT.value: "chosen {pos} offer",
}
_WAITING = {
    Stage.DICE: "to set their dice",
    Stage.GUN: "to choose at the Gun Shop",
    Stage.CLUB: "to choose at the Club",
    Stage.VILLA: "to choose at the Villa",
}
_PAYS = {
    "bank": ("The Bank", "", "money"),
    "racetrack": ("The Racetrack", "", "money"),
    "street-money": ("The Street", " for the most Street dice", "money"),
    "street-weapons": ("The Street", " for the most Street dice", "weapons"),
}


# -- the pieces -----------------------------------------------------------------
def money(n: int) -> str:
    return f"{n} money"


def weapons(n: int) -> str:
    return count(n, "weapon")


def dice_words(counts: Sequence[int]) -> str:
    """A dice setting in words: each place that shows, with its number of dice."""
    parts = [f"{PLACE_NAMES[p]} {n}" for p, n in enumerate(counts) if n]
    return ", ".join(parts) or "no dice"


def notation_dice_words(text: str) -> str:
    """Dice letters (``BBGS``, as views and records hold them) in words."""
    counts = [0] * len(LETTERS)
    for letter in text.upper():
        counts[LETTERS.index(letter)] += 1
    return dice_words(counts)


def offer_words(money_: int, weapons_: int) -> str:
    """ "2 money + 1 weapon (value 5)"; "nothing (value 0)"."""
    parts = ([money(money_)] if money_ else []) + ([weapons(weapons_)] if weapons_ else [])
    value = money_ + WEAPON_VALUE * weapons_
    return f"{' + '.join(parts) or 'nothing'} (value {value})"


def condition_words(condition: str) -> str:
    """A mobster's loyalty condition (card-file notation) in words."""
    for special in Special:
        if condition == special.value:
            return SPECIAL_WORDS[special]
    return notation_dice_words(condition)


def day_title(code: str) -> str:
    return Weekday.from_code(code).title


def _seats(reader: Reader, seats: Sequence[int]) -> str:
    """Seats as objects, the reader first ("you, Marco and Sal")."""
    ordered = sorted(seats, key=lambda s: (not reader.is_me(s), s))
    return listing(reader.name(s) for s in ordered)


def _paid(data: Mapping[str, Any]) -> dict[int, int]:
    return {int(s): n for s, n in sorted(data.get("paid", {}).items(), key=lambda i: int(i[0]))}


# -- the narration ----------------------------------------------------------------
_TIEBREAKS = {
    "resource value": "what they still hold (money counts 1, a weapon 3)",
    "leftmost loyal mobster": "the loyal mobster furthest left in the row",
}


class CoscaWords:
    """COSCA's :class:`~mobtable.core.words.Narration`."""

    def breakdown(self, state: State, reader: Reader) -> Breakdown:
        """How each player's score was made, for the result card."""
        return scorecard.breakdown(cast("CoscaState", state), reader)

    def tiebreak(self, name: str) -> str:
        """A tie-break of the result in words (``Narrator.tiebreak``; C-14)."""
        return _TIEBREAKS.get(name, name)

    def reword(self, state: State, reason: str, reader: Reader) -> str:
        """An engine's refusal without notation (``Narrator.refusal``)."""
        return reason.replace("'villa' or 'novilla'", "whether to use your Villa")

    def action(self, state: State, seat: int, action: Action, reader: Reader) -> str:
        table = cast("CoscaState", state)
        if isinstance(action, SetDice):
            return dice_words(action.counts)
        if isinstance(action, Gun):
            return gun_words(action.exchanges)
        if isinstance(action, Club):
            return club_words([table.mobster(p).name for p in action.positions])
        if isinstance(action, Villa):
            return "Ask the Don for an extra die tomorrow" if action.ask else "Do not ask the Don"
        if isinstance(action, Offer):
            return "Offer " + offer_words(action.money, action.weapons)
        return "A move this game does not know"

    def event(self, event: Event, reader: Reader) -> str:
        line = _EVENTS.get(event.kind)
        if line is None:
            return event.kind.replace("-", " ").capitalize()
        return line(event.data, reader)

    def prompt(self, state: State, reader: Reader) -> str:
        table = cast("CoscaState", state)
        if table.stage is Stage.OVER:
            return _game_over(table, reader)
        seat = reader.seat
        sealed = table.sealed
        done = set(sealed.known_committed())
        if seat is not None and seat in sealed.seats and seat not in done:
            return _ask(table, seat, reader)
        waiting = [s for s in sealed.seats if s not in done]
        what = _what_waits(table, len(waiting))
        if seat is not None and seat in done:
            return f"You are ready; waiting for {_seats(reader, waiting)} {what}"
        return f"Waiting for {_seats(reader, waiting)} {what}"


def gun_words(exchanges: int) -> str:
    if not exchanges:
        return "Exchange nothing at the Gun Shop"
    return f"Exchange {money(exchanges)} for {weapons(exchanges)} at the Gun Shop"


def club_words(names: Sequence[str]) -> str:
    if not names:
        return "Invite nobody for a drink"
    return f"Invite {listing(names)} for a drink ({money(len(names))})"


def _ask(state: CoscaState, seat: int, reader: Reader) -> str:
    stage = state.stage
    if stage is Stage.DICE:
        dice = count(state.dice[seat], "die", "dice")
        return f"Set your {dice} secretly: nobody sees them until everyone is ready"
    if stage is Stage.GUN:
        most = city.gun_max(state, seat)
        return f"Gun Shop: exchange up to {money(most)} for weapons, one for one"
    if stage is Stage.CLUB:
        most = city.club_max(state, seat)
        return (
            f"Club: invite up to {count(most, 'loyal mobster')} for a drink, "
            "1 money each (a drink lets you fight for a mobster without meeting his condition)"
        )
    if stage is Stage.VILLA:
        left = city.villa_asks_left(state, seat)
        return (
            "Villa: ask the Don for an extra die tomorrow? "
            f"You may ask {count(left, 'more time')} this game"
        )
    rivals = [s for s in state.fighters if s != seat]
    name = state.mobster(state.fight_pos).name
    return (
        f"Fight for {name} against {_seats(reader, rivals)}: choose your offer secretly "
        "(money counts 1, a weapon 3; you lose what you offer)"
    )


def _what_waits(state: CoscaState, waiting: int) -> str:
    if state.stage is Stage.FIGHT:
        offers = "offers" if waiting > 1 else "offer"
        return f"to choose their {offers} for {state.mobster(state.fight_pos).name}"
    return _WAITING[state.stage]


def _game_over(state: CoscaState, reader: Reader) -> str:
    result = state.result()
    winners = list(result.winners)
    who = _seats(reader, winners)
    plural = len(winners) > 1 or reader.is_me(winners[0])
    best = state.loyal_count(winners[0])
    line = f"Game over: {who} {'win' if plural else 'wins'} with {count(best, 'loyal mobster')}"
    if result.tiebreak in ("resource value", "leftmost loyal mobster"):
        why = (
            "the most resources"
            if result.tiebreak == "resource value"
            else "the loyal mobster furthest left"
        )
        line += f", ahead on {why}"
    elif len(winners) > 1:
        line += ", a shared victory"
    return line


# -- log lines ------------------------------------------------------------------
Data = Mapping[str, Any]
Line = Callable[[Data, Reader], str]


def _setup(data: Data, reader: Reader) -> str:
    day = day_title(data["day"]) if "day" in data else "the first day"
    when = f", day {data['round'] + 1} of {ROUNDS}" if "round" in data else ""
    return f"The game begins on {day}{when}; in the row: {listing(data['row'])}"


def _new_day(data: Data, reader: Reader) -> str:
    dice = data["dice"]
    order = sorted(range(len(dice)), key=lambda s: (not reader.is_me(s), s))
    shares = [
        f"{reader.name(s)} {'have' if reader.is_me(s) else 'has'} {count(dice[s], 'die', 'dice')}"
        for s in order
    ]
    line = f"{day_title(data['day'])}, day {data['round'] + 1} of {ROUNDS}: {listing(shares)}"
    mobster = data.get("mobster")
    if mobster and mobster != "nobody":
        line += f"; {mobster} joins the row"
    return line[:1].upper() + line[1:]


def _over_the_limit(data: Data, reader: Reader) -> str:
    parts = []
    for key, (money_, weapons_) in sorted(data["returned"].items(), key=lambda i: int(i[0])):
        seat = int(key)
        back = listing(
            ([money(money_)] if money_ else []) + ([weapons(weapons_)] if weapons_ else [])
        )
        parts.append(f"{reader.name(seat)} {reader.verb(seat, 'give', 'gives')} back {back}")
    return f"More than {data['limit']} of a kind goes back to the supply: {listing(parts)}"


def _committed(data: Data, reader: Reader) -> str:
    seat = data["seat"]
    done = _DECIDED.get(data["stage"], "decided").format(
        pos="your" if reader.is_me(seat) else "their"
    )
    return f"{reader.subject(seat)} {reader.verb(seat, 'have', 'has')} {done}"


def _my_choice(data: Data, reader: Reader) -> str:
    seat = data["seat"]
    who = reader.subject(seat)
    action = parse_action(data["action"])
    if isinstance(action, SetDice):
        return f"{who} set {reader.possessive(seat)} dice to {dice_words(action.counts)}"
    if isinstance(action, Gun):
        what = gun_words(action.exchanges)
    elif isinstance(action, Club):
        what = club_words(data.get("mobsters", []))
    elif isinstance(action, Villa):
        what = "ask the Don for an extra die" if action.ask else "not ask the Don"
    else:
        assert isinstance(action, Offer)
        what = "offer " + offer_words(action.money, action.weapons)
    return f"{who} chose to {what[:1].lower() + what[1:]}"


def _dice_revealed(data: Data, reader: Reader) -> str:
    shown = {int(s): d for s, d in data["dice"].items()}
    order = sorted(shown, key=lambda s: (not reader.is_me(s), s))
    parts = [f"{reader.subject(s)}: {notation_dice_words(shown[s])}" for s in order]
    return "Dice revealed. " + "; ".join(parts)


def _pays(kind: str) -> Line:
    place, why, noun = _PAYS[kind]
    amount = money if noun == "money" else weapons

    def line(data: Data, reader: Reader) -> str:
        paid = {s: n for s, n in _paid(data).items() if n}
        if not paid:
            return f"{place} pays nobody{why}: the supply has no {noun} left"
        whom = listing(f"{reader.name(s)} {amount(n)}" for s, n in paid.items())
        return f"{place} pays {whom}{why}"

    return line


def _gun_shop(data: Data, reader: Reader) -> str:
    paid = {s: n for s, n in _paid(data).items() if n}
    parts = [
        f"{reader.name(s)} {reader.verb(s, 'trade', 'trades')} {money(n)} for {weapons(n)}"
        for s, n in paid.items()
    ]
    return "At the Gun Shop, " + listing(parts)


def _villa(data: Data, reader: Reader) -> str:
    seats = [s for s, n in _paid(data).items() if n]
    return f"The Don gives {_seats(reader, seats)} an extra die for tomorrow"


def _club(data: Data, reader: Reader) -> str:
    seat = data["seat"]
    invite = reader.verb(seat, "invite", "invites")
    return f"{reader.subject(seat)} {invite} {listing(data['mobsters'])} for a drink"


def _hat_placed(data: Data, reader: Reader) -> str:
    seat = data["seat"]
    put = reader.verb(seat, "put", "puts")
    return f"{reader.subject(seat)} {put} a hat under {data['mobster']}"


def _no_free_hat(data: Data, reader: Reader) -> str:
    seat = data["seat"]
    meet, have = reader.verb(seat, "meet", "meets"), reader.verb(seat, "have", "has")
    return f"{reader.subject(seat)} {meet} {data['mobster']}'s condition but {have} no free hat"


def _drink_spent(data: Data, reader: Reader) -> str:
    seat = data["seat"]
    use = reader.verb(seat, "use", "uses")
    return (
        f"{reader.subject(seat)} {use} the drink to fight for {data['mobster']}; "
        "its money goes back to the supply"
    )


def _drink_returned(data: Data, reader: Reader) -> str:
    """C-09: a mobster who changes hands gives back the old owner's drink."""
    seat = data["seat"]
    return (
        f"The drink {reader.name(seat)} bought {data['mobster']} is lost with him: "
        "its money goes back to the supply"
    )


def _fight(data: Data, reader: Reader) -> str:
    offers = {int(s): parse_action(o) for s, o in data["offers"].items()}
    order = sorted(offers, key=lambda s: (not reader.is_me(s), s))
    parts = []
    for s in order:
        offer = offers[s]
        assert isinstance(offer, Offer)
        verb = reader.verb(s, "offer", "offers")
        parts.append(f"{reader.name(s)} {verb} {offer_words(offer.money, offer.weapons)}")
    return f"Fight for {data['mobster']}: {listing(parts)}"


def _fight_tied(data: Data, reader: Reader) -> str:
    tied = _seats(reader, data["tied"])
    if data.get("last_day"):
        return f"Tie for {data['mobster']} between {tied}: the loyalty stays as it was"
    return (
        f"Tie for {data['mobster']}: the loyalty stays as it was, and {tied} fight again tomorrow"
    )


def _loyalty_gained(data: Data, reader: Reader) -> str:
    seat = data["seat"]
    win = reader.verb(seat, "win", "wins")
    line = f"{reader.subject(seat)} {win} {data['mobster']}'s loyalty"
    previous = data.get("from")
    if previous is not None:
        line += f" from {reader.name(previous)}"
    fought = data.get("fought")
    return line + (" after a fight" if fought else " without a fight" if fought is False else "")


def _loyalty_kept(data: Data, reader: Reader) -> str:
    return f"{data['mobster']} stays loyal to {reader.name(data['seat'])}"


def _game_over_line(data: Data, reader: Reader) -> str:
    return "The last day is over: the week has ended"


_EVENTS: dict[str, Line] = {
    "setup": _setup,
    "new-day": _new_day,
    "over-the-limit": _over_the_limit,
    "committed": _committed,
    "my-choice": _my_choice,
    "dice-revealed": _dice_revealed,
    "bank": _pays("bank"),
    "gun-shop": _gun_shop,
    "racetrack": _pays("racetrack"),
    "club": _club,
    "villa": _villa,
    "street-money": _pays("street-money"),
    "street-weapons": _pays("street-weapons"),
    "hat-placed": _hat_placed,
    "no-free-hat": _no_free_hat,
    "drink-spent": _drink_spent,
    "drink-returned": _drink_returned,
    "fight": _fight,
    "fight-tied": _fight_tied,
    "loyalty-gained": _loyalty_gained,
    "loyalty-kept": _loyalty_kept,
    "game-over": _game_over_line,
}

NARRATION = CoscaWords()
EVENT_KINDS = tuple(_EVENTS)
"""Every event kind the engine emits, each with its words."""
