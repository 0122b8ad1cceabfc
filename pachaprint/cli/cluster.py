"""``--scheduler``: the Dask cluster a command hands its games to, or none."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from pachaprint.cli.application import UsageError

if TYPE_CHECKING:
    from pachaprint.engine.analysis.cluster import Cluster

SCHEDULER_HELP = (
    "Hand the games to the Dask scheduler at ADDRESS (tcp://HOST:8786; needs "
    "pip install 'pachaprint[cluster]'). The report is the same as a local run's."
)


@contextmanager
def cluster_for(address: str | None) -> Iterator[Cluster | None]:
    """The cluster at ``address`` for the duration of the block (``None`` without one);
    a missing extra or an unreachable scheduler is a usage error (exit 2)."""
    if not address:
        yield None
        return
    from pachaprint.engine.analysis.cluster import ClusterUnavailable, connect

    try:
        with connect(address) as cluster:
            yield cluster
    except ClusterUnavailable as exc:
        raise UsageError(f"--scheduler: {exc}") from None
