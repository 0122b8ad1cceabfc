"""What a build reports: a :class:`ScenarioOutcome` per scenario file and the :class:`BuildResult`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class ScenarioOutcome:
    """What happened to one scenario file: ``status`` is ``built``, ``unchanged``,
    ``invalid`` or ``failed``; ``report`` its gallery record (see
    :func:`pachaprint.pipeline.verdicts.gallery_record`); ``data`` the scenario mapping
    built from (dots solved), for the PnP discs; ``disc`` its checked disc when this build
    checked the file (an unchanged one's is made again from ``data`` and its record)."""

    file: str
    id: str | None
    status: str
    problems: list[str] = field(default_factory=list)
    report: dict[str, Any] | None = None
    data: dict[str, Any] | None = field(default=None, repr=False)
    disc: Any = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return self.status in ("built", "unchanged")


@dataclass(slots=True)
class BuildResult:
    """A whole build: every scenario's outcome, the core set's and the print sheets' status
    per paper (``built``, ``unchanged``, ``failed``, ``skipped``), ``problems`` outside a
    scenario (core components, print sheets, index, manifest), ``pnp_files`` the
    print-and-play PDFs of this build (relative to OUT, core first), and ``skipped`` the
    folder's files that are not scenarios (a saved game), each with a note why."""

    out_dir: str
    scenarios: list[ScenarioOutcome]
    core: str = "unchanged"
    pnp: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    pnp_files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

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
