"""Exact Trips math (analysis.analyze): JSON, every table, exact expected values."""

import json
from fractions import Fraction

import pytest

from trainer.games.registry import get_game
from trainer.games.dj_wild.analysis import TOTAL_HANDS, analyze
from trainer.games.dj_wild.rules_data import rules_data

GAME = get_game("dj-wild")


def test_every_trips_table_is_analysed_and_serialisable():
    result = analyze()
    json.dumps(result)
    assert result["game"] == "dj-wild" and result["total"] == TOTAL_HANDS
    assert [b["table"] for b in result["bets"]] == ["01", "02", "03", "04", "05", "06", "07"]
    for bet in result["bets"]:
        assert bet["name"] == "Trips"
        assert sum(o["count"] for o in bet["outcomes"]) == TOTAL_HANDS
        assert abs(sum(o["probability"] for o in bet["outcomes"]) - 1) < 1e-12
        assert bet["house_edge"] == -bet["expected_value"]


def test_expected_values_are_exact():
    """Recomputed here from the outcomes and the printed odds, in fractions."""
    data = rules_data()
    for bet in analyze()["bets"]:
        ev = Fraction(0)
        for o in bet["outcomes"]:
            if o["pays"] == "lose":
                ev -= Fraction(o["count"], TOTAL_HANDS)
            else:
                n = int(o["pays"].split()[0])
                ev += Fraction(o["count"] * n, TOTAL_HANDS)
        assert Fraction(bet["expected_value_exact"]) == ev
        assert bet["expected_value"] == float(ev)
        table = data.option_table("trips_table", bet["table"])
        assert {o["pays"] for o in bet["outcomes"] if o["pays"] != "lose"} <= {str(r.odds) for r in table.rows}


def test_table_01_pays_back_the_most_and_table_07_the_least():
    edges = {b["table"]: b["house_edge"] for b in analyze()["bets"]}
    assert 0 < edges["01"] < edges["02"] < edges["03"] < edges["04"] < edges["05"] < edges["07"]
    assert 0 < edges["06"] < edges["07"]


def test_natural_three_of_a_kind_beats_wild_quads_only_on_table_01():
    one = {o["hand"]: o["count"] for o in analyze("01")["bets"][0]["outcomes"]}
    two = {o["hand"]: o["count"] for o in analyze("02")["bets"][0]["outcomes"]}
    # 9h 9d 9s 2c 3d: wild quads 6 to 1, natural trips 7 to 1 on table 01 (ruling 14).
    assert one["natural three of a kind"] > two["natural three of a kind"]
    assert one["natural three of a kind"] + one["wild four of a kind"] == \
        two["natural three of a kind"] + two["wild four of a kind"]


@pytest.mark.parametrize("name", ["1", "01", " 07 "])
def test_one_table(name):
    bets = analyze(name)["bets"]
    assert len(bets) == 1 and bets[0]["table"] == name.strip().zfill(2)


def test_unknown_table():
    with pytest.raises(ValueError, match="01, 02"):
        analyze("08")


def test_progress_is_reported_up_to_one():
    seen = []
    GAME.analyze(progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0 and all(0 <= f <= 1 for f in seen)
