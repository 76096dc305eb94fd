"""``mobtable play``: one game at the terminal against bots (or watching bots)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from mobtable import bots as bot_registry
from mobtable.bots.hints import HINT_LEVEL
from mobtable.cli import setup
from mobtable.cli._errors import FAILURE, fail
from mobtable.cli.options import CardsFile, RuleOptions, Variants
from mobtable.cli.session import Ending, Session
from mobtable.core import Game
from mobtable.core.narrator import seat_label
from mobtable.core.words import default_names, listing
from mobtable.sim import bot_seed

RECORDS_DIR = Path("records")
WATCH_DELAY = 0.6
"""Seconds between the moves of a watched game: time to read the board."""


def default_bot(game: Game) -> str:
    """The strongest generic choice a game offers: ``greedy`` if it has one."""
    return "greedy" if "greedy" in bot_registry.available(game.name) else "random"


def default_record_path(game: Game, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return RECORDS_DIR / f"{game.name}-{stamp}-seed{seed}.json"


def play(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")
    ],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats at the table.", show_default=False)
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Comma-separated bots for the other seats, in seat order (one name: all of them).",
        ),
    ] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0 is first).")] = 0,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: random).")] = None,
    variant: Variants = None,
    option: RuleOptions = None,
    cards: CardsFile = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Where to write the record (default: ./records/...)."),
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Bots take every seat; you watch as a spectator.")
    ] = False,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints",
            help=f"Before each of your moves, show what '{HINT_LEVEL.name}' would play.",
        ),
    ] = False,
    your_name: Annotated[
        str | None,
        typer.Option("--name", help="Your name at the table (default: the seat's default name)."),
    ] = None,
    delay: Annotated[
        float,
        typer.Option(
            "--delay", min=0.0, max=60.0, help="With --watch: seconds to pause after each move."
        ),
    ] = WATCH_DELAY,
) -> None:
    """Play one seat in the terminal against bots; type moves, numbers, 'help' or 'quit'."""
    game = setup.load_game(game_name)
    setup.check_seed(seed)
    names = setup.split_names(bots)
    if players is None:
        players = len(names) + (0 if watch else 1) if len(names) > 1 else game.min_players
    if len(names) == players and not watch:
        watch = True  # a bot for every seat: nobody left for the human
    human = None if watch else seat
    if human is not None and not 0 <= human < players:
        fail(f"--seat must be between 0 and {players - 1} for {players} players, not {human}")
    config = setup.build_config(
        game, players, variants=variant or (), options=option or (), cards=cards, people=True
    )
    bot_seats = [s for s in range(players) if s != human]
    lineup = setup.fill_bots(
        names or [default_bot(game)], len(bot_seats), what=f"{players} players with you at {seat}"
    )
    setup.check_bots(game, lineup)
    if seed is None:
        seed = game.random_seed()
    target = save or default_record_path(game, seed)
    setup.writable_file(target, "--save")  # before the game, not after it
    state = game.new_state(config, seed=seed)
    seat_bots = {
        s: bot_registry.make(name, game.name, seed=bot_seed(seed, 0, s))
        for s, name in zip(bot_seats, lineup, strict=True)
    }
    seat_names = ["you" if s == human else "" for s in range(players)]
    for s, name in zip(bot_seats, lineup, strict=True):
        seat_names[s] = name
    people = list(default_names(players))
    if human is not None and your_name and your_name.strip():
        people[human] = your_name.strip()[:40]
    labels = [
        f"{people[s]} (you)" if s == human else seat_label(people[s], seat_names[s])
        for s in range(players)
    ]

    console = Console(highlight=False)
    who = "watching" if human is None else f"you are {people[human]}"
    console.print(Text(f"{game.title}, {players} players; {who}.", style="bold"))
    console.print(f"At the table: {listing(labels)}.", markup=False, soft_wrap=True)
    session = Session(
        state,
        seat_bots,
        human=human,
        names=seat_names,
        console=console,
        read_line=lambda prompt: console.input(prompt),
        hints=hints,
        people=people,
        labels=labels,
        delay=delay,
    )
    ending = session.run()
    console.print(session.describe_ending(ending), markup=False, soft_wrap=True)
    # The seed fixes every hidden card, so it is shown only once play has stopped.
    console.print(f"The deal's seed was {seed}.", markup=False, soft_wrap=True)
    try:
        path = session.save(target)
    except OSError as exc:  # checked before the game; the disk may have filled up since
        fail(f"cannot save the record to {exc.filename or target}: {exc.strerror or exc}")
    kind = "Record" if ending is Ending.FINISHED else "Unfinished record"
    console.print(f"{kind} saved to {path}", markup=False, soft_wrap=True)
    if ending is Ending.FINISHED:
        console.print(f"Replay it with: mobtable replay {path}", markup=False, soft_wrap=True)
    elif ending in (Ending.BOT_FAILED, Ending.INPUT_ENDED):
        raise typer.Exit(FAILURE)
