"""The card stand and the poker hand wagers of §(h): the announcement after the second
card over every ordered pair of first and second cards, and the settlement after the
third over every third card (rulings P5-P7)."""

from itertools import product

import pytest

from tests.games.pokette import oracle
from trainer.core.cards import Card
from trainer.games.pokette.stand import Stand, StandError, announce, hand_name, poker_wins, straight_ranks
from trainer.games.pokette.wheel import Section

CARDS = [Card.parse(t) for t in oracle.CARDS]


def test_the_announcement_over_every_pair_of_first_and_second_cards():
    counts = {}
    for a, b in product(CARDS, repeat=2):
        got = list(announce(a, b).wagers)
        assert got == oracle.announcement(str(a), str(b)), (a, b)
        for w in got:
            counts[w] = counts.get(w, 0) + 1
    assert len(CARDS) ** 2 == 2704
    assert counts["three of a kind"] == 13 * 16 and counts["pair in three"] == 2704 - 13 * 16
    assert counts["flush"] == 4 * 13 * 13
    assert counts["open straight"] == 11 * 2 * 16  # 2-3 up to Q-K, either order, any suits
    assert counts["inside straight"] == 14 * 2 * 16  # the eleven gaps (2-4 ... Q-A), A-K, A-2 and A-3
    assert counts["open straight flush"] == 11 * 2 * 4 and counts["inside straight flush"] == 14 * 2 * 4


@pytest.mark.parametrize("a,b,wagers", [
    ("As", "Kd", ["pair in three", "inside straight"]),  # P5: only a queen
    ("Ah", "2h", ["pair in three", "flush", "inside straight", "inside straight flush"]),  # only a three
    ("Ac", "3d", ["pair in three", "inside straight"]),
    ("Qs", "Ah", ["pair in three", "inside straight"]),
    ("Kc", "2c", ["pair in three", "flush"]),  # never K-A-2
    ("2d", "3s", ["pair in three", "open straight"]),  # an ace or a four
    ("Qh", "Kh", ["pair in three", "flush", "open straight", "open straight flush"]),  # a jack or an ace
    ("7s", "9s", ["pair in three", "flush", "inside straight", "inside straight flush"]),
    ("7s", "7d", ["three of a kind"]),  # P6: no pair in three with a pair
    ("7s", "7s", ["three of a kind", "flush"]),  # the same card twice (three decks, P1)
])
def test_announcements_at_the_edges(a, b, wagers):
    ann = announce(Card.parse(a), Card.parse(b))
    assert list(ann.wagers) == wagers
    assert ann.text().startswith("Wagers may also be placed on")
    assert ann.explain()


def test_straight_ranks():
    assert straight_ranks(14, 13) == (12,) and straight_ranks(14, 2) == (3,) and straight_ranks(13, 2) == ()
    assert straight_ranks(7, 8) == (9, 6) and straight_ranks(2, 3) == (14, 4) and straight_ranks(5, 5) == ()


def test_every_offered_wager_settles_on_every_third_card():
    checked = 0
    for a, b in product(CARDS, repeat=2):
        offered = announce(a, b).wagers
        sa, sb = str(a), str(b)
        for c in CARDS:
            sc = str(c)
            for w in offered:
                assert poker_wins(w, (a, b, c)) == oracle.poker_wins(w, sa, sb, sc), (w, a, b, c)
                checked += 1
    assert checked > 200_000


def test_pair_in_two_over_every_pair():
    for a, b in product(CARDS, repeat=2):
        assert poker_wins("pair in two", (a, b)) == (a.rank == b.rank)


def test_a_straight_flush_wins_the_straight_and_the_flush():
    cards = tuple(Card.parse(t) for t in ("7h", "8h", "9h"))
    for w in ("open straight", "open straight flush", "flush", "pair in three"):
        assert poker_wins(w, cards) == (w != "pair in three")


def test_the_stand_through_a_hand_with_a_joker_in_between():
    stand = Stand()
    assert stand.offered() == ()
    ch = stand.after(Section.parse("JK1"))
    assert ch.position is None and ch.after == stand and ch.settles == ()
    ch = stand.after(Section.parse("9c"))
    assert ch.position == 1 and ch.after.offered() == ("pair in two",)
    stand = ch.after
    ch = stand.after(Section.parse("JK2"))  # P7: the stand and the open wagers are untouched
    assert ch.after == stand and ch.position is None
    ch = stand.after(Section.parse("Tc"))
    assert ch.position == 2 and ch.settles == ("pair in two",)
    assert ch.announcement.wagers == ("pair in three", "flush", "open straight", "open straight flush")
    stand = ch.after
    ch = stand.after(Section.parse("Jc"))
    assert ch.position == 3 and ch.cleared and ch.after == Stand() and ch.cards == tuple(
        Card.parse(t) for t in ("9c", "Tc", "Jc"))
    assert "straight flush" in ch.describe()


def test_a_stand_never_holds_three_cards_or_a_joker():
    with pytest.raises(StandError, match="cleared"):
        Stand(tuple(Card.parse(t) for t in ("2c", "3c", "4c")))
    with pytest.raises(StandError, match="joker"):
        Stand((Card(0, ""),))


def test_why_a_wager_is_not_offered():
    assert "empty" in Stand().why_not("pair in two")
    assert "only \"pair in 2\"" in Stand.of("7s").why_not("flush")
    assert "not offered with A♠ and K♦" in Stand.of("As Kd").why_not("open straight")


def test_hand_names():
    def name(t):
        return hand_name([Card.parse(x) for x in t.split()])

    assert name("7s 7s 7s") == "three of a kind" and name("Ah 2h 3h") == "straight flush"
    assert name("Kh As 2d") == "no poker hand" and name("Qd Kc As") == "straight"
    assert name("2s 9s Ks") == "flush" and name("9d 9s 4c") == "pair" and name("9d 4c") == "no pair"
