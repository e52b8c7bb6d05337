"""The winner's pot, the commission, split pots and Jacks Plus, in exact cents (§10-§11;
trainer rulings 19, 20)."""

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import parse_cards
from trainer.core.settlement import LOSE, WIN, SettlementError
from trainer.games.winners_pot.dealing import DEALER
from trainer.games.winners_pot.hands import evaluate
from trainer.games.winners_pot.pot import (
    FOLDED_AFTER_FOUR, FOLDED_AFTER_THREE, STAYED, HouseOptions, JacksPlusEntry, SeatPlay, award_pot, commission_on,
    contribution, jacks_plus_limit, percent_to_basis_points, pot_total, settle_jacks_plus, settle_round,
)

FIVE_PCT_TEN = HouseOptions(commission_bp=500, commission_fixed=1000)


def test_contributions_to_the_pot_and_the_inventory():
    assert contribution(500, FOLDED_AFTER_THREE) == (0, 500)    # §10(a)(2): the ante to the table inventory
    assert contribution(500, FOLDED_AFTER_FOUR) == (1000, 0)    # §10(c)(2): ante and bet into the pot
    assert contribution(500, STAYED) == (2000, 0)               # ante, bet, double (twice the ante)
    # the dealer's 4 x ante, two who stayed, one folded after four, one after three
    assert pot_total(500, [STAYED, STAYED, FOLDED_AFTER_FOUR, FOLDED_AFTER_THREE]) == 2000 + 4000 + 1000


@pytest.mark.parametrize("pot,options,commission", [
    (10_000, FIVE_PCT_TEN, 500),                                               # 5% of $100 = $5 < $10
    (40_000, FIVE_PCT_TEN, 1000),                                              # 5% of $400 = $20: the fixed $10
    (20_000, FIVE_PCT_TEN, 1000),                                              # equal: $10 either way
    (1_030, FIVE_PCT_TEN, 51),                                                 # 51.5 cents: the half cent not charged
    (1_000, HouseOptions(commission_bp=0, commission_fixed=1000), 0),
    (12_345, HouseOptions(commission_bp=1000, commission_fixed=0), 0),
])
def test_commission_is_the_lesser(pot, options, commission):
    assert commission_on(pot, options) == commission


def test_a_single_player_pays_commission_on_the_whole_pot():
    award = award_pot(12_000, [3], DEALER, FIVE_PCT_TEN)
    assert (award.commission, award.share_of(3).paid, award.to_inventory) == (600, 11_400, 600)


def test_the_dealer_takes_the_pot_without_commission():
    award = award_pot(12_000, [DEALER], 2, FIVE_PCT_TEN)
    assert award.dealer_wins and award.commission == 0 and award.to_inventory == 12_000


def test_split_with_the_dealer_charges_only_the_players_part():
    # ruling 20: $120 split dealer/seat 2; commission on the player's $60: 5% = $3
    award = award_pot(12_000, [DEALER, 2], DEALER, FIVE_PCT_TEN)
    assert [(s.position, s.share, s.commission, s.paid) for s in award.shares] == [(2, 6000, 300, 5700),
                                                                                   (DEALER, 6000, 0, 6000)]
    assert award.commission_base == 6000 and award.to_inventory == 6300


def test_split_between_players_is_charged_on_their_shares_together_then_borne_equally():
    # $100 between seats 1 and 4: 5% of $100 = $5, $2.50 each
    award = award_pot(10_000, [4, 1], DEALER, FIVE_PCT_TEN)
    assert [(s.position, s.paid) for s in award.shares] == [(1, 4750), (4, 4750)]
    # the fixed amount caps the whole commission, not each share: 5% of $400 = $20 -> $10, $5 each
    award = award_pot(40_000, [4, 1], DEALER, FIVE_PCT_TEN)
    assert award.commission == 1000 and [s.paid for s in award.shares] == [19_500, 19_500]


def test_odd_cents_go_first_clockwise_from_the_button():
    # $100 three ways: 3334, 3333, 3333; the button at seat 3: clockwise seat 5, the dealer, seat 1
    award = award_pot(10_000, [1, 5, DEALER], 3, HouseOptions(commission_bp=0, commission_fixed=0))
    assert [(s.position, s.share) for s in award.shares] == [(5, 3334), (DEALER, 3333), (1, 3333)]
    # the dealer first after the button takes the odd cent
    award = award_pot(10_000, [1, 5, DEALER], 5, HouseOptions(commission_bp=0, commission_fixed=0))
    assert [(s.position, s.share) for s in award.shares] == [(DEALER, 3334), (1, 3333), (5, 3333)]
    # an odd commission among two players: 5% of $102.30 = $5.11 (5.115, the fraction dropped); the
    # shares $51.15 each; trainer ruling 26: the odd cent of the commission is borne by seat 6, the
    # first tied position clockwise from the button: $2.56 and $2.55, paid $48.59 and $48.60
    award = award_pot(10_230, [2, 6], 4, FIVE_PCT_TEN)
    assert award.commission == 511 and [(s.position, s.paid) for s in award.shares] == [(6, 4859), (2, 4860)]


@settings(max_examples=300, deadline=None)
@given(pot=st.integers(1, 10**7), k=st.integers(1, 4), with_dealer=st.booleans(), button=st.sampled_from([0, 1, 4, 7]),
       bp=st.integers(0, 1000), fixed=st.integers(0, 10**5))
def test_awards_conserve_the_pot(pot, k, with_dealer, button, bp, fixed):
    winners = [1, 3, 6, 7][:k] + ([DEALER] if with_dealer else [])
    award = award_pot(pot, winners, button, HouseOptions(commission_bp=bp, commission_fixed=fixed))
    assert sum(s.paid for s in award.shares) + award.commission == pot
    assert award.commission == min(award.commission_base * bp // 10_000, fixed)
    assert max(s.share for s in award.shares) - min(s.share for s in award.shares) <= 1
    players = [s for s in award.shares if s.position != DEALER]
    assert max(s.commission for s in players) - min(s.commission for s in players) <= 1


def entry(seat, wager, cards, folded=False):
    return JacksPlusEntry(seat, wager, evaluate(parse_cards(cards)), folded)


@pytest.mark.parametrize("cards,net", [
    ("As Ks Qs Js Ts", 400 * 500), ("9h 8h 7h 6h 5h", 80 * 500), ("9c 9d 9h 9s 2c", 50 * 500),
    ("3c 3d 3h 2s 2c", 30 * 500), ("Ac Tc 8c 5c 2c", 15 * 500), ("5c 4d 3h 2s Ac", 10 * 500),
    ("Jc Jd Jh 4s 2c", 7 * 500), ("Kc Kd 4h 4s 9c", 3 * 500), ("Jc Jd 9h 7s 4c", 500),
    ("Tc Td 9h 7s 4c", -500), ("Ac Kd 9h 7s 4c", -500),
])
def test_jacks_plus_pay_table(cards, net):
    (result,) = settle_jacks_plus([entry(2, 500, cards)], HouseOptions()).values()
    assert result.net == net


def test_jacks_plus_on_a_folded_hand():
    results = settle_jacks_plus([entry(1, 500, "Qc Qd 4h", True), entry(2, 500, "5c 4c 3c 2c", True)], HouseOptions())
    assert results[1].net == 500 and "trainer ruling 19" in results[1].rules
    assert results[2].result == LOSE  # four to a straight flush is no hand (ruling 19)


def test_jacks_plus_limit():
    assert jacks_plus_limit(HouseOptions()) == 5_000_000
    # the minimum wager at 400 to 1 above $50,000 raises the limit
    assert jacks_plus_limit(HouseOptions(minimum_wager=25_000)) == 10_000_000
    (r,) = settle_jacks_plus([entry(3, 20_000, "As Ks Qs Js Ts")], HouseOptions()).values()
    assert (r.result, r.net) == (WIN, 5_000_000) and "Winner's Pot Poker §11(c)" in r.rules
    (r,) = settle_jacks_plus([entry(3, 20_000, "As Ks Qs Js Ts")], HouseOptions(minimum_wager=25_000)).values()
    assert r.net == 8_000_000


def test_two_royal_flushes_share_the_limit_in_proportion():
    results = settle_jacks_plus([entry(1, 20_000, "As Ks Qs Js Ts"), entry(4, 10_000, "Ah Kh Qh Jh Th")],
                                HouseOptions())
    # $80,000 + $40,000 > $50,000: two thirds and one third, fractions of a cent not paid
    assert (results[1].net, results[4].net) == (3_333_333, 1_666_666)
    small = settle_jacks_plus([entry(1, 500, "As Ks Qs Js Ts"), entry(4, 1000, "Ah Kh Qh Jh Th")], HouseOptions())
    assert (small[1].net, small[4].net) == (200_000, 400_000)  # within the limit: paid in full


def play(seat, cards, decisions=STAYED, jp=0):
    return SeatPlay(seat, parse_cards(cards), decisions, jp)


def test_a_whole_round_in_cents():
    # ante $5; seat 1 folds after three (Jacks Plus on a pair of queens), seat 3 folds after four,
    # seats 4 and 6 stay. Pot: dealer $20 + seat 3 $10 + seats 4, 6 $20 each = $70.
    r = settle_round(500, parse_cards("Ks Kd 7c 4h 2s"), [
        play(1, "Qh Qc 3d", FOLDED_AFTER_THREE, jp=100),
        play(3, "9h 9c 8s 5d", FOLDED_AFTER_FOUR),
        play(4, "Ac Ad 6h 6s 2c", jp=200),
        play(6, "Jc Td 8h 6d 3c"),
    ], options=FIVE_PCT_TEN)
    assert r.pot == 7000 and r.award.winners == (4,)
    assert r.award.commission == 350  # 5% of $70 = $3.50, below $10
    nets = {s.seat: s.net for s in r.seats}
    assert nets == {1: -500 + 100, 3: -1000, 4: -2000 + 6650 + 600, 6: -2000}
    assert r.folded_antes == 500 and r.house_net == -sum(nets.values())
    ledger = r.ledger()
    assert ledger["wagered_by_players"] + ledger["wagered_by_dealer"] + ledger["jacks_plus_paid_from_inventory"] == \
        ledger["to_players"] + ledger["commission"] + ledger["to_inventory"]


def test_everybody_folds_and_the_dealer_takes_the_pot():
    r = settle_round(1000, parse_cards("2s 3d 7c 9h Jd"), [play(2, "Ah Kh Qd", FOLDED_AFTER_THREE),
                                                          play(5, "Ac Kc Qc 4h", FOLDED_AFTER_FOUR)])
    assert r.award.dealer_wins and r.pot == 4000 + 2000 and r.house_net == 1000 + 2000


@pytest.mark.parametrize("kwargs,message", [
    (dict(dealer="As Ks Qs Js", seats=[play(1, "2c 3c 4c 5c 7d")]), "five cards"),
    (dict(seats=[play(1, "As 3c 4c 5c 7d")]), "As is dealt twice"),
    (dict(seats=[play(1, "2c 3c 4c 5c 7d", FOLDED_AFTER_THREE)]), "holds 3 cards, not 5"),
    (dict(seats=[SeatPlay(1, parse_cards("2c 3c 4c"), ("bet",))]), "the decisions are"),
    (dict(seats=[play(1, "2c 3c 4c 5c 7d"), play(1, "2d 3d 4d 5d 7h")]), "seat 1 appears twice"),
    (dict(seats=[play(1, "2c 3c 4c 5c 7d")], button=3), "button"),
    (dict(seats=[play(9, "2c 3c 4c 5c 7d")]), "numbered 1 to 7"),
    (dict(seats=[play(1, "2c 3c 4c 5c 7d")], options=HouseOptions(commission_bp=1100)), "at most 10%"),
])
def test_invalid_rounds(kwargs, message):
    dealer = parse_cards(kwargs.pop("dealer", "As Kd 9h 8c 6s"))
    with pytest.raises(SettlementError, match=message):
        settle_round(500, dealer, kwargs.pop("seats"), **kwargs)


def test_percent_to_basis_points():
    assert percent_to_basis_points(5) == 500 and percent_to_basis_points("2.5") == 250
    assert percent_to_basis_points(7.25) == 725
    with pytest.raises(SettlementError, match="two decimals"):
        percent_to_basis_points("2.555")
