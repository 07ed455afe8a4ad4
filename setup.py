"""The optional compiled core: built when a C compiler is present, skipped when not.

Everything else about the package is in pyproject.toml. `BOGGLE_BUILD_CORE=0` skips the
core on purpose (CI uses it to test an install without a compiler); a failed compile
only warns, and the game runs on the pure-Python engine.
"""

from __future__ import annotations

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


core = Extension(
    "boggle_tui.engine._core",
    sources=["src/boggle_tui/engine/_core.c"],
    extra_compile_args=[] if sys.platform == "win32" else ["-O3", "-std=c99"],
    optional=True,
)
wanted = os.environ.get("BOGGLE_BUILD_CORE", "1") != "0"
setup(ext_modules=[core] if wanted else [], cmdclass={"build_ext": OptionalBuildExt})
