"""Taking an exam on a station: open the exam file, start, answer (locked), submit.

``ExamFlow`` is owned by the main window, like ``PracticeFlow``. An exam is a session
of mode ``exam`` naming the exam; its answers are recorded the moment they are given,
like every answer, and the session ends when the exam is submitted, by the trainee or
when the time is up (or when the window closes: the exam is then submitted as it stands).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMessageBox

from trainer.store import StoreError
from trainer.store.records import utc_now
from trainer.training.exams import (
    FILE_SUFFIX,
    ExamError,
    ExamSpec,
    StartCodeNeeded,
    exam_result,
    exam_session,
    read_exam_file,
)
from trainer.training.session import Recorder, Session
from trainer.ui.screens.exam_screen import (
    ExamHubScreen,
    ExamResultScreen,
    ExamTakingScreen,
    minutes,
)


def exam_specs(store) -> list[ExamSpec]:
    """On the worker thread: every exam this station knows that it can still run."""
    specs = []
    for row in store.exams():
        try:
            specs.append(ExamSpec.from_dict(row.definition))
        except ExamError:
            continue
    return specs


def taken_exams(store, trainee_id: int | None) -> dict[str, str]:
    """On the worker thread: the exams the trainee has attempted here, with the start of the first attempt."""
    if trainee_id is None:
        return {}
    taken: dict[str, str] = {}
    for a in store.exam_attempts(trainee_id=trainee_id):  # newest first: the first attempt is kept last
        taken[a.exam_id] = a.started_at
    return taken


class ExamFlow(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.hub = ExamHubScreen()
        self.taking = ExamTakingScreen()
        self.result_screen = ExamResultScreen()
        for screen in self.screens:
            window.stack.addWidget(screen)
        self.spec: ExamSpec | None = None
        self.session: Session | None = None
        self.recorder: Recorder | None = None
        self.timed_out = False
        self.taken: dict[str, str] = {}  # exam id -> when the trainee first attempted it here
        self.retake = False
        self.start_error = ""
        self.choose_file = self._choose_file  # replaced in tests
        self.confirm = self._confirm  # (title, text) -> bool; replaced in tests
        self.ask_code = self._ask_code  # (problem or "") -> the start code typed, "" if cancelled; in tests too

        self.hub.back_requested.connect(window.show_home)
        self.hub.open_requested.connect(self.open_file)
        self.hub.start_requested.connect(self.start)
        self.taking.answered.connect(self.record_answer)
        self.taking.session_finished.connect(lambda _s: self.submit())
        self.taking.submit_requested.connect(self.ask_submit)
        self.taking.time_up.connect(self._time_up)
        self.result_screen.home_requested.connect(window.show_home)

    @property
    def screens(self) -> tuple:
        return (self.hub, self.taking, self.result_screen)

    # ------------------------------------------------------------- the hub
    def show(self, select_id: str | None = None) -> None:
        self.hub.show_loading()
        self.window.show_screen(self.hub)
        trainee = self.window.trainee
        trainee_id = trainee.id if trainee is not None else None

        def load(store):
            return exam_specs(store), taken_exams(store, trainee_id)

        def loaded(out) -> None:
            specs, self.taken = out
            self.hub.show_exams(specs, select_id)

        self.window.worker.submit(load, on_result=loaded, on_error=self.hub.show_error)

    def _choose_file(self) -> str:
        path, _filter = QFileDialog.getOpenFileName(self.window, "Open an exam file", "",
                                                    f"Dealer Trainer exams (*{FILE_SUFFIX});;All files (*)")
        return path

    def open_file(self, path: str | Path | None = None) -> None:
        path = path or self.choose_file()
        if not path:
            return
        path = Path(path)
        code = None
        try:
            data = path.read_bytes()
            while True:
                try:
                    spec, fp = read_exam_file(data, str(path), start_code=code)
                    break
                except StartCodeNeeded as e:
                    # a sealed exam: the start code is announced in the room (issue 14)
                    code = self.ask_code(str(e) if e.wrong else "")
                    if not code:
                        self.hub.set_status(f"{path.name} needs the start code the instructor announces.",
                                            error=True)
                        return
        except OSError as e:
            self.hub.set_status(f"{path} cannot be read: {e.strerror or e}", error=True)
            return
        except ExamError as e:
            self.hub.set_status(str(e), error=True)
            self.window.show_problem("This exam file cannot be used", str(e))
            return
        definition = spec.to_dict()
        self.window.worker.submit(lambda store: store.remember_exam(definition, fp),
                                  on_result=lambda _new: (self.hub.set_status(f"Opened {spec.title!r} from "
                                                                              f"{path.name}."),
                                                          self.show(spec.id)),
                                  on_error=lambda m: self.hub.set_status(m, error=True))

    def _ask_code(self, problem: str) -> str:
        text = (problem + "\n\n" if problem else "") + "Type the start code the instructor announces:"
        code, ok = QInputDialog.getText(self.window, "Start code", text, QLineEdit.EchoMode.Normal, "")
        return code.strip() if ok else ""

    # ------------------------------------------------------------- taking it
    def _confirm(self, title: str, text: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, title, text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.window)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def start(self, spec: ExamSpec) -> Session | None:
        trainee = self.window.trainee
        if trainee is None:
            return None
        retake = spec.id in self.taken
        if retake:
            # never silently a fresh first attempt (issue 14): the supervisor counts the first one
            ok = self.confirm("Retake the exam?",
                              f"You have already taken {spec.title} (first attempt {self.taken[spec.id][:10]}). "
                              "Your first attempt is the one that counts: this one is recorded as a retake, "
                              f"with the same questions.\n\n{spec.question_count} questions in "
                              f"{minutes(spec.time_limit_s)}. The clock starts now. Start the retake?")
        else:
            ok = self.confirm("Start the exam?",
                              f"{spec.title}: {spec.question_count} questions in {minutes(spec.time_limit_s)}, "
                              f"pass mark {spec.pass_mark}%.\n\nThe clock starts now, and you cannot leave "
                              f"without submitting. Start?")
        if not ok:
            return None
        try:
            session = exam_session(spec)
        except (ExamError, KeyError) as e:
            self.window.show_problem("The exam cannot start", str(e))
            return None
        self.spec, self.session, self.timed_out, self.retake, self.start_error = spec, session, False, retake, ""
        self.taken.setdefault(spec.id, utc_now())
        recorder = self.recorder = Recorder(self.window.worker.submit, trainee.id, session.start_record(),
                                            on_saved=self.taking.answer_saved, on_not_saved=self._not_saved)
        class_name = spec.class_name

        def join(store) -> str:
            # The attempt is saved first: joining the class is the lesser step, and its
            # failure (a class name the store refuses) must never cost the exam (issue 14).
            if class_name:
                try:
                    store.join_class(recorder.trainee_id, class_name)
                except StoreError as e:
                    return f"The exam is saved, but joining the class {class_name!r} failed: {e}"
            return ""

        def begun(problem: str) -> None:
            if problem:
                self.window.statusBar().showMessage(problem, 15000)
                print(f"dealer-trainer: {problem}", file=sys.stderr)

        recorder.start(then=join, on_result=begun, on_error=self._start_not_saved)
        self.taking.start_exam(session, spec)
        self.window.show_screen(self.taking)
        return session

    def _start_not_saved(self, message: str) -> None:
        self.start_error = message
        self.window.show_store_error(f"The exam could not be saved, so its answers will not be either: {message}")
        if self.recorder is not None and self.recorder.ended:  # the result is already on screen
            self.result_screen.mark_unsaved(0, message)

    def record_answer(self, result) -> None:
        if self.recorder is not None and self.session is not None:
            self.recorder.answered(result)

    def _not_saved(self, index: int, message: str) -> None:
        self.taking.answer_not_saved(index, message)
        if self.recorder is not None and self.recorder.ended and not self.start_error:
            self.result_screen.mark_unsaved(len(self.taking.unsaved()), message)
        self.window.statusBar().showMessage(f"An exam answer was not saved: {message}", 15000)
        print(f"dealer-trainer: exam answer {index + 1} was not saved: {message}", file=sys.stderr)

    def ask_submit(self) -> None:
        session = self.session
        if session is None or self.taking.finished:
            return
        left = session.count - session.position
        text = ("You have answered every question. Submit the exam?" if not left else
                f"{left} of {session.count} questions are not answered yet and will count as wrong. "
                "Submit the exam now?")
        if self.confirm("Submit the exam?", text):
            self.submit()

    def _time_up(self) -> None:
        self.timed_out = True
        self.window.statusBar().showMessage("Time is up: the exam was submitted as it stood.", 15000)
        self.submit()

    def submit(self) -> None:
        """Hand the exam in: end its session and show the result with every explanation."""
        session, spec, recorder = self.session, self.spec, self.recorder
        if session is None or spec is None or recorder is None or recorder.ended:
            return
        self.taking.stop()
        used = spec.time_limit_s * 1000 - self.taking.remaining_ms()
        recorder.end(on_error=lambda m: self.window.show_store_error(f"The exam's submission was not saved: {m}"))
        result = exam_result(spec, session, timed_out=self.timed_out)
        unsaved = dict(self.taking.unsaved())
        if self.start_error and not unsaved:
            unsaved = {-1: self.start_error}
        self.result_screen.show_result(result, session.questions(), session.results, used, unsaved,
                                       retake=self.retake)
        self.window.show_screen(self.result_screen)

    def running(self) -> bool:
        return self.recorder is not None and not self.recorder.ended and self.session is not None

    def shutdown(self) -> None:
        """The window closes during an exam: it is submitted as it stands."""
        if self.running():
            self.taking.stop()
            self.recorder.end()
