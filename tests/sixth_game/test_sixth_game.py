"""A sixth game from this test folder, registered through the registry's one seam
(``registry.register``), is found everywhere a game is: the home screen (its card, title
and blurb from its game.json, its skills), a quiz answered by keyboard and recorded, the
explorer's and the calculator's lists, ``dealer-trainer analyze`` and ``settle``, the
checks every question kind gets (tests/contracts/test_every_question.py), and Table mode
(a round dealt through its screen, watch mode's mistakes with the game's remedies).
Nothing in trainer/ names it."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.contracts.test_every_question import check_question, check_skills_and_kinds
from tests.gui.test_flow import answer_by_keyboard, feedback_shown, open_window, press
from tests.sixth_game import SPEC
from tests.sixth_game.calculator import EXAMPLE
from trainer.cli import main
from trainer.games import registry
from trainer.store import Store

GAME_ID = "high-card-duel"


@pytest.fixture
def sixth():
    with registry.register(SPEC):
        yield registry.get_game(GAME_ID)
    assert not registry.is_available(GAME_ID)  # the registry is as it was


def test_it_is_a_game_only_while_registered(sixth):
    assert [s.id for s in registry.specs()][-1] == GAME_ID  # after the shipped games
    assert [s.id for s in registry.shipped()] == ["two-card-joker", "four-card", "dj-wild", "winners-pot", "pokette"]
    assert (sixth.title, sixth.spec.blurb) == ("High Card Duel", "One card each against the dealer's card "
                                                                 "(a test game, never shipped)")
    assert (sixth.rules_file, sixth.seat_count, [s.key for s in sixth.spots]) == ("high-card-duel.txt", 3, ["ante"])
    assert registry.title_of(GAME_ID) == "High Card Duel"
    assert registry.skill_title(f"{GAME_ID}.payouts") == "High Card Duel: payouts"


def test_its_questions_pass_the_checks_every_game_gets(sixth):
    check_skills_and_kinds(sixth)
    for kind in sixth.question_kinds():
        for seed in range(60):
            check_question(sixth, kind, seed)


def test_a_settle_question_is_answered_from_the_rules(sixth):
    from trainer.training.session import make_question

    kind = next(k for k in sixth.question_kinds() if k.id == f"{GAME_ID}.settle-the-antes")
    q = make_question(kind, 3)  # the dealer's 6♠; Q♥ $25, 3♦ $10, 6♦ $25
    assert q.prompt == ("The dealer's card is 6♠. Seat 1: Q♥, Ante $25.00; Seat 2: 3♦, Ante $10.00; "
                        "Seat 3: 6♦, Ante $25.00. Settle each Ante.")
    assert json.loads(q.answer) == [["pay", 2500], ["collect"], ["push"]]  # §4, paid 1 to 1 (§5)
    assert q.citations == ("High Card Duel §4", "High Card Duel §5")


def test_analyze_and_settle_on_the_command_line(sixth, capsys, tmp_path):
    assert main(["analyze", GAME_ID]) == 0
    out = capsys.readouterr().out
    assert out.startswith("High Card Duel: every possible hand")
    # 52 x 51 ordered pairs: 1,248 higher, 156 the same rank (3 per card), 1,248 lower
    assert "higher card (wins)" in out and "1,248" in out and "156" in out and "2,652" in out
    assert "Ante: expected value +0.000000 per unit, house edge 0.0000%" in out

    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps(EXAMPLE))
    assert main(["settle", str(round_file), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    nets = [(s["seat"], s["wagers"][0]["result"], s["net"]) for s in result["seats"]]
    assert nets == [(1, "win", 1000), (2, "push", 0), (3, "lose", -2500)]  # K, 9 and 4 against the dealer's 9
    assert result["house_net"] == 1500
    assert main(["settle", str(round_file)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("High Card Duel\nDealer: 9d  nine of diamonds") and "Table inventory net: +$15.00" in text


def test_the_calculator_and_explorer_list_it(sixth, qtbot):
    from trainer.calculator_form import calculator_games
    from trainer.ui.screens.explorer_screen import analysis_games

    assert [g.id for g in calculator_games()][-1] == GAME_ID
    assert [g.id for g in analysis_games()][-1] == GAME_ID


def test_its_table_mode_is_the_table_mode_drill(sixth):
    from trainer.training.table_mode import games
    from trainer.ui.drills import drills_for

    assert games.has_table_mode(GAME_ID) and games.house_options(GAME_ID) == ()
    assert [(d.key, d.title) for d in drills_for(GAME_ID)] == [(f"{GAME_ID}.table", "Table mode")]


def test_a_round_dealt_right_through_the_table_mode_screen(sixth, qtbot):
    from tests.gui.test_table_mode import SEED, SIZE, Signals, begin, do_right
    from trainer.ui.table_mode.screen import TableModeScreen

    screen = TableModeScreen(GAME_ID)
    qtbot.addWidget(screen)
    screen.resize(*SIZE)
    screen.show()
    qtbot.waitExposed(screen)
    screen.start(SEED)
    signals = Signals(screen)
    r = begin(screen, level_id="practice")
    verbs = [a.verb for a in r.script.actions]
    i = 0
    while not r.finished:
        do_right(qtbot, screen, mouse=i % 2 == 1)  # by keyboard and by mouse, in turn
        i += 1
    assert verbs[:len(r.script.players) + 1] == ["deal"] * (len(r.script.players) + 1) and verbs[-1] == "clear"
    assert r.record.completed and r.record.clean and signals.recorded == [r.record]
    assert len(signals.answered) == len(verbs) and all(a.correct for a in signals.answered)


def test_watch_mode_deals_its_mistakes_with_the_games_remedies(sixth):
    from trainer.core.table.levels import level
    from trainer.core.table.script import RoundConfig
    from trainer.training.table_mode import games

    module = games.table_module(GAME_ID)
    found = {}
    for seed in range(1, 30):
        script = games.build_round(RoundConfig(GAME_ID, seed, level("practice")))
        for m in module.watch_mistakes(script, None):
            found[m.kind] = (m.rule_citation, m.remedy, m.remedy_citation)
    assert found == {
        "wrong-payout": ("High Card Duel §5", "Correct the payout to what the pay table pays", "High Card Duel §6(a)"),
        "wrong-order": ("High Card Duel §3", "Void the round and return every Ante", "High Card Duel §6(b)"),
    }
    games.watch_round(RoundConfig(GAME_ID, 5, level("practice")))  # the app deals it, its mistakes drawn in


def test_home_screen_and_a_quiz_by_keyboard(sixth, qtbot, tmp_path):
    db = tmp_path / "sixth.sqlite3"
    window = open_window(qtbot, db)
    window.add_trainee("Sixth Dealer")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    card = next(c for c in window.home_screen.cards if c.info.id == GAME_ID)
    assert card.info.available and card.info.title == "High Card Duel"
    assert card.info.blurb == sixth.spec.blurb
    assert [s.title for s in card.info.skills] == ["Payouts", "Procedures"]

    window.start_practice(GAME_ID, seed=7, count=4)
    quiz = window.quiz_screen
    kinds = set()
    for i in range(4):
        question = quiz.question
        assert question.game_id == GAME_ID
        kinds.add(question.kind)
        answer_by_keyboard(qtbot, window, question, right=i != 1)
        qtbot.waitUntil(lambda: feedback_shown(window), timeout=3000)
        assert quiz.feedback.verdict.text() == ("Not quite" if i == 1 else "Correct")
        qtbot.waitUntil(lambda: quiz.feedback.save_status.text().startswith("✓"), timeout=5000)
        press(qtbot, window, Qt.Key.Key_Return)
    assert kinds == {f"{GAME_ID}.settle-the-antes", f"{GAME_ID}.order-drill"}
    qtbot.waitUntil(lambda: window.current_screen() is window.summary_screen)
    assert window.summary_screen.score_value.text() == "3 / 4"
    assert window.worker.wait_idle()
    window.close()
    with Store.open(db) as store:
        rows = [a for t in store.trainees() for a in store.answers(t.id)]
    assert {(a.game_id, a.kind) for a in rows} == {(GAME_ID, k) for k in kinds}  # the answers, as the game's
    assert sorted(a.is_correct for a in rows) == [False, True, True, True]
