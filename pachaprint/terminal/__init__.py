"""The terminal game: people and bots at one table, in any mode (``pachaprint play``).

:mod:`~pachaprint.terminal.play` runs a game from text lines;
:mod:`~pachaprint.terminal.display` says what is shown.
"""
