"""A game's hand categories, with the words every game gives them in one place.

Each game subclasses ``HandCategory`` with its members (lowest first, so hands compare
with < and >) and then calls ``name_categories`` once with what its rules print: the
section that defines each category, the labels the rules print otherwise than the
member's name ("Four-of-a-kind"), and the plurals prose uses. Every member must be
named in each table given, checked when the game's module is imported:

    class Category(HandCategory):
        HIGH_CARD = 1
        PAIR = 2

    name_categories(Category, cite=cite, sections={Category.PAIR: "5(b)(2)", Category.HIGH_CARD: "5(c)"})

``key`` is the name pay tables use ("two-pairs"), ``label`` the rules' capitalised name
("Two pairs"), ``hand_name`` the name in lower case as prose prints it ("four of a
kind"), ``citation`` the defining section ("Winner's Pot Poker §5(b)(8)").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Callable, Mapping, TypeVar


class HandCategory(IntEnum):
    """The base of every game's Category enum (no members of its own)."""

    @property
    def key(self) -> str:
        """'two-pairs', 'royal-flush': the key pay tables name hands by."""
        return self.name.lower().replace("_", "-")

    @property
    def label(self) -> str:
        """As the rules print it: 'Royal flush', 'Four-of-a-kind'."""
        return _words(self).labels.get(self) or self.name.replace("_", " ").capitalize()

    @property
    def hand_name(self) -> str:
        """The name in lower case, as prose and the exact math print it: 'four of a kind'."""
        return self.name.replace("_", " ").lower()

    @property
    def plural(self) -> str:
        """'full houses', 'two-pair hands'."""
        return _words(self).plurals[self]

    @property
    def citation(self) -> str:
        """The section that defines the category: 'Two Card Joker Poker §5(b)(5)'."""
        words = _words(self)
        return words.cite(words.sections[self])


@dataclass(frozen=True)
class _Words:
    cite: Callable[[str], str]
    sections: Mapping[HandCategory, str] = field(default_factory=dict)
    labels: Mapping[HandCategory, str] = field(default_factory=dict)
    plurals: Mapping[HandCategory, str] = field(default_factory=dict)


_WORDS: dict[type, _Words] = {}

C = TypeVar("C", bound=HandCategory)


def _words(category: HandCategory) -> _Words:
    try:
        return _WORDS[type(category)]
    except KeyError:
        raise LookupError(f"{type(category).__qualname__} has no words: call name_categories for it") from None


def name_categories(cls: type[C], *, cite: Callable[[str], str], sections: Mapping[C, str] | None = None,
                    labels: Mapping[C, str] | None = None, plurals: Mapping[C, str] | None = None) -> None:
    """Give ``cls`` its words. ``sections`` and ``plurals``, where given, name every member;
    ``labels`` only those the rules print otherwise than the member's name."""
    for what, table in (("sections", sections), ("plurals", plurals)):
        if table is not None and set(table) != set(cls):
            missing = ", ".join(c.name for c in cls if c not in table)
            raise ValueError(f"{cls.__qualname__} {what}: every category needs one (missing: {missing})")
    for c in labels or {}:
        if not isinstance(c, cls):
            raise ValueError(f"{cls.__qualname__} labels: {c!r} is not one of its categories")
    _WORDS[cls] = _Words(cite, dict(sections or {}), dict(labels or {}), dict(plurals or {}))


def by_key(cls: type[C]) -> dict[str, C]:
    """Each category by its pay-table key."""
    return {c.key: c for c in cls}


def high_first(cls: type[C]) -> tuple[C, ...]:
    """The categories highest first, the order the rules list them."""
    return tuple(sorted(cls, reverse=True))


__all__ = ["HandCategory", "by_key", "high_first", "name_categories"]
