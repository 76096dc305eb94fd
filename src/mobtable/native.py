"""Which engine path is live: the compiled core (Cython) or the pure-Python sources.

The engine, core and search modules listed in ``COMPILED`` are compiled by Cython 3 from
their unchanged ``.py`` files when the package is installed (``setup.py`` reads the list
from here); the ``.py`` files stay the one source of the rules, and an install without
Cython or a C compiler simply has no extension modules. At run time:

- ``MOBTABLE_PURE_PYTHON=1`` in the environment makes an install that has the compiled
  modules import the ``.py`` sources instead, so one install can run both paths;
- a compiled module whose ``.py`` source was edited since the build (newer than it, and
  not the source the build's manifest names) is never imported: its source is, and
  ``engine_path()`` says so.

Both are done by ``SourceFirst``, a finder that ``mobtable/__init__.py`` installs first
thing. This module uses only the standard library: ``setup.py`` runs it before the package
is installed.

>>> compiled_modules() == [] or engine_path().startswith("compiled")
True
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Iterator, Sequence
from fnmatch import fnmatch
from importlib.abc import MetaPathFinder
from pathlib import Path
from types import ModuleType

PURE_ENV = "MOBTABLE_PURE_PYTHON"

# Modules compiled at install time, as paths relative to the ``mobtable`` package
# (shell patterns). Each game's modules are compiled — engine, views, greedy bots,
# playout policy and hand estimate (the search runs them all) — but not its
# ``__init__``, its words and rendering, naming and metrics (they run per display or
# once a game).
COMPILED = (
    "core/actions.py",
    "core/cardfile.py",
    "core/errors.py",
    "core/limits.py",
    "core/record.py",
    "core/reveal.py",
    "core/shuffle.py",
    "core/simultaneous.py",
    "core/state.py",
    "games/*/*.py",
    "bots/base.py",
    "bots/search/*.py",
)
NOT_COMPILED = (
    "__init__.py",
    "words.py",
    "render.py",
    "naming.py",
    "metrics.py",
)

PACKAGE_DIR = Path(__file__).resolve().parent


def compiled_sources(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """The ``.py`` files under ``package_dir`` that the build compiles, sorted."""
    found: set[Path] = set()
    for pattern in COMPILED:
        for path in package_dir.glob(pattern):
            if not any(fnmatch(path.name, skip) for skip in NOT_COMPILED):
                found.add(path)
    return sorted(found)


def module_name(source: Path, package_dir: Path = PACKAGE_DIR) -> str:
    """``mobtable.core.state`` for ``<package_dir>/core/state.py``."""
    parts = source.relative_to(package_dir).with_suffix("").parts
    return ".".join((package_dir.name, *parts))


def pure_requested(environ: os._Environ[str] | dict[str, str] = os.environ) -> bool:
    """Whether the environment asks for the pure-Python path (``MOBTABLE_PURE_PYTHON=1``)."""
    return environ.get(PURE_ENV, "").strip().lower() not in ("", "0", "false", "no")


MANIFEST = "_compiled.json"
"""Written by the build beside ``native.py``: each compiled module's source digest."""


def inputs(source: Path) -> list[Path]:
    """What a compiled module is made from: its ``.py``, and, where its folder holds
    ``.pxd`` files, each of them with its ``.py`` — a module may ``cimport`` a neighbour's
    declarations, and its C is stale when that neighbour changes (so a package with
    declarations goes to its sources as a whole, never half compiled against the other half)."""
    found = {source}
    for pxd in source.parent.glob("*.pxd"):
        found.add(pxd)
        if pxd.with_suffix(".py").is_file():
            found.add(pxd.with_suffix(".py"))
    return sorted(found)


def source_digest(source: Path) -> str:
    """The digest of a compiled module's :func:`inputs`."""
    digest = hashlib.sha256()
    for path in inputs(source):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


def _newest_input(source: Path) -> float:
    return max(path.stat().st_mtime for path in inputs(source))


@functools.cache
def _manifest(package_dir: Path) -> dict[str, str]:
    try:
        data = json.loads((package_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def is_fresh(name: str, source: Path, compiled: Path) -> bool:
    """Whether ``compiled`` was built from ``source``'s :func:`inputs` as they are now: it
    is not older than any, or the build's manifest holds their digest (a wheel install
    writes the ``.py`` files after the ``.so`` files, so their times say nothing)."""
    if _newest_input(source) <= compiled.stat().st_mtime:
        return True
    package_dir = source.parents[name.count(".") - 1]  # mobtable/ for mobtable.a.b
    return _manifest(package_dir).get(name) == source_digest(source)


def _extension(source: Path) -> Path | None:
    """The compiled module built from ``source``, if there is one beside it."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


class SourceFirst(MetaPathFinder):
    """Imports a ``mobtable`` module from its ``.py`` source instead of its compiled form
    when the pure path is asked for or the compiled form is older than the source."""

    def __init__(self, pure: bool) -> None:
        self.pure = pure
        self.stale: list[str] = []  # compiled modules skipped because their source is newer

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("mobtable.") or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return spec
        assert spec.origin is not None
        compiled = Path(spec.origin)
        source = compiled.parent / (fullname.rpartition(".")[2] + ".py")
        if not source.is_file():
            return spec
        if not self.pure:
            if is_fresh(fullname, source, compiled):
                return spec
            self.stale.append(fullname)
        return importlib.util.spec_from_file_location(fullname, source)


_finder: SourceFirst | None = None


def install() -> None:
    """Put ``SourceFirst`` first on ``sys.meta_path`` (once; ``mobtable/__init__`` calls it)."""
    global _finder
    if _finder is None:
        _finder = SourceFirst(pure_requested())
        sys.meta_path.insert(0, _finder)


def _built() -> Iterator[tuple[str, bool]]:
    """``(module, fresh)`` for each listed module that has a compiled form here; ``fresh``
    when that is at least as new as its source (so it is what gets imported)."""
    install()
    assert _finder is not None
    if _finder.pure:
        return
    for source in compiled_sources():
        compiled = _extension(source)
        if compiled is not None:
            name = module_name(source)
            yield name, is_fresh(name, source, compiled)


def compiled_modules() -> list[str]:
    """The ``mobtable`` modules that are (or will be) imported in compiled form here."""
    return [name for name, fresh in _built() if fresh]


def stale_modules() -> list[str]:
    """Compiled modules whose source was edited since the build (their source is used)."""
    return [name for name, fresh in _built() if not fresh]


def cython_version() -> str | None:
    """The Cython version that built the compiled modules (from its shared function type)."""
    for name in compiled_modules():
        module = sys.modules.get(name) or importlib.import_module(name)
        for value in vars(module).values():
            origin = type(value).__module__
            if origin.startswith("_cython_"):
                return origin.removeprefix("_cython_").replace("_", ".")
    return None


def engine_path() -> str:
    """One line naming the live path: ``compiled (Cython 3.x, N of M modules)`` or
    ``pure Python (why)``."""
    install()
    assert _finder is not None
    if _finder.pure:
        return f"pure Python ({PURE_ENV}=1)"
    names = compiled_modules()
    total = len(compiled_sources())
    stale = stale_modules()
    note = f"; {len(stale)} edited since the build run from source" if stale else ""
    if not names:
        if stale:
            return f"pure Python (every compiled module is older than its source: reinstall{note})"
        return "pure Python (no compiled modules here: built without Cython or a C compiler)"
    version = cython_version() or "version unknown"
    return f"compiled (Cython {version}, {len(names)} of {total} modules{note})"
