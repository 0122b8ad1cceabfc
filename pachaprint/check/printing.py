"""Warnings about how a scenario's words will print (``name-fit``, ``missing-glyph``).

The disc back sets the name in a box (two lines, then smaller, never below
6 pt) and replaces characters the embedded fonts lack with a visible stand-in.
Both are fine to print, but an author should know: ``validate`` warns with
the same measurements the renderer uses (:mod:`pachaprint.textfit`, a width
table; no PDF library is imported here).
"""

from __future__ import annotations

from pachaprint.check.problems import Problem, Rule
from pachaprint.model.scenario import Scenario
from pachaprint.resources import load_template, shipped_wheels
from pachaprint.textfit import describe, disc_back_box, fit_in, missing_characters


def _radius() -> float:
    """The smallest disc radius of the shipped wheel templates (the tightest disc back)."""
    return min(
        float(load_template(f"wheel/{name}.json")["disc"]["radius_mm"]) for name in shipped_wheels()
    )


def print_warnings(scenario: Scenario) -> list[Problem]:
    """``name-fit`` when the disc back had to wrap or shrink the name; ``missing-glyph`` per field."""
    found: list[Problem] = []
    fields = [("name", scenario.name), ("author", scenario.author or "")]
    for field, text in fields:
        missing = missing_characters(text)
        if missing:
            shown = "; ".join(
                f"{describe(c)}, printed as '{stand_in}'"
                if stand_in
                else f"{describe(c)}, left out"
                for c, stand_in in missing
            )
            found.append(
                Problem(
                    Rule.GLYPH,
                    f"{field}: the embedded fonts have no glyph for {shown}",
                    pointer=f"/{field}",
                )
            )
    box = disc_back_box("name", _radius())
    fitted = fit_in(box, scenario.name)
    if fitted.wrapped or fitted.shrunk:
        how = "two lines" if fitted.wrapped else "one line"
        found.append(
            Problem(
                Rule.NAME_FIT,
                f"name: too long for one line at {box.size_pt:g} pt on the disc back; "
                f"it prints on {how} at {fitted.size_pt:g} pt",
                pointer="/name",
            )
        )
    return found
