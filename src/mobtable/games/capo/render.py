"""Drawing a Capo view in the terminal with rich.

``render_view(view, names=...)`` shows only what the view holds: the
assignment and event, the respect track, every seat's played cards
(face-down ones as ``▮``), who the sealed step still waits for, the seat's
own hand and choices, and how the last round went. Cards are named with
their symbols and stars, seats by the table's names (the words of
:mod:`words`), never by ids or numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mobtable.core.words import Reader, count, default_names, listing
from mobtable.games.capo.view_types import CapoView, Me
from mobtable.games.capo.words import assignment_words, card_words, people, star_limit

FACE_DOWN = "▮"
RECONSTRUCTED = "reconstructed — owners of the real deck can load its data with --cards FILE"
MADE_UP = " (reconstructed)"


def card_text(view: CapoView, card: int) -> str:
    """``Soldato (Cash, 1 star)`` for a card the view describes."""
    info = view["cards"].get(str(card))
    if info is None:
        return "a card"
    symbols = view["symbols"]
    fact = dict(info, symbols=[symbols.get(k, k) for k in info["symbols"]])
    return card_words(fact)


def _assignment(view: CapoView) -> Text:
    a = view["assignment"]
    printed = a.get("stars", a["max_stars"])  # the card's limit; the event's change below
    symbols = [view["symbols"].get(k, k) for k in a["symbols"]]
    fact = dict(a, symbols=symbols, max_stars=printed)
    name, _, needs = assignment_words(fact).partition(": ")
    text = Text.assemble(
        ("Assignment: ", "bold"),
        (name, "bold yellow"),
        MADE_UP if a.get("reconstructed") else "",
        f" — needs {needs}",
    )
    if view["event"] is not None:
        event = view["event"]
        text.append(f"\nEvent: {event['name']}", style="bold magenta")
        text.append(MADE_UP if event.get("reconstructed") else "")
        text.append(f" — {event['text']}")
        if a["max_stars"] != printed:
            text.append(f" This round: {star_limit(a['max_stars'])}.")
    if view["next_assignment_envelope"]:
        text.append("\n(the next Assignment card shows an envelope)", style="dim")
    return text


def _track(view: CapoView, reader: Reader, compact: bool = False) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False, show_edge=not compact)
    for column in ("player", "respect", "hand", "played", "on the table"):
        table.add_column(column)
    step = view["step"]
    committed = set(step["committed"]) if step else set()
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
        label = reader.names[seat] + (" (you)" if reader.is_me(seat) else "")
        if seat == view["counter"]:
            label += " ✎"
        bar = "●" * min(respect, view["target"])
        table.add_row(
            Text(label),
            f"{respect:>2} {bar}",
            str(view["hand_sizes"][seat]),
            "?" if spot["played"] is None else str(spot["played"]),
            Text(", ".join(shown) or "-"),  # not markup: names may hold brackets
        )
    return table


_STEPS = {"play": "playing cards", "turn": "turning cards up", "suspect": "suspicions"}
_DONE = {"play": "played", "turn": "chosen", "suspect": "laid the Suspicion card"}


def _step(view: CapoView, reader: Reader) -> Text | None:
    """``Playing cards: waiting for Carla and Salvo; Vito and you have played``."""
    step = view.get("step")
    if not step:
        return None
    text = Text(f"{_STEPS.get(step['phase'], step['phase']).capitalize()}: ", style="bold")
    text.append(f"waiting for {people(reader, step['waiting'])}")
    done = step["committed"]
    if done:
        have = "has" if len(done) == 1 and not reader.is_me(done[0]) else "have"
        text.append(f"; {people(reader, done)} {have} {_DONE.get(step['phase'], 'chosen')}")
    return text


def _mine(view: CapoView, reader: Reader, compact: bool = False) -> RenderableType:
    lines = Text()
    lines.append("Your hand:", style="bold")
    for i, card in enumerate(view["hand"] or ()):
        lines.append(("; " if i else " ") if compact else "\n  ")
        lines.append(card_text(view, card))
        face = view["cards"].get(str(card))
        power = face["text"] if face else None
        if power:  # a special card says what it does
            lines.append(f" — {power.rstrip('.') if compact else power}", style="dim")
    if not view["hand"]:
        lines.append(" (empty)")
    me: Me = view["me"] or {"committed": False}
    declared = me.get("declared")
    if declared is not None:
        placed = listing((card_text(view, c) for c in me.get("placed", [])), empty="")
        lines.append(f"\nYou play {count(declared, 'card')}: {placed or 'none placed yet'}")
    if me.get("turning"):
        lines.append("\nTurning up: " + listing(card_text(view, c) for c in me["turning"]))
    if view["phase"] == "suspect" and me.get("committed"):
        target = me.get("suspects")
        lines.append("\nYou suspect " + ("nobody" if target is None else reader.name(target)))
    return lines


def _last_round(view: CapoView, reader: Reader, compact: bool = False) -> RenderableType | None:
    last = view["last_round"]
    if last is None or (compact and view["phase"] != "play"):
        return None  # compact: only while the next crews are chosen (the log keeps it)
    lines = Text()
    lines.append(f"{'Last round — ' if compact else ''}Round {last['round']}: ", style="bold")
    lines.append(last["assignment_name"], style="bold")
    lines.append(f" ({star_limit(last['max_stars'])})")
    for seat, target in enumerate(last["laid"]):
        outcome = "success" if last["success"][seat] else "PRISON"
        cards = last["revealed"][seat]
        shown = "cards unseen" if cards is None else listing(card_text(view, c) for c in cards)
        suspicion = "nobody" if target is None else reader.name(target)
        if target is not None and last["suspicions"][seat] is None:
            suspicion += " (withdrawn)"
        change = last["change"][seat]
        suspects = "suspect" if reader.is_me(seat) else "suspects"
        crew = "" if compact else f" ({shown})"  # compact: the cards are in the log
        lines.append(
            f"\n {reader.subject(seat)}: {outcome}{crew}; {suspects} {suspicion}; "
            f"respect {change:+d}"
        )
    if last["little_tony_stars"]:
        extra = count(last["little_tony_stars"], "star")
        lines.append(f"\n Little Tony added {extra} to every suspected crew")
    if compact:
        return lines
    return Panel(lines, title="last round", title_align="left", box=box.ROUNDED)


def provenance(view: CapoView) -> Text | None:
    """Which card data is our own design, and how to play with the real deck's."""
    parts = view.get("reconstructed") or []
    if not parts:
        return None
    return Text(f"Card data: {', '.join(parts)} ({RECONSTRUCTED})", style="italic")


COUNTER_KEY = "✎ counts this round: scoring goes clockwise from this player"


def render_view(
    view: CapoView, names: Sequence[str] | None = None, *, compact: bool = False
) -> RenderableType:
    """A rich rendering of one seat's (or a spectator's) Capo view.

    ``names``: the table's player names (unnamed seats get default names);
    ``compact``: no frames and the hand on one line, for a small terminal. The
    note on reconstructed card data is :func:`provenance`, shown once per game.
    """
    reader = Reader.for_table(
        view["seat"], names or default_names(view["players"]), view["players"]
    )
    who = "spectator" if view["seat"] is None else f"{reader.names[view['seat']]} (you)"
    phase = "game over" if view["phase"] == "over" else _STEPS.get(view["phase"], view["phase"])
    title = (
        f"Capo della Mafia — {who} — round {view['round']}, {phase} — {view['target']} respect wins"
    )
    parts: list[RenderableType] = [_assignment(view), _track(view, reader, compact)]
    step = _step(view, reader)
    if step is not None:
        parts.append(step)
    if view["hand"] is not None:
        parts.append(_mine(view, reader, compact))
    last = _last_round(view, reader, compact)
    if last is not None:
        parts.append(last)
    if view["result"] is not None:
        winners = view["result"]["winners"]
        parts.append(Text(f"Game over — won by {people(reader, winners)}", style="bold green"))
    if compact:
        return Group(Text(f"{title}.  ✎ counts this round", style="bold"), *parts)
    parts.append(Text(COUNTER_KEY, style="dim"))
    return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED)
