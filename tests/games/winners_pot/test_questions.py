"""Every question kind, over many seeds: valid forms, computed answers, cited rules."""

import json

from trainer.games.winners_pot.dealing import DEALER
from trainer.games.winners_pot.pot import HouseOptions, award_pot
from trainer.games.winners_pot.questions import KINDS
from trainer.training.session import make_question

# Every kind well formed, cited and replayable: tests/contracts/test_every_question.py


def kind(name):
    return next(k for k in KINDS if k.id == f"winners-pot.{name}")


def test_commission_answers_recomputed():
    for seed in range(80):
        q = make_question(kind("commission"), seed)
        commission, paid = json.loads(q.answer)
        pot = q.detail["pot"]
        assert commission + paid == pot
        assert commission <= pot // 10 + 1


def test_split_pot_answers_recomputed():
    for seed in range(80):
        q = make_question(kind("split-pot"), seed)
        values = json.loads(q.answer)
        assert sum(values) == q.detail["pot"]
        tied = q.detail["tied"]
        assert len(values) == 1 + len(tied)
        if DEALER in tied:
            assert q.fields[-1].startswith("Dealer's share")


def test_who_wins_the_pot_offers_splits():
    answers = [make_question(kind("who-wins-the-pot"), s) for s in range(200)]
    assert any(q.answer.startswith("Split") for q in answers)
    assert any(q.answer == "The dealer" for q in answers)


def test_jacks_plus_questions_reach_the_limit_and_folded_hands():
    qs = [make_question(kind("jacks-plus-payout"), s) for s in range(300)]
    assert any(q.detail.get("limited") for q in qs)
    assert any(q.detail.get("two_royals") for q in qs)
    assert {3, 4, 5} <= {q.detail.get("size") for q in qs}


def test_fold_destination_covers_both_streets():
    qs = [make_question(kind("fold-destination"), s) for s in range(60)]
    assert {q.detail["street"] for q in qs} == {3, 4}
    for q in qs:
        assert ("table inventory" in q.answer) == (q.detail["street"] == 3)


def test_award_helper_matches_split_question_shape():
    award = award_pot(1000, [1, DEALER], DEALER, HouseOptions(commission_bp=1000, commission_fixed=5000))
    assert [s.paid for s in award.shares] == [450, 500]
