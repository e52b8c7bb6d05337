"""The settlement calculator's Winner's Pot input: the example, the pot block, errors."""

import copy
import json

import pytest

from trainer.calculator import format_result, settle, settle_text
from trainer.core.settlement import SettlementError
from trainer.games.winners_pot.calculator import EXAMPLE, calculator_form, format_pot, settle_document


def test_example_settles(registered):
    result = settle(copy.deepcopy(EXAMPLE))
    json.dumps(result)
    pot = result["pot"]
    # dealer $20, seat 1 $20, seat 4 (folded after four) $10, seat 6 $20; seat 3's ante to the inventory
    assert pot["total"] == 7000 and result["folded_antes_to_inventory"] == 500
    assert pot["winners"] == [6]  # two pairs, queens and eights, over seat 1's pair of aces
    assert pot["commission"] == 350 and pot["shares"] == [{"position": 6, "share": 7000, "commission": 350,
                                                           "paid": 6650}]
    seats = {s["seat"]: s for s in result["seats"]}
    assert seats[6]["net"] == -2000 + 6650
    assert seats[1]["net"] == -2000 + 100  # pair of aces: Jacks Plus 1 to 1
    assert seats[4]["folded"] == "after four cards"
    assert [w["wager"] for w in seats[4]["wagers"]] == ["ante", "bet", "jacks_plus"]
    assert seats[4]["wagers"][2]["net"] == 300  # two pairs on four cards, 3 to 1 (ruling 19)
    assert result["house_net"] == -sum(s["net"] for s in result["seats"])
    text = format_result(result) + "\n" + "\n".join(format_pot(result))
    assert "Winner's pot $70.00" in text and "commission $3.50" in text


def test_split_with_the_dealer_and_the_button():
    doc = {"game": "winners-pot", "options": {"commission_percent": 10, "commission_fixed": 5000, "button": 2},
           "dealer": {"cards": ["Ah", "Kd", "Qs", "Jc", "9h"]},
           "seats": [{"seat": 2, "cards": ["As", "Kc", "Qd", "Jh", "9c"], "wagers": {"ante": 250},
                      "decision": ["bet", "double"]}]}
    result = settle_document(doc)
    assert [(s["position"], s["share"], s["commission"], s["paid"]) for s in result["pot"]["shares"]] == [
        ("dealer", 1000, 0, 1000), (2, 1000, 100, 900)]


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["options"].update(commission_percent=12), "no more than 10"),
    (lambda d: d["options"].update(commission_percent="x"), "not a percentage"),
    (lambda d: d["options"].update(colour="red"), "unknown option 'colour'"),
    (lambda d: d["options"].update(button=9), "button"),
    (lambda d: d["seats"][0].update(decision=["double"]), "decision is"),
    (lambda d: d["seats"][0].update(cards=["As", "Ad", "Kc"]), "holds 5 cards, not 3"),
    (lambda d: d["seats"][1]["wagers"].update(ante=1000), "seat 1 \\$5.00, seat 3 \\$10.00"),
    (lambda d: d["seats"][1]["wagers"].update(play=1000), "unknown wager 'play'"),
    (lambda d: d["seats"][1].update(cards=["As", "8h", "Tc"]), "As is dealt twice"),
    (lambda d: d["dealer"].update(cards=["Qs", "7d"]), "5 cards are needed"),
    (lambda d: d["seats"][0]["wagers"].pop("ante"), "every player places an ante"),
    (lambda d: d["seats"][0].pop("decision"), "decision is missing"),
])
def test_errors_say_what_is_wrong(mutate, message):
    doc = copy.deepcopy(EXAMPLE)
    mutate(doc)
    with pytest.raises(SettlementError, match=message):
        settle_document(doc)


def test_settle_text(registered):
    assert settle_text(json.dumps(EXAMPLE))["pot"]["total"] == 7000


def test_form():
    form = calculator_form()
    assert form.game_id == "winners-pot" and form.dealer_cards == 5 and form.seat_cards == 5
    assert [k for k, _ in form.wagers] == ["ante", "jacks_plus"]
    assert [c.value for c in form.decisions] == [["bet", "double"], ["bet", "fold"], ["fold"]]
    assert {o.key for o in form.options} == {"commission_percent", "commission_fixed", "button", "minimum_wager"}
    for opt in form.options:
        assert opt.default in opt.choices
    settle_document(copy.deepcopy(form.example))
