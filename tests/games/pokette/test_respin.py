"""Every spin is a new draw (trainer rulings 36 and P1): a re-spin after a void spin or a
short spin lands on any section of the wheel with the same chance, whatever the spin it
replaces showed. Deterministic seeds; the bounds are generous (a chi-square with 53
degrees of freedom has mean 53 and standard deviation about 10.3)."""

from collections import Counter

import pytest

from trainer.games.pokette.drill import LayoutDrill
from trainer.games.pokette.settlement import HouseOptions
from trainer.games.pokette.wheel import NO_SPIN, RESPIN_VOID, SECTIONS, VOID
from trainer.games.pokette.rules_data import wheel

CHI2_BOUND = 53 + 5 * 10.3  # five standard deviations above the mean


def _chi2(counts: Counter, n: int) -> float:
    expected = n / SECTIONS
    return sum((counts.get(k, 0) - expected) ** 2 / expected for k in range(SECTIONS))


def _respins(kind: str, wanted: int) -> list[tuple[int, int]]:
    """(wheel index of the card under the clapper when the first spin stopped, wheel index of
    the re-spin's winning card) for ``wanted`` re-spins of ``kind``."""
    w = wheel()
    out: list[tuple[int, int]] = []
    seed = 0
    while len(out) < wanted:
        d = LayoutDrill(seed, spins=10, players=1, irregular_chance=1.0, options=HouseOptions(clapper_between=VOID))
        for _ in range(10):
            r = d.next_round()
            first = r.spins[0]
            if first.outcome.kind == kind:
                assert len(r.spins) == 2 and not r.spins[1].outcome.respin
                out.append((w.index(first.outcome.resting[0]), w.index(r.winner)))
        seed += 1
    return out[:wanted]


@pytest.mark.parametrize("kind", [RESPIN_VOID, NO_SPIN])
def test_a_respin_is_a_new_draw_uniform_over_the_wheel_and_independent_of_the_spin_it_replaces(kind):
    n = 54 * 40
    pairs = _respins(kind, n)
    landed = Counter(b for _, b in pairs)
    assert _chi2(landed, n) < CHI2_BOUND, "the re-spin's card is not uniform over the 54 sections"
    # Independence: where the re-spin lands relative to the card the first spin showed is
    # uniform too (a re-spin derived from the first spin puts every offset at 0).
    offsets = Counter((b - a) % SECTIONS for a, b in pairs)
    assert _chi2(offsets, n) < CHI2_BOUND, "the re-spin's card depends on the spin it replaces"
    same = sum(a == b for a, b in pairs)
    assert same <= 3 * n / SECTIONS, f"{same} of {n} re-spins landed on the card the first spin showed"


def test_the_drill_s_re_spin_step_asks_for_no_more_bets_first():
    """Trainer ruling 34: "No more bets" before every spin, a re-spin included."""
    seen = 0
    for seed in range(40):
        d = LayoutDrill(seed, spins=3, players=1, irregular_chance=1.0, options=HouseOptions(clapper_between=VOID))
        r = d.next_round()
        if r.spins[0].outcome.respin:
            d.spun()
            d.call(d.call_answer())
            assert d.step.kind == "spin" and "\"No more bets\"" in d.step.text and "trainer ruling 34" in d.step.text
            seen += 1
    assert seen >= 10
