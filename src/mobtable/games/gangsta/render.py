"""Drawing a Gangsta view in the terminal with Rich."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mobtable.games.gangsta.grid import COLUMNS, ROWS

MAFIA_STYLE = {"Y": "bold red", "I": "bold green", "C": "bold blue", "R": "bold magenta"}


def card_text(code: str, *, trump: str | None = None) -> Text:
    """A card as coloured text; Strong cards in reverse, the trump mafia starred."""
    style = MAFIA_STYLE.get(code[0], "bold")
    if code.endswith("S"):
        style += " reverse"
    label = code + ("*" if trump and code[0] == trump else "")
    return Text(label, style=style)


def cards_text(codes: list[str], trump: str | None = None) -> Text:
    text = Text()
    for i, code in enumerate(codes):
        if i:
            text.append(" ")
        text.append_text(card_text(code, trump=trump))
    return text or Text("—", style="dim")


def _grid(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column("")
    for column in COLUMNS:
        table.add_column(str(column), justify="center")
    for row in ROWS:
        cells = [view["grid"].get(f"{row}{c}") for c in COLUMNS]
        table.add_row(row, *(card_text(c) if c else Text("·", style="dim") for c in cells))
    return table


def _scores(view: dict[str, Any]) -> Table:
    table = Table(box=None, header_style="bold", padding=(0, 1))
    for title in ("seat", "points", "best trick", "cards"):
        table.add_column(title, justify="right")
    for seat in range(view["players"]):
        marker = " ◀" if seat == view["turn"] else ""
        you = " (you)" if seat == view["seat"] else ""
        table.add_row(
            f"{seat}{you}{marker}",
            str(view["scores"][seat]),
            str(view["best_trick"][seat]),
            str(view["hand_sizes"][seat]),
        )
    return table


def render_view(view: dict[str, Any]) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it."""
    trump = view["trump_mafia"]
    head = Text.assemble(
        ("Trump: ", "bold"),
        card_text(view["trump"]),
        f"  ({view['mafias'][trump]})   deck {view['deck_size']}   ",
        f"ambush deck {view['ambush_deck_size']}   phase {view['phase']}",
    )
    trick = Text()
    for play in view["trick"]:
        trick.append(f"seat {play['seat']}: ")
        trick.append_text(cards_text(play["cards"], trump))
        trick.append("   ")
    parts: list[RenderableType] = [head, Panel(_grid(view), title="Grid", expand=False)]
    parts.append(_scores(view))
    if view["trick"]:
        parts.append(Text.assemble(("Trick: ", "bold"), trick))
    elif view["last_trick"]:
        last = view["last_trick"]
        parts.append(Text(f"Last trick won by seat {last['winner']}", style="dim"))
    if view["to_place"]:
        parts.append(Text.assemble(("To place: ", "bold"), cards_text(view["to_place"], trump)))
    if view["opened"]:
        parts.append(Text.assemble(("Opened: ", "bold"), cards_text(view["opened"], trump)))
    reconstructed = view.get("reconstructed", [])
    if view["last_raid"]:
        raid = view["last_raid"]
        mark = " (reconstructed ambush card)" if "ambush cards" in reconstructed else ""
        parts.append(Text(f"Last police raid: {raid['label']}{mark}", style="yellow"))
    voids = [f"seat {s}: {' '.join(v)}" for s, v in enumerate(view["voids"]) if v]
    if voids:
        parts.append(Text("Known voids — " + "; ".join(voids), style="dim"))
    if view["hand"] is not None:
        parts.append(Text.assemble(("Your hand: ", "bold"), cards_text(view["hand"], trump)))
    if reconstructed:
        parts.append(reconstructed_note(reconstructed))
    return Group(*parts)


def reconstructed_note(reconstructed: list[str]) -> Text:
    """The warning that some card data is ours, not the printed deck's."""
    return Text(
        f"Card data reconstructed ({', '.join(reconstructed)}) — "
        "use --cards FILE with the real deck's data",
        style="yellow",
    )
