"""Table mode: the page before a round. The mode (deal the round, or spot the dealer's
errors), the level (trainer/core/table/levels.py, with its description), every
house option of the game with the section it comes from, and an optional seed to replay
a round. Enter starts."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QGridLayout,
    QLineEdit,
    QRadioButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.core.table.levels import Level, levels
from trainer.contracts.round_record import DEAL_MODE, WATCH_MODE
from trainer.core.table.script import HouseOption
from trainer.ui import style

MODE_TEXTS = {
    DEAL_MODE: ("Deal the round", "You are the dealer: every action, in order, by mouse or keyboard; "
                                  "the app plays the players and stops each mistake."),
    WATCH_MODE: ("Spot the error", "The app deals and makes a few mistakes drawn from the rules: stop it "
                                   "at each one, then name the rule and the remedy."),
}


@dataclass
class Settings:
    mode: str
    level: Level
    options: dict[str, str] = field(default_factory=dict)
    seed: int | None = None  # None: the screen's own seed


class SetupPage(QWidget):
    start_requested = Signal(object)  # Settings

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.options: tuple[HouseOption, ...] = ()
        self.combos: dict[str, QComboBox] = {}
        outer = style.vbox(self, 0)
        scroll = style.scroll_area(self)
        outer.addWidget(scroll)
        content = QWidget()
        scroll.setWidget(content)
        page = style.hbox(content, (28, 22, 28, 22), 22)
        page.addStretch(1)
        page.addWidget(self._left_column(content), 5, Qt.AlignmentFlag.AlignTop)
        page.addWidget(self._right_column(content), 5, Qt.AlignmentFlag.AlignTop)
        page.addStretch(1)

    # ------------------------------------------------------------------ building
    @staticmethod
    def _column(parent: QWidget, name: str, caption: str) -> tuple[QFrame, QVBoxLayout]:
        """One of the two cards side by side, headed by its first section's caption."""
        card = style.card(parent)
        card.setObjectName(name)
        card.setMaximumWidth(620)
        box = style.vbox(card, (24, 20, 24, 20), 10)
        box.addWidget(style.label(caption, "stat-label"))
        return card, box

    @staticmethod
    def _section(box: QVBoxLayout, card: QFrame, caption: str) -> None:
        """A rule across the card, then the next section's caption."""
        box.addSpacing(6)
        box.addWidget(style.rule(card))
        box.addSpacing(4)
        box.addWidget(style.label(caption, "stat-label"))

    def _left_column(self, parent: QWidget) -> QFrame:
        card, box = self._column(parent, "setup-mode", "MODE")
        self.mode_group = QButtonGroup(self)
        self.mode_buttons: dict[str, QRadioButton] = {}
        for mode, (title, text) in MODE_TEXTS.items():
            b = QRadioButton(title, card)
            b.setObjectName(f"mode-{mode}")
            b.setStyleSheet("font-size: 12.5pt; font-weight: 600;")
            self.mode_group.addButton(b)
            self.mode_buttons[mode] = b
            box.addWidget(b)
            desc = style.label(text, "small", wrap=True)
            desc.setContentsMargins(26, 0, 0, 6)
            box.addWidget(desc)
        self.mode_buttons[DEAL_MODE].setChecked(True)
        self._section(box, card, "LEVEL")
        self.level_group = QButtonGroup(self)
        self.level_buttons: dict[str, QRadioButton] = {}
        for lv in levels():
            b = QRadioButton(lv.title, card)
            b.setObjectName(f"level-{lv.id}")
            b.setStyleSheet("font-size: 12pt; font-weight: 600;")
            self.level_group.addButton(b)
            self.level_buttons[lv.id] = b
            box.addWidget(b)
            desc = style.label(self._level_text(lv), "small", wrap=True)
            desc.setContentsMargins(26, 0, 0, 4)
            box.addWidget(desc)
        next(iter(self.level_buttons.values())).setChecked(True)
        return card

    @staticmethod
    def _level_text(lv: Level) -> str:
        lo, hi = lv.seats
        seats = f"{lo} seat" if lo == hi == 1 else f"{lo}–{hi} seats"
        clock = f"{lv.action_target_ms / 1000:g} s per action" if lv.action_target_ms else "no clock"
        return f"{lv.description} ({seats}; {clock})"

    def _right_column(self, parent: QWidget) -> QFrame:
        card, box = self._column(parent, "setup-options", "HOUSE OPTIONS")
        self.options_grid = QGridLayout()
        self.options_grid.setVerticalSpacing(3)
        box.addLayout(self.options_grid)
        self.no_options = style.label("This game has no house options to choose.", "small", wrap=True)
        box.addWidget(self.no_options)
        self._section(box, card, "SEED (OPTIONAL)")
        self.seed_edit = QLineEdit(card)
        self.seed_edit.setObjectName("seed")
        self.seed_edit.setPlaceholderText("a new round each time")
        self.seed_edit.setToolTip("The same seed, level and options deal the same round again")
        self.seed_edit.returnPressed.connect(self.request_start)
        self.seed_edit.textChanged.connect(lambda _t: self._show_error(""))
        box.addWidget(self.seed_edit)
        box.addWidget(style.label("Type a round's seed to deal it again (shown in the header of every round).",
                                  "hint", wrap=True))
        box.addSpacing(10)
        self.error = style.label("", "error", wrap=True, name="setup-error")
        self.error.hide()
        box.addWidget(self.error)
        self.start_button = style.button("Start  (Enter)", card, name="start-round", role="primary", height=46,
                                         on_click=self.request_start)
        box.addWidget(self.start_button)
        return card

    def set_options(self, options: tuple[HouseOption, ...]) -> None:
        """The game's house options, each a combo box with its title and section."""
        self.options = tuple(options)
        while self.options_grid.count():
            item = self.options_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.combos = {}
        for row, spec in enumerate(self.options):
            title = style.label(spec.title, "skill-title", wrap=True)
            combo = QComboBox()
            combo.setObjectName(f"option-{spec.key}")
            combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            for value in spec.choices:
                combo.addItem(spec.label(value), value)
            combo.setCurrentIndex(spec.choices.index(spec.default) if spec.default in spec.choices else 0)
            combo.setToolTip(spec.citation)
            title.setBuddy(combo)
            cite = style.label(spec.citation, "hint", wrap=True)
            cite.setContentsMargins(0, 0, 0, 6)
            self.options_grid.addWidget(title, 3 * row, 0)
            self.options_grid.addWidget(combo, 3 * row + 1, 0)
            self.options_grid.addWidget(cite, 3 * row + 2, 0)
            self.combos[spec.key] = combo
        self.no_options.setVisible(not self.options)

    # ------------------------------------------------------------------ reading
    def settings(self) -> Settings | None:
        mode = next(m for m, b in self.mode_buttons.items() if b.isChecked())
        level_id = next(i for i, b in self.level_buttons.items() if b.isChecked())
        level = next(lv for lv in levels() if lv.id == level_id)
        options = {key: combo.currentData() for key, combo in self.combos.items()}
        text = self.seed_edit.text().strip()
        seed = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                self._show_error(f"{text!r} is not a seed: type a whole number, or leave it empty.")
                return None
            if seed < 0:
                self._show_error("A seed is a whole number from 0 up.")
                return None
        return Settings(mode, level, options, seed)

    def set_settings(self, mode: str | None = None, level_id: str | None = None,
                     options: dict[str, str] | None = None, seed: int | None = None) -> None:
        if mode is not None:
            self.mode_buttons[mode].setChecked(True)
        if level_id is not None:
            self.level_buttons[level_id].setChecked(True)
        for key, value in (options or {}).items():
            combo = self.combos[key]
            combo.setCurrentIndex(combo.findData(value))
        self.seed_edit.setText("" if seed is None else str(seed))

    def request_start(self) -> None:
        settings = self.settings()
        if settings is not None:
            self.start_requested.emit(settings)

    def _show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def show_error(self, message: str) -> None:
        self._show_error(message)

    def focus_default(self) -> None:
        self.start_button.setFocus(Qt.FocusReason.OtherFocusReason)


__all__ = ["MODE_TEXTS", "Settings", "SetupPage"]
