"""The Four Card Poker data of resources/games/four-card/, loaded and validated once.

Besides the shape every card game shares (``GameData``: spots, pay tables, house
options, procedures, wagering rules, irregularities), game.json holds two sections of
its own, read here with the same exact-place errors:

- ``cover_all``: the §12 matrix, one pay table per number of players (2 to 7);
- ``progressive``: the §13 meter row (four aces, 100% of meter), the minimum reset of
  each paytable, the accepted wagers ($1 and $5, trainer ruling 12) and the Envy Bonus
  schedules of §13(a)(5).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from trainer.core import mirrors
from trainer.core.game_data import GameData, read_game_data
from trainer.core.paytable import PayTable
from trainer.core.rules_data import Reader, RulesDataError, load_json
from trainer.core.seats import AUTOMATED_SHOE, HAND, MANUAL_SHOE
from trainer.games.four_card.hands import EXTRA_KEYS, Category, cite
from trainer.paths import resource

GAME_ID = "four-card"
# Hand keys a pay table row may name: the §3(b) categories (and high card), Aces Up's
# pair of aces, and the four aces and royal flush rows of Cover All and the progressive.
HAND_KEYS = frozenset({c.key for c in Category} | set(EXTRA_KEYS))
AUTHORED_TABLES = ("ante_bonus",) + tuple(f"aces_up_{i}" for i in range(1, 8))
REQUIRED_TABLES = AUTHORED_TABLES + ("progressive_a", "progressive_b")
TABLE_OPTIONS = ("aces_up_table", "progressive_table")
# What the code is written for, checked against the data at load.
DECK_SIZE = 52  # §2(a), §7(e)a; trainer ruling 4: the stub count, the exact math
JOKERS = 0
DEALING_METHODS = (MANUAL_SHOE, HAND, AUTOMATED_SHOE)  # §7-§9: the deal sequences of dealing.py


@dataclass(frozen=True)
class EnvyRow:
    label: str
    hands: tuple[str, ...]
    amount: int  # cents paid to each progressive wager of this size


@dataclass(frozen=True)
class ProgressiveTable:
    choice: str  # "A" or "B"
    pay_table: PayTable  # the "for" rows below four aces
    minimum_reset: int  # cents: §13(a)(3)
    envy: dict[int, tuple[EnvyRow, ...]]  # progressive wager (cents) -> schedule
    envy_citation: str

    def envy_row(self, wager: int, hand_key: str) -> EnvyRow | None:
        for row in self.envy.get(wager, ()):
            if hand_key in row.hands:
                return row
        return None


@dataclass(frozen=True)
class ProgressiveData:
    citation: str  # "Four Card Poker §13(a)"
    meter_label: str  # "Four aces"
    meter_hands: tuple[str, ...]
    meter_pays: str  # "100% of meter", as printed
    meter_citation: str
    reset_citation: str
    wagers: tuple[int, ...]  # cents
    wagers_citation: str
    tables: dict[str, ProgressiveTable]


@dataclass(frozen=True)
class CoverAllData:
    citation: str
    columns: dict[int, PayTable]  # number of players -> table

    @property
    def min_players(self) -> int:
        return min(self.columns)

    @property
    def max_players(self) -> int:
        return max(self.columns)


@dataclass(frozen=True)
class SideBetData:
    cover_all: CoverAllData
    progressive: ProgressiveData


def read_side_bets(folder: Path, data: GameData) -> SideBetData:
    g = Reader(str(folder / "game.json"), load_json(folder / "game.json"))
    ca = g["cover_all"]
    columns: dict[int, PayTable] = {}
    for players, table in ca["columns"].items():
        if not players.isdigit() or not 1 <= int(players) <= data.seats:
            raise ca["columns"].fail(f"{players!r} is not a number of players from 1 to {data.seats}")
        table_id = table.str()
        if table_id not in data.pay_tables:
            raise table.fail(f"names the unknown pay table {table_id!r}")
        columns[int(players)] = data.pay_tables[table_id]
    if not columns:
        raise ca["columns"].fail("the Cover All matrix needs at least one column")
    cover_all = CoverAllData(cite(ca["section"].str()), dict(sorted(columns.items())))

    p = g["progressive"]
    meter = p["meter_row"]
    meter_hands = meter["hands"].strs()
    for h in meter_hands:
        if h not in HAND_KEYS:
            raise meter["hands"].fail(f"unknown hand {h!r}")
    wagers = tuple(w.int() for w in p["wagers"].list())
    if not wagers or any(w <= 0 for w in wagers):
        raise p["wagers"].fail("the progressive wagers are positive amounts in cents")
    choices = data.house_options["progressive_table"].choices
    tables: dict[str, ProgressiveTable] = {}
    for choice, t in p["tables"].items():
        if choice not in choices:
            raise p["tables"].fail(f"{choice!r} is not a progressive_table choice ({', '.join(choices)})")
        reset = t["minimum_reset"].int()
        if reset <= 0:
            raise t["minimum_reset"].fail("the minimum reset is a positive amount in cents")
        envy: dict[int, tuple[EnvyRow, ...]] = {}
        for wager_text, rows in t["envy"].items():
            if not wager_text.isdigit() or int(wager_text) not in wagers:
                raise t["envy"].fail(f"{wager_text!r} is not one of the progressive wagers {list(wagers)}")
            schedule = []
            for r in rows.list():
                hands = r["hands"].strs()
                for h in hands:
                    if h not in HAND_KEYS:
                        raise r["hands"].fail(f"unknown hand {h!r}")
                amount = r["amount"].int()
                if amount <= 0:
                    raise r["amount"].fail("an Envy Bonus is a positive amount in cents")
                schedule.append(EnvyRow(r["label"].str(), hands, amount))
            envy[int(wager_text)] = tuple(schedule)
        tables[choice] = ProgressiveTable(choice, data.option_table("progressive_table", choice), reset, envy,
                                          cite(t["envy_section"].str()))
    for choice in choices:
        if choice not in tables:
            raise p["tables"].fail(f"missing paytable {choice!r}")
    progressive = ProgressiveData(
        citation=cite(p["section"].str()), meter_label=meter["label"].str(), meter_hands=meter_hands,
        meter_pays=meter["pays"].str(), meter_citation=cite(meter["section"].str()),
        reset_citation=cite(p["reset_section"].str()), wagers=wagers,
        wagers_citation=p["wagers_cite"].str(), tables=tables,
    )
    return SideBetData(cover_all, progressive)


def read_rules_data(folder: Path) -> GameData:
    """Read and check both files, the Cover All and progressive sections included."""
    data = read_game_data(folder, game_id=GAME_ID, hand_keys=HAND_KEYS, required_tables=REQUIRED_TABLES,
                          table_options=TABLE_OPTIONS)
    from trainer.games.four_card.settlement import LABELS, HouseOptions  # settlement reads this module

    mirrors.check_mirrors(folder / "game.json", (
        *mirrors.spot_labels(data, LABELS),
        *mirrors.defaults(data, HouseOptions(), ("aces_up_table", "progressive_table", "settlement_alternative"),
                          "§10(e), §11(a)(3), §13(a)(1): the house's choices"),
        *mirrors.deck(data, DECK_SIZE, JOKERS, "§2(a); trainer ruling 4"),
        mirrors.choices(data, "dealing_method", DEALING_METHODS, "§7-§9"),
    ))
    read_side_bets(folder, data)
    return data


@cache
def rules_data() -> GameData:
    """The shipped data, read once. Raises RulesDataError with the file and place."""
    return read_rules_data(resource("games", GAME_ID))


@cache
def side_bets() -> SideBetData:
    return read_side_bets(resource("games", GAME_ID), rules_data())


__all__ = ["GameData", "RulesDataError", "rules_data", "read_rules_data", "side_bets", "GAME_ID", "DECK_SIZE",
           "DEALING_METHODS",
           "SideBetData", "CoverAllData", "ProgressiveData", "ProgressiveTable", "EnvyRow"]
