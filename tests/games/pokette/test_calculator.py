"""The settlement calculator's Pokette adapter: one spin as JSON in, results out."""

import copy
import json

import pytest

from trainer.calculator import format_result, settle
from trainer.core.settlement import SettlementError
from trainer.games.registry import get_game
from trainer.games.pokette.calculator import EXAMPLE, settle_document

GAME = get_game("pokette")

ROUND = {
    "game": "pokette",
    "stand": ["7h", "8h"],
    "winning_card": "9h",
    "seats": [
        {"seat": 1, "wagers": [{"wager": "split", "cards": ["9h", "9d"], "amount": 500},
                               {"wager": "open straight flush", "amount": 200},
                               {"wager": "pair in three", "amount": 500}]},
        {"seat": 3, "wagers": [{"wager": "red", "amount": 1000},
                               {"wager": "double rank", "ranks": ["9", "10"], "amount": 500},
                               {"wager": "flush", "amount": 1000}]},
    ],
}


def test_a_spin_settles():
    out = settle_document(ROUND)
    s1, s3 = out["seats"]
    assert [(w["wager"], w["result"], w["net"], w["odds"]) for w in s1["wagers"]] == [
        ("split", "win", 12_000, "24 to 1"), ("open straight flush", "win", 4_800, "24 to 1"),
        ("pair in three", "lose", -500, "")]
    assert [w["net"] for w in s3["wagers"]] == [1_000, 2_500, 3_000]
    assert s1["hand"] == "straight flush" and s1["cards"] == ["7h", "8h", "9h"]
    assert out["stand"]["cleared"] and out["stand"]["after"] == [] and out["announcement"] is None
    assert [a["action"] for a in out["settlement_order"]] == ["collect", "pay", "pay", "pay", "pay", "pay"]
    assert out["house_net"] == -(12_000 + 4_800 - 500 + 1_000 + 2_500 + 3_000)
    assert all(w["rule"].startswith("Pokette §") or w["rule"].startswith("trainer") for w in s1["wagers"])
    json.dumps(out)


def test_the_second_card_announces():
    doc = {"game": "pokette", "stand": ["Ah"], "winning_card": "2h",
           "seats": [{"seat": 2, "wagers": [{"wager": "pair in 2", "amount": 500}]}]}
    out = settle_document(doc)
    assert out["announcement"]["wagers"] == ["pair in three", "flush", "inside straight", "inside straight flush"]
    assert out["seats"][0]["wagers"][0]["result"] == "lose"
    assert out["stand"]["offered_next"] == out["announcement"]["wagers"]


def test_a_joker_leaves_poker_wagers_in_action():
    doc = copy.deepcopy(ROUND)
    doc["winning_card"] = "JK1"
    out = settle_document(doc)
    s1 = out["seats"][0]
    assert [w["wager"] for w in s1["in_action"]] == ["open straight flush", "pair in three"]
    assert [w["result"] for w in s1["wagers"]] == ["lose"]
    assert out["stand"]["after"] == ["7h", "8h"] and "in action" in s1["description"]


def test_house_odds_option():
    doc = copy.deepcopy(ROUND)
    doc["options"] = {"odds": {"two cards or split": "30 to 1"}}
    assert settle_document(doc)["seats"][0]["wagers"][0]["net"] == 15_000


def test_through_the_calculator_and_its_text():
    out = settle(EXAMPLE)
    text = format_result(out)
    assert "Pokette" in text and "Seat 1" in text and "24 to 1" in text


def test_the_extra_lines_of_the_text():
    lines = GAME.format_extra(settle_document(ROUND))
    assert "Winning card: 9h (nine of hearts)" in lines
    assert any(line.startswith("Order: collect seat 1 Pair in three $5.00; pay seat 1 Split 9♦-9♥ $120.00")
               for line in lines)
    doc = copy.deepcopy(ROUND)
    doc["winning_card"] = "JK2"
    assert any(line.startswith("In action: seat 1 Open straight flush $2.00") for line in
               GAME.format_extra(settle_document(doc)))


def test_no_generic_form_but_the_example_settles():
    # The calculator screen's form cannot express a stand and a list of placed wagers:
    # Pokette is settled from JSON (dealer-trainer settle) and practised in the drill.
    assert GAME.calculator_form() is None
    assert settle_document(EXAMPLE)


@pytest.mark.parametrize("change,message", [
    (lambda d: d["seats"][0]["wagers"][0].update(wager="bonus"), "unknown wager 'bonus'"),
    (lambda d: d["seats"][0]["wagers"][0].update(cards=["9h", "8d"]), r"seats\]?.*9h and 8d do not adjoin|do not adjoin"),
    (lambda d: d["seats"][0]["wagers"][0].update(amount=-5), "negative"),
    (lambda d: d["seats"][0]["wagers"][0].update(amount=5.5), "whole cents"),
    (lambda d: d.update(stand=[]), "stand is empty"),
    (lambda d: d.update(stand=["7h", "8h", "9h"]), "at most two cards"),
    (lambda d: d.update(stand=["JK1"]), "joker never goes into the card stand"),
    (lambda d: d.update(winning_card="JK"), "which joker"),
    (lambda d: d.pop("winning_card"), "winning_card: the result of this spin is needed"),
    (lambda d: d["seats"][1].update(seat=1), "seat 1 is listed twice"),
    (lambda d: d["seats"][0].update(seat=9), "numbered 1 to 7"),
    (lambda d: d.update(options={"odds": {"split": "20 to 1"}}), "below the minimum"),
    (lambda d: d.update(options={"colour": "red"}), "unknown option 'colour'"),
    (lambda d: d["seats"][0].update(cards=["As"]), "unknown key 'cards'"),
])
def test_bad_documents(change, message):
    doc = copy.deepcopy(ROUND)
    change(doc)
    with pytest.raises(SettlementError, match=message):
        settle_document(doc)
