"""Code constants checked against the rules data (core/mirrors.py), the shared seat and
dealing-method checks (core/seats.py) and the data-driven picks of questions (core/picks.py)."""

import random

import pytest

from trainer.core import mirrors, picks
from trainer.core.rules_data import RulesDataError
from trainer.core.seats import DEALER, check_method, check_players, check_seats, position_name
from trainer.games.dj_wild.rules_data import rules_data as dj_data


def test_agreeing_constants_pass():
    data = dj_data()
    mirrors.check_mirrors("game.json", (*mirrors.deck(data, 53, 1, "§2(a)"),
                                        mirrors.choices(data, "dealing_method", ("hand", "automated-shoe"), "§7-§8"),
                                        mirrors.seats(data, 6, "§11(k)")))


def test_every_disagreement_in_one_message():
    data = dj_data()
    with pytest.raises(RulesDataError) as err:
        mirrors.check_mirrors("x/game.json", (
            *mirrors.deck(data, 52, 1, "§2(a)"),
            mirrors.choices(data, "trips_table", ("01", "02"), "§9(d)(4)"),
            mirrors.choices(data, "no_such_option", ("a",), "§0"),
            mirrors.seats(data, 6, "§11(k)"),
        ))
    assert str(err.value) == (
        "x/game.json: deck.size: the data says 53, the code is written for 52 (§2(a)); "
        "house_options.trips_table.choices: the data says [01, 02, 03, 04, 05, 06, 07], the code is written for "
        "[01, 02] (§9(d)(4)); "
        "house_options.no_such_option.choices: the data says [], the code is written for [a] (§0)")


def test_seats():
    assert check_seats([5, 1, 3], 6) == [1, 3, 5]
    with pytest.raises(ValueError, match="^seats are distinct numbers from 1 to 6$"):
        check_seats([1, 7], 6)
    with pytest.raises(ValueError, match="^seats are distinct numbers from 1 to 6$"):
        check_seats([2, 2], 6)
    with pytest.raises(ValueError, match="^at least one seated player with an ante is needed"):
        check_seats([], 7, holding="an ante")
    with pytest.raises(ValueError, match="^unknown dealing method 'shoe'; the methods are hand, automated-shoe$"):
        check_method("shoe", ("hand", "automated-shoe"))
    with pytest.raises(ValueError, match="^one to 7 player positions$"):
        check_players(8, 7, "player positions")
    assert position_name(DEALER) == "the dealer" and position_name(3, capital=True) == "Seat 3"


def test_picks_follow_the_data():
    data = dj_data()
    rng = random.Random(7)
    assert {picks.option_choice(rng, data, "trips_table") for _ in range(300)} == set(
        data.house_options["trips_table"].choices)
    assert {picks.seat(rng, data) for _ in range(300)} == set(range(1, data.seats + 1))
    for _ in range(100):
        s = picks.seats(rng, data, 2, 4)
        assert 2 <= len(s) <= 4 and s == sorted(set(s)) and 1 <= s[0] and s[-1] <= data.seats
    amounts = {picks.wager(rng, 1, 3) for _ in range(500)}
    assert amounts == {100, 150, 200, 250, 300, 350}
    # The same draws as the games made by hand before: a seed replays its question.
    a, b = random.Random(11), random.Random(11)
    assert picks.seat(a, data) == b.randint(1, 6)
    assert picks.seats(a, data, 2) == sorted(b.sample(range(1, 7), b.randint(2, 6)))
