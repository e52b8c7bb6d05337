"""The door to the supervisor's review: sign in.

Trainees cannot go further than this screen: the review, its imports, exports, exams,
classes and thresholds open only for a supervisor who has signed in with their password
(checked against its salted scrypt hash, on the store's thread; wrong tries slow down and
then lock the name for a while). This screen never makes an account (issue 14): with no
supervisor account in the database it says how the instructor makes the first one at
set-up (``dealer-trainer supervisor add NAME``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QWidget

from trainer.ui import style
from trainer.ui.keys import EscapeGoesBack
from trainer.ui.screens.dashboard_widgets import button, local_style, progress_bar


class SupervisorLoginScreen(EscapeGoesBack, QWidget):
    sign_in_requested = Signal(str, str)  # name, password
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style.screen(self, css=local_style())
        self.no_account = False
        outer = style.vbox(self, (40, 26, 40, 22))
        outer.addStretch(2)
        row = QHBoxLayout()
        row.addStretch(1)
        card = style.card(self)
        card.setObjectName("supervisor-card")
        card.setFixedWidth(460)
        box = style.vbox(card, (34, 30, 34, 30), 10)
        box.addWidget(style.label("SUPERVISOR", "brand"))
        self.title = style.label("Sign in to the review", "h1", name="supervisor-login-title")
        box.addWidget(self.title)
        self.intro = style.label("", "muted", wrap=True, name="supervisor-login-intro")
        box.addWidget(self.intro)
        box.addSpacing(8)
        box.addWidget(style.label("NAME", "stat-label"))
        self.name_edit = QLineEdit(card)
        self.name_edit.setObjectName("supervisor-name")
        self.name_edit.setPlaceholderText("Your supervisor name")
        self.name_edit.setMaxLength(80)
        box.addWidget(self.name_edit)
        box.addWidget(style.label("PASSWORD", "stat-label"))
        self.password_edit = QLineEdit(card)
        self.password_edit.setObjectName("supervisor-password")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        box.addWidget(self.password_edit)
        self.error = style.label("", "error", wrap=True, name="supervisor-error")
        self.error.hide()
        box.addWidget(self.error)
        self.busy = progress_bar(card, "supervisor-busy")
        box.addWidget(self.busy)
        box.addSpacing(6)
        actions = QHBoxLayout()
        self.back_button = button("&Back", card, name="supervisor-back", height=44)
        self.back_button.clicked.connect(self.back_requested)
        actions.addWidget(self.back_button)
        actions.addStretch(1)
        self.go_button = button("&Sign in", card, name="supervisor-go", primary=True, height=44)
        self.go_button.setMinimumWidth(170)
        self.go_button.clicked.connect(self._go)
        actions.addWidget(self.go_button)
        box.addLayout(actions)
        row.addWidget(card)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(3)
        for edit in (self.name_edit, self.password_edit):
            edit.returnPressed.connect(self._go)
        self.set_no_account(False)

    def set_no_account(self, none: bool, command: str = "") -> None:
        """No supervisor account in this database yet: nobody can sign in, and this screen
        says how the instructor makes the first account at set-up (``command``)."""
        self.no_account = none
        self.title.setText("No supervisor account yet" if none else "Sign in to the review")
        self.intro.setText(
            "There is no supervisor account in this database. The instructor makes the first one when setting "
            f"up the station, on the command line:\n\n{command}\n\nAfter that, a signed-in supervisor adds the "
            "others in the supervisor's tools. Exporting this station's results (File menu) needs no account."
            if none else "The review shows every trainee's results. Only supervisors can open it.")
        self.intro.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for w in (self.name_edit, self.password_edit, self.go_button):
            w.setEnabled(not none)

    def reset(self) -> None:
        for edit in (self.name_edit, self.password_edit):
            edit.clear()
        self.show_error("")
        self.set_busy(False)

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))
        self.set_busy(False)
        if message:
            self.password_edit.clear()
            self.password_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self.go_button.setEnabled(not busy and not self.no_account)

    def _go(self) -> None:
        if not self.go_button.isEnabled() or self.no_account:
            return
        name, password = self.name_edit.text(), self.password_edit.text()
        if not name.strip():
            self.error.setText("Enter your supervisor name.")
            self.error.show()
            self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self.error.hide()
        self.set_busy(True)
        self.sign_in_requested.emit(name, password)

    def focus_default(self) -> None:
        if self.no_account:
            self.back_button.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        target = self.name_edit if not self.name_edit.text() else self.password_edit
        target.setFocus(Qt.FocusReason.OtherFocusReason)
