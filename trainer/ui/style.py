"""The one look of the application: palette, fonts and stylesheet.

Calm light surfaces, dark readable text and one accent, the green of the felt.
Widgets say what they are with a ``role`` property (``label.setProperty("role", "h1")``)
and the stylesheet styles the roles; screens never hard-code colours.

Text size (View > Larger text / Smaller text, Ctrl+plus / Ctrl+minus, Ctrl+0): one
factor, ``text_scale()``, multiplies every font size: the application's font, the font
sizes of this stylesheet and of the screens' own stylesheets (``font-size: 12pt`` or
``14px``) and the inline sizes of rich text in labels.
``set_text_scale`` applies a new factor to every widget; ``rescale(widget)`` brings a
widget made or changed since up to the factor (the main window does it for each screen
it shows, and while the factor is not 1 every widget as it is shown). The drawn table
(cards, chips, the layout) keeps its own sizes: it is scaled to the window instead.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from trainer.ui.qt_namespace import Qt

# Colours -------------------------------------------------------------------------
BG = "#eef2ef"
SURFACE = "#ffffff"
SURFACE_ALT = "#f6f8f7"
BORDER = "#d5ddd8"
BORDER_STRONG = "#b8c4bd"
TEXT = "#1b2a23"
MUTED = "#5c6b64"
FAINT = "#8a9791"
ACCENT = "#0f6b46"  # casino felt green
ACCENT_HOVER = "#13855a"
ACCENT_PRESSED = "#0a5135"
ACCENT_SOFT = "#e2f0e8"
ACCENT_DARK = "#0b3d2a"
GOOD = "#1c7a3d"
GOOD_SOFT = "#e3f3e7"
BAD = "#b3261e"
BAD_SOFT = "#fcebe9"
GOLD = "#b8891a"
GOLD_SOFT = "#fbf3dc"

FONT_FAMILIES = ["Inter", "Segoe UI", "Noto Sans", "Cantarell", "DejaVu Sans", "Sans Serif"]
BASE_PT = 11
PROMPT_PT = 17

STYLESHEET = f"""
QWidget {{
    color: {TEXT};
    font-size: {BASE_PT}pt;
}}
QMainWindow, QStackedWidget#screens, QWidget[role="screen"] {{
    background: {BG};
}}
QStatusBar {{
    background: {SURFACE};
    border-top: 1px solid {BORDER};
    color: {MUTED};
    font-size: 10pt;
}}
QStatusBar QLabel {{ color: {MUTED}; font-size: 10pt; padding: 0 8px; }}
QStatusBar::item {{ border: none; }}
QMenuBar {{ background: {SURFACE}; border-bottom: 1px solid {BORDER}; padding: 0 4px; }}
QMenuBar::item {{ padding: 2px 10px; background: transparent; border-radius: 4px; }}
QMenuBar::item:selected {{ background: {ACCENT_SOFT}; color: {ACCENT_DARK}; }}
QMenu {{ background: {SURFACE}; border: 1px solid {BORDER_STRONG}; padding: 4px; }}
QMenu::item {{ padding: 6px 28px 6px 20px; border-radius: 4px; }}
QMenu::item:selected {{ background: {ACCENT_SOFT}; color: {ACCENT_DARK}; }}
QMenu::item:disabled {{ color: {FAINT}; }}
QMenu::separator {{ height: 1px; background: {BORDER}; margin: 4px 8px; }}

/* text roles */
QLabel[role="brand"] {{ font-size: 12pt; font-weight: 600; color: {ACCENT}; letter-spacing: 1px; }}
QLabel[role="display"] {{ font-size: 26pt; font-weight: 700; color: {TEXT}; }}
QLabel[role="h1"] {{ font-size: 20pt; font-weight: 700; color: {TEXT}; }}
QLabel[role="h2"] {{ font-size: 14pt; font-weight: 600; color: {TEXT}; }}
QLabel[role="h3"] {{ font-size: 12pt; font-weight: 600; color: {TEXT}; }}
QLabel[role="muted"] {{ color: {MUTED}; }}
QLabel[role="small"] {{ color: {MUTED}; font-size: 10pt; }}
QLabel[role="prompt"] {{ font-size: {PROMPT_PT}pt; font-weight: 500; color: {TEXT}; }}
QLabel[role="error"] {{ color: {BAD}; font-weight: 600; }}
QLabel[role="hint"] {{ color: {MUTED}; font-size: 10pt; }}
QLabel[role="stat-value"] {{ font-size: 22pt; font-weight: 700; color: {TEXT}; }}
QLabel[role="stat-label"] {{ font-size: 9.5pt; font-weight: 600; color: {MUTED}; letter-spacing: 1px; }}
QLabel[role="badge"] {{
    background: {SURFACE_ALT}; color: {MUTED}; border: 1px solid {BORDER};
    border-radius: 10px; padding: 2px 10px; font-size: 9.5pt; font-weight: 600;
}}
QLabel[role="badge-accent"] {{
    background: {ACCENT_SOFT}; color: {ACCENT}; border: 1px solid #bcdcca;
    border-radius: 10px; padding: 2px 10px; font-size: 9.5pt; font-weight: 600;
}}
QLabel[role="explanation"] {{ font-size: 11.5pt; color: {TEXT}; }}
QLabel[role="citations"] {{ font-size: 10.5pt; color: {TEXT}; }}
QLabel[role="skill"] {{ font-size: 11.5pt; color: {TEXT}; }}
QLabel[role="empty"] {{ color: {MUTED}; font-size: 13pt; padding: 24px; }}

/* surfaces */
QFrame[role="card"] {{
    background: {SURFACE};
    border: 1px solid {BORDER};
    border-radius: 12px;
}}
QFrame[role="header"] {{
    background: {SURFACE};
    border: none;
    border-bottom: 1px solid {BORDER};
}}
QFrame[role="banner-good"] {{
    background: {GOOD_SOFT}; border: 1px solid #b6dcc0; border-left: 6px solid {GOOD}; border-radius: 8px;
}}
QFrame[role="banner-bad"] {{
    background: {BAD_SOFT}; border: 1px solid #efc3bf; border-left: 6px solid {BAD}; border-radius: 8px;
}}
QLabel[role="banner-title-good"] {{ color: {GOOD}; font-size: 17pt; font-weight: 700; }}
QLabel[role="banner-title-bad"] {{ color: {BAD}; font-size: 17pt; font-weight: 700; }}
QFrame[role="rule"] {{ background: {BORDER}; border: none; max-height: 1px; min-height: 1px; }}

/* buttons */
QPushButton {{
    background: {SURFACE};
    border: 1px solid {BORDER_STRONG};
    border-radius: 8px;
    padding: 8px 18px;
    font-weight: 600;
    color: {TEXT};
}}
QPushButton:hover {{ background: {SURFACE_ALT}; border-color: {ACCENT}; }}
QPushButton:pressed {{ background: {ACCENT_SOFT}; }}
QPushButton:focus {{ border: 2px solid {ACCENT}; padding: 7px 17px; }}
QPushButton:disabled {{ color: {FAINT}; background: {SURFACE_ALT}; border-color: {BORDER}; }}
QPushButton[role="primary"] {{
    background: {ACCENT}; color: white; border: 1px solid {ACCENT_PRESSED};
}}
QPushButton[role="primary"]:hover {{ background: {ACCENT_HOVER}; }}
QPushButton[role="primary"]:pressed {{ background: {ACCENT_PRESSED}; }}
QPushButton[role="primary"]:focus {{ border: 2px solid {ACCENT_DARK}; }}
QPushButton[role="primary"]:disabled {{ background: #9fbfae; color: #eef5f1; border-color: #9fbfae; }}
QPushButton[role="flat"] {{ background: transparent; border: 1px solid transparent; color: {ACCENT}; }}
QPushButton[role="flat"]:hover {{ background: {ACCENT_SOFT}; }}

/* answer options: numbered, full width, wrapping text */
QPushButton[role="option"] {{
    text-align: left;
    padding: 0;
    border-radius: 8px;
    background: {SURFACE};
    border: 1px solid {BORDER_STRONG};
}}
QPushButton[role="option"]:hover {{ background: {ACCENT_SOFT}; border-color: {ACCENT}; }}
QPushButton[role="option"][selected="true"] {{ background: {ACCENT_SOFT}; border: 2px solid {ACCENT}; }}
QPushButton[role="option"][used="true"] {{ background: {SURFACE_ALT}; border: 1px solid {BORDER}; }}
QPushButton[role="option"]:disabled {{ background: {SURFACE_ALT}; }}
QLabel[role="key"] {{
    background: {ACCENT_SOFT}; color: {ACCENT}; border: 1px solid #bcdcca; border-radius: 6px;
    font-size: 11pt; font-weight: 700;
}}
QLabel[role="key"][selected="true"] {{ background: {ACCENT}; color: white; border-color: {ACCENT}; }}
QLabel[role="key"][used="true"] {{ background: {SURFACE_ALT}; color: {FAINT}; border-color: {BORDER}; }}
QLabel[role="option-text"] {{ font-size: 12pt; color: {TEXT}; background: transparent; }}
QLabel[role="option-text"][used="true"] {{ color: {FAINT}; }}

/* the game cards on the home screen */
QFrame[role="game-card"] {{
    background: {SURFACE};
    border: 1px solid {BORDER};
    border-top: 5px solid {ACCENT};
    border-radius: 14px;
}}
QFrame[role="game-card-coming"] {{
    background: {SURFACE_ALT};
    border: 1px dashed {BORDER_STRONG};
    border-radius: 12px;
}}
QLabel[role="skill-title"] {{ font-size: 11.5pt; font-weight: 600; color: {TEXT}; }}
QLabel[role="stat-value-small"] {{ font-size: 16pt; font-weight: 700; color: {TEXT}; }}

/* inputs */
QLineEdit {{
    background: {SURFACE};
    border: 1px solid {BORDER_STRONG};
    border-radius: 8px;
    padding: 7px 10px;
    font-size: 13pt;
    selection-background-color: {ACCENT};
}}
QLineEdit:focus {{ border: 2px solid {ACCENT}; padding: 6px 9px; }}
QLineEdit[invalid="true"] {{ border: 2px solid {BAD}; padding: 6px 9px; background: #fff8f7; }}

QListWidget {{
    background: {SURFACE};
    border: 1px solid {BORDER};
    border-radius: 10px;
    padding: 4px;
    font-size: 13pt;
    outline: none;
}}
QListWidget::item {{ padding: 9px 12px; border-radius: 6px; }}
QListWidget::item:hover {{ background: {SURFACE_ALT}; }}
QListWidget::item:selected {{ background: {ACCENT}; color: white; }}

QTableWidget, QTableView {{
    background: {SURFACE};
    alternate-background-color: {SURFACE_ALT};
    border: 1px solid {BORDER};
    border-radius: 10px;
    gridline-color: transparent;
    selection-background-color: {ACCENT_SOFT};
    selection-color: {TEXT};
    font-size: 10.5pt;
    outline: none;
}}
QTableWidget::item, QTableView::item {{ padding: 4px 8px; border: none; }}
QHeaderView {{ background: transparent; }}
QHeaderView::section {{
    background: {SURFACE};
    color: {MUTED};
    font-size: 9.5pt;
    font-weight: 700;
    border: none;
    border-bottom: 1px solid {BORDER};
    padding: 8px 8px;
}}
QTableCornerButton::section {{ background: {SURFACE}; border: none; }}

QScrollArea {{ background: transparent; border: none; }}
QScrollArea > QWidget > QWidget {{ background: transparent; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 2px; }}
QScrollBar::handle:vertical {{ background: {BORDER_STRONG}; border-radius: 4px; min-height: 24px; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar:horizontal {{ background: transparent; height: 10px; margin: 2px; }}
QScrollBar::handle:horizontal {{ background: {BORDER_STRONG}; border-radius: 4px; min-width: 24px; }}
QScrollBar::add-line:horizontal, QScrollBar::sub-line:horizontal {{ width: 0; }}
QToolTip {{ background: {TEXT}; color: white; border: none; padding: 6px; }}
QMessageBox QLabel {{ font-size: 11pt; }}
"""


# Text size ---------------------------------------------------------------------------
TEXT_SCALES = (0.8, 0.9, 1.0, 1.1, 1.25, 1.4, 1.6, 1.8, 2.0)  # the steps of Larger / Smaller text
_FONT_SIZE = re.compile(r"(font-size\s*:\s*)(\d+(?:\.\d+)?)(\s*)(pt|px)", re.IGNORECASE)
_text_scale = 1.0
# Dynamic properties a rescaled widget keeps: what its code set (at scale 1), and what is shown.
_CSS_BASE, _CSS_SHOWN = "dt_css_base", "dt_css_shown"
_TEXT_BASE, _TEXT_SHOWN = "dt_text_base", "dt_text_shown"


def text_scale() -> float:
    """The factor every font size is multiplied by (1: as designed)."""
    return _text_scale


def scale_css(css: str, scale: float | None = None) -> str:
    """``css`` (a stylesheet, or rich text with inline styles) with every ``font-size`` in
    pt or px multiplied by ``scale`` (default: the current text scale)."""
    factor = _text_scale if scale is None else scale
    if factor == 1.0 or "font-size" not in css.lower():
        return css

    def scaled(m: re.Match) -> str:
        value = float(m.group(2)) * factor
        number = f"{max(1, round(value))}" if m.group(4).lower() == "px" else f"{max(1.0, round(value, 1)):g}"
        return f"{m.group(1)}{number}{m.group(3)}{m.group(4)}"

    return _FONT_SIZE.sub(scaled, css)


def next_text_scale(step: int, scale: float | None = None) -> float:
    """The text scale ``step`` steps larger (negative: smaller) than ``scale``, within TEXT_SCALES."""
    current = _text_scale if scale is None else scale
    nearest = min(range(len(TEXT_SCALES)), key=lambda i: abs(TEXT_SCALES[i] - current))
    return TEXT_SCALES[max(0, min(len(TEXT_SCALES) - 1, nearest + step))]


def set_text_scale(scale: float, app: QApplication | None = None) -> float:
    """Make ``scale`` (kept within TEXT_SCALES' range) the text scale of the whole
    application and every widget in it; return the scale in force."""
    global _text_scale
    scale = min(TEXT_SCALES[-1], max(TEXT_SCALES[0], float(scale)))
    app = app or QApplication.instance()
    _text_scale = scale
    if app is None:
        return scale
    app.setFont(app_font())
    app.setStyleSheet(stylesheet())
    _watch_shown(app, scale != 1.0)
    for widget in app.allWidgets():
        rescale_one(widget)
    return scale


def rescale(root: QWidget) -> None:
    """Bring ``root`` and every widget in it up to the current text scale."""
    rescale_one(root)
    for widget in root.findChildren(QWidget):
        rescale_one(widget)


def rescale_one(widget: QWidget) -> None:
    """One widget's own stylesheet and rich text at the current text scale. What the code
    set since the last rescale is taken as designed (scale 1). (Fonts set on widgets in
    code need nothing: the application's stylesheet gives every widget its size.)"""
    css = widget.styleSheet()
    if css or widget.property(_CSS_BASE):
        base = _base(widget, css, _CSS_BASE, _CSS_SHOWN)
        shown = scale_css(base)
        if shown != css:
            widget.setStyleSheet(shown)
        widget.setProperty(_CSS_SHOWN, shown)
    if isinstance(widget, QLabel):
        text = widget.text()
        if "font-size" in text or widget.property(_TEXT_BASE):
            base = _base(widget, text, _TEXT_BASE, _TEXT_SHOWN)
            shown = scale_css(base)
            if shown != text:
                widget.setText(shown)
            widget.setProperty(_TEXT_SHOWN, shown)


def _base(widget: QWidget, current: str, base_key: str, shown_key: str) -> str:
    """What the code set: the remembered base, unless the code has set something new since."""
    base = widget.property(base_key)
    if base is None or current != widget.property(shown_key):
        base = current
        widget.setProperty(base_key, base)
    return base


class _ShownWatcher(QObject):
    """While the text is not at its designed size: every widget is rescaled as it is shown
    (dialogs, rows and panels made after the size was changed)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Show and isinstance(watched, QWidget):
            rescale_one(watched)
        return False


_watcher: _ShownWatcher | None = None


def _watch_shown(app: QApplication, on: bool) -> None:
    global _watcher
    if on and _watcher is None:
        _watcher = _ShownWatcher(app)
        app.installEventFilter(_watcher)
    elif not on and _watcher is not None:
        app.removeEventFilter(_watcher)
        _watcher.deleteLater()
        _watcher = None


def stylesheet() -> str:
    """The application's stylesheet at the current text scale."""
    return scale_css(STYLESHEET)


def app_font() -> QFont:
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setPointSizeF(BASE_PT * _text_scale)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def palette() -> QPalette:
    pal = QPalette()
    pal.setColor(QPalette.ColorRole.Window, QColor(BG))
    pal.setColor(QPalette.ColorRole.WindowText, QColor(TEXT))
    pal.setColor(QPalette.ColorRole.Base, QColor(SURFACE))
    pal.setColor(QPalette.ColorRole.AlternateBase, QColor(SURFACE_ALT))
    pal.setColor(QPalette.ColorRole.Text, QColor(TEXT))
    pal.setColor(QPalette.ColorRole.Button, QColor(SURFACE))
    pal.setColor(QPalette.ColorRole.ButtonText, QColor(TEXT))
    pal.setColor(QPalette.ColorRole.Highlight, QColor(ACCENT))
    pal.setColor(QPalette.ColorRole.HighlightedText, QColor("white"))
    pal.setColor(QPalette.ColorRole.PlaceholderText, QColor(FAINT))
    pal.setColor(QPalette.ColorRole.ToolTipBase, QColor(TEXT))
    pal.setColor(QPalette.ColorRole.ToolTipText, QColor("white"))
    pal.setColor(QPalette.ColorRole.Link, QColor(ACCENT))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(FAINT))
    return pal


BASE_STYLE = "Fusion"  # Qt's style under the stylesheet, the same on every system


def apply(app: QApplication, *, base_style: bool = True) -> None:
    """Give the whole application its look (call once, after the QApplication exists).
    ``base_style=False``: the application was made with ``-style`` BASE_STYLE already."""
    if base_style:
        app.setStyle(BASE_STYLE)
    app.setFont(app_font())
    app.setPalette(palette())
    app.setStyleSheet(stylesheet())


# Small builders used by every screen ------------------------------------------------
def label(text: str = "", role: str | None = None, *, wrap: bool = False,
          parent: QWidget | None = None, name: str = "") -> QLabel:
    """A label of a ``role`` of the stylesheet; ``name`` is its object name (what tests and
    the layout checks find it by)."""
    lab = QLabel(text, parent)
    if role:
        lab.setProperty("role", role)
    lab.setWordWrap(wrap)
    if name:
        lab.setObjectName(name)
    return lab


def _box(layout, margins: int | tuple[int, int, int, int] | None, spacing: int | None):
    if margins is not None:
        layout.setContentsMargins(*((margins,) * 4 if isinstance(margins, int) else margins))
    if spacing is not None:
        layout.setSpacing(spacing)
    return layout


def vbox(parent: QWidget | None = None, margins: int | tuple[int, int, int, int] | None = None,
         spacing: int | None = None) -> QVBoxLayout:
    """A column layout on ``parent`` with its margins (one for all four sides, or left, top,
    right, bottom) and the spacing between its items; None keeps the style's."""
    return _box(QVBoxLayout(parent), margins, spacing)


def hbox(parent: QWidget | None = None, margins: int | tuple[int, int, int, int] | None = None,
         spacing: int | None = None) -> QHBoxLayout:
    """A row layout on ``parent``, as ``vbox``."""
    return _box(QHBoxLayout(parent), margins, spacing)


def screen(widget: QWidget, name: str = "", css: str = "") -> QWidget:
    """Make ``widget`` a screen of the stylesheet (its page's background and fonts), with
    its object name and its own stylesheet."""
    widget.setProperty("role", "screen")
    if name:
        widget.setObjectName(name)
    if css:
        widget.setStyleSheet(css)
    return widget


def button(text: str, parent: QWidget | None = None, *, name: str = "", role: str | None = None, tip: str = "",
           height: int | None = None, on_click=None, focus: bool = True) -> QPushButton:
    """A push button with its object name, stylesheet role, tooltip, minimum height and
    what a click does; ``focus=False`` leaves the keyboard focus where it is."""
    b = QPushButton(text, parent)
    if name:
        b.setObjectName(name)
    if role:
        b.setProperty("role", role)
    if tip:
        b.setToolTip(tip)
    if height is not None:
        b.setMinimumHeight(height)
    if not focus:
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    if on_click is not None:
        b.clicked.connect(on_click)
    return b


def scroll_area(parent: QWidget | None = None, widget: QWidget | None = None, *,
                sideways: bool = False) -> QScrollArea:
    """A frameless scroll area that sizes ``widget`` to its width: it scrolls up and down,
    and across only when ``sideways``."""
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded if sideways
                                      else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    if widget is not None:
        area.setWidget(widget)
    return area


def card(parent: QWidget | None = None, role: str = "card") -> QFrame:
    frame = QFrame(parent)
    frame.setProperty("role", role)
    return frame


def rule(parent: QWidget | None = None) -> QFrame:
    line = QFrame(parent)
    line.setProperty("role", "rule")
    line.setFixedHeight(1)
    return line


def score_box() -> tuple[QVBoxLayout, QLabel]:
    """The "SCORE / 3 / 4" block at the right of a quiz or drill header."""
    box = QVBoxLayout()
    box.setSpacing(0)
    box.addWidget(label("SCORE", "stat-label"), 0, Qt.AlignmentFlag.AlignRight)
    score = label("0 / 0", "h2")
    score.setObjectName("score")
    box.addWidget(score, 0, Qt.AlignmentFlag.AlignRight)
    return box, score


def leave_button(parent: QWidget, tooltip: str, on_click) -> QPushButton:
    """The flat "Leave" button of a quiz or drill header (Esc does the same)."""
    button = QPushButton("Leave", parent)
    button.setProperty("role", "flat")
    button.setToolTip(tooltip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.clicked.connect(on_click)
    return button


def set_role(widget: QWidget, role: str) -> QWidget:
    widget.setProperty("role", role)
    repolish(widget)
    return widget


def set_flag(widget: QWidget, name: str, value: bool) -> None:
    """Set a boolean style property (``selected``, ``used``, ``invalid``) and restyle."""
    widget.setProperty(name, "true" if value else "false")
    repolish(widget)


def repolish(widget: QWidget) -> None:
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()


def format_ms(ms: int | float | None) -> str:
    """A response time for people: '4.2 s', '1 min 05 s'."""
    if ms is None:
        return "—"
    seconds = ms / 1000
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, secs = divmod(int(round(seconds)), 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def format_when(text: str | None) -> str:
    """An ISO timestamp from the store as '25 Nov, 14:05' in local time (with the year
    when it is not this year)."""
    from datetime import datetime

    when = _parse_when(text)
    if when is None:
        return "—" if not text else str(text)
    return f"{_day(when, datetime.now().year)}, {when.strftime('%H:%M')}"


def _parse_when(text: str | None):
    from datetime import datetime

    if not text:
        return None
    try:
        when = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return None
    return when.astimezone() if when.tzinfo is not None else when


def format_day(text: str | None) -> str:
    """'Today', 'Yesterday', '25 Nov' or '25 Nov 2024' (local time)."""
    from datetime import datetime

    when = _parse_when(text)
    if when is None:
        return "—" if not text else str(text)
    today = datetime.now(when.tzinfo).date() if when.tzinfo else datetime.now().date()
    days = (today - when.date()).days
    if days == 0:
        return "Today"
    if days == 1:
        return "Yesterday"
    return _day(when, today.year)


def _day(when, this_year: int) -> str:
    text = f"{when.day} {when.strftime('%b')}"
    return text if when.year == this_year else f"{text} {when.year}"


def format_percent(ratio: float | None) -> str:
    """A share as "83%" ("—" for None): trainer.contracts.measures' ``percent``, one way for
    every layer (imported when first used: the first screen shows no share, issue 17)."""
    from trainer.contracts.measures import percent

    return percent(ratio)
