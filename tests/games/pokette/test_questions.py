"""Every Pokette question kind: well formed, replayable from its seed, answers computed
by the rules core and checked here against the independent oracle."""

import json
from fractions import Fraction

import pytest

from tests.games.pokette import oracle
from trainer.core.cards import Card
from trainer.games.registry import get_game
from trainer.games.pokette.layout import default_layout
from trainer.games.pokette.questions import KINDS, SKILLS, wager_list_text
from trainer.games.pokette.rules_data import wheel
from trainer.games.pokette.table import PoketteScene
from trainer.games.pokette.wheel import Section
from trainer.contracts.question import SETTLE
from trainer.training.session import make_question

GAME = get_game("pokette")

SEEDS = range(120)
KIND = {k.id.split(".", 1)[1]: k for k in KINDS}


def test_kinds_and_skills():
    assert set(KIND) == {"winning-wager", "valid-placement", "seat-payout", "announcement", "poker-settlement",
                         "clapper", "order-drill", "irregularity", "wager-allowed", "odds-wording"}
    skills = {s.id for s in SKILLS}
    assert all(k.skill in skills for k in KINDS)
    assert GAME.question_kinds() == KINDS and GAME.skills() == SKILLS


@pytest.mark.parametrize("kind", list(KIND))
def test_question_scenes_are_drawn_on_the_layout(kind):  # the rest: tests/contracts/test_every_question.py
    for seed in SEEDS:
        q = make_question(KIND[kind], seed)
        if q.scene is not None:
            assert isinstance(q.scene, PoketteScene) and type(q.scene).VIEW == "pokette"


def test_winning_wager_answers():
    for seed in SEEDS:
        q = make_question(KIND["winning-wager"], seed)
        x = q.detail["winning_card"]
        chips = q.scene.chips
        winners = [c for c in chips if c.placement.covers(Section.parse(x))]
        assert len(winners) <= 1
        assert q.answer == (f"{winners[0].tag}: {winners[0].placement.label()}" if winners else "None of them")


def test_seat_payout_answers():
    odds = {"single card straight up": 50, "split": 24, "corner": 12, "single rank": 12, "double rank": 5,
            "ace-king-queen rank": 3, "jack-10-9 rank": 3, "8-7-6 rank": 3, "5-4-3 rank": 3, "red": 1, "black": 1,
            "suit": 3, "jacer": 12}
    for seed in SEEDS:
        q = make_question(KIND["seat-payout"], seed)
        x = Section.parse(q.detail["winning_card"])
        mine = [c for c in q.scene.chips if c.highlight]
        expected = [c.amount * odds[c.placement.wager] if c.placement.covers(x) else 0 for c in mine]
        # A losing wager is collected, a winning one paid; the seat's total is a plain amount.
        assert json.loads(q.answer) == [["pay", e] if e else ["collect"] for e in expected] + [sum(expected)]
        assert q.form == SETTLE and len(q.fields) == len(mine) + 1 and any(expected)


def test_valid_placement_answers():
    lay = default_layout()
    for seed in range(300):
        q = make_question(KIND["valid-placement"], seed)
        sel = q.scene.selected
        if q.detail["kind"] == "split":
            assert (q.answer == "Valid") == oracle.adjoin(*sel)
        elif q.detail["kind"] == "corner":
            assert (q.answer == "Valid") == (frozenset(sel) in set(oracle.corners()))
        else:
            rows = sorted({lay.position(Section.parse(t))[0] for t in sel})
            assert (q.answer == "Valid") == (rows[1] - rows[0] == 1)


def test_announcement_answers():
    for seed in SEEDS:
        q = make_question(KIND["announcement"], seed)
        a, b = q.detail["stand"]
        assert q.answer == wager_list_text(oracle.announcement(a, b))


def test_poker_settlement_answers():
    odds = {"pair in two": 11, "pair in three": 5, "three of a kind": 11, "flush": 3, "open straight": 5,
            "inside straight": 11, "open straight flush": 24, "inside straight flush": 49}
    for seed in SEEDS:
        q = make_question(KIND["poker-settlement"], seed)
        stand, x = q.detail["stand"], q.detail["winning_card"]
        expected = []
        for chip in q.scene.chips:
            w = chip.placement.wager
            if w == "pair in two":
                won = stand[0][0] == x[0]
            else:
                won = oracle.poker_wins(w, stand[0], stand[1], x)
            expected.append(["pay", chip.amount * odds[w]] if won else ["collect"])
        assert q.form == SETTLE and json.loads(q.answer) == expected


def test_clapper_answers():
    order = [str(s) for s in wheel().order]
    cases = set()
    for seed in range(200):
        q = make_question(KIND["clapper"], seed)
        cases.add((q.detail["case"], q.detail["option"]))
        assert q.scene.wheel is not None and list(q.scene.wheel.order) == order
        travel, rest, d = Fraction(q.detail["travel"]), Fraction(q.detail["rest"]), q.detail["direction"]
        if travel < 3 * 54:  # §(g)(2), §(i)(3)
            expected = "\"No spin\": re-spin"
        elif rest.denominator == 2:  # between two sections: §(i)(1)
            lo = int(rest - Fraction(1, 2)) % 54
            passed = order[lo] if d == 1 else order[(lo + 1) % 54]
            expected = Section.parse(passed).name().capitalize() if q.detail["option"] == "previous" else "Void: re-spin"
        else:
            expected = Section.parse(order[round(rest) % 54]).name().capitalize()
        assert q.answer == expected, (seed, q.detail)
    assert len(cases) == 6


def test_odds_wording_never_offers_for():
    for seed in SEEDS:
        q = make_question(KIND["odds-wording"], seed)
        assert " to " in q.answer and "Pokette §(f)(1)" in q.citations


def test_stand_cards_are_real_cards():
    for seed in SEEDS:
        q = make_question(KIND["poker-settlement"], seed)
        assert all(not Card.parse(t).is_joker for t in q.scene.stand)
