"""Settlement of ante, play, ante bonus, Aces Up, Cover All, the progressive and the Envy
Bonus, in exact cents (§10-§13; rulings 3, 9-12)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import parse_cards, standard_deck
from trainer.core.settlement import LOSE, REFER, WIN, SettlementError
from trainer.games.four_card.settlement import (
    DEALER, FOLD, HouseOptions, SeatWagers, cover_all_exposure, meter_after_wagers,
    settle_round,
)
from trainer.games.four_card.hands import Category, best_hand

LOW_DEALER = "2c 3d 7h 9s Jc 5d"  # jack high: (jack-nine-seven-five)


def seat(n, cards, **kw):
    return SeatWagers(n, parse_cards(cards), **kw)


def nets(settled_seat):
    return {r.wager: (r.result, r.net) for r in settled_seat.results}


def settle(dealer, seats, options=HouseOptions()):
    return settle_round(parse_cards(dealer), seats, options)


# ---------------------------------------------------------------- ante, play, ante bonus

def test_player_beats_dealer_ante_and_play_one_to_one():
    r = settle(LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=1000, decision=2500)])
    assert nets(r.seat(1)) == {"ante": (WIN, 1000), "play": (WIN, 2500)}


def test_tie_pays_the_player():
    # §11(a)(1): "is of equal rank with the dealer's hand": both hold J-9-7-5 high.
    r = settle(LOW_DEALER, [seat(1, "Jd 9c 7d 5h 2h", ante=1000, decision=1000)])
    assert r.seat(1).hand == r.dealer
    assert nets(r.seat(1)) == {"ante": (WIN, 1000), "play": (WIN, 1000)}
    assert "Four Card Poker §3(c)" in r.seat(1).result("ante").rules


def test_dealer_higher_collects_ante_and_play():
    r = settle("Ac Ad 3h 9s Jc 5d", [seat(2, "Kc Kd 4h 8s 6c", ante=1500, decision=4500)])
    assert nets(r.seat(2)) == {"ante": (LOSE, -1500), "play": (LOSE, -4500)}


@pytest.mark.parametrize("cards,odds", [
    ("8c 8d 8h 8s 2d", 25),    # four-of-a-kind 25 to 1
    ("9h Th Jh Qh 2d", 20),    # straight flush 20 to 1
    ("4c 4d 4h Ks 2d", 2),     # three-of-a-kind 2 to 1
])
def test_ante_bonus_even_when_the_dealer_is_higher(cards, odds):
    """Ruling 10: the bonus is paid on top of the ante's own result."""
    dealer = "Ac Ad Ah As 5c 6c"  # four aces beats everything
    r = settle(dealer, [seat(3, cards, ante=1000, decision=3000)])
    assert nets(r.seat(3)) == {"ante": (LOSE, -1000), "play": (LOSE, -3000), "ante_bonus": (WIN, odds * 1000)}
    assert "trainer ruling 10" in r.seat(3).result("ante_bonus").rules


def test_no_ante_bonus_below_three_of_a_kind_or_after_a_fold():
    r = settle(LOW_DEALER, [seat(1, "Ah Kh Qh 9h 2s", ante=1000, decision=1000),
                            seat(2, "8c 8d 8h 8s 2d", ante=1000, decision=FOLD)])
    assert r.seat(1).result("ante_bonus") is None
    assert nets(r.seat(2)) == {"ante": (LOSE, -1000)}


# ---------------------------------------------------------------- Aces Up

ACES_UP = {  # Table: four-of-a-kind, straight flush, three, flush, straight, two pair, pair of aces
    "I": (50, 40, 9, 6, 4, 2, 1), "II": (50, 40, 7, 6, 5, 2, 1), "III": (50, 30, 9, 6, 4, 2, 1),
    "IV": (50, 30, 7, 6, 5, 2, 1), "V": (50, 40, 8, 5, 4, 3, 1), "VI": (50, 40, 8, 6, 4, 2, 1),
    "VII": (50, 40, 7, 5, 4, 3, 1),
}
HANDS = ("Ac Ad Ah As 4d", "9h Th Jh Qh 2d", "4c 4d 4h Ks 2d", "Ah Kh 8h 6h 2s", "5c 6d 7h 8s Kd", "Kc Kd 3h 3s 7d",
         "Ac Ad 3h 8s Jd")
ACES_DEALER = "2c 3d 5h 9s Jc 7c"


@pytest.mark.parametrize("table", ACES_UP)
def test_aces_up_tables(table):
    for cards, odds in zip(HANDS, ACES_UP[table]):
        r = settle(ACES_DEALER, [seat(1, cards, aces_up=1000)], HouseOptions(aces_up_table=table))
        assert nets(r.seat(1)) == {"aces_up": (WIN, odds * 1000)}, (table, cards)
    for losing in ("Kc Kd 3h 8s Jd", "Kc Qd 8h 6s 2d"):
        r = settle(ACES_DEALER, [seat(1, losing, aces_up=1000)], HouseOptions(aces_up_table=table))
        assert nets(r.seat(1)) == {"aces_up": (LOSE, -1000)}


def test_fold_keeps_aces_up_in_action():
    r = settle(LOW_DEALER, [seat(4, "Ac Ad Ah Ks 2d", ante=1000, aces_up=500, decision=FOLD)],
               HouseOptions(aces_up_table="II"))
    assert nets(r.seat(4)) == {"ante": (LOSE, -1000), "aces_up": (WIN, 7 * 500)}
    assert "Four Card Poker §10(b)" in r.seat(4).result("aces_up").rules


# ---------------------------------------------------------------- Cover All

COVER_ALL = {  # players: 4 aces, royal flush, 4 of a kind, straight flush, 3 of a kind
    7: (100, 50, 35, 20, 3), 6: (100, 50, 30, 15, 4), 5: (125, 80, 50, 30, 4), 4: (150, 90, 60, 30, 5),
    3: (200, 100, 80, 50, 6), 2: (250, 125, 90, 70, 8),
}


def _others(top, players):
    """Five cards for each other seat and six for the dealer, all below three-of-a-kind."""
    rng = random.Random(players)
    while True:
        rest = [c for c in standard_deck() if str(c) not in top.split()]
        rng.shuffle(rest)
        hands = [rest[5 * i:5 * i + 5] for i in range(players - 1)] + [rest[5 * (players - 1):5 * (players - 1) + 6]]
        if all(best_hand(h).category < Category.STRAIGHT for h in hands):
            return [" ".join(map(str, h)) for h in hands[:-1]], hands[-1]


@pytest.mark.parametrize("players", sorted(COVER_ALL))
@pytest.mark.parametrize("top,index", [("Ac Ad Ah As Kd", 0), ("Ah Kh Qh Jh 4s", 1), ("Kc Kd Kh Ks Qd", 2),
                                       ("9d Td Jd Qd 4s", 3), ("Qc Qh Qs 4h 6s", 4)])
def test_cover_all_matrix(players, top, index):
    others, dealer = _others(top, players)
    seats = [seat(1, top, ante=1000, cover_all=500, decision=1000)]
    seats += [seat(n, others[n - 2], ante=1000, cover_all=200, decision=1000) for n in range(2, players + 1)]
    r = settle_round(dealer, seats)
    odds = COVER_ALL[players][index]
    assert r.cover_all.players == players and r.cover_all.holders == (1,)
    assert nets(r.seat(1))["cover_all"] == (WIN, odds * 500)
    for n in range(2, players + 1):
        assert nets(r.seat(n))["cover_all"] == (WIN, odds * 200)


def test_four_of_a_kind_outranks_a_royal_flush_for_cover_all():
    """Ruling 11: judged by §3(b) first, then paid from Cover All's rows."""
    r = settle("2c 2d 2h 2s 5c 7d", [seat(1, "Ah Kh Qh Jh 4s", ante=1000, cover_all=100, decision=1000),
                                     seat(2, "9c 8d 6h 4c 3s", ante=1000, cover_all=100, decision=1000)])
    assert r.cover_all.holders == (DEALER,)
    assert r.cover_all.label == "4 of a Kind" and str(r.cover_all.odds) == "90 to 1"
    assert nets(r.seat(1))["cover_all"] == (WIN, 9000)


def test_cover_all_counts_folded_hands_and_stays_in_action():
    r = settle(LOW_DEALER, [seat(1, "Qc Qd Qs 4h 6s", ante=1000, cover_all=500, decision=FOLD),
                            seat(2, "Kc Kd 4s 8h 6d", ante=1000, decision=FOLD),
                            seat(3, "Ah Td 8c 3s 2d", ante=1000, cover_all=100, decision=1000)])
    assert r.cover_all.holders == (1,)
    assert nets(r.seat(1)) == {"ante": (LOSE, -1000), "cover_all": (WIN, 6 * 500)}
    assert nets(r.seat(3))["cover_all"] == (WIN, 600)


def test_cover_all_loses_below_three_of_a_kind():
    r = settle(LOW_DEALER, [seat(1, "Ah Kh Qh 9h 2s", ante=1000, cover_all=500, decision=1000),
                            seat(2, "Kc Qd Js Th 4d", ante=1000, decision=1000)])
    assert not r.cover_all.wins
    assert nets(r.seat(1))["cover_all"] == (LOSE, -500)


def test_cover_all_is_not_offered_to_a_lone_player_or_where_the_house_does_not():
    with pytest.raises(SettlementError, match="lone player"):
        settle(LOW_DEALER, [seat(1, "Ah Kh Qh 9h 2s", ante=1000, cover_all=500, decision=1000)])
    with pytest.raises(SettlementError, match="does not offer the Cover All"):
        settle(LOW_DEALER, [seat(1, "Ah Kh Qh 9h 2s", ante=1000, cover_all=500, decision=1000),
                            seat(2, "Kc Qd Js Th 3d", ante=1000, decision=1000)], HouseOptions(cover_all_offered=False))


def test_cover_all_exposure():
    h = lambda t: best_hand(parse_cards(t))  # noqa: E731
    reveals = [(DEALER, h(LOW_DEALER)), (6, h("5c 6d 7h 8s Kd")), (4, h("Ah Kh 8h 6h 2s")), (2, h("Kc Kd 3h 3s 7d")),
               (1, h("Qc Qd Qs 4h 6s"))]
    assert cover_all_exposure(reveals) == [(), (6,), (4,), (4,), (1,)]
    # Trainer ruling 23: a later, lower hand is not left exposed; one of the same rank stays beside it.
    assert cover_all_exposure(reveals[:3] + [(3, h("9c Td Jh Qs 2d"))])[-1] == (4,)  # a lower straight after the flush
    assert cover_all_exposure(reveals[:2] + [(3, h("5d 6h 7c 8d 2s"))])[-1] == (6, 3)  # an equal straight


# ---------------------------------------------------------------- progressive and Envy Bonus

@pytest.mark.parametrize("table,cards,net", [
    ("A", "Kc Kd Kh Ks 2d", 299 * 500),   # 300 for 1 pays 299 to 1 (ruling 3)
    ("A", "9h Th Jh Qh 2d", 99 * 500),    # 100 for 1
    ("A", "4c 4d 4h Ks 2d", 8 * 500),     # 9 for 1
    ("B", "4c 4d 4h Ks 2d", 14 * 500),    # 15 for 1
])
def test_progressive_for_odds(table, cards, net):
    r = settle(LOW_DEALER, [seat(1, cards, ante=1000, progressive=500, decision=1000)],
               HouseOptions(progressive_table=table))
    assert nets(r.seat(1))["progressive"] == (WIN, net)
    assert "trainer ruling 3" in r.seat(1).result("progressive").rules


def test_four_aces_pays_the_meter_and_resets_it():
    options = HouseOptions(progressive_table="B", progressive_reset=150_000, progressive_meter=2_345_678)
    r = settle(LOW_DEALER, [seat(2, "Ac Ad Ah As 2d", ante=1000, progressive=100, decision=1000)], options)
    assert nets(r.seat(2))["progressive"] == (WIN, 2_345_678 - 100)
    assert r.seat(2).result("progressive").odds == "100% of meter"
    assert r.meter_before == 2_345_678 and r.meter_after == 150_000


def test_progressive_loses_below_three_of_a_kind():
    r = settle(LOW_DEALER, [seat(1, "Ah Kh 8h 6h 2s", ante=1000, progressive=100, decision=1000)])
    assert nets(r.seat(1))["progressive"] == (LOSE, -100)
    assert r.meter_after == r.meter_before == 500_000  # the Paytable A minimum reset


def test_envy_bonus_paytable_a():
    r = settle("2c 2d 2h 2s 5c 7d", [   # the dealer's four twos do not count
        seat(1, "Ac Ad Ah As 3d", ante=1000, progressive=100, decision=1000),
        seat(3, "9h Th Jh Qh 3c", ante=1000, progressive=500, decision=1000),
        seat(5, "Kc Kd Kh Ks 3h", ante=1000, decision=1000),
    ])
    envy = lambda n: sorted((e.source, e.result.net) for e in r.envy if e.seat == n)  # noqa: E731
    assert envy(1) == [(3, 500), (5, 1000)]           # $1: straight flush $5, four-of-a-kind $10
    assert envy(3) == [(1, 50_000), (5, 5000)]        # $5: four aces $500, four-of-a-kind $50
    assert r.seat(1).paid("envy") == 1500 and r.seat(3).paid("envy") == 55_000


def test_envy_bonus_paytable_b_has_no_straight_flush_row():
    r = settle(LOW_DEALER, [seat(1, "8c 8d 8h 8s 4d", ante=1000, progressive=500, decision=1000),
                            seat(2, "9h Th Jh Qh 3c", ante=1000, progressive=100, decision=1000)],
               HouseOptions(progressive_table="B"))
    assert [(e.seat, e.source, e.result.net) for e in r.envy] == [(2, 1, 2500)]


def test_a_player_at_two_positions_gets_no_envy_for_the_own_hand():
    hands = [seat(3, "Kc Kd Kh Ks 3h", ante=1000, decision=1000, player="Ann"),
             seat(4, "Ah Td 8c 3s 2d", ante=1000, progressive=100, decision=1000, player="Ann"),
             seat(5, "Qd Jd Tc 9h 4h", ante=1000, progressive=100, decision=1000)]
    r = settle(LOW_DEALER.replace("5d", "6h"), hands, HouseOptions(two_positions=True))
    assert [(e.seat, e.source) for e in r.envy] == [(5, 3)]
    with pytest.raises(SettlementError, match="one betting position"):
        settle(LOW_DEALER.replace("5d", "6h"), hands)
    far = [hands[0], SeatWagers(6, hands[1].cards, ante=1000, decision=1000, player="Ann")]
    with pytest.raises(SettlementError, match="adjacent"):
        settle(LOW_DEALER.replace("5d", "6h"), far, HouseOptions(two_positions=True))


def test_folded_progressive_and_folded_envy_hands_are_referred():
    r = settle(LOW_DEALER, [seat(1, "Kc Kd Kh Ks 3h", ante=1000, progressive=100, decision=FOLD),
                            seat(2, "Ah Td 8c 3s 2d", ante=1000, progressive=100, decision=1000),
                            seat(3, "Qd Jd Tc 9h 4h", ante=1000, progressive=100, decision=FOLD)])
    assert nets(r.seat(1))["progressive"] == (REFER, 0)
    assert nets(r.seat(2))["envy"] == (REFER, 0)   # seat 1's folded four-of-a-kind
    assert nets(r.seat(3))["progressive"] == (LOSE, -100)  # no reading would pay it
    assert r.seat(3).results_of("envy")[0].result == REFER


def test_folded_four_aces_leaves_the_meter_to_the_floor():
    r = settle(LOW_DEALER, [seat(1, "Ac Ad Ah As 3h", ante=1000, progressive=100, decision=FOLD)])
    assert r.meter_after is None


@pytest.mark.parametrize("options,message", [
    (HouseOptions(progressive_table="A", progressive_reset=499_999), "at least \\$5,000.00"),
    (HouseOptions(progressive_table="B", progressive_reset=100_000, progressive_meter=99_999), "below its reset"),
    (HouseOptions(aces_up_table="VIII"), "Aces Up pay table 'VIII' does not exist"),
    (HouseOptions(progressive_table="C"), "Progressive pay table 'C'"),
    (HouseOptions(settlement_alternative="3"), "alternative"),
    (HouseOptions(progressive_rate=0), "rate of progression"),
])
def test_bad_house_options(options, message):
    with pytest.raises(SettlementError, match=message):
        settle(LOW_DEALER, [seat(1, "Ah Kh 8h 6h 2s", aces_up=100)], options)


def test_meter_rate():
    assert meter_after_wagers(500_000, 700, 1500) == 500_105
    with pytest.raises(ValueError):
        meter_after_wagers(500_000, 700, 0)


# ---------------------------------------------------------------- the round

def test_settlement_order_from_the_dealers_right_and_house_net():
    r = settle(LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=1000, decision=2000),
                            seat(6, "Ah Kh Qh Jh 4s", aces_up=500),
                            seat(3, "Ad Td 8c 3s 2d", ante=500, decision=FOLD)])
    assert [s.seat for s in r.seats] == [6, 3, 1]
    assert r.house_net == -(1000 + 2000) - 40 * 500 + 500


@pytest.mark.parametrize("dealer,seats,message", [
    ("2c 3d 7h 9s Jc", [seat(1, "Kc Kd 4h 8s 6c", ante=100, decision=100)], "six cards"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s", ante=100, decision=100)], "five cards"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 2c", ante=100, decision=100)], "2c is dealt twice"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=100)], "makes a play wager or folds"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=1000, decision=3100)], "one to three times"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=1000, decision=900)], "one to three times"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", aces_up=100, decision=100)], "only a player with an ante"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=-100, decision=FOLD)], "cannot be negative"),
    (LOW_DEALER, [seat(8, "Kc Kd 4h 8s 6c", ante=100, decision=100)], "numbered 1 to 7"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", progressive=100)], "ante or an Aces Up"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=100, progressive=200, decision=100)], "\\$1.00 or \\$5.00"),
    (LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=100, decision=100), seat(1, "Qc Qd 4s 8h 6d", aces_up=100)],
     "twice"),
])
def test_invalid_rounds_say_what_is_wrong(dealer, seats, message):
    with pytest.raises(SettlementError, match=message):
        settle(dealer, seats)


def test_progressive_not_offered():
    with pytest.raises(SettlementError, match="does not offer the progressive"):
        settle(LOW_DEALER, [seat(1, "Kc Kd 4h 8s 6c", ante=100, progressive=100, decision=100)],
               HouseOptions(progressive_offered=False))


def test_every_result_cites_its_section():
    r = settle(LOW_DEALER, [seat(1, "Kc Kd Kh 8s 6c", ante=1000, aces_up=100, cover_all=100, progressive=100,
                                 decision=1000),
                            seat(2, "Qc Qd Qh Qs 6d", ante=1000, decision=FOLD)])
    for s in r.seats:
        for w in s.results:
            assert w.rules and all(c.startswith("Four Card Poker §") or c.startswith("trainer ruling") for c in w.rules)


DECK = standard_deck()
amounts = st.integers(min_value=0, max_value=100_000)


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK),
       st.lists(st.tuples(amounts, amounts, amounts, st.sampled_from([0, 100, 500]), st.integers(0, 3)),
                min_size=2, max_size=7),
       st.sampled_from(["I", "II", "III", "IV", "V", "VI", "VII"]), st.sampled_from(["A", "B"]))
def test_money_is_conserved_and_every_net_is_a_legal_outcome(deck, wagers, table, progressive_table):
    seats = []
    for i, (ante, aces_up, cover_all, progressive, play) in enumerate(wagers):
        if not (ante or aces_up):
            ante = 100
        decision = (FOLD if play == 0 else ante * play) if ante else None
        seats.append(SeatWagers(i + 1, tuple(deck[6 + 5 * i: 11 + 5 * i]), ante, aces_up, cover_all, progressive,
                                decision))
    options = HouseOptions(table, progressive_table, progressive_meter=1_234_567)
    r = settle_round(deck[:6], seats, options)
    assert r.house_net == -sum(w.net for s in r.seats for w in s.results)
    assert [s.seat for s in r.seats] == sorted((s.seat for s in seats), reverse=True)
    for s in r.seats:
        for w in s.results:
            assert isinstance(w.net, int)
            if w.result == WIN:
                assert w.net > 0
                if w.odds.endswith(" to 1"):
                    assert w.net == w.amount * int(w.odds.split()[0])
                elif w.odds.endswith(" for 1"):
                    assert w.net == w.amount * (int(w.odds.split()[0]) - 1)
            elif w.result == LOSE:
                assert w.net == -w.amount
            else:
                assert w.net == 0 and w.result == REFER
        # Aces Up never depends on the ante, the play or the fold (§10(b)).
        mine = next(x for x in seats if x.seat == s.seat)
        if mine.aces_up:
            alone = settle_round(deck[:6], [SeatWagers(mine.seat, mine.cards, aces_up=mine.aces_up)], options)
            a, b = alone.seats[0].result("aces_up"), s.result("aces_up")
            assert (a.result, a.net, a.odds) == (b.result, b.net, b.odds)


def test_the_meter_payout_cites_ruling_22():
    """Trainer ruling 22: "100% of meter" is read with ruling 3: the meter is what the player
    receives for four aces, wager included; the dealer pays the meter less the wager."""
    options = HouseOptions(progressive_table="A", progressive_reset=500_000, progressive_meter=812_345)
    r = settle(LOW_DEALER, [seat(3, "Ac Ad Ah As 2d", ante=1000, progressive=500, decision=1000)], options)
    result = r.seat(3).result("progressive")
    assert result.paid == 812_345 - 500
    assert "trainer ruling 22" in result.rules and "Four Card Poker §13(a)(4)" in result.rules
    lower = settle(LOW_DEALER, [seat(3, "Kc Kd Kh Ks 2d", ante=1000, progressive=500, decision=1000)], options)
    assert "trainer ruling 22" not in lower.seat(3).result("progressive").rules  # not the meter: ruling 3 alone
