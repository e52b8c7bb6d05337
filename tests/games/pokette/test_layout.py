"""The layout of trainer ruling P3 and every non-poker wager of §(e)(1): each wager's
winning set checked over all 54 sections for every valid placement, and every invalid
split, corner and double rank refused with the reason."""

from itertools import combinations

import pytest
from hypothesis import given, strategies as st

from tests.games.pokette import oracle
from trainer.games.pokette.layout import NON_POKER, LayoutError, default_layout
from trainer.games.pokette.wheel import ALL_SECTIONS, Section

LAY = default_layout()


def _selection(p):
    if p.sections:
        return frozenset(str(s) for s in p.sections)
    if p.ranks:
        return frozenset("T" if r == 10 else "23456789TJQKA"[r - 2] for r in p.ranks)
    if p.suit:
        return frozenset(p.suit)
    return frozenset()


def test_every_placement_wins_exactly_on_its_cards_over_all_54_sections():
    checked = 0
    for p in LAY.all_placements:
        sel = _selection(p)
        for s in ALL_SECTIONS:
            assert p.covers(s) == oracle.wins(p.wager, sel, str(s)), (p.label(), str(s))
            checked += 1
    assert checked == 216 * 54


@pytest.mark.parametrize("wager,count,covers", [
    ("single card straight up", 54, 1), ("split", 90, 2), ("corner", 36, 4), ("single rank", 13, 4),
    ("double rank", 12, 8), ("ace-king-queen rank", 1, 13), ("jack-10-9 rank", 1, 13), ("8-7-6 rank", 1, 13),
    ("5-4-3 rank", 1, 13), ("red", 1, 26), ("black", 1, 26), ("suit", 4, 13), ("jacer", 1, 4),
])
def test_placements_of_each_wager(wager, count, covers):
    ps = LAY.placements(wager)
    assert len(ps) == count and len(set(ps)) == count
    assert {len(p.covered) for p in ps} == {covers}


def test_the_splits_are_exactly_the_adjoining_pairs():
    expected = {frozenset(pair) for pair in combinations(oracle.SECTIONS, 2) if oracle.adjoin(*pair)}
    assert {frozenset(str(s) for s in p.sections) for p in LAY.splits} == expected
    assert {"JK1", "Ac"} in [set(x) for x in expected] and {"JK1", "JK2"} in [set(x) for x in expected]


def test_the_corners_are_exactly_the_2x2_blocks():
    assert {frozenset(str(s) for s in p.sections) for p in LAY.corners} == set(oracle.corners())


def test_every_pair_of_sections_is_a_split_only_if_they_adjoin():
    for a, b in combinations(ALL_SECTIONS, 2):
        if oracle.adjoin(str(a), str(b)):
            assert LAY.place("split", cards=(a, b)).covered == {a, b}
        else:
            with pytest.raises(LayoutError, match=r"do not adjoin.*trainer ruling P3"):
                LAY.place("split", cards=(a, b))


def _windows():
    grid = {oracle.pos(s): s for s in oracle.SECTIONS}
    for r in range(-1, 11):
        for c in range(2):
            cells = [grid[(r + dr, c + dc)] for dr in range(3) for dc in range(3) if (r + dr, c + dc) in grid]
            yield from combinations(cells, 4)


def test_every_four_cards_near_each_other_are_a_corner_only_as_a_2x2_block():
    blocks = set(oracle.corners())
    seen = 0
    for four in set(_windows()):
        seen += 1
        if frozenset(four) in blocks:
            assert len(LAY.place("corner", cards=four).covered) == 4
        else:
            with pytest.raises(LayoutError, match="trainer ruling P3"):
                LAY.place("corner", cards=four)
    assert seen > 2400


def test_the_jacer_block_is_not_a_corner():
    with pytest.raises(LayoutError, match="a joker is never part of a corner.*jacer"):
        LAY.place("corner", cards=("JK1", "JK2", "Ac", "Ad"))


@given(st.lists(st.sampled_from(oracle.SECTIONS), min_size=4, max_size=4, unique=True))
def test_any_four_sections_form_a_corner_only_as_a_block(four):
    if frozenset(four) in set(oracle.corners()):
        LAY.place("corner", cards=four)
    else:
        with pytest.raises(LayoutError):
            LAY.place("corner", cards=four)


def test_double_rank_takes_adjacent_rows_only():
    for a, b in combinations(oracle.ROWS, 2):
        adjacent = abs(oracle.ROWS.index(a) - oracle.ROWS.index(b)) == 1
        if adjacent:
            assert len(LAY.place("double rank", ranks=(a, b)).covered) == 8
        else:
            with pytest.raises(LayoutError, match="not adjacent rows"):
                LAY.place("double rank", ranks=(a, b))


@pytest.mark.parametrize("joker", ["JK1", "JK2"])
def test_a_joker_loses_every_wager_but_its_own_straight_up_its_splits_and_jacer(joker):
    s = Section.parse(joker)
    winners = sorted(p.label() for p in LAY.winning_placements(s))
    name, ace = ("joker 1", "A♣") if joker == "JK1" else ("joker 2", "A♦")
    assert winners == sorted([f"Straight up {name}", "Split joker 1-joker 2", f"Split {name}-{ace}", "Jacer"])


@pytest.mark.parametrize("kwargs,message", [
    (dict(wager="split", cards=("7s", "7s")), "twice"),
    (dict(wager="split", cards=("7s",)), "two cards"),
    (dict(wager="corner", cards=("7s", "7c", "6s")), "four cards"),
    (dict(wager="single rank", ranks=("7", "8")), "one rank"),
    (dict(wager="red", cards=("7s",)), "takes nothing else"),
    (dict(wager="suit"), "which suit"),
    (dict(wager="suit", suit="x"), "not a suit"),
    (dict(wager="single rank", ranks=("1",)), "not a rank"),
    (dict(wager="straight up", cards=("JK",)), "say which joker"),
    (dict(wager="straight up", cards=("Zz",)), "not a card"),
    (dict(wager="bonus"), "unknown wager 'bonus'"),
])
def test_bad_placements_say_what_is_wrong(kwargs, message):
    wager = kwargs.pop("wager")
    with pytest.raises(LayoutError, match=message):
        LAY.place(wager, **kwargs)


def test_aliases_and_labels():
    assert LAY.place("two cards or split", cards=("JK1", "Ac")).label() == "Split joker 1-A♣"  # cards as cards
    assert LAY.place("Suit or column", suit="hearts").label() == "Suit: hearts"
    assert LAY.place("double rank", ranks=("8", "9")).label() == "Double rank 9-8"
    assert LAY.place("pair in 2").wager == "pair in two"
    assert set(NON_POKER) == {p.wager for p in LAY.all_placements}
