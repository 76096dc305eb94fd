"""Turning command-line words into a game, a configuration and bots.

Everything here fails through :func:`~mobtable.cli._errors.fail` with exit
code 2 and a message naming the problem, and relies on each ``Game``'s own
declaration (players, variants, options) rather than on any game by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mobtable import bots as bot_registry
from mobtable import games
from mobtable.cli._errors import fail
from mobtable.core import BadCardData, Config, Game, MobtableError, Option, limits
from mobtable.core.cardfile import read_card_file

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def load_game(name: str) -> Game:
    """The registered game ``name``, or a clean failure listing the games."""
    try:
        return games.get(name)
    except KeyError as exc:
        fail(str(exc.args[0]))
    except (ImportError, AttributeError) as exc:  # registered, but broken or unfinished
        fail(f"game {name!r} cannot be loaded: {exc}")


def coerce_choice(option: Option, text: str) -> Any:
    """The value among ``option.choices`` that ``text`` spells; ``text`` itself if none.

    Booleans accept true/false, yes/no, on/off and 1/0; numbers compare by
    value; strings match exactly, then ignoring case. An unmatched text is
    returned unchanged so that ``Game.config`` reports the allowed choices.

    >>> coerce_choice(Option("x", False, (False, True), ""), "yes")
    True
    >>> coerce_choice(Option("n", 2, (2, 3), ""), "3")
    3
    """
    lowered = text.strip().lower()
    for choice in option.choices:
        if isinstance(choice, bool):
            if (choice and lowered in _TRUE) or (not choice and lowered in _FALSE):
                return choice
        elif isinstance(choice, int | float):
            try:
                if float(text) == choice:
                    return choice
            except ValueError:
                continue
        elif str(choice) == text.strip():
            return choice
    for choice in option.choices:
        if isinstance(choice, str) and choice.lower() == lowered:
            return choice
    return text


def parse_options(game: Game, pairs: Sequence[str]) -> dict[str, Any]:
    """``["key=value", ...]`` into typed option values, by the game's declaration."""
    declared = {o.name: o for o in game.options}
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            fail(f"--option expects key=value, not {pair!r}")
        option = declared.get(key)
        values[key] = text.strip() if option is None else coerce_choice(option, text)
    return values


def read_cards(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        return read_card_file(path)
    except MobtableError as exc:
        fail(str(exc))


def build_config(
    game: Game,
    players: int,
    *,
    variants: Sequence[str] = (),
    options: Sequence[str] = (),
    cards: Path | None = None,
    people: bool = False,
) -> Config:
    """Validate everything through ``Game.config`` (which names the field at fault);
    ``people``: a table people play, with its options' defaults for people
    (``Game.table_config``: COSCA's week begins on the day of play)."""
    card_data = read_cards(cards)
    make = game.table_config if people else game.config
    try:
        return make(
            players,
            variants=list(variants),
            options=parse_options(game, options),
            card_data=card_data,
        )
    except MobtableError as exc:
        where = f"card file {cards}: " if isinstance(exc, BadCardData) and cards else ""
        fail(f"{where}{exc}")


def check_seed(seed: int | None) -> None:
    """Fail cleanly on a seed outside ``0 <= seed < 2**63`` (as records and the server do)."""
    if seed is not None:
        try:
            limits.check_seed(seed, "--seed")
        except MobtableError as exc:
            fail(str(exc))


MAX_GAMES = 100_000_000
"""The most games one ``simulate`` run plays (about a day on a 32-core machine at the
fastest game's pace): a larger count is a typo, not a plan."""


MAX_JOBS = 1024
"""The most worker processes (or Ray CPUs) a run asks for: more is a typo."""


def check_jobs(jobs: int) -> None:
    """Fail cleanly on a number of workers below 1 or above :data:`MAX_JOBS` (a huge one
    once reached the process pool as an ``OverflowError``)."""
    if not 1 <= jobs <= MAX_JOBS:
        fail(f"--jobs must be a whole number from 1 to {MAX_JOBS:,}, not {limits.shown(jobs)}")


def check_games(games: int) -> None:
    """Fail cleanly on a count of games below 0 or above :data:`MAX_GAMES`."""
    if not 0 <= games <= MAX_GAMES:
        fail(f"--games must be a whole number from 0 to {MAX_GAMES:,}, not {limits.shown(games)}")


def _no_file_above(path: Path, option: str) -> None:
    """Fail cleanly if a folder ``path`` needs above it is a file (``mkdir``'s "File
    exists" would name neither)."""
    above = next((a for a in path.parents if a.exists()), None)
    if above is not None and not above.is_dir():
        fail(f"{option} {path}: {above} is a file, not a folder")


def writable_directory(path: Path, option: str) -> None:
    """Make ``path`` (and its parents) a directory files can be written to, or fail cleanly."""
    if path.exists() and not path.is_dir():
        fail(f"{option} {path} is a file, not a directory")
    _no_file_above(path, option)
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".mobtable-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        fail(f"{option} {path}: cannot write files there ({exc.strerror or exc})")


def writable_file(path: Path, option: str) -> None:
    """Fail cleanly, before any work, unless a file can be written at ``path`` later: not a
    folder, its folder made (with its parents) and a file creatable in it (a probe file
    made and removed; an existing file is opened to append, and left as it was)."""
    if path.is_dir():
        fail(f"{option} {path} is a folder, not a file")
    _no_file_above(path, option)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("ab"):
                pass
        else:
            path.touch(exist_ok=False)
            path.unlink()
    except OSError as exc:
        fail(f"{option} {path}: cannot write there ({exc.strerror or exc})")


def split_names(text: str | None) -> list[str]:
    """``"random, greedy,greedy"`` into ``["random", "greedy", "greedy"]``."""
    if not text:
        return []
    return [name.strip() for name in text.split(",") if name.strip()]


def check_bots(game: Game, names: Sequence[str]) -> None:
    """Fail cleanly on an unknown bot name, listing the game's bots."""
    known = set(bot_registry.available(game.name))
    for name in names:
        if name not in known:
            fail(f"no bot {name!r} for {game.name} (bots: {', '.join(sorted(known))})")


def fill_bots(names: Sequence[str], count: int, *, what: str) -> list[str]:
    """One bot name per seat: a single name fills every seat; otherwise exactly ``count``."""
    if len(names) == 1:
        return list(names) * count
    if len(names) != count:
        fail(f"--bots lists {len(names)} bots but {what} needs {count} (or a single name for all)")
    return list(names)
