"""§5 and trainer rulings 1, 2, 13, 14: hands with deuces and the joker wild, their
order, and the two Trips readings; checked against an independent brute-force
evaluator on sampled hands."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import parse_cards
from trainer.games.dj_wild.hands import (
    Category, HandError, compare, deck, evaluate, evaluate_deuces_natural, flush_reading_matters, hand_of,
    natural_with_deuces, trips_readings, wild_counts,
)

from tests.games.dj_wild.oracle import best_value

DECK = deck()
WILDS = [c for c in DECK if c.is_joker or c.rank == 2]
NATURALS = [c for c in DECK if c not in WILDS]


def v(text):
    return evaluate(parse_cards(text))


def test_the_deck_has_53_cards_and_five_wild_cards():
    assert len(DECK) == 53 and len(set(DECK)) == 53
    assert len(WILDS) == 5


@pytest.mark.parametrize("text,category,ranks", [
    ("2c 2d 2h 2s JK", Category.FIVE_WILDS, ()),
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH, ()),
    ("2c 2d 2h 2s Tc", Category.ROYAL_FLUSH, ()),       # four wilds and a ten: a royal, not five tens
    ("2c 2d 2h 2s 9c", Category.FIVE_OF_A_KIND, (9,)),  # four wilds and a nine: five nines beat a straight flush
    ("Ah Ad Ac As JK", Category.FIVE_OF_A_KIND, (14,)),
    ("2h 2s 7h 7s 7d", Category.FIVE_OF_A_KIND, (7,)),
    ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH, (9,)),
    ("2h 3h 4h 5h 6h", Category.STRAIGHT_FLUSH, (7,)),  # the deuce plays a seven
    ("Ah 2h 3h 4h 5h", Category.STRAIGHT_FLUSH, (5,)),  # ace low (ruling 2): nothing higher can be made
    ("Ah 3h 4h JK 2c", Category.STRAIGHT_FLUSH, (5,)),
    ("Kh Qh Jh JK 2c", Category.ROYAL_FLUSH, ()),
    ("Kh Qh 9h JK 2c", Category.STRAIGHT_FLUSH, (13,)),  # the highest straight flush a wild hand can make
    ("9c 9d 9h 9s Kd", Category.FOUR_OF_A_KIND, (9, 13)),
    ("9c 9d 2h Kd 4s", Category.THREE_OF_A_KIND, (9, 13, 4)),
    ("9c 9d 2h 2s Kd", Category.FOUR_OF_A_KIND, (9, 13)),
    ("Kc 9d 2h 2s JK", Category.FOUR_OF_A_KIND, (13, 9)),
    ("Kc Kd 9s 9h 2c", Category.FULL_HOUSE, (13, 9)),
    ("Kc Kd Ks 9h 9c", Category.FULL_HOUSE, (13, 9)),
    ("Kh 9h 5h 3h 2c", Category.FLUSH, (14, 13, 9, 5, 3)),
    ("Kh 9h 5h 2d 2c", Category.FLUSH, (14, 14, 13, 9, 5)),
    ("Ah Kh 9h 5h JK", Category.FLUSH, (14, 14, 13, 9, 5)),  # ruling 25: the wild card is a second ace
    ("Ac Kd Qs Jh 2c", Category.STRAIGHT, (14,)),
    ("Ac 3d 4s 5h 2c", Category.STRAIGHT, (5,)),
    ("9c 7d 2s 5h 6c", Category.STRAIGHT, (9,)),
    ("Qc Kd As 2h 3c", Category.PAIR, (14, 13, 12, 3)),  # no wrap-around straight (ruling 2)
    ("Kc 9d 5s 2h 3c", Category.PAIR, (13, 9, 5, 3)),
    ("Kc Kd 9s 9h 3c", Category.TWO_PAIR, (13, 9, 3)),
    ("Kc Kd 9s 8h 3c", Category.PAIR, (13, 9, 8, 3)),
    ("Ac Kd 9s 8h 3c", Category.HIGH_CARD, (14, 13, 9, 8, 3)),
])
def test_hands(text, category, ranks):
    value = v(text)
    assert (value.category, value.ranks) == (category, ranks)
    assert (value.category, value.ranks) == best_value(parse_cards(text))


def test_category_order_of_ruling_13():
    ladder = ["2c 2d 2h 2s JK", "As Ks Qs Js Ts", "Ac Ad Ah As JK", "Ks Qs Js Ts 9s", "9c 9d 9h 9s Kd",
              "Kc Kd Ks 9h 9c", "Kh 9h 5h 3h 8h", "Ac Kd Qs Jh Tc", "9c 9d 9h Kd 4s", "Kc Kd 9s 9h 3c",
              "Kc Kd 9s 8h 3c", "Ac Kd 9s 8h 3c"]
    values = [v(t) for t in ladder]
    assert [x.category for x in values] == sorted(Category, reverse=True)
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("a,b", [
    ("As Ks Qs Js Ts", "Ah Kh Qh 2c JK"),   # ruling 13: a natural and a wild royal flush tie
    ("9h 8h 7h 6h 5h", "9c 8c 2c 6c 5c"),   # natural and wild nine-high straight flushes tie
    ("Kc Kd Ks 9h 9c", "Kh Ks 9d 9s 2c"),
    ("Ac 3d 4s 5h 2c", "Ad 3c 4h 5s JK"),
    ("9c 9d 2h Kd 4s", "9h 9s JK Kc 4d"),
])
def test_ties(a, b):
    assert compare(parse_cards(a), parse_cards(b)) == 0


@pytest.mark.parametrize("hi,lo", [
    ("Ac Ad Ah As JK", "Ks Qs Js Ts 9s"),     # five of a kind beats a straight flush
    ("2c 2d 2h 2s Tc", "Ac Ad Ah As JK"),     # royal beats five aces
    ("6h 5h 4h 3h 2h", "Ah 2d 3h 4h 5h"),     # 7-high (deuce wild) beats the ace-low straight flush
    ("6c 3d 4s 5h 2c", "Ac 3d 4s 5h 2h"),     # seven high beats five high
    ("Kc Kd Ks 2h 3c", "Qc Qd Qs Ah Kc"),     # trips: the rank of the three first
    ("9c 9d 2h Kd 4s", "9h 9s JK Qc 4d"),     # then the remaining cards, highest first (ruling 1)
    ("3c 3d Ah Kd 4s", "Ac Kd 9s 8h 3h"),     # the lowest pair beats the best high card
    ("Ah Kh 9h 5h JK", "Ac Kc Qc Jc 9c"),     # ace-ace flush (ruling 25)
])
def test_higher(hi, lo):
    assert compare(parse_cards(hi), parse_cards(lo)) == 1
    assert compare(parse_cards(lo), parse_cards(hi)) == -1


def test_the_contested_flush_reading_is_detected():
    assert flush_reading_matters(v("Ah Kh 9h 5h JK"), v("Ac Kc Qc Jc 9c"))
    assert not flush_reading_matters(v("Kh 9h 5h 3h JK"), v("Ac Kc Qc Jc 9c"))
    assert not flush_reading_matters(v("Ah Kh 9h 5h JK"), v("Kc Kd Ks 9h 9c"))


@pytest.mark.parametrize("text,a,b", [
    # (hand, reading with deuces wild, reading with deuces natural), as labels
    ("2h 3h 4h 5h 6h", "Wild straight flush", "Natural straight flush"),   # §9(d)(5)
    ("Ah 2h 3h 4h 5h", "Natural straight flush", "Natural straight flush"), # the deuce is not needed as wild
    ("Ac 2d 3h 4s 5c", "Natural straight", "Natural straight"),
    ("2h 5c 5d 5s Kh", "Wild four of a kind", "Natural three of a kind"),
    ("2c 2d 2h Kc Qd", "Wild four of a kind", "Natural three of a kind"),
    ("2c 2d 2h 2s Tc", "Wild royal flush", "Natural four of a kind"),
    ("2c 2d 2h 2s JK", "Five wilds", "Five of a kind"),
    ("As Ks 9s 5s JK", "Wild flush", "Wild flush"),                          # the joker is always wild
    ("Kc Kd Ks 9h JK", "Wild four of a kind", "Wild four of a kind"),
    ("As Ks Qs Js Ts", "Natural royal flush", "Natural royal flush"),
    ("Kc Kd 9s 9h 2c", "Wild full house", "Natural two pair"),
])
def test_trips_readings(text, a, b):
    ra, rb = trips_readings(parse_cards(text))
    assert (ra.label, rb.label) == (a, b)


def test_hand_errors():
    with pytest.raises(HandError, match="five cards"):
        evaluate(parse_cards("As Ks Qs Js"))
    with pytest.raises(HandError, match="twice"):
        evaluate(parse_cards("As As Qs Js Ts"))
    with pytest.raises(HandError, match="one joker"):
        evaluate(parse_cards("JK JK Qs Js Ts"))


@st.composite
def hands(draw, max_wilds=3):
    w = draw(st.integers(0, max_wilds))
    wild = draw(st.permutations(WILDS))[:w]
    natural = draw(st.permutations(NATURALS))[:5 - w]
    return tuple(wild) + tuple(natural)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_evaluate_agrees_with_the_brute_force_evaluator(cards):
    value = evaluate(cards)
    assert (value.category, value.ranks) == best_value(cards)
    natural = evaluate_deuces_natural(cards)
    assert (natural.category, natural.ranks) == best_value(cards, deuces_wild=False)
    # Natural column only when the deuces-wild value is made with every deuce natural (ruling 14).
    ra, rb = trips_readings(cards)
    assert ra.natural == (not any(c.is_joker for c in cards) and best_value(cards) == best_value(cards, False))
    assert rb.natural == (not any(c.is_joker for c in cards))


@pytest.mark.parametrize("text", ["2c 2d 2h 2s 3c", "2c 2d 2h JK 9d", "2c 2d 2s JK Jh", "2d 2h 2s JK Ac"])
def test_four_wild_hands_agree_with_the_brute_force_evaluator(text):
    cards = parse_cards(text)
    value = evaluate(cards)
    assert (value.category, value.ranks) == best_value(cards)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(Category)), st.integers(0, 10**6))
def test_hands_built_on_purpose_have_their_category(category, seed):
    rng = random.Random(seed)
    hand = hand_of(category, rng)
    assert evaluate(hand).category is category and len(set(hand)) == 5
    if category is not Category.FIVE_WILDS:
        other = hand_of(Category.PAIR, rng, avoid=hand)
        assert not set(other) & set(hand)


@pytest.mark.parametrize("category", list(Category))
def test_every_wild_count_can_be_built(category):
    rng = random.Random(7)
    for w in wild_counts(category):
        hand = hand_of(category, rng, wilds=w)
        assert evaluate(hand).category is category
        assert sum(c.is_joker or c.rank == 2 for c in hand) == w


def test_five_wilds_cannot_be_built_twice():
    hand = hand_of(Category.FIVE_WILDS, random.Random(1))
    with pytest.raises(HandError):
        hand_of(Category.FIVE_WILDS, random.Random(1), avoid=hand)


@given(st.integers(0, 10**6))
def test_natural_deuce_hands_hold_a_deuce(seed):
    hand = natural_with_deuces(random.Random(seed))
    assert len(set(hand)) == 5 and any(c.rank == 2 for c in hand)
    assert trips_readings(hand)[1].natural


def test_descriptions():
    assert v("2h 3h 4h 5h 6h").describe() == "Straight flush, seven high"
    assert v("Ah 2h 3h 4h 5h").describe() == "Straight flush, five high (the lowest, ace playing low)"
    assert v("2c 2d 2h 2s 9c").describe() == "Five of a kind, nines"
    assert v("Kc Kd 9s 9h 2c").describe() == "Full house, kings full of nines"
    assert v("Kc 9d 5s 2h 3c").describe() == "Pair of kings"
    assert v("Ac Kd 9s 8h 3c").describe() == "Ace high (ace-king-nine-eight-three)"
