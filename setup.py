"""Builds the compiled core: the modules ``mobtable.native.COMPILED`` lists, by Cython 3.

Everything else is in ``pyproject.toml``. The build never fails for want of the compiled
core: without Cython, without a working C compiler, or with ``MOBTABLE_PURE_PYTHON=1``, it
prints one line saying why and installs the pure-Python package, which gives the same
results. Modules are cythonized and compiled two at a time (``MOBTABLE_BUILD_JOBS``).
"""

from __future__ import annotations

import hashlib
import json
import os
import runpy
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "src" / "mobtable"
# setup.py runs before mobtable is installed: read the list from the module's file
native: dict[str, Any] = runpy.run_path(str(PACKAGE / "native.py"))


def say(message: str) -> None:
    """One line on stderr, where pip shows it (``pip install -v`` for the successful case)."""
    print(f"mobtable: {message}", file=sys.stderr, flush=True)


DIGESTS: dict[str, str] = {}


def jobs() -> int:
    return max(1, int(os.environ.get("MOBTABLE_BUILD_JOBS") or min(os.cpu_count() or 1, 2)))


def extensions(environ: dict[str, str] | os._Environ[str] = os.environ) -> tuple[list[Any], str]:
    """The extension modules to build and, when there are none, why (else ``""``)."""
    if native["pure_requested"](environ):
        return [], f"{native['PURE_ENV']}=1"
    try:
        import Cython
        from Cython.Build import cythonize
    except ImportError as error:
        return [], f"Cython is not importable ({error})"
    if not Cython.__version__.startswith("3."):
        return [], f"Cython {Cython.__version__} is not Cython 3"
    sources = native["compiled_sources"](PACKAGE)
    DIGESTS.clear()  # what the C is made from, for the manifest (see mobtable.native)
    DIGESTS.update({native["module_name"](p, PACKAGE): native["source_digest"](p) for p in sources})
    modules = [
        Extension(native["module_name"](source, PACKAGE), [str(source.relative_to(HERE))])
        for source in sources
    ]
    # annotations are never C types or argument checks: a compiled module takes and
    # computes what its .py source would (``text: str`` must accept None and raise the
    # engine's own error; ``x: float`` must not turn an int into a double)
    directives = {"language_level": 3, "annotation_typing": False}
    # cythonize regenerates C only for sources newer than it: other settings, other folder
    key = hashlib.sha1(repr((Cython.__version__, sorted(directives.items()))).encode())
    try:
        built = cythonize(
            modules,
            nthreads=jobs(),
            quiet=True,
            build_dir=f"build/cython-{key.hexdigest()[:10]}",  # the generated C stays out of src/
            compiler_directives=directives,
        )
    except Exception as error:  # a Cython failure falls back like a compiler failure
        return [], f"Cython {Cython.__version__} could not translate the sources ({error})"
    return list(built), ""


class OptionalBuildExt(build_ext):
    """``build_ext`` that installs pure Python when the C compiler fails, instead of failing."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = jobs()

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:
            self._fall_back(error)
            return
        for manifest in self._manifests():
            os.makedirs(os.path.dirname(manifest), exist_ok=True)
            with open(manifest, "w", encoding="utf-8") as file:
                json.dump(DIGESTS, file, indent=0, sort_keys=True)
        say(f"compiled {len(self.extensions)} modules with Cython ({self.parallel} jobs)")

    def _manifests(self) -> list[str]:
        """Where the manifest of source digests goes: the build, and the source tree too
        when the compiled modules are copied there (editable or in-place builds)."""
        paths = [os.path.join(self.build_lib, "mobtable", native["MANIFEST"])]
        if self._in_source():
            paths.append(str(PACKAGE / native["MANIFEST"]))
        return paths

    def _in_source(self) -> bool:
        return bool(self.inplace or getattr(self, "editable_mode", False))

    def _fall_back(self, error: BaseException) -> None:
        """Remove whatever part of the core was built, so the install is wholly pure Python."""
        built = [self.get_ext_fullpath(ext.name) for ext in self.extensions]
        if self._in_source():
            built += [self._inplace_path(ext.name) for ext in self.extensions]
        for path in [*built, *self._manifests()]:
            if os.path.exists(path):
                os.remove(path)
        detail = " ".join(str(error).split())
        if len(detail) > 160:  # a compiler's whole command line: its start and its end
            detail = f"{detail[:90]} ... {detail[-60:]}"
        say(
            f"the compiled core could not be built ({type(error).__name__}: {detail}); "
            "installing pure Python (same results, slower)"
        )

    def _inplace_path(self, name: str) -> str:
        """Where an in-place (editable) build puts ``name``'s compiled module."""
        filename = self.get_ext_filename(name).rpartition(os.sep)[2]
        parts = name.split(".")
        return str(PACKAGE.parent.joinpath(*parts[:-1], filename))


BUILDS_ONLY = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}

if __name__ == "__main__":
    ext_modules, reason = extensions()
    if reason and BUILDS_ONLY.intersection(sys.argv[1:]):  # once, not for pip's metadata steps
        say(f"installing pure Python, not the compiled core: {reason}")
    setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
