"""Exact game math for Two Card Joker Poker, checked against a brute-force count."""

from fractions import Fraction
from itertools import combinations

from trainer.core.cards import standard_deck
from trainer.games.two_card_joker.analysis import analyze
from trainer.games.two_card_joker.hands import dealer_qualifies, evaluate


def test_hand_counts_and_pay_table_bets():
    r = analyze()
    assert {h["hand"]: h["count"] for h in r["hands"]} == {
        "two jokers": 1, "royal flush": 4, "straight flush": 48, "straight": 156, "pair": 182,
        "flush": 260, "high card": 780}
    pair_up = {b["table"]: b for b in r["bets"] if b["name"] == "Pair Up"}
    # Table 1: 40*1 + 20*4 + 5*48 + 3*156 + 1*182 - (260 + 780) = -30 over 1,431 hands.
    assert pair_up["1"]["exact_expected_value"] == str(Fraction(40 + 80 + 240 + 468 + 182 - 1040, 1431))
    assert pair_up["2"]["exact_expected_value"] == str(Fraction(50 + 100 + 192 + 468 + 182 - 1040, 1431))
    assert pair_up["3"]["exact_expected_value"] == str(Fraction(40 + 120 + 192 + 468 + 182 - 1040, 1431))
    for b in r["bets"]:
        assert sum(o["count"] for o in b["outcomes"]) == 1431
        assert abs(sum(o["probability"] for o in b["outcomes"]) - 1) < 1e-12
        assert b["house_edge"] == -b["expected_value"]
    sf = next(b for b in r["bets"] if b["name"] == "Super Flush")
    counts = {o["hand"]: (o["count"], o["pays"]) for o in sf["outcomes"]}
    assert counts["royal flush"] == (4, "30 to 1")
    assert counts["ace high flush"] == (4 * 10, "3 to 1")   # A with 3..Q, ace-two and ace-king excluded
    assert counts["king high flush"] == (4 * 10, "2 to 1")  # K with 2..J, king-queen excluded
    assert counts["two jokers"] == (1, "Push")


def test_one_table_only():
    r = analyze(table="2")
    assert [b["table"] for b in r["bets"] if b["name"] == "Pair Up"] == ["2"]


def test_base_game_matches_brute_force():
    deck = standard_deck(jokers=2)
    idx = range(len(deck))
    values = {h: evaluate((deck[h[0]], deck[h[1]])) for h in combinations(idx, 2)}
    odds = {"two-jokers": 8, "royal-flush": 5, "straight-flush": 3}
    total = Fraction(0)
    calls = 0
    for p, pv in values.items():
        net, n = 0, 0
        for d, dv in values.items():
            if set(p) & set(d):
                continue
            n += 1
            if not dealer_qualifies(dv):
                net += 1
            elif pv > dv:
                net += 1 + odds.get(pv.category.key, 1)
            elif pv < dv:
                net -= 2
        ev_call = Fraction(net, n)
        if ev_call > -1:
            calls += 1
        total += max(ev_call, Fraction(-1))
    base = analyze()["base_game"]
    assert base["exact_expected_value"] == str(total / 1431)
    assert base["calls"] == calls
    assert abs(base["average_wager"] - (1 + calls / 1431)) < 1e-12
