"""The window's link to the classroom server (issue 19), made only when a server is set
(``[server] url`` or ``--server``): trainees sign in with name and PIN, the background
sender (``trainer.server.sender``) sends what the station recorded, the status bar says
what waits to be sent, and Exams > Exams on the server lists the trainee's open exams.
When the URL is a supervisor's, the supervisor's dashboard and trainee drill-down read the
server (``review``) and Server > Live class view follows an exam.

The station's own SQLite store stays where every answer is committed first: without the
server (cable out, server down) everything works as before and is sent later. Calls to
the server run on short-lived threads, never on the GUI thread; their outcome comes back
through Qt signals (queued to the GUI thread).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel

STATUS_MS = 1000


def attach_server(window) -> ServerLink | None:
    """The window's server link, or None when no server is set."""
    from trainer import config

    url = config.server_url(config.current())
    if not url:
        return None
    return ServerLink(window, url)


def server_label(url: str) -> str:
    """Where the server is, for people: host and database, never the rest of the URL."""
    from urllib.parse import urlsplit

    if "://" in url:
        parts = urlsplit(url)
        return f"{parts.hostname or 'local'}{parts.path or ''}"
    return "the school's server"


class ServerLink(QObject):
    done = Signal(object, object)  # (callback, value): a server call's outcome, on the GUI thread

    def __init__(self, window, url: str) -> None:
        super().__init__(window)
        from trainer.server.sender import Sender

        self.window = window
        self.url = url
        self.server_ids: dict[int, int] = {}  # local trainee id -> the server's
        self.sender = Sender(window.db_path, url)
        self.done.connect(lambda callback, value: callback(value))
        self.status = QLabel("Server: connecting…")
        self.status.setObjectName("status-server")
        self.status.setToolTip(f"Results are sent to the school's server ({server_label(url)})")
        window.statusBar().addPermanentWidget(self.status)
        self.timer = QTimer(self)
        self.timer.setInterval(STATUS_MS)
        self.timer.timeout.connect(self.update_status)
        self.timer.start()
        window.trainee_screen.set_server_mode(server_label(url))
        window.trainee_screen.sign_in_requested.connect(self.sign_in)
        self.exams_action = QAction("Exams on the &server…", window)
        self.exams_action.setObjectName("server-exams")
        self.exams_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.exams_action.triggered.connect(self.show_exams)
        window.addAction(self.exams_action)
        self.menu = window.menuBar().addMenu("&Server")
        self.menu.addAction(self.exams_action)
        self.live_action: QAction | None = None
        self.supervisor: bool | None = None  # None until the server says
        self.sender.start()
        self.call(self._is_supervisor, self._supervisor_tools, lambda _message: None)

    # -- a supervisor's URL: the live view of a class ---------------------------------------
    @staticmethod
    def _is_supervisor(conn) -> bool:
        from trainer.server.schema import Roles

        roles = Roles.for_database(conn.execute("SELECT current_database()").fetchone()[0])
        return bool(conn.execute("SELECT pg_has_role(session_user, %s, 'MEMBER')", [roles.supervisor]).fetchone()[0])

    def _supervisor_tools(self, supervisor: bool) -> None:
        self.supervisor = supervisor
        if not supervisor or self.live_action is not None:
            return
        self.live_action = QAction("&Live class view…", self.window)
        self.live_action.setObjectName("server-live")
        self.live_action.triggered.connect(self.show_live)
        self.menu.addAction(self.live_action)

    @property
    def serves_review(self) -> bool:
        """The supervisor's dashboard and drill-down read this server (a supervisor's URL)."""
        return bool(self.supervisor)

    def review(self, job: Callable[[Any], Any], on_result: Callable[[Any], None],
               on_error: Callable[[str], None]) -> None:
        """Run ``job(source)`` with the server's data as the review reads a store's
        (``trainer.server.review_source``), off the GUI thread."""
        def work(conn):
            from trainer.server.review_source import ServerReviewSource

            return job(ServerReviewSource(conn))

        self.call(work, on_result, on_error)

    def show_live(self) -> None:
        from trainer.ui.server_live import ServerLiveDialog

        self.live_dialog = ServerLiveDialog(self, self.window)
        self.live_dialog.open()

    # -- calls to the server, off the GUI thread -----------------------------------------
    def call(self, work: Callable[[Any], Any], on_result: Callable[[Any], None],
             on_error: Callable[[str], None]) -> None:
        """Run ``work(connection)`` on a thread; its result or its error (one line) comes
        back to ``on_result`` or ``on_error`` on the GUI thread."""
        url = self.url

        def run() -> None:
            from trainer.server.connection import connect, one_line

            try:
                with connect(url) as conn:
                    value = work(conn)
            except Exception as e:  # noqa: BLE001 - every failure is said to the trainee
                self.done.emit(on_error, getattr(e, "args", [None])[0] if isinstance(e, ValueError) else one_line(e))
                return
            self.done.emit(on_result, value)

        threading.Thread(target=run, name="dealer-trainer-server-call", daemon=True).start()

    # -- sign-in -----------------------------------------------------------------------
    def sign_in(self, name: str, pin: str) -> None:
        from trainer.server import station

        self.call(lambda conn: station.sign_in(conn, name, pin), self._signed_in,
                  lambda message: self.window.trainee_screen.sign_in_done(message))

    def _signed_in(self, server_trainee) -> None:
        def local(store):  # the station's own trainee of that name (made at the first sign-in here)
            name = server_trainee.name.casefold()
            found = next((t for t in store.trainees() if t.name.casefold() == name), None)
            return found if found is not None else store.add_trainee(server_trainee.name)

        def chosen(trainee) -> None:
            self.server_ids[trainee.id] = server_trainee.id
            self.window.trainee_screen.sign_in_done()
            self.window.trainee_screen.name_edit.clear()
            self.window.load_trainees(select_id=trainee.id)
            self.window.choose_trainee(trainee)
            self.sender.wake()

        self.window.worker.submit(local, on_result=chosen,
                                  on_error=lambda m: self.window.trainee_screen.sign_in_done(m))

    # -- the status bar ------------------------------------------------------------------
    def update_status(self) -> None:
        status = self.sender.status
        self.status.setText(status.text())
        self.status.setProperty("waiting", bool(status.pending or status.error))
        tip = f"Results are sent to the school's server ({server_label(self.url)})"
        if status.held:
            tip += f"\n{status.held:,} results of trainees not signed in here wait until they sign in"
        if status.error:
            tip += f"\nLast attempt: {status.error}"
        self.status.setToolTip(tip)

    # -- exams -------------------------------------------------------------------------
    def show_exams(self) -> None:
        trainee = self.window.trainee
        if trainee is None or trainee.id not in self.server_ids:
            self.window.statusBar().showMessage("Sign in with your name and PIN first.", 8000)
            return
        from trainer.ui.server_exams import ServerExamsDialog

        dialog = ServerExamsDialog(self, trainee, self.server_ids[trainee.id], self.window)
        dialog.open()
        self.exams_dialog = dialog

    def take_exam(self, exam) -> None:
        """Start an open exam: kept by the station, started in its store by the exam flow
        as any exam, then started on the server, by its clock, with the same session id."""
        from trainer.server import station
        from trainer.store import MIXED_GAMES
        from trainer.training.exams import ExamSpec, fingerprint

        trainee = self.window.trainee
        server_id = self.server_ids[trainee.id]
        spec = ExamSpec.from_dict(exam.definition)

        def remembered(_new) -> None:
            flow = self.window.exams
            session = flow.start(spec)
            if session is None:
                return
            recorder = flow.recorder
            game_id = session.game_id if session.game_id != "mixed" else MIXED_GAMES

            def session_id(_store):
                return recorder.id  # the worker runs in order: the exam's session is made by now

            def start_on_server(sid) -> None:
                if not sid:
                    return
                self.call(lambda conn: station.start_exam(conn, exam.window_id, server_id, game_id, sid),
                          lambda _started: self.sender.wake(), self._not_started)

            self.window.worker.submit(session_id, on_result=start_on_server)

        self.window.worker.submit(lambda store: store.remember_exam(exam.definition, fingerprint(spec)),
                                  on_result=remembered, on_error=self.window.show_store_error)

    def _not_started(self, message: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # when asked: not on the way to the first paint (issue 17)

        QMessageBox.warning(self.window, "The server did not start this exam",
                            f"{message}\n\nYour answers are kept on this station, but this attempt will not count "
                            "on the server. Tell your instructor.")

    def shutdown(self) -> None:
        self.timer.stop()
        self.sender.stop()
