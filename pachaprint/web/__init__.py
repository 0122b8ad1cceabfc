"""What the local browser apps (the studio, the table) share.

* :mod:`~pachaprint.web.security` - the door: token, Host and Origin checks, security headers
* :mod:`~pachaprint.web.server`   - serving on 127.0.0.1, in the foreground or a thread
* :mod:`~pachaprint.web.requests` - errors in words, JSON request bodies, the page's routes
* :mod:`~pachaprint.web.assets`   - an app's page and assets, after the base every page shares
  (``static/apps.css`` and ``static/apps.js``)
* :mod:`~pachaprint.web.workspace` - the only files a request may touch
"""
