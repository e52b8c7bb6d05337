"""The dealer builds a payout from the house's chips (Table mode).

One round chip per denomination of the house's chip set (trainer/core/chips.py
``house_chips()``: values and colours from resources/table-mode/chips.json, so a house
draws its own chips), each with the count taken so far; a "Coins (¢)" box for the part
below the smallest chip; the running total in big type. The builder shows only what the
dealer has built, never the amount that is owed.

Mouse: left click on a chip adds one, right click takes one back. Keys: 1..9 add the
n-th chip (lowest value first), Shift with the digit takes one back, Backspace clears,
Enter pays (``confirmed(ChipPayout)``), Esc cancels (``cancelled()``).

    builder = ChipBuilder()
    builder.set_request("Pay seat 3 — Pair Up")
    builder.confirmed.connect(lambda payout: ...)   # a trainer.core.chips.ChipPayout
    builder.cancelled.connect(...)
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QRadialGradient
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QSpinBox, QVBoxLayout, QWidget

from trainer.core.chips import Chip, ChipPayout, ChipSet, house_chips
from trainer.core.money import format_cents
from trainer.ui import style
from trainer.ui.card_art import paint_text_box
from trainer.ui.chips import chip_ink, face_text
from trainer.ui.table_view import FELT_COLOUR, FELT_DARK, FELT_INK, FELT_LIGHT, HIGHLIGHT

# The keys 1..9 as typed with Shift on a US keyboard (Qt reports the symbol, not the digit).
SHIFTED_DIGITS = {
    Qt.Key.Key_Exclam: 1, Qt.Key.Key_At: 2, Qt.Key.Key_NumberSign: 3, Qt.Key.Key_Dollar: 4,
    Qt.Key.Key_Percent: 5, Qt.Key.Key_AsciiCircum: 6, Qt.Key.Key_Ampersand: 7, Qt.Key.Key_Asterisk: 8,
    Qt.Key.Key_ParenLeft: 9,
}
DIGITS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(1, 10)}

LOCAL_STYLE = f"""
QFrame#chipTray {{
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 {FELT_LIGHT.name()}, stop:0.55 {FELT_COLOUR.name()},
                                stop:1 {FELT_DARK.name()});
    border: 1px solid {style.ACCENT_DARK}; border-radius: 12px;
}}
QSpinBox {{
    background: {style.SURFACE}; border: 1px solid {style.BORDER_STRONG}; border-radius: 8px;
    padding: 5px 10px; font-size: 13pt; min-width: 72px;
}}
QSpinBox:focus {{ border: 2px solid {style.ACCENT}; padding: 4px 9px; }}
/* no arrow buttons (typed, or the arrow keys and the wheel); NoButtons with padding hides the text */
QSpinBox::up-button, QSpinBox::down-button {{ width: 0px; border: none; }}
QLabel[role="total"] {{ font-size: 30pt; font-weight: 700; color: {style.TEXT}; }}
QLabel[role="total"][empty="true"] {{ color: {style.FAINT}; }}
"""


# ------------------------------------------------------------------------ drawing
def paint_chip_face(p: QPainter, centre: QPointF, radius: float, chip: Chip, *, lit: bool = False) -> None:
    """A casino chip seen from above in ``chip``'s colours: the body, six edge inserts in
    the trim colour, the inner ring and the value."""
    body, trim = QColor(chip.body), QColor(chip.trim)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 95))
    p.drawEllipse(centre + QPointF(radius * 0.05, radius * 0.1), radius, radius)
    if lit:
        glow = QColor(HIGHLIGHT)
        glow.setAlpha(150)
        p.setBrush(glow)
        p.drawEllipse(centre, radius * 1.1, radius * 1.1)
    shade = QRadialGradient(centre - QPointF(radius * 0.35, radius * 0.4), radius * 1.6)
    shade.setColorAt(0, body.lighter(112))
    shade.setColorAt(1, body.darker(118))
    p.setBrush(shade)
    p.setPen(QPen(body.darker(230) if body.lightness() > 60 else QColor("#000000"), max(0.8, radius * 0.04)))
    p.drawEllipse(centre, radius, radius)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(trim)
    for k in range(6):  # the edge inserts
        p.save()
        p.translate(centre)
        p.rotate(k * 60 + 30)
        p.drawRoundedRect(QRectF(-radius * 0.15, -radius * 0.99, radius * 0.3, radius * 0.24), radius * 0.04,
                          radius * 0.04)
        p.restore()
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(trim, max(0.8, radius * 0.05), Qt.PenStyle.DashLine))
    p.drawEllipse(centre, radius * 0.7, radius * 0.7)
    p.setPen(QPen(body.darker(140), max(0.6, radius * 0.03)))
    p.setBrush(body.lighter(108) if body.lightness() < 200 else QColor("#ffffff"))
    p.drawEllipse(centre, radius * 0.6, radius * 0.6)
    text = face_text(chip)
    width = radius * (0.62 if len(text) <= 2 else 0.9)
    paint_text_box(p, text, QRectF(centre.x() - width / 2, centre.y() - radius * 0.24, width, radius * 0.48),
                   chip_ink(chip))
    p.restore()


# ------------------------------------------------------------------------ widgets
class ChipButton(QWidget):
    """One denomination: the chip, the number taken and the key that adds it."""

    add_requested = Signal(int)  # cents
    remove_requested = Signal(int)

    SIZE = QSize(92, 122)  # at ease; a narrow panel squeezes the chips down to MINIMUM
    MINIMUM = QSize(62, 122)

    def __init__(self, chip: Chip, key: int | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chip = chip
        self.key = key
        self.count = 0
        self._hover = False
        self.setMinimumSize(self.MINIMUM)
        self.setMaximumHeight(self.SIZE.height())
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover, True)
        keys = f" (key {key}; Shift+{key} takes one back)" if key else ""
        self.setToolTip(f"{chip.label} chip: click to add one, right-click to take one back{keys}")
        self.setAccessibleName(f"{chip.label} chip")

    def sizeHint(self) -> QSize:  # noqa: N802
        return self.SIZE

    def set_count(self, count: int) -> None:
        if count != self.count:
            self.count = count
            self.setAccessibleDescription(f"{count} taken")
            self.update()

    def chip_centre(self) -> QPointF:
        r = self.radius()
        block = 2 * r + 45  # the chip, its value and its key, centred when the chip is small
        return QPointF(self.width() / 2, max(8.0, (self.height() - block) / 2) + r)

    def radius(self) -> float:
        return max(12.0, min(self.width() / 2 - 8, 36.0))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.add_requested.emit(self.chip.cents)
        elif event.button() == Qt.MouseButton.RightButton:
            self.remove_requested.emit(self.chip.cents)
        else:
            super().mousePressEvent(event)

    def enterEvent(self, event) -> None:  # noqa: N802
        self._hover = True
        self.update()
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802
        self._hover = False
        self.update()
        super().leaveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        try:
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            c, r = self.chip_centre(), self.radius()
            if self._hover:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(255, 255, 255, 34))
                p.drawRoundedRect(QRectF(2, 2, self.width() - 4, self.height() - 4), 10, 10)
            paint_chip_face(p, c, r, self.chip, lit=self.count > 0)
            if self.count:
                self._paint_count(p, QPointF(c.x() + r * 0.78, c.y() - r * 0.78))
            label_rect = QRectF(0, c.y() + r + 4, self.width(), 20)
            font = p.font()
            font.setPixelSize(15 if self.width() >= 80 else 13)
            font.setBold(True)
            p.setFont(font)
            p.setPen(FELT_INK)
            p.drawText(label_rect, Qt.AlignmentFlag.AlignCenter, self.chip.label)
            if self.key:
                self._paint_key(p, QRectF(self.width() / 2 - 10, label_rect.bottom() + 3, 20, 18))
        finally:
            p.end()

    def _paint_count(self, p: QPainter, centre: QPointF) -> None:
        text = f"×{self.count}"
        font = p.font()
        font.setPixelSize(14)
        font.setBold(True)
        p.setFont(font)
        w = max(26.0, p.fontMetrics().horizontalAdvance(text) + 12.0)
        pill = QRectF(centre.x() - w / 2, centre.y() - 12, w, 24)
        p.setPen(QPen(QColor("#7d6224"), 1.2))
        p.setBrush(HIGHLIGHT)
        p.drawRoundedRect(pill, 12, 12)
        p.setPen(QColor(style.TEXT))
        p.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_key(self, p: QPainter, rect: QRectF) -> None:
        p.setPen(QPen(QColor(236, 222, 160, 150), 1))
        p.setBrush(QColor(0, 0, 0, 60))
        p.drawRoundedRect(rect, 4, 4)
        font = p.font()
        font.setPixelSize(12)
        font.setBold(True)
        p.setFont(font)
        p.setPen(FELT_INK)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(self.key))


class ChipBuilder(QWidget):
    """The payout the dealer builds, chip by chip; ``confirmed`` hands it over."""

    confirmed = Signal(object)  # trainer.core.chips.ChipPayout
    cancelled = Signal()
    changed = Signal(int)  # the total built, in cents

    def __init__(self, parent: QWidget | None = None, chips: ChipSet | None = None) -> None:
        super().__init__(parent)
        self.chipset = chips or house_chips()
        self._counts: dict[int, int] = {c.cents: 0 for c in self.chipset.chips}
        self.setStyleSheet(LOCAL_STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Chip payout")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        outer = style.vbox(self, 0)
        frame = style.card(self)
        outer.addWidget(frame)
        box = style.vbox(frame, (20, 16, 20, 14), 10)

        self.request = style.label("Build the payout", "h2", wrap=True, name="request")
        box.addWidget(self.request)

        tray = QFrame(frame)
        tray.setObjectName("chipTray")
        row = style.hbox(tray, (12, 10, 12, 8), 4)
        row.addStretch(1)
        self.buttons: dict[int, ChipButton] = {}
        for i, chip in enumerate(self.chipset.chips, start=1):
            button = ChipButton(chip, i if i <= 9 else None, tray)
            button.add_requested.connect(self.add_chip)
            button.remove_requested.connect(self.remove_chip)
            self.buttons[chip.cents] = button
            row.addWidget(button)
        row.addStretch(1)
        box.addWidget(tray)

        figures = QHBoxLayout()
        figures.setSpacing(14)
        coins_box = QVBoxLayout()
        coins_box.setSpacing(2)
        coins_label = style.label("Coins (¢)", "stat-label")
        coins_box.addWidget(coins_label)
        self.coins = QSpinBox(frame)
        smallest = self.chipset.chips[0].cents
        self.coins.setRange(0, max(0, smallest - 1))
        self.coins.setSuffix(" ¢")
        self.coins.lineEdit().setTextMargins(8, 0, 8, 0)
        self.coins.setEnabled(smallest > 1)
        self.coins.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.coins.setToolTip(f"The part of the payout below the smallest chip ({self.chipset.chips[0].label}), "
                              "paid in coin")
        self.coins.setAccessibleName("Coins in cents")
        self.coins.valueChanged.connect(self._refresh)
        coins_label.setBuddy(self.coins)
        coins_box.addWidget(self.coins)
        coins_box.addStretch(1)
        figures.addLayout(coins_box)
        figures.addStretch(1)
        total_box = QVBoxLayout()
        total_box.setSpacing(0)
        total_box.addWidget(style.label("TOTAL", "stat-label"), 0, Qt.AlignmentFlag.AlignRight)
        self.total_label = style.label("$0.00", "total", name="total")
        self.total_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        total_box.addWidget(self.total_label, 0, Qt.AlignmentFlag.AlignRight)
        figures.addLayout(total_box)
        box.addLayout(figures)

        self.detail = style.label("", "muted", wrap=True, name="detail")
        box.addWidget(self.detail)

        buttons = QHBoxLayout()
        buttons.setSpacing(8)
        self.clear_button = self._button("Clear", "Take every chip back (Backspace)", self.clear, frame)
        self.cancel_button = self._button("Cancel", "Close without paying (Esc)", self.cancelled.emit, frame)
        self.pay_button = self._button("Pay  ↵", "Hand the payout over (Enter)", self.confirm, frame, "primary")
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.pay_button)
        box.addLayout(buttons)

        n = min(9, len(self.chipset.chips))
        keys = f"1–{n}" if n > 1 else "1"
        box.addWidget(style.label(f"Click a chip to add it, right-click to take one back · keys {keys} add, "
                                  f"Shift+{keys} take back, Backspace clears · Enter pays, Esc cancels", "hint",
                                  wrap=True))
        self._refresh()

    @staticmethod
    def _button(text: str, tip: str, slot, parent: QWidget, role: str | None = None) -> QPushButton:
        button = QPushButton(text, parent)
        button.setToolTip(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        if role:
            button.setProperty("role", role)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    # ------------------------------------------------------------------ the API
    def set_request(self, text: str) -> None:
        """What is being paid, e.g. "Pay seat 3 — Pair Up" (never the amount)."""
        self.request.setText(text)
        self.setAccessibleDescription(text)

    def clear(self) -> None:
        """Take every chip and coin back."""
        for cents in self._counts:
            self._counts[cents] = 0
        self.coins.blockSignals(True)
        self.coins.setValue(0)
        self.coins.blockSignals(False)
        self._refresh()

    def add_chip(self, cents: int) -> None:
        self._check(cents)
        self._counts[cents] += 1
        self._refresh()

    def remove_chip(self, cents: int) -> None:
        self._check(cents)
        if self._counts[cents]:
            self._counts[cents] -= 1
            self._refresh()

    def set_counts(self, counts: dict[int, int]) -> None:
        """Exactly these chips ({cents: count}); the coins stay."""
        for cents, n in counts.items():
            self._check(cents)
            if not isinstance(n, int) or n < 0:
                raise ValueError(f"a count of chips is a whole number from 0, not {n!r}")
        self._counts = {c: int(counts.get(c, 0)) for c in self._counts}
        self._refresh()

    def set_coins(self, cents: int) -> None:
        self.coins.setValue(int(cents))

    def counts(self) -> dict[int, int]:
        return {c: n for c, n in self._counts.items() if n}

    def payout(self) -> ChipPayout:
        chips = tuple((c, n) for c, n in sorted(self._counts.items(), reverse=True) if n)
        return ChipPayout(chips, self.coins.value())

    def total(self) -> int:
        return self.payout().total

    def confirm(self) -> None:
        """Hand the payout over (nothing happens while it is empty)."""
        if self.total() > 0:
            self.confirmed.emit(self.payout())

    def _check(self, cents: int) -> None:
        if cents not in self._counts:
            raise ValueError(f"the house has no {format_cents(cents)} chip")

    # ------------------------------------------------------------------ showing it
    def _refresh(self) -> None:
        for cents, button in self.buttons.items():
            button.set_count(self._counts[cents])
        payout = self.payout()
        total = payout.total
        self.total_label.setText(format_cents(total))
        style.set_flag(self.total_label, "empty", total == 0)
        count = payout.count
        if total:
            chips = f"{count} chip{'s' if count != 1 else ''}: " if count else ""
            self.detail.setText(chips + payout.describe())
        else:
            self.detail.setText("No chips yet.")
        self.pay_button.setEnabled(total > 0)
        self.changed.emit(total)

    # ------------------------------------------------------------------ keys
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        index = DIGITS.get(key)
        remove = shift
        if index is None and key in SHIFTED_DIGITS:
            index, remove = SHIFTED_DIGITS[key], True
        if index is not None:
            if index <= len(self.chipset.chips):
                cents = self.chipset.chips[index - 1].cents
                if remove:
                    self.remove_chip(cents)
                else:
                    self.add_chip(cents)
            event.accept()
            return
        if key == Qt.Key.Key_Backspace or key == Qt.Key.Key_Delete:
            self.clear()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm()
        elif key == Qt.Key.Key_Escape:
            self.cancelled.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


__all__ = ["ChipBuilder", "ChipButton", "paint_chip_face"]
