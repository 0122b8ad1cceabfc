"""pachaprint studio: author a scenario disc in the browser, with the checker live.

A local web application over the library (Starlette served by uvicorn on
127.0.0.1 with a per-session token). The page paints the map; every edit goes
to :mod:`pachaprint.check` for its verdict, and the previews, PDF and digital
wheel come from :mod:`pachaprint.render`. Modules:

* :mod:`~pachaprint.studio.authoring` - verdict, explanation, generation (library calls)
* :mod:`~pachaprint.studio.documents` - library listing, opening, saving (drafts too), renaming
* :mod:`~pachaprint.studio.printing`  - SVG previews, print PDF, wheel page
* :mod:`~pachaprint.studio.page`      - the page and its assets (package data)
* :mod:`~pachaprint.studio.app`       - the routes
* :mod:`~pachaprint.studio.server`    - serving it, in the foreground or a thread

The door (token, Host and Origin checks, headers), the server, the
workspace (the only files a request may touch) and the base of the page are
:mod:`pachaprint.web`'s, shared with the table.
"""
