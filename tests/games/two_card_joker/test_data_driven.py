"""Questions, dealing and scenes take the pay tables and the seats from the rules data:
a Pair Up table added to game.json is asked about, and a layout with more seats is dealt
to and drawn (issue 16). The data is a copy with the addition, read through the game's
own loader (its ``resource`` pointed at the copy)."""

import json
import random
import shutil

import pytest

from trainer.contracts.question import settle_entry
from trainer.games.two_card_joker import dealing, questions
from trainer.games.two_card_joker import rules_data as rd
from trainer.paths import resource

# A made-up table for the test only: odds no shipped Pair Up table has.
PAIR_UP_4 = {"title": "Pair Up, Table 4", "section": "11(d)", "rows": [
    {"label": "Pair of jokers", "hands": ["two-jokers"], "odds": "60 to 1"},
    {"label": "Royal flush", "hands": ["royal-flush"], "odds": "30 to 1"},
    {"label": "Straight flush", "hands": ["straight-flush"], "odds": "9 to 1"},
    {"label": "Straight", "hands": ["straight"], "odds": "4 to 1"},
    {"label": "Pair", "hands": ["pair"], "odds": "7 to 1"},
]}


@pytest.fixture
def changed_data(tmp_path, monkeypatch):
    """Returns a function that copies the shipped data, lets it be changed, and makes the
    game read the copy until the test ends."""
    def use(mutate):
        folder = tmp_path / "tcj"
        shutil.copytree(resource("games", rd.GAME_ID), folder)
        path = folder / "game.json"
        doc = json.loads(path.read_text(encoding="utf-8"))
        mutate(doc)
        path.write_text(json.dumps(doc), encoding="utf-8")
        monkeypatch.setattr(rd, "resource", lambda *parts: folder)
        rd.rules_data.cache_clear()
        return rd.rules_data()
    yield use
    rd.rules_data.cache_clear()


def _add_table_4(doc):
    doc["pay_tables"]["pair_up_4"] = PAIR_UP_4
    doc["house_options"]["pair_up_table"]["choices"]["4"] = "pair_up_4"


def test_an_added_pair_up_table_is_asked_about_and_paid_from(changed_data):
    data = changed_data(_add_table_4)
    assert tuple(data.house_options["pair_up_table"].choices) == ("1", "2", "3", "4")
    asked = {}
    for seed in range(300):
        for make in (questions.seat_payout, questions.bonus_payout):
            q = make(random.Random(seed))
            asked.setdefault(q.detail["pair_up_table"], q)
    assert sorted(asked) == ["1", "2", "3", "4"]
    # A Table 4 question on a pair pays the pair 7 to 1, which only Table 4 says.
    paid = None
    for seed in range(2000):
        q = questions.bonus_payout(random.Random(seed))
        if q.detail["pair_up_table"] == "4" and "Seat hand: pair of" in q.explanation:
            paid = q
            break
    assert paid is not None
    seat = next(s for s in paid.scene.seats if s.occupied)
    wager = seat.wager("pair_up")
    entries = json.loads(paid.answer)
    assert entries[list(paid.fields).index("Pair Up")] == settle_entry("pay", 7 * wager)
    assert "Table 4" in paid.explanation and "Two Card Joker Poker §11(d)" in paid.citations


def test_more_seats_in_the_data_are_dealt_to_asked_about_and_drawn(changed_data):
    changed_data(lambda d: d.update(seats=8))
    steps = dealing.deal_sequence(dealing.MANUAL_SHOE, [2, 8])
    assert [s.recipient for s in steps] == [2, 8, dealing.DEALER, 2, 8, dealing.DEALER]
    assert dealing.stub_count(8) == 54 - 18
    seats = set()
    for seed in range(200):
        q = questions.seat_payout(random.Random(seed))
        assert len(q.scene.seats) == 8 and q.scene.seat_count == 8
        seats.add(next(s.seat for s in q.scene.seats if s.occupied))
    assert seats == set(range(1, 9))
    with pytest.raises(ValueError, match="seats are distinct numbers from 1 to 8"):
        dealing.deal_sequence(dealing.MANUAL_SHOE, [9])


def test_the_shipped_data_asks_tables_1_to_3_and_six_seats():
    rd.rules_data.cache_clear()
    tables, seats = set(), set()
    for seed in range(200):
        q = questions.seat_payout(random.Random(seed))
        tables.add(q.detail["pair_up_table"])
        seats.add(next(s.seat for s in q.scene.seats if s.occupied))
    assert tables == {"1", "2", "3"} and seats == set(range(1, 7))
    with pytest.raises(ValueError, match="seats are distinct numbers from 1 to 6"):
        dealing.deal_sequence(dealing.MANUAL_SHOE, [7])


def test_table_mode_deals_to_every_seat_of_a_larger_layout(changed_data):
    """More seats in the data once stopped table mode at run time (the dealing code knew six)."""
    from trainer.core.table import levels
    from trainer.core.table.script import RoundConfig
    from trainer.games.two_card_joker import table_round

    changed_data(lambda d: d.update(seats=8))
    seats = set()
    for lv in levels.levels():
        for seed in range(40):
            script = table_round.build_round(RoundConfig(rd.GAME_ID, seed, lv))
            seats |= {a.seat for a in script.actions if getattr(a, "seat", None)}
    assert {7, 8} <= seats <= set(range(1, 9))
