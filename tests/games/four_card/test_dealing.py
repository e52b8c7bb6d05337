"""Dealing sequences of §7-§9, the §10 orders and alternatives, and the §7(e) stub count."""

from itertools import combinations

import pytest

from trainer.games.four_card.dealing import (
    AUTOMATED_SHOE, CARD, DEALER, EXTRA_STACK, HAND, MANUAL_SHOE, STACK, decision_order, deal_sequence, reveal_order,
    settlement_order, settlement_steps, stub_count, COLLECT_LOSING, PAY_WINNING,
)


def test_manual_shoe_two_players_exact_sequence():
    steps = deal_sequence(MANUAL_SHOE, [5, 2])
    assert [(s.recipient, s.card_number, s.face_up) for s in steps] == [
        (2, 1, False), (5, 1, False), (DEALER, 1, False),
        (2, 2, False), (5, 2, False), (DEALER, 2, False),
        (2, 3, False), (5, 3, False), (DEALER, 3, False),
        (2, 4, False), (5, 4, False), (DEALER, 4, False),
        (2, 5, False), (5, 5, False), (DEALER, 5, False),
        (DEALER, 6, True),  # §7(c): the fifth and sixth consecutively, the sixth face up
    ]
    assert all(s.citation == "Four Card Poker §7(c)" and s.kind == CARD for s in steps)


def test_hand_deal_cites_section_8():
    steps = deal_sequence(HAND, [7])
    assert [s.recipient for s in steps] == [7, DEALER] * 5 + [DEALER]
    assert all(s.citation == "Four Card Poker §8(c)" for s in steps)


def test_automated_shoe_stacks_and_the_dealers_extra_stack():
    steps = deal_sequence(AUTOMATED_SHOE, [6, 1, 4])
    assert [(s.recipient, s.kind, s.cards, s.face_up, s.discarded) for s in steps] == [
        (1, STACK, 5, False, 0), (4, STACK, 5, False, 0), (6, STACK, 5, False, 0),
        (DEALER, STACK, 5, False, 0),
        (DEALER, EXTRA_STACK, 1, True, 4),  # bottom card face up, the other four to the discard rack
    ]
    assert all(s.citation == "Four Card Poker §9(c)" for s in steps)
    assert "discard" in steps[-1].describe()


@pytest.mark.parametrize("method", [MANUAL_SHOE, HAND, AUTOMATED_SHOE])
def test_every_seating_of_one_to_seven_players(method):
    for n in range(1, 8):
        for seats in combinations(range(1, 8), n):
            steps = deal_sequence(method, seats)
            cards: dict[int, int] = {}
            for s in steps:
                cards[s.recipient] = cards.get(s.recipient, 0) + s.cards
            assert cards == {**{x: 5 for x in seats}, DEALER: 6}
            players = [s.recipient for s in steps if s.recipient != DEALER]
            for k in range(0, len(players), n):  # clockwise from the dealer's left in every round
                assert players[k:k + n] == sorted(seats)
            assert [s.face_up for s in steps].count(True) == 1 and steps[-1].face_up
            assert steps[-1].recipient == steps[-2].recipient == DEALER
            used = sum(s.cards + s.discarded for s in steps)
            assert 52 - used == stub_count(n, method)


def test_orders_of_section_10():
    assert decision_order([4, 1, 7]) == [1, 4, 7]    # §10(b): from the dealer's left, clockwise
    assert reveal_order([4, 1, 7]) == [7, 4, 1]      # §10(d): from the dealer's right
    assert settlement_order([4, 1, 7]) == [7, 4, 1]  # §10(e)


def test_settlement_alternatives():
    one = settlement_steps([2, 5], "1")
    assert [(s.seat, s.citation.split("§")[1]) for s in one] == [
        (5, "10(e)(1)(i)"), (2, "10(e)(1)(i)"), (5, "10(e)(1)(ii)"), (2, "10(e)(1)(ii)"),
        (5, "10(e)(1)(iii)"), (2, "10(e)(1)(iii)"), (5, "10(e)(1)(iv)"), (2, "10(e)(1)(iv)")]
    # §10(d) under either alternative: every hand revealed, then every losing wager collected;
    # (e)(2) then pays and picks up player by player.
    two = settlement_steps([2, 5], "2")
    assert [(s.seat, s.citation.split("§")[1]) for s in two] == [
        (5, "10(d)"), (2, "10(d)"), (5, "10(d)"), (2, "10(d)"),
        (5, "10(e)(2)(ii)"), (5, "10(e)(2)(iii)"), (2, "10(e)(2)(ii)"), (2, "10(e)(2)(iii)")]
    assert [s.text() for s in two] == [
        "Seat 5: reveal the best four card hand", "Seat 2: reveal the best four card hand",
        "Seat 5: collect the losing wagers", "Seat 2: collect the losing wagers",
        "Seat 5: pay the winning wagers", "Seat 5: collect the cards into the discard rack",
        "Seat 2: pay the winning wagers", "Seat 2: collect the cards into the discard rack"]
    for steps in (one, two):  # no winning wager is paid before every losing one is collected
        actions = [s.action for s in steps]
        assert max(i for i, a in enumerate(actions) if a == COLLECT_LOSING) < min(
            i for i, a in enumerate(actions) if a == PAY_WINNING)
    with pytest.raises(ValueError):
        settlement_steps([1], "3")


def test_stub_counts():
    assert [stub_count(n) for n in range(1, 8)] == [41, 36, 31, 26, 21, 16, 11]
    assert [stub_count(n, AUTOMATED_SHOE) for n in range(1, 8)] == [37, 32, 27, 22, 17, 12, 7]
    with pytest.raises(ValueError):
        stub_count(8)


@pytest.mark.parametrize("seats", [[], [0], [8], [2, 2]])
def test_bad_seatings(seats):
    with pytest.raises(ValueError):
        deal_sequence(MANUAL_SHOE, seats)


def test_unknown_method():
    with pytest.raises(ValueError, match="unknown dealing method"):
        deal_sequence("pitch", [1])
