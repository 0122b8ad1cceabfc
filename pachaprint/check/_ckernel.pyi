"""Type stubs of the compiled crop kernel (``_ckernel.c``)."""

from collections.abc import Sequence

class Kernel:
    def __init__(
        self,
        peers: Sequence[Sequence[int]],
        units: Sequence[tuple[Sequence[int], int]],
        unit_of: Sequence[int],
        pointing: Sequence[tuple[Sequence[int], Sequence[int], int]],
    ) -> None: ...
    def propagate(
        self, domains: list[int], queue: list[int], pointing: bool, every_unit: bool
    ) -> list[int] | None: ...
    def closure(self, domains: list[int], tier: int) -> list[int] | None: ...
    def solutions(self, domains: list[int], limit: int) -> tuple[list[tuple[int, ...]], int]: ...
