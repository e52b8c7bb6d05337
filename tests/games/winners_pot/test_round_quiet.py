"""A quiet round (``Round.quiet``, issue 17: the next-step and failed-burn questions play
a round only to know its steps and its table) changes exactly as a loud one, step by
step, and records nothing; a copy of it made loud records from there. A quiet drill
asks the same questions, in the same order, as a loud one."""

from __future__ import annotations

import random

from trainer.games.winners_pot import round as R
from trainer.games.winners_pot.drill import RoundDrill


def table(r: R.Round) -> tuple:
    """Everything a round holds but its log."""
    seats = {s: (st.decisions, st.folded_after, st.dead, st.cards_under_jp, st.cards_discarded, st.jp_settled,
                 st.revealed) for s, st in r.seats.items()}
    hands = {p: [(h.card, h.face_up) for h in held] for p, held in r.hands.items()}
    return (r.phase, r.deck, seats, hands, r.dealt, r.discards, r.burns, r.burns_due, r.burns_owed, r.layout,
            r.pot_area, r.inventory, r.commission, r.player_in, r.player_out, r.notes, r.announced_winner,
            r.pot_awarded, r.cleared, r.stub_placed, r.collected, r.revealed_dealer, r.active_players(), r.expected())


def test_a_quiet_round_changes_as_a_loud_one_and_records_nothing():
    rounds = folds = fails = 0
    for seed in range(150):
        pick = random.Random(seed)
        loud = R.random_round(random.Random(seed), players=pick.randint(2, 7))
        quiet = R.random_round(random.Random(seed), players=len(loud.players))
        quiet.quiet = True
        fail_at = pick.choice((R.DEAL_1, R.DEAL_4, R.DEAL_5, None))
        while not loud.finished:
            step = loud.expected()
            assert quiet.expected() == step
            if step.kind == R.BURN and loud.phase == fail_at:
                fail_at = None
                fails += 1
                assert loud.fail_burn().kind == R.FAILED_BURN
                assert quiet.fail_burn() is None
            else:
                choice = pick.choice((R.BET, R.FOLD) if loud.phase == R.BET_ROUND else (R.DOUBLE, R.FOLD)) \
                    if step.kind == R.DECISION else None
                folds += choice == R.FOLD
                assert loud.perform(step, choice).kind == step.kind
                assert quiet.perform(step, choice) is None
            assert table(quiet) == table(loud)
        assert quiet.log == [] and len(loud.log) > 10
        assert quiet.settlement() == loud.settlement()
        rounds += 1
    assert rounds == 150 and folds > 200 and fails > 80


def test_a_quiet_rounds_copy_made_loud_records_from_there():
    rng = random.Random(4)
    r = R.random_round(rng, players=3)
    r.quiet = True
    for _ in range(5):
        r.perform(r.expected())
    kept = r.copy()
    assert kept.quiet and kept.log == []
    kept.quiet = False
    step = kept.expected()
    op = kept.perform(step)
    assert kept.log == [op] and (op.kind, op.position, op.text) == (step.kind, step.position, step.text)
    assert r.log == [] and r.expected() == step  # the round copied is as it was


def test_a_quiet_drill_asks_what_a_loud_one_asks():
    for seed in range(40):
        loud, quiet = RoundDrill(seed), RoundDrill(seed, quiet=True)
        asked = 0
        while asked < 25:
            q1, q2 = loud.run_to_question(), quiet.run_to_question()
            assert (q1 is None) == (q2 is None)
            if q1 is None:
                loud.start_round()
                quiet.start_round()
                continue
            assert repr(q1) == repr(q2)
            assert loud.answer(q1.answer).correct and quiet.answer(q2.answer).correct
            asked += 1
        assert quiet.events == [] and quiet.round.log == []
        assert len(loud.events) > 10
