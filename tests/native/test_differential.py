"""The compiled core plays exactly as the pure-Python sources do.

Seeded games of every game are played through both paths, each in its own subprocesses
(``MOBTABLE_PURE_PYTHON=1`` for the pure one; see ``play.py``), and every game's digest
(record, events, final position) must be the same; a failure names the first seed that
differs. 10,000 random games per game, and a few dozen whose every seat is an ISMCTS bot
with a fixed iteration budget, so the search is compared too. The chunks run on all cores.

Without a compiled core there is nothing to compare: the test fails under CI (``CI=true``)
and is otherwise reported as not run (which fails the run too, unless ``--allow-partial``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from mobtable import games, native
from support.prerequisites import missing

PLAY = Path(__file__).with_name("play.py")
GAMES = ("gangsta", "cosca", "capo")
RANDOM_GAMES = 10_000
ISMCTS_GAMES = 24
ISMCTS_ITERATIONS = 10
CHUNK = 2_500  # random games per subprocess
ISMCTS_CHUNK = 6


def jobs() -> list[tuple[str, int, int, int | None]]:
    """``(game, first seed, count, ISMCTS iterations or None)`` for every chunk."""
    chunks: list[tuple[str, int, int, int | None]] = []
    for name in GAMES:
        chunks += [(name, first, CHUNK, None) for first in range(0, RANDOM_GAMES, CHUNK)]
        chunks += [
            (name, first, ISMCTS_CHUNK, ISMCTS_ITERATIONS)
            for first in range(0, ISMCTS_GAMES, ISMCTS_CHUNK)
        ]
    return chunks


def play(chunk: tuple[str, int, int, int | None], pure: bool) -> tuple[str, dict[int, str]]:
    """Run one chunk in a subprocess: the path it reported and each seed's digest."""
    name, first, count, iterations = chunk
    env = dict(os.environ)
    env.pop(native.PURE_ENV, None)
    if pure:
        env[native.PURE_ENV] = "1"
    command = [sys.executable, str(PLAY), name, str(first), str(count)]
    if iterations:
        command += ["--ismcts", str(iterations)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stderr[-3000:]}"
    path, *lines = done.stdout.splitlines()
    digests = {int(seed): digest for seed, digest in (line.split() for line in lines)}
    assert sorted(digests) == list(range(first, first + count))
    return path, digests


def require_compiled_core() -> None:
    compiled = native.compiled_modules()
    expected = [native.module_name(source) for source in native.compiled_sources()]
    absent = sorted(set(expected) - set(compiled))
    if not absent:
        return
    why = (
        f"{native.engine_path()}; not compiled: {', '.join(absent[:4])}"
        f"{' …' if len(absent) > 4 else ''} (pip install -e . with Cython and a C compiler)"
    )
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI must test the compiled core, and this install lacks it: {why}")
    missing("the compiled core", why)


def first_difference(
    compiled: dict[str, dict[int, str]], pure: dict[str, dict[int, str]]
) -> Iterator[str]:
    for key in compiled:
        for seed in sorted(compiled[key]):
            if compiled[key][seed] != pure[key][seed]:
                yield f"{key}: seed {seed} plays differently compiled and pure"
                break


def test_the_compiled_core_plays_every_seeded_game_as_the_sources_do() -> None:
    require_compiled_core()
    chunks = jobs()
    runs = [(chunk, pure) for chunk in chunks for pure in (False, True)]
    runs.sort(key=lambda run: run[0][3] is None)  # the slow ISMCTS chunks first
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda run: play(*run), runs))
    compiled: dict[str, dict[int, str]] = {}
    pure: dict[str, dict[int, str]] = {}
    for (chunk, is_pure), (path, digests) in zip(runs, results, strict=True):
        name, _, _, iterations = chunk
        expected = "pure Python" if is_pure else "compiled ("
        assert path.startswith(expected), f"a {'pure' if is_pure else 'compiled'} run said {path}"
        key = f"{name} {'ISMCTS' if iterations else 'random'}"
        (pure if is_pure else compiled).setdefault(key, {}).update(digests)
    assert sorted(compiled) == sorted(pure)
    assert sum(map(len, compiled.values())) == len(GAMES) * (RANDOM_GAMES + ISMCTS_GAMES)
    assert not list(first_difference(compiled, pure))


def test_a_differing_game_is_named_by_its_first_seed() -> None:
    compiled = {"gangsta random": {3: "a", 4: "b", 5: "c"}}
    pure = {"gangsta random": {3: "a", 4: "x", 5: "y"}}
    assert list(first_difference(compiled, pure)) == [
        "gangsta random: seed 4 plays differently compiled and pure"
    ]


def test_every_game_is_compared() -> None:
    assert set(GAMES) <= set(games.names())
