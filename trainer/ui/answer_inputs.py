"""The answer widgets, one per answer form, all keyboard-first.

- ``ChoiceInput``: the options numbered 1..9; a number key chooses and submits.
  Up/Down move the highlight and Enter submits it; a click chooses and submits.
- ``AmountsInput``: one line edit per field (digits, '.', '$', ','; the numpad works).
  Enter moves to the next field and submits on the last. An amount that is not an
  amount shows an inline error and nothing is submitted or lost.
- ``OrderInput``: the items numbered; pressing the numbers builds the order,
  Backspace undoes the last, Escape starts again, Enter submits once every item is placed.
- ``SettleInput``: one row per wager: its result and, for a pay, the amount. On a row,
  C (or the numpad's −) collects, P (or /) pushes, R (or *) refers to the floor
  supervisor, and typing an amount (or +) pays: the amount field opens with what was
  typed. Enter moves to the next row and submits on the last; Backspace clears the row;
  Up/Down move between rows. A field that is not a wager (a total) is a plain amount.

Each widget emits ``submitted(str)`` with the answer encoded as the question expects: its
form (``trainer.contracts.question.AnswerForm``) reads what was entered. ``INPUTS`` is the
widget of each form id.
"""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.contracts.question import (
    AMOUNT, AMOUNTS, CHOICE, COLLECT, ORDER, PAY, PUSH, REFER, SETTLE, InputError, Question, form_of,
)
from trainer.ui import style

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
MAX_KEYED = 9


def digit_of(event: QKeyEvent) -> int | None:
    """1..9 for the number keys of the main keyboard and of the numpad."""
    key = event.key()
    if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
        return int(key) - int(Qt.Key.Key_0)
    return None


def _commanding(event: QKeyEvent) -> bool:
    """Ctrl/Alt/Meta held: the key is a command, not an answer."""
    mods = event.modifiers()
    return bool(mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                        | Qt.KeyboardModifier.MetaModifier))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class AnswerInput(QWidget):
    """Base: a widget that collects one answer for one question."""

    submitted = Signal(str)
    ready_changed = Signal(bool)
    hint = ""
    form_id = ""  # the answer form this widget enters

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = question
        self.form = form_of(question.form)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def is_ready(self) -> bool:
        return False

    def submit(self) -> bool:
        """Submit the answer if it is complete and valid; True if it was submitted."""
        raise NotImplementedError

    def focus_input(self) -> None:
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_locked(self, locked: bool) -> None:
        """After submitting: no more changes (the feedback is on screen)."""
        self.setEnabled(not locked)


class OptionButton(QPushButton):
    """One numbered option. The text wraps, so long options (procedure steps) stay readable.
    The number is the key that chooses it; ``set_badge`` shows e.g. its place in an order."""

    def __init__(self, number: int | None, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "option")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the focus stays on the input, which reads the keys
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(text)
        self.option_text = text
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 7, 12, 7)
        row.setSpacing(12)
        self.key_label = style.label("" if number is None else str(number), "key")
        self.key_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.key_label.setFixedSize(28, 28)
        self.text_label = style.label(text, "option-text", wrap=True)
        self.text_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.badge = style.label("", "badge-accent")
        self.badge.hide()
        for lab in (self.key_label, self.text_label, self.badge):
            lab.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        row.addWidget(self.key_label, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.text_label, 1)
        row.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignVCenter)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_badge(self, text: str) -> None:
        self.badge.setText(text)
        self.badge.setVisible(bool(text))

    def set_state(self, name: str, value: bool) -> None:
        style.set_flag(self, name, value)
        for lab in (self.key_label, self.text_label):
            style.set_flag(lab, name, value)

    def sizeHint(self) -> QSize:
        return self.layout().sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.layout().minimumSize()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.layout().totalHeightForWidth(width)


def _columns(texts: list[str]) -> int:
    """Two columns for many short options, one otherwise."""
    return 2 if len(texts) > 4 and max((len(t) for t in texts), default=0) <= 24 else 1


def option_grid(parent: QWidget, texts: list[str], clicked) -> tuple[QGridLayout, list[OptionButton]]:
    """The options numbered 1..9 in one or two columns (filled down, then across); a click
    on option i calls ``clicked(i)``."""
    grid = QGridLayout()
    grid.setHorizontalSpacing(8)
    grid.setVerticalSpacing(8)
    columns = _columns(texts)
    rows = (len(texts) + columns - 1) // columns
    buttons: list[OptionButton] = []
    for i, text in enumerate(texts):
        button = OptionButton(i + 1 if i < MAX_KEYED else None, text, parent)
        button.clicked.connect(lambda _=False, i=i: clicked(i))
        buttons.append(button)
        grid.addWidget(button, i % rows, i // rows)
    return grid, buttons


class OptionsInput(AnswerInput):
    """Base of the inputs whose options are numbered buttons (choice, order): the input
    holds the focus, and a number key or a click is ``option(index)``. ``box`` is the
    input's layout, ``grid`` the buttons' (placed by the subclass)."""

    spacing = 8

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(question, parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.options = list(question.options)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(self.spacing)
        self.grid, self.buttons = option_grid(self, self.options, self.option)

    def option(self, index: int) -> None:
        """Option ``index`` (0-based) pressed or clicked."""
        raise NotImplementedError

    def entry(self):
        """What was pressed, as the form reads it (``AnswerForm.parse_input``)."""
        raise NotImplementedError

    def submit(self) -> bool:
        if not self.is_ready():
            return False
        self.submitted.emit(self.form.parse_input(self.question, self.entry()))
        return True

    def number_key(self, event: QKeyEvent) -> bool:
        """A number key (not a command) presses its option; True if the key was one."""
        digit = digit_of(event)
        if digit is None or _commanding(event):
            return False
        self.option(digit - 1)
        event.accept()
        return True


class ChoiceInput(OptionsInput):
    hint = "Press 1–{n} to answer"
    form_id = CHOICE

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(question, parent)
        self.selected: int | None = None
        self.box.addLayout(self.grid)
        self.hint = self.hint.format(n=min(len(self.options), MAX_KEYED))

    def is_ready(self) -> bool:
        return self.selected is not None

    def select(self, index: int | None) -> None:
        self.selected = index
        for i, b in enumerate(self.buttons):
            b.set_state("selected", i == index)
        self.ready_changed.emit(self.is_ready())

    def choose(self, index: int) -> None:
        """Choose option ``index`` (0-based) and submit it."""
        if not self.isEnabled() or not 0 <= index < len(self.options):
            return
        self.select(index)
        self.submit()

    option = choose

    def entry(self) -> int | None:
        return self.selected

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.number_key(event):
            return
        key = event.key()
        if key in (Qt.Key.Key_Down, Qt.Key.Key_Up) and self.options:
            step = 1 if key == Qt.Key.Key_Down else -1
            start = -1 if step == 1 else len(self.options)
            current = self.selected if self.selected is not None else start
            self.select((current + step) % len(self.options))
            event.accept()
            return
        if key in ENTER_KEYS:
            self.submit()
            event.accept()
            return
        super().keyPressEvent(event)


class AmountEdit(QLineEdit):
    """A money field: digits, '.', '$', ','. Enter is reported as ``entered``."""

    entered = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9.$,\s]{0,16}"), self))
        self.setPlaceholderText("0.00")
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setMinimumWidth(150)
        self.setMaximumWidth(240)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in ENTER_KEYS:
            self.entered.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class TypedInput(AnswerInput):
    """Base of the inputs with amount fields (amounts, settle): ``grid`` holds the labels and
    fields (filled by the subclass, then ``finish``), ``edits`` the amount fields. What is
    typed is read when submitted; what is not an answer is said under the fields
    (``error``), at the first field that is wrong, and nothing typed is lost."""

    def __init__(self, question: Question, parent: QWidget | None = None, row_spacing: int = 8) -> None:
        super().__init__(question, parent)
        self.edits: list[AmountEdit] = []
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(6)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(row_spacing)

    def finish(self) -> None:
        """The grid filled: place it, and the error line under it."""
        self.grid.setColumnStretch(0, 1)
        self.box.addLayout(self.grid)
        self.error = style.label("", "error", wrap=True)
        self.error.setObjectName("amount-error")
        self.error.hide()
        self.box.addWidget(self.error)

    def texts(self) -> list[str]:
        return [e.text() for e in self.edits]

    def entry(self):
        """What was entered, as the form reads it (``AnswerForm.parse_input``)."""
        return self.texts()

    def message(self, error: InputError) -> str:
        """What to say of what is not an answer."""
        return str(error)

    def mark_invalid(self, index: int) -> None:
        """Show field ``index`` as the one that is wrong, and go to it."""
        raise NotImplementedError

    def show_error(self, message: str, index: int | None = None) -> None:
        self.error.setText(message)
        self.error.show()
        if index is not None:
            self.mark_invalid(index)

    def submit(self) -> bool:
        try:
            answer = self.form.parse_input(self.question, self.entry())
        except InputError as exc:
            self.show_error(self.message(exc), exc.index)
            return False
        self.error.hide()
        self.submitted.emit(answer)
        return True


class AmountsInput(TypedInput):
    hint = "Type each amount, e.g. 25 or 12.50 · Enter goes to the next field, and submits on the last"
    form_id = AMOUNTS

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(question, parent)
        grid = self.grid
        fields = question.fields or ("Amount",)
        for i, name in enumerate(fields):
            lab = style.label(name, "h3", wrap=True)
            lab.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            edit = AmountEdit(self)
            edit.setObjectName(f"amount-{i}")
            edit.setAccessibleName(name)
            lab.setBuddy(edit)
            edit.entered.connect(lambda i=i: self._enter(i))
            edit.textEdited.connect(lambda _t, e=edit: self._edited(e))
            self.edits.append(edit)
            grid.addWidget(lab, i, 0)
            grid.addWidget(edit, i, 1)
        self.finish()

    def focus_input(self) -> None:
        if self.edits:
            self.edits[0].setFocus(Qt.FocusReason.OtherFocusReason)
            self.edits[0].selectAll()

    def is_ready(self) -> bool:
        return all(e.text().strip() for e in self.edits)

    def _edited(self, edit: AmountEdit) -> None:
        style.set_flag(edit, "invalid", False)
        if not any(e.property("invalid") == "true" for e in self.edits):
            self.error.hide()
        self.ready_changed.emit(self.is_ready())

    def _enter(self, index: int) -> None:
        if index + 1 < len(self.edits):
            nxt = self.edits[index + 1]
            nxt.setFocus(Qt.FocusReason.TabFocusReason)
            nxt.selectAll()
        else:
            self.submit()

    def mark_invalid(self, index: int) -> None:
        style.set_flag(self.edits[index], "invalid", True)
        self.edits[index].setFocus(Qt.FocusReason.OtherFocusReason)
        self.edits[index].selectAll()


class OrderInput(OptionsInput):
    hint = "Press the numbers in order · Backspace undoes · Enter submits"
    form_id = ORDER
    spacing = 10

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(question, parent)
        self.sequence: list[int] = []
        self.order_box = QFrame(self)
        self.order_box.setProperty("role", "card")
        box = QHBoxLayout(self.order_box)
        box.setContentsMargins(14, 8, 14, 8)
        box.setSpacing(10)
        box.addWidget(style.label("YOUR ORDER", "stat-label"), 0)
        self.order_label = QLabel(self.order_box)
        self.order_label.setObjectName("order-sequence")
        self.order_label.setWordWrap(True)
        self.order_label.setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.order_label, 1)
        self.box.addWidget(self.order_box)
        self.box.addLayout(self.grid)
        self._refresh()

    def is_ready(self) -> bool:
        return len(self.sequence) == len(self.options)

    def chosen(self) -> list[str]:
        return [self.options[i] for i in self.sequence]

    def press(self, index: int) -> None:
        if not self.isEnabled() or not 0 <= index < len(self.options) or index in self.sequence:
            return
        self.sequence.append(index)
        self._refresh()

    option = press

    def undo(self) -> None:
        if self.sequence:
            self.sequence.pop()
            self._refresh()

    def clear(self) -> None:
        self.sequence.clear()
        self._refresh()

    def _refresh(self) -> None:
        for i, b in enumerate(self.buttons):
            placed = i in self.sequence
            b.set_state("used", placed)
            b.set_badge(ordinal(self.sequence.index(i) + 1) if placed else "")
        if not self.sequence:
            text = f"<span style='color:{style.FAINT}'>Nothing yet — press the number of the item that comes first.</span>"
        else:
            parts = [f"<b>{i + 1}</b>" for i in self.sequence]
            remaining = len(self.options) - len(self.sequence)
            tail = (f" &nbsp;<span style='color:{style.FAINT}'>… {remaining} more to place</span>" if remaining
                    else f" &nbsp;<span style='color:{style.ACCENT}'>complete — press Enter to submit</span>")
            text = " → ".join(parts) + tail
        self.order_label.setText(text)
        self.ready_changed.emit(self.is_ready())

    def entry(self) -> list[int]:
        return self.sequence

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.number_key(event):
            return
        key = event.key()
        if key == Qt.Key.Key_Backspace:
            self.undo()
        elif key == Qt.Key.Key_Escape and self.sequence:
            self.clear()
        elif key in ENTER_KEYS:
            self.submit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


# ---------------------------------------------------------------- settle: a result per wager

RESULT_KEYS = {
    Qt.Key.Key_C: COLLECT, Qt.Key.Key_Minus: COLLECT,
    Qt.Key.Key_P: PUSH, Qt.Key.Key_Slash: PUSH,
    Qt.Key.Key_R: REFER, Qt.Key.Key_Asterisk: REFER,
    Qt.Key.Key_Plus: PAY,
}
AMOUNT_KEYS = {Qt.Key.Key_Period, Qt.Key.Key_Comma, Qt.Key.Key_Dollar} | {
    Qt.Key(int(Qt.Key.Key_0) + d) for d in range(10)}
# The buttons of a wager row: result, key shown, text.
RESULT_BUTTONS = ((COLLECT, "C", "Collect"), (PUSH, "P", "Push"), (PAY, "$", "Pay"), (REFER, "R", "Refer"))


def _result_key(event: QKeyEvent) -> str | None:
    if _commanding(event):
        return None
    return RESULT_KEYS.get(Qt.Key(event.key()))


class ResultPicker(QFrame):
    """The result buttons of one wager; it holds the focus and reads the result keys."""

    chosen = Signal(str)  # a result key (or a click)
    typed = Signal(str)  # an amount's first character: pay it
    entered = Signal()
    cleared = Signal()
    step = Signal(int)  # -1 / +1: Up / Down

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settle-picker")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(f"{name}: result")
        self.setStyleSheet(f"QFrame#settle-picker {{ border: 2px solid transparent; border-radius: 10px; }}"
                           f"QFrame#settle-picker:focus {{ border: 2px solid {style.ACCENT}; }}"
                           f"QFrame#settle-picker[invalid=\"true\"] {{ border: 2px solid {style.BAD}; }}")
        row = QHBoxLayout(self)
        row.setContentsMargins(2, 2, 2, 2)
        row.setSpacing(6)
        self.buttons: dict[str, OptionButton] = {}
        for result, key, text in RESULT_BUTTONS:
            button = OptionButton(None, text, self)
            button.key_label.setText(key)
            # Compact: a settlement of six wagers fits the answer panel.
            button.layout().setContentsMargins(6, 3, 8, 3)
            button.layout().setSpacing(8)
            button.key_label.setFixedSize(24, 24)
            button.setObjectName(f"result-{result}")
            button.setAccessibleName(f"{name}: {text}")
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            button.clicked.connect(lambda _=False, r=result: self.chosen.emit(r))
            self.buttons[result] = button
            row.addWidget(button)

    def show_result(self, result: str | None) -> None:
        for r, b in self.buttons.items():
            b.set_state("selected", r == result)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        result = _result_key(event)
        if result is not None:
            self.chosen.emit(result)
        elif key in AMOUNT_KEYS and not _commanding(event):
            self.typed.emit(event.text())
        elif key in ENTER_KEYS:
            self.entered.emit()
        elif key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.cleared.emit()
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.step.emit(-1 if key == Qt.Key.Key_Up else 1)
        else:
            super().keyPressEvent(event)
            return
        event.accept()


class PayEdit(AmountEdit):
    """The amount of a pay. A result key here changes the result (and leaves the field);
    Backspace on an empty field clears the row."""

    result_key = Signal(str)
    emptied = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        result = _result_key(event)
        if result is not None and result != PAY:
            self.result_key.emit(result)
            event.accept()
            return
        if event.key() == Qt.Key.Key_Plus:
            event.accept()
            return
        if event.key() == Qt.Key.Key_Backspace and not self.text():
            self.emptied.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class SettleInput(TypedInput):
    hint = ("Each wager: C or − collect · P or / push · type the amount to pay · R refer to floor supervisor · "
            "Enter goes to the next wager, and submits on the last")
    form_id = SETTLE

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        # Each wager takes two lines, to fit the answer panel: its name with the amount paid
        # at the right, then its result buttons; a plain amount takes one.
        super().__init__(question, parent, row_spacing=4)
        self.fields = list(question.fields)
        self.kinds = list(question.settle_kinds())
        self.results: list[str | None] = [None] * len(self.fields)
        self.pickers: list[ResultPicker | None] = []
        grid = self.grid
        line = 0
        for i, (name, kind) in enumerate(zip(self.fields, self.kinds)):
            lab = style.label(name, "h3", wrap=True)
            lab.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(lab, line, 0)
            if kind == AMOUNT:
                edit = AmountEdit(self)
                picker = None
            else:
                picker = ResultPicker(name, self)
                picker.chosen.connect(lambda r, i=i: self.set_result(i, r))
                picker.typed.connect(lambda t, i=i: self._pay_typed(i, t))
                picker.entered.connect(lambda i=i: self._enter(i))
                picker.cleared.connect(lambda i=i: self.set_result(i, None))
                picker.step.connect(lambda d, i=i: self._focus_row(i + d))
                grid.addWidget(picker, line + 1, 0, 1, 2)
                edit = PayEdit(self)
                edit.result_key.connect(lambda r, i=i: self.set_result(i, r))
                edit.emptied.connect(lambda i=i: self.set_result(i, None))
                edit.setEnabled(False)
                # Shown only for a pay; its room is kept, so that nothing moves when it shows.
                policy = edit.sizePolicy()
                policy.setRetainSizeWhenHidden(True)
                edit.setSizePolicy(policy)
                edit.setVisible(False)
            edit.setMinimumWidth(120)
            edit.setMaximumWidth(160)
            edit.setObjectName(f"amount-{i}")
            edit.setAccessibleName(name if kind == AMOUNT else f"{name}: amount paid")
            lab.setBuddy(picker or edit)
            edit.entered.connect(lambda i=i: self._enter(i))
            edit.textEdited.connect(lambda _t, i=i: self._edited(i))
            grid.addWidget(edit, line, 1, Qt.AlignmentFlag.AlignRight)  # every amount in one column
            self.pickers.append(picker)
            self.edits.append(edit)
            line += 1 if kind == AMOUNT else 2
            if i + 1 < len(self.fields):
                grid.setRowMinimumHeight(line, 6)  # a little air between wagers
                line += 1
        self.finish()

    # -- state
    def row_widget(self, index: int) -> QWidget:
        """The widget that takes the focus on row ``index``: the result buttons, or the
        amount field of a pay or of a plain amount."""
        picker = self.pickers[index]
        if picker is None or self.results[index] == PAY:
            return self.edits[index]
        return picker

    def set_result(self, index: int, result: str | None) -> None:
        if not self.isEnabled():
            return
        self.results[index] = result
        picker, edit = self.pickers[index], self.edits[index]
        picker.show_result(result)
        paying = result == PAY
        edit.setEnabled(paying)
        edit.setVisible(paying)
        self._clear_invalid(index)
        if paying:
            edit.setFocus(Qt.FocusReason.OtherFocusReason)
            edit.selectAll()
        else:
            picker.setFocus(Qt.FocusReason.OtherFocusReason)
        self.ready_changed.emit(self.is_ready())

    def _pay_typed(self, index: int, text: str) -> None:
        """An amount typed on the result buttons: pay, the field opening with what was typed
        (added to the amount when the row already pays)."""
        edit = self.edits[index]
        if self.results[index] != PAY:
            edit.clear()
        self.set_result(index, PAY)
        edit.deselect()
        edit.end(False)
        edit.insert(text)
        self._edited(index)

    def _focus_row(self, index: int) -> None:
        if 0 <= index < len(self.fields):
            widget = self.row_widget(index)
            widget.setFocus(Qt.FocusReason.TabFocusReason)
            if isinstance(widget, QLineEdit):
                widget.selectAll()
            self._show_row(index)

    def _show_row(self, index: int) -> None:
        """Scroll the answer panel, if it scrolls, so that row ``index`` is in view."""
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if parent is not None:
            picker = self.pickers[index]
            parent.ensureWidgetVisible(picker if picker is not None else self.edits[index], 0, 24)

    def _edited(self, index: int) -> None:
        self._clear_invalid(index)
        self.ready_changed.emit(self.is_ready())

    def _clear_invalid(self, index: int) -> None:
        style.set_flag(self.edits[index], "invalid", False)
        if self.pickers[index] is not None:
            style.set_flag(self.pickers[index], "invalid", False)
        if not any(e.property("invalid") == "true" for e in self.edits) and not any(
                p is not None and p.property("invalid") == "true" for p in self.pickers):
            self.error.hide()

    def _enter(self, index: int) -> None:
        if index + 1 < len(self.fields):
            self._focus_row(index + 1)
        else:
            self.submit()

    def focus_input(self) -> None:
        if self.fields:
            self._focus_row(0)

    def is_ready(self) -> bool:
        for kind, result, edit in zip(self.kinds, self.results, self.edits):
            if kind == AMOUNT or result == PAY:
                if not edit.text().strip():
                    return False
            elif result is None:
                return False
        return True

    def entry(self) -> tuple[list[str | None], list[str]]:
        return self.results, self.texts()

    def message(self, error: InputError) -> str:
        i = error.index
        if i is not None and self.kinds[i] != AMOUNT and self.results[i] is None:
            return f"{self.fields[i]}: choose what you do with it: C collect, P push, an amount to pay."
        return str(error)

    def mark_invalid(self, index: int) -> None:
        style.set_flag(self.row_widget(index), "invalid", True)
        self._focus_row(index)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# The input widget of each answer form, by the form's id (what Question.form holds).
INPUTS: dict[str, type[AnswerInput]] = {cls.form_id: cls for cls in (ChoiceInput, AmountsInput, OrderInput, SettleInput)}


def make_input(question: Question, parent: QWidget | None = None) -> AnswerInput:
    return INPUTS[question.form](question, parent)
