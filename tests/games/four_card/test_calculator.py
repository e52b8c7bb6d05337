"""The settlement calculator's Four Card Poker adapter."""

import pytest

from trainer.core.settlement import SettlementError
from trainer.games.four_card.calculator import settle_document

ROUND = {
    "game": "four-card",
    "options": {"aces_up_table": "V", "progressive_table": "B", "progressive_meter": 250_000},
    "dealer": {"cards": ["2c", "3d", "7h", "9s", "Jc", "5d"]},
    "seats": [
        {"seat": 1, "cards": ["As", "Ah", "Ad", "Ac", "Kh"],
         "wagers": {"ante": 1000, "aces_up": 500, "cover_all": 200, "progressive": 100}, "decision": 3000},
        {"seat": 2, "cards": ["Qh", "Jh", "Th", "9h", "2d"], "wagers": {"ante": 1000, "aces_up": 100},
         "decision": "fold"},
    ],
}


def test_a_round_settles():
    out = settle_document(ROUND)
    s1 = out["seats"][0]
    wagers = {w["wager"]: (w["result"], w["net"], w["odds"]) for w in s1["wagers"]}
    assert wagers == {
        "ante": ("win", 1000, "1 to 1"), "play": ("win", 3000, "1 to 1"), "ante_bonus": ("win", 25_000, "25 to 1"),
        "aces_up": ("win", 25_000, "50 to 1"), "cover_all": ("win", 50_000, "250 to 1"),
        "progressive": ("win", 249_900, "100% of meter"),
    }
    assert out["seats"][1]["folded"] and out["seats"][1]["wagers"][1]["net"] == 4000  # straight flush 40 to 1
    assert out["cover_all"]["holders"] == [1] and out["cover_all"]["row"] == "4 Aces"
    assert out["progressive_meter"] == {"before": 250_000, "after": 100_000}
    assert out["settlement_order"] == [2, 1]


@pytest.mark.parametrize("change,message", [
    (lambda d: d["options"].update(colour="red"), "unknown option 'colour'"),
    (lambda d: d["seats"][0].update(decision="call"), r"1 to 3 times the ante"),
    (lambda d: d["seats"][0]["wagers"].update(bonus=5), "unknown wager 'bonus'"),
    (lambda d: d["dealer"].update(cards=["2c"]), "6 cards are needed"),
    (lambda d: d["options"].update(two_positions="yes"), "true or false"),
])
def test_bad_documents(change, message):
    import copy

    doc = copy.deepcopy(ROUND)
    change(doc)
    with pytest.raises(SettlementError, match=message):
        settle_document(doc)
