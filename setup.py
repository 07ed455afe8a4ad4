"""The optional compiled core: built when a C compiler is present, skipped when not.

Everything else about the package is in pyproject.toml. `BOGGLE_BUILD_CORE=0` skips the
core on purpose (CI uses it to test an install without a compiler); a failed compile
only warns, and the game runs on the pure-Python engine.
"""

from __future__ import annotations

import hashlib
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all, say
            _skipped(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler failed on this machine
            _skipped(error)


def _skipped(error: Exception) -> None:
    print(f"boggle-tui: no compiled core ({error}); the pure-Python engine will be used", file=sys.stderr)


# The module's own source first (its init registers the rest), then the prover (core/prove.c).
SOURCES = ["core/_boggle_core.c", "core/prove.c"]
# The core is a top-level module, so a checkout's own boggle_tui (which has no build of it) uses the installed
# one; the sources' hash built into it lets boggle_tui/engine/core.py refuse a core built from other sources.
source_hash = hashlib.sha256()
for path in SOURCES:
    with open(path, "rb") as source:
        source_hash.update(source.read())
source_sha256 = source_hash.hexdigest()
core = Extension(
    "_boggle_core",
    sources=SOURCES,
    define_macros=[("SOURCE_SHA256", f'"{source_sha256}"')],
    extra_compile_args=[] if sys.platform == "win32" else ["-O3", "-std=c99"],
    optional=True,
)
wanted = os.environ.get("BOGGLE_BUILD_CORE", "1") != "0"
setup(ext_modules=[core] if wanted else [], cmdclass={"build_ext": OptionalBuildExt})
