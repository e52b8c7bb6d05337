"""Exams on the server (issue 19): the exams open now, by the server's clock, for the
trainee signed in, and the results the instructor has released. Taking one starts it on
this station (the usual exam screens) and on the server (``ServerLink.take_exam``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from trainer.ui import style

EXAM_ROLE = Qt.ItemDataRole.UserRole


def exam_line(exam) -> str:
    closes = exam.closes_at.astimezone().strftime("%H:%M")
    spec = exam.definition
    state = "started: the first attempt counts" if exam.started else f"open until {closes}"
    return (f"{exam.title} — {spec.get('question_count')} questions in {int(spec.get('time_limit_s', 0)) // 60} min, "
            f"pass mark {spec.get('pass_mark')}% ({state})")


def result_line(result) -> str:
    verdict = "passed" if result.passed else "not passed"
    return (f"{result.title}: {result.correct} of {result.question_count} right ({result.percent}%), {verdict} "
            f"(pass mark {result.pass_mark}%)")


class ServerExamsDialog(QDialog):
    def __init__(self, link, trainee, server_id: int, parent=None) -> None:
        super().__init__(parent)
        self.link = link
        self.trainee = trainee
        self.server_id = server_id
        self.setWindowTitle("Exams on the server")
        self.setObjectName("server-exams-dialog")
        self.setMinimumWidth(560)
        box = QVBoxLayout(self)
        box.addWidget(style.label(f"Exams open for {trainee.name}", "h2"))
        self.state = QLabel("Asking the server…")
        self.state.setObjectName("server-exams-state")
        self.state.setWordWrap(True)
        box.addWidget(self.state)
        self.list = QListWidget(self)
        self.list.setObjectName("server-exams-list")
        self.list.itemDoubleClicked.connect(lambda _i: self.take())
        self.list.currentItemChanged.connect(lambda *_: self._update())
        box.addWidget(self.list, 1)
        box.addWidget(style.label("Released results", "h3"))
        self.results = QListWidget(self)
        self.results.setObjectName("server-results-list")
        self.results.setMaximumHeight(120)
        box.addWidget(self.results)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.take_button = QPushButton("Take this exam", self)
        self.take_button.setObjectName("take-server-exam")
        self.take_button.setProperty("role", "primary")
        self.take_button.clicked.connect(self.take)
        buttons.addButton(self.take_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
        self._update()
        self.refresh()

    def refresh(self) -> None:
        from trainer.server import station

        server_id = self.server_id
        self.link.call(lambda conn: (station.open_exams(conn, server_id), station.released_results(conn, server_id)),
                       self._loaded, lambda message: self.state.setText(f"The server cannot be reached: {message}"))

    def _loaded(self, found) -> None:
        exams, results = found
        self.list.clear()
        for exam in exams:
            item = QListWidgetItem(exam_line(exam))
            item.setData(EXAM_ROLE, exam)
            if exam.started:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)
        self.results.clear()
        for result in results:
            self.results.addItem(result_line(result))
        if not results:
            self.results.addItem("None released yet.")
        self.state.setText("No exam is open for you now." if not exams else
                           "Choose an exam and press Take this exam: the clock starts at once (the server's).")
        if exams:
            self.list.setCurrentRow(0)
        self._update()

    def selected(self):
        item = self.list.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return None
        return item.data(EXAM_ROLE)

    def _update(self) -> None:
        self.take_button.setEnabled(self.selected() is not None)

    def take(self) -> None:
        exam = self.selected()
        if exam is None:
            return
        self.accept()
        self.link.take_exam(exam)
