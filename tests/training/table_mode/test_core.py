"""Table mode's game-independent core on a small hand-made round: grading of each
mistake class, any-order groups, payouts in chips, watch mode's catches, misses and
false alarms, and the round's record."""

import random

import pytest

from trainer.core.chips import ChipPayout, check_payout, fewest_chips, house_chips
from trainer.core.scene import Spot
from trainer.core.table.actions import ANNOUNCE, COLLECT, DEAL, DEALER, PAY, REVEAL, DealerAction, Effect
from trainer.training.table_mode.actions import (
    WRONG_AMOUNT, WRONG_FACE, WRONG_POSITION, WRONG_STEP, Attempt, attempt_for,
)
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.core.table.levels import level, levels
from trainer.core.table.script import RoundScript, WatchMistake
from trainer.core.table.table_state import TableState, renderer, scenes_for
from trainer.core.table.script import REFER_REMEDY
from trainer.training.table_mode.watch import WatchRound, choose_mistakes

SPOTS = (Spot("ante", "Ante"), Spot("bonus", "Bonus"))


def _script() -> RoundScript:
    acts = [
        DealerAction(ANNOUNCE, text="Announce no more bets", citations=("Game §1",)),
        DealerAction(DEAL, 1, face_up=False, text="Deal seat 1 a card face down", citations=("Game §2(a)",),
                     effects=(Effect("card", 1, card="As"),)),
        DealerAction(DEAL, 3, face_up=False, text="Deal seat 3 a card face down", citations=("Game §2(a)",),
                     effects=(Effect("card", 3, card="Kd"),)),
        DealerAction(DEAL, DEALER, face_up=True, text="Deal yourself a card face up", citations=("Game §2(b)",),
                     effects=(Effect("card", DEALER, card="9c", face_up=True),)),
        DealerAction(REVEAL, 1, text="Reveal seat 1", citations=("Game §3",), effects=(Effect("reveal", 1),)),
        DealerAction(COLLECT, 3, "ante", text="Collect seat 3's ante", group="settle", citations=("Game §4",),
                     effects=(Effect("collect", 3, "ante"),)),
        DealerAction(COLLECT, 3, "bonus", text="Collect seat 3's bonus", group="settle", citations=("Game §4",),
                     effects=(Effect("collect", 3, "bonus"),)),
        DealerAction(PAY, 1, "ante", amount=3_000, text="Pay seat 1's ante 3 to 1", payout=True,
                     citations=("Game §5",), effects=(Effect("pay", 1, "ante", amount=3_000),)),
    ]
    start = TableState("demo", "Demo", SPOTS, 4, {1: {"ante": 1000}, 3: {"ante": 500, "bonus": 100}})
    return RoundScript("demo", 7, "guided", {"method": "hand"}, ("Method: hand",), ("Seat 1: ante $10",), acts,
                       scenes_for(start, acts), renderer(start), irregular_remedies=("Void all hands",))


def test_a_clean_round_scores_clean():
    r = DealerRound(_script(), level("guided"))
    while not r.finished:
        out = r.perform_next(elapsed_ms=1000)
        assert out.accepted and out.note == ""
    rec = r.record
    assert rec.completed and rec.clean and rec.procedure_errors == rec.payout_errors == 0
    assert rec.action_ms == [1000] * 8 and rec.target_ms == 8 * 6000
    assert [x.correct for x in r.results] == [True] * 8
    assert {x.question.skill for x in r.results} == {"demo.table-procedure", "demo.table-payouts"}
    assert r.scene().seat(3).wagers == () and r.scene().seat(1).wager("ante") == 4_000


def test_each_mistake_class_is_stopped_counted_and_explained():
    r = DealerRound(_script(), level("guided"))
    out = r.attempt(Attempt(DEAL, 1, face_up=False))
    assert not out.accepted and out.mistake.kind == WRONG_STEP and "Game §1" in out.mistake.citations
    r.perform_next()
    out = r.attempt(Attempt(DEAL, 3, face_up=False))
    assert out.mistake.kind == WRONG_POSITION and r.done == 1
    out = r.attempt(Attempt(DEAL, 1, face_up=True))
    assert out.mistake.kind == WRONG_FACE
    r.perform_next()
    r.perform_next()
    r.perform_next()
    r.perform_next()
    # the any-order group: the bonus before the ante is fine
    assert r.attempt(Attempt(COLLECT, 3, "bonus")).accepted
    assert r.attempt(Attempt(COLLECT, 3, "ante")).accepted
    out = r.attempt(Attempt(PAY, 1, "ante", chips=((2_500, 1),)))
    assert out.mistake.kind == WRONG_AMOUNT and "$30.00" in out.mistake.explanation
    out = r.attempt(Attempt(PAY, 1, "ante", chips=((500, 6),)))
    assert out.accepted and "2 chips" in out.note or "would do it in 2" in out.note
    rec = r.record
    assert (rec.procedure_errors, rec.payout_errors, rec.extra_chip_payouts) == (3, 1, 1)
    assert [x.correct for x in r.results] == [False, False, True, True, True, True, True, False]
    assert r.results[-1].given == "[2500]"


def test_payouts_in_chips():
    chips = house_chips()
    assert chips.denominations == (100, 500, 2_500, 10_000, 50_000, 100_000)
    assert fewest_chips(53_700, chips.denominations) == {50_000: 1, 2_500: 1, 500: 2, 100: 2}
    assert check_payout(chips, 1_250, ChipPayout(((500, 2), (100, 2)), 50)).fewest
    assert not check_payout(chips, 1_250, ChipPayout(((500, 2),), 250)).fewest
    assert attempt_for(DealerAction(PAY, 2, "ante", amount=12_650)).chips == ((10_000, 1), (2_500, 1), (100, 1))


def test_watch_mode_catches_misses_and_false_alarms():
    s = _script()
    wrong = DealerAction(DEAL, DEALER, face_up=True, text="Deals seat 3's card face up")
    m1 = WatchMistake("card-exposed", 2, wrong, "Players' cards go face down", "Game §2(a)", REFER_REMEDY,
                      "Game §9 (no remedy written)")
    m2 = WatchMistake("wrong-payout", 7, DealerAction(PAY, 1, "ante", amount=2_000, text="Pays seat 1 $20"),
                      "The ante pays 3 to 1", "Game §5", "Void all hands", "Game §8")
    w = WatchRound(s, level("guided"), [m1, m2])
    assert len(w.shown) == 10
    caught, msg = w.stop()  # on "announce": a false alarm
    assert not caught and w.record.false_calls == 1
    w.proceed()
    w.proceed()
    assert w.current().mistake is m1
    caught, _ = w.stop()
    assert caught and len(w.pending) == 2
    assert w.answer("Players' cards go face down (Game §2(a))").correct
    assert w.answer(REFER_REMEDY).correct
    while w.current() is not None and w.current().mistake is not m2:
        w.proceed()
    w.proceed()  # lets the wrong payout pass
    assert w.missed_last() is m2
    while not w.finished:
        w.proceed()
    rec = w.record
    assert (rec.caught, rec.missed_calls, rec.false_calls, rec.rule_named, rec.remedy_named) == (1, 1, 1, 1, 1)
    assert rec.completed and not rec.clean


def test_choose_mistakes_follows_the_level():
    ms = [WatchMistake(k, i, DealerAction(DEAL), "r", "c", "m", "c") for i, k in enumerate("aabbcc")]
    for lv in levels():
        for seed in range(20):
            got = choose_mistakes(ms, lv, random.Random(seed))
            assert lv.watch_mistakes[0] <= len(got) <= lv.watch_mistakes[1]
            assert len({m.index for m in got}) == len(got)


def test_scenes_follow_the_actions():
    s = _script()
    assert s.scenes[0].seat(1).cards == ()
    assert s.scenes[2].seat(1).cards[0].card == "As" and not s.scenes[2].seat(1).cards[0].face_up
    assert s.scenes[5].seat(1).cards[0].face_up
    with pytest.raises(ValueError):
        RoundScript("demo", 1, "learn", {}, (), (), s.actions, s.scenes[:3])
