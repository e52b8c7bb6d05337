"""``card_views`` makes each card's view once per card and look and shares it between
scenes (issue 17): what it returns is what making each view anew gives, flag types kept."""

from __future__ import annotations

from trainer.core.cards import JOKER, parse_cards, standard_deck
from trainer.core.scene import CardView, card_views


def test_views_are_the_views_made_anew():
    deck = standard_deck(jokers=1)
    for face_up in (True, False):
        views = card_views(deck, face_up, backs=2, marked={deck[3], JOKER})
        assert views == tuple(CardView(str(c), face_up, c in (deck[3], JOKER)) for c in deck) \
            + (CardView(None, False), CardView(None, False))
    cards = parse_cards("As Kd 2c")
    assert card_views(cards, (True, False, True)) == (CardView("As", True), CardView("Kd", False), CardView("2c", True))
    assert card_views(cards, (True, False, True), marked=cards[1:2])[1] == CardView("Kd", False, True)
    for nothing in ((), set(), frozenset(), []):  # no card marked: every highlight False, the backs after
        views = card_views(cards, False, backs=1, marked=nothing)
        assert views == (CardView("As", False), CardView("Kd", False), CardView("2c", False), CardView(None, False))
        assert all(type(v.highlight) is bool for v in views)


def test_a_flag_keeps_its_type():
    (one,) = card_views(parse_cards("9h"), (1,))
    (true,) = card_views(parse_cards("9h"), (True,))
    assert one.face_up == 1 and type(one.face_up) is int and repr(one) == "CardView(card='9h', face_up=1, highlight=False)"
    assert type(true.face_up) is bool
