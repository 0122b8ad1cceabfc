"""Which file names each unit of a build can make: the build's own layout, as a check.

A record read back from the manifest or its journal names a unit and the
files it made. Before the build trusts such a record (to skip a unit, or to
remove what a unit no longer makes) every name must be one that unit's own
layout gives, whatever the record says:

==========================  ===============================================================
unit                        its files
==========================  ===============================================================
``scenario:<id>``           ``scenarios/<id>/<file>``: its discs, report, charts, previews, wheel
``core``                    ``core/<component>.svg`` or ``.pdf``, ``pnp/pachaprint-core-<paper>.pdf``
                            (and its ``-print-shop.pdf``)
``pnp:<paper>...``          the one discs PDF the unit's name spells
                            (:class:`~pachaprint.pipeline.volumes.Volume`), and its
                            ``-print-shop.pdf``
``index``                   ``index.html``
``site``                    ``studio.html``, ``table.html``, ``site/<asset>``: the pages' assets,
                            the worker, the bundle and the runtime (:mod:`pachaprint.site`)
==========================  ===============================================================

Ids, template names and file names are lower-case ASCII (the schemas' own
patterns), so a name that differs only by case or by Unicode normalisation,
which some file systems treat as the same file, is no name of the layout.
"""

from __future__ import annotations

import re

from pachaprint.model.printing import papers
from pachaprint.pipeline.names import unsafe_output_name

_ID = r"[a-z0-9][a-z0-9-]{0,39}"
"""A scenario id or a wheel template's name (both schemas' pattern)."""
_PAPER = "|".join(papers())
_SCENARIO_UNIT = re.compile(rf"scenario:({_ID})")
_SCENARIO_FILE = re.compile(
    rf"/(?:disc-back|disc-front(?:-{_ID})?)\.(?:pdf|svg)"  # render.disc_files
    r"|/wheel\.html"  # render.webwheel
    r"|/preview-(?:back|front)\.png"  # pipeline.previews
    r"|/report\.(?:json|md|html)"  # pipeline.reports, pipeline.report_page
    r"|/chart-[a-z]{1,20}\.svg"  # render.charts
)
"""A scenario's files, after ``scenarios/<id>``."""
CORE_STEMS = (
    "board",
    "diversity-board",
    "tiles-terrain",
    "tiles-crops",
    "tokens",
    "reference-card",
    "score-track",
    "pieces",
    "screens",
)
"""The core components' files (``render.core.COMPONENTS``, its pieces and screens: a test
keeps the two lists equal)."""
_PRINT_SHOP = "-print-shop"
"""A print-and-play PDF's print-shop file adds this to its stem (``render.printshop``)."""
_CORE_FILE = re.compile(
    rf"core/(?:{'|'.join(CORE_STEMS)})\.(?:pdf|svg)"
    rf"|core/wheel-cover(?:-{_ID})?(?:-(?:{_PAPER}))?\.(?:pdf|svg)"
    rf"|core/calibration-disc(?:-(?:{_PAPER}))?\.(?:pdf|svg)"
    rf"|pnp/pachaprint-core-(?:{_PAPER})(?:{_PRINT_SHOP})?\.pdf"
)
_SITE_FILE = re.compile(
    r"studio\.html|table\.html"  # site.pages.PAGES
    r"|site/[a-z][a-z0-9-]{0,40}\.(?:js|css)"  # the pages' assets and the worker
    r"|site/pachaprint-site\.(?:tar\.gz|zip)"  # site.bundle.NAME (.zip: an earlier build's)
    r"|site/pyodide/(?:pyodide\.mjs|pyodide\.asm\.mjs|pyodide\.asm\.wasm|python_stdlib\.zip"
    r"|pyodide-lock\.json|package\.json)"  # site.runtime.RUNTIME_FILES, with --pyodide DIR
)
"""The site's files (``site.pages.site_files``: a test keeps them in the layout)."""
_DISCS_UNIT = re.compile(rf"pnp:({_PAPER})(?::({_ID}))?(?::([1-9][0-9]{{0,5}}))?")


def _discs_names(unit: str) -> list[re.Pattern[str]]:
    """The names a discs unit can have (``pnp:a4:3`` is retail's volume 3, or the single
    file of a template named ``3``)."""
    match = _DISCS_UNIT.fullmatch(unit)
    if match is None:
        return []
    paper, second, number = match.groups()
    readings = [(second, number)]
    if second is not None and number is None and second.isdecimal() and second[0] != "0":
        readings.append((None, second))  # the digits may be a volume of retail
    found = []
    for wheel, volume in readings:
        stem = f"pnp/pachaprint-discs-{paper}" + ("" if wheel is None else f"-{wheel}")
        if wheel == "retail":
            continue  # retail's files carry no template name
        if volume is None:
            found.append(re.compile(re.escape(stem) + rf"(?:{_PRINT_SHOP})?\.pdf"))
        else:  # as wide as the count of volumes needs, at least two digits
            width = f"{{{max(0, 2 - len(volume))},}}"
            volume_stem = re.escape(stem) + f"-vol0{width}{volume}"
            found.append(re.compile(volume_stem + rf"(?:{_PRINT_SHOP})?\.pdf"))
    return found


def layout_refusal(unit: object, name: object) -> str | None:
    """Why the build's layout gives ``unit`` no file ``name`` (in words), or ``None`` when
    it does. Names that are not plain relative paths inside OUT are refused first
    (:func:`~pachaprint.pipeline.names.unsafe_output_name`)."""
    reason = unsafe_output_name(name)
    if reason is not None:
        return reason
    assert isinstance(name, str)
    if not isinstance(unit, str):
        return "its unit is not text"
    if unit == "index":
        fits = name == "index.html"
    elif unit == "core":
        fits = _CORE_FILE.fullmatch(name) is not None
    elif unit == "site":
        fits = _SITE_FILE.fullmatch(name) is not None
    elif (scenario := _SCENARIO_UNIT.fullmatch(unit)) is not None:
        folder = f"scenarios/{scenario.group(1)}"
        fits = (
            name.startswith(folder)
            and re.fullmatch(_SCENARIO_FILE, name[len(folder) :]) is not None
        )
    elif unit.startswith("pnp:"):
        patterns = _discs_names(unit)
        if not patterns:
            return "the build makes no unit of that name"
        fits = any(pattern.fullmatch(name) for pattern in patterns)
    else:
        return "the build makes no unit of that name"
    return None if fits else "not a file the build makes for that unit"
