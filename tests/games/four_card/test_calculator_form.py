"""Four Card Poker in the settlement calculator: the form's example settles exactly."""

from trainer.calculator import format_result, settle
from trainer.games.registry import get_game


def test_example_settles():
    form = get_game("four-card").calculator_form()
    assert form.dealer_cards == 6 and form.seat_cards == 5 and form.max_seats == 7
    assert [o.key for o in form.options] == ["aces_up_table", "progressive_table", "settlement_alternative"]
    r = settle(form.example)
    seat1 = next(s for s in r["seats"] if s["seat"] == 1)
    assert {w["wager"]: w["net"] for w in seat1["wagers"]} == {"ante": 1000, "play": 3000, "ante_bonus": 2000,
                                                              "aces_up": 4500}
    assert r["house_net"] == -sum(s["net"] for s in r["seats"])
    assert "Cover All:" in format_result(r)


def test_play_decision_is_a_multiple_of_the_ante():
    form = get_game("four-card").calculator_form()
    play2 = next(d for d in form.decisions if d.play_multiple == 2)
    assert form.decision_json(play2, {"ante": 1500}) == {"play": 3000}


def test_play_of_four_times_the_ante_is_refused():
    import json

    import pytest

    from trainer.core.settlement import SettlementError

    doc = json.loads(json.dumps(get_game("four-card").calculator_form().example))
    doc["seats"][0]["decision"] = {"play": 4000}
    with pytest.raises(SettlementError, match="seat 1"):
        settle(doc)
