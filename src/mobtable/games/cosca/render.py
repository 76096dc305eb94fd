"""The terminal picture of a COSCA view (rich). Shows only what the view holds.

Seats appear by the table's names (``names``; default names otherwise), dice
and conditions in words, and a key explains the dice letters a player types.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from mobtable.core.words import count, default_names, listing
from mobtable.games.cosca.actions import Club, Gun, Offer, SetDice, Villa, parse_action
from mobtable.games.cosca.view_types import CoscaView, Fight, RowMobster
from mobtable.games.cosca.words import (
    LETTER_KEY,
    club_words,
    condition_words,
    dice_words,
    gun_words,
    notation_dice_words,
    offer_words,
)

SEAT_STYLES = ("red", "green", "blue", "yellow", "magenta")
RECONSTRUCTED = "reconstructed — owners of the real deck can load its data with --cards FILE"
MARK = "✱"
DICE_KEY = (
    f"Dice letters, to type a setting: {LETTER_KEY}; "
    "e.g. BBGS = Bank 2, Gun Shop 1, Street 1 (2 dice on the Bank, 1 on the Gun Shop, "
    "1 on the Street)"
)
SHORT_DICE_KEY = f"Dice letters: {LETTER_KEY}; BBS = Bank 2, Street 1"
"""The dice key of the compact board: the city's places are its letters' words."""
_STAGE = {
    "dice": "setting their dice",
    "gun": "choosing at the Gun Shop",
    "club": "choosing at the Club",
    "villa": "choosing at the Villa",
    "fight": "choosing their offers",
}
_TIEBREAK = {
    "resource value": "ahead on the most resources",
    "leftmost loyal mobster": "ahead on the loyal mobster furthest left",
    "tie not broken: shared victory": "a shared victory",
}
_TOKEN = {"black": "black side", "white": "white side", "box": "used up"}


class _Names:
    """How the board names a seat: the table's name, "you" for the viewer."""

    def __init__(self, view: CoscaView, names: Sequence[str] | None) -> None:
        self.names = tuple(names) if names else default_names(view["players"])
        self.me = view.get("seat")

    def text(self, seat: int | None, *, you: bool = True) -> Text:
        """The seat's name ("you" for the viewer; with ``you=False``, "Vito (you)")."""
        if seat is None:
            return Text("-", style="dim")
        name = self.names[seat]
        if seat == self.me:
            name = "you" if you else f"{name} (you)"
        return Text(name, style=f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)]}")

    def word(self, seat: int) -> str:
        return "you" if seat == self.me else self.names[seat]

    def listing(self, seats: Sequence[int]) -> str:
        return listing(self.word(s) for s in seats)


def _calendar(view: CoscaView) -> Text:
    cal = view["calendar"]
    text = Text("Calendar: ")
    for number, day in enumerate(cal["days"], start=1):
        label = day.capitalize() + ("*" if day in cal["race_days"] else "")
        if number == cal["round"]:
            text.append(f"[{label}]", style="bold reverse")
        elif number < cal["round"]:
            text.append(label, style="dim")
        else:
            text.append(label)
        text.append(" ")
    text.append(f"  day {cal['round']} of {cal['rounds']}  (* race day: the Racetrack pays)")
    return text


def _mark(mob: RowMobster, field: str, text: str) -> str:
    """``text`` with the reconstructed mark when that field of the card is ours."""
    return f"{text} {MARK}" if field in mob.get("reconstructed", ()) else text


def _table(title: str, compact: bool) -> Table:
    """A board table: framed with a title, or (``compact``) a header line and no frame."""
    if compact:
        return Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold")
    return Table(title=title, title_justify="left", expand=False)


def _row(view: CoscaView, names: _Names, compact: bool = False) -> Table:
    table = _table("Mobsters below the city", compact)
    columns = ["#", "Mobster", "Loyal if", "Works", "Loyal to", "Drink", "Hats under"]
    if compact:  # the drink beside the owner who bought it: one column fewer
        columns.remove("Drink")
    for column in columns:
        table.add_column(column)
    for mob in view["row"]:
        hats = Text(", ").join([names.text(s) for s in mob["hats_under"]])
        works = " ".join(d.capitalize() for d in mob["days"])
        loyal = names.text(mob["loyal"])
        drink = "drink" if mob["drink"] else ""
        if compact and drink:
            loyal.append(", drink")
        cells: list[RenderableType] = [
            str(mob["pos"]),
            Text(_mark(mob, "name", mob["name"]), style="bold" if mob["works_today"] else ""),
            _mark(mob, "condition", condition_words(mob["condition"])),
            _mark(mob, "days", works),
            loyal,
            *([] if compact else [drink]),
            hats,
        ]
        table.add_row(*cells)
    return table


def _players(view: CoscaView, names: _Names, compact: bool = False) -> Table:
    revealed = view["revealed"]
    title = "Players"
    shown_title = "Shown"
    if revealed["round"] is not None:
        title += f" (dice shown on day {revealed['round']})"
        shown_title = f"Dice shown on day {revealed['round']}"
    table = _table(title, compact)
    for column in ("Player", "Money", "Weapons", "Dice", "Mobsters", "Free hats", "Villa"):
        table.add_column(column.lower() if compact and column != "Player" else column)
    table.add_column(shown_title if compact else "Shown")
    for player in view["table"]:
        villa = player["villa"]
        villa_text = _TOKEN.get(villa["token"], villa["token"])
        if villa["die"]:
            villa_text += ", a die for tomorrow"
        shown = revealed["dice"][player["seat"]]
        table.add_row(
            names.text(player["seat"], you=False),
            str(player["money"]),
            str(player["weapons"]),
            str(player["dice"]),
            str(player["mobsters"]),
            str(player["hats_free"]),
            villa_text,
            notation_dice_words(shown) if shown else "",
        )
    return table


def _decision(view: CoscaView, names: _Names) -> Text:
    decision = view["decision"]
    if decision is None:
        result = view["result"]
        winners = result["winners"] if result else []
        verb = "win" if len(winners) > 1 or names.me in winners else "wins"
        text = Text(f"Game over: {names.listing(winners)} {verb}", style="bold")
        tiebreak = result["tiebreak"] if result else None
        if tiebreak:
            text.append(f" ({_TIEBREAK.get(tiebreak, tiebreak)})")
        return text
    stage = decision["stage"]
    text = Text(f"Now: {_STAGE.get(stage, stage)}")
    if stage == "fight":
        text.append(f" for {decision['mobster']}, between {names.listing(decision['fighters'])}")
    waiting = [s for s in decision["seats"] if s not in decision["committed"]]
    text.append(".  Ready: " + names.listing(decision["committed"]))
    text.append(".  Still deciding: " + names.listing(waiting))
    return text


def choice_words(view: CoscaView, notation: str) -> str:
    """A sealed choice (its notation) in words, naming the row's mobsters."""
    action = parse_action(notation)
    if isinstance(action, SetDice):
        return dice_words(action.counts)
    if isinstance(action, Gun):
        return gun_words(action.exchanges)
    if isinstance(action, Club):
        row = view["row"]
        return club_words([row[p]["name"] for p in action.positions if p < len(row)])
    if isinstance(action, Villa):
        return "Ask the Don for an extra die tomorrow" if action.ask else "Do not ask the Don"
    assert isinstance(action, Offer)
    return "Offer " + offer_words(action.money, action.weapons)


def _fight(fight: Fight, names: _Names) -> Text:
    parts = []
    for seat, notation in fight["offers"].items():
        offer = parse_action(notation)
        assert isinstance(offer, Offer)
        parts.append(f"{names.word(int(seat))} {offer_words(offer.money, offer.weapons)}")
    if fight["winner"] is not None:
        winner = int(fight["winner"])
        outcome = f"{names.word(winner)} {'win' if winner == names.me else 'wins'}"
    else:
        outcome = "a tie"
    return Text(f"Fight for {fight['mobster']}: {'; '.join(parts)} — {outcome}")


def provenance(view: CoscaView) -> Text | None:
    """Which card data is our own design (marked ✱), and how to play with the real deck's."""
    parts = view.get("reconstructed") or []
    if not parts:
        return None
    return Text(f"{MARK} Card data: {', '.join(parts)} ({RECONSTRUCTED})", style="italic")


def render_view(
    view: CoscaView, names: Sequence[str] | None = None, *, compact: bool = False
) -> RenderableType:
    """A seat's (or a spectator's) view as rich renderables; ``names``: the table's names.

    ``compact``: the tables without frames and titles and the city in its dice
    key, for a small terminal. The note on reconstructed card data (what ✱
    marks) is :func:`provenance`, shown once per game.
    """
    who = _Names(view, names)
    if compact:
        parts: list[RenderableType] = [Text(SHORT_DICE_KEY, style="bold"), _calendar(view)]
    else:
        city = Text("City: " + " | ".join(view["city"]), style="bold")
        parts = [city, Text(DICE_KEY, style="dim"), _calendar(view)]
    parts += [_row(view, who, compact), _players(view, who, compact)]
    supply = view["supply"]
    stock = Text(f"Mobster deck: {count(view['deck_left'], 'card')} face down")
    if supply["limited"]:
        stock = Text(
            f"Supply: {supply['money']} money, {count(supply['weapons'] or 0, 'weapon')}, "
            f"{count(supply['dice'] or 0, 'die', 'dice')}.  {stock}"
        )
    parts.append(stock)
    if not compact:  # the day's fights are in the log (and its news) too
        parts.extend(_fight(fight, who) for fight in view["fights"])
    parts.append(_decision(view, who))
    seat, mine, decision = view.get("seat"), view.get("mine"), view["decision"]
    if seat is not None and mine is not None and not (compact and not mine["choice"]):
        line = f"You are {who.names[seat]}."
        if mine["choice"]:
            line += f" Your secret choice: {choice_words(view, mine['choice'])}"
        elif decision is not None and seat in decision["seats"]:
            line += " Your move: not decided yet"
        parts.append(Text(line, style="bold"))
    return Group(*parts)
