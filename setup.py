"""Compiled speed-ups, built when a C compiler is at hand.

Everything else about the package is in pyproject.toml. Each extension is
optional: where it cannot be built (no compiler, no Python headers) pip still
installs the package, which then runs its pure-Python reference code.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "pachaprint.check._ckernel",
            sources=["pachaprint/check/_ckernel.c"],
            depends=["pachaprint/check/_csettle.h"],
            optional=True,
        ),
        Extension(
            "pachaprint.engine._cengine",
            sources=[
                "pachaprint/engine/_cengine.c",
                "pachaprint/engine/_cgame.c",
                "pachaprint/engine/_crules.c",
                "pachaprint/engine/_cmoves.c",
                "pachaprint/engine/_cmt.c",
                "pachaprint/engine/_clogic.c",
            ],
            depends=["pachaprint/engine/_cengine.h", "pachaprint/check/_csettle.h"],
            optional=True,
        ),
    ]
)
