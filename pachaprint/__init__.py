"""pachaprint: author, prove, playtest and print scenario discs for Tiwanaku (Pachamama).

The package is layered, each layer importing only the ones before it:

* :mod:`pachaprint.model`  - board geometry, cells, terrain, crops, scenarios
* :mod:`pachaprint.check`  - schema, rule checker, crop solver, grading, generator
* :mod:`pachaprint.engine` - game state, movement, bots, simulation, terminal play
* :mod:`pachaprint.render` - drawing model, SVG/PDF back ends, components, sheets
* :mod:`pachaprint.pipeline`  - the whole pipeline and the gallery
* :mod:`pachaprint.cli`    - the thin Typer shell
"""

import os as _os

__version__ = "0.1.0"

if _os.environ.get("PACHAPRINT_PURE_PYTHON"):  # run the .py sources, not compiled modules
    from pachaprint._sources import prefer_sources

    prefer_sources()
