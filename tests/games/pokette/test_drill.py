"""The layout drill without a screen: seeded, graded step by step, the stand kept between spins."""

import json

from trainer.games.pokette.drill import NO_SPIN_CALL, VOID_CALL, LayoutDrill, play_perfectly
from trainer.games.pokette.settlement import COLLECT, PAY
from trainer.contracts.question import AMOUNTS, CHOICE


def test_a_perfect_run_is_all_right_and_replays_from_its_seed():
    kinds = set()
    for seed in range(60):
        d = LayoutDrill(seed, spins=6)
        play_perfectly(d)
        s = d.summary()
        assert s.spins == 6 and s.steps == s.correct > 0
        kinds |= {r.question.kind for r in s.results}
        again = LayoutDrill(seed, spins=6)
        play_perfectly(again)
        assert [r.question for r in again.results] == [r.question for r in s.results]
    assert kinds == {"pokette.drill-spin", "pokette.drill-mark", "pokette.drill-collect", "pokette.drill-pay",
                     "pokette.drill-announce"}


def test_every_graded_step_is_a_recordable_question():
    d = LayoutDrill(11, spins=8)
    play_perfectly(d)
    for r in d.results:
        q = r.question
        assert q.game_id == "pokette" and q.skill.startswith("pokette.") and q.citations
        assert q.form in (CHOICE, AMOUNTS) and len(q.options) <= 9
        assert r.correct and r.given == q.answer or json.loads(r.given) == json.loads(q.answer)


def test_the_stand_and_the_open_poker_wagers_carry_from_spin_to_spin():
    saw_stand = saw_action = False
    for seed in range(80):
        d = LayoutDrill(seed, spins=8, irregular_chance=0.0)
        while not d.finished:
            d.next_round()
            r = d.round
            if r.stand.cards:
                saw_stand = True
            in_action = [x for x in r.settlement.results if x.in_action]
            if in_action:
                saw_action = True
                assert r.winner.is_joker
            d.spun()
            d.mark(str(r.winner))
            while d.step.kind in ("collect", "pay"):
                if d.step.kind == "collect":
                    for i in d.remaining():
                        d.click_chip(i)
                else:
                    for i in d.remaining():
                        d.pay(i, d.payout(i))
            if d.step.kind == "announce":
                d.announce(d.announce_options()[0])
            assert d.stand == r.settlement.stand.after
            assert [b for b in d.in_action] == [x.bet for x in in_action]
            if d.step.kind == "done":
                break
    assert saw_stand and saw_action


def _to_collect(seed):
    for s in range(seed, seed + 200):
        d = LayoutDrill(s, spins=3, irregular_chance=0.0)
        d.next_round()
        d.spun()
        d.mark(str(d.round.winner))
        phases = [ph.action for ph in d.round.settlement.phases]
        if phases[:2] == [COLLECT, PAY]:
            return d
    raise AssertionError("no round with losers and winners")


def test_taking_a_winning_chip_or_paying_wrong_is_graded_wrong():
    d = _to_collect(1)
    winner = d.round.settlement.phases[1].items[0]
    fb = d.click_chip(winner)
    assert not fb.correct and "wins" in fb.message
    for i in d.remaining():
        fb = d.click_chip(i)
    assert fb.result is not None and not fb.result.correct
    assert d.step.kind == "pay"
    i = d.remaining()[0]
    fb = d.pay(i, d.payout(i) + 100)
    assert not fb.correct and not fb.result.correct
    assert json.loads(fb.result.question.answer) == [d.payout(i)]


def test_a_wrong_mark_is_graded_and_the_marker_goes_on_the_winner():
    d = LayoutDrill(4, spins=2, irregular_chance=0.0)
    d.next_round()
    d.spun()
    wrong = "2c" if str(d.round.winner) != "2c" else "3c"
    fb = d.mark(wrong)
    assert not fb.correct and d.round.winner.label() in fb.message and str(d.round.winner) not in fb.message
    assert d.scene().marker == str(d.round.winner)
    assert wrong in fb.result.question.options and len(fb.result.question.options) <= 9


def test_irregular_spins_are_called():
    calls = set()
    for seed in range(60):
        d = LayoutDrill(seed, spins=4, irregular_chance=1.0)
        d.next_round()
        d.spun()
        assert d.step.kind == "call"
        answer = d.call_answer()
        calls.add(answer if answer in (NO_SPIN_CALL, VOID_CALL) else "card")
        fb = d.call(answer)
        assert fb.correct
        assert d.step.kind in ("spin", "mark")
    assert calls == {NO_SPIN_CALL, "card"}  # the default sign: the card previously passed
