"""A game's rules data (resources/games/<id>/game.json and procedures.json), read and
validated once, in one shape for every card game.

game.json: title, rules file, deck, seats, the layout's betting spots (§ cited), pay
tables (rows of hands and odds, each table citing its section) and house options.
procedures.json: ordered procedures (opening, shuffle and cut, the round), the drills
among them, wagering rules ("is this wager allowed") and irregularities with their
required outcome. Each game names the hand keys its pay tables may use and the
tables it cannot do without; anything else wrong is a RulesDataError with its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trainer.core.paytable import PayTable, read_pay_table
from trainer.core.procedures import Procedure, cite_in, read_procedures
from trainer.core.rules_data import Reader, RulesDataError, load_json
from trainer.core.scene import Spot

FORMAT = 1


@dataclass(frozen=True)
class HouseOption:
    key: str
    title: str
    citation: str
    choices: dict[str, str]  # choice -> what it selects (a pay table id or a description)
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
class GameData:
    id: str
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

    def option_table(self, option: str, choice: str) -> PayTable:
        """The pay table a house option selects, e.g. ('pair_up_table', '2')."""
        opt = self.house_options[option]
        if choice not in opt.choices:
            raise ValueError(f"{opt.title} {choice!r} does not exist; the house may choose "
                             f"{', '.join(opt.choices)} ({opt.citation})")
        return self.pay_tables[opt.choices[choice]]

    def spot_label(self, key: str) -> str:
        for s in self.spots:
            if s.key == key:
                return s.label
        raise KeyError(key)


def read_game_data(folder: Path, *, game_id: str, hand_keys: frozenset[str],
                   required_tables: tuple[str, ...] = (), table_options: tuple[str, ...] = ()) -> GameData:
    """Read and check both files. ``table_options`` are house options whose choices name pay tables."""
    g = Reader(str(folder / "game.json"), load_json(folder / "game.json"))
    if g["format"].int() != FORMAT:
        raise g["format"].fail(f"this version of Dealer Trainer reads format {FORMAT}")
    if g["game"].str() != game_id:
        raise g["game"].fail(f"expected {game_id!r}")
    title = g["title"].str()
    deck = g["deck"]
    spots = tuple(Spot(s["key"].str(), s["label"].str()) for s in g["spots"].list())
    if len({s.key for s in spots}) != len(spots):
        raise g["spots"].fail("two spots share a key")
    tables = {tid: read_pay_table(tid, tr, title, hand_keys) for tid, tr in g["pay_tables"].items()}
    for need in required_tables:
        if need not in tables:
            raise g["pay_tables"].fail(f"missing the {need!r} pay table")
    options: dict[str, HouseOption] = {}
    for key, o in g["house_options"].items():
        choices = {k: v.str() for k, v in o["choices"].items()}
        default = o["default"].str()
        if default not in choices:
            raise o["default"].fail(f"{default!r} is not one of the choices {', '.join(choices)}")
        options[key] = HouseOption(key, o["title"].str(), f"{title} §{o['section'].str()}", choices, default)
    for key in table_options:
        if key not in options:
            raise g["house_options"].fail(f"missing the {key!r} house option")
        for choice, table_id in options[key].choices.items():
            if table_id not in tables:
                raise g["house_options"][key].fail(f"choice {choice!r} names the unknown pay table {table_id!r}")

    p = Reader(str(folder / "procedures.json"), load_json(folder / "procedures.json"))
    procedures = read_procedures(p["procedures"], title)
    drills = p.get("order_drills", []).strs() if p.has("order_drills") else ()
    for d in drills:
        if d not in procedures:
            raise p["order_drills"].fail(f"unknown procedure {d!r}")
    wager_rules = tuple(WagerRule(w["situation"].str(), w["allowed"].bool(), cite_in(title, w["cite"].str()),
                                  w["why"].str()) for w in p.get("wager_rules", []).list())
    irregularities = tuple(Irregularity(i["id"].str(), i["situation"].str(), i["outcome"].str(),
                                        cite_in(title, i["cite"].str())) for i in p.get("irregularities", []).list())
    if len({i.id for i in irregularities}) != len(irregularities):
        raise p["irregularities"].fail("two irregularities share an id")
    return GameData(
        id=game_id, title=title, rules_file=g["rules_file"].str(), deck_size=deck["size"].int(),
        jokers=deck["jokers"].int(), seats=g["seats"].int(), spots=spots, pay_tables=tables,
        house_options=options, procedures=procedures, order_drills=drills,
        wager_rules=wager_rules, irregularities=irregularities,
    )


__all__ = ["GameData", "HouseOption", "Irregularity", "WagerRule", "RulesDataError", "read_game_data"]
