"""A game's rules data (resources/games/<id>/game.json and procedures.json), read and
validated once, in one shape for every card game.

game.json: title, blurb, rules file, deck, seats, the layout's betting spots (§ cited), pay
tables (rows of hands and odds, each table citing its section) and house options.
procedures.json: ordered procedures (opening, shuffle and cut, the round), the drills
among them, wagering rules ("is this wager allowed") and irregularities with their
required outcome. Each game names the hand keys its pay tables may use and the
tables it cannot do without; anything else wrong is a RulesDataError with its place.

Every irregularity's outcome has an identity, its "remedy" (what the dealer actually
does: "void-all-reshuffle", "remove-deck", "refer"...), and may name the remedies it
contains as "parts" ("void-all-remove-deck" contains "remove-deck"). Two wordings of one
remedy share its identity. Questions offer as wrong answers only remedies that differ in
substance from the right one (trainer ruling 38): see ``GameData.remedies_differ``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from trainer.core.citation import REFER
from trainer.core.paytable import PayTable, read_pay_table
from trainer.core.procedures import Procedure, cite_in, read_procedures
from trainer.core.rules_data import Reader, RulesDataError, load_json
from trainer.core.scene import Spot

FORMAT = 1
REFER_REMEDY = "refer"  # the identity of "Refer to floor supervisor"
REFER_OUTCOME = REFER[0].upper() + REFER[1:]


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
    remedy: str = REFER_REMEDY  # the outcome's identity
    parts: tuple[str, ...] = ()  # the remedies the outcome contains, as written in the data


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
    # remedy identity -> every remedy it contains, its parts' parts included
    remedy_parts: dict[str, frozenset[str]] = field(default_factory=dict)
    blurb: str = ""  # one line under the title on the home screen

    def remedies_differ(self, a: str, b: str) -> bool:
        """Whether remedies ``a`` and ``b`` differ in substance: not the same identity,
        neither a part of the other."""
        return a != b and a not in self.remedy_parts.get(b, ()) and b not in self.remedy_parts.get(a, ())

    def wordings_differ(self, a: str, b: str) -> bool:
        """``remedies_differ`` for two outcome texts. A text the data does not hold (a
        remedy written for one table-mode mistake) is compared by its words only."""
        named = {i.outcome: i.remedy for i in self.irregularities}
        named.setdefault(REFER_OUTCOME, REFER_REMEDY)
        if a in named and b in named:
            return self.remedies_differ(named[a], named[b])
        return a != b

    def remedy_wordings(self) -> dict[str, str]:
        """One wording per remedy, the first the data gives; "Refer to floor supervisor"
        is always among them."""
        out: dict[str, str] = {}
        for i in self.irregularities:
            out.setdefault(i.remedy, i.outcome)
        out.setdefault(REFER_REMEDY, REFER_OUTCOME)
        return out

    def option_table(self, option: str, choice: str) -> PayTable:
        """The pay table a house option selects, e.g. ('pair_up_table', '2')."""
        opt = self.house_options[option]
        if choice not in opt.choices:
            raise ValueError(f"{opt.title} {choice!r} does not exist; the house may choose "
                             f"{', '.join(opt.choices)} ({opt.citation})")
        return self.pay_tables[opt.choices[choice]]

    @property
    def spot_keys(self) -> tuple[str, ...]:
        """The layout's betting spots in the data's order: the order wagers are drawn and asked in."""
        return tuple(s.key for s in self.spots)

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
    blurb = g["blurb"].str()
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
                                        cite_in(title, i["cite"].str()), i["remedy"].str(),
                                        i.get("parts", []).strs())
                           for i in p.get("irregularities", []).list())
    if len({i.id for i in irregularities}) != len(irregularities):
        raise p["irregularities"].fail("two irregularities share an id")
    remedy_parts = _remedy_parts(p.get("irregularities", []), irregularities)
    return GameData(
        id=game_id, title=title, rules_file=g["rules_file"].str(), deck_size=deck["size"].int(),
        jokers=deck["jokers"].int(), seats=g["seats"].int(), spots=spots, pay_tables=tables,
        house_options=options, procedures=procedures, order_drills=drills,
        wager_rules=wager_rules, irregularities=irregularities, remedy_parts=remedy_parts, blurb=blurb,
    )


def _remedy_parts(r: Reader, irregularities: tuple[Irregularity, ...]) -> dict[str, frozenset[str]]:
    """Check the remedy identities and return each remedy's parts, closed transitively.

    Refused, naming the place: a part that is no remedy of this game, a remedy listed as
    its own part (directly or through others), one remedy given different parts in two
    places, one wording given two identities, and "Refer to floor supervisor" under any
    identity but ``refer`` (or ``refer`` worded otherwise)."""
    rows = r.list()
    known = {i.remedy for i in irregularities}
    direct: dict[str, tuple[str, ...]] = {}
    named: dict[str, str] = {}
    for row, i in zip(rows, irregularities):
        if (i.outcome == REFER_OUTCOME) != (i.remedy == REFER_REMEDY):
            raise row["remedy"].fail(f"{REFER_OUTCOME!r} is the remedy {REFER_REMEDY!r} and no other remedy is "
                                     f"worded so (outcome {i.outcome!r}, remedy {i.remedy!r})")
        if named.setdefault(i.outcome, i.remedy) != i.remedy:
            raise row["remedy"].fail(f"the outcome {i.outcome!r} is already the remedy {named[i.outcome]!r}")
        for n, part in enumerate(i.parts):
            if part not in known:
                raise row["parts"].list()[n].fail(f"unknown remedy {part!r}; this game's remedies are "
                                                  f"{', '.join(sorted(known))}")
        if len(set(i.parts)) != len(i.parts):
            raise row["parts"].fail("a part is listed twice")
        if direct.setdefault(i.remedy, i.parts) != i.parts and set(direct[i.remedy]) != set(i.parts):
            raise row["parts"].fail(f"the remedy {i.remedy!r} has the parts {list(direct[i.remedy])} elsewhere")
    closed: dict[str, frozenset[str]] = {}
    for remedy in direct:
        seen: set[str] = set()
        todo = list(direct[remedy])
        while todo:
            part = todo.pop()
            if part not in seen:
                seen.add(part)
                todo.extend(direct.get(part, ()))
        if remedy in seen:
            row = next(row for row, i in zip(rows, irregularities) if i.remedy == remedy)
            raise row["parts" if row.has("parts") else "remedy"].fail(
                f"the remedy {remedy!r} is a part of itself (through {', '.join(sorted(seen - {remedy}))})")
        closed[remedy] = frozenset(seen)
    return closed


__all__ = ["GameData", "HouseOption", "Irregularity", "REFER_OUTCOME", "REFER_REMEDY", "WagerRule", "RulesDataError",
           "read_game_data"]
