"""Exact game math for Four Card Poker: the JSON shape, the counts and exact expectations."""

import json
import time
from fractions import Fraction

import pytest

from trainer.games.four_card.analysis import analyze
from trainer.games.registry import get_game

GAME = get_game("four-card")

FIVE = {"four of a kind": 624, "straight flush": 2072, "three of a kind": 58656, "flush": 114616,
        "straight": 101808, "two pair": 123552, "pair": 1047552, "high card": 1150080}
TABLE_I = {"four of a kind": 50, "straight flush": 40, "three of a kind": 9, "flush": 6, "straight": 4, "two pair": 2,
           "pair of aces": 1}


@pytest.fixture(scope="module")
def result():
    return analyze()


def test_shape_and_counts(result):
    assert json.loads(json.dumps(result)) == result  # JSON-serialisable as it is
    assert result["game"] == "four-card" and result["deck"] == 52
    assert [h["hand"] for h in result["hands"]] == list(FIVE)  # highest first
    assert {h["hand"]: h["count"] for h in result["hands"]} == FIVE
    assert result["total_hands"] == sum(FIVE.values()) == 2_598_960
    assert result["dealer_total_hands"] == sum(h["count"] for h in result["dealer_hands"]) == 20_358_520
    assert [b["table"] for b in result["bets"]] == ["I", "II", "III", "IV", "V", "VI", "VII", None]


def test_aces_up_table_one_exactly(result):
    bet = result["bets"][0]
    assert bet["name"] == "Aces Up" and bet["citation"] == "Four Card Poker §11(a)(3)"
    outcomes = {o["hand"]: o for o in bet["outcomes"]}
    # Two aces (6 ways) and three other ranks (220 x 4**3), less A-K-Q-J / A-2-3-4 straights
    # (2 x 64 x 6) and flushes (the three others in an ace's suit: 6 x 218 x 2).
    assert outcomes["pair of aces"]["count"] == 6 * 220 * 64 - 2 * 64 * 6 - 6 * 218 * 2 == 81_096
    assert outcomes["pair of aces"]["count"] + outcomes["pair (kings or lower)"]["count"] == FIVE["pair"]
    ev = Fraction(0)
    for hand, o in outcomes.items():
        assert o["pays"] == (f"{TABLE_I[hand]} to 1" if hand in TABLE_I else "lose")
        ev += Fraction(o["count"]) * (TABLE_I.get(hand, -1))
    ev /= 2_598_960
    assert bet["exact_expected_value"] == str(ev) == "-3214/162435"  # house edge 1.98%
    assert bet["house_edge"] == -bet["expected_value"] and abs(bet["house_edge"] - 0.019786) < 1e-6
    for b in result["bets"]:
        assert sum(o["count"] for o in b["outcomes"]) == 2_598_960
        assert abs(sum(o["probability"] for o in b["outcomes"]) - 1) < 1e-12


def test_ante_bonus(result):
    bonus = result["bets"][-1]
    assert bonus["name"] == "Ante bonus"
    ev = Fraction(25 * 624 + 20 * 2072 + 2 * 58656, 2_598_960)
    assert bonus["exact_expected_value"] == str(ev)
    assert [o["pays"] for o in bonus["outcomes"]][:4] == ["25 to 1", "20 to 1", "2 to 1", "no bonus"]


def test_one_table_and_progress():
    seen = []
    start = time.perf_counter()
    r = GAME.analyze(table="V", progress=seen.append)
    assert time.perf_counter() - start < 20
    assert [b["table"] for b in r["bets"]] == ["V", None]
    assert seen and seen == sorted(seen) and seen[-1] == 1.0 and all(0 <= f <= 1 for f in seen)
    with pytest.raises(ValueError, match="the tables are I, II"):
        analyze(table="8")
