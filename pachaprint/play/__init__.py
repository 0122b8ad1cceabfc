"""A game people play, in the terminal or in the browser: who sits where, and its story in words.

What the terminal game (:mod:`pachaprint.terminal`) and the browser table
(:mod:`pachaprint.table`) share, below both (neither imports the other):
:mod:`~pachaprint.play.setup`, a game's configuration with a person or a bot
per seat (:class:`~pachaprint.play.setup.PlayConfig`), and
:mod:`~pachaprint.play.story`, the words that tell what happened (an event,
who acted, the verdict).
"""
