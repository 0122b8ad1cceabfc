"""The build removes only what it can prove it wrote, and a killed build never blocks the next
(issue 31, items 1 and 2, and the lock file of item 9).

A record read back from OUT (the manifest, its journal) is trusted only when it
is of the shape the build writes and names files that unit's own layout makes;
even then a file is removed only when it is a regular file of one name holding
exactly the recorded bytes. Every other record is refused by name and every
file it names stays. Workers die with their build, and the lock is the build
process's own, on the folder itself: nothing is left behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pachaprint.model.printing import PrintSettings
from pachaprint.pipeline.build import BuildOptions, run_build
from pachaprint.pipeline.layout import CORE_STEMS, layout_refusal
from pachaprint.pipeline.lock import BuildLock, BuildLockError
from pachaprint.pipeline.manifest import JOURNAL_NAME, MANIFEST_FORMAT, MANIFEST_NAME, Manifest
from pachaprint.pipeline.staging import PlacementError, remove_owned
from tests.helpers import EXAMPLES, REPO

QUICK = BuildOptions(
    PrintSettings(papers=("a4",), wheels=("retail",)), games=2, modes=("competitive",)
)
ZEROS = "0" * 64
USER_FILES = {
    "thesis.txt": "my thesis",
    "my/notes.md": "my notes",
    "pnp/pachaprint-discs-a4-vol09.pdf": "not a PDF the build made",
    "scenarios/lake-shore/thesis.md": "mine too",
    "Index.html": "my own page",
}


def sha(data: bytes | str) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def plant(out: Path, units: dict, journal: list | None = None) -> None:
    """Add ``units`` to OUT's manifest (made if missing) and ``journal`` lines to its journal."""
    path = out / MANIFEST_NAME
    data = (
        json.loads(path.read_text(encoding="utf-8"))
        if path.exists()
        else {"format": MANIFEST_FORMAT, "units": {}}
    )
    data["units"].update(units)
    path.write_text(json.dumps(data), encoding="utf-8")
    if journal:
        with open(out / JOURNAL_NAME, "a", encoding="utf-8") as handle:
            for event in journal:
                handle.write(json.dumps({"format": MANIFEST_FORMAT, **event}) + "\n")


def tree(out: Path) -> dict[str, str]:
    """Every entry under OUT: a file's SHA-256, a link's target, ``dir`` for a folder."""
    found = {}
    for path in sorted(out.rglob("*")):
        name = path.relative_to(out).as_posix()
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            found[name] = "dir"
        else:
            found[name] = sha(path.read_bytes())
    return found


# -- the layout: which names each unit can make -------------------------------------------------
@pytest.mark.parametrize(
    ("unit", "name"),
    [
        ("index", "index.html"),
        ("core", "core/board.svg"),
        ("core", "core/wheel-cover-volvelle45-letter.pdf"),
        ("core", "pnp/pachaprint-core-letter.pdf"),
        ("scenario:sun-gate", "scenarios/sun-gate/disc-front-volvelle45.pdf"),
        ("scenario:sun-gate", "scenarios/sun-gate/report.md"),
        ("pnp:a4", "pnp/pachaprint-discs-a4.pdf"),
        ("pnp:a4:volvelle45", "pnp/pachaprint-discs-a4-volvelle45.pdf"),
        ("pnp:a4:2", "pnp/pachaprint-discs-a4-vol02.pdf"),
        ("pnp:a4:2", "pnp/pachaprint-discs-a4-2.pdf"),  # a template named "2"
        ("pnp:letter:volvelle45:117", "pnp/pachaprint-discs-letter-volvelle45-vol117.pdf"),
        ("pnp:a4:3", "pnp/pachaprint-discs-a4-vol003.pdf"),  # one of 100 or more volumes
        # --print-shop: each print-and-play PDF's print-shop file, in its unit
        ("core", "pnp/pachaprint-core-a4-print-shop.pdf"),
        ("pnp:a4", "pnp/pachaprint-discs-a4-print-shop.pdf"),
        ("pnp:a4:volvelle45", "pnp/pachaprint-discs-a4-volvelle45-print-shop.pdf"),
        ("pnp:letter:volvelle45:2", "pnp/pachaprint-discs-letter-volvelle45-vol02-print-shop.pdf"),
    ],
)
def test_the_names_the_build_makes_fit_its_layout(unit, name):
    assert layout_refusal(unit, name) is None


def test_the_layout_knows_every_core_component():
    from pachaprint.render.core import COMPONENTS, PIECES, SCREENS

    assert sorted(CORE_STEMS) == sorted(c.stem for c in (*COMPONENTS, PIECES, SCREENS))


def test_the_layout_knows_every_file_of_the_site():
    from pachaprint.site.pages import site_files
    from pachaprint.site.runtime import FOLDER, RUNTIME_FILES, runtime_of

    names = [*site_files(runtime_of(None)), *(f"{FOLDER}/pyodide/{n}" for n in RUNTIME_FILES)]
    assert len(names) > 10
    assert [name for name in names if layout_refusal("site", name) is not None] == []
    for other in ("index.html", "site/notes.txt", "site/pyodide/extra.js", "site/Apps.js"):
        assert layout_refusal("site", other) == OTHER_FILE, other


OTHER_FILE = "not a file the build makes for that unit"
NO_UNIT = "the build makes no unit of that name"


@pytest.mark.parametrize(
    ("unit", "name", "reason"),
    [
        ("pnp:a4:9", "thesis.txt", OTHER_FILE),
        ("pnp:a4:9", "my/notes.md", OTHER_FILE),
        ("pnp:a4:9", "pnp/pachaprint-discs-a4-vol08.pdf", OTHER_FILE),  # another unit's file
        ("pnp:a4:9", "pnp/pachaprint-discs-a4-vol9.pdf", OTHER_FILE),
        ("pnp:a4:9", "pnp/pachaprint-discs-letter-vol09.pdf", OTHER_FILE),
        ("pnp:a4:9", "PNP/pachaprint-discs-a4-vol09.pdf", OTHER_FILE),  # case-folded
        ("pnp:a4:9", "pnp/Pachaprint-discs-a4-vol09.pdf", OTHER_FILE),
        ("pnp:a4:9", "pnp/pachaprint-discs-a4-vol09.PDF", OTHER_FILE),
        ("pnp:a4:9", "pnp/pachaprint-discs-a4-vol\uff109.pdf", OTHER_FILE),  # a full-width 0
        ("pnp:a4", "pnp/pachaprint-discs-a4-vol01.pdf", OTHER_FILE),
        ("pnp:a4:retail", "pnp/pachaprint-discs-a4-retail.pdf", NO_UNIT),
        ("pnp:a3", "pnp/pachaprint-discs-a3.pdf", NO_UNIT),
        ("pnp:a4:0", "pnp/pachaprint-discs-a4-vol00.pdf", OTHER_FILE),
        ("scenario:sun-gate", "scenarios/sun-gate/thesis.txt", OTHER_FILE),
        ("scenario:sun-gate", "scenarios/sun-gate/notes/a.md", OTHER_FILE),
        ("scenario:sun-gate", "scenarios/moon-gate/report.md", OTHER_FILE),
        ("scenario:sun-gate", "scenarios/sun-gate-2/report.md", OTHER_FILE),
        ("scenario:sun-gate", "scenarios/Sun-Gate/report.md", OTHER_FILE),
        ("scenario:sun-gate", "scenarios/sun-gate/re\u0301port.md", OTHER_FILE),  # NFD
        ("scenario:sun-gate", "scenarios/sun-gate/r\u00e9port.md", OTHER_FILE),  # NFC
        ("scenario:caf\u00e9", "scenarios/caf\u00e9/report.md", NO_UNIT),
        ("scenario:cafe\u0301", "scenarios/cafe\u0301/report.md", NO_UNIT),
        ("scenario:Sun-Gate", "scenarios/Sun-Gate/report.md", NO_UNIT),
        ("scenario:", "scenarios/report.md", NO_UNIT),
        ("core", "thesis.txt", OTHER_FILE),
        ("core", "core/notes/a.svg", OTHER_FILE),
        ("core", "core/board.txt", OTHER_FILE),
        ("core", "pnp/pachaprint-discs-a4.pdf", OTHER_FILE),
        ("core", "pnp/pachaprint-discs-a4-print-shop.pdf", OTHER_FILE),
        ("core", "core/board-print-shop.pdf", OTHER_FILE),
        ("core", "pnp/pachaprint-core-a4-print-shop.svg", OTHER_FILE),
        ("pnp:a4", "pnp/pachaprint-discs-a4-print-shop-print-shop.pdf", OTHER_FILE),
        ("pnp:a4:2", "pnp/pachaprint-discs-a4-print-shop-vol02.pdf", OTHER_FILE),
        ("index", "Index.html", OTHER_FILE),
        ("index", "index.htm", OTHER_FILE),
        ("index", "thesis.txt", OTHER_FILE),
        ("mine", "index.html", NO_UNIT),
        ("", "index.html", NO_UNIT),
        ("index", "../index.html", "it contains '..'"),
        ("index", "/index.html", "it is absolute"),
        ("index", ".pachaprint-build.json", "it names a hidden file or folder"),
    ],
)
def test_any_other_name_is_refused_with_its_reason(unit, name, reason):
    assert layout_refusal(unit, name) == reason


# -- planted records are refused by name ---------------------------------------------------------
PLANTED_ENTRIES = [
    ("pnp:a4:9", {"input": "x", "outputs": {"thesis.txt": ZEROS}}, "thesis.txt", OTHER_FILE),
    ("pnp:a4:9", {"input": "x", "outputs": {"my/notes.md": ZEROS}}, "my/notes.md", OTHER_FILE),
    ("core", {"input": "x", "outputs": {"thesis.txt": ZEROS}}, "thesis.txt", OTHER_FILE),
    ("index", {"input": "x", "outputs": {"Index.html": ZEROS}}, "Index.html", OTHER_FILE),
    (
        "scenario:lake-shore",
        {"input": "x", "outputs": {"scenarios/lake-shore/thesis.md": ZEROS}},
        "scenarios/lake-shore/thesis.md",
        OTHER_FILE,
    ),
    ("notes", {"input": "x", "outputs": {"index.html": ZEROS}}, "index.html", NO_UNIT),
]
NOT_A_RECORD = "not a record the build writes (an input digest and a SHA-256 per file)"
BAD_SHAPES = [
    ("input", {"input": 7, "outputs": {"index.html": ZEROS}}),
    ("input", {"outputs": {"index.html": ZEROS}}),
    ("outputs", {"input": "x", "outputs": ["index.html"]}),
    ("outputs", {"input": "x", "outputs": {"index.html": "zero"}}),
    ("outputs", {"input": "x", "outputs": {"index.html": 0}}),
    ("outputs", {"input": "x", "outputs": {"index.html": "A" * 64}}),
    ("entry", "index.html"),
    ("entry", None),
]


@pytest.mark.parametrize("where", ["manifest", "journal"])
@pytest.mark.parametrize(("unit", "entry", "name", "reason"), PLANTED_ENTRIES)
def test_a_record_naming_a_file_outside_its_units_layout_is_refused(
    tmp_path, where, unit, entry, name, reason
):
    if where == "manifest":
        plant(tmp_path, {unit: entry})
        source = tmp_path / MANIFEST_NAME
    else:
        plant(tmp_path, {}, [{"unit": unit, "entry": entry}])
        source = tmp_path / JOURNAL_NAME
    manifest = Manifest.load(tmp_path)
    assert manifest.units == {}
    assert manifest.refused == [
        f"{source}: unit {unit} names {name} ({reason}): refused, nothing was removed"
    ]


@pytest.mark.parametrize("where", ["manifest", "journal"])
@pytest.mark.parametrize(("key", "entry"), BAD_SHAPES)
def test_a_record_of_another_shape_is_refused(tmp_path, where, key, entry):
    if where == "manifest":
        plant(tmp_path, {"index": entry})
        source = tmp_path / MANIFEST_NAME
    else:
        plant(tmp_path, {}, [{"unit": "index", "entry": entry}])
        source = tmp_path / JOURNAL_NAME
    manifest = Manifest.load(tmp_path)
    assert manifest.units == {}, key
    assert manifest.refused == [
        f"{source}: unit index: {NOT_A_RECORD}: refused, nothing was removed"
    ]


@pytest.mark.parametrize(
    "manifest",
    [
        {"format": "pachaprint-build/1", "units": {"index": {"input": "x", "outputs": {}}}},
        {"format": MANIFEST_FORMAT, "units": ["index"]},
        {"format": MANIFEST_FORMAT, "units": {}, "code": {"signature": 7, "fingerprint": []}},
        {"format": MANIFEST_FORMAT, "units": {}, "code": "yes"},
        ["not", "a", "manifest"],
    ],
)
def test_a_manifest_of_another_format_or_shape_gives_no_record(tmp_path, manifest):
    from pachaprint.pipeline import fingerprint

    remembered = dict(fingerprint._remembered)
    (tmp_path / MANIFEST_NAME).write_text(json.dumps(manifest))
    loaded = Manifest.load(tmp_path)
    assert (loaded.units, loaded.refused) == ({}, [])
    assert fingerprint._remembered == remembered  # (a code record of the wrong types)


def test_journal_events_of_another_format_or_unit_change_nothing(tmp_path):
    good = {"input": "x", "outputs": {"index.html": ZEROS}}
    plant(tmp_path, {"index": good})
    lines = [
        {"format": "pachaprint-build/1", "unit": "index", "forget": True},
        {"format": MANIFEST_FORMAT, "unit": 7, "forget": True},
        {"format": MANIFEST_FORMAT, "unit": ["index"], "entry": good},
        {"format": MANIFEST_FORMAT, "unit": "index", "forget": "yes"},  # not the build's true
        ["index"],
    ]
    (tmp_path / JOURNAL_NAME).write_text("".join(json.dumps(x) + "\n" for x in lines))
    manifest = Manifest.load(tmp_path)
    assert manifest.units == {}  # the last "forget" is no forget, nor a record: refused
    assert manifest.refused == [
        f"{tmp_path / JOURNAL_NAME}: unit index: {NOT_A_RECORD}: refused, nothing was removed"
    ]


def test_a_card_of_another_shape_is_not_shown(tmp_path):
    entry = {"input": "x", "outputs": {"scenarios/a/report.json": ZEROS}}
    cards = [
        {},
        {"name": 7, "size": "tiny", "flags": [], "verdicts": []},
        {"name": "A", "size": "tiny", "flags": [{}], "verdicts": []},
        {"name": "A", "size": "tiny", "flags": [], "verdicts": [{"flags": True}]},
        "card",
    ]
    good = {"name": "A", "size": "tiny", "author": None, "flags": [], "verdicts": []}
    for card in [*cards, good]:
        plant(tmp_path, {"scenario:a": {**entry, "card": card}})
        found = Manifest.load(tmp_path).card("scenario:a")
        assert found == (good if card is good else None), card


# -- a file is removed only when it is the one recorded -----------------------------------------
def stale_unit(out: Path, content: bytes, recorded: str | None = None) -> Manifest:
    """OUT with a discs volume the build recorded (``content``, recorded as ``recorded``)."""
    (out / "pnp").mkdir(exist_ok=True)
    (out / "pnp" / "pachaprint-discs-a4-vol09.pdf").write_bytes(content)
    name = "pnp/pachaprint-discs-a4-vol09.pdf"
    plant(out, {"pnp:a4:9": {"input": "x", "outputs": {name: recorded or sha(content)}}})
    manifest = Manifest.load(out)
    assert manifest.refused == [] and manifest.outputs("pnp:a4:9") == [name]
    return manifest


def test_a_file_holding_the_recorded_bytes_is_removed(tmp_path):
    manifest = stale_unit(tmp_path, b"%PDF the build's")
    assert manifest.remove_outputs(tmp_path, "pnp:a4:9") == []
    assert not (tmp_path / "pnp" / "pachaprint-discs-a4-vol09.pdf").exists()
    assert "pnp:a4:9" not in manifest.units


def test_a_rebuilt_unit_removes_the_files_it_no_longer_makes(tmp_path):
    """The discs unit made its PDF and its print-shop file; built again without
    ``--print-shop`` it makes the PDF alone: the print-shop file goes, the PDF and a
    print-shop file whose bytes are not the recorded ones stay."""
    (tmp_path / "pnp").mkdir()
    home, shop = "pnp/pachaprint-discs-a4.pdf", "pnp/pachaprint-discs-a4-print-shop.pdf"
    (tmp_path / home).write_bytes(b"%PDF home")
    (tmp_path / shop).write_bytes(b"%PDF shop")
    plant(tmp_path, {"pnp:a4": {"input": "x", "outputs": {home: sha("%PDF home"), shop: ZEROS}}})
    manifest = Manifest.load(tmp_path)
    assert manifest.refused == [] and manifest.outputs("pnp:a4") == [shop, home]
    kept = manifest.remove_dropped(tmp_path, "pnp:a4", {home: sha("%PDF home")})
    assert kept == [
        f"{tmp_path}/{shop} does not hold what the build recorded "
        "writing there (changed since, or the record is not the build's): kept"
    ]
    manifest.units["pnp:a4"]["outputs"][shop] = sha("%PDF shop")
    assert manifest.remove_dropped(tmp_path, "pnp:a4", {home: sha("%PDF home")}) == []
    assert not (tmp_path / shop).exists() and (tmp_path / home).read_bytes() == b"%PDF home"
    # the same outputs again remove nothing
    assert manifest.remove_dropped(tmp_path, "pnp:a4", {home: sha("%PDF home")}) == []
    assert (tmp_path / home).exists()


def test_a_file_whose_bytes_differ_from_the_record_stays(tmp_path):
    manifest = stale_unit(tmp_path, b"my own file", recorded=ZEROS)
    # a record that also claims the file was seen unchanged is hashed all the same
    found = os.lstat(tmp_path / "pnp" / "pachaprint-discs-a4-vol09.pdf")
    manifest.units["pnp:a4:9"]["seen"] = {
        "pnp/pachaprint-discs-a4-vol09.pdf": [
            found.st_size,
            found.st_mtime_ns,
            found.st_ctime_ns,
            found.st_ino,
        ]
    }
    manifest.units["pnp:a4:9"]["checked"] = time.time_ns() * 2
    assert manifest.remove_outputs(tmp_path, "pnp:a4:9") == [
        f"{tmp_path}/pnp/pachaprint-discs-a4-vol09.pdf does not hold what the build recorded "
        "writing there (changed since, or the record is not the build's): kept"
    ]
    assert (tmp_path / "pnp" / "pachaprint-discs-a4-vol09.pdf").read_bytes() == b"my own file"
    assert "pnp:a4:9" not in manifest.units  # forgotten: the next build is clean


def test_a_link_at_the_name_stays_even_when_its_target_holds_the_recorded_bytes(tmp_path):
    thesis = tmp_path / "thesis.pdf"
    thesis.write_bytes(b"my thesis")
    manifest = stale_unit(tmp_path, b"x", recorded=sha(b"my thesis"))
    link = tmp_path / "pnp" / "pachaprint-discs-a4-vol09.pdf"
    link.unlink()
    link.symlink_to(thesis)
    assert manifest.remove_outputs(tmp_path, "pnp:a4:9") == [
        f"{link} is a symbolic link the build did not make: kept"
    ]
    assert link.is_symlink() and thesis.read_bytes() == b"my thesis"


def test_a_hard_link_stays_even_with_the_recorded_bytes(tmp_path):
    thesis = tmp_path / "thesis.pdf"
    thesis.write_bytes(b"my thesis")
    manifest = stale_unit(tmp_path, b"x", recorded=sha(b"my thesis"))
    name = tmp_path / "pnp" / "pachaprint-discs-a4-vol09.pdf"
    name.unlink()
    os.link(thesis, name)
    assert manifest.remove_outputs(tmp_path, "pnp:a4:9") == [
        f"{name} has other names (hard links), which the build never makes: kept"
    ]
    assert name.read_bytes() == b"my thesis" and os.stat(thesis).st_nlink == 2


def test_a_folder_at_the_name_or_a_link_on_the_way_stays(tmp_path):
    manifest = stale_unit(tmp_path, b"x")
    name = tmp_path / "pnp" / "pachaprint-discs-a4-vol09.pdf"
    name.unlink()
    (name / "inside").mkdir(parents=True)
    assert manifest.remove_outputs(tmp_path, "pnp:a4:9") == [
        f"{name} is not a file the build made: kept"
    ]
    assert (name / "inside").is_dir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "pachaprint-discs-a4-vol09.pdf").write_bytes(b"x")
    shutil.rmtree(tmp_path / "pnp")
    (tmp_path / "pnp").symlink_to(elsewhere)
    plant(
        tmp_path,
        {"pnp:a4:9": {"input": "x", "outputs": {name.relative_to(tmp_path).as_posix(): sha(b"x")}}},
    )
    with pytest.raises(PlacementError, match="is a symbolic link"):
        remove_owned(tmp_path, "pnp/pachaprint-discs-a4-vol09.pdf", sha(b"x"))
    assert (elsewhere / "pachaprint-discs-a4-vol09.pdf").read_bytes() == b"x"


def test_nothing_at_the_name_is_nothing_to_do(tmp_path):
    remove_owned(tmp_path, "pnp/pachaprint-discs-a4-vol09.pdf", ZEROS)
    assert list(tmp_path.iterdir()) == []


# -- the whole build, on a kit it made ---------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("built")
    folder = root / "scenarios"
    folder.mkdir()
    shutil.copy(EXAMPLES / "lake-shore.json", folder / "lake-shore.json")
    out = root / "out"
    result = run_build(folder, out, QUICK)
    assert result.ok, result.problems
    return folder, out


@pytest.fixture
def kit(built, tmp_path):
    folder, out = built
    copy = tmp_path / "out"
    shutil.copytree(out, copy, symlinks=True)
    return folder, copy


@pytest.mark.slow
def test_every_record_a_build_writes_fits_the_layout(built):
    _folder, out = built
    manifest = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))
    names = [(u, n) for u, entry in manifest["units"].items() for n in entry["outputs"]]
    assert len(names) > 20
    assert [(u, n, layout_refusal(u, n)) for u, n in names if layout_refusal(u, n)] == []


@pytest.mark.slow
def test_a_planted_manifest_removes_none_of_the_users_files(kit, tmp_path):
    folder, out = kit
    for name, text in USER_FILES.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text)
    outside = tmp_path / "outside.txt"
    outside.write_text("outside")
    (out / "my" / "link.md").symlink_to(outside)
    (out / "pnp" / "pachaprint-discs-a4-vol08.pdf").symlink_to(outside)
    os.link(outside, out / "pnp" / "pachaprint-discs-a4-vol07.pdf")
    user = {name: sha(text) for name, text in USER_FILES.items()}
    units = {  # the recipe, and each kind of unit naming the user's files
        "pnp:a4:9": {"input": "x", "outputs": {"thesis.txt": ZEROS, "my/notes.md": ZEROS}},
        "pnp:a4:10": {"input": "x", "outputs": {"my/link.md": sha("outside")}},
        "pnp:a4:8": {
            "input": "x",
            "outputs": {"pnp/pachaprint-discs-a4-vol08.pdf": sha("outside")},
        },
        "pnp:a4:7": {
            "input": "x",
            "outputs": {"pnp/pachaprint-discs-a4-vol07.pdf": sha("outside")},
        },
        "pnp:a4:6": {"input": "x", "outputs": {"pnp/pachaprint-discs-a4-vol06.pdf": ZEROS}},
        "pnp:a4:11": {"input": "x", "outputs": {"Index.html": user["Index.html"]}},
        "core": {"input": "x", "outputs": {"thesis.txt": user["thesis.txt"]}},
    }
    (out / "pnp" / "pachaprint-discs-a4-vol06.pdf").write_text("changed since")
    plant(
        out,
        units,
        [
            {
                "unit": "scenario:lake-shore",
                "entry": {
                    "input": "x",
                    "outputs": {
                        "scenarios/lake-shore/thesis.md": user["scenarios/lake-shore/thesis.md"]
                    },
                },
            },
            {
                "unit": "pnp:a4:9",
                "entry": {"input": "x", "outputs": {"pnp/pachaprint-discs-a4-vol09.pdf": ZEROS}},
            },
        ],
    )
    result = run_build(folder, out, QUICK)
    assert not result.ok
    for name, digest in user.items():
        assert sha((out / name).read_bytes()) == digest, name
    assert os.readlink(out / "my" / "link.md") == str(outside)
    assert os.readlink(out / "pnp" / "pachaprint-discs-a4-vol08.pdf") == str(outside)
    assert (out / "pnp" / "pachaprint-discs-a4-vol07.pdf").read_text() == "outside"
    assert (out / "pnp" / "pachaprint-discs-a4-vol06.pdf").read_text() == "changed since"
    assert outside.read_text() == "outside"
    manifest, journal = out / MANIFEST_NAME, out / JOURNAL_NAME
    assert sorted(result.problems) == sorted(
        [
            f"{manifest}: unit core names thesis.txt ({OTHER_FILE}): refused, nothing was removed",
            f"{manifest}: unit pnp:a4:9 names my/notes.md ({OTHER_FILE}): refused, nothing was removed",
            f"{manifest}: unit pnp:a4:9 names thesis.txt ({OTHER_FILE}): refused, nothing was removed",
            f"{manifest}: unit pnp:a4:10 names my/link.md ({OTHER_FILE}): refused, nothing was removed",
            f"{manifest}: unit pnp:a4:11 names Index.html ({OTHER_FILE}): refused, nothing was removed",
            f"{journal}: unit scenario:lake-shore names scenarios/lake-shore/thesis.md ({OTHER_FILE}):"
            " refused, nothing was removed",
            f"{out}/pnp/pachaprint-discs-a4-vol06.pdf does not hold what the build recorded writing"
            " there (changed since, or the record is not the build's): kept",
            f"{out}/pnp/pachaprint-discs-a4-vol07.pdf has other names (hard links), which the build"
            " never makes: kept",
            f"{out}/pnp/pachaprint-discs-a4-vol08.pdf is a symbolic link the build did not make: kept",
            f"{out}/pnp/pachaprint-discs-a4-vol09.pdf does not hold what the build recorded writing"
            " there (changed since, or the record is not the build's): kept",
        ]
    )
    # The refused records are gone: the next build has nothing to say, and still keeps them.
    again = run_build(folder, out, QUICK)
    assert again.ok and again.problems == []
    assert all(sha((out / name).read_bytes()) == digest for name, digest in user.items())


@pytest.mark.slow
def test_two_builds_of_the_same_inputs_give_identical_folders(built, tmp_path):
    folder, out = built
    other = tmp_path / "other"
    assert run_build(folder, other, QUICK).ok
    assert tree(other) == tree(out)
    assert not (other / ".pachaprint-build.lock").exists()


def test_a_lock_file_a_killed_build_left_is_taken_over_and_removed(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / ".pachaprint-build.lock").write_text(f"{dead.pid}\n")
    said: list[str] = []
    with BuildLock(tmp_path, waiting=said.append, wait=False):
        assert (tmp_path / ".pachaprint-build.lock").read_text() == f"{os.getpid()}\n"
    assert said == [] and list(tmp_path.iterdir()) == []


def test_a_file_of_the_lock_files_name_that_is_not_one_stays(tmp_path):
    (tmp_path / ".pachaprint-build.lock").write_text("my notes\n")
    with pytest.raises(BuildLockError) as refused:
        BuildLock(tmp_path).acquire()
    assert str(refused.value) == (
        f"{tmp_path}/.pachaprint-build.lock is not a lock file of a build (it holds other "
        "text); the build keeps it: move it away"
    )
    assert (tmp_path / ".pachaprint-build.lock").read_text() == "my notes\n"


def test_a_forked_process_never_holds_the_lock(tmp_path):
    with BuildLock(tmp_path) as lock:
        assert lock.handle is not None
        child = os.fork()
        if child == 0:  # as a worker: its copy of the lock is closed at once
            os._exit(0 if _closed(lock.handle) else 3)
        assert os.waitpid(child, 0)[1] == 0
        wake, woken = os.pipe()
        child = os.fork()
        if child == 0:  # a worker that outlives the build (until the check below is done)...
            os.close(woken)
            os.read(wake, 1)
            os._exit(0)
        os.close(wake)
    try:  # ...never keeps the next build waiting
        with BuildLock(tmp_path, wait=False):
            pass
    finally:
        os.close(woken)
        os.waitpid(child, 0)


def _closed(handle: int) -> bool:
    try:
        os.fstat(handle)
    except OSError:
        return True
    return False


# -- a killed build --------------------------------------------------------------------------------
def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: each of its threads' children, or
    where the kernel does not list those, every process's parent)."""
    try:
        return [
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
    except OSError:  # (no such file here, or a thread ended while it was read)
        pass
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def records(out: Path) -> dict:
    """The manifest's units without what a later build remembers of times and inodes."""
    units = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))["units"]
    return {
        u: {k: v for k, v in e.items() if k not in ("seen", "checked")} for u, e in units.items()
    }


def without_manifest(found: dict[str, str]) -> dict[str, str]:
    return {name: digest for name, digest in found.items() if name != MANIFEST_NAME}


def test_a_pool_whose_worker_died_fails_each_later_unit_in_words():
    """Once a worker has died, the pool takes no more work: each unit handed to it after
    that fails in its own future (the print sheets' stage raised a traceback instead)."""
    from concurrent.futures.process import BrokenProcessPool

    from pachaprint.pipeline.jobs import failure, pool_submit, worker_pool

    with worker_pool(1) as pool:
        submit = pool_submit(pool)
        with pytest.raises(BrokenProcessPool):
            submit(os._exit, 1).result(timeout=60)
        later = submit(abs, -1)
        assert later.done() and isinstance(later.exception(), BrokenProcessPool)
        assert failure("print sheets (pnp/x.pdf) failed", later.exception()) == (
            "print sheets (pnp/x.pdf) failed: a worker process ended abruptly "
            "(killed, or out of memory)"
        )


@pytest.mark.skipif(sys.platform != "linux", reason="processes are found in /proc")
@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_a_command_whose_worker_is_killed_stops_in_words(command):
    """``simulate`` and ``balance`` wait for every game: a worker killed (as the
    out-of-memory killer would) stops the command with a sentence and exit 1."""
    disc = str(REPO / "scenarios" / "colca-canyon.json")
    started = subprocess.Popen(
        [sys.executable, "-m", "pachaprint", command, disc, "--games", "400", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2:
        assert started.poll() is None and time.monotonic() < deadline, started.communicate()
        workers = [p for p in children_of(started.pid) if alive(p)]
        time.sleep(0.02)
    os.kill(workers[0], signal.SIGKILL)
    stdout, stderr = started.communicate(timeout=120)
    assert (started.returncode, stdout) == (1, "")
    assert stderr == (
        "pachaprint: error: a worker process ended abruptly (killed, or out of memory), so the "
        "command stopped; run it again, with fewer --jobs if memory is short\n"
    )


KILL_ARGS = ["--paper", "a4", "--wheel", "retail", "--games", "2", "--mode", "competitive"]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="processes are found in /proc")
def test_a_build_killed_while_its_workers_run_never_blocks_the_next(tmp_path):
    """The main process, a worker or all of them killed with SIGKILL at several moments:
    the workers end with their build, and the next build starts at once and leaves the
    folder as a clean build does."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for name in ("lake-shore.json",):
        shutil.copy(EXAMPLES / name, folder / name)
    for name in ("sun-gate.json", "colca-canyon.json"):
        shutil.copy(REPO / "scenarios" / name, folder / name)
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def build(out: Path, *extra: str) -> subprocess.Popen[str]:
        command = [sys.executable, "-m", "pachaprint", "build", str(folder), "--out", str(out)]
        return subprocess.Popen(
            [*command, *KILL_ARGS, "--jobs", "2", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,  # (its own process group: "all" kills it whole)
        )

    clean = tmp_path / "clean"
    reference = build(clean)
    assert reference.wait(300) == 0, reference.communicate()
    moments = {  # when what is killed: the main process, a worker, or all of them
        "main as the workers start": ("main", lambda out: True),
        "main a second later": ("main", lambda out: time.sleep(1.0) is None),
        "main once a scenario is written": ("main", lambda out: (out / "scenarios").is_dir()),
        "a worker as the workers start": ("worker", lambda out: True),
        "a worker once a scenario is written": ("worker", lambda out: (out / "scenarios").is_dir()),
        "all once a scenario is written": ("all", lambda out: (out / "scenarios").is_dir()),
    }
    for moment, (victim, ready) in moments.items():
        out = tmp_path / moment.replace(" ", "-")
        first = build(out)
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while len(workers) < 2 or not ready(out):
            assert first.poll() is None, (moment, first.communicate())
            assert time.monotonic() < deadline, moment
            workers = [p for p in children_of(first.pid) if alive(p)]
            time.sleep(0.02)
        if victim == "main":
            os.kill(first.pid, signal.SIGKILL)
        elif victim == "all":
            os.killpg(first.pid, signal.SIGKILL)
        else:
            os.kill(workers[0], signal.SIGKILL)
        stdout, stderr = first.communicate(timeout=300)
        if victim == "worker":  # the build goes on without it and says in words what failed
            assert first.returncode == 1 and "Traceback" not in stderr, (moment, stderr)
            died = "failed: a worker process ended abruptly (killed, or out of memory)"
            failed = [line for line in stdout.splitlines() if line.endswith(died)]
            assert failed, (moment, stdout)
            if moment == "a worker as the workers start":  # (before any unit was done)
                assert any("the worker failed" in line for line in failed), stdout
        gone_by = time.monotonic() + 5
        while any(alive(p) for p in workers):
            assert time.monotonic() < gone_by, f"{moment}: workers {workers} outlived their build"
            time.sleep(0.05)
        started = time.monotonic()
        second = build(out)
        stdout, stderr = second.communicate(timeout=300)
        assert second.returncode == 0, (moment, stdout, stderr)
        assert "another build" not in stderr, moment
        assert time.monotonic() - started < 120, moment
        assert without_manifest(tree(out)) == without_manifest(tree(clean)), moment
        assert records(out) == records(clean), moment
