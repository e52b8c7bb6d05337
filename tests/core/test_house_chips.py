"""The house chip set and the table mode levels: read once from resources/, every
mistake in the files named with its place; fewest chips for any set of denominations."""

import json

import pytest
from hypothesis import given, strategies as st

from trainer.core.chips import ChipPayout, check_payout, chips_total, fewest_chips, house_chips, read_chipset
from trainer.core.rules_data import RulesDataError
from trainer.core.table.levels import levels, read_levels


def _brute(amount: int, denoms: tuple[int, ...]) -> int | None:
    best = [0] + [None] * amount
    for a in range(1, amount + 1):
        options = [best[a - d] + 1 for d in denoms if d <= a and best[a - d] is not None]
        best[a] = min(options) if options else None
    return best[amount]


@given(st.lists(st.integers(1, 40), min_size=1, max_size=4, unique=True), st.integers(0, 400))
def test_fewest_chips_is_exact_and_fewest(denoms, amount):
    denoms = tuple(denoms)
    want = _brute(amount, denoms)
    if want is None:
        with pytest.raises(ValueError):
            fewest_chips(amount, denoms)
        return
    got = fewest_chips(amount, denoms)
    assert chips_total(got) == amount and sum(got.values()) == want


def test_large_payouts_in_house_chips():
    chips = house_chips()
    assert fewest_chips(5_000_000, chips.denominations) == {100_000: 50}
    assert chips.fewest(123_456) == {100_000: 1, 10_000: 2, 2_500: 1, 500: 1, 100: 4}
    assert chips.coins_of(123_456) == 56
    best = ((100_000, 1), (10_000, 2), (2_500, 1), (500, 1), (100, 4))
    check = check_payout(chips, 123_456, ChipPayout(best, 56))
    assert check.amount_right and check.fewest
    check = check_payout(chips, 123_456, ChipPayout(((100_000, 1), (10_000, 2), (500, 6), (100, 4)), 56))
    assert check.amount_right and not check.fewest and "in 13 chips" in check.message and check.message.endswith("in 9.")
    assert not check_payout(chips, 123_456, ChipPayout(best, 0)).amount_right


def _write(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def test_the_shipped_files_are_valid():
    assert [c.label for c in house_chips().chips] == ["$1", "$5", "$25", "$100", "$500", "$1,000"]
    assert [lv.id for lv in levels()] == ["learn", "guided", "practice", "table-ready"]
    seats = [lv.seats for lv in levels()]
    assert seats == sorted(seats), "difficulty grows with the seats filled"


@pytest.mark.parametrize("chip, message", [
    ({"cents": 0, "label": "$0", "body": "#ffffff", "trim": "#000000"}, "chips[0].cents"),
    ({"cents": 100, "label": "$1", "body": "white", "trim": "#000000"}, "chips[0].body"),
    ({"cents": 100, "label": "$1", "trim": "#000000"}, "missing 'body'"),
])
def test_a_malformed_chip_file_names_the_place(tmp_path, chip, message):
    path = _write(tmp_path, "chips.json", {"format": 1, "chips": [chip]})
    with pytest.raises(RulesDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_chipset(path)


def test_a_malformed_levels_file_names_the_place(tmp_path):
    lv = {"id": "x", "title": "X", "description": "", "seats": [3, 1], "side_bet_rate": 0.5,
          "wager_choices": [500], "action_target_ms": 0, "show_next": False, "explain": True,
          "watch_mistakes": [1, 2]}
    with pytest.raises(RulesDataError, match=r"levels\[0\]\.seats"):
        read_levels(_write(tmp_path, "levels.json", {"levels": [lv]}))
    lv["seats"], lv["side_bet_rate"] = [1, 3], 2
    with pytest.raises(RulesDataError, match=r"side_bet_rate"):
        read_levels(_write(tmp_path, "levels.json", {"levels": [lv]}))
