"""Classroom exams on a station: the exams here, taking one (locked), and the result.

- ``ExamHubScreen``: the exams this station knows (saved here or opened from an exam
  file), what each asks, and the button that starts one.
- ``ExamTakingScreen``: the quiz screen, locked: no feedback and no explanation until
  the end, the dots say only which questions are answered, the time left counts down
  and the only way out is "Submit exam" (Esc asks to submit). When the time is up the
  exam is submitted as it stands; questions not answered count as wrong.
- ``ExamResultScreen``: passed or not, the score against the pass mark and the result
  skill by skill; not the questions with their right answers, which the next trainee
  could copy (issue 14). Answers that could not be saved are named in the verdict.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QElapsedTimer, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.training.exams import ExamResult, ExamSpec
from trainer.ui import style
from trainer.ui.keys import back_or_default
from trainer.ui.screens.dashboard_widgets import (
    button,
    coloured_item,
    local_style,
    screen_header,
)
from trainer.ui.screens.quiz_screen import (
    ProgressDots,
    QuizScreen,
    skill_label,
)
from trainer.ui.screens.summary_screen import make_table, stat_card, text_item


def minutes(seconds: int) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m} min" if not s else f"{m} min {s:02d} s"


def clock(ms: int) -> str:
    seconds = max(0, int(ms + 999) // 1000)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def games_text(spec: ExamSpec) -> str:
    return ", ".join(registry.title_of(g) for g in spec.games)


def skills_text(spec: ExamSpec) -> str:
    if spec.skills is None:
        return "every skill"
    return ", ".join(skill_label(s) + (f" ({registry.title_of(s.split('.', 1)[0])})" if len(spec.games) > 1 else "")
                     for s in spec.skills)


class ExamHubScreen(QWidget):
    start_requested = Signal(object)  # ExamSpec
    open_requested = Signal()
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.setStyleSheet(local_style())
        self.specs: list[ExamSpec] = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 26, 40, 22)
        outer.setSpacing(16)
        head, self.title, self.subtitle = screen_header(self, "EXAM", "Exams on this station")
        self.subtitle.setText("Your instructor gives the class an exam file: open it here, then start the exam. "
                              "Every station of the class gets the same questions.")
        self.subtitle.show()
        self.open_button = button("&Open exam file…", self, name="open-exam-file", height=40)
        self.open_button.clicked.connect(self.open_requested)
        head.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(head)

        body = QHBoxLayout()
        body.setSpacing(18)
        self.pages = QStackedWidget(self)
        self.message = style.label("Loading the exams…", "empty", wrap=True)
        self.message.setObjectName("exam-message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pages.addWidget(self.message)
        self.table = make_table(["Exam", "Games", "Questions", "Time", "Pass mark", "Class"], stretch=0,
                                numeric=(2, 3, 4))
        self.table.setObjectName("exam-list")
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(1, 190)
        self.table.currentCellChanged.connect(lambda row, *_: self._show(row))
        self.table.cellDoubleClicked.connect(lambda *_: self._start())
        self.pages.addWidget(self.table)
        body.addWidget(self.pages, 3)

        side = style.card(self)
        side.setMinimumWidth(320)  # beside the exams' table in a 1024-pixel window
        side.setMaximumWidth(430)
        sbox = QVBoxLayout(side)
        sbox.setContentsMargins(24, 20, 24, 20)
        sbox.setSpacing(10)
        self.exam_title = style.label("Choose an exam", "h2", wrap=True)
        self.exam_title.setObjectName("exam-title")
        sbox.addWidget(self.exam_title)
        self.exam_detail = style.label("", None, wrap=True)
        self.exam_detail.setObjectName("exam-detail")
        self.exam_detail.setTextFormat(Qt.TextFormat.RichText)
        sbox.addWidget(self.exam_detail)
        sbox.addStretch(1)
        rules = style.card(side, "banner-gold")
        rbox = QVBoxLayout(rules)
        rbox.setContentsMargins(14, 10, 14, 10)
        rules_text = style.label(
            "<b>Exam rules</b><br>No feedback and no explanations until you submit. You cannot leave without "
            "submitting. The time is enforced: when it is up the exam is submitted as it stands, and questions "
            "not answered count as wrong.", None, wrap=True)
        rules_text.setTextFormat(Qt.TextFormat.RichText)
        rbox.addWidget(rules_text)
        sbox.addWidget(rules)
        self.start_button = button("&Start the exam", side, name="start-exam", primary=True, height=46)
        self.start_button.setEnabled(False)
        self.start_button.clicked.connect(self._start)
        sbox.addWidget(self.start_button)
        body.addWidget(side, 2)
        outer.addLayout(body, 1)

        actions = QHBoxLayout()
        self.back_button = button("&Back to home", self, name="exam-back", height=44)
        self.back_button.clicked.connect(self.back_requested)
        actions.addWidget(self.back_button)
        actions.addStretch(1)
        self.status = style.label("", "hint", wrap=True)
        self.status.setObjectName("exam-status")
        actions.addWidget(self.status, 1)
        outer.addLayout(actions)

    def show_loading(self) -> None:
        style.set_role(self.message, "empty")
        self.message.setText("Loading the exams…")
        self.pages.setCurrentWidget(self.message)
        self.start_button.setEnabled(False)

    def show_error(self, message: str) -> None:
        style.set_role(self.message, "error")
        self.message.setText(message)
        self.pages.setCurrentWidget(self.message)

    def set_status(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        style.set_role(self.status, "error" if error else "hint")

    def show_exams(self, specs: list[ExamSpec], select_id: str | None = None) -> None:
        self.specs = list(specs)
        if not specs:
            style.set_role(self.message, "empty")
            self.message.setText("No exam on this station yet.\n\nOpen the exam file your instructor gave you "
                                 "(a .dtexam file).")
            self.pages.setCurrentWidget(self.message)
            self.exam_title.setText("No exam")
            self.exam_detail.setText("")
            self.start_button.setEnabled(False)
            return
        t = self.table
        t.setRowCount(len(specs))
        for row, spec in enumerate(specs):
            t.setItem(row, 0, text_item(spec.title))
            t.setItem(row, 1, text_item(games_text(spec)))
            t.setItem(row, 2, text_item(str(spec.question_count), align_right=True))
            t.setItem(row, 3, text_item(minutes(spec.time_limit_s), align_right=True))
            t.setItem(row, 4, text_item(f"{spec.pass_mark}%", align_right=True))
            t.setItem(row, 5, text_item(spec.class_name or "—"))
        self.pages.setCurrentWidget(self.table)
        index = next((n for n, s in enumerate(specs) if s.id == select_id), 0)
        t.setCurrentCell(index, 0)
        self._show(index)

    def selected(self) -> ExamSpec | None:
        row = self.table.currentRow()
        return self.specs[row] if 0 <= row < len(self.specs) and self.pages.currentWidget() is self.table else None

    def _show(self, row: int) -> None:
        if not 0 <= row < len(self.specs):
            return
        spec = self.specs[row]
        self.exam_title.setText(spec.title)
        muted = style.MUTED
        rows = [("Games", games_text(spec)), ("Skills", skills_text(spec)),
                ("Questions", str(spec.question_count)), ("Time limit", minutes(spec.time_limit_s)),
                ("Pass mark", f"{spec.pass_mark}% ({spec.pass_count} of {spec.question_count} right)")]
        if spec.class_name:
            rows.append(("Class", spec.class_name))
        if spec.created_by:
            rows.append(("Set by", spec.created_by))
        self.exam_detail.setText("<table cellspacing='0' cellpadding='0'>" + "".join(
            f"<tr><td style='color:{muted}; padding:3px 14px 3px 0' valign='top'>{escape(k)}</td>"
            f"<td style='padding:3px 0'>{escape(v)}</td></tr>" for k, v in rows) + "</table>")
        self.start_button.setEnabled(True)

    def _start(self) -> None:
        spec = self.selected()
        if spec is not None:
            self.start_requested.emit(spec)

    def focus_default(self) -> None:
        (self.start_button if self.start_button.isEnabled() else self.open_button).setFocus(
            Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not back_or_default(self, event, back=self.back_requested.emit, default=self._start):
            super().keyPressEvent(event)


class AnsweredDots(ProgressDots):
    """The exam's dots: answered (accent), current (ringed) or to come; never right or wrong."""

    def answered_colour(self, right: bool) -> str:
        return style.ACCENT


class ExamTakingScreen(QuizScreen):
    """The quiz screen, locked for an exam."""

    submit_requested = Signal()  # the trainee asked to submit (confirmed by the flow)
    time_up = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exam-quiz")
        self.deadline_ms = 0
        self.clock = QElapsedTimer()
        self.countdown = QTimer(self)
        self.countdown.setInterval(250)
        self.countdown.timeout.connect(self._count)
        # The dots say only what is answered; the score becomes the time left.
        old = self.dots
        self.dots = AnsweredDots(old.parentWidget())
        self.dots.setObjectName("exam-dots")
        old.parentWidget().layout().replaceWidget(old, self.dots)  # searches the nested layouts too
        old.hide()
        old.deleteLater()
        self.score_label.setObjectName("time-left")
        caption = self.score_label.parentWidget().findChildren(type(self.score_label))
        for lab in caption:
            if lab.text() == "SCORE":
                lab.setText("TIME LEFT")
        self.leave_button.setText("Submit exam")
        self.leave_button.setObjectName("submit-exam")
        self.leave_button.setToolTip("Hand in the exam now (Esc)")
        self.leave_button.setProperty("role", "primary")
        self.leave_button.setMinimumHeight(38)
        self.leave_button.clicked.disconnect()
        self.leave_button.clicked.connect(self.submit_requested)
        self.mode_badge.setText("EXAM")
        self.spec: ExamSpec | None = None
        self.finished = False

    def start_exam(self, session, spec: ExamSpec, *, remaining_ms: int | None = None) -> None:
        self.spec = spec
        self.finished = False
        self.deadline_ms = spec.time_limit_s * 1000 if remaining_ms is None else remaining_ms
        self.clock.start()
        self.countdown.start()
        self.start(session, mode="practice")
        self.mode_badge.setText("EXAM")
        self.mode_badge.show()
        self.game_label.setText(spec.title)
        self._count()

    def remaining_ms(self) -> int:
        return max(0, self.deadline_ms - int(self.clock.elapsed())) if self.clock.isValid() else self.deadline_ms

    def _count(self) -> None:
        left = self.remaining_ms()
        self.score_label.setText(clock(left))
        self.score_label.setStyleSheet(f"color: {style.BAD};" if left < 60_000 else "")
        if left <= 0 and not self.finished:
            self.stop()
            self.time_up.emit()

    def stop(self) -> None:
        self.finished = True
        self.countdown.stop()
        self.ticker.stop()
        if self.input is not None:
            self.input.setEnabled(False)
        self.submit_button.setEnabled(False)

    def _update_header(self) -> None:
        s = self.session
        if s is None:
            return
        shown = min(s.position + 1, s.count)
        self.position_label.setText(f"Question {shown} of {s.count}")
        self.dots.set_state(s.count, [True] * s.position, s.position)

    def submit_answer(self, given: str, response_ms: int | None = None) -> None:
        """Grade and report the answer, then go straight on: no feedback in an exam."""
        if self.session is None or self.question is None or self.finished:
            return
        elapsed = response_ms if response_ms is not None else (
            int(self.timer.elapsed()) if self.timer.isValid() else None)
        result = self.session.answer(given, elapsed)
        self.last_result = result
        self.answered.emit(result)
        if self.session.finished:
            self.stop()
            self.session_finished.emit(self.session)
            return
        self.show_question()

    def show_question(self) -> None:
        super().show_question()
        self.hint.setText(self.hint.text() + " · answers cannot be changed once given")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.submit_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class ExamResultScreen(QWidget):
    """The exam submitted: passed or not, and every question with its answer and rule."""

    home_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.setStyleSheet(local_style())
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 24, 40, 20)
        outer.setSpacing(14)
        head, self.title, self.subtitle = screen_header(self, "EXAM SUBMITTED", "")
        self.title.setObjectName("exam-result-title")
        outer.addLayout(head)

        self.banner = QFrame(self)
        self.banner.setProperty("role", "banner-good")
        brow = QHBoxLayout(self.banner)
        brow.setContentsMargins(18, 12, 18, 12)
        self.verdict = style.label("", "banner-title-good")
        self.verdict.setObjectName("exam-verdict")
        brow.addWidget(self.verdict, 1)
        self.verdict_note = style.label("", "muted", wrap=True)
        brow.addWidget(self.verdict_note, 2)
        outer.addWidget(self.banner)

        stats = QHBoxLayout()
        stats.setSpacing(14)
        self.values = {}
        for key, caption in (("score", "Score"), ("percent", "Result"), ("pass", "Pass mark"),
                             ("time", "Time used")):
            card, value = stat_card(caption, self)
            value.setObjectName(f"exam-{key}")
            self.values[key] = value
            stats.addWidget(card, 1)
        outer.addLayout(stats)

        body = QHBoxLayout()
        body.setSpacing(18)
        left = QVBoxLayout()
        left.addWidget(style.label("Skill by skill", "h3"))
        self.table = make_table(["Game", "Skill", "Questions", "Right"], stretch=1, numeric=(2,))
        self.table.setObjectName("exam-result-table")
        self.table.currentCellChanged.connect(lambda row, *_: self._show(row))
        left.addWidget(self.table, 1)
        body.addLayout(left, 3)
        right = QVBoxLayout()
        right.addWidget(style.label("The skill", "h3"))
        self.detail = style.label("", None, wrap=True)
        self.detail.setObjectName("exam-explanation")
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        card = style.card(self)
        cbox = QVBoxLayout(card)
        cbox.setContentsMargins(16, 14, 16, 14)
        scroll = QScrollArea(card)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.detail)
        cbox.addWidget(scroll)
        right.addWidget(card, 1)
        body.addLayout(right, 2)
        outer.addLayout(body, 1)

        actions = QHBoxLayout()
        self.home_button = button("H&ome", self, name="exam-home", primary=True, height=44)
        self.home_button.clicked.connect(self.home_requested)
        actions.addWidget(self.home_button)
        actions.addStretch(1)
        self.warning = style.label("", "error", wrap=True)
        self.warning.setObjectName("exam-warning")
        actions.addWidget(self.warning, 1)
        actions.addWidget(style.label("Enter or Esc goes home", "hint"))
        outer.addLayout(actions)
        self.questions: list = []
        self.results: list = []

    def show_result(self, result: ExamResult, questions: list, results: list, used_ms: int,
                    unsaved: dict[int, str] | None = None, *, retake: bool = False) -> None:
        """The verdict, the score and the results skill by skill: not the questions with
        their right answers, which would let the next trainee copy them (issue 14).
        Answers not saved are said plainly: the verdict names them."""
        spec = result.spec
        self.questions, self.results = list(questions), list(results)
        self.title.setText(spec.title)
        passed = result.passed
        style.set_role(self.banner, "banner-good" if passed and not unsaved else "banner-bad")
        style.set_role(self.verdict, "banner-title-good" if passed and not unsaved else "banner-title-bad")
        verdict = "Passed" if passed else "Not passed"
        self.verdict.setText(f"{verdict}, but not saved" if unsaved else verdict)
        notes = [f"{result.correct} of {spec.question_count} right; {spec.pass_count} needed to pass."]
        if result.timed_out:
            notes.append("The time ran out: the exam was submitted as it stood.")
        if result.unanswered:
            notes.append(f"{result.unanswered} question{'s were' if result.unanswered > 1 else ' was'} "
                         "not answered and count as wrong.")
        if retake:
            notes.append("This was a retake: your first attempt at this exam is the one that counts.")
        self.verdict_note.setText(" ".join(notes))
        self.values["score"].setText(f"{result.correct} / {spec.question_count}")
        self.values["percent"].setText(style.format_percent(result.score))
        self.values["pass"].setText(f"{spec.pass_mark}%")
        self.values["time"].setText(f"{style.format_ms(used_ms)} of {minutes(spec.time_limit_s)}")
        self.warning.setText(f"{len(unsaved)} answer(s) could not be saved, so the supervisor will not see "
                             f"them: {next(iter(unsaved.values()))}" if unsaved else "")
        per_skill: dict[tuple[str, str], list[int]] = {}
        for row, q in enumerate(questions):
            r = results[row] if row < len(results) else None
            counts = per_skill.setdefault((q.game_id, q.skill), [0, 0])
            counts[0] += 1
            counts[1] += 1 if r is not None and r.correct else 0
        self.skills = list(per_skill.items())
        t = self.table
        t.setRowCount(len(self.skills))
        for row, ((game_id, skill), (asked, right)) in enumerate(self.skills):
            t.setItem(row, 0, text_item(registry.title_of(game_id)))
            t.setItem(row, 1, text_item(skill_label(skill)))
            t.setItem(row, 2, text_item(str(asked)))
            t.setItem(row, 3, coloured_item(f"{right} of {asked}", style.GOOD if right == asked else style.BAD))
        if self.skills:
            t.setCurrentCell(0, 1)
            self._show(0)
        self.home_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def mark_unsaved(self, count: int, message: str) -> None:
        """A save failed after the result was shown (the worker answers later): say so."""
        verdict = self.verdict.text().removesuffix(", but not saved")
        self.verdict.setText(f"{verdict}, but not saved")
        style.set_role(self.banner, "banner-bad")
        style.set_role(self.verdict, "banner-title-bad")
        self.warning.setText(f"{count} answer(s) could not be saved, so the supervisor will not see them: {message}"
                             if count else f"The exam could not be saved, so the supervisor will not see it: "
                                           f"{message}")

    def _show(self, row: int) -> None:
        if not 0 <= row < len(getattr(self, "skills", [])):
            return
        (game_id, skill), (asked, right) = self.skills[row]
        self.detail.setText(
            f"<div style='color:{style.MUTED}'>{escape(registry.title_of(game_id))}</div>"
            f"<p style='font-size:12pt'>{escape(skill_label(skill))}: {right} of {asked} right.</p>"
            "<p>The questions and their right answers are not shown here, so that the exam stays fair for "
            "those who take it after you. Practise this skill from the home screen: every practice question "
            "explains its rule.</p>")

    def focus_default(self) -> None:
        self.home_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.home_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)
