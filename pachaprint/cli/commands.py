"""Import every command module so that each registers itself on the app.

Add one line here per command module; the modules themselves stay independent.
"""

from pachaprint.cli import validate  # noqa: F401
from pachaprint.cli import build  # noqa: F401
from pachaprint.cli import wheel  # noqa: F401
from pachaprint.cli import hint  # noqa: F401
from pachaprint.cli import new  # noqa: F401
from pachaprint.cli import simulate  # noqa: F401
from pachaprint.cli import play  # noqa: F401
from pachaprint.cli import render  # noqa: F401
from pachaprint.cli import calibrate  # noqa: F401
