"""Settlement of ante, call, Pair Up and Super Flush, in exact cents (§10, §11)."""

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import parse_cards, standard_deck
from trainer.core.settlement import LOSE, PUSH, WIN, SettlementError
from trainer.games.two_card_joker.settlement import CALL, FOLD, HouseOptions, SeatWagers, settle_round


def seat(n, cards, **kw):
    return SeatWagers(n, parse_cards(cards), **kw)


def nets(settled_seat):
    return {r.wager: (r.result, r.net) for r in settled_seat.results}


def test_dealer_does_not_qualify_ante_paid_call_returned():
    r = settle_round(parse_cards("Jc 9d"), [seat(1, "3c 2c", ante=1000, decision=CALL)])
    assert not r.dealer_qualifies
    # §10(d)(1), §11(b)(1), §11(c): the ante pays 1 to 1 whatever the hands, the call is returned.
    assert nets(r.seat(1)) == {"ante": (WIN, 1000), "call": (PUSH, 0)}


@pytest.mark.parametrize("player,call_net", [
    ("JK JK", 8 * 1500),      # §11(c) pair of jokers 8 to 1
    ("Ah Kh", 5 * 1500),      # royal flush 5 to 1
    ("Qs Js", 3 * 1500),      # straight flush 3 to 1
    ("Qs Jd", 1500),          # straight or less 1 to 1
    ("9s 9d", 1500),
    ("Ah 4h", 1500),
])
def test_player_beats_a_qualifying_dealer(player, call_net):
    r = settle_round(parse_cards("Qc 7d"), [seat(2, player, ante=1500, decision=CALL)])
    assert r.dealer_qualifies
    assert nets(r.seat(2)) == {"ante": (WIN, 1500), "call": (WIN, call_net)}


def test_player_beaten_loses_ante_and_call():
    r = settle_round(parse_cards("8c 8d"), [seat(2, "Ah Qh", ante=1500, decision=CALL)])
    assert nets(r.seat(2)) == {"ante": (LOSE, -1500), "call": (LOSE, -1500)}


def test_tie_hand_pushes_ante_and_call():
    # §11(f); ruling 5: a joker pair ties a natural pair.
    r = settle_round(parse_cards("9c 9d"), [seat(4, "JK 9s", ante=2500, decision=CALL)])
    assert nets(r.seat(4)) == {"ante": (PUSH, 0), "call": (PUSH, 0)}


def test_fold_loses_the_ante_but_bonus_wagers_are_still_settled():
    r = settle_round(parse_cards("Qc 7d"),
                     [seat(3, "Ah Kh", ante=1000, pair_up=500, super_flush=200, decision=FOLD)],
                     HouseOptions("2"))
    assert nets(r.seat(3)) == {
        "pair_up": (WIN, 25 * 500),       # Table 2 royal flush 25 to 1
        "super_flush": (WIN, 30 * 200),   # §11(e) royal flush 30 to 1
        "ante": (LOSE, -1000),
    }


@pytest.mark.parametrize("table,expected", [
    ("1", {"JK JK": 40, "Ah Kh": 20, "Qs Js": 5, "Qs Jd": 3, "9s 9d": 1, "JK 4c": 1}),
    ("2", {"JK JK": 50, "Ah Kh": 25, "Qs Js": 4, "Qs Jd": 3, "9s 9d": 1, "JK 4c": 1}),
    ("3", {"JK JK": 40, "Ah Kh": 30, "Qs Js": 4, "Qs Jd": 3, "9s 9d": 1, "JK 4c": 1}),
])
def test_pair_up_tables(table, expected):
    for cards, odds in expected.items():
        r = settle_round(parse_cards("2c 7d"), [seat(1, cards, pair_up=1000)], HouseOptions(table))
        assert nets(r.seat(1)) == {"pair_up": (WIN, odds * 1000)}, cards
    for losing in ("Ah 4h", "Kc 9d"):
        r = settle_round(parse_cards("2c 7d"), [seat(1, losing, pair_up=1000)], HouseOptions(table))
        assert nets(r.seat(1)) == {"pair_up": (LOSE, -1000)}


@pytest.mark.parametrize("cards,result,net", [
    ("As Ks", WIN, 30 * 700),
    ("3s 2s", WIN, 5 * 700),
    ("As 2s", WIN, 5 * 700),     # ace-two suited is a straight flush, not an ace-high flush
    ("As 9s", WIN, 3 * 700),     # ruling 8: ace high flush
    ("Ks 9s", WIN, 2 * 700),     # king high flush
    ("Qs 9s", WIN, 700),
    ("Qs Jd", PUSH, 0),          # straight: push
    ("9s 9d", PUSH, 0),          # pair: push
    ("JK JK", PUSH, 0),          # pair of jokers: push
    ("Qs 9d", LOSE, -700),
])
def test_super_flush(cards, result, net):
    r = settle_round(parse_cards("2c 7d"), [seat(5, cards, super_flush=700)])
    assert nets(r.seat(5)) == {"super_flush": (result, net)}


def test_odd_cents_and_settlement_order_from_the_dealers_right():
    r = settle_round(parse_cards("Qc 7d"), [
        seat(1, "Ah Kh", ante=750, decision=CALL),
        seat(6, "2c 4d", ante=550, decision=CALL),
        seat(3, "JK JK", pair_up=125),
    ])
    assert [s.seat for s in r.seats] == [6, 3, 1]  # §10(c)-(d): counterclockwise from the right
    assert nets(r.seat(1)) == {"ante": (WIN, 750), "call": (WIN, 3750)}
    assert nets(r.seat(3)) == {"pair_up": (WIN, 5000)}
    assert nets(r.seat(6)) == {"ante": (LOSE, -550), "call": (LOSE, -550)}
    assert r.house_net == -(750 + 3750 + 5000) + 1100


def test_every_result_cites_its_section():
    r = settle_round(parse_cards("Jc 9d"), [seat(1, "As 9s", ante=1000, pair_up=100, super_flush=100, decision=CALL)])
    for w in r.seat(1).results:
        assert w.rules and all(c.startswith("Two Card Joker Poker §") or c.startswith("trainer ruling") for c in w.rules)
    assert "trainer ruling 7" in r.seat(1).result("ante").rules


@pytest.mark.parametrize("dealer,seats,message", [
    ("Qc", [seat(1, "2c 3c", ante=100, decision=CALL)], "two cards"),
    ("Qc 7d", [seat(1, "Qc 3c", ante=100, decision=CALL)], "Qc is dealt twice"),
    ("JK 7d", [seat(1, "JK JK", pair_up=100)], "3 jokers"),
    ("Qc 7d", [seat(1, "2c 3c", ante=100)], "must call or fold"),
    ("Qc 7d", [seat(1, "2c 3c", pair_up=100, decision=CALL)], "only a player with an ante"),
    ("Qc 7d", [seat(1, "2c 3c", ante=-100, decision=CALL)], "cannot be negative"),
    ("Qc 7d", [seat(7, "2c 3c", ante=100, decision=CALL)], "numbered 1 to 6"),
    ("Qc 7d", [seat(1, "2c 3c")], "no wager"),
    ("Qc 7d", [seat(1, "2c 3c", ante=100, decision=CALL), seat(1, "4c 5c", ante=100, decision=CALL)], "twice"),
])
def test_invalid_rounds_say_what_is_wrong(dealer, seats, message):
    with pytest.raises(SettlementError, match=message):
        settle_round(parse_cards(dealer), seats)


def test_unknown_pair_up_table():
    with pytest.raises(ValueError, match="Table|table"):
        settle_round(parse_cards("Qc 7d"), [seat(1, "2c 3c", pair_up=100)], HouseOptions("4"))


DECK = standard_deck(jokers=2)
amounts = st.integers(min_value=0, max_value=100_000)


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.lists(st.tuples(amounts, amounts, amounts, st.booleans()), min_size=1, max_size=6),
       st.sampled_from(["1", "2", "3"]))
def test_money_is_conserved_and_every_net_is_a_legal_outcome(deck, wagers, table):
    seats = []
    for i, (ante, pair_up, super_flush, calls) in enumerate(wagers):
        if not (ante or pair_up or super_flush):
            ante = 100
        cards = tuple(deck[2 + 2 * i: 4 + 2 * i])
        seats.append(SeatWagers(i + 1, cards, ante, pair_up, super_flush, (CALL if calls else FOLD) if ante else None))
    r = settle_round(deck[:2], seats, HouseOptions(table))
    assert r.house_net == -sum(w.net for s in r.seats for w in s.results)
    for s in r.seats:
        for w in s.results:
            assert isinstance(w.net, int)
            if w.result == WIN:
                assert w.net >= w.amount and w.net % w.amount == 0
            elif w.result == LOSE:
                assert w.net == -w.amount
            else:
                assert w.net == 0
        # The bonus wagers never depend on the ante (§6(d)).
        alone = SeatWagers(s.seat, next(x.cards for x in seats if x.seat == s.seat), 0,
                           next(x.pair_up for x in seats if x.seat == s.seat),
                           next(x.super_flush for x in seats if x.seat == s.seat), None)
        if alone.pair_up or alone.super_flush:
            r2 = settle_round(deck[:2], [alone], HouseOptions(table))
            side = {w.wager: w.net for w in s.results if w.wager in ("pair_up", "super_flush")}
            assert side == {w.wager: w.net for w in r2.seats[0].results}
