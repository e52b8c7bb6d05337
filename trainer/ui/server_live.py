"""The supervisor's live view of a class during an exam (issue 19), on a window whose
server URL is a supervisor's: every exam published, and for the one chosen, each member
of its class: not started, answering (how many answers reached the server), finished,
with the answers the checker accepted and how many are right; refreshed every two
seconds (each refresh runs the checker first); Release results releases them now."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from trainer.ui import style

REFRESH_MS = 2000
COLUMNS = ("Trainee", "State", "Started", "Accepted", "Right")


def live_cells(row) -> list[str]:
    started = row.started_at.astimezone().strftime("%H:%M:%S") if row.started_at else "—"
    return [row.trainee, row.state, started, str(row.accepted), str(row.correct)]


class ServerLiveDialog(QDialog):
    def __init__(self, link, parent=None) -> None:
        super().__init__(parent)
        self.link = link
        self.windows: list = []
        self.setWindowTitle("Live class view")
        self.setObjectName("server-live-dialog")
        self.setMinimumSize(640, 420)
        box = QVBoxLayout(self)
        box.addWidget(style.label("Exams on the server", "h2"))
        self.choice = QComboBox(self)
        self.choice.setObjectName("server-live-window")
        self.choice.currentIndexChanged.connect(lambda _i: self.refresh())
        box.addWidget(self.choice)
        self.state = QLabel("Asking the server…")
        self.state.setObjectName("server-live-state")
        self.state.setWordWrap(True)
        box.addWidget(self.state)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("server-live-table")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        box.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.release_button = QPushButton("Release results", self)
        self.release_button.setObjectName("server-release")
        self.release_button.clicked.connect(self.release)
        buttons.addButton(self.release_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.finished.connect(lambda _r: self.timer.stop())
        self._load_windows()

    def _load_windows(self) -> None:
        from trainer.server.dashboard import exam_windows

        self.link.call(exam_windows, self._windows_loaded, self._unreachable)

    def _windows_loaded(self, windows: list) -> None:
        self.windows = windows
        self.choice.blockSignals(True)
        self.choice.clear()
        for w in windows:
            released = "results released" if w.released_at else "results not released"
            self.choice.addItem(f"{w.title} — {w.class_name}, {w.opens_at.astimezone():%d %b %H:%M} to "
                                f"{w.closes_at.astimezone():%H:%M} ({released})", w.id)
        self.choice.blockSignals(False)
        if not windows:
            self.state.setText("No exam has been published to a class yet.")
        self.refresh()

    def window_id(self) -> int | None:
        return self.choice.currentData()

    def refresh(self) -> None:
        window_id = self.window_id()
        self.release_button.setEnabled(window_id is not None)
        if window_id is None:
            return
        from trainer.server.checker import check_pending
        from trainer.server.dashboard import live_class

        def work(conn):
            check_pending(conn)
            return live_class(conn, window_id)

        self.link.call(work, self._shown, self._unreachable)

    def _shown(self, rows: list) -> None:
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(live_cells(row)):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        started = sum(1 for row in rows if row.started_at is not None)
        finished = sum(1 for row in rows if row.finished)
        self.state.setText(f"{started} of {len(rows)} started, {finished} finished.")

    def _unreachable(self, message: str) -> None:
        self.state.setText(f"The server cannot be reached: {message}")

    def release(self) -> None:
        window_id = self.window_id()
        if window_id is None:
            return
        from trainer.server.accounts import release_results

        self.link.call(lambda conn: release_results(conn, window_id), lambda _none: self._load_windows(),
                       self._unreachable)
