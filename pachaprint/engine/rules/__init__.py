"""The rules of the game: one state for every mode, and what it is made of.

:mod:`~pachaprint.engine.rules.modes` (one class per mode: what the mode is, beside
the hooks that play it), :mod:`~pachaprint.engine.rules.config` (a game's settings),
:mod:`~pachaprint.engine.rules.state` (the flow every mode shares), its
:mod:`~pachaprint.engine.rules.table`, the :mod:`~pachaprint.engine.rules.legal`
actions, :mod:`~pachaprint.engine.rules.movement`, the tiles with arrows
(:mod:`~pachaprint.engine.rules.tiles`), the Otoma (:mod:`~pachaprint.engine.rules.otoma`,
:mod:`~pachaprint.engine.rules.trails`), the action codec
(:mod:`~pachaprint.engine.rules.actions`), the wheel
(:mod:`~pachaprint.engine.rules.oracle`), what a seat sees
(:mod:`~pachaprint.engine.rules.view`) and game logs (:mod:`~pachaprint.engine.rules.log`).
"""
