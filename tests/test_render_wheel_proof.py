"""The geometric wheel proof of docs/wheel-geometry.md section 5, read back from the rendered SVG files.

For both templates and every setting of a long (45) and a tiny (25) scenario:
the disc rotation is read from the printed marks (retail: the rim element
against the cover's pointer; volvelle45: the row's animal against the column's
element), the slider offset from the cover's animal scale against the strip's
index arrow. Then points densely sampled in each window (every 0.1 mm along its
edge, a 0.4 mm grid inside) are turned into the disc's frame and looked up
among the rendered cell areas: every point must lie in exactly one area, the
right cell's terrain area (Discovery) or crop area (Divination), whose data
attributes match the scenario file. ``volvelle45`` leaves blank card between
two slots' coloured areas (``slots.area_deg``), so a point of its windows may
also lie on no area at all, never on another cell's, and most lie on the
cell's own. The same holds with the disc set 0.5
degrees off either way. For the retail cover, the slider must hide every part
of the slot that is not a window at each stop, and no cell area may reach past
the cover's edge.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from pachaprint.model.scenario import Scenario
from pachaprint.render.wheel_templates import load_wheel
from tests.helpers import write_core_wheels, write_disc
from tests.test_render_wheel_svgread import Document, Grid, Shape, apply, matrix_angle, samples

EXAMPLES = Path(__file__).resolve().parent / "fixtures"
JITTER = (0.0, 0.5, -0.5)


def _scenario(name: str) -> Scenario:
    return Scenario.from_dict(json.loads((EXAMPLES / f"{name}.json").read_text()))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel-proof")
    files = {}
    for name in ("high-valley", "lake-shore"):
        scenario = _scenario(name)
        write_disc(scenario, out / name)
        files[name] = (scenario, out / name)
    write_core_wheels(out, "a4")
    return files, out / "core"


def _centre(doc: Document, el) -> tuple[float, float]:
    x, y = (float(v) for v in el.get("data-centre").split())
    return apply(doc.matrix[id(el)], x, y)


class Disc:
    """A rendered disc front: cell areas by (cell, area), in the disc's own frame."""

    def __init__(self, text: str):
        self.doc = Document(text)
        root = self.doc.root
        self.centre = tuple(float(v) for v in root.get("data-centre").split())
        self.cells = {}
        shapes = []
        for group in self.doc.with_data("cell"):
            if group.get("data-area") is not None:
                continue
            cell = group.get("data-cell")
            self.cells[cell] = group
            for child in group.iter():
                area = child.get("data-area")
                if area:
                    shapes.append(((cell, area), self.doc.shape(child)))
        self.areas = shapes
        self.grid = Grid(shapes)

    def areas_at(self, x: float, u: float, rotation: float) -> list:
        """Areas under axis-frame point (x, u) when the disc is turned ``rotation`` degrees counter-clockwise."""
        a = math.radians(-rotation)
        # turning a point counter-clockwise as seen, in the axis frame (x right, u up)
        xr = x * math.cos(a) - u * math.sin(a)
        ur = x * math.sin(a) + u * math.cos(a)
        cx, cy = self.centre
        return self.grid.hits(cx + xr, cy - ur)

    def mark_angle(self, ident: str) -> float:
        """Rotation of a mark group (0 = upright on the window axis)."""
        return matrix_angle(self.doc.matrix[id(self.doc.find(ident))])


def _axis_shape(doc: Document, el, origin: tuple[float, float], du: float = 0.0) -> Shape:
    """An element's outline moved into the axis frame (x right, u outwards) and shifted ``du`` along the axis."""
    shape = doc.shape(el)
    ox, oy = origin
    return Shape(el, [[(x - ox, oy - y + du) for x, y in ring] for ring in shape.rings])


def _check_window(
    disc: Disc,
    window: Shape,
    rotation: float,
    expected,
    scenario: Scenario,
    cell: str,
    blank: bool = False,
    slot: Shape | None = None,
):
    """Every point of the window shows the expected area (or, with ``blank``, no area); with
    ``slot``, every point of the window that lies over the cover's slot (elsewhere it shows
    the cover)."""
    points = samples(window, boundary_step=0.2, interior_step=0.5)
    if slot is not None:
        points = [(x, u) for x, u in points if slot.contains(x, u)]
    assert len(points) > 100
    allowed = ([expected], []) if blank else ([expected],)
    for jitter in JITTER:
        own = 0
        for x, u in points:
            hits = disc.areas_at(x, u, rotation + jitter)
            assert hits in allowed, (
                f"{cell}: window point ({x:.2f}, {u:.2f}) at {rotation + jitter:.1f} deg "
                f"shows {hits}, expected {expected}"
            )
            own += hits == [expected]
        assert own >= 0.5 * len(points), (cell, own, len(points))
    group = disc.cells[cell]
    board = scenario.board
    index = board.index(cell)
    assert group.get("data-terrain") == scenario.terrain_at(index)
    assert group.get("data-crop") == str(scenario.crop_at(index))


@pytest.mark.parametrize("name", ["high-valley", "lake-shore"])
def test_volvelle45_every_setting_shows_exactly_its_cell(rendered, name):
    files, core = rendered
    scenario, folder = files[name]
    disc = Disc((folder / "disc-front-volvelle45.svg").read_text())
    cover = Document((core / "wheel-cover-volvelle45.svg").read_text())
    cover_group = cover.find("cover")
    origin = _centre(cover, cover_group)
    windows = {
        key: _axis_shape(cover, cover.find(f"window-{key}"), origin)
        for key in ("discovery", "divination")
    }
    board = scenario.board
    seen_slots = set()
    for row in range(5):
        animal = disc.mark_angle(f"rim-animal-{row + 1}")
        for column in range(board.width):
            letter = "abcdefghi"[column]
            element = matrix_angle(cover.matrix[id(cover.find(f"scale-column-{letter}"))])
            rotation = (element - animal) % 360.0
            setting = load_wheel("volvelle45").setting(column, row)
            assert math.isclose(
                rotation, setting.rotation_deg, abs_tol=0.06
            )  # matrix entries carry 3 decimals
            cell = f"{letter}{row + 1}"
            slot = disc.cells[cell].get("id")
            assert slot == f"slot-{9 * row + column}"
            seen_slots.add(slot)
            for key, area in (("discovery", "terrain"), ("divination", "crop")):
                _check_window(disc, windows[key], rotation, (cell, area), scenario, cell, True)
    assert len(seen_slots) == 5 * board.width  # every setting selects a different slot


@pytest.mark.parametrize("name", ["high-valley", "lake-shore"])
def test_retail_every_setting_shows_exactly_its_cell(rendered, name):
    files, core = rendered
    scenario, folder = files[name]
    disc = Disc((folder / "disc-front.svg").read_text())
    sheet = Document((core / "wheel-cover.svg").read_text())
    cover_group = sheet.find("cover")
    centre = _centre(sheet, cover_group)
    slider = sheet.find("slider")
    slider_origin = _centre_of(sheet, slider, "data-origin")
    stops = [float(v) for v in slider.get("data-stops").split()]
    pointer = matrix_angle(sheet.matrix[id(sheet.find("pointer-element"))])
    index = sheet.shape(sheet.find("slider-index"))
    index_u = slider_origin[1] - max(index.rings[0])[1]  # the arrow's tip (largest x)
    board = scenario.board
    wheel = load_wheel("retail")
    slot = _axis_shape(sheet, sheet.find("cover-slot"), centre)
    for row in range(5):
        tick = _first_line(sheet, f"scale-row-{row + 1}")
        offset = (centre[1] - tick.rings[0][0][1]) - index_u
        assert math.isclose(offset, stops[row], abs_tol=1e-3)
        windows = {
            key: _axis_shape(sheet, sheet.find(f"window-{key}"), slider_origin, offset)
            for key in ("discovery", "divination")
        }
        for column in range(board.width):
            letter = "abcdefghi"[column]
            rim = disc.mark_angle(f"rim-element-{letter}")
            rotation = (pointer - rim) % 360.0
            setting = wheel.setting(column, row)
            assert math.isclose(
                rotation, setting.rotation_deg, abs_tol=0.06
            )  # matrix entries carry 3 decimals
            assert math.isclose(offset, setting.slider_mm, abs_tol=1e-3)
            cell = f"{letter}{row + 1}"
            assert disc.cells[cell].get("id") == f"cell-{cell}"
            for key, area in (("discovery", "terrain"), ("divination", "crop")):
                _check_window(disc, windows[key], rotation, (cell, area), scenario, cell, slot=slot)


def _centre_of(doc: Document, el, attribute: str) -> tuple[float, float]:
    x, y = (float(v) for v in el.get(attribute).split())
    return apply(doc.matrix[id(el)], x, y)


def _first_line(doc: Document, ident: str) -> Shape:
    group = doc.find(ident)
    line = next(el for el in group.iter() if el.tag.endswith("line"))
    m = doc.matrix[id(line)]
    p1 = apply(m, float(line.get("x1")), float(line.get("y1")))
    p2 = apply(m, float(line.get("x2")), float(line.get("y2")))
    return Shape(line, [[p1, p2]])


def _first_line_y(doc: Document, ident: str) -> float:
    line = doc.find(ident)
    return apply(doc.matrix[id(line)], float(line.get("x1")), float(line.get("y1")))[1]


def test_retail_slider_hides_the_slot_except_its_windows(rendered):
    """Over the cover the strip runs from the keeper slit to the slot's throat, where it dives
    under the cover: at every stop every point of the slot is behind the strip or in a window,
    and both ends stay tucked under the cover (the inner one past the slit, the outer one past
    the throat). Only the play beside the strip in the throat (0.1 mm a side) is open."""
    _, core = rendered
    sheet = Document((core / "wheel-cover.svg").read_text())
    centre = _centre(sheet, sheet.find("cover"))
    opening = sheet.find("cover-slot")
    slot = _axis_shape(sheet, opening, centre)
    cover_radius = float(sheet.find("cover").get("data-radius-mm"))
    throat_u0, throat_u1 = (float(v) for v in opening.get("data-throat-u-mm").split())
    slider = sheet.find("slider")
    origin = _centre_of(sheet, slider, "data-origin")
    stops = [float(v) for v in slider.get("data-stops").split()]
    body = next(el for el in slider if el.get("fill-rule") == "evenodd")
    assert len(sheet.shape(body).rings) == 3  # the strip has no hole but its two windows
    keeper = centre[1] - _first_line_y(sheet, "keeper-slit")
    play = float(load_wheel("retail").raw["cover"]["slit_play_mm"])
    assert play <= 0.2
    trim = sheet.find("slider-trim")  # the strip as cut (its bleed is cut away)
    for stop in stops:
        strip = _axis_shape(sheet, trim, origin, stop)
        windows = [
            _axis_shape(sheet, sheet.find(f"window-{k}"), origin, stop)
            for k in ("discovery", "divination")
        ]
        half = max(abs(x) for ring in strip.rings for x, _ in ring)
        for x, u in samples(slot, boundary_step=0.2, interior_step=0.3):
            if u >= throat_u0 - 0.01:  # the strip passes down the throat, the play beside it
                assert abs(x) <= half + play / 2 + 1e-6
                continue
            opaque = strip.contains(x, u) and not any(w.contains(x, u) for w in windows)
            visible = [w for w in windows if w.contains(x, u)]
            assert opaque != bool(visible), (
                f"slot point ({x:.2f}, {u:.2f}) at stop {stop}: opaque={opaque}"
            )
        ends = [u for ring in strip.rings[:1] for _, u in ring]
        assert max(ends) > throat_u1 and min(ends) < keeper  # both ends tucked under the cover
        for window in windows:
            # each window lies over the slot, where it shows the disc, or over the cover beside
            # the slot's slanted sides near the pin, where it shows the cover
            points = samples(window, interior_step=0.3)
            assert all(u < throat_u0 and math.hypot(x, u) < cover_radius for x, u in points)
            over = sum(slot.contains(x, u) for x, u in points) / len(points)
            assert over >= (0.75 if stop == stops[0] else 1.0), (stop, over)


def test_retail_cells_stay_under_the_cover(rendered):
    files, core = rendered
    sheet = Document((core / "wheel-cover.svg").read_text())
    cover_radius = float(sheet.find("cover").get("data-radius-mm"))
    disc = Disc((files["high-valley"][1] / "disc-front.svg").read_text())
    cx, cy = disc.centre
    farthest = max(
        math.hypot(x - cx, y - cy)
        for _, shape in disc.areas
        for ring in shape.rings
        for x, y in ring
    )
    assert farthest < cover_radius
    # the rim the cover leaves visible shows elements and letters only
    assert farthest < load_wheel("retail").rim_inner


def test_volvelle45_cover_has_no_other_opening(rendered):
    _, core = rendered
    cover = Document((core / "wheel-cover-volvelle45.svg").read_text())
    group = cover.find("cover")
    body = next(el for el in group if el.get("fill-rule") == "evenodd")
    rings = cover.shape(body).rings
    assert len(rings) == 3  # the outline and the two windows
    for key in ("discovery", "divination"):
        window = cover.shape(cover.find(f"window-{key}"))
        ring = window.rings[0]
        cx = sum(x for x, _ in ring) / len(ring)
        cy = sum(y for _, y in ring) / len(ring)
        assert not cover.shape(body).contains(cx, cy)  # cut out: the disc shows through
