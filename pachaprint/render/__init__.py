"""Rendering: one drawing model (:mod:`.draw`), SVG and PDF back ends, components, sheets."""
