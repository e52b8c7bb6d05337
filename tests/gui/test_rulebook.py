"""The rule book (issue 18): a citation in quiz feedback and in a table-mode stop opens
the rule book at the cited section; Ctrl+R opens the citation on screen; the contents,
the search, the pay tables and the rulings beside; the folder setting; no rule book in
an exam."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from tests.gui.test_table_mode import VERBS, begin, do_right, key_of, press, select
from trainer.rulebook.citations import parse_target
from trainer.rulebook.library import current_library, use_rules_texts
from trainer.core.table.actions import ANNOUNCE, PAY
from trainer.training.table_mode.actions import WRONG_STEP
from trainer.ui.citation_links import targets
from trainer.ui.main_window import MainWindow
from trainer.ui.menus import screen_shortcuts
from trainer.ui.rulebook_install import FOLDER_KEY
from trainer.ui.screens.rulebook_screen import RulebookScreen
from trainer.ui.table_mode.screen import TableModeScreen

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"


@pytest.fixture
def rules():
    if not (RULES / "RULINGS.md").is_file():
        pytest.skip(f"the rule texts are not at {RULES} (a checkout beside shared/rules/; CI has them)")
    use_rules_texts(RULES)
    yield RULES
    use_rules_texts(None)


def open_window(qtbot, tmp_path, name="Rule Reader", settings=None) -> MainWindow:
    window = MainWindow(tmp_path / "rb.sqlite3", settings=settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee(name)
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    return window


def selected_target(book: RulebookScreen) -> str:
    item = book.contents.currentItem()
    return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else ""


def test_a_feedback_citation_opens_the_rule_book_at_its_section(qtbot, tmp_path, rules):
    window = open_window(qtbot, tmp_path)
    window.start_practice("four-card", seed=5)
    quiz = window.quiz_screen
    question = quiz.session.current()
    quiz.submit_answer(question.answer)
    qtbot.waitUntil(lambda: quiz.feedback.citations.isVisible())
    links = targets(quiz.feedback.citations.text())
    # every citation a link (a section cited twice is shown, and linked, once: a seat's
    # payout may cite §11(a)(2) for two of its wagers)
    assert len(links) >= len(set(question.citations))
    # the first link names the first citation's section
    first = question.citations[0]
    book_id, sec = parse_target(links[0])
    assert book_id == "four-card" and first.endswith("§" + sec)
    quiz.feedback.citations.linkActivated.emit(links[0])  # the label's click
    book = window.current_screen()
    assert isinstance(book, RulebookScreen)
    assert book.current.target == links[0]
    assert selected_target(book) == links[0]
    assert book.text.toPlainText().startswith(f"Four Card Poker §{sec}")
    official = current_library().texts["four-card"].get(sec).text.splitlines()[0]
    assert official[:40] in book.text.toPlainText()
    qtbot.keyClick(book, Qt.Key.Key_Escape)  # back where it was opened
    assert window.current_screen() is quiz
    # Ctrl+R opens the citation on screen
    window.rulebook_action.trigger()
    assert window.current_screen() is book and book.current.target == links[0]
    window.close()


def test_a_table_mode_stop_opens_the_rule_book_at_the_rule_broken(qtbot, tmp_path, rules):
    window = open_window(qtbot, tmp_path)
    card = next(c for c in window.home_screen.cards if c.info.id == "four-card")
    (button,) = [b for b in card.drill_buttons if b.objectName() == "drill-four-card.table"]
    button.click()
    screen = window.current_screen()
    assert isinstance(screen, TableModeScreen)
    r = begin(screen, level_id="practice")
    deal = screen.deal
    while r.next_action().verb == ANNOUNCE:
        do_right(qtbot, screen)
    action = r.next_action()
    pending = {r.script.actions[i].verb for i in r.pending()}
    wrong = next(v for v in deal.verb_buttons if v not in pending and v not in (PAY, ANNOUNCE))
    select(qtbot, screen, action, mouse=False)
    if deal.selection is None:
        press(qtbot, screen, key_of(VERBS[wrong][1]))
        press(qtbot, screen, Qt.Key.Key_0)
    press(qtbot, screen, key_of(VERBS[wrong][1]))
    banner = deal.stopped
    assert banner.isVisible() and r.record.mistakes and r.record.mistakes[-1]["kind"] == WRONG_STEP
    links = targets(banner.rules.text())
    assert links, banner.rules.text()
    cited = [c for c in action.citations if c]
    book_id, sec = parse_target(links[0])
    assert cited[0].endswith("§" + sec) and book_id == "four-card"
    banner.rules.linkActivated.emit(links[0])
    book = window.current_screen()
    assert isinstance(book, RulebookScreen) and book.current.target == links[0]
    assert selected_target(book) == links[0]
    assert book.text.toPlainText().startswith(f"Four Card Poker §{sec}")
    book.back_button.click()
    assert window.current_screen() is screen and banner.isVisible()
    window.close()


def test_contents_search_pay_tables_and_rulings_beside(qtbot, rules):
    book = RulebookScreen()
    qtbot.addWidget(book)
    book.show_target("rule:two-card-joker/11(d)")
    assert book.game_box.currentData() == "two-card-joker"
    top = [book.contents.topLevelItem(i).text(0) for i in range(book.contents.topLevelItemCount())]
    assert top[0] == "§1  Definitions" and top[11] == "§12  Irregularities" and top[12] == "Rulings (RULINGS.md)"
    # the Pair Up tables of the game's data, drawn as tables beside the text
    side = book.side.toHtml()
    assert "Pair Up" in book.side.toPlainText() and "<table" in side
    # a ruling on the section is beside it: ruling 6 cites §5(b)(6) and §5(c)
    book.show_target("rule:two-card-joker/5(c)")
    assert "trainer ruling 6" in book.side.toPlainText()
    # search keeps the sections that hold every word, with their parents
    book.search.setText("recut")
    shown = [i.data(0, Qt.ItemDataRole.UserRole) for i in book._items() if not i.isHidden()]
    assert "rule:two-card-joker/4(d)" in shown and "rule:two-card-joker/4" in shown
    assert "rule:two-card-joker/11" not in shown
    book.search.clear()
    assert all(not i.isHidden() for i in book._items())
    # the Pokette payouts file and its table
    book.show_target("rule:pokette-payouts/table")
    assert book.game_box.currentData() == "pokette"
    assert "Single card straight up" in book.text.toPlainText() and "<table" in book.text.toHtml()


def test_without_the_texts_the_summaries_and_how_to_load_them(qtbot, tmp_path):
    use_rules_texts(tmp_path)
    try:
        book = RulebookScreen()
        qtbot.addWidget(book)
        book.show_target("rule:four-card/11(a)(2)")
        assert "not loaded" in book.status.text() and "Rules folder" in book.status.text()
        text = book.text.toPlainText()
        assert text.startswith("Four Card Poker §11(a)(2)") and "Ante bonus" in text
        book.set_folder(str(RULES)) if RULES.is_dir() else None
    finally:
        use_rules_texts(None)


def test_the_folder_chosen_is_remembered(qtbot, tmp_path, rules):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    use_rules_texts(None)
    window = open_window(qtbot, tmp_path, settings=settings)
    book = window.open_rulebook()
    book.set_folder(str(rules))
    assert settings.value(FOLDER_KEY) == str(rules)
    window.close()
    use_rules_texts(None)
    again = MainWindow(tmp_path / "rb2.sqlite3", settings=settings, open_store=False)
    qtbot.addWidget(again)
    book = again.open_rulebook()  # read from the settings when the rule book first opens
    assert current_library().folder == rules and book.status.text().endswith(f" in {rules}.")
    again.close()


def test_the_rule_book_key_is_free_and_listed(qtbot, tmp_path):
    window = MainWindow(tmp_path / "k.sqlite3", open_store=False)
    qtbot.addWidget(window)
    keys = [a.shortcut().toString() for a in window.findChildren(type(window.rulebook_action))
            if a is not window.rulebook_action and not a.shortcut().isEmpty()]
    assert window.rulebook_action.shortcut().toString() == "Ctrl+R" and "Ctrl+R" not in keys
    window.show_screen(window.home_screen)
    assert ("Ctrl+R", "Rule book") in screen_shortcuts(window.current_screen(), window)


def test_print_as_worksheet_from_the_exam_builder(qtbot, tmp_path, monkeypatch, fake_game):
    """The supervisor's exam builder prints the exam as a worksheet: the exam's own plan
    (same seed, same questions in the same order as the stations), with an answer key."""
    from tests.gui import test_supervisor_flow as sup
    from trainer.review.demo import DemoPlan, populate
    from trainer.store import Store
    from trainer.training.exams import exam_plan
    from trainer.training.session import make_planned
    from trainer.ui import worksheet

    db = tmp_path / "review.sqlite3"
    with Store.open(db) as s:
        populate(s, DemoPlan(trainees=2, days=3, seed=5))
    window, flow, _progress = sup.signed_in(qtbot, db)
    flow.show_tools(1)
    tools = flow.tools
    qtbot.mouseClick(tools.new_exam_button, Qt.MouseButton.LeftButton)
    sup.fill(qtbot, tools.exam_title, "Paper check")
    tools.set_game(fake_game.GAME_ID, True)
    tools.exam_count.setValue(5)
    tools.exam_seed.setValue(4242)
    printed = []
    real = worksheet.write_worksheet
    monkeypatch.setattr(worksheet, "write_worksheet",
                        lambda path, title, qs: printed.append((title, qs)) or real(path, title, qs))
    out = tmp_path / "paper.pdf"
    flow.choose_save = lambda *_a: str(out)
    qtbot.mouseClick(tools.print_worksheet_button, Qt.MouseButton.LeftButton)
    assert out.read_bytes().startswith(b"%PDF")
    assert "Saved the worksheet" in tools.status.text()
    (title, questions), = printed
    spec = flow._spec(tools.form_values())
    assert title == "Paper check: worksheet (seed 4242)"
    assert [(q.kind, q.prompt, q.answer) for q in questions] == [
        (make_planned(p).kind, make_planned(p).prompt, make_planned(p).answer) for p in exam_plan(spec)]
    window.close()


def _quiz(qtbot, mode):
    from trainer.training.session import Session
    from trainer.ui.screens.quiz_screen import QuizScreen

    screen = QuizScreen()
    qtbot.addWidget(screen)
    screen.resize(1280, 780)
    screen.show()
    qtbot.waitExposed(screen)
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    screen.start(Session.quiz("two-card-joker", 5, 2, kinds=("two-card-joker.seat-payout",)), mode=mode)
    return screen


@pytest.mark.display
def test_pay_cards_in_learn_and_practice_toggled_by_ctrl_p(qtbot):
    from trainer.games import registry

    screen = _quiz(qtbot, "learn")
    panel = screen.pay_cards
    assert panel.isVisible()
    q = screen.question
    table = q.detail["pair_up_table"]
    pair_up = registry.get_game("two-card-joker").data().pay_tables[f"pair_up_{table}"]
    text = panel.text.text()
    assert pair_up.title in text and f"Pair Up pay table: {table}" in text
    for row in pair_up.rows:  # the table in force, row by row
        assert f"{row.label}</td>" in text and f"<b>{row.odds}</b>" in text
    others = [t.title for tid, t in registry.get_game("two-card-joker").data().pay_tables.items()
              if tid.startswith("pair_up_") and tid != f"pair_up_{table}"]
    assert all(f"<b>{title}</b>" not in text for title in others)  # not the tables out of force
    qtbot.keyClick(screen, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert not panel.isVisible()
    qtbot.keyClick(screen, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert panel.isVisible()
    practice = _quiz(qtbot, "practice")
    assert practice.pay_cards.isVisible()


def test_no_pay_cards_in_speed_mode_or_an_exam(qtbot):
    speed = _quiz(qtbot, "speed")
    assert not speed.pay_cards.isVisible()
    qtbot.keyClick(speed, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)  # the key does nothing there
    assert not speed.pay_cards.isVisible()
    exam = _quiz(qtbot, "practice")
    exam.session.mode = "exam"  # an exam's session is run in practice form, its mode exam
    exam.show_question()
    assert not exam.pay_cards.isVisible()


def test_the_calculators_results_link_each_rule():
    from trainer.ui.screens.settle_screen import WagerRow, wager_table_html

    row = WagerRow("Ante", "$10.00", "win", "+$10.00", 1000, "1 to 1",
                   "Four Card Poker §11(a)(1); Four Card Poker §10(e); trainer ruling 9", "")
    html = wager_table_html((row,), "Four Card Poker")
    assert targets(html) == ["rule:four-card/11(a)(1)", "rule:four-card/10(e)", "rule:rulings/9"]


def test_a_ruling_on_a_sub_section_is_beside_it(qtbot, rules):
    """Ruling 10 writes "(§11(a)(2))": it is shown beside §11(a)(2) and §11(a), not §11(a)(3)."""
    book = RulebookScreen()
    qtbot.addWidget(book)
    book.show_target("rule:four-card/11(a)(2)")
    assert "trainer ruling 10" in book.side.toPlainText()
    book.show_target("rule:four-card/11(a)")
    assert "trainer ruling 10" in book.side.toPlainText()
    book.show_target("rule:four-card/11(a)(3)")
    assert "trainer ruling 10" not in book.side.toPlainText()


def test_no_rule_book_during_an_exam(qtbot, tmp_path, rules):
    """Citations are shown only after an exam is submitted: Ctrl+R does not open the rule
    book on the exam's question screen."""
    from types import SimpleNamespace

    window = open_window(qtbot, tmp_path)
    window.start_practice("four-card")
    window._exams = SimpleNamespace(taking=window.quiz_screen, shutdown=lambda: None)  # as the exam screen
    window.rulebook_action.trigger()
    assert window.current_screen() is window.quiz_screen
    assert "once the exam is submitted" in window.statusBar().currentMessage()
    window._exams = None
    window.rulebook_action.trigger()
    assert isinstance(window.current_screen(), RulebookScreen)
    window.close()


def test_pay_cards_beside_a_table_round_at_learn_and_practice(qtbot):
    from tests.gui.test_table_mode import SEED
    from trainer.ui.table_mode.screen import TableModeScreen as Screen

    screen = Screen("two-card-joker")
    qtbot.addWidget(screen)
    screen.resize(1280, 770)
    screen.show()
    qtbot.waitExposed(screen)
    screen.start(SEED)
    r = begin(screen, level_id="practice")
    panel = screen.deal.pay_cards
    assert panel.isVisible()
    table = r.script.options.get("pair_up_table", "1")
    assert f"Pair Up pay table: {table}" in panel.text.text() and "Pair Up" in panel.text.text()
    begin(screen, level_id="table-ready")
    assert not panel.isVisible()
