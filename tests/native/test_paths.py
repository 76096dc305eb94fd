"""Which path is live (``mobtable.native``) and how the build falls back to pure Python."""

from __future__ import annotations

import importlib.machinery
import json
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from setuptools import Distribution, Extension

from mobtable import native

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A ``mobtable``-named folder holding ``fake.py`` and an (empty) compiled ``fake``."""
    folder = tmp_path / "mobtable"
    folder.mkdir()
    (folder / "fake.py").write_text("X = 1\n")
    compiled = folder / f"fake{SUFFIX}"
    compiled.write_bytes(b"")
    os.utime(folder / "fake.py", (1_000_000, 1_000_000))
    return folder


def loader_of(finder: native.SourceFirst, folder: Path) -> object:
    spec = finder.find_spec("mobtable.fake", [str(folder)])
    assert spec is not None
    return spec.loader


def test_a_compiled_module_is_imported_as_built(package: Path) -> None:
    finder = native.SourceFirst(pure=False)
    assert isinstance(loader_of(finder, package), importlib.machinery.ExtensionFileLoader)
    assert finder.stale == []


def test_the_pure_path_imports_the_source_instead(package: Path) -> None:
    finder = native.SourceFirst(pure=True)
    assert isinstance(loader_of(finder, package), importlib.machinery.SourceFileLoader)


def test_a_source_edited_since_the_build_wins_over_its_compiled_module(package: Path) -> None:
    (package / "fake.py").write_text("X = 2\n")  # newer than the compiled module now
    finder = native.SourceFirst(pure=False)
    assert isinstance(loader_of(finder, package), importlib.machinery.SourceFileLoader)
    assert finder.stale == ["mobtable.fake"]


def test_a_declarations_file_edited_since_the_build_is_an_edit_too(package: Path) -> None:
    """An augmenting ``.pxd`` changes the C; an edited one makes the compiled module stale."""
    (package / "fake.pxd").write_text("cdef int X\n")  # newer than the compiled module
    finder = native.SourceFirst(pure=False)
    assert isinstance(loader_of(finder, package), importlib.machinery.SourceFileLoader)
    assert finder.stale == ["mobtable.fake"]
    before = native.source_digest(package / "fake.py")
    (package / "fake.pxd").write_text("cdef long X\n")
    assert native.source_digest(package / "fake.py") != before


@pytest.mark.parametrize("edited", ["table.pxd", "table.py"])
def test_a_neighbour_whose_declarations_a_module_may_cimport_makes_it_stale(
    package: Path, edited: str
) -> None:
    """``fake`` may be compiled against ``table``'s C types: either of table's files edited
    since the build sends the module to its source too."""
    (package / "table.py").write_text("X = 1\n")
    (package / "table.pxd").write_text("cdef int X\n")
    os.utime(package / "table.py", (500_000, 500_000))
    os.utime(package / "table.pxd", (500_000, 500_000))
    fresh = native.SourceFirst(pure=False)
    assert isinstance(loader_of(fresh, package), importlib.machinery.ExtensionFileLoader)
    (package / edited).write_text((package / edited).read_text() + "\n")
    finder = native.SourceFirst(pure=False)
    assert isinstance(loader_of(finder, package), importlib.machinery.SourceFileLoader)
    assert finder.stale == ["mobtable.fake"]


@pytest.mark.parametrize("recorded", [True, False])
def test_a_newer_source_that_the_build_manifest_names_is_not_an_edit(
    package: Path, recorded: bool
) -> None:
    """A wheel install writes each ``.py`` after its ``.so``: the digest decides."""
    os.utime(package / f"fake{SUFFIX}", (500_000, 500_000))  # older than the source
    digest = native.source_digest(package / "fake.py") if recorded else "0" * 20
    (package / native.MANIFEST).write_text(json.dumps({"mobtable.fake": digest}))
    finder = native.SourceFirst(pure=False)
    loader = loader_of(finder, package)
    assert isinstance(loader, importlib.machinery.ExtensionFileLoader) is recorded
    assert finder.stale == ([] if recorded else ["mobtable.fake"])


def test_other_packages_are_left_to_the_usual_finders(package: Path) -> None:
    assert native.SourceFirst(pure=True).find_spec("json", None) is None


@pytest.mark.parametrize(("value", "pure"), [("1", True), ("yes", True), ("0", False), ("", False)])
def test_the_environment_variable(value: str, pure: bool) -> None:
    assert native.pure_requested({native.PURE_ENV: value}) is pure


def test_the_list_names_engine_modules_and_leaves_out_words_and_packages() -> None:
    names = {native.module_name(source) for source in native.compiled_sources()}
    assert {
        "mobtable.core.state",
        "mobtable.games.gangsta.state",
        "mobtable.bots.search.ismcts",
    } <= names
    assert not {name for name in names if name.endswith(("__init__", ".words", ".render"))}


def test_a_process_with_the_variable_runs_the_sources() -> None:
    code = (
        "from mobtable import native; import mobtable.core.state as s; "
        "print(native.engine_path(), s.__file__)"
    )
    env = {**os.environ, native.PURE_ENV: "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.startswith("pure Python (MOBTABLE_PURE_PYTHON=1)")
    assert out.stdout.strip().endswith("state.py")
    assert native.compiled_modules() == [] or "compiled (Cython 3." in native.engine_path()


# -- the build (setup.py) ------------------------------------------------------------------


@pytest.fixture(scope="module")
def setup_py() -> dict[str, Any]:
    """setup.py's functions, without running ``setup()``."""
    return runpy.run_path(str(ROOT / "setup.py"), run_name="setup_under_test")


def test_the_variable_makes_the_build_pure_python(setup_py: dict[str, Any]) -> None:
    assert setup_py["extensions"]({native.PURE_ENV: "1"}) == ([], "MOBTABLE_PURE_PYTHON=1")


def test_without_cython_the_build_is_pure_python(
    setup_py: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "Cython", None)  # import Cython raises ImportError
    modules, reason = setup_py["extensions"]({})
    assert modules == [] and reason.startswith("Cython is not importable")


def build(setup_py: dict[str, Any], tmp_path: Path, code: str) -> None:
    source = tmp_path / "probe.c"
    source.write_text(code)
    dist = Distribution({"name": "probe", "ext_modules": [Extension("probe", [str(source)])]})
    command = setup_py["OptionalBuildExt"](dist)
    command.build_lib, command.build_temp = str(tmp_path / "lib"), str(tmp_path / "temp")
    command.ensure_finalized()
    command.run()


def test_a_build_writes_the_manifest_of_source_digests(
    setup_py: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(setup_py["DIGESTS"], "mobtable.probe", "abc")
    code = (
        '#include <Python.h>\nstatic struct PyModuleDef m = {PyModuleDef_HEAD_INIT, "probe"};\n'
        "PyMODINIT_FUNC PyInit_probe(void) { return PyModuleDef_Init(&m); }\n"
    )
    build(setup_py, tmp_path, code)
    assert list((tmp_path / "lib").glob(f"probe{SUFFIX}"))
    manifest = json.loads((tmp_path / "lib" / "mobtable" / native.MANIFEST).read_text())
    assert manifest["mobtable.probe"] == "abc"


def test_a_failing_compiler_falls_back_with_one_line(
    setup_py: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(setup_py, tmp_path, "#error this compiler run must fail\n")  # does not raise
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("mobtable:")]
    assert len(lines) == 1 and "installing pure Python" in lines[0]
    assert not list(tmp_path.rglob(f"probe{SUFFIX}"))
    assert not list(tmp_path.rglob(native.MANIFEST))
