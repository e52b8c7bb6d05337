"""The shared hand-category words (trainer/core/categories.py) and each game's use of them."""

import pytest

from trainer.core.categories import HandCategory, by_key, high_first, name_categories
from trainer.core.citation import section


class Toy(HandCategory):
    HIGH_CARD = 1
    TWO_PAIRS = 2
    FOUR_OF_A_KIND = 3


name_categories(Toy, cite=lambda s: section("Toy Poker", s),
                sections={Toy.HIGH_CARD: "5(c)", Toy.TWO_PAIRS: "5(b)(2)", Toy.FOUR_OF_A_KIND: "5(b)(1)"},
                labels={Toy.FOUR_OF_A_KIND: "Four-of-a-kind"},
                plurals={Toy.HIGH_CARD: "high-card hands", Toy.TWO_PAIRS: "two-pair hands",
                         Toy.FOUR_OF_A_KIND: "four-of-a-kind hands"})


def test_words():
    assert Toy.TWO_PAIRS.key == "two-pairs"
    assert Toy.TWO_PAIRS.label == "Two pairs"  # from the name
    assert Toy.FOUR_OF_A_KIND.label == "Four-of-a-kind"  # as the rules print it
    assert Toy.FOUR_OF_A_KIND.hand_name == "four of a kind"
    assert Toy.TWO_PAIRS.plural == "two-pair hands"
    assert Toy.TWO_PAIRS.citation == "Toy Poker §5(b)(2)"
    assert by_key(Toy) == {"high-card": Toy.HIGH_CARD, "two-pairs": Toy.TWO_PAIRS,
                           "four-of-a-kind": Toy.FOUR_OF_A_KIND}
    assert high_first(Toy) == (Toy.FOUR_OF_A_KIND, Toy.TWO_PAIRS, Toy.HIGH_CARD)
    assert Toy.HIGH_CARD < Toy.TWO_PAIRS


def test_a_missing_section_is_refused_at_once():
    class Short(HandCategory):
        HIGH_CARD = 1
        PAIR = 2

    with pytest.raises(ValueError, match=r"Short sections: every category needs one \(missing: PAIR\)"):
        name_categories(Short, cite=str, sections={Short.HIGH_CARD: "3(c)"})


def test_unnamed_categories_say_so():
    class Bare(HandCategory):
        PAIR = 1

    with pytest.raises(LookupError, match="call name_categories"):
        Bare.PAIR.label


def test_each_game_as_its_rules_print_it():
    from trainer.games.dj_wild.hands import Category as DJ
    from trainer.games.four_card.hands import Category as FC
    from trainer.games.two_card_joker.hands import Category as TCJ
    from trainer.games.winners_pot.hands import Category as WP

    assert TCJ.TWO_JOKERS.label == "Two jokers" and TCJ.TWO_JOKERS.citation == "Two Card Joker Poker §5(b)(1)"
    assert TCJ.HIGH_CARD.citation == "Two Card Joker Poker §5(b)(7)" and TCJ.PAIR.plural == "pairs"
    assert FC.THREE_OF_A_KIND.label == "Three-of-a-kind" and FC.TWO_PAIR.label == "Two pair"
    assert FC.HIGH_CARD.citation == "Four Card Poker §3(c)" and FC.FOUR_OF_A_KIND.hand_name == "four of a kind"
    assert WP.TWO_PAIRS.key == "two-pairs" and WP.TWO_PAIRS.citation == "Winner's Pot Poker §5(b)(8)"
    assert WP.FOUR_OF_A_KIND.label == "Four-of-a-kind" and WP.FULL_HOUSE.plural == "full houses"
    assert DJ.FIVE_WILDS.label == "Five wilds" and DJ.FIVE_OF_A_KIND.plural == "five-of-a-kind hands"
