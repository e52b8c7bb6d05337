"""Exact game math: category counts and the Jacks Plus outcomes with exact expectations."""

import json
from fractions import Fraction

import pytest

from trainer.games.winners_pot.analysis import analyze


def test_analyze_shape_and_figures():
    seen = []
    result = analyze(progress=seen.append)
    json.dumps(result)  # JSON-serialisable
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)
    assert result["game"] == "winners-pot" and result["total_hands"] == 2_598_960
    assert [h["hand"] for h in result["hands"]] == [
        "royal flush", "straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind",
        "two pairs", "pair", "high card"]
    five, four, three = result["bets"]
    assert five["name"] == "Jacks Plus" and five["citation"] == "Winner's Pot Poker §11(b)"
    outcomes = {o["hand"]: (o["count"], o["pays"]) for o in five["outcomes"]}
    assert outcomes["royal flush"] == (4, "400 to 1")
    assert outcomes["pair of jacks or better"] == (337_920, "1 to 1")
    assert outcomes["pair of tens or lower"] == (760_320, "lose")
    assert sum(c for c, _ in outcomes.values()) == 2_598_960
    ev = Fraction(4 * 400 + 36 * 80 + 624 * 50 + 3744 * 30 + 5108 * 15 + 10200 * 10 + 54912 * 7 + 123552 * 3
                  + 337920 - 760320 - 1302540, 2_598_960)
    assert Fraction(five["exact_expected_value"]) == ev
    assert five["house_edge"] == pytest.approx(-float(ev)) and five["house_edge"] == pytest.approx(0.247514, abs=1e-6)
    for o in five["outcomes"]:
        assert o["probability"] == pytest.approx(o["count"] / 2_598_960)


def test_folded_hands_jacks_plus():
    _, four, three = analyze()["bets"]
    assert four["total_hands"] == 270_725 and three["total_hands"] == 22_100
    assert "trainer ruling 19" in four["citation"]
    assert {o["hand"] for o in three["outcomes"]} == {"three of a kind", "pair of jacks or better",
                                                      "pair of tens or lower", "high card"}
    four_counts = {o["hand"]: o["count"] for o in four["outcomes"]}
    assert four_counts["four of a kind"] == 13 and four_counts["two pairs"] == 2_808


def test_table_argument():
    assert analyze("jacks_plus")["bets"][0]["name"] == "Jacks Plus"
    with pytest.raises(ValueError, match="one: jacks_plus"):
        analyze("2")


def test_through_the_registry(registered):
    assert registered.analyze()["hands"][0] == {"hand": "royal flush", "count": 4}
