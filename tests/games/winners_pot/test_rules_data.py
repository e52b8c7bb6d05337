"""The shipped rules data loads, and a malformed copy is refused with the exact place."""

import json
import shutil

import pytest

from trainer.core.rules_data import RulesDataError
from trainer.games.winners_pot.rules_data import pot_data, read_pot, read_rules_data, rules_data
from trainer.paths import resource

SRC = resource("games", "winners-pot")


def test_shipped_data_loads_and_cites():
    data = rules_data()
    assert data.deck_size == 52 and data.jokers == 0 and data.seats == 7
    assert [s.label for s in data.spots] == ["Ante", "Bet", "Double", "Jacks Plus"]
    jp = data.pay_tables["jacks_plus"]
    assert jp.citation == "Winner's Pot Poker §11(b)"
    assert [str(r.odds) for r in jp.rows] == ["400 to 1", "80 to 1", "50 to 1", "30 to 1", "15 to 1", "10 to 1",
                                              "7 to 1", "3 to 1", "1 to 1"]
    assert jp.row_for("pair") is None and str(jp.row_for("jacks-or-better").odds) == "1 to 1"
    for drill in data.order_drills:
        assert 2 <= len(data.procedures[drill].steps) <= 9
    for proc in data.procedures.values():
        assert all(step.citation.startswith("Winner's Pot Poker §") for step in proc.steps)
    for case in data.irregularities:
        assert case.citation.startswith("Winner's Pot Poker §")
    for rule in data.wager_rules:
        assert rule.citation.startswith("Winner's Pot Poker §")
    assert any(c.outcome == "Refer to floor supervisor" for c in data.irregularities)
    pot = pot_data()
    assert (pot.max_percent, pot.limit_floor) == (10, 5_000_000)
    assert pot.limit_citation == "Winner's Pot Poker §11(c)"


def _copy_with(tmp_path, filename, mutate):
    folder = tmp_path / "wp"
    shutil.copytree(SRC, folder)
    path = folder / filename
    doc = json.loads(path.read_text())
    mutate(doc)
    path.write_text(json.dumps(doc))
    return folder


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["pay_tables"]["jacks_plus"]["rows"][2].update(odds="50 too 1"), r"pay_tables\.jacks_plus\.rows\[2\]\.odds"),
    (lambda d: d["pay_tables"]["jacks_plus"]["rows"][8].update(hands=["jacks"]), r"unknown hand 'jacks'"),
    (lambda d: d["pay_tables"].pop("jacks_plus"), r"missing the 'jacks_plus' pay table"),
    (lambda d: d["deck"].update(jokers=1), r"deck\.jokers: the data says 1, the code is written for 0"),
    (lambda d: d["spots"].pop(), r"spots: the data says \[ante, bet, double\], the code is written for "
                                 r"\[ante, bet, double, jacks_plus\] \(the layout's betting spots, in order\)"),
    (lambda d: d.update(seats=8), r"seats: the data says 8, the code is written for 7"),
    (lambda d: d["pot"]["commission"].update(max_percent="10"), r"pot\.commission\.max_percent: expected a whole number"),
    (lambda d: d["pot"]["commission"].update(default_percent=12), r"pot\.commission\.default_percent: the house percentage is from 0 to 10"),
    (lambda d: d["pot"]["jacks_plus_limit"].update(amount=0), r"pot\.jacks_plus_limit\.amount: the payout limit"),
    (lambda d: d.pop("pot"), r"missing 'pot'"),
    (lambda d: d["house_options"].pop("dealing_method"), r"dealing_method"),
])
def test_malformed_game_file(tmp_path, mutate, message):
    folder = _copy_with(tmp_path, "game.json", mutate)
    with pytest.raises(RulesDataError, match=message) as err:
        read_rules_data(folder)
    assert "game.json" in str(err.value)


def test_malformed_procedures_file(tmp_path):
    folder = _copy_with(tmp_path, "procedures.json", lambda d: d["procedures"][2]["steps"][4].pop("cite"))
    with pytest.raises(RulesDataError, match=r"procedures\.json: procedures\[2\]\.steps\[4\]: missing 'cite'"):
        read_rules_data(folder)


def test_order_drill_must_name_a_procedure(tmp_path):
    folder = _copy_with(tmp_path, "procedures.json", lambda d: d["order_drills"].append("nope"))
    with pytest.raises(RulesDataError, match="unknown procedure 'nope'"):
        read_rules_data(folder)


def test_pot_section_read_from_a_folder_agrees_with_the_cache():
    assert read_pot(SRC) == pot_data()
