"""The terminal picture of a COSCA view (rich). Shows only what the view holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

SEAT_STYLES = ("red", "green", "blue", "yellow", "magenta")
RECONSTRUCTED = "reconstructed — owners of the real deck can load its data with --cards FILE"
MARK = "✱"


def _seat(seat: int | None) -> Text:
    if seat is None:
        return Text("-", style="dim")
    return Text(f"P{seat}", style=f"bold {SEAT_STYLES[seat % len(SEAT_STYLES)]}")


def _calendar(view: Mapping[str, Any]) -> Text:
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
    text.append(f"  day {cal['round']}/{cal['rounds']}  (* racetrack pays)", style="italic")
    return text


def _mark(mob: Mapping[str, Any], field: str, text: str) -> str:
    """``text`` with the reconstructed mark when that field of the card is ours."""
    return f"{text} {MARK}" if field in mob.get("reconstructed", ()) else text


def _row(view: Mapping[str, Any]) -> Table:
    table = Table(title="Mobsters below the city", title_justify="left", expand=False)
    for column in ("#", "Mobster", "Condition", "Works", "Loyal", "Drink", "Hats under"):
        table.add_column(column)
    for mob in view["row"]:
        hats = Text(" ").join([_seat(s) for s in mob["hats_under"]]) if mob["hats_under"] else ""
        works = " ".join(d.capitalize() for d in mob["days"])
        table.add_row(
            str(mob["pos"]),
            Text(_mark(mob, "name", mob["name"]), style="bold" if mob["works_today"] else ""),
            _mark(mob, "condition", mob["condition"]),
            _mark(mob, "days", works),
            _seat(mob["loyal"]),
            "drink" if mob["drink"] else "",
            hats,
        )
    return table


def _players(view: Mapping[str, Any]) -> Table:
    revealed = view["revealed"]
    title = "Players"
    if revealed["round"] is not None:
        title += f" (dice shown: day {revealed['round']})"
    table = Table(title=title, title_justify="left")
    for column in ("Seat", "Money", "Weapons", "Dice", "Mobsters", "Free hats", "Villa", "Shown"):
        table.add_column(column)
    for player in view["table"]:
        villa = player["villa"]
        villa_text = villa["token"] + (" +die" if villa["die"] else "")
        shown = revealed["dice"][player["seat"]] or ""
        table.add_row(
            _seat(player["seat"]),
            str(player["money"]),
            str(player["weapons"]),
            str(player["dice"]),
            str(player["mobsters"]),
            str(player["hats_free"]),
            villa_text,
            shown,
        )
    return table


def _decision(view: Mapping[str, Any]) -> Text:
    decision = view["decision"]
    if decision is None:
        result = view.get("result") or {}
        winners = ", ".join(f"P{s}" for s in result.get("winners", []))
        text = Text(f"Game over. Winner(s): {winners}", style="bold")
        if result.get("tiebreak"):
            text.append(f" (decided by {result['tiebreak']})")
        return text
    text = Text(f"Waiting for: {decision['stage']}")
    if decision["stage"] == "fight":
        text.append(f" for {decision['mobster']} between ")
        text.append(", ".join(f"P{s}" for s in decision["fighters"]))
    waiting = [s for s in decision["seats"] if s not in decision["committed"]]
    text.append("  decided: " + (", ".join(f"P{s}" for s in decision["committed"]) or "nobody"))
    text.append("  still deciding: " + (", ".join(f"P{s}" for s in waiting) or "nobody"))
    return text


def _provenance(view: Mapping[str, Any]) -> Text | None:
    """Which card data is our own design (marked ✱), and how to play with the real deck's."""
    parts = view.get("reconstructed") or []
    if not parts:
        return None
    return Text(f"{MARK} Card data: {', '.join(parts)} ({RECONSTRUCTED})", style="italic")


def render_view(view: Mapping[str, Any]) -> RenderableType:
    """A seat's (or a spectator's) view as rich renderables."""
    city = Text("City: " + " | ".join(view["city"]), style="bold")
    parts: list[RenderableType] = [city, _calendar(view), _row(view), _players(view)]
    supply = view["supply"]
    if supply["limited"]:
        parts.append(
            Text(
                f"Supply: {supply['money']} money, {supply['weapons']} weapons, "
                f"{supply['dice']} dice"
            )
        )
    parts.append(Text(f"Mobster deck: {view['deck_left']} cards face down"))
    for fight in view["fights"]:
        offers = ", ".join(f"P{s} {o}" for s, o in fight["offers"].items())
        outcome = f"P{fight['winner']} wins" if fight["winner"] is not None else "tie"
        parts.append(Text(f"Fight for {fight['mobster']}: {offers} - {outcome}"))
    parts.append(_decision(view))
    mine = view.get("mine")
    if view.get("seat") is not None and mine is not None:
        choice = mine["choice"] or "not decided yet"
        parts.append(Text(f"You are P{view['seat']}. Your sealed choice: {choice}", style="bold"))
    provenance = _provenance(view)
    if provenance is not None:
        parts.append(provenance)
    return Group(*parts)
