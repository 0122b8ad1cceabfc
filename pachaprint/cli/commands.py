"""Import every command module so that each registers itself on the app.

Add one line here per command module; the modules themselves stay independent.
"""

from pachaprint.cli import (
    build,  # noqa: F401
    calibrate,  # noqa: F401
    hint,  # noqa: F401
    new,  # noqa: F401
    play,  # noqa: F401
    render,  # noqa: F401
    simulate,  # noqa: F401
    studio,  # noqa: F401
    validate,  # noqa: F401
    wheel,  # noqa: F401
)
