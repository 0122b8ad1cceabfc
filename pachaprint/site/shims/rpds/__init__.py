"""A stand-in for rpds-py in the site's bundle (see ``shims/README.md``): the persistent
map, set and list that jsonschema and referencing use, as copies of Python's own."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any


class HashTrieMap(Mapping[Any, Any]):
    """An immutable mapping; every change gives a new one."""

    __slots__ = ("_items",)

    def __init__(self, value: Mapping[Any, Any] | Iterable[tuple[Any, Any]] = (), **kwds: Any):
        self._items: dict[Any, Any] = dict(value, **kwds)

    @classmethod
    def convert(cls, value: Mapping[Any, Any] | Iterable[tuple[Any, Any]]) -> HashTrieMap:
        return value if isinstance(value, HashTrieMap) else cls(value)

    @classmethod
    def fromkeys(cls, keys: Iterable[Any], value: Any = None) -> HashTrieMap:
        return cls(dict.fromkeys(keys, value))

    def __getitem__(self, key: Any) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"HashTrieMap({self._items!r})"

    def insert(self, key: Any, val: Any) -> HashTrieMap:
        return HashTrieMap({**self._items, key: val})

    def remove(self, key: Any) -> HashTrieMap:
        if key not in self._items:
            raise KeyError(key)
        return self.discard(key)

    def discard(self, key: Any) -> HashTrieMap:
        return HashTrieMap({k: v for k, v in self._items.items() if k != key})

    def update(self, *args: Mapping[Any, Any] | Iterable[tuple[Any, Any]]) -> HashTrieMap:
        items = dict(self._items)
        for arg in args:
            items.update(arg)
        return HashTrieMap(items)


class HashTrieSet(frozenset[Any]):
    """An immutable set; every change gives a new one."""

    def insert(self, value: Any) -> HashTrieSet:
        return HashTrieSet((*self, value))

    def discard(self, value: Any) -> HashTrieSet:
        return HashTrieSet(v for v in self if v != value)

    def remove(self, value: Any) -> HashTrieSet:
        if value not in self:
            raise KeyError(value)
        return self.discard(value)

    def update(self, *args: Iterable[Any]) -> HashTrieSet:
        return HashTrieSet(self.union(*args))


class List(Iterable[Any]):
    """An immutable list that grows at the front."""

    __slots__ = ("_items",)

    def __init__(self, value: Iterable[Any] = (), *more: Any):
        self._items: tuple[Any, ...] = (*value, *more)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, List) and self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"List({list(self._items)!r})"

    @property
    def first(self) -> Any:
        return self._items[0]

    @property
    def rest(self) -> List:
        return List(self._items[1:])

    def push_front(self, value: Any) -> List:
        return List((value, *self._items))

    def drop_first(self) -> List:
        return self.rest
