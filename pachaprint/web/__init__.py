"""What the local browser apps (the studio, the table) share.

* :mod:`~pachaprint.web.security` - the door: token, Host and Origin checks, security headers
* :mod:`~pachaprint.web.server`   - serving on 127.0.0.1, in the foreground or a thread
* :mod:`~pachaprint.web.requests` - errors in words and JSON request bodies
"""
