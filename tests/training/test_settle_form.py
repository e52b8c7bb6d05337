"""The 'settle' answer form (issue 13): each wager's result (collect, push, pay, refer)
and, for a pay, the amount. A collected wager and a returned one both paid 0 under the
'amounts' form; a dealer must know which.

The expected entries here are built from the settlement modules' WagerResults with
their own mapping (lose -> collect, push -> push, win -> pay its net), not with
``wager_entry``."""

from __future__ import annotations

import json
import random

import pytest

from trainer.core.cards import parse_cards
from trainer.core.settlement import WagerResult
from trainer.core.money import AmountError
from trainer.games.registry import get_game
from trainer.contracts.measures import question_target_ms, target_ms
from trainer.training.practice import mistakes_plan
from trainer.contracts.question import (
    AMOUNT, AMOUNTS, SETTLE, WAGER, Question, amounts_answer, display_answer, grade_settle, parse_settle,
    parse_settle_input, settle_answer, wager_entry, wrong_settle,
)
from trainer.training.session import Session, make_planned, make_question

SEEDS = range(80)


def q_settle(entries, fields=("Ante", "Play", "Bonus")) -> Question:
    return Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="Settle.", form=SETTLE,
                    answer=settle_answer(entries), explanation="", citations=("X §1",), fields=fields)


def expected_entry(r: WagerResult) -> list:
    return {"lose": ["collect"], "push": ["push"], "win": ["pay", r.net], "refer": ["refer"]}[r.result]


# ---------------------------------------------------------------- encoding, validation

def test_the_answer_is_json_one_entry_per_field():
    assert settle_answer([("collect",), ("push",), ("pay", 1500), 2500]) == \
        '[["collect"], ["push"], ["pay", 1500], 2500]'
    assert parse_settle('[["collect"], ["push"], ["pay", 1500], 2500, ["refer"]]') == \
        [("collect", 0), ("push", 0), ("pay", 1500), 2500, ("refer", 0)]
    for bad in ("", "x", "{}", "[1.5]", '[["win", 5]]', '[["pay"]]', '[["collect", 5]]', '[-1]', '[true]',
                '[["pay", "15"]]'):
        assert parse_settle(bad) is None, bad
    assert q_settle([("collect",), ("push",), 700], ("Ante", "Play", "Total")).settle_kinds() == (WAGER, WAGER, AMOUNT)


def test_a_question_checks_its_own_answer():
    with pytest.raises(ValueError, match="one result per field"):
        q_settle([("collect",), ("push",)])
    with pytest.raises(ValueError, match="a pay needs an amount above"):
        q_settle([("collect",), ("push",), ("pay", 0)])
    with pytest.raises(ValueError, match="not a settle answer"):
        Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="p", form=SETTLE, answer="[0, 0, 0]x",
                 explanation="", citations=(), fields=("A", "B", "C"))


# ---------------------------------------------------------------- grading

def test_collect_and_push_are_told_apart():
    q = q_settle([("collect",), ("push",), ("pay", 1500)])
    assert q.is_correct('[["collect"], ["push"], ["pay", 1500]]')
    assert not q.is_correct('[["push"], ["push"], ["pay", 1500]]')  # a losing ante returned
    assert not q.is_correct('[["collect"], ["collect"], ["pay", 1500]]')  # a push collected
    # The old form's answer, 0 for both, is no answer to a settle question.
    assert not q.is_correct(amounts_answer([0, 0, 1500]))


def test_a_pay_needs_the_right_amount_and_the_right_result():
    q = q_settle([("collect",), ("push",), ("pay", 1500)])
    assert not q.is_correct('[["collect"], ["push"], ["pay", 1400]]')
    assert not q.is_correct('[["collect"], ["push"], ["collect"]]')
    assert not q.is_correct('[["collect"], ["push"], 1500]')  # an amount where a result is asked
    assert not q.is_correct('[["collect"], ["push"]]')
    assert not q.is_correct("garbage")


def test_grades_say_which_wager_is_wrong_and_how():
    q = q_settle([("collect",), ("push",), ("pay", 1500), 2000], ("Ante", "Play", "Bonus", "Total"))
    grades = grade_settle(q.fields, q.answer, '[["push"], ["push"], ["pay", 1400], 2000]')
    assert [(g.label, g.ok, g.result_ok, g.amount_ok) for g in grades] == [
        ("Ante", False, False, False), ("Play", True, True, True), ("Bonus", False, True, False),
        ("Total", True, True, True)]
    assert [g.problem() for g in grades] == ["wrong result", "", "wrong amount", ""]
    assert [(g.given_text, g.right_text) for g in grades] == [
        ("push", "collect"), ("push", "push"), ("pay $14.00", "pay $15.00"), ("$20.00", "$20.00")]
    short = grade_settle(q.fields, q.answer, '[["collect"]]')
    assert [g.problem() for g in short] == ["", "no answer", "no answer", "no answer"]


# ---------------------------------------------------------------- display (the store keeps every answer)

def test_display_names_each_wager_and_its_result():
    q = q_settle([("collect",), ("push",), ("pay", 1500)], ("Ante", "Play", "Bonus"))
    assert q.display(q.answer) == "Ante: collect, Play: push, Bonus: pay $15.00"
    assert display_answer(SETTLE, '[["refer"], 2500]', ("Cover All", "Total")) == \
        "Cover All: refer to floor supervisor, Total: $25.00"
    assert display_answer(SETTLE, '[["collect"], ["pay", 5]]') == "collect, pay $0.05"
    assert display_answer(SETTLE, "not json") == "not json"  # shown as stored


def test_old_amounts_answers_stay_readable():
    assert display_answer(AMOUNTS, "[1000, 0]", ("Ante", "Call")) == "Ante $10.00, Call $0.00"
    assert display_answer(AMOUNTS, "[1000, 0]", ["Ante", "Call"]) == "Ante $10.00, Call $0.00"


# ---------------------------------------------------------------- typed input

def test_typed_input_becomes_the_answer_or_says_what_is_wrong():
    fields, kinds = ("Ante", "Play", "Total"), (WAGER, WAGER, AMOUNT)
    assert parse_settle_input(fields, kinds, ["collect", "pay", None], ["9", "$1,250.5", "12.50"]) == \
        '[["collect"], ["pay", 125050], 1250]'
    with pytest.raises(AmountError, match="^Ante: choose collect, push or pay"):
        parse_settle_input(fields, kinds, [None, "push", None], ["", "", "0"])
    with pytest.raises(AmountError, match="^Play: a pay needs an amount above"):
        parse_settle_input(fields, kinds, ["push", "pay", None], ["", "0.00", "0"])
    with pytest.raises(AmountError, match="^Play: type the amount you pay"):
        parse_settle_input(fields, kinds, ["push", "pay", None], ["", " ", "0"])
    with pytest.raises(AmountError, match="^Total: every amount needs a value"):
        parse_settle_input(fields, kinds, ["push", "push", None], ["", "", ""])
    with pytest.raises(AmountError, match="^Total: '1.2.3' is not an amount"):
        parse_settle_input(fields, kinds, ["push", "push", None], ["", "", "1.2.3"])


def test_wager_entry_of_a_settled_wager():
    assert wager_entry(WagerResult("ante", "Ante", 1000, "lose", -1000, "", ())) == ["collect"]
    assert wager_entry(WagerResult("call", "Call", 1000, "push", 0, "", ())) == ["push"]
    assert wager_entry(WagerResult("ante", "Ante", 1000, "win", 1000, "1 to 1", ())) == ["pay", 1000]
    assert wager_entry(WagerResult("cover_all", "Cover All", 500, "refer", 0, "", ())) == ["refer"]


def test_a_wrong_demo_answer_is_wrong():
    q = q_settle([("collect",), ("push",), ("pay", 1500)])
    rng = random.Random(3)
    for _ in range(50):
        assert not q.is_correct(wrong_settle(q.answer, rng))


def test_target_time_counts_the_fields():
    q = q_settle([("collect",), ("push",), ("pay", 1500)])
    assert question_target_ms(q) == target_ms(AMOUNTS, ("a", "b", "c")) == 10_000 + 3 * 6_000
    assert target_ms(SETTLE, json.dumps(["Ante", "Play"])) == 22_000  # fields as stored


# ---------------------------------------------------------------- every game's payout questions

PAYOUT_KINDS = {
    "two-card-joker": ("seat-payout", "bonus-payout"),
    "four-card": ("seat-payout", "aces-up", "progressive-payout", "cover-all"),
    "dj-wild": ("seat-payout", "bad-beat", "cover-all-payout"),
    "winners-pot": ("jacks-plus-payout",),
    "pokette": ("seat-payout", "poker-settlement"),
}


def kind_of(game_id: str, name: str):
    return next(k for k in get_game(game_id).question_kinds() if k.id == f"{game_id}.{name}")


@pytest.mark.parametrize("game_id,name", [(g, k) for g, ks in PAYOUT_KINDS.items() for k in ks])
def test_every_payout_kind_asks_the_result_of_each_wager(game_id, name):
    results = set()
    for seed in SEEDS:
        q = make_question(kind_of(game_id, name), seed)
        assert q.form == SETTLE, (q.kind, seed)
        entries = parse_settle(q.answer)
        assert entries is not None and len(entries) == len(q.fields) and q.is_correct(q.answer)
        results |= {e[0] for e in entries if isinstance(e, tuple)}
        assert "type what you pay on each (0 if" not in q.prompt
        for e in entries:
            if isinstance(e, tuple):
                # The explanation says what happens to each wager.
                assert {"collect": "collect", "push": "push", "pay": "pay", "refer": "refer"}[e[0]] in \
                    q.explanation.lower(), (q.kind, seed, q.explanation)
    assert "pay" in results and (results & {"collect", "push"}), results


def test_collect_and_push_both_come_up_where_the_game_has_pushes():
    for game_id in ("two-card-joker", "dj-wild"):
        seen = set()
        for seed in range(200):
            entries = parse_settle(make_question(kind_of(game_id, "seat-payout"), seed).answer)
            seen |= {e[0] for e in entries}
        assert {"collect", "push", "pay"} <= seen, (game_id, seen)


def _seat(q):
    return next(s for s in q.scene.seats if s.highlight or s.occupied)


def test_two_card_joker_bonus_payout_matches_the_settlement():
    from trainer.games.two_card_joker.settlement import LABELS, HouseOptions, SeatWagers, settle_round

    labels = {v: k for k, v in LABELS.items()}
    for seed in SEEDS:
        q = make_question(kind_of("two-card-joker", "bonus-payout"), seed)
        seat = _seat(q)
        w = dict(seat.wagers)
        r = settle_round(parse_cards([c.card for c in q.scene.dealer_cards]),
                         [SeatWagers(seat.seat, parse_cards([c.card for c in seat.cards]), pair_up=w["pair_up"],
                                     super_flush=w.get("super_flush", 0))],
                         HouseOptions(q.detail["pair_up_table"]))
        by = {x.wager: x for x in r.seats[0].results}
        assert json.loads(q.answer) == [expected_entry(by[labels[f]]) for f in q.fields]


def test_four_card_aces_up_matches_the_settlement():
    from trainer.games.four_card.settlement import FOLD, HouseOptions, SeatWagers, settle_round

    for seed in SEEDS:
        q = make_question(kind_of("four-card", "aces-up"), seed)
        seat = _seat(q)
        w = dict(seat.wagers)
        ante = w.get("ante", 0)
        sw = SeatWagers(seat.seat, parse_cards([c.card for c in seat.cards]), ante=ante, aces_up=w["aces_up"],
                        decision=(FOLD if seat.note == "folded" else ante) if ante else None)
        r = settle_round(parse_cards([c.card for c in q.scene.dealer_cards]), [sw],
                         HouseOptions(aces_up_table=q.detail["aces_up_table"]))
        assert json.loads(q.answer) == [expected_entry(r.seats[0].result("aces_up"))]


def test_dj_wild_bad_beat_matches_the_settlement():
    from trainer.games.dj_wild.settlement import FOLD, PLAY, HouseOptions, SeatWagers, settle_round

    seen = set()
    for seed in SEEDS:
        q = make_question(kind_of("dj-wild", "bad-beat"), seed)
        seat = _seat(q)
        w = dict(seat.wagers)
        sw = SeatWagers(seat.seat, parse_cards([c.card for c in seat.cards]), ante=w["ante"], blind=w["blind"],
                        bad_beat=w["bad_beat"], decision=FOLD if seat.note == "folded" else PLAY)
        r = settle_round(parse_cards([c.card for c in q.scene.dealer_cards]), [sw], HouseOptions())
        entry = expected_entry(r.seats[0].result("bad_beat"))
        assert json.loads(q.answer) == [entry]
        seen.add(entry[0])
    assert seen == {"collect", "pay"}


def test_winners_pot_jacks_plus_matches_the_settlement():
    from trainer.games.winners_pot.hands import evaluate
    from trainer.games.winners_pot.pot import HouseOptions, JacksPlusEntry, settle_jacks_plus

    seen = set()
    for seed in range(150):
        q = make_question(kind_of("winners-pot", "jacks-plus-payout"), seed)
        if q.detail.get("two_royals"):
            continue
        seat = _seat(q)
        cards = parse_cards([c.card for c in seat.cards])
        wager = dict(seat.wagers)["jacks_plus"]
        minimum = 100
        if "minimum Jacks Plus wager is" in q.prompt:
            minimum = int(round(float(q.prompt.split("minimum Jacks Plus wager is $")[1].split(")")[0]
                                      .replace(",", "")) * 100))
        r = settle_jacks_plus([JacksPlusEntry(seat.seat, wager, evaluate(cards), len(cards) < 5)],
                              HouseOptions(minimum_wager=minimum))[seat.seat]
        entry = expected_entry(r)
        assert json.loads(q.answer) == [entry], (seed, q.prompt)
        seen.add(entry[0])
    assert seen == {"collect", "pay"}


# ---------------------------------------------------------------- sessions, store, review

def test_a_settle_answer_is_recorded_displayed_exported_and_asked_again(tmp_path):
    from trainer.review import export
    from trainer.store import AnswerFilter, Store

    session = Session.quiz("two-card-joker", seed=7, count=3, kinds=("two-card-joker.seat-payout",))
    db = tmp_path / "t.sqlite3"
    with Store.open(db) as store:
        t = store.add_trainee("Dana")
        sid = store.start_session(t.id, "two-card-joker", seed=7, question_count=3)
        asked = []
        while not session.finished:
            q = session.current()
            asked.append(q)
            store.record_answer(sid, t.id, session.answer(wrong_settle(q.answer, random.Random(q.seed)), 9000))
        answers = store.answers(t.id)
        assert {a.form for a in answers} == {SETTLE} and not any(a.is_correct for a in answers)
        by_seed = {a.seed: a for a in answers}
        for q in asked:
            a = by_seed[q.seed]
            assert display_answer(a.form, a.correct_answer, a.fields) == q.display(q.answer)
            assert ": collect" in q.display(q.answer) or ": push" in q.display(q.answer) \
                or ": pay $" in q.display(q.answer)
            assert a.target_ms == question_target_ms(q)
        path = tmp_path / "answers.csv"
        assert export.answers_csv(store, AnswerFilter(trainee_id=t.id), path) == 3
        text = path.read_text(encoding="utf-8")
        for q in asked:
            assert q.display(q.answer) in text
        # My mistakes asks exactly the same questions again, in the same form.
        plan = mistakes_plan(answers)
        again = {p.seed: make_planned(p) for p in plan}
        assert set(again) == {q.seed for q in asked}
        for q in asked:
            assert again[q.seed] == q and again[q.seed].form == SETTLE


def test_explanations_say_why_a_wager_is_collected_returned_or_paid():
    """Each ante/call (Two Card Joker), ante/blind/play (DJ Wild), ante/play/Aces Up (Four Card)
    line gives its reason."""
    reasons = {"two-card-joker": {"push": ("the dealer does not qualify: the call is returned",
                                           "a tie with the dealer: both are returned",
                                           "the table's row for this hand is a push"),
                                  "collect": ("the dealer's hand is higher", "a fold forfeits the ante",
                                              "the table pays nothing for this hand")},
               "dj-wild": {"push": ("the blind table's row for this hand is a push", "a tie: returned"),
                           "collect": ("the dealer's hand is higher", "A fold loses the ante and the blind")},
               "four-card": {"collect": ("the dealer's hand is higher", "a fold forfeits the ante",
                                         "the table pays nothing for this hand"),
                             "pay": ("the hand beats or ties the dealer's",)}}
    for game_id, why in reasons.items():
        seen = set()
        for seed in range(150):
            q = make_question(kind_of(game_id, "seat-payout"), seed)
            for label, entry in zip(q.fields, parse_settle(q.answer)):
                if label == "Aces Up" and entry[0] == "pay":
                    continue  # its odds say why
                if label in ("Ante", "Call", "Blind", "Play", "Aces Up") and entry[0] in why:
                    hit = [w for w in why[entry[0]] if w in q.explanation]
                    assert hit, (game_id, seed, label, q.explanation)
                    seen.update(hit)
        assert {"the dealer does not qualify: the call is returned", "the dealer's hand is higher",
                "the blind table's row for this hand is a push"} & seen


def test_an_answer_stored_in_the_old_amounts_form_stays_readable_and_is_asked_again_as_settle(tmp_path):
    """A wrong answer recorded before issue 13 (form 'amounts', 0 for collected and returned
    wagers alike) keeps its form in the store: shown as it was, exported, and My mistakes
    asks the question again, now in the settle form."""
    import dataclasses

    from trainer.review import export
    from trainer.store import AnswerFilter, Store
    from trainer.contracts.question import AnswerResult

    q = make_question(kind_of("two-card-joker", "seat-payout"), 11)
    old = dataclasses.replace(q, form=AMOUNTS, answer=amounts_answer(
        [e[1] if isinstance(e, tuple) and e[0] == "pay" else 0 for e in parse_settle(q.answer)]))
    given = amounts_answer([1] * len(q.fields))
    with Store.open(tmp_path / "old.sqlite3") as store:
        t = store.add_trainee("Eli")
        sid = store.start_session(t.id, "two-card-joker", seed=11, question_count=1)
        store.record_answer(sid, t.id, AnswerResult(old, given, False, 5000))
        (a,) = store.answers(t.id)
        assert a.form == AMOUNTS
        shown = display_answer(a.form, a.given, a.fields)
        assert shown == ", ".join(f"{label} $0.01" for label in q.fields)
        path = tmp_path / "old.csv"
        assert export.answers_csv(store, AnswerFilter(trainee_id=t.id), path) == 1
        assert shown in path.read_text(encoding="utf-8")
        (again,) = [make_planned(p) for p in mistakes_plan([a])]
        assert again.form == SETTLE and again == q
