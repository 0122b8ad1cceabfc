"""What a build reports: a :class:`ScenarioOutcome` per scenario file and the :class:`BuildResult`.

Written out by hand rather than as dataclasses (as
:class:`pachaprint.check.problems.Report` is): a rebuild with nothing changed
makes them without loading ``dataclasses`` (:mod:`pachaprint.pipeline.unchanged`).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time of a rebuild)
if TYPE_CHECKING:
    from typing import Any


class ScenarioOutcome:
    """What happened to one scenario file: ``status`` is ``built``, ``unchanged``,
    ``invalid`` or ``failed``; ``report`` its gallery record (see
    :func:`pachaprint.pipeline.verdicts.gallery_record`); ``data`` the scenario mapping
    built from (dots solved), for the PnP discs; ``disc`` its checked disc when this build
    checked the file (an unchanged one's is made again from ``data`` and its record)."""

    __slots__ = ("data", "disc", "file", "id", "problems", "report", "status")

    def __init__(
        self,
        file: str,
        id: str | None,
        status: str,
        problems: list[str] | None = None,
        report: dict[str, Any] | None = None,
        data: dict[str, Any] | None = None,
        disc: Any = None,
    ) -> None:
        self.file = file
        self.id = id
        self.status = status
        self.problems: list[str] = [] if problems is None else problems
        self.report = report
        self.data = data
        self.disc = disc

    def __repr__(self) -> str:
        return (
            f"ScenarioOutcome(file={self.file!r}, id={self.id!r}, status={self.status!r}, "
            f"problems={self.problems!r}, report={self.report!r})"
        )

    @property
    def ok(self) -> bool:
        return self.status in ("built", "unchanged")


class BuildResult:
    """A whole build: every scenario's outcome, the core set's and the print sheets' status
    per paper (``built``, ``unchanged``, ``failed``, ``skipped``), ``problems`` outside a
    scenario (core components, print sheets, index, manifest), ``pnp_files`` the
    print-and-play PDFs of this build (relative to OUT, core first), and ``skipped`` the
    folder's files that are not scenarios (a saved game), each with a note why."""

    __slots__ = ("core", "out_dir", "pnp", "pnp_files", "problems", "scenarios", "skipped")

    def __init__(
        self,
        out_dir: str,
        scenarios: list[ScenarioOutcome],
        core: str = "unchanged",
        pnp: dict[str, str] | None = None,
        problems: list[str] | None = None,
        pnp_files: list[str] | None = None,
        skipped: list[str] | None = None,
    ) -> None:
        self.out_dir = out_dir
        self.scenarios = scenarios
        self.core = core
        self.pnp: dict[str, str] = {} if pnp is None else pnp
        self.problems: list[str] = [] if problems is None else problems
        self.pnp_files: list[str] = [] if pnp_files is None else pnp_files
        self.skipped: list[str] = [] if skipped is None else skipped

    def __repr__(self) -> str:
        return f"BuildResult({self.to_dict()!r})"

    @property
    def ok(self) -> bool:
        return (
            all(s.ok for s in self.scenarios)
            and self.core != "failed"
            and "failed" not in self.pnp.values()
            and not self.problems
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "out": self.out_dir,
            "ok": self.ok,
            "scenarios": [
                {
                    "file": s.file,
                    "id": s.id,
                    "status": s.status,
                    "problems": s.problems,
                    "difficulty": (s.report or {}).get("difficulty"),
                    "flags": (s.report or {}).get("flags", []),
                }
                for s in self.scenarios
            ],
            "core": self.core,
            "pnp": self.pnp,
            "pnp_files": self.pnp_files,
            "problems": self.problems,
            "skipped": self.skipped,
        }
