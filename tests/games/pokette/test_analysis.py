"""Exact math from the 54 sections: every wager's outcomes, expected value and house edge."""

import json
import time
from fractions import Fraction

import pytest

from trainer.games.registry import get_game
from trainer.games.pokette.analysis import analyze

GAME = get_game("pokette")


@pytest.fixture(scope="module")
def result():
    return analyze()


def _bet(result, name):
    found = [b for b in result["bets"] if b["name"] == name]
    assert len(found) == 1, name
    return found[0]


def test_hands_of_three_spins(result):
    hands = {h["hand"]: h["count"] for h in result["hands"]}
    assert sum(hands.values()) == 52 ** 3 == result["total_hands"]
    assert hands["three of a kind"] == 13 * 4 ** 3
    assert hands["straight flush"] == 12 * 4 * 6
    assert hands["straight"] == 12 * (64 - 4) * 6


@pytest.mark.parametrize("name,ev", [
    ("single card straight up", Fraction(-3, 54)), ("split", Fraction(-4, 54)), ("corner", Fraction(-2, 54)),
    ("single rank", Fraction(-2, 54)), ("double rank", Fraction(-6, 54)), ("ace-king-queen rank", Fraction(-2, 54)),
    ("red", Fraction(-2, 54)), ("black", Fraction(-2, 54)), ("suit", Fraction(-2, 54)), ("jacer", Fraction(-2, 54)),
    ("pair in two", Fraction(-1, 13)), ("pair in three", Fraction(-1, 13)), ("three of a kind", Fraction(-1, 13)),
    ("flush", Fraction(0)), ("open straight", Fraction(-1, 13)), ("inside straight", Fraction(-1, 13)),
    ("open straight flush", Fraction(-1, 26)), ("inside straight flush", Fraction(-1, 26)),
])
def test_expected_values_are_exact(result, name, ev):
    bet = _bet(result, name)
    assert Fraction(bet["exact_expected_value"]) == ev
    assert bet["house_edge"] == pytest.approx(float(-ev))
    assert sum(o["count"] for o in bet["outcomes"]) == 54
    assert sum(o["probability"] for o in bet["outcomes"]) == pytest.approx(1.0)


def test_poker_wagers_are_figured_when_offered(result):
    assert _bet(result, "open straight")["stands"] == 11 * 2 * 16
    assert _bet(result, "inside straight")["stands"] == 14 * 2 * 16
    assert _bet(result, "pair in two")["stands"] == 52
    assert [o["pays"] for o in _bet(result, "flush")["outcomes"]] == ["3 to 1", "lose", "no action (stays up)"]
    assert _bet(result, "inside straight flush")["outcomes"][0]["count"] == 1


def test_names_and_json(result):
    assert [b["name"] for b in result["bets"]][:3] == ["single card straight up", "split", "corner"]
    assert json.loads(json.dumps(result)) == result
    assert _bet(result, "jacer")["outcomes"][1] == {"hand": "a joker the wager covers", "count": 2,
                                                    "probability": 2 / 54, "pays": "12 to 1"}


def test_progress_and_speed():
    seen = []
    start = time.perf_counter()
    GAME.analyze(progress=seen.append)
    assert time.perf_counter() - start < 10
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)


def test_an_unknown_table_is_an_error():
    with pytest.raises(ValueError, match="the tables are minimum"):
        analyze("Z")
    assert analyze("minimum")["table"] == "minimum"
