"""The button, the deal and the orders of decision and reveal (§7(d), §9, §10)."""

import pytest

from trainer.games.winners_pot.dealing import (
    AUTOMATED_SHOE, DEALER, HAND, MANUAL_SHOE, button_after_rounds, deal_order, deal_sequence,
    decision_order, next_button, reveal_order, stub_count, street_order, street_order_is_ambiguous,
)

SEATS = [1, 3, 5]


@pytest.mark.parametrize("button,order", [
    (DEALER, [1, 3, 5, DEALER]),  # first round: from the player farthest to the dealer's left
    (1, [3, 5, DEALER, 1]),
    (3, [5, DEALER, 1, 3]),
    (5, [DEALER, 1, 3, 5]),       # after the player farthest to the right comes the dealer
])
def test_deal_order_starts_after_the_button(button, order):
    assert deal_order(button, SEATS) == order


def test_the_button_rotates_through_the_players_and_back_to_the_dealer():
    assert [button_after_rounds(n, SEATS) for n in range(6)] == [DEALER, 1, 3, 5, DEALER, 1]
    assert next_button(5, SEATS) == DEALER
    assert next_button(2, SEATS) == 3  # from an empty seat: the next player clockwise


@pytest.mark.parametrize("button,order", [(DEALER, [1, 3, 5]), (3, [5, 1, 3]), (5, [1, 3, 5])])
def test_decisions_skip_the_dealer(button, order):
    assert decision_order(button, SEATS) == order


def test_folded_button_holder_still_marks_the_start():
    assert decision_order(3, [1, 5]) == [5, 1]
    assert street_order(3, [1, 5]) == [5, DEALER, 1]


def test_street_order_and_its_ambiguous_case():
    assert street_order(1, [3, 5]) == [3, 5, DEALER]
    assert not street_order_is_ambiguous(1, [3, 5])
    assert street_order(5, [1, 3, 5]) == [DEALER, 1, 3, 5]
    assert street_order_is_ambiguous(5, [1, 3, 5])


def test_reveal_from_the_dealers_right():
    assert reveal_order([1, 5, 3]) == [DEALER, 5, 3, 1]


def test_button_must_be_at_a_player_or_the_dealer():
    with pytest.raises(ValueError, match="button"):
        deal_order(2, SEATS)
    with pytest.raises(ValueError, match="1 to 7"):
        deal_order(DEALER, [0, 3])


def test_deal_sequence_manual_and_hand():
    for method in (MANUAL_SHOE, HAND):
        steps = deal_sequence(method, 3, SEATS)
        assert [s.position for s in steps] == [5, DEALER, 1, 3] * 3
        assert [s.face_up for s in steps] == [False] * 8 + [True] * 4
        assert steps[0].citation.endswith(("§7(e)(1)", "§8(d)(1)"))


def test_deal_sequence_automated_shoe_stacks_of_three():
    steps = deal_sequence(AUTOMATED_SHOE, DEALER, SEATS)
    assert [(s.position, s.cards) for s in steps] == [(1, 3), (3, 3), (5, 3), (DEALER, 3)]
    assert "top card turned face up" in steps[0].describe()


def test_stub_count():
    # 3 burns, 3 cards to each of 4 hands, a fourth to 2 bettors and the dealer, a fifth to 1 and the dealer
    assert stub_count(3, 2, 1) == 52 - (3 + 12 + 3 + 2)
    with pytest.raises(ValueError):
        stub_count(3, 1, 2)
