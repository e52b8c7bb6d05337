"""The Pokette data of resources/games/pokette/, loaded and validated once.

Besides the shape every game shares (``GameData``: the wagers as spots, pay tables,
house options, procedures, wagering rules, irregularities), game.json holds:

- ``minimum_table``: the pay table of pokette-payouts.md (§(f)(2), trainer ruling 21);
  every other pay table is a house table and must pay every wager at odds no lower
  (§(f)(2): "no less than the odds listed"), worded with "to", never "for" (§(f)(1));
- ``wheel``: the order of the 54 sections around the wheel (trainer ruling P4);
- ``layout``: the grid of trainer ruling P3: the rows (ranks, top to bottom), the columns
  (suits, left to right), the column each joker sits above, the four rank groups with
  their deuces (§(e)(1)(vi)-(ix)) and the jacer block (§(e)(1)(xiii)).

Anything wrong is a RulesDataError naming the file and the place in it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

from trainer.core.cards import RANK_CHARS, SUIT_CHARS
from trainer.core import mirrors
from trainer.core.game_data import GameData, read_game_data
from trainer.core.paytable import PayTable
from trainer.core.rules_data import Reader, RulesDataError, load_json
from trainer.games.pokette.layout import NON_POKER, RANK_GROUPS, WAGERS, Layout, RankGroup
from trainer.games.pokette.wheel import JOKERS, Section, SectionError, Wheel, WheelError, cite
from trainer.paths import resource

GAME_ID = "pokette"
MAX_SEATS = 7  # the seats the drill and table mode are written for (checked against the data at load)
HAND_KEYS = frozenset(WAGERS)  # a Pokette pay table pays wagers, not hands
TABLE_OPTIONS = ("pay_table",)


def odds_value(odds) -> Fraction:
    return Fraction(odds.numerator, odds.denominator)


def check_tables(g: Reader, data: GameData) -> str:
    """Every table pays every wager, in "to" odds, and no house table pays less than the minimum."""
    minimum_id = g["minimum_table"].str()
    if minimum_id not in data.pay_tables:
        raise g["minimum_table"].fail(f"names the unknown pay table {minimum_id!r}")
    minimum = data.pay_tables[minimum_id]
    for tid, table in data.pay_tables.items():
        where = g["pay_tables"][tid]
        for i, row in enumerate(table.rows):
            if row.odds.kind != "to":
                raise where["rows"].list()[i]["odds"].fail(
                    f"Pokette odds are stated with \"to\", never with \"for\" and never as a push ({cite('(f)(1)')})")
        for wager in WAGERS:
            row = table.row_for(wager)
            if row is None:
                raise where["rows"].fail(f"no row pays {wager!r}; a Pokette pay table pays every wager")
            if tid != minimum_id:
                low = minimum.row_for(wager)
                if odds_value(row.odds) < odds_value(low.odds):
                    raise where["rows"].fail(
                        f"{wager} at {row.odds} is below the minimum {low.odds}: a house may pay more, never less "
                        f"({cite('(f)(2)')})")
    return minimum_id


def read_wheel(g: Reader) -> Wheel:
    w = g["wheel"]
    texts = w["order"].strs()
    try:
        order = tuple(Section.parse(t) for t in texts)
    except SectionError as e:
        raise w["order"].fail(str(e)) from e
    try:
        return Wheel(order)
    except WheelError as e:
        raise w["order"].fail(str(e)) from e


def _rank(r: Reader) -> int:
    t = r.str().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANK_CHARS:
        raise r.fail(f"{r.value!r} is not a rank")
    return RANK_CHARS.index(t) + 2


def read_layout(g: Reader) -> Layout:
    lay = g["layout"]
    rows = tuple(_rank(r) for r in lay["rows"].list())
    if len(rows) != 13 or len(set(rows)) != 13:
        raise lay["rows"].fail("the layout has 13 rows, one per rank (trainer ruling P3)")
    columns = lay["columns"].strs()
    if sorted(columns) != sorted(SUIT_CHARS) or len(columns) != 4:
        raise lay["columns"].fail("the layout has four columns, one per suit (trainer ruling P3)")
    joker_columns: dict[int, str] = {}
    for j in lay["jokers"].list():
        jid = j["id"].str()
        if jid not in ("JK1", "JK2"):
            raise j["id"].fail("a joker is JK1 or JK2")
        col = j["column"].str()
        if col not in columns:
            raise j["column"].fail(f"{col!r} is not a column of the layout")
        if col in joker_columns.values():
            raise j["column"].fail("two jokers above one column")
        joker_columns[int(jid[2])] = col
    if sorted(joker_columns) != [1, 2]:
        raise lay["jokers"].fail("both jokers, JK1 and JK2, need a place")
    if abs(columns.index(joker_columns[1]) - columns.index(joker_columns[2])) != 1:
        raise lay["jokers"].fail("the two jokers sit side by side above the grid (trainer ruling P3)")
    groups = []
    for gr in lay["rank_groups"].list():
        wager = gr["wager"].str()
        if wager not in RANK_GROUPS:
            raise gr["wager"].fail(f"{wager!r} is not one of {', '.join(RANK_GROUPS)}")
        ranks = tuple(_rank(r) for r in gr["ranks"].list())
        if len(ranks) != 3:
            raise gr["ranks"].fail("a rank group is three ranks")
        try:
            deuce = Section.parse(gr["deuce"].str())
        except SectionError as e:
            raise gr["deuce"].fail(str(e)) from e
        if deuce.rank != 2:
            raise gr["deuce"].fail("a rank group's extra card is a two")
        groups.append(RankGroup(wager, ranks, deuce, f"{cite(gr['cite'].str().lstrip('§'))}"))
    if sorted(g_.wager for g_ in groups) != sorted(RANK_GROUPS):
        raise lay["rank_groups"].fail(f"the four rank groups are {', '.join(RANK_GROUPS)}, each once")
    if len({g_.deuce for g_ in groups}) != 4 or len({r for g_ in groups for r in g_.ranks}) != 12:
        raise lay["rank_groups"].fail("the rank groups share a rank or a deuce")
    jacer_texts = lay["jacer"]["sections"].strs()
    try:
        jacer = tuple(Section.parse(t) for t in jacer_texts)
    except SectionError as e:
        raise lay["jacer"]["sections"].fail(str(e)) from e
    if len(set(jacer)) != 4 or not set(JOKERS) <= set(jacer):
        raise lay["jacer"]["sections"].fail("jacer is the two jokers and the two aces beneath them")
    layout = Layout(rows, columns, joker_columns, groups, jacer)
    for j in JOKERS:
        below = layout.at(0, layout.position(j)[1])
        if below is None or below.rank != 14 or below not in jacer:
            raise lay["jacer"]["sections"].fail("jacer is the two jokers and the two aces directly beneath them")
    return layout


def read_rules_data(folder: Path) -> GameData:
    """Read and check both files, the wheel, the layout and the pay-table minimums included."""
    data = read_game_data(folder, game_id=GAME_ID, hand_keys=HAND_KEYS, table_options=TABLE_OPTIONS)
    g = Reader(str(folder / "game.json"), load_json(folder / "game.json"))
    spot_keys = [s.key for s in data.spots]
    if spot_keys != list(WAGERS):
        raise g["spots"].fail(f"the spots are the wagers of §(e), in order: {', '.join(WAGERS)}")
    check_tables(g, data)
    read_wheel(g)
    read_layout(g)
    if "clapper_between" not in data.house_options:
        raise g["house_options"].fail("missing the 'clapper_between' house option (§(i)(1))")
    if sorted(data.house_options["clapper_between"].choices) != ["previous", "void"]:
        raise g["house_options"]["clapper_between"]["choices"].fail("the choices of §(i)(1) are previous and void")
    from trainer.games.pokette.settlement import HouseOptions  # settlement reads this module

    mirrors.check_mirrors(folder / "game.json", (
        mirrors.seats(data, MAX_SEATS, "the layout's player positions"),
        *mirrors.defaults(data, HouseOptions(), ("pay_table", "clapper_between"), "§(f)(2), §(i)(1): the house's choices"),
    ))
    return data


@cache
def rules_data() -> GameData:
    """The shipped data, read once. Raises RulesDataError with the file and place."""
    return read_rules_data(resource("games", GAME_ID))


@cache
def _extras() -> tuple[str, Wheel, Layout]:
    folder = resource("games", GAME_ID)
    data = rules_data()
    g = Reader(str(folder / "game.json"), load_json(folder / "game.json"))
    return check_tables(g, data), read_wheel(g), read_layout(g)


def minimum_table() -> PayTable:
    return rules_data().pay_tables[_extras()[0]]


def wheel() -> Wheel:
    """The house's wheel order as shipped: the default order of trainer ruling P4."""
    return _extras()[1]


def layout() -> Layout:
    return _extras()[2]


__all__ = ["GameData", "RulesDataError", "rules_data", "read_rules_data", "GAME_ID", "MAX_SEATS", "minimum_table", "wheel",
           "layout", "NON_POKER"]
