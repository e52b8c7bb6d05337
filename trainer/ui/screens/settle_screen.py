"""Settle a round: the settlement calculator on screen.

A floor supervisor settling a disputed payout, or an instructor writing a worksheet,
picks the game and its house options, types the dealer's cards and each seat's cards,
wagers and decision, and presses Settle: every wager's result, net, odds and the rule it
comes from, exactly as ``dealer-trainer settle`` prints them.

The screen is generic over the registry: every available game whose ``Game`` provides
``calculator_form()`` is offered, and the form (``trainer.calculator.CalculatorForm``)
says which options, cards, wagers and decisions to ask for. The round is built into the
same JSON document the command line reads, by the pure functions of
``trainer.calculator_form`` (``document_from_values`` and ``values_from_document``), so it
can be opened, saved, copied and printed. Errors never leave the screen: they are shown in red, and
what was typed stays where it was.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from html import escape
from pathlib import Path

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from trainer.calculator import settle
from trainer.contracts.game import CalculatorForm
from trainer.calculator_form import (
    NO_DECISION,
    CalculatorGame,
    FormError,
    FormValues,
    SeatResult,
    SeatValues,
    WagerRow,
    amount_problem,
    calculator_games,
    card_problem,
    dealer_line,
    default_file_name,
    document_from_values,
    document_json,
    free_seat,
    game_for_document,
    grouped_rule,
    may_pick,
    next_field,
    options_lines,
    parse_document_text,
    rule_lines,
    seat_results,
    split_cards,
    used_cards,
    values_from_document,
)
from trainer.core.cards import JOKER_TEXT, RANK_CHARS, SUIT_CHARS, Card, CardError
from trainer.core.money import format_cents
from trainer.core.settlement import SettlementError
from trainer.games import registry
from trainer.ui import style
from trainer.ui.citation_links import attach, link_html
from trainer.rulebook.citations import TITLES
from trainer.ui.flow import RowFlowLayout
from trainer.ui.keys import EscapeGoesBack
from trainer.ui.worksheet import letter_writer, page_document


# ------------------------------------------------------------------- showing results
def net_colour(cents: int) -> str:
    return style.GOOD if cents > 0 else (style.BAD if cents < 0 else style.MUTED)


def result_colour(result: str) -> str:
    return {"win": style.GOOD, "lose": style.BAD, "refer": style.GOLD}.get(result, style.MUTED)


def settlement_html(form: CalculatorForm, title: str, result: dict, when: datetime | None = None) -> str:
    """The settlement as one printable HTML page (for QTextDocument): title, game, options,
    dealer, every seat's wagers with odds and rule, the table's net and the date."""
    when = when or datetime.now()
    out = [f"<h1 style='color:{style.ACCENT_DARK}; font-size:17pt; margin:0'>Settlement of a round</h1>",
           (f"<p style='font-size:12pt; margin:2px 0 8px 0'><b>{escape(title)}</b>"
            f" &nbsp;·&nbsp; {escape(when.strftime('%d %B %Y, %H:%M'))}</p>")]
    opts = options_lines(form, result)
    if opts:
        out.append("<p style='margin:0 0 4px 0'><b>House options:</b> " + "; ".join(
            f"{escape(t)} = <b>{escape(v)}</b>" + (f" <span style='color:{style.MUTED}'>({escape(c)})</span>"
                                                   if c else "") for t, v, c in opts) + "</p>")
    dealer = result.get("dealer")
    if dealer:
        out.append(f"<p style='margin:0 0 6px 0'><b>Dealer:</b> {escape(' '.join(dealer.get('cards', [])))}"
                   f" &nbsp; {escape(dealer_line(result))}</p>")
    head = "".join(f"<th align='{a}' width='{w}%' style='padding:3px 6px; "
                   f"border-bottom:1px solid {style.BORDER_STRONG}'>{h}</th>"
                   for h, a, w in (("Wager", "left", 16), ("Amount", "right", 11), ("Result", "left", 9),
                                   ("Net", "right", 12), ("Odds", "left", 9), ("Rule", "left", 43)))
    for s in seat_results(form, result):
        out.append(f"<h3 style='margin:10px 0 2px 0; font-size:12pt'>Seat {s.seat}: {escape(' '.join(s.cards))}"
                   f" &nbsp; <span style='font-weight:normal'>{escape(s.description)}</span>"
                   f" &nbsp; <span style='color:{net_colour(s.net_cents)}'>seat net {escape(s.net)}</span></h3>")
        rows = []
        for r in s.rows:
            rows.append(
                "<tr>"
                f"<td style='padding:2px 6px'>{escape(r.wager)}</td>"
                f"<td align='right' style='padding:2px 6px'>{escape(r.amount)}</td>"
                f"<td style='padding:2px 6px; color:{result_colour(r.result)}'>{escape(r.result)}</td>"
                f"<td align='right' style='padding:2px 6px; color:{net_colour(r.net_cents)}'><b>{escape(r.net)}</b></td>"
                f"<td style='padding:2px 6px'>{escape(r.odds)}</td>"
                f"<td style='padding:2px 6px; font-size:8.5pt'>{escape(grouped_rule(r.rule))}</td>"
                "</tr>")
        out.append(f"<table width='100%' cellspacing='0' cellpadding='0' style='font-size:10pt'>"
                   f"<tr>{head}</tr>{''.join(rows)}</table>")
    if "house_net" in result:
        out.append(f"<p style='margin:12px 0 0 0'><b>Table inventory net:</b> "
                   f"{escape(format_cents(result['house_net'], sign=True))}</p>")
    out.append("<table width='100%' cellspacing='0' cellpadding='0' style='margin-top:28px'><tr>"
               + "".join(f"<td width='{w}%' style='padding:0 18px 0 0'>{who.replace(' ', '&nbsp;')}:&nbsp;"
                         f"<span style='color:{style.BORDER_STRONG}'>{'_' * n}</span></td>"
                         for who, w, n in (("Floor supervisor", 42, 22), ("Dealer", 33, 20), ("Date", 25, 14)))
               + "</tr></table>")
    out.append(f"<p style='margin:14px 0 0 0; color:{style.MUTED}; font-size:8.5pt'>Settled by Dealer Trainer "
               f"from the rules texts; each wager cites the section it is paid by. Amounts in dollars and cents.</p>")
    return "<html><body style='font-size:10pt'>" + "".join(out) + "</body></html>"


def write_pdf(path: str | Path, html: str, title: str = "Settlement") -> None:
    """Write ``html`` to a one-page Letter PDF with Qt's own writer, scaled down to fit the
    page when it is long. Raises OSError when the file cannot be written."""
    path = Path(path)
    writer, page = letter_writer(path, title, 300, (16, 16, 16, 16))
    doc = page_document(html, writer, page.width())
    height = doc.size().height()
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot write {path}")
    try:
        if height > page.height():  # one page, always: shrink the whole sheet to fit
            scale = page.height() / height
            painter.scale(scale, scale)
            doc.setTextWidth(page.width() / scale)
        doc.drawContents(painter)
    finally:
        painter.end()
    if not path.exists() or path.stat().st_size == 0:
        raise OSError(f"cannot write {path}")


# ----------------------------------------------------------------------- the widgets
CARD_W, CARD_H = 27, 38  # the picker's cards
CARD_PICKER_WIDTH = 14 * (CARD_W + 6)
RESULT_CARD_W, RESULT_CARD_H = 34, 48

COMBO_STYLE = f"""
QComboBox {{
    background: {style.SURFACE};
    border: 1px solid {style.BORDER_STRONG};
    border-radius: 8px;
    padding: 5px 6px 5px 10px;
    min-height: 24px;
}}
QComboBox:hover {{ border-color: {style.ACCENT}; }}
QComboBox:focus {{ border: 2px solid {style.ACCENT}; padding: 4px 5px 4px 9px; }}
QComboBox:disabled {{ color: {style.FAINT}; background: {style.SURFACE_ALT}; border-color: {style.BORDER}; }}
QComboBox::drop-down {{ border: none; width: 26px; }}
QComboBox::down-arrow {{ image: none; width: 0; height: 0; }}
QComboBox QAbstractItemView {{
    background: {style.SURFACE}; border: 1px solid {style.BORDER_STRONG}; padding: 4px;
    selection-background-color: {style.ACCENT_SOFT}; selection-color: {style.TEXT}; outline: none;
}}
"""

LOCAL_STYLE = f"""
{COMBO_STYLE}
QComboBox[role="cell"] {{ font-size: 11.5pt; padding: 4px 4px 4px 8px; }}
QComboBox[role="cell"]:focus {{ padding: 3px 3px 3px 7px; }}
QLineEdit[role="cell"] {{ font-size: 11.5pt; padding: 5px 8px; }}
QLineEdit[role="cell"]:focus {{ padding: 4px 7px; }}
QLineEdit[role="cell"][invalid="true"] {{ padding: 4px 7px; }}
QToolButton[role="pick"] {{ border: 1px solid transparent; border-radius: 4px; padding: 0; background: transparent; }}
QToolButton[role="pick"]:hover {{ border-color: {style.ACCENT}; background: {style.ACCENT_SOFT}; }}
QToolButton[role="row-remove"] {{
    border: 1px solid transparent; border-radius: 6px; color: {style.FAINT}; font-weight: 700; background: transparent;
}}
QToolButton[role="row-remove"]:hover {{ color: {style.BAD}; border-color: {style.BORDER}; background: {style.BAD_SOFT}; }}
QPushButton[role="flat"]:checked {{ background: {style.ACCENT_SOFT}; border: 1px solid #bcdcca; }}
QLabel[role="col-head"] {{ color: {style.MUTED}; font-size: 9.5pt; font-weight: 700; }}
QLabel[role="field-error"] {{ color: {style.BAD}; font-size: 10pt; font-weight: 600; }}
QLabel[role="note"] {{ color: {style.GOLD}; font-size: 10pt; font-weight: 600; }}
QLabel[role="done"] {{ color: {style.GOOD}; font-size: 10pt; font-weight: 600; }}
QLabel[role="seat-title"] {{ font-size: 12.5pt; font-weight: 700; color: {style.TEXT}; }}
QLabel[role="seat-net-good"] {{ font-size: 12.5pt; font-weight: 700; color: {style.GOOD}; }}
QLabel[role="seat-net-bad"] {{ font-size: 12.5pt; font-weight: 700; color: {style.BAD}; }}
QLabel[role="seat-net"] {{ font-size: 12.5pt; font-weight: 700; color: {style.MUTED}; }}
QFrame[role="seat-block"] {{ background: {style.SURFACE}; border: none; border-top: 1px solid {style.BORDER}; }}
QLabel[role="error-text"] {{ color: {style.BAD}; font-weight: 600; background: transparent; }}
"""


class Combo(QComboBox):
    """A combobox in the app's look: the stylesheet draws the box, this draws the chevron
    (the stylesheet alone has no arrow to offer without an image file)."""

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(QColor(style.MUTED if self.isEnabled() else style.FAINT), 1.8)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        cx, cy = self.width() - 15.0, self.height() / 2
        path = QPainterPath(QPointF(cx - 4.5, cy - 2))
        path.lineTo(cx, cy + 2.5)
        path.lineTo(cx + 4.5, cy - 2)
        painter.drawPath(path)
        painter.end()


@cache
def card_pixmap(text: str, width: int, height: int, ratio: float = 2.0) -> QPixmap:
    from trainer.ui.card_art import card_image

    image = card_image(text, int(width * ratio), int(height * ratio))
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


class CardsEdit(QLineEdit):
    """A field of cards typed as text ('As Kd', 'JK 9c'), checked as it is typed."""

    focused = Signal(object)

    def __init__(self, count: int | None, where: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = count
        self.where = where
        self.problem: str | None = None
        self.setPlaceholderText("e.g. " + " ".join(["As", "Kd", "JK", "9c", "Th", "2s"][: count or 2]))
        self.setToolTip("Cards are rank then suit: As, Td, 7c; a joker is JK")
        self.textChanged.connect(self._check)

    def _check(self) -> None:
        self.problem = card_problem(self.text(), self.count, typing=self.hasFocus())
        style.set_flag(self, "invalid", self.problem is not None)

    def recheck(self) -> None:
        self.problem = card_problem(self.text(), self.count)
        style.set_flag(self, "invalid", self.problem is not None)

    def full(self) -> bool:
        return self.count is not None and len(split_cards(self.text())) >= self.count and self.problem is None

    def append_card(self, card: str) -> None:
        text = self.text().rstrip()
        self.setText(f"{text} {card}" if text else card)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.focused.emit(self)

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.recheck()


class AmountField(QLineEdit):
    def __init__(self, where: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.where = where
        self.problem: str | None = None
        self.setPlaceholderText("—")
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setProperty("role", "cell")
        self.textChanged.connect(self._check)

    def _check(self) -> None:
        self.problem = amount_problem(self.text())
        style.set_flag(self, "invalid", self.problem is not None)


SINGLE_LINE_MAX = 600  # px: wider seat rows put the amounts on a second line
RESULTS_MIN_WIDTH = 440  # px: the settlement never gets narrower (the seats scroll instead)
INPUT_MIN_WIDTH = 420
PICKER_MIN_HEIGHT = 700  # px of screen: below it the card picker is hidden


def seat_widths(form: CalculatorForm, base: QFont) -> dict:
    cell = QFont(base)  # the sizes of LOCAL_STYLE's cells and heads, at the text size in force
    cell.setPointSizeF(11.5 * style.text_scale())
    head = QFont(base)
    head.setPointSizeF(9.5 * style.text_scale())
    head.setBold(True)
    fc, fh = QFontMetrics(cell), QFontMetrics(head)
    sample = " ".join(["Qs", "Qh", "Qd", "9c", "3s", "8h", "7d"][: max(form.seat_cards, 2)])
    w = {"gap": 6, "remove": 28}
    w["seat"] = max(58, fc.horizontalAdvance(str(form.max_seats)) + 48)
    w["cards"] = max(96, fc.horizontalAdvance(sample) + 24)
    w["amounts"] = {k: max(fc.horizontalAdvance("$100.00") + 22, fh.horizontalAdvance(label) + 8)
                    for k, label in form.wagers}
    w["decision"] = max([fc.horizontalAdvance(c.label) + 44 for c in form.decisions]
                        + [fh.horizontalAdvance("Decision") + 8, 0]) if form.decisions else 0
    parts = [w["seat"], w["cards"], *w["amounts"].values(), w["remove"]] + ([w["decision"]] if form.decisions else [])
    w["line"] = sum(parts) + w["gap"] * (len(parts) - 1)
    w["two_line"] = w["line"] > SINGLE_LINE_MAX
    if w["two_line"]:
        first = [w["seat"], w["cards"], w["remove"]] + ([w["decision"]] if form.decisions else [])
        second = [w["seat"], *w["amounts"].values()]
        w["line"] = max(sum(first) + w["gap"] * (len(first) - 1), sum(second) + w["gap"] * (len(second) - 1))
    return w


class SeatRow(QWidget):
    """One seat of the seats table: number, cards, one amount per wager, the decision."""

    remove_requested = Signal(object)
    changed = Signal()

    def __init__(self, form: CalculatorForm, values: SeatValues, widths: dict, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = form
        self.extra = dict(values.extra)
        # One line when the table is narrow enough; else the amounts go on a second line,
        # under the cards, so that games with many wagers keep every column in view.
        outer = style.vbox(self, 0, 5)
        row = QHBoxLayout()
        row.setSpacing(widths["gap"])
        outer.addLayout(row)
        money_row = row
        if widths["two_line"]:
            money_row = QHBoxLayout()
            money_row.setSpacing(widths["gap"])
            money_row.addSpacing(widths["seat"] + widths["gap"])
            outer.addLayout(money_row)
        self.seat = Combo(self)
        self.seat.setProperty("role", "cell")
        numbers = list(range(1, form.max_seats + 1))
        if values.seat not in numbers:  # a seat the table does not have (from a file): kept, for settle to refuse
            numbers = sorted(numbers + [values.seat])
        for n in numbers:
            self.seat.addItem(str(n), n)
        self.seat.setCurrentIndex(numbers.index(values.seat))
        self.seat.setFixedWidth(widths["seat"])
        self.seat.setAccessibleName("Seat number")
        self.seat.setToolTip(f"Seats are numbered 1 to {form.max_seats} from the dealer's left")
        self.seat.currentIndexChanged.connect(self.changed)
        row.addWidget(self.seat)
        self.cards = CardsEdit(form.seat_cards, "cards", self)
        self.cards.setProperty("role", "cell")
        self.cards.setMinimumWidth(widths["cards"])
        self.cards.setAccessibleName("Seat cards")
        self.cards.setText(values.cards)
        self.cards.textChanged.connect(self.changed)
        row.addWidget(self.cards, 1)
        self.amounts: dict[str, AmountField] = {}
        for key, label in form.wagers:
            edit = AmountField(label, self)
            edit.setFixedWidth(widths["amounts"][key])
            edit.setAccessibleName(label)
            edit.setToolTip(f"{label} in dollars and cents, e.g. 25 or 12.50; empty for no wager")
            edit.setText(values.wagers.get(key, ""))
            edit.textChanged.connect(self.changed)
            self.amounts[key] = edit
            money_row.addWidget(edit)
        if widths["two_line"]:
            money_row.addStretch(1)
        self.decision: QComboBox | None = None
        if form.decisions:
            self.decision = Combo(self)
            self.decision.setProperty("role", "cell")
            self.decision.addItems([NO_DECISION] + [c.label for c in form.decisions])
            self.decision.setFixedWidth(widths["decision"])
            self.decision.setAccessibleName("Decision")
            self.decision.setCurrentText(values.decision or NO_DECISION)
            self.decision.currentIndexChanged.connect(self.changed)
            row.addWidget(self.decision)
        self.remove_button = QToolButton(self)
        self.remove_button.setText("✕")
        self.remove_button.setProperty("role", "row-remove")
        self.remove_button.setToolTip("Remove this seat")
        self.remove_button.setFixedSize(widths["remove"], 28)
        self.remove_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))
        row.addWidget(self.remove_button)

    def values(self) -> SeatValues:
        decision = self.decision.currentText() if self.decision is not None else ""
        return SeatValues(self.number(), self.cards.text(),
                          {k: e.text() for k, e in self.amounts.items() if e.text().strip()},
                          "" if decision == NO_DECISION else decision, dict(self.extra))

    def number(self) -> int:
        return int(self.seat.currentData())

    def set_number(self, number: int) -> None:
        index = self.seat.findData(number)
        if index >= 0:
            self.seat.setCurrentIndex(index)

    def problems(self) -> list[str]:
        where = f"Seat {self.number()}"
        out = []
        if self.cards.problem:
            out.append(f"{where} · cards: {self.cards.problem}")
        for edit in self.amounts.values():
            if edit.problem:
                out.append(f"{where} · {edit.where}: {edit.problem}")
        return out


class CardPicker(QWidget):
    """The 52 cards and the joker; a click adds the card to the cards field being filled."""

    picked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(2)
        grid.setVerticalSpacing(2)
        self.buttons: dict[str, QToolButton] = {}
        ranks = list(reversed(RANK_CHARS))  # A K Q ... 2
        for r, suit in enumerate(SUIT_CHARS):
            for c, rank in enumerate(ranks):
                self._add(grid, f"{rank}{suit}", r, c)
        self._add(grid, JOKER_TEXT, 0, len(ranks), rows=1)
        grid.setColumnStretch(len(ranks) + 1, 1)

    def _add(self, grid: QGridLayout, text: str, row: int, col: int, rows: int = 1) -> None:
        button = QToolButton(self)
        button.setProperty("role", "pick")
        button.setIcon(QIcon(card_pixmap(text, CARD_W, CARD_H)))
        button.setIconSize(QSize(CARD_W, CARD_H))
        button.setFixedSize(CARD_W + 4, CARD_H + 4)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the cards field keeps the focus
        name = "joker" if text == JOKER_TEXT else Card.parse(text).name()
        button.setToolTip(f"{text}: {name}")
        button.setAccessibleName(name)
        button.clicked.connect(lambda _=False, t=text: self.picked.emit(t))
        grid.addWidget(button, row, col, rows, 1)
        self.buttons[text] = button

    def set_used(self, used: dict[str, int]) -> None:
        """Cards already typed are greyed out (the joker when both are in play)."""
        for text, button in self.buttons.items():
            button.setEnabled(may_pick(text, used))


def _clear_layout(layout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()
        elif item.layout() is not None:
            _clear_layout(item.layout())
            item.layout().deleteLater()


def _hand_pixmaps(cards: tuple[str, ...] | list[str], parent: QWidget, small: bool = False) -> QWidget:
    box = QWidget(parent)
    row = style.hbox(box, 0, 3)
    for c in cards:
        lab = QLabel(box)
        try:
            w, h = (RESULT_CARD_W * 4 // 5, RESULT_CARD_H * 4 // 5) if small else (RESULT_CARD_W, RESULT_CARD_H)
            lab.setPixmap(card_pixmap(str(Card.parse(c)), w, h))
        except CardError:
            lab.setText(c)
        lab.setToolTip(c)
        row.addWidget(lab)
    return box


def _unbroken(text: str) -> str:
    """HTML for a short text that must not wrap ('+$10.00', '1 to 1')."""
    return escape(text).replace(" ", "&nbsp;").replace("+", "+\u2060").replace("-", "-\u2060")


def wager_table_html(rows: tuple[WagerRow, ...], book: str = "") -> str:
    """One seat's wagers: wager, amount, result, net (green/red) and odds, with the rule
    each is settled by on a line of its own underneath."""
    head_style = f"color:{style.MUTED}; font-size:9pt; font-weight:700"
    # The same proportions for every seat, so that the columns line up down the page.
    heads = (("WAGER", "left", "0 8px 2px 0", 31), ("AMOUNT", "right", "0 10px 2px 0", 18),
             ("RESULT", "left", "0 8px 2px 12px", 16), ("NET", "right", "0 12px 2px 0", 20),
             ("ODDS", "left", "0 0 2px 0", 15))
    out = ["<table width='100%' cellspacing='0' cellpadding='0'><tr>"]
    out += [f"<td align='{a}' width='{pct}%' style='{head_style}; padding:{pad}'>{h}</td>" for h, a, pad, pct in heads]
    out.append("</tr>")
    for r in rows:
        rule = "; ".join(rule_lines(r.rule, book, width=60))
        out.append(
            "<tr>"
            f"<td style='padding:4px 8px 0 0'><b>{escape(r.wager)}</b></td>"
            f"<td align='right' style='padding:4px 10px 0 0'>{_unbroken(r.amount)}</td>"
            f"<td style='padding:4px 8px 0 12px; color:{result_colour(r.result)}'><b>{escape(r.result)}</b></td>"
            f"<td align='right' style='padding:4px 12px 0 0; color:{net_colour(r.net_cents)}'>"
            f"<b>{_unbroken(r.net)}</b></td>"
            f"<td style='padding:4px 0 0 0'>{_unbroken(r.odds)}</td>"
            "</tr>"
            f"<tr><td colspan='5' style='padding:0 0 6px 0; color:{style.MUTED}; font-size:9pt'>"
            f"{link_html(escape(rule), TITLES.get(book))}</td></tr>")  # each citation a rule book link
    out.append("</table>")
    return "".join(out)


class SettleScreen(EscapeGoesBack, QWidget):
    """The settlement calculator. Signals: ``back_requested``."""

    back_requested = Signal()
    settled = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style.screen(self, "settle-screen", LOCAL_STYLE)
        self.games = calculator_games()
        self.game: CalculatorGame | None = None
        self.saved_values: dict[str, FormValues] = {}
        self.rows: list[SeatRow] = []
        self.option_boxes: dict[str, QComboBox] = {}
        self.result: dict | None = None
        self.result_form: CalculatorForm | None = None
        self.error: str | None = None
        self.target: CardsEdit | None = None
        self.extra_options: dict = {}
        self.extra: dict = {}
        self._loading = False
        self._input_width = 640
        self._option_cells: list = []
        self._options_per_row = 0

        outer = style.vbox(self, (40, 24, 40, 20), 14)

        # header: the title and the file buttons
        head = QHBoxLayout()
        titles = QVBoxLayout()
        titles.setSpacing(2)
        titles.addWidget(style.label("SETTLE A ROUND", "brand"))
        self.title = style.label("Settlement calculator", "h1", wrap=True, name="settle-title")
        titles.addWidget(self.title)
        head.addLayout(titles, 1)
        self.open_button = self._button("&Open JSON…", "settle-open", self.open_clicked,
                                        "Load a round saved as JSON into the form")
        self.save_button = self._button("Sav&e JSON…", "settle-save", self.save_clicked,
                                        "Save the round in the form as JSON")
        self.copy_button = self._button("&Copy as JSON", "settle-copy", self.copy_json,
                                        "Copy the round in the form to the clipboard as JSON")
        self.pdf_button = self._button("&Print to PDF…", "settle-pdf", self.pdf_clicked,
                                       "Write the settlement to a one-page PDF")
        for b in (self.open_button, self.save_button, self.copy_button, self.pdf_button):
            head.addWidget(b, 0, Qt.AlignmentFlag.AlignBottom)
        outer.addLayout(head)

        body = QHBoxLayout()
        body.setSpacing(18)
        outer.addLayout(body, 1)

        # ---- the round (left)
        self.input_card = style.card(self)
        self.input_card.setObjectName("settle-input")
        in_box = style.vbox(self.input_card, (22, 16, 22, 16), 8)
        self.options_grid = QGridLayout()
        self.options_grid.setHorizontalSpacing(16)
        self.options_grid.setVerticalSpacing(2)
        in_box.addLayout(self.options_grid)
        self.game_box = Combo(self)
        self.game_box.setObjectName("settle-game")
        self.game_box.setAccessibleName("Game")
        for g in self.games:
            self.game_box.addItem(g.title, g.id)
        self.game_box.currentIndexChanged.connect(self._game_chosen)

        self.dealer_title = style.label("DEALER'S CARDS", "stat-label")
        self.dealer_edit = CardsEdit(None, "Dealer's cards", self)
        self.dealer_edit.setObjectName("dealer-cards")
        self.dealer_edit.setAccessibleName("Dealer's cards")
        self.dealer_edit.focused.connect(self._set_target)
        self.dealer_edit.textChanged.connect(self._edited)
        self.dealer_error = style.label("", "field-error", wrap=True, name="dealer-error")
        self.dealer_error.hide()
        in_box.addWidget(self.dealer_error)

        in_box.addSpacing(6)
        seats_head = QHBoxLayout()
        seats_head.setSpacing(8)
        seats_title = style.label("SEATS", "stat-label")
        seats_title.setToolTip("Amounts in dollars and cents (25, 12.50, $1,000); an empty amount is no wager")
        seats_head.addWidget(seats_title, 1, Qt.AlignmentFlag.AlignVCenter)
        self.add_button = self._button("&Add seat", "add-seat", self.add_seat, "Add a seat to the round")
        self.remove_button = self._button("&Remove seat", "remove-seat", self.remove_seat,
                                          "Remove the seat being edited (or the last one)")
        self.picker_button = self._button("Card pic&ker", "picker-toggle", self._picker_toggled,
                                          "Show or hide the cards to click")
        self.picker_button.setCheckable(True)
        self.picker_button.setChecked(True)
        seat_actions = RowFlowLayout(spacing=8)  # onto a second line in a narrow window
        for b in (self.add_button, self.remove_button, self.picker_button):
            b.setProperty("role", "flat")
            seat_actions.addWidget(b)
        seats_head.addLayout(seat_actions)
        in_box.addLayout(seats_head)
        self.seats_widget = QWidget(self)
        self.seats_box = style.vbox(self.seats_widget, 0, 6)
        # The column heads scroll with the seats, so that they stay over their columns.
        self.columns = QWidget(self.seats_widget)
        self.columns_box = style.vbox(self.columns, 0, 2)
        self.seats_box.addWidget(self.columns)
        self.seats_box.addStretch(1)
        self.seats_scroll = style.scroll_area(self, self.seats_widget, sideways=True)
        self.seats_scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        in_box.addWidget(self.seats_scroll, 1)
        self.seats_error = style.label("", "field-error", wrap=True, name="seats-error")
        self.seats_error.hide()
        in_box.addWidget(self.seats_error)

        in_box.addSpacing(4)
        self.picker_title = style.label("", "stat-label")
        in_box.addWidget(self.picker_title)
        self.picker = CardPicker(self)
        self.picker.setObjectName("card-picker")
        self.picker.picked.connect(self.pick_card)
        in_box.addWidget(self.picker)
        body.addWidget(self.input_card, 0)

        # ---- the settlement (right)
        self.results_card = style.card(self)
        self.results_card.setObjectName("settle-results")
        out_box = style.vbox(self.results_card, (22, 16, 22, 16), 8)
        top = QHBoxLayout()
        top.addWidget(style.label("Settlement", "h2"), 1)
        self.stale_note = style.label("The round changed: press Settle", "note", name="settle-stale")
        self.stale_note.hide()
        top.addWidget(self.stale_note, 0, Qt.AlignmentFlag.AlignVCenter)
        out_box.addLayout(top)
        self.error_banner = style.card(self, "banner-bad")
        self.error_banner.setObjectName("settle-error-banner")
        eb = style.vbox(self.error_banner, (16, 10, 14, 10))
        self.error_label = style.label("", "error-text", wrap=True, name="settle-error")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        eb.addWidget(self.error_label)
        self.error_banner.hide()
        out_box.addWidget(self.error_banner)
        self.results_scroll = style.scroll_area(self)
        self.results_widget = QWidget()
        self.results_box = style.vbox(self.results_widget, (0, 0, 6, 0), 10)
        self.results_scroll.setWidget(self.results_widget)
        out_box.addWidget(self.results_scroll, 1)
        body.addWidget(self.results_card, 1)

        # ---- actions
        actions = QHBoxLayout()
        actions.setSpacing(14)
        self.back_button = style.button("&Back to home", self, name="settle-back", height=44,
                                        on_click=self.back_requested)
        actions.addWidget(self.back_button)
        self.status = style.label("", "done", name="settle-status")
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        actions.addWidget(self.status, 1)
        actions.addWidget(style.label("Ctrl+Enter settles · Esc goes back", "hint"))
        self.settle_button = style.button("&Settle", self, name="settle-button", role="primary", height=44)
        self.settle_button.setMinimumWidth(150)
        self.settle_button.setToolTip("Settle the round (Ctrl+Enter)")
        self.settle_button.clicked.connect(self.settle_now)
        actions.addWidget(self.settle_button)
        outer.addLayout(actions)

        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self.settle_now)

        if self.games:
            self.set_game(self.games[0].id)
        else:
            self.input_card.setEnabled(False)
            self.settle_button.setEnabled(False)
            self._show_error("No available game has a settlement calculator yet.")

    # ------------------------------------------------------------------ building
    def _button(self, text: str, name: str, slot, tip: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        return button

    @property
    def form(self) -> CalculatorForm | None:
        return self.game.form if self.game is not None else None

    def _widths(self) -> dict:
        """Column widths from the fonts and what the columns hold; ``two_line`` when one
        line per seat would not fit beside the settlement."""
        return seat_widths(self.form, self.font())

    def set_game(self, game_id: str, values: FormValues | None = None) -> None:
        """Show ``game_id``'s form with ``values`` (else what was last typed for it, else its example)."""
        game = next((g for g in self.games if g.id == game_id), None)
        if game is None:
            raise FormError(f"{registry.title_of(game_id)} has no settlement calculator")
        if self.game is not None and self.game.id != game_id:
            self.saved_values[self.game.id] = self.values()
        self.game = game
        self._loading = True
        try:
            index = self.game_box.findData(game_id)
            if index != self.game_box.currentIndex():
                self.game_box.blockSignals(True)
                self.game_box.setCurrentIndex(index)
                self.game_box.blockSignals(False)
            self.title.setText(game.title)
            self._build_options()
            self._build_columns()
            if values is None:
                values = self.saved_values.get(game_id) or values_from_document(game.form, game.form.example)
            self.set_values(values)
        finally:
            self._loading = False
        self.result = None
        self._clear_results()
        self.settle_now()

    def _game_chosen(self, index: int) -> None:
        game_id = self.game_box.itemData(index)
        if game_id and (self.game is None or game_id != self.game.id):
            self.set_game(game_id)

    def _build_options(self) -> None:
        while self.options_grid.count():
            item = self.options_grid.takeAt(0)
            w = item.widget()
            if w is not None and w not in (self.game_box, self.dealer_edit, self.dealer_title):
                w.setParent(None)
                w.deleteLater()
        self.option_boxes = {}
        cells: list[tuple[str, QWidget, str]] = [("GAME", self.game_box, "")]
        for opt in self.form.options:
            box = Combo(self)
            box.addItems(list(opt.choices))
            box.setCurrentText(opt.default)
            box.setObjectName(f"option-{opt.key}")
            box.setAccessibleName(opt.title)
            tip = f"{opt.title}" + (f" ({opt.citation})" if opt.citation else "")
            box.setToolTip(tip)
            box.currentIndexChanged.connect(self._edited)
            self.option_boxes[opt.key] = box
            cells.append((opt.title.upper(), box, tip))
        if self.form.dealer_cards:
            cells.append((None, self.dealer_edit, ""))
        self._option_cells = []
        for caption, widget, tip in cells:
            cap = self.dealer_title if caption is None else style.label(caption, "stat-label", wrap=True)
            cap.setToolTip(tip)
            span = 2 if widget is self.dealer_edit and self.form.dealer_cards > 3 else 1
            self._option_cells.append((cap, widget, span))
        self._options_per_row = 0
        self._place_options(self._fitted_width())

    def _place_options(self, width: int | None = None) -> None:
        """Three to a row, two in a narrow window (the dealer's six cards take two places)."""
        width = self.input_card.width() if width is None else width
        per_row = 3 if width >= 560 else 2
        if per_row == self._options_per_row:
            return
        self._options_per_row = per_row
        for cap, widget, _span in self._option_cells:
            self.options_grid.removeWidget(cap)
            self.options_grid.removeWidget(widget)
        r = c = 0
        for cap, widget, span in self._option_cells:
            span = min(span, per_row)
            if c + span > per_row:
                r, c = r + 1, 0
            self.options_grid.addWidget(cap, r * 2, c, 1, span)
            self.options_grid.addWidget(widget, r * 2 + 1, c, 1, span)
            c += span
        for c in range(3):
            self.options_grid.setColumnStretch(c, 1 if c < per_row else 0)

    def _build_columns(self) -> None:
        _clear_layout(self.columns_box)
        form, w = self.form, self._widths()
        lines = [QHBoxLayout(), QHBoxLayout()] if w["two_line"] else [QHBoxLayout()]
        for line in lines:
            line.setSpacing(w["gap"])
            self.columns_box.addLayout(line)

        def head(line: QHBoxLayout, text: str, width: int | None, right: bool = False, stretch: int = 0) -> None:
            lab = style.label(text, "col-head")
            if width:
                lab.setFixedWidth(width)
            if right:
                lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            line.addWidget(lab, stretch)

        first, money = lines[0], lines[-1]
        head(first, "Seat", w["seat"])
        head(first, f"Cards ({form.seat_cards})", None, stretch=1)
        if w["two_line"]:
            if form.decisions:
                head(first, "Decision", w["decision"])
            head(first, "", w["remove"])
            money.addSpacing(w["seat"] + w["gap"])
        for key, label in form.wagers:
            head(money, label, w["amounts"][key], right=True)
        if w["two_line"]:
            money.addStretch(1)
        else:
            if form.decisions:
                head(first, "Decision", w["decision"])
            head(first, "", w["remove"])
        self.seats_box.setSpacing(12 if w["two_line"] else 6)
        # Options three to a row; the seats as wide as they need.
        self._input_width = max(w["line"] + 14, CARD_PICKER_WIDTH, 560) + 44
        # Seats of two lines need the height: the picker starts hidden (the button shows it).
        self.picker_button.setChecked(not w["two_line"])
        self._fit()
        self.dealer_edit.count = form.dealer_cards or None
        self.dealer_title.setVisible(bool(form.dealer_cards))
        self.dealer_edit.setVisible(bool(form.dealer_cards))
        self.dealer_edit.setPlaceholderText("e.g. " + " ".join(["Qs", "7d", "4c", "Jh", "2d", "9s"][: form.dealer_cards]))

    def set_values(self, values: FormValues) -> None:
        """Put ``values`` in the widgets (the form of ``values.game_id`` must be showing)."""
        was = self._loading
        self._loading = True
        try:
            for key, box in self.option_boxes.items():
                text = values.options.get(key, "")
                if text and box.findText(text) < 0:
                    box.addItem(text)  # a value the form does not list: shown, not lost
                if text:
                    box.setCurrentText(text)
            self.extra_options = dict(values.extra_options)
            self.extra = dict(values.extra)
            self.dealer_edit.setText(values.dealer)
            self.dealer_edit.recheck()
            for row in self.rows:
                row.setParent(None)
                row.deleteLater()
            self.rows = []
            for s in values.seats:
                self._add_row(s)
            self._update_seat_buttons()
            self._update_problems()
            self._update_used()
        finally:
            self._loading = was
        first = self.rows[0].cards if self.rows else None
        self._set_target(self.dealer_edit if self.form.dealer_cards else first)

    def _add_row(self, values: SeatValues) -> SeatRow:
        row = SeatRow(self.form, values, self._widths(), self.seats_widget)
        row.setObjectName(f"seat-row-{len(self.rows)}")
        row.remove_requested.connect(self._remove_row)
        row.changed.connect(self._edited)
        row.cards.focused.connect(self._set_target)
        self.seats_box.insertWidget(len(self.rows) + 1, row)  # after the column heads
        self.rows.append(row)
        row.cards.recheck()
        return row

    # ------------------------------------------------------------------ reading
    def values(self) -> FormValues:
        return FormValues(
            self.form.game_id,
            {k: b.currentText() for k, b in self.option_boxes.items()},
            self.dealer_edit.text(),
            [r.values() for r in self.rows],
            dict(self.extra_options),
            dict(self.extra),
        )

    def document(self) -> dict:
        """The round in the form as the JSON document (FormError when a field is not valid)."""
        return document_from_values(self.form, self.values())

    # ------------------------------------------------------------------ seats
    def add_seat(self) -> SeatRow | None:
        if self.form is None or len(self.rows) >= self.form.max_seats:
            return None
        row = self._add_row(SeatValues(free_seat((r.number() for r in self.rows), self.form.max_seats)))
        self._after_rows_changed()
        row.cards.setFocus(Qt.FocusReason.OtherFocusReason)
        return row

    def remove_seat(self) -> None:
        if len(self.rows) <= 1:
            return
        focused = self.focusWidget()
        row = next((r for r in self.rows if focused is not None and r.isAncestorOf(focused)), self.rows[-1])
        self._remove_row(row)

    def _remove_row(self, row: SeatRow) -> None:
        if len(self.rows) <= 1 or row not in self.rows:
            return
        index = self.rows.index(row)
        self.rows.remove(row)
        if self.target is row.cards:
            self.target = None
        row.setParent(None)
        row.deleteLater()
        self._after_rows_changed()
        if self.rows:
            self.rows[min(index, len(self.rows) - 1)].cards.setFocus(Qt.FocusReason.OtherFocusReason)

    def _after_rows_changed(self) -> None:
        for n, row in enumerate(self.rows):
            row.setObjectName(f"seat-row-{n}")
        self._update_seat_buttons()
        self._edited()

    def _update_seat_buttons(self) -> None:
        max_seats = self.form.max_seats if self.form else 0
        self.add_button.setEnabled(len(self.rows) < max_seats)
        self.remove_button.setEnabled(len(self.rows) > 1)
        for row in self.rows:
            row.remove_button.setEnabled(len(self.rows) > 1)

    # ------------------------------------------------------------------ picker
    def _set_target(self, edit: CardsEdit | None) -> None:
        self.target = edit
        if edit is None:
            self.picker_title.setText("CLICK A CARD TO ADD IT")
        elif edit is self.dealer_edit:
            self.picker_title.setText("CLICK A CARD TO ADD IT TO: THE DEALER'S CARDS")
        else:
            row = next((r for r in self.rows if r.cards is edit), None)
            seat = f"SEAT {row.number()}" if row is not None else "THE SEAT"
            self.picker_title.setText(f"CLICK A CARD TO ADD IT TO: {seat}")

    def _card_fields(self) -> list[CardsEdit]:
        fields = [self.dealer_edit] if self.form and self.form.dealer_cards else []
        return fields + [r.cards for r in self.rows]

    def pick_card(self, card: str) -> None:
        """Add ``card`` to the cards field being filled; a full field passes on to the next one."""
        fields = self._card_fields()
        if not fields:
            return
        start = fields.index(self.target) if self.target in fields else 0
        target = fields[next_field([f.full() for f in fields], start)]
        target.append_card(card)
        target.recheck()
        target.setFocus(Qt.FocusReason.OtherFocusReason)
        target.setCursorPosition(len(target.text()))
        self._set_target(target)

    def _update_used(self) -> None:
        self.picker.set_used(used_cards(f.text() for f in self._card_fields()))

    # ------------------------------------------------------------------ checking
    def _edited(self, *_args) -> None:
        if self._loading:
            return
        self._update_problems()
        self._update_used()
        if self.result is not None or self.error is not None:
            self.stale_note.show()

    def _update_problems(self) -> None:
        self.dealer_error.setText(f"Dealer's cards: {self.dealer_edit.problem}" if self.dealer_edit.problem else "")
        self.dealer_error.setVisible(bool(self.dealer_edit.problem))
        problems = [p for r in self.rows for p in r.problems()]
        self.seats_error.setText("\n".join(problems))
        self.seats_error.setVisible(bool(problems))

    def problems(self) -> list[str]:
        out = [f"Dealer's cards: {self.dealer_edit.problem}"] if self.dealer_edit.problem else []
        return out + [p for r in self.rows for p in r.problems()]

    # ------------------------------------------------------------------ settling
    def settle_now(self) -> dict | None:
        """Settle the round in the form and show it; errors are shown, never raised."""
        if self.form is None:
            return None
        for f in self._card_fields():
            f.recheck()
        self._update_problems()
        try:
            doc = self.document()
            result = settle(doc)
        except (FormError, SettlementError) as e:
            self._show_error(str(e))
            return None
        except Exception as e:  # noqa: BLE001 - a bug in a game's settlement must not close the window
            self._show_error(f"The settlement failed: {type(e).__name__}: {e}")
            return None
        self.result = result
        self.result_form = self.form
        self.error = None
        self.error_banner.hide()
        self.stale_note.hide()
        self._show_result(result)
        self.settled.emit(result)
        return result

    def _show_error(self, message: str) -> None:
        self.error = message
        self.error_label.setText(message)
        self.error_banner.show()
        self.stale_note.hide()
        if self.result is not None:
            self.stale_note.setText("Below: the last round that settled")
            self.stale_note.show()

    def _clear_results(self) -> None:
        _clear_layout(self.results_box)

    def _show_result(self, result: dict) -> None:
        self.stale_note.setText("The round changed: press Settle")
        self._clear_results()
        form = self.form
        book = self.game.title if self.game else ""
        opts = options_lines(form, result)
        if opts:
            shown = {o.title for o in form.options}
            text = " · ".join(f"{t}: <b>{escape(v)}</b>" for t, v, _c in opts if t in shown or not shown)
            lab = style.label(text, "muted", wrap=True)
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setToolTip("\n".join(f"{t}: {v} ({c})" if c else f"{t}: {v}" for t, v, c in opts))
            self.results_box.addWidget(lab)
        dealer = result.get("dealer")
        if dealer:
            self.results_box.addWidget(self._hand_block("Dealer", dealer.get("cards", []), dealer_line(result),
                                                        None, None))
        for s in seat_results(form, result, book):
            self.results_box.addWidget(self._hand_block(f"Seat {s.seat}", s.cards, s.description, s, s.net_cents))
        if "house_net" in result:
            net = result["house_net"]
            lab = style.label(f"Table inventory net: <b style='color:{net_colour(net)}'>"
                              f"{escape(format_cents(net, sign=True))}</b>", "muted")
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setObjectName("house-net")
            lab.setToolTip("What the table's inventory gains (+) or pays out (−) on this round")
            self.results_box.addWidget(lab)
        self.results_box.addStretch(1)

    def _hand_block(self, title: str, cards, description: str, seat: SeatResult | None,
                    net: int | None) -> QFrame:
        block = style.card(self.results_widget, "seat-block")
        block.setObjectName(f"result-{title.lower().replace(' ', '-')}")
        box = style.vbox(block, (0, 10, 0, 4), 6)
        top = QHBoxLayout()
        top.setSpacing(12)
        name = style.label(title, "seat-title")
        name.setFixedWidth(64)
        top.addWidget(name, 0, Qt.AlignmentFlag.AlignVCenter)
        many = len(cards) > 3
        top.addWidget(_hand_pixmaps(cards, block, small=many), 0, Qt.AlignmentFlag.AlignVCenter)
        desc = style.label(description, None, wrap=True, name=f"{block.objectName()}-hand")
        if many:
            top.addStretch(1)
        else:
            top.addWidget(desc, 1, Qt.AlignmentFlag.AlignVCenter)
        if net is not None:
            role = "seat-net-good" if net > 0 else ("seat-net-bad" if net < 0 else "seat-net")
            net_label = style.label(format_cents(net, sign=True), role, name=f"{block.objectName()}-net")
            net_label.setToolTip("The seat's net on this round")
            top.addWidget(net_label, 0, Qt.AlignmentFlag.AlignVCenter)
        box.addLayout(top)
        if many:
            desc.setContentsMargins(76, 0, 0, 0)
            box.addWidget(desc)
        if seat is not None and seat.rows:
            table = QLabel(wager_table_html(seat.rows, self.game.title if self.game else ""), block)
            table.setTextFormat(Qt.TextFormat.RichText)
            table.setWordWrap(True)
            table.setObjectName(f"{block.objectName()}-wagers")
            table.setToolTip("\n".join(f"{r.wager}: {r.rule}" for r in seat.rows))
            table.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            attach(table)  # its citations open the rule book (issue 18)
            box.addWidget(table)
        return block

    # ------------------------------------------------------------------ files
    def load_document(self, doc: object) -> bool:
        """Put a parsed document in the form (switching game if need be) and settle it."""
        try:
            game, values = game_for_document(self.games, doc)
        except FormError as e:
            self._show_error(f"The round could not be loaded: {e}")
            return False
        self.set_game(game.id, values)  # settles it
        return True

    def open_json(self, path: str | Path) -> bool:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self._show_error(f"Cannot read {path}: {getattr(e, 'strerror', None) or e}")
            return False
        try:
            doc = parse_document_text(text)
        except FormError as e:
            self._show_error(f"{Path(path).name}: {e}")
            return False
        if self.load_document(doc):
            self.status.setText(f"Opened {Path(path).name}")
            return True
        return False

    def _document_or_error(self) -> dict | None:
        try:
            return self.document()
        except FormError as e:
            self._show_error(str(e))
            return None

    def save_json(self, path: str | Path) -> bool:
        doc = self._document_or_error()
        if doc is None:
            return False
        try:
            Path(path).write_text(document_json(doc), encoding="utf-8")
        except OSError as e:
            self._show_error(f"Cannot write {path}: {e.strerror or e}")
            return False
        self.status.setText(f"Saved {Path(path).name}")
        return True

    def copy_json(self) -> str | None:
        doc = self._document_or_error()
        if doc is None:
            return None
        text = document_json(doc)
        QGuiApplication.clipboard().setText(text)
        self.status.setText("The round is on the clipboard as JSON")
        return text

    def print_pdf(self, path: str | Path) -> bool:
        """Settle the round in the form and write it to a one-page PDF."""
        result = self.settle_now()
        if result is None:
            return False
        html = settlement_html(self.form, self.game.title, result)
        try:
            write_pdf(path, html, f"Settlement: {self.game.title}")
        except OSError as e:
            self._show_error(f"Cannot write {path}: {e.strerror or e}")
            return False
        self.status.setText(f"Printed to {Path(path).name}")
        return True

    def _save_path(self, title: str, suffix: str) -> str:
        """The file the user chooses to save to ("" when cancelled), offered under the
        round's default name."""
        path, _ = QFileDialog.getSaveFileName(self, title, default_file_name(self.form.game_id, suffix, datetime.now()),
                                              f"{suffix.upper()} files (*.{suffix})")
        return path

    def open_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a round", "", "JSON files (*.json);;All files (*)")
        if path:
            self.open_json(path)

    def save_clicked(self) -> None:
        if self._document_or_error() is None:
            return
        path = self._save_path("Save the round as JSON", "json")
        if path:
            self.save_json(path)

    def pdf_clicked(self) -> None:
        if self.settle_now() is None:
            return
        path = self._save_path("Print the settlement to PDF", "pdf")
        if path:
            if not path.lower().endswith(".pdf"):
                path += ".pdf"
            self.print_pdf(path)

    # ------------------------------------------------------------------ fitting
    def _fitted_width(self) -> int:
        room = self.width() - 80 - 18
        return max(min(self._input_width, room - RESULTS_MIN_WIDTH), INPUT_MIN_WIDTH)

    def _fit(self) -> None:
        """The round gets the width its seats need, the settlement keeps at least
        RESULTS_MIN_WIDTH (the seats scroll sideways in a narrow window); the card picker
        shows when there is room for it."""
        width = self._fitted_width()
        self.input_card.setFixedWidth(width)
        if self._option_cells:
            self._place_options(width)
        room_for_picker = self.height() >= PICKER_MIN_HEIGHT and width >= CARD_PICKER_WIDTH + 44
        self.picker_button.setEnabled(room_for_picker)
        show_picker = room_for_picker and self.picker_button.isChecked()
        self.picker.setVisible(show_picker)
        self.picker_title.setVisible(show_picker)
        compact = self.width() < 1150
        for button, full, short in ((self.open_button, "&Open JSON…", "&Open…"),
                                    (self.save_button, "Sav&e JSON…", "Sav&e…"),
                                    (self.copy_button, "&Copy as JSON", "&Copy JSON"),
                                    (self.pdf_button, "&Print to PDF…", "&PDF…")):
            button.setText(short if compact else full)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _picker_toggled(self) -> None:
        self._fit()

    # ------------------------------------------------------------------ keys
    def focus_default(self) -> None:
        fields = self._card_fields()
        if fields:
            fields[0].setFocus(Qt.FocusReason.OtherFocusReason)

