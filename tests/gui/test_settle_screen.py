"""The settlement calculator screen: the example settles to the cent, bad cards and
duplicates are shown without losing what was typed, the JSON round trip is exact, and
Print to PDF writes one page."""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QTextDocument
from PySide6.QtWidgets import QApplication, QFileDialog, QFrame

from trainer.calculator import settle
from trainer.games import registry
from trainer.calculator_form import seat_results, values_from_document
from trainer.ui.screens import settle_screen as ss
from trainer.ui.screens.settle_screen import SettleScreen

pytest.importorskip("trainer.games.two_card_joker")
GAME = "two-card-joker"


@pytest.fixture
def form():
    return registry.get_game(GAME).calculator_form()


@pytest.fixture
def screen(qtbot):
    s = SettleScreen()
    qtbot.addWidget(s)
    s.resize(1280, 760)
    s.show()
    qtbot.waitExposed(s)
    s.activateWindow()
    s.set_game(GAME)
    return s


def rows_of(screen, seat: int) -> dict:
    (found,) = [s for s in seat_results(screen.form, screen.result) if s.seat == seat]
    return {r.wager: r for r in found.rows}


def plain(html: str) -> str:
    """The text a rich-text label shows (no-break spaces and word joiners made plain)."""
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText().replace("\u2060", "").replace("\xa0", " ")


def count_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


# ------------------------------------------------------------------ the screen
def test_the_example_settles_with_exact_figures(screen):
    assert screen.title.text() == "Two Card Joker Poker"
    assert screen.error is None and not screen.error_banner.isVisible()
    assert screen.option_boxes["pair_up_table"].currentText() == "1"
    assert "§11(d)" in screen.option_boxes["pair_up_table"].toolTip()
    assert screen.dealer_edit.text() == "Qs 7d"
    assert [r.cards.text() for r in screen.rows] == ["JK Ah", "Kh Qh", "9c 4d"]
    seat1 = rows_of(screen, 1)
    assert (seat1["Ante"].amount, seat1["Ante"].result, seat1["Ante"].net, seat1["Ante"].odds) == \
        ("$10.00", "win", "+$10.00", "1 to 1")
    assert (seat1["Call"].amount, seat1["Call"].net, seat1["Call"].odds) == ("$10.00", "+$10.00", "1 to 1")
    assert (seat1["Pair Up"].amount, seat1["Pair Up"].net, seat1["Pair Up"].odds) == ("$5.00", "+$5.00", "1 to 1")
    assert seat1["Pair Up"].rule.startswith("Two Card Joker Poker §11(d)")
    seat5 = rows_of(screen, 5)
    assert (seat5["Ante"].result, seat5["Ante"].net, seat5["Ante"].odds) == ("lose", "-$10.00", "—")
    # what is on screen
    assert screen.results_widget.findChild(QFrame, "result-seat-1") is not None
    wagers = plain(screen.findChild(ss.QLabel, "result-seat-1-wagers").text())
    lines = [" ".join(line.split()) for line in wagers.splitlines() if line.strip()]
    assert lines[:5] == ["WAGER", "AMOUNT", "RESULT", "NET", "ODDS"]
    assert lines[5:] == ["Pair Up", "$5.00", "win", "+$5.00", "1 to 1", "§11(d), §10(c)(1); trainer ruling 8",
                         "Ante", "$10.00", "win", "+$10.00", "1 to 1", "§11(b)(2), §10(d)(2)(iii)",
                         "Call", "$10.00", "win", "+$10.00", "1 to 1", "§11(c), §10(d)(2)(iii)"]
    assert screen.findChild(ss.QLabel, "result-seat-1-net").text() == "+$25.00"
    assert screen.findChild(ss.QLabel, "result-dealer-hand").text() == "Queen high (queen-seven) · qualifies"
    assert "-$138.00" in screen.findChild(ss.QLabel, "house-net").text()


def test_a_bad_card_is_shown_as_typed_and_nothing_is_lost(qtbot, screen):
    edit = screen.rows[0].cards
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "JK A")
    assert edit.text() == "JK A"
    assert edit.property("invalid") == "false"  # 'A' may still become a card
    qtbot.keyClicks(edit, "z")
    assert edit.property("invalid") == "true"
    assert screen.seats_error.isVisible()
    assert "Seat 1 · cards: 'Az' is not a card: the suit must be one of s h d c" in screen.seats_error.text()
    assert screen.stale_note.isVisible()
    before = screen.result
    qtbot.keyClick(edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Enter settles
    assert screen.error_banner.isVisible()
    assert "'Az' is not a card" in screen.error_label.text()
    assert edit.text() == "JK Az" and screen.dealer_edit.text() == "Qs 7d"
    assert screen.result is before  # the last good settlement is still shown
    edit.setText("JK Ad")
    assert edit.property("invalid") == "false" and not screen.seats_error.isVisible()
    screen.settle_button.click()
    assert not screen.error_banner.isVisible() and screen.error is None
    assert rows_of(screen, 1)["Pair Up"].net == "+$5.00"


def test_a_bad_amount_is_shown_and_kept(screen):
    field = screen.rows[1].amounts["ante"]
    field.setText("25.999")
    assert field.property("invalid") == "true"
    assert "Seat 3 · Ante: '25.999' is not an amount" in screen.seats_error.text()
    assert screen.settle_now() is None
    assert "Seat 3 · Ante" in screen.error_label.text() and field.text() == "25.999"


def test_a_duplicate_card_shows_the_settlement_error(screen):
    screen.rows[0].cards.setText("Qs Ah")  # the dealer holds the Qs
    assert screen.rows[0].cards.property("invalid") == "false"  # a card, so the field is fine
    assert screen.settle_now() is None
    assert screen.error_label.text() == "Qs is dealt twice; Two Card Joker Poker (§2(a)) uses one deck"
    assert screen.error_banner.isVisible()
    assert screen.rows[0].cards.text() == "Qs Ah"
    screen.rows[1].set_number(1)
    screen.rows[0].cards.setText("JK Ah")
    assert screen.settle_now() is None and screen.error_label.text() == "a seat is listed twice"


def test_options_wagers_and_decisions_change_the_settlement(qtbot, screen):
    screen.option_boxes["pair_up_table"].setCurrentText("2")
    screen.rows[0].cards.setText("JK JK")
    screen.rows[0].amounts["ante"].setText("20")
    qtbot.keyClick(screen.rows[0].amounts["ante"], Qt.Key.Key_Enter, Qt.KeyboardModifier.ControlModifier)
    assert screen.result["options"] == {"pair_up_table": "2"}
    seat1 = rows_of(screen, 1)
    assert (seat1["Pair Up"].net, seat1["Pair Up"].odds) == ("+$250.00", "50 to 1")
    assert seat1["Ante"].net == "+$20.00" and seat1["Call"].net == "+$160.00"
    screen.rows[0].decision.setCurrentText("Fold")
    screen.settle_now()
    assert rows_of(screen, 1)["Ante"].net == "-$20.00" and "Call" not in rows_of(screen, 1)


def test_seats_are_added_and_removed(screen):
    assert len(screen.rows) == 3
    added = [screen.add_seat() for _ in range(3)]
    assert [r.number() for r in added] == [2, 4, 6]
    assert len(screen.rows) == 6 and not screen.add_button.isEnabled()
    assert screen.add_seat() is None
    screen.rows[1].cards.setFocus()
    QApplication.processEvents()
    screen.remove_seat()  # the seat being edited
    assert [r.number() for r in screen.rows] == [1, 5, 2, 4, 6]
    while len(screen.rows) > 1:
        screen.remove_seat()
    assert not screen.remove_button.isEnabled()
    screen.remove_seat()
    assert len(screen.rows) == 1
    assert screen.settle_now() is not None  # seat 1 alone


def test_the_card_picker_fills_the_cards_fields(qtbot, screen):
    screen.dealer_edit.clear()
    screen.dealer_edit.setFocus()
    QApplication.processEvents()
    assert screen.target is screen.dealer_edit
    assert not screen.picker.buttons["Ah"].isEnabled()  # seat 1 holds it
    qtbot.mouseClick(screen.picker.buttons["Ks"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(screen.picker.buttons["3d"], Qt.MouseButton.LeftButton)
    assert screen.dealer_edit.text() == "Ks 3d"
    assert not screen.picker.buttons["Ks"].isEnabled()
    assert screen.picker.buttons["JK"].isEnabled()  # one joker is in play, the other is not
    screen.rows[0].cards.setText("JK")
    qtbot.mouseClick(screen.picker.buttons["JK"], Qt.MouseButton.LeftButton)  # the dealer is full: on to seat 1
    assert screen.rows[0].cards.text() == "JK JK"
    assert not screen.picker.buttons["JK"].isEnabled()
    assert screen.settle_now() is not None


def test_json_copy_save_and_open_round_trip(qtbot, screen, tmp_path, form):
    screen.rows[2].amounts["super_flush"].setText("7.50")
    text = screen.copy_json()
    assert QGuiApplication.clipboard().text() == text
    doc = json.loads(text)
    assert doc["seats"][2]["wagers"] == {"ante": 1000, "pair_up": 200, "super_flush": 750}
    path = tmp_path / "round.json"
    assert screen.save_json(path)
    assert json.loads(path.read_text()) == doc

    other = SettleScreen()
    qtbot.addWidget(other)
    assert other.open_json(path)
    assert other.values() == values_from_document(form, doc)
    assert other.document() == screen.document()
    assert other.document() == doc
    assert other.result == settle(doc)

    (tmp_path / "bad.json").write_text('{"game": "two-card-joker", ')
    assert not other.open_json(tmp_path / "bad.json")
    assert "bad.json: not valid JSON" in other.error_label.text()
    assert other.document() == doc  # the form is as it was
    (tmp_path / "odd.json").write_text(json.dumps({"game": "pokette"}))
    assert not other.open_json(tmp_path / "odd.json")
    assert "could not be loaded" in other.error_label.text()


def test_open_and_save_through_the_file_dialogs(qtbot, screen, tmp_path, monkeypatch):
    path = tmp_path / "dialog.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), "")))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))
    screen.save_button.click()
    assert json.loads(path.read_text()) == screen.document()
    screen.rows[0].cards.setText("2c 3c")
    screen.open_button.click()
    assert screen.rows[0].cards.text() == "JK Ah"


def test_print_to_pdf_writes_one_page(qtbot, screen, tmp_path, monkeypatch):
    out = tmp_path / "settlement.pdf"
    assert screen.print_pdf(out)
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert count_pages(data) == 1 and b"/Count 1" in data
    # six seats with every wager still fit one page
    while screen.add_seat() is not None:
        pass
    free = iter(["2c 2d", "5c 6c", "8s 8h"])
    for row in screen.rows:
        if not row.cards.text():
            row.cards.setText(next(free))
            for key in ("ante", "pair_up", "super_flush"):
                row.amounts[key].setText("100")
            row.decision.setCurrentText("Call")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "six"), "")))
    screen.pdf_button.click()
    assert screen.error is None, screen.error
    data = (tmp_path / "six.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and count_pages(data) == 1


def test_print_to_pdf_refuses_a_round_that_does_not_settle(screen, tmp_path):
    screen.rows[0].cards.setText("Qs Ah")
    assert not screen.print_pdf(tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()
    assert "dealt twice" in screen.error_label.text()


def test_the_settlement_html_names_everything(form):
    result = settle(form.example)
    html = ss.settlement_html(form, "Two Card Joker Poker", result)
    for text in ("Settlement of a round", "Two Card Joker Poker", "Pair Up pay table", "Qs 7d",
                 "Seat 1: JK Ah", "Seat 3: Kh Qh", "Seat 5: 9c 4d", "1 to 1", "5 to 1",
                 "Two Card Joker Poker §11(d), §10(c)(1); trainer ruling 8", "-$138.00"):
        assert text in html


def test_escape_goes_back(qtbot, screen):
    with qtbot.waitSignal(screen.back_requested, timeout=1000):
        qtbot.keyClick(screen.dealer_edit, Qt.Key.Key_Escape)


def test_other_games_switch_the_form(screen):
    others = [g for g in screen.games if g.id != GAME]
    for g in others:
        screen.game_box.setCurrentIndex(screen.game_box.findData(g.id))
        assert screen.form is g.form and screen.title.text() == g.title
        assert len(screen.rows) == len(g.form.example["seats"])
        assert screen.error is None, screen.error
    screen.game_box.setCurrentIndex(screen.game_box.findData(GAME))
    assert screen.form.game_id == GAME and screen.result is not None


def test_a_registry_without_calculators_shows_a_message(qtbot, fake_game):
    s = SettleScreen()
    qtbot.addWidget(s)
    assert s.games == [] and s.form is None
    assert "No available game has a settlement calculator" in s.error_label.text()
    assert s.settle_now() is None
