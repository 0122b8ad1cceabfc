"""The site: the build's output folder as a static web site where the studio and the table run
in the browser, with no pachaprint process anywhere.

* :mod:`~pachaprint.site.worker` - the Web Worker's Python: messages to the apps' handlers
* :mod:`~pachaprint.site.bundle` - pachaprint's code and its pure-Python dependencies, one zip
* :mod:`~pachaprint.site.pages`  - the pages, their assets, the runtime: writing the site

The pages are the local apps' own (:mod:`pachaprint.studio`, :mod:`pachaprint.table`);
only the transport differs (``pachaprint/web/static/apps.js``).
"""
