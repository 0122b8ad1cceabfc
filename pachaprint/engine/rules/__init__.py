"""The rules of the game: one state for every mode, and what it is made of.

:mod:`~pachaprint.engine.rules.config` (the settings and what each mode changes),
:mod:`~pachaprint.engine.rules.state` (the game state), its
:mod:`~pachaprint.engine.rules.table`, the :mod:`~pachaprint.engine.rules.legal`
actions, :mod:`~pachaprint.engine.rules.movement`, the tiles with arrows
(:mod:`~pachaprint.engine.rules.tiles`), the Otoma (:mod:`~pachaprint.engine.rules.otoma`,
:mod:`~pachaprint.engine.rules.trails`), the action codec
(:mod:`~pachaprint.engine.rules.actions`), the wheel
(:mod:`~pachaprint.engine.rules.oracle`), what a seat sees
(:mod:`~pachaprint.engine.rules.view`) and game logs (:mod:`~pachaprint.engine.rules.log`).
"""
