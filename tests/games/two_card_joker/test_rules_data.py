"""The shipped rules data loads, and a malformed copy is refused with the exact place."""

import json
import shutil

import pytest

from trainer.core.rules_data import RulesDataError
from trainer.games.two_card_joker.rules_data import read_rules_data, rules_data
from trainer.paths import resource

SRC = resource("games", "two-card-joker")


def test_shipped_data_loads_and_cites():
    data = rules_data()
    assert data.deck_size == 54 and data.jokers == 2 and data.seats == 6
    assert [s.label for s in data.spots] == ["Ante", "Call", "Pair Up", "Super Flush"]
    assert data.option_table("pair_up_table", "2").citation == "Two Card Joker Poker §11(d)"
    assert str(data.pay_tables["call"].row_for("high-card").odds) == "1 to 1"
    assert {"opening", "cut", "round", "second-deck"} <= set(data.procedures)
    for proc in data.procedures.values():
        assert all(step.citation.startswith("Two Card Joker Poker §") for step in proc.steps)
    for case in data.irregularities:
        assert case.citation.startswith("Two Card Joker Poker §")
    assert any(c.outcome == "Refer to floor supervisor" for c in data.irregularities)


def _copy_with(tmp_path, filename, mutate):
    folder = tmp_path / "tcj"
    shutil.copytree(SRC, folder)
    path = folder / filename
    doc = json.loads(path.read_text())
    mutate(doc)
    path.write_text(json.dumps(doc))
    return folder


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["pay_tables"]["call"]["rows"][0].update(odds="8 four 1"), r"pay_tables\.call\.rows\[0\]\.odds"),
    (lambda d: d["pay_tables"]["pair_up_2"]["rows"][1].update(hands=["royal"]), r"unknown hand 'royal'"),
    (lambda d: d["pay_tables"].pop("super_flush"), r"missing the 'super_flush' pay table"),
    (lambda d: d["house_options"]["pair_up_table"].update(default="9"), r"'9' is not one of the choices"),
    (lambda d: d.pop("spots"), r"missing 'spots'"),
    (lambda d: d.update(format=2), r"format 1"),
    (lambda d: d["deck"].update(size=52, jokers=0),
     r"game\.json: deck\.size: the data says 52, the code is written for 54 \(§2\(a\); trainer ruling 4\); "
     r"deck\.jokers: the data says 0, the code is written for 2 \(§2\(a\); trainer ruling 4\)$"),
    (lambda d: d["spots"][2].update(label="Pair-Up"),
     r"spots\[2\]\.label: the data says Pair-Up, the code is written for Pair Up \(the wager's name on the layout\)"),
    (lambda d: d["house_options"]["pair_up_table"].update(default="2"),
     r"house_options\.pair_up_table\.default: the data says 2, the code is written for 1 \(§11\(d\)"),
    (lambda d: d["house_options"]["dealing_method"]["choices"].pop("hand"),
     r"house_options\.dealing_method\.choices: the data says \[manual-shoe, automated-shoe\], the code is written for "
     r"\[manual-shoe, hand, automated-shoe\] \(§7-§9\)"),
])
def test_malformed_game_file(tmp_path, mutate, message):
    folder = _copy_with(tmp_path, "game.json", mutate)
    with pytest.raises(RulesDataError, match=message) as err:
        read_rules_data(folder)
    assert "game.json" in str(err.value)


def test_malformed_procedures_file(tmp_path):
    folder = _copy_with(tmp_path, "procedures.json", lambda d: d["procedures"][0]["steps"][1].pop("cite"))
    with pytest.raises(RulesDataError, match=r"procedures\.json: procedures\[0\]\.steps\[1\]: missing 'cite'"):
        read_rules_data(folder)


def test_not_json(tmp_path):
    folder = tmp_path / "tcj"
    shutil.copytree(SRC, folder)
    (folder / "game.json").write_text("{ not json")
    with pytest.raises(RulesDataError, match="not valid JSON at line 1"):
        read_rules_data(folder)


def test_the_opening_cites_the_inspection_where_the_text_has_it():
    """§3(a) receives the cards; the dealer's inspection, the floorperson's verification and
    the spread for the first player are §3(b); the wash, stacking and shuffle §3(c)."""
    from trainer.games.two_card_joker.rules_data import rules_data

    steps = [(s.text, s.citation) for s in rules_data().procedures["opening"].steps]
    assert steps == [
        ("Receive the cards at the table", "Two Card Joker Poker §3(a)"),
        ("Inspect the cards", "Two Card Joker Poker §3(b)"),
        ("The floorperson assigned to the table verifies the inspection", "Two Card Joker Poker §3(b)"),
        ("Spread the cards face up in fan-shaped columns by suit and in sequence", "Two Card Joker Poker §3(b)"),
        ("Let the first player to arrive inspect the cards", "Two Card Joker Poker §3(b)"),
        ("Turn the cards face down and mix them by a wash (chemmy shuffle)", "Two Card Joker Poker §3(c)"),
        ("Stack the cards", "Two Card Joker Poker §3(c)"),
        ("Shuffle the cards as Section 4 requires", "Two Card Joker Poker §3(c)"),
    ]
