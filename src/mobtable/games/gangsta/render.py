"""Drawing a Gangsta view in the terminal with Rich, in names and symbols, never card codes.

A card reads as its mafia's symbol and its number, coloured by mafia; a strong
card's number is circled, as on the printed cards ("☘⑤" is the Irish 5 strong,
"☘5" the Irish 5 weak). Lists outside the grid spell the names out
("Irish 5 strong"); a legend under the board explains the symbols.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mobtable.core.words import count, default_names
from mobtable.games.gangsta.grid import COLUMNS, ROWS
from mobtable.games.gangsta.naming import card_name, mafia_word
from mobtable.games.gangsta.view_types import GangstaView

MAFIA_STYLE = {"Y": "bold red", "I": "bold green", "C": "bold blue", "R": "bold magenta"}
MAFIA_SYMBOL = {"Y": "●", "I": "☘", "C": "◆", "R": "Я"}
"""The built-in mafias' symbols (a red dot, a leaf, a diamond, a Cyrillic letter)."""
CIRCLED = dict(zip(range(1, 21), "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳", strict=True))
STEP_WORDS = {
    "redraw": "the redraw",
    "play": "a trick",
    "pick": "choosing an opened card",
    "place": "placing the won cards",
    "over": "game over",
}


def _mafias(view: GangstaView) -> dict[str, str]:
    return {code: mafia_word(name) for code, name in view.get("mafias", {}).items()}


def _parts(code: str) -> tuple[str, int, bool]:
    return code[0], int(code[1:-1]), code.endswith("S")


def card_text(code: str, *, trump: str | None = None) -> Text:
    """A card as its mafia symbol and number, coloured; a strong card's number circled.

    ``trump``: the trump mafia's letter, whose cards get a star.
    """
    mafia, value, strong = _parts(code)
    number = CIRCLED.get(value, f"({value})") if strong else str(value)
    label = MAFIA_SYMBOL.get(mafia, mafia) + number + ("★" if trump == mafia else "")
    return Text(label, style=MAFIA_STYLE.get(mafia, "bold"))


def named_card(code: str, mafias: Mapping[str, str], trump: str | None = None) -> Text:
    """A card spelled out with its symbol: "☘ Irish 5 strong"."""
    mafia = code[0]
    text = Text(f"{MAFIA_SYMBOL.get(mafia, '')} ".lstrip(), style=MAFIA_STYLE.get(mafia, "bold"))
    text.append(card_name(code, mafias), style=MAFIA_STYLE.get(mafia, "bold"))
    if trump == mafia:
        text.append("★", style=MAFIA_STYLE.get(mafia, "bold"))
    return text


def cards_text(codes: Sequence[str], mafias: Mapping[str, str], trump: str | None = None) -> Text:
    text = Text()
    for i, code in enumerate(codes):
        if i:
            text.append(", ")
        text.append_text(named_card(code, mafias, trump))
    return text or Text("none", style="dim")


def _grid(view: GangstaView) -> Table:
    """The grid; trumps are not marked here, as mafias never matter to scoring."""
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column("")
    for column in COLUMNS:
        table.add_column(str(column), justify="center")
    for row in ROWS:
        cells = [view["grid"].get(f"{row}{c}") for c in COLUMNS]
        table.add_row(row, *(card_text(c) if c else Text("·", style="dim") for c in cells))
    return table


def _scores(view: GangstaView, names: Sequence[str]) -> Table:
    table = Table(box=None, header_style="bold", padding=(0, 1))
    table.add_column("player")
    for title in ("points", "best trick", "cards"):
        table.add_column(title, justify="right")
    for seat in range(view["players"]):
        marker = " ◀" if seat == view["turn"] else ""
        you = " (you)" if seat == view["seat"] else ""
        table.add_row(
            f"{names[seat]}{you}{marker}",
            str(view["scores"][seat]),
            str(view["best_trick"][seat]),
            str(view["hand_sizes"][seat]),
        )
    return table


def legend(mafias: Mapping[str, str], trump: str) -> Text:
    """What the symbols mean."""
    text = Text()
    for code, name in mafias.items():
        text.append(f"{MAFIA_SYMBOL.get(code, code)} {name}", style=MAFIA_STYLE.get(code, "bold"))
        text.append("   ")
    text.append(f"circled number: strong card   ★ trumps ({mafias.get(trump, trump)})", "dim")
    return text


def render_view(
    view: GangstaView, names: Sequence[str] | None = None, *, compact: bool = False
) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it.

    ``names``: the players' names by seat (default names if not given);
    ``compact``: the grid without its frame, for a small terminal. The note on
    reconstructed card data is :func:`provenance`, shown once per game.
    """
    names = list(names) if names else list(default_names(view["players"]))
    mafias = _mafias(view)
    trump = view["trump_mafia"]
    head = Text.assemble(
        ("Trumps: ", "bold"),
        (mafias.get(trump, trump), MAFIA_STYLE.get(trump, "bold")),
        " (the turned card: ",
        named_card(view["trump"], mafias),
        f")   deck: {count(view['deck_size'], 'card')}   ",
        f"police ambush cards: {view['ambush_deck_size']}   now: {STEP_WORDS[view['phase']]}",
    )
    grid = _grid(view) if compact else Panel(_grid(view), title="Grid", expand=False)
    parts: list[RenderableType] = [head, grid]
    parts.append(legend(mafias, trump))
    parts.append(_scores(view, names))
    if view["trick"]:
        trick = Text("Trick: ", style="bold")
        for i, play in enumerate(view["trick"]):
            who = "you" if play["seat"] == view["seat"] else names[play["seat"]]
            trick.append(("   " if i else "") + f"{who}: ")
            trick.append_text(cards_text(play["cards"], mafias, trump))
        parts.append(trick)
    elif view["last_trick"]:
        last = view["last_trick"]
        winner = "you" if last["winner"] == view["seat"] else names[last["winner"]]
        parts.append(Text(f"Last trick won by {winner}", style="dim"))
    if view["to_place"]:
        parts.append(
            Text.assemble(("To place: ", "bold"), cards_text(view["to_place"], mafias, trump))
        )
    if view["opened"]:
        parts.append(Text.assemble(("Opened: ", "bold"), cards_text(view["opened"], mafias, trump)))
    reconstructed = view.get("reconstructed", [])
    if view["last_raid"]:
        raid = view["last_raid"]
        mark = " (reconstructed ambush card)" if "ambush cards" in reconstructed else ""
        parts.append(Text(f"Last police raid: {raid['label']}{mark}", style="yellow"))
    voids = [
        f"{names[s]}: {', '.join(mafias.get(m, m) for m in v)}"
        for s, v in enumerate(view["voids"])
        if v
    ]
    if voids:
        parts.append(Text("Known to hold none of — " + "; ".join(voids), style="dim"))
    if view["hand"] is not None:
        parts.append(
            Text.assemble(("Your hand: ", "bold"), cards_text(view["hand"], mafias, trump))
        )
    mine = (view.get("redraw") or {}).get("mine")
    if mine:
        parts.append(Text.assemble(("You put back: ", "dim"), cards_text(mine, mafias)))
    return Group(*parts)


def provenance(view: GangstaView) -> Text | None:
    """The warning that some card data is ours, not the printed deck's (``None``: none is)."""
    reconstructed = view.get("reconstructed") or []
    if not reconstructed:
        return None
    return Text(
        f"Card data reconstructed ({', '.join(reconstructed)}) — "
        "use --cards FILE with the real deck's data",
        style="yellow",
    )
