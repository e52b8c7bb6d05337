"""The supervisor's tools, one tab each: import results, build exams, classes, pass
thresholds per game, supervisor accounts, and the audit log of every change.

The screen says what the supervisor asked for (signals); the supervisor flow does the
store work on the worker thread and hands back what to show (``ToolsData``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QTreeWidgetItemIterator,
    QVBoxLayout,
    QWidget,
)

from trainer.core.rng import SEED_LIMIT, fresh_seed
from trainer.games import registry
from trainer.review.dashboard import DEFAULT_THRESHOLD
from trainer.training.exams import MAX_QUESTIONS, ExamSpec
from trainer.ui import style
from trainer.ui.keys import EscapeGoesBack
from trainer.ui.screens.dashboard_widgets import (
    button,
    coloured_item,
    local_style,
    progress_bar,
    screen_header,
)
from trainer.ui.screens.summary_screen import make_table, text_item

IMPORT, EXAMS, CLASSES, THRESHOLDS, ACCOUNTS, AUDIT = range(6)
TAB_NAMES = ("Import results", "Exams", "Classes", "Pass thresholds", "Accounts", "Audit log")


@dataclass
class ToolsData:
    """Everything the tools show, read in one job."""

    exams: list = field(default_factory=list)  # ExamSpec
    classes: list = field(default_factory=list)  # ClassRow
    members: dict = field(default_factory=dict)  # class id -> [trainee id]
    trainees: list = field(default_factory=list)  # Trainee
    thresholds: dict = field(default_factory=dict)
    supervisors: list = field(default_factory=list)
    audit: list = field(default_factory=list)  # AuditEntry
    imports: list = field(default_factory=list)


def _section(text: str) -> QWidget:
    return style.label(text, "stat-label")


class SupervisorToolsScreen(EscapeGoesBack, QWidget):
    back_requested = Signal()
    choose_files_requested = Signal()
    choose_folder_requested = Signal()
    export_station_requested = Signal()
    save_exam_requested = Signal(object)  # ExamSpec
    export_exam_requested = Signal(object)  # ExamSpec
    print_worksheet_requested = Signal(object)  # the exam's form values: a PDF worksheet of its questions
    add_class_requested = Signal(str)
    save_members_requested = Signal(int, list)
    save_thresholds_requested = Signal(dict)
    add_supervisor_requested = Signal(str, str, str)
    change_password_requested = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style.screen(self, css=local_style())
        self.data = ToolsData()
        self.supervisor_name = ""
        self.editing_id: str | None = None
        outer = style.vbox(self, (32, 20, 32, 16), 12)
        head, self.title, _sub = screen_header(self, "SUPERVISOR · TOOLS", "Exams, classes and settings")
        self.busy = progress_bar(self, "tools-busy")
        self.busy.setFixedWidth(150)
        head.addWidget(self.busy, 0, Qt.AlignmentFlag.AlignVCenter)
        self.back_button = button("&Back to the dashboard", self, name="tools-back", primary=True)
        self.back_button.clicked.connect(self.back_requested)
        head.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignVCenter)
        outer.addLayout(head)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("tools-tabs")
        self.tabs.setDocumentMode(True)
        for build, name in zip((self._import_tab, self._exams_tab, self._classes_tab, self._thresholds_tab,
                                self._accounts_tab, self._audit_tab), TAB_NAMES):
            self.tabs.addTab(build(), name)
        outer.addWidget(self.tabs, 1)
        foot = QHBoxLayout()
        self.status = style.label("", "small", wrap=True, name="tools-status")
        foot.addWidget(self.status, 1)
        foot.addWidget(style.label("Esc goes back · every change is written to the audit log", "hint"))
        outer.addLayout(foot)

    # ================================================================ tabs
    def _page(self) -> tuple[QWidget, QVBoxLayout]:
        page = QWidget()
        box = style.vbox(page, (0, 14, 0, 0), 10)
        return page, box

    def _import_tab(self) -> QWidget:
        page, box = self._page()
        row = QHBoxLayout()
        row.setSpacing(18)
        card = style.card(page)
        cbox = style.vbox(card, (22, 18, 22, 18), 10)
        cbox.addWidget(style.label("Add the results of the class's stations", "h3"))
        cbox.addWidget(style.label(
            "Choose results files (.dtresults) that stations exported, or their database files "
            "(trainer.sqlite3), or a folder holding them. Importing a file twice adds nothing twice: "
            "every answer keeps the id it was given on its station. A trainee is the same trainee on every "
            "station when the name is the same (letter case and spaces aside).", "muted", wrap=True))
        brow = QHBoxLayout()
        self.files_button = button("Choose f&iles…", card, name="import-files", primary=True)
        self.files_button.clicked.connect(self.choose_files_requested)
        brow.addWidget(self.files_button)
        self.folder_button = button("Choose a f&older…", card, name="import-folder")
        self.folder_button.clicked.connect(self.choose_folder_requested)
        brow.addWidget(self.folder_button)
        brow.addStretch(1)
        cbox.addLayout(brow)
        self.import_progress = progress_bar(card, "import-progress")
        self.import_progress.setFixedHeight(12)
        cbox.addWidget(self.import_progress)
        self.import_text = style.label("", "small", wrap=True, name="import-text")
        cbox.addWidget(self.import_text)
        row.addWidget(card, 3)
        side = style.card(page)
        sbox = style.vbox(side, (22, 18, 22, 18), 10)
        sbox.addWidget(style.label("This station's results", "h3"))
        sbox.addWidget(style.label("Save everything this station holds to a results file, to import it on the "
                                   "supervisor's computer.", "muted", wrap=True))
        sbox.addStretch(1)
        self.export_station_button = button("&Export this station's results…", side, name="export-station")
        self.export_station_button.clicked.connect(self.export_station_requested)
        sbox.addWidget(self.export_station_button)
        row.addWidget(side, 2)
        box.addLayout(row)
        box.addWidget(style.label("Imported files", "h3"))
        self.import_table = make_table(["File", "Result", "Answers added", "Already here", "New trainees"],
                                       stretch=1, numeric=(2, 3))
        self.import_table.setObjectName("import-results")
        box.addWidget(self.import_table, 1)
        return page

    def _exams_tab(self) -> QWidget:
        page, box = self._page()
        row = QHBoxLayout()
        row.setSpacing(12)
        left = QVBoxLayout()
        lrow = QHBoxLayout()
        lrow.addWidget(style.label("Saved exams", "h3"))
        lrow.addStretch(1)
        self.new_exam_button = button("&New exam", page, name="new-exam", height=34)
        self.new_exam_button.clicked.connect(self.new_exam)
        lrow.addWidget(self.new_exam_button)
        left.addLayout(lrow)
        self.exam_list = make_table(["Exam", "Questions", "Class"], stretch=0, numeric=(1,))
        self.exam_list.setObjectName("exam-saved")
        self.exam_list.currentCellChanged.connect(lambda r, *_: self._edit_exam(r))
        left.addWidget(self.exam_list, 1)
        row.addLayout(left, 2)

        form_card = style.card(page)
        fbox = style.vbox(form_card, 16, 8)
        self.exam_form_title = style.label("New exam", "h3", wrap=True)
        fbox.addWidget(self.exam_form_title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(8)
        self.exam_title = QLineEdit(form_card)
        self.exam_title.setObjectName("exam-title-edit")
        self.exam_title.setPlaceholderText("e.g. Week 6 payouts check")
        self.exam_class = QLineEdit(form_card)
        self.exam_class.setObjectName("exam-class-edit")
        self.exam_class.setPlaceholderText("optional: trainees who take it join this class")
        self.exam_count = QSpinBox(form_card)
        self.exam_count.setObjectName("exam-count")
        self.exam_count.setRange(1, MAX_QUESTIONS)
        self.exam_count.setValue(20)
        self.exam_minutes = QSpinBox(form_card)
        self.exam_minutes.setObjectName("exam-minutes")
        self.exam_minutes.setRange(1, 240)
        self.exam_minutes.setValue(20)
        self.exam_minutes.setSuffix(" min")
        self.exam_pass = QSpinBox(form_card)
        self.exam_pass.setObjectName("exam-pass")
        self.exam_pass.setRange(1, 100)
        self.exam_pass.setValue(80)
        self.exam_pass.setSuffix(" %")
        self.exam_seed = QSpinBox(form_card)
        self.exam_seed.setObjectName("exam-seed")
        self.exam_seed.setRange(0, SEED_LIMIT - 1)
        self.exam_seed.setToolTip("Every station draws the same questions from the same seed")
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.exam_seed, 1)
        self.new_seed_button = button("New seed", form_card, name="exam-new-seed", height=34)
        self.new_seed_button.clicked.connect(lambda: self.exam_seed.setValue(fresh_seed()))
        seed_row.addWidget(self.new_seed_button)
        for n, (label, widget) in enumerate((("Title", self.exam_title), ("Class", self.exam_class))):
            grid.addWidget(style.label(label, "muted"), n, 0)
            grid.addWidget(widget, n, 1, 1, 3)
        grid.addWidget(style.label("Questions", "muted"), 2, 0)
        grid.addWidget(self.exam_count, 2, 1)
        grid.addWidget(style.label("Time limit", "muted"), 2, 2)
        grid.addWidget(self.exam_minutes, 2, 3)
        grid.addWidget(style.label("Pass mark", "muted"), 3, 0)
        grid.addWidget(self.exam_pass, 3, 1)
        grid.addWidget(style.label("Seed", "muted"), 3, 2)
        grid.addLayout(seed_row, 3, 3)
        self.exam_start_code = QCheckBox("Require a start code (announced in the room when the exam starts)",
                                         form_card)
        self.exam_start_code.setObjectName("exam-start-code")
        self.exam_start_code.setToolTip("The exported file is sealed: without the code it shows nothing of the "
                                        "exam. A new code is made at each export and shown here.")
        grid.addWidget(self.exam_start_code, 4, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        fbox.addLayout(grid)
        fbox.addWidget(_section("GAMES AND SKILLS"))
        self.skill_tree = QTreeWidget(form_card)
        self.skill_tree.setObjectName("exam-skills")
        self.skill_tree.setHeaderHidden(True)
        self.skill_tree.setMinimumHeight(150)
        self._fill_skill_tree()
        fbox.addWidget(self.skill_tree, 1)
        self.exam_error = style.label("", "error", wrap=True, name="exam-error")
        self.exam_error.hide()
        fbox.addWidget(self.exam_error)
        brow = QHBoxLayout()
        brow.addStretch(1)
        self.export_exam_button = button("E&xport exam file…", form_card, name="export-exam")
        self.export_exam_button.clicked.connect(lambda: self._emit_exam(self.export_exam_requested))
        brow.addWidget(self.export_exam_button)
        self.print_worksheet_button = button("&Print as worksheet…", form_card, name="print-worksheet")
        self.print_worksheet_button.clicked.connect(lambda: self._emit_exam(self.print_worksheet_requested))
        brow.addWidget(self.print_worksheet_button)
        self.save_exam_button = button("&Save exam", form_card, name="save-exam", primary=True)
        self.save_exam_button.clicked.connect(lambda: self._emit_exam(self.save_exam_requested))
        brow.addWidget(self.save_exam_button)
        fbox.addLayout(brow)
        row.addWidget(form_card, 3)
        box.addLayout(row, 1)
        self.new_exam()
        return page

    def _fill_skill_tree(self) -> None:
        tree = self.skill_tree
        tree.clear()
        for game in registry.available_games():
            gi = QTreeWidgetItem([game.title])
            gi.setData(0, Qt.ItemDataRole.UserRole, game.id)
            gi.setFlags(gi.flags() | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsAutoTristate)
            gi.setCheckState(0, Qt.CheckState.Unchecked)
            tree.addTopLevelItem(gi)
            kinds = {k.skill for k in game.question_kinds()}
            for skill in game.skills():
                if skill.id not in kinds:
                    continue
                si = QTreeWidgetItem([skill.title.split(": ", 1)[-1].capitalize()])
                si.setToolTip(0, skill.description)
                si.setData(0, Qt.ItemDataRole.UserRole, skill.id)
                si.setFlags(si.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                si.setCheckState(0, Qt.CheckState.Unchecked)
                gi.addChild(si)

    def _classes_tab(self) -> QWidget:
        page, box = self._page()
        row = QHBoxLayout()
        row.setSpacing(18)
        left = QVBoxLayout()
        left.addWidget(style.label("Classes", "h3"))
        self.class_list = QListWidget(page)
        self.class_list.setObjectName("class-list")
        self.class_list.currentRowChanged.connect(self._class_chosen)
        left.addWidget(self.class_list, 1)
        add = QHBoxLayout()
        self.class_name = QLineEdit(page)
        self.class_name.setObjectName("class-name")
        self.class_name.setPlaceholderText("New class name")
        self.class_name.returnPressed.connect(lambda: self.add_class_requested.emit(self.class_name.text()))
        add.addWidget(self.class_name, 1)
        self.add_class_button = button("&Add class", page, name="add-class")
        self.add_class_button.clicked.connect(lambda: self.add_class_requested.emit(self.class_name.text()))
        add.addWidget(self.add_class_button)
        left.addLayout(add)
        row.addLayout(left, 2)
        right = QVBoxLayout()
        self.members_title = style.label("Members", "h3")
        right.addWidget(self.members_title)
        right.addWidget(style.label("Tick the trainees of the class. Trainees also join the class an exam names "
                                    "when they take it.", "small", wrap=True))
        self.member_list = QListWidget(page)
        self.member_list.setObjectName("class-members")
        right.addWidget(self.member_list, 1)
        mrow = QHBoxLayout()
        mrow.addStretch(1)
        self.save_members_button = button("Save &members", page, name="save-members", primary=True)
        self.save_members_button.clicked.connect(self._save_members)
        mrow.addWidget(self.save_members_button)
        right.addLayout(mrow)
        row.addLayout(right, 3)
        box.addLayout(row, 1)
        return page

    def _thresholds_tab(self) -> QWidget:
        page, box = self._page()
        card = style.card(page)
        cbox = style.vbox(card, (22, 18, 22, 18), 10)
        cbox.addWidget(style.label("Certification thresholds", "h3"))
        cbox.addWidget(style.label(
            "A trainee is certified in a game when every skill of the game has at least 5 answers in the period "
            "shown and is answered right at least as often as the game's threshold.", "muted", wrap=True))
        form = QFormLayout()
        form.setHorizontalSpacing(24)
        form.setVerticalSpacing(10)
        self.threshold_spins: dict[str, QSpinBox] = {}
        for game in registry.available_games():
            spin = QSpinBox(card)
            spin.setObjectName(f"threshold-{game.id}")
            spin.setRange(1, 100)
            spin.setSuffix(" %")
            spin.setValue(DEFAULT_THRESHOLD)
            spin.setMinimumWidth(110)
            self.threshold_spins[game.id] = spin
            form.addRow(style.label(game.title, None), spin)
        cbox.addLayout(form)
        srow = QHBoxLayout()
        srow.addStretch(1)
        self.save_thresholds_button = button("Save &thresholds", card, name="save-thresholds", primary=True)
        self.save_thresholds_button.clicked.connect(
            lambda: self.save_thresholds_requested.emit({g: s.value() for g, s in self.threshold_spins.items()}))
        srow.addWidget(self.save_thresholds_button)
        cbox.addLayout(srow)
        box.addWidget(card)
        box.addStretch(1)
        return page

    def _accounts_tab(self) -> QWidget:
        page, box = self._page()
        row = QHBoxLayout()
        row.setSpacing(18)
        left = QVBoxLayout()
        left.addWidget(style.label("Supervisors", "h3"))
        self.supervisor_list = make_table(["Name", "Since"], stretch=0)
        self.supervisor_list.setObjectName("supervisor-list")
        left.addWidget(self.supervisor_list, 1)
        row.addLayout(left, 2)
        forms = QVBoxLayout()
        forms.setSpacing(14)
        add_card = style.card(page)
        abox = style.vbox(add_card, (22, 16, 22, 16))
        abox.addWidget(style.label("Add a supervisor", "h3"))
        self.new_name = QLineEdit(add_card)
        self.new_name.setObjectName("new-supervisor-name")
        self.new_name.setPlaceholderText("Name")
        self.new_password = QLineEdit(add_card)
        self.new_password.setObjectName("new-supervisor-password")
        self.new_password.setPlaceholderText("Password (8 characters or more)")
        self.new_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.new_repeat = QLineEdit(add_card)
        self.new_repeat.setObjectName("new-supervisor-repeat")
        self.new_repeat.setPlaceholderText("Password again")
        self.new_repeat.setEchoMode(QLineEdit.EchoMode.Password)
        for w in (self.new_name, self.new_password, self.new_repeat):
            abox.addWidget(w)
        self.add_supervisor_button = button("Add &supervisor", add_card, name="add-supervisor", primary=True)
        self.add_supervisor_button.clicked.connect(lambda: self.add_supervisor_requested.emit(
            self.new_name.text(), self.new_password.text(), self.new_repeat.text()))
        abox.addWidget(self.add_supervisor_button, 0, Qt.AlignmentFlag.AlignRight)
        forms.addWidget(add_card)
        pw_card = style.card(page)
        pbox = style.vbox(pw_card, (22, 16, 22, 16))
        self.password_title = style.label("Change my password", "h3")
        pbox.addWidget(self.password_title)
        self.current_password = QLineEdit(pw_card)
        self.current_password.setObjectName("current-password")
        self.current_password.setPlaceholderText("Current password")
        self.changed_password = QLineEdit(pw_card)
        self.changed_password.setObjectName("changed-password")
        self.changed_password.setPlaceholderText("New password")
        self.changed_repeat = QLineEdit(pw_card)
        self.changed_repeat.setObjectName("changed-repeat")
        self.changed_repeat.setPlaceholderText("New password again")
        for w in (self.current_password, self.changed_password, self.changed_repeat):
            w.setEchoMode(QLineEdit.EchoMode.Password)
            pbox.addWidget(w)
        self.change_password_button = button("&Change password", pw_card, name="change-password")
        self.change_password_button.clicked.connect(lambda: self.change_password_requested.emit(
            self.current_password.text(), self.changed_password.text(), self.changed_repeat.text()))
        pbox.addWidget(self.change_password_button, 0, Qt.AlignmentFlag.AlignRight)
        forms.addWidget(pw_card)
        forms.addStretch(1)
        row.addLayout(forms, 3)
        box.addLayout(row, 1)
        return page

    def _audit_tab(self) -> QWidget:
        page, box = self._page()
        box.addWidget(style.label("Every change a supervisor made, newest first. The log cannot be edited.",
                                  "muted", wrap=True))
        self.audit_table = make_table(["When", "Supervisor", "Action", "On", "Details"], stretch=4)
        self.audit_table.setObjectName("audit-log")
        self.audit_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        self.audit_table.setColumnWidth(3, 260)
        box.addWidget(self.audit_table, 1)
        return page

    # ================================================================ data
    def show_data(self, data: ToolsData, supervisor_name: str) -> None:
        self.data = data
        self.supervisor_name = supervisor_name
        self.password_title.setText(f"Change my password ({supervisor_name})")
        self.busy.hide()
        # exams
        t = self.exam_list
        t.setRowCount(len(data.exams))
        for row, spec in enumerate(data.exams):
            t.setItem(row, 0, text_item(spec.title))
            t.setItem(row, 1, text_item(str(spec.question_count), align_right=True))
            t.setItem(row, 2, text_item(spec.class_name or "—"))
        self.exam_class.setToolTip("Classes: " + ", ".join(c.name for c in data.classes) if data.classes else "")
        # classes
        current = self.class_list.currentItem().data(Qt.ItemDataRole.UserRole) if self.class_list.currentItem() \
            else None
        self.class_list.blockSignals(True)
        self.class_list.clear()
        for c in data.classes:
            item = QListWidgetItem(f"{c.name}   ({c.members})")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.class_list.addItem(item)
        self.class_list.blockSignals(False)
        ids = [c.id for c in data.classes]
        if ids:
            self.class_list.setCurrentRow(ids.index(current) if current in ids else 0)
            self._class_chosen(self.class_list.currentRow())
        else:
            self.member_list.clear()
            self.members_title.setText("Members")
        # thresholds
        for game_id, spin in self.threshold_spins.items():
            spin.setValue(data.thresholds.get(game_id, DEFAULT_THRESHOLD))
        # accounts
        s = self.supervisor_list
        s.setRowCount(len(data.supervisors))
        for row, sup in enumerate(data.supervisors):
            s.setItem(row, 0, text_item(sup.name))
            s.setItem(row, 1, text_item(style.format_day(sup.created_at)))
        # audit
        a = self.audit_table
        a.setRowCount(len(data.audit))
        for row, e in enumerate(data.audit):
            a.setItem(row, 0, text_item(style.format_when(e.at)))
            a.setItem(row, 1, text_item(e.supervisor_name))
            a.setItem(row, 2, coloured_item(e.action, style.ACCENT, bold=True))
            a.setItem(row, 3, text_item(e.target))
            details = ", ".join(f"{k}: {json.dumps(v) if not isinstance(v, str) else v}" for k, v in e.detail.items())
            a.setItem(row, 4, text_item(details))

    def show_loading(self) -> None:
        self.busy.running()

    def show_progress(self, done: int, total: int, _text: str = "") -> None:
        self.busy.progress(done, total)

    def hide_progress(self) -> None:
        self.busy.hide()

    def set_status(self, text: str, error: bool = False) -> None:
        self.busy.hide()
        self.status.setText(text)
        style.set_role(self.status, "error" if error else "small")

    # -- import
    def show_import_progress(self, file_no: int, files: int, done: int, total: int, name: str) -> None:
        self.import_progress.show()
        self.import_progress.setRange(0, max(1, files * 100))
        within = int(100 * done / total) if total else 0
        self.import_progress.setValue((file_no - 1) * 100 + within)
        self.import_text.setText(f"File {file_no} of {files}: {name}" + (f" · {done:,} of {total:,} answers"
                                                                        if total else ""))
        self.files_button.setEnabled(False)
        self.folder_button.setEnabled(False)

    def show_import_outcomes(self, outcomes: list) -> None:
        self.import_progress.hide()
        self.files_button.setEnabled(True)
        self.folder_button.setEnabled(True)
        ok = [o for o in outcomes if o.ok]
        added = sum(o.summary.answers_added for o in ok)
        self.import_text.setText(f"{len(ok)} of {len(outcomes)} file{'s' if len(outcomes) != 1 else ''} imported: "
                                 f"{added:,} new answers." if outcomes else "No results file or database found.")
        t = self.import_table
        t.setRowCount(len(outcomes))
        for row, o in enumerate(outcomes):
            t.setItem(row, 0, text_item(o.path.name, tooltip=str(o.path)))
            if o.ok:
                s = o.summary
                flags = getattr(o, "flags", ())  # warnings of the replay (issue 14): late exam answers, ...
                t.setItem(row, 1, coloured_item("Imported, flagged" if flags else "Imported",
                                                style.GOLD if flags else style.GOOD,
                                                tooltip="; ".join(flags) if flags else None))
                t.setItem(row, 2, text_item(f"{s.answers_added:,}", align_right=True))
                t.setItem(row, 3, text_item(f"{s.answers_skipped:,}", align_right=True))
                new = ", ".join(s.new_trainees) or "—"
                t.setItem(row, 4, text_item(f"{new} · " + "; ".join(flags) if flags else new))
            else:
                t.setItem(row, 1, coloured_item("Not imported", style.BAD, tooltip=o.error))
                t.setItem(row, 2, text_item("0", align_right=True))
                t.setItem(row, 3, text_item("—", align_right=True))
                t.setItem(row, 4, text_item(o.error))

    # -- exams
    def new_exam(self) -> None:
        self.editing_id = None
        self.exam_list.clearSelection()
        self.exam_form_title.setText("New exam")
        self.exam_title.clear()
        self.exam_class.clear()
        self.exam_count.setValue(20)
        self.exam_minutes.setValue(20)
        self.exam_pass.setValue(80)
        self.exam_seed.setValue(fresh_seed())
        self._check_skills(None, None)
        self.show_exam_error("")

    def _edit_exam(self, row: int) -> None:
        if not 0 <= row < len(self.data.exams):
            return
        spec: ExamSpec = self.data.exams[row]
        self.editing_id = spec.id
        self.exam_form_title.setText(f"Edit {spec.title}")
        self.exam_title.setText(spec.title)
        self.exam_class.setText(spec.class_name or "")
        self.exam_count.setValue(spec.question_count)
        self.exam_minutes.setValue(max(1, spec.time_limit_s // 60))
        self.exam_pass.setValue(spec.pass_mark)
        self.exam_seed.setValue(spec.seed)
        self._check_skills(spec.games, spec.skills)
        self.show_exam_error("")

    def _check_skills(self, games, skills) -> None:
        tree = self.skill_tree
        for i in range(tree.topLevelItemCount()):
            gi = tree.topLevelItem(i)
            game_id = gi.data(0, Qt.ItemDataRole.UserRole)
            for j in range(gi.childCount()):
                si = gi.child(j)
                on = games is not None and game_id in games and (skills is None or
                                                                 si.data(0, Qt.ItemDataRole.UserRole) in skills)
                si.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            gi.setExpanded(games is None or game_id in games)

    def chosen_skills(self) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
        """The games with a skill ticked, and the skills (None when every skill of them is)."""
        games, skills, every = [], [], True
        tree = self.skill_tree
        for i in range(tree.topLevelItemCount()):
            gi = tree.topLevelItem(i)
            ticked = [gi.child(j).data(0, Qt.ItemDataRole.UserRole) for j in range(gi.childCount())
                      if gi.child(j).checkState(0) == Qt.CheckState.Checked]
            if ticked:
                games.append(gi.data(0, Qt.ItemDataRole.UserRole))
                skills += ticked
                every = every and len(ticked) == gi.childCount()
        return tuple(games), (None if every else tuple(skills))

    def set_skill(self, skill_id: str, on: bool) -> None:
        it = QTreeWidgetItemIterator(self.skill_tree)
        while it.value():
            item = it.value()
            if item.data(0, Qt.ItemDataRole.UserRole) == skill_id:
                item.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            it += 1

    def set_game(self, game_id: str, on: bool) -> None:
        for i in range(self.skill_tree.topLevelItemCount()):
            gi = self.skill_tree.topLevelItem(i)
            if gi.data(0, Qt.ItemDataRole.UserRole) == game_id:
                for j in range(gi.childCount()):
                    gi.child(j).setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def form_values(self) -> dict:
        games, skills = self.chosen_skills()
        return {"title": self.exam_title.text(), "class_name": self.exam_class.text(), "games": games,
                "skills": skills, "question_count": self.exam_count.value(),
                "time_limit_s": self.exam_minutes.value() * 60, "pass_mark": self.exam_pass.value(),
                "seed": self.exam_seed.value(), "id": self.editing_id,
                "start_code": self.exam_start_code.isChecked()}

    def _emit_exam(self, signal) -> None:
        signal.emit(self.form_values())

    def show_exam_error(self, message: str) -> None:
        self.exam_error.setText(message)
        self.exam_error.setVisible(bool(message))

    # -- classes
    def _class_chosen(self, row: int) -> None:
        if not 0 <= row < len(self.data.classes):
            return
        c = self.data.classes[row]
        self.members_title.setText(f"Members of {c.name}")
        members = set(self.data.members.get(c.id, []))
        self.member_list.clear()
        for t in self.data.trainees:
            item = QListWidgetItem(t.name)
            item.setData(Qt.ItemDataRole.UserRole, t.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if t.id in members else Qt.CheckState.Unchecked)
            self.member_list.addItem(item)

    def chosen_members(self) -> list[int]:
        return [self.member_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.member_list.count())
                if self.member_list.item(i).checkState() == Qt.CheckState.Checked]

    def _save_members(self) -> None:
        item = self.class_list.currentItem()
        if item is not None:
            self.save_members_requested.emit(int(item.data(Qt.ItemDataRole.UserRole)), self.chosen_members())

    def clear_password_fields(self) -> None:
        for w in (self.new_name, self.new_password, self.new_repeat, self.current_password, self.changed_password,
                  self.changed_repeat):
            w.clear()

    def focus_default(self) -> None:
        self.tabs.setFocus(Qt.FocusReason.OtherFocusReason)
