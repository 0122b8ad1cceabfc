"""Help screens that read like a well-kept command line tool.

Typer's plain help marks parameters with their Python type (``<list[str]>``,
``<int>``) and wraps required arguments in braces in the usage line
(``{paths}...``). Our arguments and options name their values with metavars
(``FILE``, ``N``, ``NAME,NAME``) instead, so :class:`HelpCommand` lays the rows
out again without those marks; a choice keeps its values (``text|json``).
"""

from __future__ import annotations

import re
from typing import Any

import typer.core

_MARK = re.compile(r"\s*<([^<>]+)>")
_BRACES = re.compile(r"\{([^{}\s]+)\}")


def _unmark(match: re.Match[str]) -> str:
    inner = match.group(1)
    is_choice = "|" in inner and not inner.startswith("list[")
    return f" {inner}" if is_choice else ""


def tidy(text: str) -> str:
    """A help cell or usage piece without Python type marks or braces."""
    return _BRACES.sub(r"\1", _MARK.sub(_unmark, text))


class HelpCommand(typer.core.TyperCommand):
    """A Typer command whose ``--help`` shows metavars and choices, never type names.

    Click's ``Context`` and ``HelpFormatter`` are typed ``Any`` here: some
    Typer releases bring their own copy of Click, others depend on Click.
    """

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [tidy(piece) for piece in super().collect_usage_pieces(ctx)]

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.format_usage(ctx, formatter)
        self.format_help_text(ctx, formatter)
        sections: dict[str, list[tuple[str, str]]] = {"Arguments": [], "Options": []}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None:
                title = "Arguments" if param.param_type_name == "argument" else "Options"
                sections[title].append((tidy(record[0]), record[1]))
        for title, rows in sections.items():
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)
        self.format_epilog(ctx, formatter)
