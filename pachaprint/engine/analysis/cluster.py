"""Play simulation batches on a Dask distributed cluster (the extra ``pachaprint[cluster]``).

:func:`connect` opens a client to a running scheduler and gives a
``concurrent.futures`` executor that :func:`pachaprint.engine.analysis.schedule.start`
hands its batches to, cut exactly as for local worker processes; every game
has its own seed, so the report is the one a local run gives. The workers need
the same version of pachaprint installed (they import it to play the games).

    dask scheduler                      # prints tcp://HOST:8786
    dask worker tcp://HOST:8786         # on every machine that should play
    pachaprint balance scenarios/ --scheduler tcp://HOST:8786
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, NamedTuple

EXTRA_HINT = "pip install 'pachaprint[cluster]'"


class ClusterUnavailable(RuntimeError):
    """The cluster cannot be used: the extra is missing or the scheduler does not answer."""


class Cluster(NamedTuple):
    """An executor on the cluster and how many worker threads it has."""

    executor: Executor
    workers: int


def _client_class() -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterUnavailable(
            f"--scheduler needs Dask distributed, which is not installed: {EXTRA_HINT}"
        ) from None
    return Client


def _check_address(address: str) -> None:
    """Refuse a malformed address before a client is made (a failed client complains at exit)."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import backends

    try:
        scheme, location = parse_address(address)
        if scheme not in backends:
            raise ValueError(f"unknown protocol {scheme!r}")
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as exc:
        raise ClusterUnavailable(
            f"{address!r} is not a scheduler address ({exc}); give one like tcp://HOST:8786"
        ) from None


CONNECT_TIMEOUT = 10.0
"""Seconds a scheduler has to answer before ``--scheduler`` is refused."""


@contextmanager
def connect(address: str, timeout: float | None = None) -> Iterator[Cluster]:
    """A client of the scheduler at ``address`` (``tcp://host:8786``, or a
    ``distributed.LocalCluster``'s address), closed at the end of the block;
    ``timeout`` defaults to :data:`CONNECT_TIMEOUT`.

    :class:`ClusterUnavailable` when Dask is not installed or nobody answers there.
    """
    client_class = _client_class()
    _check_address(address)
    if timeout is None:
        timeout = CONNECT_TIMEOUT
    try:
        client = client_class(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterUnavailable(
            f"no Dask scheduler answered at {address} within {timeout:.0f} s ({exc}); "
            "start one with 'dask scheduler' and workers with 'dask worker ADDRESS'"
        ) from None
    try:
        threads = sum(client.nthreads().values())
        if not threads:
            raise ClusterUnavailable(
                f"the Dask scheduler at {address} has no workers; start some with "
                f"'dask worker {address}'"
            )
        yield Cluster(client.get_executor(), threads)
    finally:
        client.close()
