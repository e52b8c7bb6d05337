"""The checks every game's settlement makes of the seats entered (core/settlement.checked_seats)."""

from dataclasses import dataclass

import pytest

from trainer.core.settlement import SettlementError, checked_seats


@dataclass
class Seat:
    seat: object
    cards: tuple
    ante: object = 0


def _run(seats, count=6):
    return list(checked_seats(seats, count, 2, "a hand has two cards", {"ante": "Ante"}, " (§7(d))"))


def test_each_seat_with_its_name_in_order():
    a, b = Seat(4, ("As", "Kd"), 500), Seat(1, ("2c", "3c"))
    assert _run([a, b]) == [("seat 4", a), ("seat 1", b)]


@pytest.mark.parametrize("seats,message", [
    ([Seat(2, ("As", "Kd")), Seat(2, ("2c", "3c"))], "a seat is listed twice"),
    ([Seat(7, ("As", "Kd"))], "seat 7: seats are numbered 1 to 6 from the dealer's left"),
    ([Seat(True, ("As", "Kd"))], "seat True: seats are numbered 1 to 6 from the dealer's left"),
    ([Seat(3, ("As",))], r"seat 3: a hand has two cards, not 1 \(§7\(d\)\)"),
    ([Seat(3, ("As", "Kd"), -100)], r"seat 3 Ante: a wager cannot be negative"),
    ([Seat(3, ("As", "Kd"), 2.5)], r"seat 3 Ante: the amount must be whole cents"),
])
def test_refused(seats, message):
    with pytest.raises(SettlementError, match=f"^{message}"):
        _run(seats)


def test_a_game_checks_a_seat_before_the_next_is_read():
    seen = []
    with pytest.raises(SettlementError, match="^seat 5"):
        for where, s in checked_seats([Seat(1, ("As", "Kd")), Seat(5, ())], 6, 2, "a hand has two cards", {}):
            seen.append(where)
    assert seen == ["seat 1"]
