"""Every question generator: replayable from its seed, answers from the rules core, cited."""

import json

import pytest

from trainer.core.cards import parse_cards
from trainer.games.registry import get_game
from trainer.games.dj_wild.hands import Category, evaluate, trips_readings
from trainer.games.dj_wild.rules_data import rules_data
from trainer.games.dj_wild.settlement import FOLD, PLAY, HouseOptions, SeatWagers, settle_round, trips_payout
from trainer.contracts.question import SETTLE
from trainer.training.session import make_question

GAME = get_game("dj-wild")

KINDS = GAME.question_kinds()
SEEDS = range(150)


def kind(suffix):
    return next(k for k in KINDS if k.id == f"dj-wild.{suffix}")


def cards_of(views):
    return parse_cards([c.card for c in views])


def test_the_skills():  # every kind valid and replayable, every skill asked: tests/contracts/test_every_question.py
    skills = {s.id for s in GAME.skills() if ".table-" not in s.id}
    assert {"dj-wild.hand-ranking", "dj-wild.trips", "dj-wild.payouts", "dj-wild.side-bets", "dj-wild.dealing",
            "dj-wild.procedures", "dj-wild.irregularities", "dj-wild.wagers"} == skills
    assert all(s.title.startswith("DJ Wild: ") for s in GAME.skills())


def test_the_game_entry():
    assert GAME.id == "dj-wild" and GAME.title == "DJ Wild Poker"
    assert GAME.rules_file == "dj-wild-poker.txt" and GAME.seat_count == 6
    assert [s.key for s in GAME.spots] == ["ante", "blind", "play", "trips", "bad_beat", "cover_all"]


@pytest.mark.parametrize("k", KINDS, ids=lambda k: k.id)
def test_citations_once_each_and_scenes_of_six_seats(k):
    for seed in SEEDS:
        q = make_question(k, seed)
        assert len(q.citations) == len(set(q.citations))
        if q.scene is not None:
            assert q.scene.game_id == "dj-wild" and len(q.scene.seats) == 6
            assert not q.scene.dealer_cover_card  # DJ Wild has no cover card on the dealer's hand


def test_seat_payout_answers_match_an_independent_settlement():
    labels = {"Ante": "ante", "Blind": "blind", "Play": "play", "Trips": "trips", "Two Way Bad Beat": "bad_beat"}
    for seed in SEEDS:
        q = make_question(kind("seat-payout"), seed)
        seat = next(s for s in q.scene.seats if s.occupied)
        wagers = dict(seat.wagers)
        decision = FOLD if seat.note == "folded" else PLAY
        if decision == PLAY:
            assert wagers["play"] == 2 * wagers["ante"]
        r = settle_round(cards_of(q.scene.dealer_cards),
                         [SeatWagers(seat.seat, cards_of(seat.cards), ante=wagers["ante"], blind=wagers["blind"],
                                     trips=wagers.get("trips", 0), bad_beat=wagers.get("bad_beat", 0),
                                     decision=decision)],
                         HouseOptions(q.detail["trips_table"]))
        # Each wager as the dealer settles it: a loss collected, a push returned, a win paid its net.
        settled = {w.wager: {"lose": ["collect"], "push": ["push"], "win": ["pay", w.net]}[w.result]
                   for w in r.seats[0].results}
        assert q.form == SETTLE
        assert json.loads(q.answer) == [settled[labels[f]] for f in q.fields]


def test_trips_answers_name_the_better_reading():
    seen = set()
    for seed in SEEDS:
        q = make_question(kind("trips-natural-or-wild"), seed)
        seat = next(s for s in q.scene.seats if s.occupied)
        cards = cards_of(seat.cards)
        reading, odds, _ = trips_payout(cards, rules_data().option_table("trips_table", q.detail["trips_table"]))
        assert q.answer == ("Loses" if odds is None else f"{reading.label}, {odds}")
        seen.add((trips_readings(cards)[0].natural, trips_readings(cards)[1].category))
        if odds is not None and reading.how == "deuces natural" and any(c.rank == 2 for c in cards):
            seen.add("a deuce read as a natural two")
    assert "a deuce read as a natural two" in seen


def test_rare_hands_come_up_on_purpose():
    categories = set()
    for seed in range(200):
        q = make_question(kind("name-the-hand"), seed)
        seat = next(s for s in q.scene.seats if s.occupied)
        categories.add(evaluate(cards_of(seat.cards)).category)
    assert {Category.FIVE_WILDS, Category.ROYAL_FLUSH, Category.FIVE_OF_A_KIND, Category.STRAIGHT_FLUSH} <= categories


def test_which_hand_wins_includes_natural_against_wild_ties():
    answers = [make_question(kind("which-hand-wins"), seed).answer for seed in SEEDS]
    assert {"Player", "Dealer", "Tie"} == set(answers)


def test_cover_all_counts_every_hand_and_the_number_of_players():
    answers = set()
    for seed in SEEDS:
        q = make_question(kind("cover-all"), seed)
        seated = [s for s in q.scene.seats if s.occupied]
        assert q.detail["players"] == len(seated)
        hands = [evaluate(cards_of(s.cards)) for s in seated] + [evaluate(cards_of(q.scene.dealer_cards))]
        best = max(hands)
        table = rules_data().pay_tables[f"cover_all_{len(seated)}"]
        row = table.row_for(best.category.key)
        expected = ("Refer to floor supervisor" if best.category is Category.FIVE_OF_A_KIND
                    else "Loses" if row is None else str(row.odds))
        assert q.answer == expected
        answers.add(q.answer if q.answer in ("Loses", "Refer to floor supervisor") else "odds")
    assert answers == {"Loses", "Refer to floor supervisor", "odds"}


def test_cover_all_payout_pays_every_wager_the_same_odds():
    seen = set()
    for seed in SEEDS:
        q = make_question(kind("cover-all-payout"), seed)
        entries = json.loads(q.answer)
        wagers = {s.seat: dict(s.wagers)["cover_all"] for s in q.scene.seats if dict(s.wagers).get("cover_all")}
        assert q.form == SETTLE and len(entries) == len(wagers) == len(q.fields)
        assert len({e[0] for e in entries}) == 1  # every Cover All wager wins or every one is collected
        if entries[0][0] == "pay":
            ratios = {e[1] * 1000 // w for e, w in zip(entries, wagers.values())}
            assert len(ratios) == 1  # one highest hand pays every Cover All wager alike (§11(g))
        else:  # every one collected, or every one referred (five of a kind, ruling 17)
            assert entries in ([["collect"]] * len(entries), [["refer"]] * len(entries))
            hands = [evaluate(cards_of(s.cards)) for s in q.scene.seats if s.occupied]
            best = max(hands + [evaluate(cards_of(q.scene.dealer_cards))])
            assert (entries[0] == ["refer"]) == (best.category is Category.FIVE_OF_A_KIND)
            seen.add(entries[0][0])
    assert seen == {"collect", "refer"}


def test_multi_game_link_never_settles_a_link_wager():
    for seed in SEEDS:
        q = make_question(kind("multi-game-link"), seed)
        if "pay" in q.prompt:
            assert q.answer == "Refer to floor supervisor" and "trainer ruling 18" in q.citations
