"""The settlement calculator's DJ Wild Poker input and output."""

import json

import pytest

from trainer.calculator import format_result, settle
from trainer.core.settlement import SettlementError
from trainer.games.dj_wild.calculator import EXAMPLE


def wagers(result, seat):
    s = next(x for x in result["seats"] if x["seat"] == seat)
    return {w["wager"]: (w["result"], w["net"], w["odds"]) for w in s["wagers"]}


def test_the_example_settles_in_exact_cents():
    r = settle(EXAMPLE)
    assert wagers(r, 1)["play"] == ("win", 2000, "1 to 1")
    assert wagers(r, 6) == {"ante": ("lose", -500, ""), "blind": ("lose", -500, ""), "trips": ("lose", -500, "")}
    assert r["house_net"] == -sum(s["net"] for s in r["seats"])
    assert "DJ Wild Poker" in format_result(r)


def test_cover_all_is_reported_for_the_table():
    doc = json.loads(json.dumps(EXAMPLE))
    doc["seats"][0]["wagers"]["cover_all"] = 500
    r = settle(doc)
    assert r["cover_all"]["players"] == 3 and r["cover_all"]["rule"]
    assert "Cover All:" in format_result(r)


@pytest.mark.parametrize("change,message", [
    (lambda d: d["seats"][0].update(decision="call"), "decision must be"),
    (lambda d: d["seats"][0].update(cards=["Ks", "2h", "Qs", "Qd", "5c"]), "K♠ (is )?dealt twice"),
    (lambda d: d["seats"][0]["wagers"].update(jackpot=100), "unknown wager 'jackpot'"),
    (lambda d: d["dealer"].update(cards=["Ks"]), "5 cards are needed"),
    (lambda d: d["options"].update(trips_table="09"), "09"),
])
def test_errors(change, message):
    doc = json.loads(json.dumps(EXAMPLE))
    change(doc)
    with pytest.raises(SettlementError, match=message):
        settle(doc)
