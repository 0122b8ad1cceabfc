"""Core components as data and drawings: templates, symbols, texts, imposition."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from pachaprint.model.printing import PrintSettings
from pachaprint.model.rules import (
    BOX_CROP_TILES,
    BOX_TERRAIN_TILES,
    CROP_LEVELS,
    OFFERING_POINTS,
    OFFERING_TOKENS_PER_TYPE,
    PLAYER_COUNTS,
    TERRAIN_LETTERS,
    explorer_pawns,
)
from pachaprint.render import draw as d
from pachaprint.render import symbols
from pachaprint.render.components import board, crop_tiles, reference_card, terrain_tiles, tokens
from pachaprint.render.components.print_test import alignment_sheets
from pachaprint.render.fonts import BOLD, REGULAR, font_path
from pachaprint.render.sheets import body_area, fit_or_tile, impose, paper
from pachaprint.render.texts import LANGUAGES, texts
from pachaprint.resources import load_template
from tests.helpers import both_wheels

EN = PrintSettings()


def test_arrow_template_is_the_box_and_balanced_per_terrain():
    backs = terrain_tiles.arrow_template()
    assert Counter(b.terrain for b in backs) == Counter(BOX_TERRAIN_TILES)
    assert len({b.tile for b in backs}) == len(backs)
    for letter in TERRAIN_LETTERS:
        mine = [b for b in backs if b.terrain == letter]
        colours = Counter(b.arrow for b in mine)
        directions = Counter(b.direction for b in mine)
        assert set(colours) == set(symbols.palette()["pawns"]), letter
        assert max(colours.values()) - min(colours.values()) <= 1, (letter, colours)
        assert set(directions) == {"N", "E", "S", "W"}
        assert max(directions.values()) - min(directions.values()) <= 1, (letter, directions)


def test_trails_follow_the_ruling_and_use_every_edge_end_once():
    trails = {frozenset(pair) for pair in load_template("board.json")["trails"]}
    ruling = {
        ("top-a", "top-b"),
        ("top-c", "top-d"),
        ("top-e", "top-f"),
        ("top-g", "top-h"),
        ("right-2", "right-3"),
        ("right-4", "right-5"),
        ("bottom-b", "bottom-c"),
        ("bottom-d", "bottom-e"),
        ("bottom-f", "bottom-g"),
        ("bottom-h", "bottom-i"),
        ("left-1", "left-2"),
        ("left-3", "left-4"),
        ("top-i", "right-1"),
        ("bottom-a", "left-5"),
    }
    assert trails == {frozenset(p) for p in ruling}
    ends = [e for pair in load_template("board.json")["trails"] for e in pair]
    every = [f"{s}-{c}" for s in ("top", "bottom") for c in "abcdefghi"] + [
        f"{s}-{r}" for s in ("left", "right") for r in range(1, 6)
    ]
    assert sorted(ends) == sorted(every)


def test_trail_lines_start_and_end_on_their_cells_edges():
    g = board.geometry()
    path = board.trail_path(g, "top-i", "right-1")
    assert path[0] == pytest.approx((g.left + 8.5 * g.cell, g.top))
    assert path[-1] == pytest.approx((g.right, g.top + 0.5 * g.cell))
    # the corner trail turns once, outside the grid
    assert path[2][0] > g.right and path[2][1] < g.top
    u = board.trail_path(g, "bottom-b", "bottom-c")
    assert all(p[1] >= g.bottom for p in u)


def test_board_cells_have_the_cell_pitch_and_ids():
    drawing = board.board(EN, cell_mm=30)
    cells = {
        item.id: item for item, _ in d.walk(drawing.items) if (item.id or "").startswith("board-")
    }
    assert len(cells) == 45
    a1 = cells["board-a1"].items[0]
    b2 = cells["board-b2"].items[0]
    assert (a1.w, a1.h) == (30, 30) and (b2.x - a1.x, b2.y - a1.y) == (30, 30)
    assert drawing.width_mm == pytest.approx(board.geometry(30).width)


def test_every_symbol_of_the_brief_exists_and_stays_in_its_box():
    wanted = {
        "terrains": {"valley", "desert", "forest", "mountain"},
        "crops": {"sweet-potato", "coca-leaf", "chili-pepper", "corn", "quinoa"},
        "elements": {
            "water",
            "leaf",
            "element-mountain",
            "fire",
            "sun",
            "rainbow",
            "cloud",
            "moon",
            "star",
        },
        "animals": {"condor", "lizard", "puma", "snake", "turtle"},
    }
    for group, names in wanted.items():
        assert set(symbols.names(group)) == names
    assert {"llama", "pawn", "arrow"} <= set(symbols.names("marks"))
    tpl = load_template("board.json")
    for name in tpl["elements"]:
        assert symbols.element_symbol(name) in wanted["elements"]
    assert set(tpl["animals"]) == wanted["animals"]
    for name in symbols.names():
        sym = symbols.symbol(name)
        for item, m in d.walk(sym.items):
            points = []
            if isinstance(item, d.Polygon):
                points = item.points
            elif isinstance(item, d.Path):
                points = [op[-2:] for op in d.path_ops(item.segments, curves=True) if op[0] != "Z"]
            for x, y in (d.apply(m, *p) for p in points):
                assert -2 <= x <= sym.width + 2 and -2 <= y <= sym.height + 2, (name, x, y)


def test_palette_pairs_every_colour_with_a_symbol_or_letter():
    pal = symbols.palette()
    colours = []
    for letter in TERRAIN_LETTERS:
        sw = symbols.terrain(letter, pal)
        assert sw.symbol in symbols.names("terrains") and sw.letter == letter
        colours.append(sw.colour)
    for level in CROP_LEVELS:
        sw = symbols.crop(level, pal)
        assert sw.symbol in symbols.names("crops") and sw.letter == str(level)
    letters = [symbols.pawn(c, pal).letter for c in pal["pawns"]]
    assert len(set(letters)) == len(letters) == 6
    assert len(set(colours)) == 4


def test_path_data_parser():
    segs = symbols.parse_path("M10 20 l5 0 H30 v-5 Q40 10 50 15 C60 20 70 20 80 15 Z")
    assert segs[0] == d.MoveTo(10, 20) and segs[1] == d.LineTo(15, 20)
    assert segs[2] == d.LineTo(30, 20) and segs[3] == d.LineTo(30, 15)
    assert isinstance(segs[4], d.CurveTo) and (segs[4].x, segs[4].y) == (50, 15)
    assert isinstance(segs[-1], d.Close)
    with pytest.raises(ValueError):
        symbols.parse_path("M10 20 A5 5 0 0 0 10 10")


def test_piece_counts_and_sizes_come_from_the_rules():
    crops = crop_tiles.pieces(EN)
    assert Counter(int(dict(p.front.metadata)["crop"]) for p in crops) == Counter(BOX_CROP_TILES)
    cell = load_template("board.json")["cell_mm"]
    sizes = [crop_tiles.diameter(level) for level in CROP_LEVELS]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes) and sizes[-1] < cell
    assert len(tokens.pieces(EN)) == OFFERING_TOKENS_PER_TYPE * len(CROP_LEVELS)
    assert all(p.cut == "circle" for p in crops)
    tiles = terrain_tiles.pieces(EN)
    assert len(tiles) == sum(BOX_TERRAIN_TILES.values())
    assert all(p.front.width_mm == cell and p.back is not None for p in tiles)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_printed_character_is_in_the_embedded_font(lang):
    faces = [TTFont(name, font_path(name)) for name in (REGULAR, BOLD)]

    def strings(node):
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            for v in node.values():
                yield from strings(v)
        elif isinstance(node, list):
            for v in node:
                yield from strings(v)

    missing = {
        ch
        for s in strings(texts(lang))
        for ch in s
        for f in faces
        if ord(ch) not in f.face.charToGlyph
    }
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reference_card_carries_the_rule_numbers(lang):
    front, back = reference_card.faces(PrintSettings(lang=lang))
    front_text = " ".join(i.text for i, _ in d.walk(front.items) if isinstance(i, d.Text))
    back_text = [i.text for i, _ in d.walk(back.items) if isinstance(i, d.Text)]
    for players in PLAYER_COUNTS:
        assert str(explorer_pawns(players)) in front_text
    for k in range(1, len(OFFERING_POINTS)):
        assert str(OFFERING_POINTS[k]) in back_text
    for level in CROP_LEVELS:
        assert f"-{level}" in back_text and str(BOX_CROP_TILES[level]) in back_text
        assert texts(lang)["crops"][str(level)] in back_text
    for item, _ in d.walk(front.items + back.items):
        if isinstance(item, d.Text):
            assert item.size_pt >= 7.0
            assert item.baseline() <= front.height_mm - 5


def _placements(sheet):
    """id -> (x, y) of each placed face group (its translation on the page)."""
    return {
        i.id: (i.transform[4], i.transform[5])
        for i in sheet.items
        if isinstance(i, d.Group) and i.id
    }


@pytest.mark.parametrize("key", ["a4", "letter"])
def test_backs_sit_behind_their_fronts_on_long_edge_duplex(key):
    p = paper(key)
    pieces = terrain_tiles.pieces(EN)
    sheets = impose(pieces, p, EN, label="tiles")
    assert [s.side for s in sheets] == ["front", "back"] * (len(sheets) // 2)
    seen = 0
    for front, back in zip(sheets[::2], sheets[1::2], strict=False):
        fronts, backs = _placements(front), _placements(back)
        for name, (x, y) in fronts.items():
            size = 25.0
            bx, by = backs[f"{name}-back"]
            assert bx == pytest.approx(p.width - x - size) and by == pytest.approx(y)
            seen += 1
        area = body_area(p)
        for x, y in fronts.values():
            assert area.x - 1e-6 <= x - 3 and x + 28 <= area.x + area.w + 1e-6
            assert area.y - 1e-6 <= y - 3 and y + 28 <= area.y + area.h + 1e-6
    assert seen == len(pieces)


def test_alignment_crosses_register_when_mirrored():
    front, back = alignment_sheets("a4", EN)
    w = paper("a4").width

    def crosses(sheet):
        return sorted(
            (round(i.cx, 6), round(i.cy, 6)) for i in sheet.items if isinstance(i, d.Circle)
        )

    assert sorted((round(w - x, 6), y) for x, y in crosses(front)) == crosses(back)
    assert len(crosses(front)) == 5


def test_a_board_too_big_for_the_page_is_tiled_with_overlap_and_glue():
    drawing = board.board(EN, cell_mm=32)
    p = paper("letter")
    sheets = fit_or_tile(drawing, p, EN, label="Board")
    assert len(sheets) > 1
    area = body_area(p)
    parts = []
    for sheet in sheets:
        art = sheet.items[0]
        clip = art.clip
        assert clip.w <= area.w + 1e-6 and clip.h <= area.h + 1e-6
        inner = art.items[0].transform
        parts.append((-inner[4], -inner[5], clip.w, clip.h))
        texts_ = [i.text for i, _ in d.walk(sheet.items) if isinstance(i, d.Text)]
        assert any("GLUE" in t for t in texts_) or any("cut" in t for t in texts_)
    media_w, media_h = parts[0][2], parts[0][3]
    xs = sorted({p[0] for p in parts})
    ys = sorted({p[1] for p in parts})
    overlap = load_template("sheets.json")["overlap_mm"]
    for a, b in itertools.pairwise(xs):
        assert a + media_w - b == pytest.approx(overlap)
    for a, b in itertools.pairwise(ys):
        assert a + media_h - b == pytest.approx(overlap)
    assert len(xs) * len(ys) == len(parts)
    full_w = max(x + w for x, _, w, _ in parts) - min(x for x, *_ in parts)
    full_h = max(y + h for _, y, _, h in parts) - min(y for _, y, *_ in parts)
    assert sorted([full_w, full_h]) == pytest.approx(
        sorted([drawing.media_width, drawing.media_height])
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_builds_the_whole_pnp_with_readable_text(lang):
    """All core pages (wheel sheets included) in each language: no text under 6 pt, all inside the page."""
    from pachaprint.render.core import core_pages

    pages = core_pages("letter", both_wheels(lang=lang))
    assert len(pages) % 2 == 0

    def texts_of(items, m=d.IDENTITY, clipped=False):
        for item in items:
            if isinstance(item, d.Text):
                yield item, m, clipped
            elif isinstance(item, d.Group):
                yield from texts_of(
                    item.items, d.compose(m, item.transform), clipped or item.clip is not None
                )
            elif isinstance(item, d.Use):
                yield from texts_of(item.symbol.items, d.compose(m, item.matrix()), clipped)

    for page in pages:
        for item, m, clipped in texts_of(page.items):
            scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
            assert item.size_pt * scale >= 6.0 - 1e-9, (lang, page.name, item.text)
            x, y = d.apply(m, item.x, item.baseline())
            if not clipped:  # text in tiled board parts may lie beyond the part and is clipped away
                assert 0 <= x <= page.width_mm and 0 <= y <= page.height_mm, (
                    lang,
                    page.name,
                    item.text,
                )
