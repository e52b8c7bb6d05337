"""Questions take the Aces Up tables and the seats from the rules data: a table added to
game.json is asked about and paid from (issue 16). The data is a copy with the addition,
read through the game's own loader (its ``resource`` pointed at the copy)."""

import json
import random
import shutil

import pytest

from trainer.contracts.question import settle_entry
from trainer.games.four_card import questions
from trainer.games.four_card import rules_data as rd
from trainer.paths import resource

# A made-up table for the test only: a pair of aces pays 11 to 1, as no shipped table does.
ACES_UP_8 = {"title": "Aces Up, Table VIII", "section": "11(a)(3)", "rows": [
    {"label": "Four-of-a-kind", "hands": ["four-of-a-kind"], "odds": "50 to 1"},
    {"label": "Straight flush", "hands": ["straight-flush"], "odds": "40 to 1"},
    {"label": "Three-of-a-kind", "hands": ["three-of-a-kind"], "odds": "9 to 1"},
    {"label": "Flush", "hands": ["flush"], "odds": "6 to 1"},
    {"label": "Straight", "hands": ["straight"], "odds": "4 to 1"},
    {"label": "Two pair", "hands": ["two-pair"], "odds": "2 to 1"},
    {"label": "Pair of Aces", "hands": ["pair-of-aces"], "odds": "11 to 1"},
]}


@pytest.fixture
def table_viii(tmp_path, monkeypatch):
    folder = tmp_path / "fc"
    shutil.copytree(resource("games", rd.GAME_ID), folder)
    path = folder / "game.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["pay_tables"]["aces_up_8"] = ACES_UP_8
    doc["house_options"]["aces_up_table"]["choices"]["VIII"] = "aces_up_8"
    path.write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(rd, "resource", lambda *parts: folder)
    rd.rules_data.cache_clear()
    rd.side_bets.cache_clear()
    yield rd.rules_data()
    rd.rules_data.cache_clear()
    rd.side_bets.cache_clear()


def test_an_added_aces_up_table_is_asked_about_and_paid_from(table_viii):
    assert tuple(table_viii.house_options["aces_up_table"].choices)[-1] == "VIII"
    asked = set()
    for seed in range(300):
        asked.add(questions.seat_payout(random.Random(seed)).detail["aces_up_table"])
        asked.add(questions.aces_up(random.Random(seed)).detail["aces_up_table"])
    assert asked == {"I", "II", "III", "IV", "V", "VI", "VII", "VIII"}
    paid = None
    for seed in range(3000):
        q = questions.aces_up(random.Random(seed))
        if q.detail["aces_up_table"] == "VIII" and ", pair of aces (" in q.explanation:
            paid = q
            break
    assert paid is not None
    seat = next(s for s in paid.scene.seats if s.occupied)
    assert json.loads(paid.answer) == [settle_entry("pay", 11 * seat.wager("aces_up"))]
    assert "(Table VIII)" in paid.explanation


def test_the_shipped_data_asks_tables_i_to_vii_and_seven_seats():
    rd.rules_data.cache_clear()
    asked, seats = set(), set()
    for seed in range(300):
        q = questions.aces_up(random.Random(seed))
        asked.add(q.detail["aces_up_table"])
        seats.add(next(s.seat for s in q.scene.seats if s.occupied))
    assert asked == {"I", "II", "III", "IV", "V", "VI", "VII"} and seats == set(range(1, 8))
