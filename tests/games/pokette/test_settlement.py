"""Settling a whole layout of chips for several players, in exact cents, in the order of
§(g)(4) and §(h)(2); jokers (§(g)(5), P2, P7); house odds at or above the minimum."""

import pytest
from hypothesis import given, settings, strategies as st

from tests.games.pokette import oracle
from trainer.core.settlement import SettlementError
from trainer.games.pokette.layout import default_layout
from trainer.games.pokette.settlement import COLLECT, PAY, Bet, HouseOptions, payout, place, settle_spin
from trainer.games.pokette.stand import Stand
from trainer.games.pokette.wheel import ALL_SECTIONS, Section

S = Section.parse


def test_a_layout_of_five_players_on_the_seven_of_spades():
    bets = [
        Bet(1, place("single card straight up", cards=["7s"]), 500),
        Bet(1, place("split", cards=["7s", "7c"]), 1000),
        Bet(2, place("corner", cards=["8s", "8c", "7s", "7c"]), 500),
        Bet(2, place("red"), 2500),
        Bet(3, place("black"), 2000),
        Bet(3, place("8-7-6 rank"), 1000),
        Bet(4, place("double rank", ranks=["7", "6"]), 500),
        Bet(4, place("jacer"), 500),
        Bet(5, place("suit", suit="s"), 1000),
        Bet(5, place("single rank", ranks=["7"]), 250),
        Bet(5, place("5-4-3 rank"), 700),
    ]
    r = settle_spin(Stand(), S("7s"), bets)
    assert [x.net for x in r.results] == [25_000, 24_000, 6_000, -2_500, 2_000, 3_000, 2_500, -500, 3_000, 3_000, -700]
    assert [x.result.odds for x in r.results if x.net > 0] == [
        "50 to 1", "24 to 1", "12 to 1", "1 to 1", "3 to 1", "5 to 1", "3 to 1", "12 to 1"]
    assert r.seat_paid(1) == 49_000 and r.seat_collected(2) == 2_500 and r.seat_net(5) == 5_300
    assert r.house_net == -(25_000 + 24_000 + 6_000 - 2_500 + 2_000 + 3_000 + 2_500 - 500 + 3_000 + 3_000 - 700)
    # §(g)(4): every losing wager collected first, then the winners paid (each phase by seat)
    assert [(ph.action, ph.items) for ph in r.phases] == [(COLLECT, (3, 7, 10)), (PAY, (0, 1, 2, 4, 5, 6, 8, 9))]
    assert r.stand.position == 1 and r.stand.after.offered() == ("pair in two",)


def test_a_joker_pays_its_straight_up_its_splits_and_jacer_and_leaves_the_poker_wagers():
    stand = Stand.of("7h 8h")
    bets = [
        Bet(1, place("jacer"), 1000), Bet(1, place("split", cards=["JK2", "Ad"]), 500),
        Bet(2, place("split", cards=["JK1", "Ac"]), 500), Bet(2, place("straight up", cards=["JK2"]), 200),
        Bet(3, place("red"), 1000), Bet(3, place("corner", cards=["As", "Ac", "Ks", "Kc"]), 500),
        Bet(3, place("split", cards=["JK1", "JK2"]), 300),
        Bet(4, place("open straight"), 1000), Bet(4, place("flush"), 500),
    ]
    r = settle_spin(stand, S("JK2"), bets)
    nets = [x.net for x in r.results]
    assert nets == [12_000, 12_000, -500, 10_000, -1_000, -500, 7_200, 0, 0]
    assert r.results[7].in_action and r.results[8].in_action
    assert "Pokette §(g)(5)(iii)" in r.results[7].rules and "trainer ruling P7" in r.results[7].rules
    assert "trainer ruling P2" in r.results[4].result.rules
    assert r.stand.after == stand and r.stand.position is None


def test_the_second_card_settles_the_non_poker_wagers_before_pair_in_two():
    bets = [Bet(1, place("pair in two"), 500), Bet(2, place("red"), 500), Bet(2, place("pair in 2"), 1000),
            Bet(3, place("black"), 500)]
    r = settle_spin(Stand.of("9c"), S("9d"), bets)
    assert [x.net for x in r.results] == [5_500, 500, 11_000, -500]
    assert [(ph.action, ph.items) for ph in r.phases] == [(COLLECT, (3,)), (PAY, (1,)), (PAY, (0, 2))]
    assert r.stand.announcement.wagers == ("three of a kind",)


def test_the_third_card_collects_every_loser_before_any_payment():
    bets = [Bet(1, place("open straight"), 500), Bet(1, place("red"), 500), Bet(2, place("pair in three"), 500),
            Bet(2, place("flush"), 500)]
    r = settle_spin(Stand.of("7h 8h"), S("9s"), bets)
    assert [x.net for x in r.results] == [2_500, -500, -500, -500]
    assert [(ph.action, ph.items) for ph in r.phases] == [(COLLECT, (1, 2, 3)), (PAY, (0,))]
    assert r.stand.cleared and r.stand.after == Stand()


@pytest.mark.parametrize("stand,wager,message", [
    ("", "pair in two", "stand is empty"),
    ("7s", "pair in three", "only \"pair in 2\""),
    ("7s 7d", "pair in three", "not offered with 7♠ and 7♦"),
    ("As Kd", "open straight", "only one rank"),
    ("Kh 9s", "flush", "suits differ"),
    ("7h 8h", "pair in two", "no longer offered"),
])
def test_a_poker_wager_not_on_offer_is_refused(stand, wager, message):
    with pytest.raises(SettlementError, match=message):
        settle_spin(Stand.of(stand), S("2c"), [Bet(1, place(wager), 500)])


def test_house_odds_may_only_be_higher():
    options = HouseOptions(odds=(("split", "30 to 1"),))
    r = settle_spin(Stand(), S("7s"), [Bet(1, place("split", cards=["7s", "7c"]), 500)], options)
    assert r.results[0].net == 15_000 and r.results[0].result.odds == "30 to 1"
    assert payout("split", 500, options) == 15_000 and payout("split", 500) == 12_000
    with pytest.raises(SettlementError, match=r"below the minimum of 24 to 1.*never less"):
        settle_spin(Stand(), S("7s"), [], HouseOptions(odds=(("split", "20 to 1"),)))
    with pytest.raises(SettlementError, match="never \"for\""):
        settle_spin(Stand(), S("7s"), [], HouseOptions(odds=(("split", "26 for 1"),)))
    with pytest.raises(SettlementError, match="does not exist"):
        settle_spin(Stand(), S("7s"), [], HouseOptions(pay_table="B"))


def test_bad_bets():
    with pytest.raises(SettlementError, match="numbered 1 to 7"):
        settle_spin(Stand(), S("7s"), [Bet(8, place("red"), 500)])
    with pytest.raises(SettlementError, match="no wager"):
        settle_spin(Stand(), S("7s"), [Bet(1, place("red"), 0)])
    with pytest.raises(SettlementError, match="negative"):
        settle_spin(Stand(), S("7s"), [Bet(1, place("red"), -5)])


MIN_ODDS = {"single card straight up": 50, "split": 24, "corner": 12, "single rank": 12, "double rank": 5,
            "ace-king-queen rank": 3, "jack-10-9 rank": 3, "8-7-6 rank": 3, "5-4-3 rank": 3, "red": 1, "black": 1,
            "suit": 3, "jacer": 12}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 7), st.integers(0, 215), st.integers(1, 500_000)), min_size=1, max_size=12),
       st.sampled_from(ALL_SECTIONS))
def test_every_layout_pays_by_the_table_and_collects_the_rest(chips, winning):
    placements = default_layout().all_placements
    bets = [Bet(seat, placements[i], amount) for seat, i, amount in chips]
    r = settle_spin(Stand(), winning, bets)
    for b, res in zip(bets, r.results):
        sel = frozenset(str(s) for s in b.placement.sections) if b.placement.sections else None
        if b.placement.wager in ("single rank", "double rank"):
            sel = frozenset("23456789TJQKA"[x - 2] for x in b.placement.ranks)
        if b.placement.wager == "suit":
            sel = frozenset(b.placement.suit)
        won = oracle.wins(b.placement.wager, sel or frozenset(), str(winning))
        assert res.net == (b.amount * MIN_ODDS[b.placement.wager] if won else -b.amount)
    order = r.order()
    firsts = [a for a, _ in order]
    assert firsts == sorted(firsts, key=lambda a: a != COLLECT)  # all collections come first
    assert sorted(id(x) for _, x in order) == sorted(id(x) for x in r.results)
