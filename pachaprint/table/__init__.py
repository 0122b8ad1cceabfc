"""pachaprint table: play a disc in the browser, people and bots at one screen, in every mode.

A local web application over the one engine (Starlette served by uvicorn on
127.0.0.1 with a per-session token, behind the door the studio uses:
:mod:`pachaprint.web`). The server holds the game and its hidden map; the page
gets only what the rules let the players see. Modules:

* :mod:`~pachaprint.table.game`     - the game the server holds: seats, bots, undo, replays
* :mod:`~pachaprint.table.seen`     - what the page may see: the public table, choices, story
* :mod:`~pachaprint.table.pictures` - the board drawn with the print's components
* :mod:`~pachaprint.table.panels`   - the diversity board, score track, supplies and hands
* :mod:`~pachaprint.table.session`  - one session: the disc, the game, saved games
* :mod:`~pachaprint.table.page`     - the page and its assets (package data)
* :mod:`~pachaprint.table.app`      - the routes
* :mod:`~pachaprint.table.server`   - serving it, in the foreground or a thread
"""
