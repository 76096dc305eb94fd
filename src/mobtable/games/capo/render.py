"""Drawing a Capo view in the terminal with rich.

``render_view(view)`` shows only what the view holds: the assignment and
event, the respect track, every seat's played cards (face-down ones as
``▮``), who the sealed step still waits for, the seat's own hand and
choices, and how the last round went.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

FACE_DOWN = "▮"
RECONSTRUCTED = "reconstructed — owners of the real deck can load its data with --cards FILE"
MADE_UP = " (reconstructed)"


def card_text(view: dict[str, Any], card: int) -> str:
    """``Soldato [pistol] 1★ #27`` for a card the view describes."""
    info = view["cards"].get(str(card))
    if info is None:
        return f"#{card}"
    symbols = " ".join(info["symbols"]) or "-"
    if info["special"] == "vincenzo-forza":
        symbols = "any"
    return f"{info['name']} [{symbols}] {info['stars']}★ #{card}"


def _assignment(view: dict[str, Any]) -> Text:
    a = view["assignment"]
    needs = list(a["symbols"])
    if a["choice"] == 1:
        needs.append("?")
    elif a["choice"] > 1:
        needs.append(f"{a['choice']}x the same ?")
    text = Text.assemble(
        ("Assignment: ", "bold"),
        (a["name"], "bold yellow"),
        MADE_UP if a.get("reconstructed") else "",
        f" — needs {', '.join(needs)}; at most {a['max_stars']}★",
    )
    if view["event"] is not None:
        event = view["event"]
        text.append(f"\nEvent: {event['name']}", style="bold magenta")
        text.append(MADE_UP if event.get("reconstructed") else "")
        text.append(f" — {event['text']}")
    if view["next_assignment_envelope"]:
        text.append("\n(the next Assignment card shows an envelope)", style="dim")
    return text


def _track(view: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False)
    for column in ("seat", "respect", "hand", "played", "on the table"):
        table.add_column(column)
    me = view["seat"]
    committed = set((view.get("step") or {}).get("committed", ()))
    for seat, respect in enumerate(view["respect"]):
        spot = view["table"][seat]
        up = [card_text(view, c) for c in spot["face_up"]]
        own = spot.get("cards")
        if own is not None:
            shown = [card_text(view, c) + ("" if c in spot["face_up"] else " (down)") for c in own]
        elif spot["played"] is None:  # K-23: sealed until every seat has played
            shown = ["(ready, hidden)" if seat in committed else "(choosing)"]
        else:
            shown = up + [FACE_DOWN] * (spot["played"] - len(up))
        label = (
            f"{seat}" + (" (you)" if seat == me else "") + (" ✎" if seat == view["counter"] else "")
        )
        bar = "●" * min(respect, view["target"])
        table.add_row(
            label,
            f"{respect:>2} {bar}",
            str(view["hand_sizes"][seat]),
            "?" if spot["played"] is None else str(spot["played"]),
            Text(", ".join(shown) or "-"),  # not markup: "[cash car]" must show
        )
    return table


_STEPS = {"play": "playing cards", "turn": "turning cards up", "suspect": "suspicions"}


def _step(view: dict[str, Any]) -> Text | None:
    """``Playing cards: waiting for seats 1, 3; seats 0, 2 have committed``."""
    step = view.get("step")
    if not step:
        return None
    text = Text(f"{_STEPS.get(step['phase'], step['phase']).capitalize()}: ", style="bold")
    waiting = ", ".join(str(s) for s in step["waiting"])
    text.append(f"waiting for seat{'s' if len(step['waiting']) > 1 else ''} {waiting}")
    if step["committed"]:
        done = ", ".join(str(s) for s in step["committed"])
        text.append(f"; seat{'s' if len(step['committed']) > 1 else ''} {done} committed")
    return text


def _mine(view: dict[str, Any]) -> RenderableType:
    lines = Text()
    lines.append("Your hand: ", style="bold")
    lines.append("; ".join(card_text(view, c) for c in view["hand"]) or "(empty)")
    me = view["me"] or {}
    if me.get("declared") is not None:
        placed = ", ".join(card_text(view, c) for c in me.get("placed", []))
        lines.append(f"\nYou play {me['declared']} cards: {placed or '(none placed yet)'}")
    if me.get("turning"):
        lines.append("\nTurning up: " + ", ".join(card_text(view, c) for c in me["turning"]))
    if view["phase"] == "suspect" and me.get("committed"):
        target = me.get("suspects")
        lines.append("\nYou suspect " + ("nobody" if target is None else f"seat {target}"))
    return lines


def _last_round(view: dict[str, Any]) -> RenderableType | None:
    last = view["last_round"]
    if last is None:
        return None
    lines = Text()
    lines.append(f"Round {last['round']}: {last['assignment_name']}", style="bold")
    lines.append(f" (at most {last['max_stars']}★)")
    for seat, target in enumerate(last["laid"]):
        outcome = "success" if last["success"][seat] else "PRISON"
        cards = last["revealed"][seat]
        shown = "cards unseen" if cards is None else ", ".join(card_text(view, c) for c in cards)
        suspicion = "nobody" if target is None else f"seat {target}"
        if target is not None and last["suspicions"][seat] is None:
            suspicion += " (withdrawn)"
        change = last["change"][seat]
        lines.append(
            f"\n seat {seat}: {outcome} ({shown}); suspects {suspicion}; respect {change:+d}"
        )
    if last["little_tony_stars"]:
        lines.append(f"\n Little Tony added {last['little_tony_stars']}★ to suspected players")
    return Panel(lines, title="last round", title_align="left", box=box.ROUNDED)


def _provenance(view: dict[str, Any]) -> Text | None:
    """Which card data is our own design, and how to play with the real deck's."""
    parts = view.get("reconstructed") or []
    if not parts:
        return None
    return Text(f"Card data: {', '.join(parts)} ({RECONSTRUCTED})", style="italic")


def render_view(view: dict[str, Any]) -> RenderableType:
    """A rich rendering of one seat's (or a spectator's) Capo view."""
    who = "spectator" if view["seat"] is None else f"seat {view['seat']}"
    title = (
        f"Capo della Mafia — {who} — round {view['round']} ({view['phase']}), "
        f"{view['target']} respect wins"
    )
    parts: list[RenderableType] = [_assignment(view), _track(view)]
    step = _step(view)
    if step is not None:
        parts.append(step)
    if view["hand"] is not None:
        parts.append(_mine(view))
    last = _last_round(view)
    if last is not None:
        parts.append(last)
    if view["result"] is not None:
        winners = ", ".join(f"seat {s}" for s in view["result"]["winners"])
        parts.append(Text(f"Game over — winner: {winners}", style="bold green"))
    provenance = _provenance(view)
    if provenance is not None:
        parts.append(provenance)
    return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED)
