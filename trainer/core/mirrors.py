"""Code constants that restate the rules data, checked against it when the data is read.

Some rules are written twice: in game.json, which the app reads, and in the code, which
is written for them (DJ Wild's 53-card deck, the dealing methods a game's dealing code
knows, the number of seats a layout drawing has room for). Each game lists such
constants as ``Mirror``s; ``check_mirrors`` refuses data that disagrees with any of them
with one message naming the file, every place and both values, so a changed pay table
or deck is never half used:

    game.json: deck.size: the data says 54, the code is written for 53 (§2(a); trainer ruling 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping

from trainer.core.rules_data import RulesDataError

if TYPE_CHECKING:
    from trainer.core.game_data import GameData


@dataclass(frozen=True)
class Mirror:
    place: str  # where the data holds it: "deck.size", "house_options.trips_table.choices"
    data: object  # what the data holds
    code: object  # what the code is written for
    rule: str  # where both come from: "§2(a); trainer ruling 4"

    def text(self) -> str:
        return f"{self.place}: the data says {_shown(self.data)}, the code is written for {_shown(self.code)} ({self.rule})"


def _shown(value: object) -> str:
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return "[" + ", ".join(str(v) for v in items) + "]"
    return str(value)


def deck(data: GameData, size: int, jokers: int, rule: str) -> tuple[Mirror, Mirror]:
    """The deck the code deals and counts stubs from: its size and its jokers."""
    return Mirror("deck.size", data.deck_size, size, rule), Mirror("deck.jokers", data.jokers, jokers, rule)


def choices(data: GameData, option: str, code: Iterable[str], rule: str) -> Mirror:
    """The choices of a house option the code is written for (dealing methods, tables
    it names), in the data's order."""
    found = tuple(data.house_options[option].choices) if option in data.house_options else ()
    return Mirror(f"house_options.{option}.choices", found, tuple(code), rule)


def defaults(data: GameData, options: object, keys: Iterable[str], rule: str) -> tuple[Mirror, ...]:
    """The house options a game's settlement takes when none are given (the ``keys``
    attributes of its ``HouseOptions()``): the data's defaults."""
    return tuple(Mirror(f"house_options.{k}.default",
                        data.house_options[k].default if k in data.house_options else None, getattr(options, k), rule)
                 for k in keys)


def spot_labels(data: GameData, labels: Mapping[str, str]) -> tuple[Mirror, ...]:
    """The names a settlement gives the wagers on the layout's spots: the spots' labels."""
    return tuple(Mirror(f"spots[{i}].label", s.label, labels.get(s.key), "the wager's name on the layout")
                 for i, s in enumerate(data.spots))


def seats(data: GameData, code: int, rule: str) -> Mirror:
    """A seat count the code is written for (where it cannot take the data's)."""
    return Mirror("seats", data.seats, code, rule)


def mismatches(mirrors: Iterable[Mirror]) -> list[Mirror]:
    return [m for m in mirrors if m.data != m.code]


def check_mirrors(path: Path | str, mirrors: Iterable[Mirror]) -> None:
    """Raise one ``RulesDataError`` naming every constant the data at ``path`` contradicts."""
    wrong = mismatches(mirrors)
    if wrong:
        raise RulesDataError(f"{path}: " + "; ".join(m.text() for m in wrong))


__all__ = ["Mirror", "check_mirrors", "choices", "deck", "defaults", "mismatches", "seats", "spot_labels"]
