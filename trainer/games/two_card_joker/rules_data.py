"""The Two Card Joker Poker data of resources/games/two-card-joker/, loaded and validated once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from trainer.core.paytable import PayTable, read_pay_table
from trainer.core.procedures import Procedure, cite_in, read_procedures
from trainer.core.rules_data import Reader, RulesDataError, load_json
from trainer.core.scene import Spot
from trainer.games.two_card_joker.hands import TITLE, Category
from trainer.paths import resource

GAME_ID = "two-card-joker"
# Hand keys a pay table row may name: the §5(b) categories and the two Super Flush
# flush grades of §11(e) (trainer ruling 8).
HAND_KEYS = frozenset({c.key for c in Category} | {"ace-high-flush", "king-high-flush"})
REQUIRED_TABLES = ("call", "pair_up_1", "pair_up_2", "pair_up_3", "super_flush")


@dataclass(frozen=True)
class HouseOption:
    key: str
    title: str
    citation: str
    choices: dict[str, str]
    default: str


@dataclass(frozen=True)
class WagerRule:
    situation: str
    allowed: bool
    citation: str
    why: str


@dataclass(frozen=True)
class Irregularity:
    id: str
    situation: str
    outcome: str
    citation: str


@dataclass(frozen=True)
class RulesData:
    title: str
    rules_file: str
    deck_size: int
    jokers: int
    seats: int
    spots: tuple[Spot, ...]
    pay_tables: dict[str, PayTable]
    house_options: dict[str, HouseOption]
    procedures: dict[str, Procedure]
    order_drills: tuple[str, ...]
    wager_rules: tuple[WagerRule, ...]
    irregularities: tuple[Irregularity, ...]

    def pair_up_table(self, choice: str) -> PayTable:
        option = self.house_options["pair_up_table"]
        if choice not in option.choices:
            raise ValueError(f"Pair Up table {choice!r} does not exist; the house may choose "
                             f"{', '.join(option.choices)} ({option.citation})")
        return self.pay_tables[option.choices[choice]]


def read_rules_data(folder: Path) -> RulesData:
    game_src = str(folder / "game.json")
    g = Reader(game_src, load_json(folder / "game.json"))
    if g["format"].int() != 1:
        raise g["format"].fail("this version of Dealer Trainer reads format 1")
    title = g["title"].str()
    if title != TITLE:
        raise g["title"].fail(f"expected {TITLE!r}")
    deck = g["deck"]
    spots = tuple(Spot(s["key"].str(), s["label"].str()) for s in g["spots"].list())
    tables = {tid: read_pay_table(tid, tr, title, HAND_KEYS) for tid, tr in g["pay_tables"].items()}
    for need in REQUIRED_TABLES:
        if need not in tables:
            raise g["pay_tables"].fail(f"missing the {need!r} pay table")
    options = {}
    for key, o in g["house_options"].items():
        choices = {k: v.str() for k, v in o["choices"].items()}
        default = o["default"].str()
        if default not in choices:
            raise o["default"].fail(f"{default!r} is not one of the choices {', '.join(choices)}")
        options[key] = HouseOption(key, o["title"].str(), f"{title} §{o['section'].str()}", choices, default)
    for choice, table_id in options["pair_up_table"].choices.items() if "pair_up_table" in options else ():
        if table_id not in tables:
            raise g["house_options"].fail(f"Pair Up table {choice} names the unknown table {table_id!r}")

    proc_src = str(folder / "procedures.json")
    p = Reader(proc_src, load_json(folder / "procedures.json"))
    procedures = read_procedures(p["procedures"], title)
    drills = p["order_drills"].strs()
    for d in drills:
        if d not in procedures:
            raise p["order_drills"].fail(f"unknown procedure {d!r}")
    wager_rules = tuple(WagerRule(w["situation"].str(), w["allowed"].bool(), cite_in(title, w["cite"].str()),
                                  w["why"].str()) for w in p["wager_rules"].list())
    irregularities = tuple(Irregularity(i["id"].str(), i["situation"].str(), i["outcome"].str(),
                                        cite_in(title, i["cite"].str())) for i in p["irregularities"].list())
    if len({i.id for i in irregularities}) != len(irregularities):
        raise p["irregularities"].fail("two irregularities share an id")
    return RulesData(
        title=title, rules_file=g["rules_file"].str(), deck_size=deck["size"].int(),
        jokers=deck["jokers"].int(), seats=g["seats"].int(), spots=spots, pay_tables=tables,
        house_options=options, procedures=procedures, order_drills=drills,
        wager_rules=wager_rules, irregularities=irregularities,
    )


@cache
def rules_data() -> RulesData:
    """The shipped data, read once. Raises RulesDataError with the file and place."""
    return read_rules_data(resource("games", GAME_ID))


__all__ = ["RulesData", "RulesDataError", "rules_data", "read_rules_data", "GAME_ID"]
