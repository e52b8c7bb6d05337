"""Dealing from the hand (§7(c); trainer ruling 16) and from the automated shoe in
stacks of five (§8(c)-(d)), the §8(e) play/fold order and the stub count of a 53-card
deck (§7(d), §8(f); ruling 4), for every seating of 1 to 6 players."""

from itertools import combinations

import pytest

from trainer.games.dj_wild.dealing import (
    AUTOMATED_SHOE, DEALER, HAND, deal_sequence, play_order, stub_count,
)


def test_hand_deal_two_players_exact_sequence():
    steps = deal_sequence(HAND, [5, 2])
    assert [(s.recipient, s.card_number) for s in steps] == [
        (r, n) for n in range(1, 6) for r in (2, 5, DEALER)
    ]
    assert all(s.cards == 1 for s in steps)
    assert steps[0].citations == ("DJ Wild Poker §7(c)(1)", "trainer ruling 16")


def test_automated_shoe_stacks_of_five_dealer_last():
    steps = deal_sequence(AUTOMATED_SHOE, [6, 1, 4])
    assert [(s.recipient, s.cards) for s in steps] == [(1, 5), (4, 5), (6, 5), (DEALER, 5)]
    assert [s.citations for s in steps] == [("DJ Wild Poker §8(c)",)] * 3 + [("DJ Wild Poker §8(d)",)]


@pytest.mark.parametrize("method", [HAND, AUTOMATED_SHOE])
def test_every_seating_of_one_to_six_players(method):
    for n in range(1, 7):
        for seats in combinations(range(1, 7), n):
            steps = deal_sequence(method, seats)
            cards = {}
            for s in steps:
                cards[s.recipient] = cards.get(s.recipient, 0) + s.cards
            assert cards == {**{x: 5 for x in seats}, DEALER: 5}
            # Each round of the deal goes clockwise from the dealer's left; the dealer is last.
            per_round = n + 1
            for k in range(0, len(steps), per_round):
                assert [s.recipient for s in steps[k:k + per_round]] == sorted(seats) + [DEALER]
            assert 53 - sum(cards.values()) == stub_count(n)


def test_play_order_from_the_dealers_left():
    assert play_order([4, 1, 6]) == [1, 4, 6]


def test_stub_counts():
    assert [stub_count(n) for n in range(1, 7)] == [43, 38, 33, 28, 23, 18]
    with pytest.raises(ValueError):
        stub_count(0)
    with pytest.raises(ValueError):
        stub_count(7)


@pytest.mark.parametrize("seats", [[], [0], [7], [2, 2]])
def test_bad_seatings(seats):
    with pytest.raises(ValueError):
        deal_sequence(HAND, seats)


def test_unknown_method():
    with pytest.raises(ValueError, match="unknown dealing method"):
        deal_sequence("manual-shoe", [1])  # DJ Wild has no manual dealing shoe (§7, §8)
