import random

import pytest
from hypothesis import given, strategies as st

from trainer.core.cards import JOKER, Card, CardError, parse_cards, shuffled, standard_deck
from trainer.core.money import AmountError, format_cents, parse_cents
from trainer.core.odds import Odds, OddsError


def test_parse_and_print_round_trip_every_card():
    deck = standard_deck(jokers=2)
    assert len(deck) == 54
    assert len(set(deck)) == 53  # the two jokers are alike
    for card in deck:
        assert Card.parse(str(card)) == card
    assert str(Card.parse("As")) == "As"
    assert str(Card.parse("td")) == "Td"
    assert str(Card.parse("10h")) == "Th"
    assert Card.parse("JK") is JOKER and Card.parse("jk").is_joker
    assert Card.parse("Qc").name() == "queen of clubs"


@pytest.mark.parametrize("bad", ["", "A", "1s", "Ax", "AAs", "Zz", "JKR"])
def test_bad_cards_say_what_is_wrong(bad):
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(bad)


def test_shuffle_is_replayable_from_the_seed():
    deck = standard_deck(jokers=2)
    a = shuffled(deck, random.Random(7))
    b = shuffled(deck, random.Random(7))
    c = shuffled(deck, random.Random(8))
    assert a == b and a != c and sorted(a) == sorted(deck)
    assert parse_cards("As JK 7d") == (Card(14, "s"), JOKER, Card(7, "d"))


def test_money_formatting_and_parsing():
    assert format_cents(0) == "$0.00"
    assert format_cents(1234) == "$12.34"
    assert format_cents(123456789) == "$1,234,567.89"
    assert format_cents(-550) == "-$5.50"
    assert format_cents(550, sign=True) == "+$5.50"
    for text, cents in [("12", 1200), ("12.5", 1250), ("$12.50", 1250), (".75", 75), ("1,250.00", 125000), (" 0 ", 0)]:
        assert parse_cents(text) == cents
    for bad in ["", "abc", "12.345", "-5", "1e3", "$"]:
        with pytest.raises(AmountError):
            parse_cents(bad)
    with pytest.raises(TypeError):
        format_cents(1.5)  # type: ignore[arg-type]


@given(st.integers(min_value=0, max_value=10**9))
def test_money_round_trips(cents):
    assert parse_cents(format_cents(cents)) == cents


def test_odds_to_for_and_push():
    assert Odds.parse("8 to 1").win_cents(1000) == 8000
    assert Odds.parse("3 to 2").win_cents(1000) == 1500
    # "for" odds return the wager inside the total: 300 for 1 pays 299 to 1 (trainer ruling 3).
    assert Odds.parse("300 for 1").win_cents(100) == 29900
    assert Odds.parse("Push").win_cents(1000) == 0 and Odds.parse("push").is_push
    assert str(Odds.parse("40 to 1")) == "40 to 1"
    for bad in ["8:1", "to 1", "8 to 0", "1 for 2", "eight to one"]:
        with pytest.raises(OddsError):
            Odds.parse(bad)
