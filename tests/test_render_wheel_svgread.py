"""Reading rendered SVG back as geometry, for the wheel proofs (test helper).

Independent of the renderer's own geometry code: it parses the SVG text
(transforms, path data with lines and circular arcs, polygons) into polygons
in document millimetres and answers point-in-shape questions.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def compose(m: Matrix, n: Matrix) -> Matrix:
    """m after n (n applied first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def parse_transform(text: str | None) -> Matrix:
    m = IDENTITY
    if not text:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = [float(t) for t in re.split(r"[\s,]+", args.strip()) if t]
        if name == "translate":
            n = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "matrix":
            n = tuple(v)  # type: ignore[assignment]
        elif name == "scale":
            n = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate":
            a = math.radians(v[0])
            n = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0)
            if len(v) == 3:
                n = compose(compose((1, 0, 0, 1, v[1], v[2]), n), (1, 0, 0, 1, -v[1], -v[2]))
        else:
            raise ValueError(f"unsupported transform {name}")
        m = compose(m, n)
    return m


def matrix_angle(m: Matrix) -> float:
    """Counter-clockwise (as seen, y down) rotation of a matrix, degrees in [0, 360)."""
    a, b = m[0], m[1]
    return math.degrees(math.atan2(-b, a)) % 360.0


_TOKEN = re.compile(r"[MLACZHVmlaczhv]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")


def _arc_points(p0, p1, r, large, sweep, step_deg=1.0):
    """Points along a circular SVG arc from p0 to p1 (excluding p0)."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = (x0 - x1) / 2, (y0 - y1) / 2
    d2 = dx * dx + dy * dy
    r = max(r, math.sqrt(d2))
    h = math.sqrt(max(r * r - d2, 0.0))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.sqrt(d2) or 1.0
    ux, uy = dy / length, -dx / length
    sign = 1.0 if large != sweep else -1.0
    cx, cy = mx + sign * h * ux, my + sign * h * uy
    a0 = math.atan2(y0 - cy, x0 - cx)
    a1 = math.atan2(y1 - cy, x1 - cx)
    delta = a1 - a0
    if sweep and delta < 0:
        delta += 2 * math.pi
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    n = max(2, int(abs(math.degrees(delta)) / step_deg) + 1)
    return [
        (cx + r * math.cos(a0 + delta * i / n), cy + r * math.sin(a0 + delta * i / n))
        for i in range(1, n + 1)
    ]


def path_rings(d: str) -> list[list[tuple[float, float]]]:
    """Sub-paths of path data as point lists (arcs flattened, curves by their end points and controls)."""
    tokens = _TOKEN.findall(d)
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    i, cmd = 0, ""
    cur = (0.0, 0.0)

    def take(n):
        nonlocal i
        vals = [float(t) for t in tokens[i : i + n]]
        i += n
        return vals

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if ring:
                    rings.append(ring)
                    cur = ring[0]
                ring = []
                continue
        if cmd == "M":
            if ring:
                rings.append(ring)
            cur = tuple(take(2))
            ring = [cur]
            cmd = "L"
        elif cmd == "L":
            cur = tuple(take(2))
            ring.append(cur)
        elif cmd == "C":
            v = take(6)
            ring.extend([(v[0], v[1]), (v[2], v[3]), (v[4], v[5])])
            cur = (v[4], v[5])
        elif cmd == "A":
            rx, _ry, _rot, large, sweep, x, y = take(7)
            if not ring:
                ring = [cur]
            ring.extend(_arc_points(cur, (x, y), rx, int(large), int(sweep)))
            cur = (x, y)
        else:
            raise ValueError(f"unsupported path command {cmd}")
    if ring:
        rings.append(ring)
    return rings


@dataclass
class Shape:
    """A filled outline in document coordinates (even-odd over its rings)."""

    element: ET.Element
    rings: list[list[tuple[float, float]]]

    def __post_init__(self):
        xs = [x for r in self.rings for x, _ in r]
        ys = [y for r in self.rings for _, y in r]
        self.bbox = (min(xs), min(ys), max(xs), max(ys))

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        inside = False
        for ring in self.rings:
            n = len(ring)
            for k in range(n):
                ax, ay = ring[k]
                bx, by = ring[(k + 1) % n]
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
        return inside


class Document:
    """A parsed SVG: every element with its total transform."""

    def __init__(self, text: str):
        self.root = ET.fromstring(text)
        self.matrix: dict[int, Matrix] = {}
        self.parent: dict[int, ET.Element] = {}
        self._walk(self.root, IDENTITY)
        self.by_id = {el.get("id"): el for el in self.root.iter() if el.get("id")}

    def _walk(self, el: ET.Element, m: Matrix) -> None:
        m = compose(m, parse_transform(el.get("transform")))
        self.matrix[id(el)] = m
        for child in el:
            self.parent[id(child)] = el
            self._walk(child, m)

    def shape(self, el: ET.Element) -> Shape:
        """An element's outline in document coordinates (path, polygon, rect or circle)."""
        m = self.matrix[id(el)]
        tag = el.tag.replace(SVG, "")
        if tag == "path":
            rings = path_rings(el.get("d"))
        elif tag in ("polygon", "polyline"):
            pts = [tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
            rings = [pts]
        elif tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            rings = [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]]
        elif tag == "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            rings = [
                [
                    (cx + r * math.cos(math.radians(a / 4)), cy + r * math.sin(math.radians(a / 4)))
                    for a in range(0, 1440)
                ]
            ]
        else:
            raise ValueError(f"no outline for <{tag}>")
        return Shape(el, [[apply(m, x, y) for x, y in ring] for ring in rings])

    def clip_of(self, el: ET.Element) -> Shape:
        """The outline of an element's ``clip-path``, in document coordinates."""
        ident = el.get("clip-path", "")[len("url(#") : -1]
        clip = next(iter(self.find(ident)))
        local = self.shape(clip)  # in the clip's own (user space) coordinates
        m = self.matrix[id(el)]
        return Shape(clip, [[apply(m, x, y) for x, y in ring] for ring in local.rings])

    def find(self, ident: str) -> ET.Element:
        el = self.by_id.get(ident)
        assert el is not None, f"no element with id={ident!r}"
        return el

    def with_data(self, key: str) -> list[ET.Element]:
        return [el for el in self.root.iter() if el.get(f"data-{key}") is not None]

    def texts(self) -> list[ET.Element]:
        return [el for el in self.root.iter() if el.tag == f"{SVG}text"]


class Grid:
    """Shapes bucketed on a square grid for fast point look-ups."""

    def __init__(self, shapes: list[tuple[object, Shape]], step: float = 5.0):
        self.step = step
        self.buckets: dict[tuple[int, int], list[tuple[object, Shape]]] = {}
        for key, shape in shapes:
            x0, y0, x1, y1 = shape.bbox
            for i in range(int(x0 // step), int(x1 // step) + 1):
                for j in range(int(y0 // step), int(y1 // step) + 1):
                    self.buckets.setdefault((i, j), []).append((key, shape))

    def hits(self, x: float, y: float) -> list[object]:
        bucket = self.buckets.get((int(x // self.step), int(y // self.step)), [])
        return [key for key, shape in bucket if shape.contains(x, y)]


def samples(
    shape: Shape, boundary_step: float = 0.1, interior_step: float = 0.4, inset: float = 1e-3
):
    """Points on a shape's outline (every ``boundary_step`` mm, nudged inside) and on a grid inside it."""
    pts = []
    ring = shape.rings[0]
    cx = sum(x for x, _ in ring) / len(ring)
    cy = sum(y for _, y in ring) / len(ring)
    for k in range(len(ring)):
        (ax, ay), (bx, by) = ring[k], ring[(k + 1) % len(ring)]
        n = max(1, int(math.dist((ax, ay), (bx, by)) / boundary_step))
        for t in range(n):
            x, y = ax + (bx - ax) * t / n, ay + (by - ay) * t / n
            # nudge towards the centre so the point is strictly inside
            dx, dy = cx - x, cy - y
            norm = math.hypot(dx, dy) or 1.0
            pts.append((x + dx / norm * inset, y + dy / norm * inset))
    x0, y0, x1, y1 = shape.bbox
    y = y0 + interior_step / 2
    while y < y1:
        x = x0 + interior_step / 2
        while x < x1:
            if shape.contains(x, y):
                pts.append((x, y))
            x += interior_step
        y += interior_step
    return pts


# --------------------------------------------------------------------------- the reader's own checks


def test_arcs_are_read_as_circles_on_the_right_side():
    # quarter circle from the top to the left, counter-clockwise as seen (sweep 0), closed through the centre
    shape = Shape(None, path_rings("M0 -10A10 10 0 0 0 -10 0L0 0Z"))
    assert all(abs(math.hypot(x, y) - 10) < 1e-9 for x, y in shape.rings[0][1:-1])
    assert shape.contains(-5, -5) and not shape.contains(5, -5) and not shape.contains(-5, 5)
    # the same end points with sweep 1 go the long way round (three quarters)
    long_way = Shape(None, path_rings("M0 -10A10 10 0 1 1 -10 0L0 0Z"))
    assert long_way.contains(5, 5) and not long_way.contains(-5, -5)


def test_transforms_compose_like_svg():
    doc = Document(
        '<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(10 20)">'
        '<g transform="matrix(0 -1 1 0 0 0)"><rect id="r" x="0" y="0" width="2" height="1"/></g></g></svg>'
    )
    rect = doc.shape(doc.find("r"))
    assert rect.rings[0][1] == (
        10.0,
        18.0,
    )  # (2, 0) turned 90 degrees counter-clockwise as seen, then moved
    assert matrix_angle(doc.matrix[id(doc.find("r"))]) == 90.0
