"""Print-shop files: the kit's PDFs as PDF/X-4 in CMYK, with a die line (issue 35).

A print shop or a print-on-demand service asks for files a home printer does
not need: every colour in CMYK for one named printing condition, no more ink
than the press takes, black text in black ink alone, the trim and the bleed of
every page, and the cut paths of die-cut pieces apart from the art. This
module turns the home kit's pages into such a file (docs/outputs.md section 5):

* **Colours.** Each ``#rrggbb`` of the drawing model is separated with the
  shipped CMYK profile (``templates/icc/``: built from the FOGRA39 printing
  condition's characterisation data with a 300 % total ink limit). Text and
  lines thinner than :data:`THIN_LINE_MM` print in black ink alone, as dark as
  the colour they replace; white prints no ink.
* **Die lines.** A cut path (``Style.cut``) is stroked in the spot colour
  :data:`CUT_SPOT`, the name cutting plotters and print shops read as a cut
  contour, set to overprint so it prints nothing.
* **PDF/X-4.** reportlab writes the pages in CMYK and the spot colour
  (``enforceColorSpace`` refuses anything else); pikepdf then adds what
  reportlab cannot: the output intent with the embedded profile, the PDF/X
  version in the document information and in XMP metadata, and the header
  version 1.6. Every page gets a 3 mm bleed around its trim (``TrimBox`` the
  paper or the piece, ``BleedBox`` = ``MediaBox`` the trim plus bleed).

pikepdf and Pillow (its ImageCms, littleCMS, separates the colours) come with
the ``print-shop`` extra; without them :func:`require` says how to get them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import os
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from ..model.printing import PrintSettings
from ..resources import templates_dir
from . import draw as d

PROFILE_FILE = "icc/pachaprint-fogra39-300.icc"
"""The CMYK output profile, relative to the templates folder (see its README.md)."""
OUTPUT_CONDITION = "FOGRA39"
"""The registered printing condition the profile characterises (ICC registry)."""
OUTPUT_CONDITION_INFO = (
    "Coated FOGRA39 (ISO 12647-2:2004/Amd 1, paper type 1 or 2, coated), "
    "pachaprint's separation with 300 % total ink"
)
CUT_SPOT = "CutContour"
"""The spot colour of die lines: the name print shops and cutting plotters use."""
INK_LIMIT = 3.0
"""The most ink a colour may put down: C + M + Y + K <= 300 %."""
THIN_LINE_MM = 0.35
"""A stroke at most this wide prints in black ink alone (registration of four inks
would blur it)."""
BLEED_MM = 3.0
"""Bleed added around every page of a print-shop file."""
PDFX_VERSION = "PDF/X-4"
EXTRA = "print-shop"
"""The optional dependencies' extra: ``pip install 'pachaprint[print-shop]'``."""


class PrintShopUnavailable(RuntimeError):
    """The print-shop extra is not installed."""


def available() -> bool:
    """True when pikepdf and Pillow's ImageCms can be imported."""
    return all(importlib.util.find_spec(name) is not None for name in ("pikepdf", "PIL"))


def require() -> None:
    """Raise :class:`PrintShopUnavailable`, saying what to install, unless :func:`available`."""
    if not available():
        raise PrintShopUnavailable(
            "print-shop files need pikepdf and Pillow: pip install 'pachaprint[print-shop]'"
        )


# --------------------------------------------------------------------------- colours

CMYK = tuple[float, float, float, float]


def profile_bytes() -> bytes:
    """The shipped CMYK output profile."""
    return (templates_dir() / PROFILE_FILE).read_bytes()


@cache
def _transforms() -> tuple[Any, Any]:
    """littleCMS transforms: sRGB -> CMYK (relative colorimetric, black point compensated),
    and CMYK -> Lab (to find how dark black ink alone must print)."""
    require()
    from PIL import ImageCms

    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    srgb = ImageCms.createProfile("sRGB")
    lab = ImageCms.createProfile("LAB")
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
    relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
    to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", relative, flags)
    to_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", relative)
    return to_cmyk, to_lab


def _rgb(colour: str) -> tuple[int, int, int]:
    if len(colour) != 7 or colour[0] != "#":
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    value = int(colour[1:], 16)
    return value >> 16, (value >> 8) & 0xFF, value & 0xFF


def _apply(transform: Any, mode: str, pixel: tuple[int, ...]) -> tuple[int, ...]:
    from PIL import Image, ImageCms

    image = Image.new(mode, (1, 1), pixel)
    out = ImageCms.applyTransform(image, transform)
    assert out is not None
    found: tuple[int, ...] = out.getpixel((0, 0))  # type: ignore[assignment]
    return found


@cache
def _black_ramp() -> tuple[float, ...]:
    """L* of black ink alone at 0, 1, ... 100 % (falling), printed on the profile's paper."""
    _, to_lab = _transforms()
    return tuple(
        _apply(to_lab, "CMYK", (0, 0, 0, round(k * 2.55)))[0] * 100 / 255 for k in range(101)
    )


def _lightness(colour: str) -> float:
    """CIE L* (0-100) of an sRGB colour."""
    out = []
    for v in _rgb(colour):
        c = v / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    y = 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]
    return 116 * (y ** (1 / 3) if y > 216 / 24389 else (24389 / 27 * y + 16) / 116) - 16


@cache
def black_only(colour: str) -> CMYK:
    """``colour`` as black ink alone, as dark as it looks (white: no ink; darker than the
    black ink can print: 100 % black)."""
    if colour.upper() == "#FFFFFF":
        return (0.0, 0.0, 0.0, 0.0)
    ramp = _black_ramp()
    lightness = _lightness(colour)
    # the ramp falls from paper white to solid black: find the first tint as dark as the colour
    falling = [-v for v in ramp]
    k = min(bisect_left(falling, -lightness), 100)
    return (0.0, 0.0, 0.0, k / 100)


@cache
def separate(colour: str) -> CMYK:
    """``colour`` separated for the printing condition, in whole percent, at most
    :data:`INK_LIMIT` in total; greys print in black ink alone."""
    r, g, b = _rgb(colour)
    if r == g == b:
        return black_only(colour)
    to_cmyk, _ = _transforms()
    c, m, y, k = (round(v / 2.55) / 100 for v in _apply(to_cmyk, "RGB", (r, g, b)))
    over = c + m + y + k - INK_LIMIT
    if over > 1e-9:  # rounding to whole percent may add a little: take it from the colours
        scale = (c + m + y - over) / (c + m + y)
        c, m, y = (round(v * scale - 0.005, 2) for v in (c, m, y))
    return (c, m, y, k)


def total_ink(value: CMYK) -> float:
    """C + M + Y + K, 1.0 = 100 %."""
    return sum(value)


@dataclass(frozen=True)
class Separations:
    """How the PDF writer paints for a print shop (its ``Press``): every colour through
    :meth:`fill`, :meth:`stroke` or :meth:`text`, die lines in :meth:`cut`."""

    def _colour(self, value: CMYK) -> Any:
        from reportlab.lib.colors import CMYKColor

        return CMYKColor(*value)

    def fill(self, colour: str) -> Any:
        """A filled area's colour."""
        return self._colour(separate(colour))

    def stroke(self, colour: str, width_mm: float) -> Any:
        """A line's colour: thin lines in black ink alone."""
        return self._colour(black_only(colour) if width_mm <= THIN_LINE_MM else separate(colour))

    def text(self, colour: str) -> Any:
        """Text's colour: black ink alone (or none, for white text)."""
        return self._colour(black_only(colour))

    def cut(self) -> Any:
        """The die line's spot colour (its alternate, magenta, only shows on screen)."""
        from reportlab.lib.colors import CMYKColorSep

        return CMYKColorSep(0.0, 1.0, 0.0, 0.0, spotName=CUT_SPOT, density=1.0)


# --------------------------------------------------------------------------- files


def with_bleed(pages: Sequence[d.Drawing]) -> list[d.Drawing]:
    """Every page with at least :data:`BLEED_MM` of bleed around its trim."""
    return [replace(p, bleed_mm=max(p.bleed_mm, BLEED_MM)) for p in pages]


def _xmp(title: str, document_id: str, date: str) -> bytes:
    """XMP metadata of a PDF/X-4 file (ISO 15930-7: version, dates, ids, trapping)."""
    from xml.sax.saxutils import escape

    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>pachaprint</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreatorTool>pachaprint</xmp:CreatorTool>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdf:Producer>pachaprint</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()


def to_pdfx(pdf: bytes, title: str) -> bytes:
    """A reportlab PDF written with :class:`Press` colours, made a PDF/X-4 file: output
    intent, PDF/X keys, XMP metadata, header 1.6, no viewer preference newer than that.
    Deterministic: the same input gives the same bytes."""
    require()
    import pikepdf

    digest = hashlib.sha256(pdf).hexdigest()
    document_id = f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"
    date = "2000-01-01T00:00:00+00:00"  # reportlab's invariant date: the bytes never change
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        profile = doc.make_stream(profile_bytes())
        profile.N = 4
        doc.Root.OutputIntents = pikepdf.Array(
            [
                pikepdf.Dictionary(
                    Type=pikepdf.Name.OutputIntent,
                    S=pikepdf.Name.GTS_PDFX,
                    OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
                    OutputCondition=pikepdf.String(OUTPUT_CONDITION_INFO),
                    RegistryName=pikepdf.String("http://www.color.org"),
                    Info=pikepdf.String(OUTPUT_CONDITION_INFO),
                    DestOutputProfile=profile,
                )
            ]
        )
        prefs = doc.Root.get("/ViewerPreferences")
        if prefs is not None and "/Duplex" in prefs:
            del prefs["/Duplex"]  # a PDF 1.7 key; the print shop sets its own duplex
        info = doc.docinfo
        info.GTS_PDFXVersion = pikepdf.String(PDFX_VERSION)
        info.Trapped = pikepdf.Name("/False")
        info.Title = pikepdf.String(title)
        metadata = doc.make_stream(_xmp(title, document_id, date))
        metadata.Type = pikepdf.Name.Metadata
        metadata.Subtype = pikepdf.Name.XML
        doc.Root.Metadata = metadata
        out = io.BytesIO()
        doc.save(
            out,
            deterministic_id=True,
            force_version="1.6",
            compress_streams=True,
            object_stream_mode=pikepdf.ObjectStreamMode.preserve,
        )
    return out.getvalue()


def print_shop_pdf(
    pages: Sequence[d.Drawing], title: str, outline: Sequence[tuple[str, int]] = ()
) -> bytes:
    """The print-shop file of a home PDF's pages: the same pages with a 3 mm bleed around
    each, written in CMYK with die lines in :data:`CUT_SPOT`, as PDF/X-4."""
    from .pdf import pdf_bytes

    require()
    raw = pdf_bytes(with_bleed(pages), title=title, outline=outline, press=Separations())
    return to_pdfx(raw, title)


def write_pdfs(
    pages: d.Drawing | Sequence[d.Drawing],
    path: str | os.PathLike[str],
    settings: PrintSettings,
    title: str | None = None,
    duplex: bool = False,
    outline: Sequence[tuple[str, int]] = (),
) -> Path:
    """:func:`pachaprint.render.pdf.write_pdf`, and with ``settings.print_shop`` the
    print-shop file beside it (``NAME-print-shop.pdf``); returns the home file's path."""
    from .pdf import write_bytes, write_pdf

    target = write_pdf(pages, path, title=title, duplex=duplex, outline=outline)
    if settings.print_shop:
        pages = [pages] if isinstance(pages, d.Drawing) else pages
        shop = print_shop_pdf(pages, title or pages[0].name, outline)
        write_bytes(target.with_name(print_shop_name(target.name)), shop)
    return target


def print_shop_name(home: str) -> str:
    """The print-shop file's name beside a home PDF's: ``x.pdf`` -> ``x-print-shop.pdf``."""
    stem = home[:-4] if home.endswith(".pdf") else home
    return f"{stem}-print-shop.pdf"
