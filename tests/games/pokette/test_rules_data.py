"""The shipped Pokette data loads and cites; a malformed copy is refused with the place."""

import json
import shutil

import pytest

from trainer.core.rules_data import RulesDataError
from trainer.games.pokette.layout import WAGERS
from trainer.games.pokette.rules_data import layout, minimum_table, read_rules_data, rules_data, wheel
from trainer.paths import resource

SRC = resource("games", "pokette")

PAYOUTS_MD = {  # pokette-payouts.md, as printed
    "single card straight up": "50 to 1", "split": "24 to 1", "corner": "12 to 1", "single rank": "12 to 1",
    "double rank": "5 to 1", "ace-king-queen rank": "3 to 1", "jack-10-9 rank": "3 to 1", "8-7-6 rank": "3 to 1",
    "5-4-3 rank": "3 to 1", "red": "1 to 1", "black": "1 to 1", "suit": "3 to 1", "jacer": "12 to 1",
    "pair in two": "11 to 1", "pair in three": "5 to 1", "three of a kind": "11 to 1", "flush": "3 to 1",
    "open straight": "5 to 1", "inside straight": "11 to 1", "open straight flush": "24 to 1",
    "inside straight flush": "49 to 1",
}


def test_shipped_data_loads_and_cites():
    data = rules_data()
    assert data.deck_size == 54 and data.jokers == 2 and data.title == "Pokette"
    assert [s.key for s in data.spots] == list(WAGERS)
    table = minimum_table()
    assert table.citation == "Pokette §(f)(2)"
    assert {w: str(table.row_for(w).odds) for w in WAGERS} == PAYOUTS_MD
    assert all("trainer ruling 21" in r.extra_cite for r in table.rows)
    assert data.house_options["clapper_between"].citation == "Pokette §(i)(1)"
    assert {"opening", "spin", "poker-hands"} <= set(data.order_drills)
    for proc in data.procedures.values():
        assert len(proc.steps) <= 9
        assert all(step.citation.startswith("Pokette §") for step in proc.steps)
    assert any(c.outcome == "Refer to floor supervisor" for c in data.irregularities)
    assert len(wheel().order) == 54 and layout().at(0, 1).card.rank == 14


def _copy_with(tmp_path, filename, mutate):
    folder = tmp_path / "pokette"
    shutil.copytree(SRC, folder)
    path = folder / filename
    doc = json.loads(path.read_text())
    mutate(doc)
    path.write_text(json.dumps(doc))
    return folder


def _house_table(d, odds):
    t = json.loads(json.dumps(d["pay_tables"]["minimum"]))
    t["rows"][1]["odds"] = odds
    d["pay_tables"]["house"] = t
    d["house_options"]["pay_table"]["choices"]["house"] = "house"


@pytest.mark.parametrize("mutate,message", [
    (lambda d: _house_table(d, "20 to 1"), r"pay_tables\.house\.rows: split at 20 to 1 is below the minimum 24 to 1"),
    (lambda d: d["pay_tables"]["minimum"]["rows"][0].update(odds="51 for 1"), r"rows\[0\]\.odds: .*never with \"for\""),
    (lambda d: d["pay_tables"]["minimum"]["rows"].pop(3), r"no row pays 'single rank'"),
    (lambda d: d["wheel"]["order"].__setitem__(5, "9d"), r"wheel\.order: 9d appears twice"),
    (lambda d: d["wheel"]["order"].pop(), r"wheel\.order: a Pokette wheel has 54 sections, not 53"),
    (lambda d: d["layout"]["jokers"][1].update(column="c"), r"layout\.jokers\[1\]\.column: two jokers"),
    (lambda d: d["layout"]["jokers"][1].update(column="h"), r"side by side"),
    (lambda d: d["layout"]["rank_groups"][0].update(deuce="3s"), r"rank_groups\[0\]\.deuce: .*a two"),
    (lambda d: d["layout"]["jacer"].update(sections=["JK1", "JK2", "As", "Ad"]), r"jacer"),
    (lambda d: d["house_options"].pop("clapper_between"), r"clapper_between"),
    (lambda d: d.update(minimum_table="nj"), r"minimum_table: names the unknown pay table 'nj'"),
    (lambda d: d["spots"].pop(), r"spots: the spots are the wagers"),
    (lambda d: d.update(seats=9), r"game\.json: seats: the data says 9, the code is written for 7 \(the layout's player positions\)"),
])
def test_malformed_game_file(tmp_path, mutate, message):
    folder = _copy_with(tmp_path, "game.json", mutate)
    with pytest.raises(RulesDataError, match=message) as err:
        read_rules_data(folder)
    assert "game.json" in str(err.value)


def test_a_house_table_above_the_minimum_is_accepted(tmp_path):
    folder = _copy_with(tmp_path, "game.json", lambda d: _house_table(d, "26 to 1"))
    data = read_rules_data(folder)
    assert str(data.option_table("pay_table", "house").row_for("split").odds) == "26 to 1"


def test_malformed_procedures_file(tmp_path):
    folder = _copy_with(tmp_path, "procedures.json", lambda d: d["procedures"][1]["steps"][2].pop("cite"))
    with pytest.raises(RulesDataError, match=r"procedures\.json: procedures\[1\]\.steps\[2\]: missing 'cite'"):
        read_rules_data(folder)


def test_the_card_stand_procedure_settles_the_third_spin_s_non_poker_wagers_in_either_order():
    """After the third card every wager on the layout is settled: the non-poker wagers too
    (§(g)(4)), in either order of trainer ruling 35, so no step puts one kind before the
    other (ruling 38)."""
    steps = rules_data().procedures["poker-hands"].steps
    texts = [s.text for s in steps]
    third = next(i for i, t in enumerate(texts) if "third winning card" in t)
    after = steps[third + 1:]
    settle = [s for s in after if "non-poker" in s.text]
    assert len(settle) == 1 and "poker hand wagers" in settle[0].text
    assert "trainer ruling 35" in settle[0].citation and "§(h)(6)" in settle[0].citation
    assert not any("poker hand wagers, then" in s.text or "non-poker wagers, then" in s.text for s in after)
    assert texts[-1] == "Remove the three cards from the card stand"


def test_the_non_value_chip_rule_says_colour_and_design_as_section_d_2_does():
    """§(d)(2): non-value chips "identical in color and design" to value chips or to another
    person's non-value chips; "the same colour" alone would narrow it."""
    rules = [w for w in rules_data().wager_rules if "§(d)(2)" in w.citation]
    assert rules
    for w in rules:
        for text in (w.situation, w.why):
            assert "identical in colour and design" in text and "same colour" not in text
        assert not w.allowed
    assert any("value chips or" in w.why for w in rules)
