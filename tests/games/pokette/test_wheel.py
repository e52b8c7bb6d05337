"""The wheel (ruling P4 default order), spins (§(g)(2)), "No spin" (§(i)(3)) and the clapper
between two sections under either house option (§(i)(1))."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from trainer.games.pokette.rules_data import wheel
from trainer.games.pokette.wheel import (
    NO_SPIN, PREVIOUS, RESPIN_VOID, SECTIONS, VALID, VOID, Section, SectionError, Spin, judge, random_spin,
    revolutions_text, short_spin, spin_between, spin_to,
)

W = wheel()


def test_the_default_order_alternates_colours_with_the_jokers_opposite():
    order = W.order
    assert len(order) == 54 and len(set(order)) == 54
    jokers = [i for i, s in enumerate(order) if s.is_joker]
    assert len(jokers) == 2 and abs(jokers[0] - jokers[1]) == 27
    for i in range(54):
        a, b = order[i], order[(i + 1) % 54]
        if not a.is_joker and not b.is_joker:
            assert a.is_red != b.is_red, (a, b)


def test_sections_parse_and_print():
    assert str(Section.parse("jk2")) == "JK2" and Section.parse("JK1").name() == "joker 1"
    assert Section.parse("Td").name() == "ten of diamonds"
    with pytest.raises(SectionError, match="which joker"):
        Section.parse("JK")
    assert not Section.parse("JK1").is_red and not Section.parse("JK1").is_black


@pytest.mark.parametrize("direction", [1, -1])
def test_a_spin_lands_inside_every_chosen_section(direction):
    rng = random.Random(5)
    for target in W.order:
        for start in (0, 17, Fraction(53, 2)):
            sp = spin_to(W, target, rng, start=start, direction=direction)
            out = judge(W, sp)
            assert sp.revolutions >= 3 and not sp.between
            assert out.kind == VALID and out.winner == target and out.resting == (target,)


def test_fewer_than_three_revolutions_is_no_spin_whatever_the_clapper_shows():
    rng = random.Random(2)
    for _ in range(200):
        sp = short_spin(rng)
        out = judge(W, sp, VOID)
        assert sp.revolutions < 3 and out.kind == NO_SPIN and out.respin and out.winner is None
        assert "No spin" in out.announcement


def test_exactly_three_revolutions_is_a_valid_spin():
    sp = Spin(5, 1, Fraction(3 * SECTIONS))
    assert judge(W, sp).winner == W.at(5)
    assert judge(W, Spin(5, 1, Fraction(3 * SECTIONS) - Fraction(1, 100))).kind == NO_SPIN


@pytest.mark.parametrize("direction", [1, -1])
def test_between_two_sections_the_house_option_decides(direction):
    rng = random.Random(9)
    for passed in W.order:
        sp = spin_between(W, passed, rng, direction=direction)
        assert sp.between and sp.revolutions >= 3
        prev = judge(W, sp, PREVIOUS)
        assert prev.kind == VALID and prev.winner == passed and prev.resting[0] == passed
        nxt = W.at(W.index(passed) + direction)
        assert prev.resting[1] == nxt
        void = judge(W, sp, VOID)
        assert void.kind == RESPIN_VOID and void.winner is None


def test_the_card_previously_passed_depends_on_the_direction():
    # Going +1 from section 0 and stopping half a section on: between 0 and 1, 0 passed.
    assert judge(W, Spin(0, 1, Fraction(325, 2))).winner == W.at(0)
    # Going -1 from 0 and stopping half a section on: between 0 and 53, 0 passed.
    out = judge(W, Spin(0, -1, Fraction(325, 2)))
    assert out.winner == W.at(0) and out.resting == (W.at(0), W.at(53))


@given(st.integers(0, 53), st.sampled_from([1, -1]), st.fractions(min_value=0, max_value=600))
def test_rest_is_a_position_of_the_wheel(start, direction, travel):
    sp = Spin(start, direction, travel)
    assert Fraction(-1, 2) <= sp.rest < Fraction(107, 2)
    assert len(sp.under_clapper()) == (2 if sp.between else 1)


def test_random_spins_are_fair_over_the_sections():
    rng = random.Random(1)
    counts = {s: 0 for s in W.order}
    for _ in range(5400):
        winner, sp = random_spin(W, rng)
        assert judge(W, sp).winner == winner
        counts[winner] += 1
    assert min(counts.values()) > 60 and max(counts.values()) < 150


def test_revolutions_are_never_rounded_up_to_three():
    assert revolutions_text(Fraction(299, 100)) == "2 and three quarters revolutions"
    assert revolutions_text(Fraction(301, 100)) == "just over 3 revolutions"
    assert revolutions_text(Fraction(3)) == "3 revolutions"
