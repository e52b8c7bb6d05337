"""Table mode difficulty levels (data in resources/table-mode/levels.json): learn,
guided, practice, table-ready."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from trainer.core.rules_data import Reader, load_json
from trainer.paths import resource


@dataclass(frozen=True)
class Level:
    id: str
    title: str
    description: str
    seats: tuple[int, int]  # least and most seats the players fill (capped by the game's seats)
    side_bet_rate: float  # chance a player adds each side bet the house offers
    wager_choices: tuple[int, ...]  # base wagers in cents
    action_target_ms: int  # time target per dealer action; 0 = untimed
    show_next: bool  # the next action is shown before it is done
    explain: bool  # a wrong action is explained with its rule
    watch_mistakes: tuple[int, int]  # mistakes the app makes in a watched round (least, most)

    def seat_count(self, rng, max_seats: int) -> int:
        lo, hi = min(self.seats[0], max_seats), min(self.seats[1], max_seats)
        return rng.randint(lo, hi)

    def target_ms(self, actions: int) -> int:
        """The time target of a round of ``actions`` dealer actions (0: untimed)."""
        return self.action_target_ms * actions


def read_levels(path: Path) -> tuple[Level, ...]:
    r = Reader(str(path), load_json(path))
    levels = []
    for lv in r["levels"].list():
        seats = tuple(x.int() for x in lv["seats"].list())
        mistakes = tuple(x.int() for x in lv["watch_mistakes"].list())
        if len(seats) != 2 or not 1 <= seats[0] <= seats[1]:
            raise lv["seats"].fail("two numbers, least and most, at least 1")
        if len(mistakes) != 2 or not 0 <= mistakes[0] <= mistakes[1]:
            raise lv["watch_mistakes"].fail("two numbers, least and most")
        rate = lv["side_bet_rate"].value
        if not isinstance(rate, (int, float)) or isinstance(rate, bool) or not 0 <= rate <= 1:
            raise lv["side_bet_rate"].fail("a chance from 0 to 1")
        wagers = tuple(x.int() for x in lv["wager_choices"].list())
        if not wagers or any(w <= 0 for w in wagers):
            raise lv["wager_choices"].fail("at least one wager, each more than 0 cents")
        target = lv["action_target_ms"].int()
        if target < 0:
            raise lv["action_target_ms"].fail("0 (untimed) or more")
        levels.append(Level(lv["id"].str(), lv["title"].str(), lv["description"].str(), seats, float(rate),
                            wagers, target, lv["show_next"].bool(), lv["explain"].bool(), mistakes))
    if not levels:
        raise r["levels"].fail("at least one level")
    if len({lv.id for lv in levels}) != len(levels):
        raise r["levels"].fail("two levels share an id")
    return tuple(levels)


@cache
def levels() -> tuple[Level, ...]:
    return read_levels(resource("table-mode", "levels.json"))


def level(level_id: str) -> Level:
    for lv in levels():
        if lv.id == level_id:
            return lv
    raise KeyError(f"no table mode level {level_id!r}; the levels are {', '.join(lv.id for lv in levels())}")
