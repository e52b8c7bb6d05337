"""Small pieces of the Table mode screen (trainer/ui/table_mode/screen.py): the banners
that tell what happened, the running log of the round, the lists of facts on the side,
the numbered choices, the clock, and the look they share."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QElapsedTimer, Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from trainer.ui import style
from trainer.ui.answer_inputs import OptionButton
from trainer.ui.flow import FlowLayout  # (kept importable from here: table mode's bars use it)
from trainer.ui.citation_links import attach, link_html
from trainer.ui.screens.quiz_screen import citations_html

DIGIT_KEYS = (Qt.Key.Key_0, Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5, Qt.Key.Key_6,
              Qt.Key.Key_7, Qt.Key.Key_8, Qt.Key.Key_9)
PANEL_WIDTH = 480  # the side panel beside the table (the chip builder needs 460)
WIDE_PANEL = 540  # ... in a wide window
WIDE_WINDOW = 1500

LOCAL_STYLE = f"""
QLabel[role="log"] {{ color: {style.MUTED}; font-size: 10pt; }}
QLabel[role="log-new"] {{ color: {style.TEXT}; font-size: 10pt; font-weight: 600; }}
QLabel[role="log-bad"] {{ color: {style.BAD}; font-size: 10pt; font-weight: 600; }}
QLabel[role="fact"] {{ color: {style.TEXT}; font-size: 9.5pt; }}
QLabel[role="clock"] {{ color: {style.MUTED}; font-size: 10pt; font-weight: 600; }}
QLabel[role="clock-late"] {{ color: {style.BAD}; font-size: 10pt; font-weight: 600; }}
QLabel[role="selection"] {{
    background: {style.SURFACE}; color: {style.TEXT}; border: 1px solid {style.BORDER_STRONG};
    border-radius: 8px; padding: 5px 10px; font-size: 10pt; font-weight: 600;
}}
QLabel[role="dealer-says"] {{ font-size: 14pt; font-weight: 600; color: {style.TEXT}; }}
QFrame[role="banner-next"] {{
    background: {style.ACCENT_SOFT}; border: 1px solid #bcdcca; border-left: 6px solid {style.ACCENT};
    border-radius: 8px;
}}
QFrame[role="banner-note"] {{
    background: {style.GOLD_SOFT}; border: 1px solid #ecd9a6; border-left: 6px solid {style.GOLD};
    border-radius: 8px;
}}
QLabel[role="banner-title-next"] {{ color: {style.ACCENT}; font-size: 12pt; font-weight: 700; }}
QLabel[role="banner-title-note"] {{ color: #7a5a0c; font-size: 12pt; font-weight: 700; }}
QLabel[role="banner-small-good"] {{ color: {style.GOOD}; font-size: 12pt; font-weight: 700; }}
QLabel[role="banner-small-bad"] {{ color: {style.BAD}; font-size: 12pt; font-weight: 700; }}
QPushButton[role="verb"] {{ padding: 5px 10px; font-weight: 600; font-size: 10pt; }}
QPushButton[role="verb"]:focus {{ padding: 4px 9px; }}
QPushButton[role="verb"]:checked {{ background: {style.ACCENT_SOFT}; border: 2px solid {style.ACCENT}; padding: 4px 9px; }}
QPushButton[role="stop"] {{
    background: {style.BAD}; color: white; border: 1px solid #8c1d17; font-size: 14pt; font-weight: 800;
    padding: 8px 28px;
}}
QPushButton[role="stop"]:hover {{ background: #c9362d; }}
QPushButton[role="stop"]:disabled {{ background: #e3b3af; border-color: #e3b3af; color: #fff5f4; }}
"""

BANNER_TITLES = {"banner-bad": "banner-small-bad", "banner-good": "banner-small-good",
                 "banner-next": "banner-title-next", "banner-note": "banner-title-note"}


class Banner(QFrame):
    """A coloured box: a title, a text, and the rules it cites. ``kind`` is "bad" (a
    mistake stopped), "good", "next" (what to do next) or "note" (a softer remark)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "banner-bad")
        box = style.vbox(self, (14, 10, 14, 10), 5)
        self.title = style.label("", "banner-small-bad", wrap=True, name="banner-title")
        self.text = style.label("", "explanation", wrap=True, name="banner-text")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rules = style.label("", "citations", wrap=True, name="banner-rules")
        self.rules.setTextFormat(Qt.TextFormat.RichText)
        attach(self.rules)  # each citation opens the rule book at its section
        for w in (self.title, self.text, self.rules):
            box.addWidget(w)
        self.hide()

    def show_message(self, kind: str, title: str, text_html: str = "", citations=()) -> None:
        role = f"banner-{kind}"
        style.set_role(self, role)
        style.set_role(self.title, BANNER_TITLES[role])
        self.title.setText(title)
        self.text.setText(text_html)
        self.text.setVisible(bool(text_html))
        cites = [c for c in citations if c]
        label = "Rules" if len(cites) > 1 else "Rule"
        self.rules.setText(f"<span style='color:{style.MUTED}'>{label}:</span> {link_html(citations_html(cites))}"
                           if cites else "")
        self.rules.setVisible(bool(cites))
        self.show()

    def clear(self) -> None:
        self.hide()
        self.title.setText("")
        self.text.setText("")
        self.rules.setText("")

    def kind(self) -> str:
        return str(self.property("role")).removeprefix("banner-")


class LogList(QWidget):
    """The last lines of what happened at the table, newest first."""

    def __init__(self, lines: int = 6, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = style.vbox(self, 0, 4)
        self.entries: list[tuple[str, str]] = []  # (text, kind: "" or "bad")
        self.labels = [style.label("", "log", wrap=True) for _ in range(lines)]
        for lab in self.labels:
            lab.setObjectName("log-line")
            box.addWidget(lab)
        self._show()

    def clear(self) -> None:
        self.entries = []
        self._show()

    def add(self, text: str, kind: str = "") -> None:
        self.entries.append((text, kind))
        self._show()

    def texts(self) -> list[str]:
        return [t for t, _ in self.entries]

    def _show(self) -> None:
        recent = self.entries[-len(self.labels):][::-1]
        for i, lab in enumerate(self.labels):
            if i < len(recent):
                text, kind = recent[i]
                lab.setText(text)
                style.set_role(lab, "log-bad" if kind == "bad" else "log-new" if i == 0 else "log")
                lab.show()
            else:
                lab.hide()


class FactList(QWidget):
    """A titled list of short lines: the house options in force, the players' wagers."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = style.vbox(self, 0, 3)
        self.box.addWidget(style.label(title.upper(), "stat-label"))
        self.lines: list[QLabel] = []

    def set_lines(self, lines) -> None:
        for lab in self.lines:
            self.box.removeWidget(lab)
            lab.deleteLater()
        self.lines = []
        for text in lines:
            lab = style.label(text, "fact", wrap=True, name="fact-line")
            self.box.addWidget(lab)
            self.lines.append(lab)
        self.setVisible(bool(self.lines))

    def texts(self) -> list[str]:
        return [lab.text() for lab in self.lines]


class ChoiceList(QWidget):
    """Numbered choices (number keys 1-9 choose); ``chosen(text)``. Many short choices
    (an announcement's wordings) go in two columns."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QGridLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(6)
        self.buttons: list[OptionButton] = []
        self.width_hint = PANEL_WIDTH - 52

    def set_choices(self, texts, width: int | None = None) -> None:
        for b in self.buttons:
            self.box.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.buttons = []
        if width is not None:
            self.width_hint = width
        texts = list(texts)
        columns = 2 if len(texts) > 4 and max(len(t) for t in texts) <= 30 else 1
        rows = -(-len(texts) // columns)
        for c in range(2):
            self.box.setColumnStretch(c, 1 if c < columns else 0)
        for n, text in enumerate(texts, 1):
            b = OptionButton(n if n <= 9 else None, text, self)
            b.setObjectName("choice")
            b.clicked.connect(lambda _=False, t=text: self.chosen.emit(t))
            column, row = divmod(n - 1, rows)  # numbered down the first column, then the second
            self.box.addWidget(b, row, column)
            self.buttons.append(b)
        width = (self.width_hint - 6 * (columns - 1)) // columns
        for b in self.buttons:  # wrapped choices get the height their text needs
            b.setMinimumHeight(b.heightForWidth(width))
        self.setVisible(bool(self.buttons))

    def texts(self) -> list[str]:
        return [b.option_text for b in self.buttons]

    def choose_key(self, key: int) -> bool:
        """A number key: choose that choice. True if it chose one."""
        if key not in DIGIT_KEYS[1:]:
            return False
        n = DIGIT_KEYS.index(key)
        if n > len(self.buttons):
            return False
        self.chosen.emit(self.buttons[n - 1].option_text)
        return True


class Clock:
    """The time of the action in hand and of the round so far, against the level's target."""

    def __init__(self) -> None:
        self.round = QElapsedTimer()
        self.action = QElapsedTimer()  # since the last completed action
        self.attempt = QElapsedTimer()  # since the last attempt (what the round adds up)
        self.stopped_ms: int | None = None

    def start(self) -> None:
        self.stopped_ms = None
        for t in (self.round, self.action, self.attempt):
            t.start()

    def stop(self) -> None:
        self.stopped_ms = self.round_ms()

    def running(self) -> bool:
        return self.round.isValid() and self.stopped_ms is None

    def round_ms(self) -> int:
        if self.stopped_ms is not None:
            return self.stopped_ms
        return int(self.round.elapsed()) if self.round.isValid() else 0

    def action_ms(self) -> int:
        return int(self.action.elapsed()) if self.action.isValid() else 0

    def lap(self) -> int:
        """The time since the last attempt, and start counting again."""
        ms = int(self.attempt.elapsed()) if self.attempt.isValid() else 0
        self.attempt.start()
        return ms

    def action_done(self) -> None:
        self.action.start()


def clock_text(action_ms: int, round_ms: int, target_ms: int, *, action_target_ms: int = 0) -> str:
    """'This action 2.1 s / 4.0 s · Round 41.0 s / 1 min 40 s' (no targets when untimed)."""
    act = f"This action {style.format_ms(action_ms)}"
    if action_target_ms:
        act += f" / {style.format_ms(action_target_ms)}"
    rnd = f"Round {style.format_ms(round_ms)}"
    rnd += f" / {style.format_ms(target_ms)}" if target_ms else " · untimed"
    return f"{act} · {rnd}"


def paragraph(text: str, *, bold: bool = False, colour: str | None = None, margin: str = "0 0 6px 0") -> str:
    body = escape(text)
    if bold:
        body = f"<b>{body}</b>"
    colour_attr = f" color:{colour};" if colour else ""
    return f"<p style='margin:{margin};{colour_attr}'>{body}</p>"


__all__ = [
    "DIGIT_KEYS",
    "LOCAL_STYLE",
    "PANEL_WIDTH",
    "Banner",
    "ChoiceList",
    "Clock",
    "FactList",
    "FlowLayout",
    "LogList",
    "clock_text",
    "paragraph",
]
