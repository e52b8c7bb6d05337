"""Dealing sequences of §7-§9, the §10 order, and the §7(f) stub count, for 1 to 6 players."""

from itertools import combinations

import pytest

from trainer.games.two_card_joker.dealing import (
    AUTOMATED_SHOE, DEALER, HAND, MANUAL_SHOE, call_order, deal_sequence, settlement_order, stub_count,
)


def test_manual_shoe_three_players_exact_sequence():
    steps = deal_sequence(MANUAL_SHOE, [5, 1, 3])
    assert [(s.recipient, s.card_number, s.face_up, s.cover_card) for s in steps] == [
        (1, 1, False, False), (3, 1, False, False), (5, 1, False, False), (DEALER, 1, False, True),
        (1, 2, False, False), (3, 2, False, False), (5, 2, False, False), (DEALER, 2, False, True),
    ]
    assert [s.citation.split("§")[1] for s in steps] == ["7(d)(1)"] * 3 + ["7(d)(2)"] + ["7(d)(3)"] * 3 + ["7(d)(4)"]


def test_hand_deal_cites_section_8():
    steps = deal_sequence(HAND, [2])
    assert [(s.recipient, s.card_number) for s in steps] == [(2, 1), (DEALER, 1), (2, 2), (DEALER, 2)]
    assert all("§8(c)" in s.citation for s in steps)


def test_automated_shoe_stacks_of_two_dealer_last_with_cover_card():
    steps = deal_sequence(AUTOMATED_SHOE, [6, 2, 4])
    assert [(s.recipient, s.cards, s.cover_card) for s in steps] == [(2, 2, False), (4, 2, False), (6, 2, False), (DEALER, 2, True)]
    assert all(s.citation == "Two Card Joker Poker §9(c)" and not s.face_up for s in steps)


@pytest.mark.parametrize("method", [MANUAL_SHOE, HAND, AUTOMATED_SHOE])
def test_every_seating_of_one_to_six_players(method):
    for n in range(1, 7):
        for seats in combinations(range(1, 7), n):
            steps = deal_sequence(method, seats)
            cards = {}
            for s in steps:
                cards[s.recipient] = cards.get(s.recipient, 0) + s.cards
            assert cards == {**{x: 2 for x in seats}, DEALER: 2}
            players_first = [s.recipient for s in steps if s.recipient != DEALER]
            # Clockwise from the dealer's left within each round of the deal.
            per_round = len(seats)
            for k in range(0, len(players_first), per_round):
                assert players_first[k:k + per_round] == sorted(seats)
            assert steps[-1].recipient == DEALER
            assert 54 - sum(cards.values()) == stub_count(n)


def test_decision_and_settlement_orders():
    assert call_order([4, 1, 6]) == [1, 4, 6]        # §10(b)
    assert settlement_order([4, 1, 6]) == [6, 4, 1]  # §10(c)-(d)


def test_stub_counts():
    assert [stub_count(n) for n in range(1, 7)] == [50, 48, 46, 44, 42, 40]
    with pytest.raises(ValueError):
        stub_count(7)


@pytest.mark.parametrize("seats", [[], [0], [7], [2, 2]])
def test_bad_seatings(seats):
    with pytest.raises(ValueError):
        deal_sequence(MANUAL_SHOE, seats)


def test_unknown_method():
    with pytest.raises(ValueError, match="unknown dealing method"):
        deal_sequence("pitch", [1])
