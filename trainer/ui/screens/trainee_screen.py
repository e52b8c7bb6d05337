"""Who is training? Choose a trainee from the list, or type a new name.

With a classroom server (issue 19, ``set_server_mode``) trainees sign in with their name
and PIN instead: the names are the server's (the instructor adds trainees there), the PIN
is checked by the server, and ``sign_in_requested(name, pin)`` is emitted in place of
``chosen``."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from trainer.ui import style
from trainer.ui.qt_namespace import ALIGN_CENTER, USER_ROLE, Qt

ID_ROLE = USER_ROLE  # Qt.ItemDataRole.UserRole (trainer.ui.qt_namespace)


class TraineeList(QListWidget):
    """Enter on the list continues with the selected trainee."""

    activated_current = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activated_current.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class TraineeScreen(QWidget):
    chosen = Signal(object)  # Trainee
    add_requested = Signal(str)
    sign_in_requested = Signal(str, str)  # name, PIN: with a classroom server

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self._trainees: list = []
        self.ready = False
        self.server_mode = False

        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 32, 40, 32)
        outer.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        panel = style.card(self)
        panel.setMinimumWidth(520)
        panel.setMaximumWidth(600)
        row.addWidget(panel, 3)
        row.addStretch(1)
        outer.addLayout(row, 20)
        outer.addStretch(1)

        box = QVBoxLayout(panel)
        box.setContentsMargins(36, 30, 36, 30)
        box.setSpacing(10)
        box.addWidget(style.label("DEALER TRAINER", "brand"))
        box.addWidget(style.label("Who is training?", "h1"))
        box.addWidget(style.label("Choose your name and press Enter, or add yourself as a new trainee.",
                                  "muted", wrap=True))
        box.addSpacing(6)

        self.list_stack = QStackedLayout()
        self.list = TraineeList(panel)
        self.list.setObjectName("trainee-list")
        self.list.setMinimumHeight(180)
        self.list.itemDoubleClicked.connect(lambda _item: self.continue_())
        self.list.activated_current.connect(self.continue_)
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.empty = style.label("Opening the database…", "empty", wrap=True)
        self.empty.setProperty("alignment", ALIGN_CENTER)  # before the first paint: by value
        self.empty.setMinimumHeight(180)
        holder = QWidget(panel)
        holder.setLayout(self.list_stack)
        self.list_stack.addWidget(self.empty)
        self.list_stack.addWidget(self.list)
        box.addWidget(holder, 1)

        self.continue_button = QPushButton("Continue", panel)
        self.continue_button.setProperty("role", "primary")
        self.continue_button.setObjectName("continue")
        self.continue_button.clicked.connect(self.continue_)
        self.continue_button.setEnabled(False)
        box.addWidget(self.continue_button)

        box.addSpacing(10)
        box.addWidget(style.rule(panel))
        box.addSpacing(6)
        self.new_heading = style.label("New trainee", "h3")
        box.addWidget(self.new_heading)
        add_row = QHBoxLayout()
        add_row.setSpacing(8)
        self.name_edit = QLineEdit(panel)
        self.name_edit.setObjectName("new-trainee-name")
        self.name_edit.setPlaceholderText("Type your name and press Enter")
        self.name_edit.setMaxLength(80)
        self.name_edit.returnPressed.connect(self.add)
        self.name_edit.textEdited.connect(lambda _t: self.clear_error())
        add_row.addWidget(self.name_edit, 1)
        self.add_button = QPushButton("Add", panel)
        self.add_button.setObjectName("add-trainee")
        self.add_button.clicked.connect(self.add)
        add_row.addWidget(self.add_button)
        box.addLayout(add_row)
        self.pin_edit = QLineEdit(panel)  # shown with a classroom server only
        self.pin_edit.setObjectName("trainee-pin")
        self.pin_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_edit.setMaxLength(8)
        self.pin_edit.setPlaceholderText("Your PIN, then Enter")
        self.pin_edit.returnPressed.connect(self.continue_)
        self.pin_edit.textEdited.connect(lambda _t: self.clear_error())
        self.pin_edit.hide()
        box.addWidget(self.pin_edit)
        self.error = style.label("", "error", wrap=True)
        self.error.setObjectName("trainee-error")
        self.error.hide()
        box.addWidget(self.error)

    # ------------------------------------------------------------------ data
    def set_loading(self, text: str = "Opening the database…") -> None:
        self.ready = False
        self.empty.setText(text)
        self.list_stack.setCurrentWidget(self.empty)
        self._update_buttons()

    def set_trainees(self, trainees: list, select_id: int | None = None) -> None:
        self._trainees = list(trainees)
        self.list.clear()
        for t in self._trainees:
            item = QListWidgetItem(t.name)
            item.setData(ID_ROLE, t.id)
            self.list.addItem(item)
            if t.id == select_id:
                self.list.setCurrentItem(item)
        if self._trainees:
            if self.list.currentItem() is None:
                self.list.setCurrentRow(0)
            self.list_stack.setCurrentWidget(self.list)
        else:
            self.empty.setText("No trainees yet.\nType your name below and press Enter to start.")
            self.list_stack.setCurrentWidget(self.empty)
        self.ready = True
        self._update_buttons()

    def trainees(self) -> list:
        return list(self._trainees)

    def focus_default(self) -> None:
        if self._trainees:
            self.list.setFocus()
        else:
            self.name_edit.setFocus()

    def selected_trainee(self):
        item = self.list.currentItem()
        if item is None or self.list_stack.currentWidget() is not self.list:
            return None
        tid = item.data(ID_ROLE)
        return next((t for t in self._trainees if t.id == tid), None)

    # --------------------------------------------------------------- actions
    def set_server_mode(self, server: str) -> None:
        """Sign in with name and PIN, checked by the classroom server ``server`` (shown)."""
        self.server_mode = True
        self.new_heading.setText("Sign in")
        self.name_edit.setPlaceholderText("Your name, as your instructor wrote it")
        self.add_button.hide()
        self.pin_edit.show()
        self.continue_button.setText("Sign in")
        self.continue_button.setToolTip(f"Your PIN is checked by the school's server ({server})")
        self.list.currentItemChanged.connect(self._name_from_list)
        self._update_buttons()

    def _name_from_list(self, item, _previous=None) -> None:
        if item is not None:
            self.name_edit.setText(item.text())

    def continue_(self) -> None:
        if self.server_mode:
            self.sign_in()
            return
        trainee = self.selected_trainee()
        if trainee is not None:
            self.chosen.emit(trainee)

    def sign_in(self) -> None:
        name = " ".join(self.name_edit.text().split())
        if not name:
            trainee = self.selected_trainee()
            name = trainee.name if trainee is not None else ""
        if not name:
            self.show_error("Type your name first.")
            return
        pin = self.pin_edit.text().strip()
        if not pin:
            self.show_error("Type your PIN.")
            self.pin_edit.setFocus()
            return
        self.clear_error()
        self.pin_edit.clear()
        self.continue_button.setEnabled(False)
        self.sign_in_requested.emit(name, pin)

    def sign_in_done(self, problem: str = "") -> None:
        """The server answered: ``problem`` is why the sign-in was refused, if it was."""
        self._update_buttons()
        if problem:
            self.show_error(problem)
            self.pin_edit.setFocus()

    def add(self) -> None:
        if self.server_mode:
            self.pin_edit.setFocus()
            return
        from trainer.core import names  # here, not at import: unicodedata is not needed for the first paint

        try:  # NFC, spaces folded; invisible and control characters refused (issue 14)
            name = names.clean(self.name_edit.text(), "a trainee's name")
        except names.InvalidName as e:
            self.show_error(str(e))
            return
        if not name:
            self.show_error("Type a name first.")
            return
        if not self.ready:
            self.show_error("The database is not open yet.")
            return
        self.clear_error()
        self.add_requested.emit(name)

    def added(self) -> None:
        """The new trainee was saved: the name field is cleared for the next one."""
        self.name_edit.clear()

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self.name_edit.setFocus()

    def clear_error(self) -> None:
        self.error.hide()
        self.error.clear()

    def _update_buttons(self) -> None:
        self.continue_button.setEnabled(self.server_mode or self.selected_trainee() is not None)
        self.add_button.setEnabled(True)
