"""The pay table explorer: a game's exact math, for supervisors choosing a pay table.

Choose a game (every available game whose ``Game`` has ``analyze``) and, if you like,
one pay table; **Compute** runs ``game.analyze(table, progress)`` on a worker thread
(a ``QRunnable`` on the screen's own ``QThreadPool``): the progress callback reaches the
progress bar through a queued signal, so the window never freezes, and a second click
while it runs does nothing. Then the screen shows the hand counts, each bet's outcomes
with its expected value and house edge, and the base game when the game has one: the
same figures as ``dealer-trainer analyze``.
"""

from __future__ import annotations

import json
import sys
import threading
import time
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.ui import style
from trainer.ui.screens.settle_screen import COMBO_STYLE, Combo
from trainer.ui.screens.summary_screen import make_table, text_item

ALL_TABLES = "All tables"
COLUMNS = 3  # cards side by side, at most
CARD_MIN_WIDTH = 390  # px: narrower windows show fewer cards side by side
ROW_HEIGHT = 28

LOCAL_STYLE = COMBO_STYLE + f"""
QTableWidget {{ font-size: 10pt; }}
QTableWidget::item {{ padding: 2px 5px; }}
QHeaderView::section {{ padding: 7px 5px; font-size: 9pt; }}
QProgressBar {{
    background: {style.SURFACE_ALT}; border: 1px solid {style.BORDER}; border-radius: 7px;
    min-height: 14px; max-height: 14px; text-align: center; font-size: 8.5pt; color: {style.MUTED};
}}
QProgressBar::chunk {{ background: {style.ACCENT}; border-radius: 6px; }}
QLabel[role="edge"] {{ font-size: 11pt; color: {style.TEXT}; }}
QLabel[role="field-error"] {{ color: {style.BAD}; font-size: 10.5pt; font-weight: 600; }}
QLabel[role="done"] {{ color: {style.GOOD}; font-size: 10.5pt; font-weight: 600; }}
QLabel[role="kv-key"] {{ color: {style.MUTED}; font-size: 10.5pt; }}
QLabel[role="kv-value"] {{ color: {style.TEXT}; font-size: 11pt; font-weight: 600; }}
"""


# ----------------------------------------------------------------------- pure helpers
def pct(x: float) -> str:
    """A probability or an edge as the CLI prints it: '3.3543%'."""
    return f"{x * 100:.4f}%"


def ev_text(x: float) -> str:
    return f"{x:+.6f}"


def bet_title(bet: dict) -> str:
    table = bet.get("table")
    return bet["name"] + (f" · table {table}" if table else "")


def total_hands(result: dict) -> int:
    for key in ("total_hands", "total"):
        if isinstance(result.get(key), int):
            return result[key]
    return sum(h.get("count", 0) for h in result.get("hands", []))


def hand_rows(hands: list[dict], total: int | None = None) -> list[tuple[str, str, str]]:
    """(hand, count, probability) of a list of hand counts."""
    total = total if total else sum(h.get("count", 0) for h in hands)
    return [(str(h["hand"]), f"{h['count']:,}", pct(h["count"] / total) if total else "—") for h in hands]


def outcome_rows(bet: dict) -> list[tuple[str, str, str, str]]:
    """(hand, count, probability, pays) of one bet's outcomes."""
    return [(str(o["hand"]), f"{o['count']:,}", pct(o["probability"]), str(o.get("pays", "")))
            for o in bet.get("outcomes", [])]


BASE_LABELS = {
    "strategy": "Strategy",
    "weakest_call": "Weakest hand to call",
    "calls": "Hands called",
    "expected_value": "Expected value per unit of ante",
    "house_edge": "House edge (per unit of ante)",
    "average_wager": "Average total wager (units of ante)",
}
BASE_SKIP = {"exact_expected_value"}


def base_rows(base: dict, total: int | None = None) -> list[tuple[str, str]]:
    """(label, value) of the base game block, known keys first, anything else after."""
    rows = []
    for key in list(BASE_LABELS) + [k for k in base if k not in BASE_LABELS]:
        if key not in base or key in BASE_SKIP:
            continue
        value = base[key]
        if isinstance(value, (dict, list)):
            continue
        if key == "expected_value":
            text = ev_text(value)
        elif key == "house_edge":
            text = pct(value)
        elif key == "average_wager":
            text = f"{value:.6f}"
        elif key == "calls" and isinstance(value, int) and total:
            text = f"{value:,} of {total:,} hands"
        elif isinstance(value, float):
            text = f"{value:.6f}"
        elif isinstance(value, int):
            text = f"{value:,}"
        else:
            text = str(value)
        rows.append((BASE_LABELS.get(key, key.replace("_", " ").capitalize()), text))
    return rows


@dataclass(frozen=True)
class AnalysisGame:
    id: str
    title: str
    tables: tuple[tuple[str, str], ...]  # (shown, value) of the pay tables the game is known to have


def analysis_games() -> list[AnalysisGame]:
    """Every available game whose Game has ``analyze`` (a game that fails to load is left out)."""
    games = []
    for entry in registry.catalogue():
        if entry.analysis is None:  # the game's spec names no game math
            continue
        try:
            game = registry.get_game(entry.id)
        except Exception as exc:  # noqa: BLE001 - a broken game package is not offered, and says why
            print(f"dealer-trainer: {entry.title} is left out of the explorer: {exc}", file=sys.stderr)
            continue
        games.append(AnalysisGame(entry.id, game.title, _known_tables(game)))
    return games


def _known_tables(game) -> tuple[tuple[str, str], ...]:
    """The pay-table choices of the game's house options named '..._table' (from its
    calculator form, when it has one)."""
    make = getattr(game, "calculator_form", None)
    if make is None:
        return ()
    try:
        form = make()
    except Exception:  # noqa: BLE001
        return ()
    if form is None:  # the game has no calculator form (it settles from JSON only)
        return ()
    tables = []
    for opt in form.options:
        if opt.key.endswith("_table"):
            tables += [(f"{opt.title} {c}", str(c)) for c in opt.choices]
    return tuple(tables)


# ----------------------------------------------------------------------- the worker
class AnalysisSignals(QObject):
    """Lives on the GUI thread; the job emits from the pool's thread, so every signal
    reaches the screen queued, on the GUI thread."""

    progress = Signal(int, int)  # job, percent
    done = Signal(int, object)  # job, result
    failed = Signal(int, str)  # job, message


class Cancelled(Exception):
    """Raised from the progress callback to stop an analysis (the window is closing)."""


class AnalysisJob(QRunnable):
    def __init__(self, job_id: int, game, table: str | None, signals: AnalysisSignals,
                 cancel: threading.Event | None = None) -> None:
        super().__init__()
        self.job_id = job_id
        self.game = game
        self.table = table
        self.signals = signals
        self.cancel = cancel or threading.Event()

    def run(self) -> None:  # on the pool's thread: never touch a widget here
        last = [-1]

        def progress(fraction: float) -> None:
            if self.cancel.is_set():
                raise Cancelled()
            percent = int(max(0.0, min(1.0, float(fraction))) * 100)
            if percent != last[0]:  # at most 101 signals, however often the game reports
                last[0] = percent
                self._emit(self.signals.progress, self.job_id, percent)

        try:
            result = self.game.analyze(self.table, progress)
        except Cancelled:
            self._emit(self.signals.failed, self.job_id, "Stopped")
        except ValueError as e:
            self._emit(self.signals.failed, self.job_id, str(e))
        except Exception as e:  # noqa: BLE001 - reported on the screen, never lost
            traceback.print_exc(file=sys.stderr)
            self._emit(self.signals.failed, self.job_id, f"{type(e).__name__}: {e}")
        else:
            self._emit(self.signals.done, self.job_id, result)

    @staticmethod
    def _emit(signal, *args) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:  # the screen is gone: nobody is waiting for the answer
            pass


# ----------------------------------------------------------------------- the screen
def _card_title(text: str, parent: QWidget):
    return style.label(text, "h3", parent=parent)


class ExplorerScreen(QWidget):
    back_requested = Signal()
    computed = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style.screen(self, "explorer-screen", LOCAL_STYLE)
        self.games = analysis_games()
        self.result: dict | None = None
        self.result_game: AnalysisGame | None = None
        self.results: dict[tuple[str, str | None], dict] = {}
        self.running = False
        self.jobs_started = 0
        self._job_id = 0
        self._started_at = 0.0
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.signals = AnalysisSignals(self)
        self.signals.progress.connect(self._progress, Qt.ConnectionType.QueuedConnection)
        self.signals.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        self.signals.failed.connect(self._failed, Qt.ConnectionType.QueuedConnection)

        outer = style.vbox(self, (40, 24, 40, 20), 14)

        head = QHBoxLayout()
        titles = QVBoxLayout()
        titles.setSpacing(2)
        titles.addWidget(style.label("PAY TABLE EXPLORER", "brand"))
        self.title = style.label("Exact game math", "h1", name="explorer-title")
        titles.addWidget(self.title)
        head.addLayout(titles, 1)
        self.copy_button = style.button("&Copy as JSON", self, name="explorer-copy",
                                        tip="Copy the figures shown to the clipboard as JSON",
                                        on_click=self.copy_json)
        self.copy_button.setEnabled(False)
        head.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignBottom)
        outer.addLayout(head)

        # controls
        controls = style.card(self)
        controls.setObjectName("explorer-controls")
        row = style.hbox(controls, (22, 12, 22, 12), 14)
        row.addWidget(style.label("GAME", "stat-label"))
        self.game_box = Combo(self)
        self.game_box.setObjectName("explorer-game")
        self.game_box.setAccessibleName("Game")
        self.game_box.setMinimumWidth(200)
        for g in self.games:
            self.game_box.addItem(g.title, g.id)
        self.game_box.currentIndexChanged.connect(self._game_chosen)
        row.addWidget(self.game_box)
        row.addSpacing(6)
        row.addWidget(style.label("PAY TABLE", "stat-label"))
        self.table_box = Combo(self)
        self.table_box.setObjectName("explorer-table")
        self.table_box.setAccessibleName("Pay table")
        self.table_box.setMinimumWidth(180)
        self.table_box.setToolTip("Compute every pay table of the game, or only this one")
        self.table_box.currentIndexChanged.connect(self._table_chosen)
        row.addWidget(self.table_box)
        row.addSpacing(6)
        self.compute_button = style.button("C&ompute", self, name="explorer-compute", role="primary")
        self.compute_button.setMinimumWidth(130)
        self.compute_button.setToolTip("Enumerate every hand of the game (Enter)")
        self.compute_button.clicked.connect(self.compute)
        row.addWidget(self.compute_button)
        row.addSpacing(6)
        right = QVBoxLayout()
        right.setSpacing(3)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("explorer-progress")
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)
        right.addWidget(self.progress)
        self.status = style.label("", "hint", name="explorer-status")
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.setWordWrap(True)
        right.addWidget(self.status)
        row.addLayout(right, 1)
        outer.addWidget(controls)

        # results
        self.scroll = style.scroll_area(self)
        self.body = QWidget()
        self.body_box = style.vbox(self.body, (0, 0, 8, 0), 14)
        self.scroll.setWidget(self.body)
        outer.addWidget(self.scroll, 1)
        self.tables: dict[str, object] = {}  # title -> QTableWidget, for tests and copying
        self.cards: list[QWidget] = []
        self._columns = 0

        actions = QHBoxLayout()
        self.back_button = style.button("&Back to home", self, name="explorer-back", height=44,
                                        on_click=self.back_requested)
        actions.addWidget(self.back_button)
        actions.addStretch(1)
        actions.addWidget(style.label("Enter computes · Esc goes back", "hint"))
        outer.addLayout(actions)

        if self.games:
            self._game_chosen(0)
        else:
            self.compute_button.setEnabled(False)
            self._message("No available game has exact game math yet.")

    # ------------------------------------------------------------------ choosing
    @property
    def game(self) -> AnalysisGame | None:
        index = self.game_box.currentIndex()
        return self.games[index] if 0 <= index < len(self.games) else None

    def set_game(self, game_id: str, table: str | None = None) -> None:
        index = self.game_box.findData(game_id)
        if index < 0:
            raise ValueError(f"{registry.title_of(game_id)} has no exact game math")
        self.game_box.setCurrentIndex(index)
        self.set_table(table)

    def set_table(self, table: str | None) -> None:
        index = self.table_box.findData(table) if table is not None else 0
        if index < 0:
            self.table_box.addItem(f"Table {table}", table)
            index = self.table_box.count() - 1
        self.table_box.setCurrentIndex(index)

    def current_table(self) -> str | None:
        return self.table_box.currentData()

    def _fill_tables(self, game: AnalysisGame, seen: list[str] = ()) -> None:
        keep = self.table_box.currentData()
        self.table_box.blockSignals(True)
        self.table_box.clear()
        self.table_box.addItem(ALL_TABLES, None)
        values = set()
        for shown, value in game.tables:
            if value not in values:
                self.table_box.addItem(shown, value)
                values.add(value)
        for value in seen:
            if value not in values:
                self.table_box.addItem(f"Table {value}", value)
                values.add(value)
        index = self.table_box.findData(keep) if keep is not None else 0
        self.table_box.setCurrentIndex(max(index, 0))
        self.table_box.blockSignals(False)

    def _game_chosen(self, index: int) -> None:
        game = self.game
        if game is None:
            return
        self.title.setText(game.title)
        seen = sorted({b.get("table") for (gid, _t), r in self.results.items() if gid == game.id
                       for b in r.get("bets", []) if b.get("table")})
        self.table_box.blockSignals(True)
        self.table_box.clear()
        self.table_box.blockSignals(False)
        self._fill_tables(game, seen)
        self._show_cached()

    def _table_chosen(self, _index: int) -> None:
        if not self.running:
            self._show_cached()

    def _show_cached(self) -> None:
        game = self.game
        if game is None:
            return
        cached = self.results.get((game.id, self.current_table()))
        if cached is not None:
            self.show_analysis(game.id, self.current_table(), cached)
        elif not self.running:
            self.result = None
            self.copy_button.setEnabled(False)
            self.progress.setValue(0)
            self.status.setText("")
            which = "every pay table" if self.current_table() is None else self.table_box.currentText()
            self._message(f"Press Compute to enumerate every possible hand of {game.title} and work out "
                          f"the exact odds and house edge of {which}.")

    # ------------------------------------------------------------------ computing
    def compute(self) -> bool:
        """Start the analysis on the worker thread; False (and nothing happens) while one runs."""
        game = self.game
        if self.running or game is None:
            return False
        try:
            impl = registry.get_game(game.id)
        except Exception as e:  # noqa: BLE001
            self._failed(self._job_id, f"{game.title} cannot be loaded: {e}")
            return False
        self.running = True
        self.jobs_started += 1
        self._job_id += 1
        self._job = (self._job_id, game, self.current_table())
        self._started_at = time.monotonic()
        self.compute_button.setEnabled(False)
        self.game_box.setEnabled(False)
        self.table_box.setEnabled(False)
        self.progress.setValue(0)
        self.status.setText(f"Enumerating every hand of {game.title}…")
        style.set_role(self.status, "hint")
        self._cancel = threading.Event()
        self.pool.start(AnalysisJob(self._job_id, impl, self.current_table(), self.signals, self._cancel))
        return True

    def cancel(self) -> None:
        """Stop a running analysis at its next progress report (the window is closing)."""
        cancel = getattr(self, "_cancel", None)
        if cancel is not None:
            cancel.set()

    def _progress(self, job_id: int, percent: int) -> None:
        if self.running and job_id == self._job_id:
            self.progress.setValue(max(self.progress.value(), percent))
            self.status.setText(f"Enumerating every hand… {percent}%")

    def _finish(self) -> None:
        self.running = False
        self.compute_button.setEnabled(True)
        self.game_box.setEnabled(True)
        self.table_box.setEnabled(True)

    def _done(self, job_id: int, result: object) -> None:
        if job_id != self._job_id:
            return
        _, game, table = self._job
        self._finish()
        self.progress.setValue(100)
        seconds = time.monotonic() - self._started_at
        self.results[(game.id, table)] = result
        self.show_analysis(game.id, table, result)
        self.status.setText(f"Computed exactly in {seconds:.1f} s: {total_hands(result):,} hands")
        style.set_role(self.status, "done")
        self.computed.emit(result)

    def _failed(self, job_id: int, message: str) -> None:
        if job_id != self._job_id:
            return
        self._finish()
        self.progress.setValue(0)
        self.status.setText(message)
        style.set_role(self.status, "field-error")

    def wait(self, timeout_ms: int = 60_000) -> bool:
        """Wait for a running analysis to finish its thread (tests, shutdown)."""
        return self.pool.waitForDone(timeout_ms)

    # ------------------------------------------------------------------ showing
    def _clear(self) -> None:
        self.tables = {}
        self.cards = []
        while self.body_box.count():
            item = self.body_box.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
            elif item.layout() is not None:
                _delete_layout(item.layout())

    def _message(self, text: str) -> None:
        self._clear()
        card = style.card(self.body)
        box = style.vbox(card, 24)
        msg = style.label(text, "empty", wrap=True, name="explorer-message")
        msg.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(msg)
        self.body_box.addWidget(card)
        self.body_box.addStretch(1)

    def show_analysis(self, game_id: str, table: str | None, result: dict) -> None:
        """Show an analysis (from the worker, the cache, or computed by the caller)."""
        game = next((g for g in self.games if g.id == game_id), None)
        if game is not None and self.game is not game and not self.running:
            self.game_box.blockSignals(True)
            self.game_box.setCurrentIndex(self.games.index(game))
            self.game_box.blockSignals(False)
            self.title.setText(game.title)
        self.result = result
        self.result_game = game
        self.results[(game_id, table)] = result
        if game is not None:
            seen = [b.get("table") for b in result.get("bets", []) if b.get("table")]
            self._fill_tables(game, seen)
            self.table_box.blockSignals(True)
            self.set_table(table)
            self.table_box.blockSignals(False)
        self.copy_button.setEnabled(True)
        self.progress.setValue(100)
        self.status.setText(f"Exact figures · all {total_hands(result):,} hands")
        style.set_role(self.status, "done")
        self._clear()
        total = total_hands(result)

        stats = QHBoxLayout()
        stats.setSpacing(14)
        self.stat_values = {}
        for key, caption, value, note in self._stats(result, total):
            stats.addWidget(self._stat(caption, value, key, note), 1)
        self.body_box.addLayout(stats)

        base = result.get("base_game")
        if base:
            self.body_box.addWidget(self._base_card(base, total))
        cards: list[QWidget] = [self._counts_card("Hand counts", result.get("hands", []), total,
                                                  "Every possible player hand, by category")]
        if result.get("dealer_hands"):
            cards.append(self._counts_card("Dealer's hands", result["dealer_hands"],
                                           result.get("dealer_total_hands"), "Every possible dealer hand"))
        for bet in result.get("bets", []):
            cards.append(self._bet_card(bet))
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(14)
        self.cards = cards
        self._columns = 0
        self._place_cards()
        self.body_box.addLayout(self.grid)
        notes = result.get("notes")
        if notes:
            lab = style.label("\n".join(str(n) for n in notes), "small", wrap=True, name="explorer-notes")
            self.body_box.addWidget(lab)
        self.body_box.addStretch(1)

    def columns(self) -> int:
        """Three cards side by side in a wide window, two in a narrow one."""
        width = self.scroll.viewport().width() or self.width()
        return max(1, min(COLUMNS, (width + 14) // CARD_MIN_WIDTH))

    def _place_cards(self) -> None:
        columns = self.columns()
        if columns == self._columns or not self.cards:
            return
        self._columns = columns
        for card in self.cards:
            self.grid.removeWidget(card)
        for n, card in enumerate(self.cards):
            self.grid.addWidget(card, n // columns, n % columns, Qt.AlignmentFlag.AlignTop)
        for c in range(COLUMNS):
            self.grid.setColumnStretch(c, 1 if c < columns else 0)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.cards:
            self._place_cards()

    def _stats(self, result: dict, total: int) -> list[tuple[str, str, str, str]]:
        """(key, caption, value, note) of the figures across the top."""
        out = [("hands", "Possible hands", f"{total:,}", "")]
        if isinstance(result.get("deck"), int):
            out.append(("deck", "Deck", f"{result['deck']} cards", ""))
        base = result.get("base_game")
        if base and isinstance(base.get("house_edge"), float):
            out.append(("base-edge", "Base game house edge", pct(base["house_edge"]), "per unit of ante"))
        bets = [b for b in result.get("bets", []) if isinstance(b.get("house_edge"), float)]
        if bets:
            best = min(bets, key=lambda b: b["house_edge"])
            out.append(("lowest-edge", "Lowest bet edge", pct(best["house_edge"]), bet_title(best)))
        return out

    def _stat(self, caption: str, value: str, key: str, note: str = "") -> QFrame:
        frame = style.card(self.body)
        box = style.vbox(frame, (20, 12, 20, 12), 2)
        cap = style.label(caption.upper(), "stat-label")
        cap.setToolTip(caption)
        box.addWidget(cap)
        row = QHBoxLayout()
        row.setSpacing(10)
        lab = style.label(value, "stat-value-small", name=f"stat-{key}")
        row.addWidget(lab, 0, Qt.AlignmentFlag.AlignBaseline)
        if note:
            sub = style.label(note, "small", wrap=True, name=f"stat-{key}-note")
            row.addWidget(sub, 1, Qt.AlignmentFlag.AlignBaseline)
        else:
            row.addStretch(1)
        box.addLayout(row)
        self.stat_values[key] = lab
        return frame

    def _table(self, title: str, headers: list[str], rows: list[tuple], numeric: tuple[int, ...],
               parent: QWidget):
        table = make_table(headers, parent, stretch=0, numeric=numeric)
        table.setObjectName("table-" + title.lower().replace(" · ", "-").replace(" ", "-").replace("'", ""))
        table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        table.setSelectionMode(table.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setRowCount(len(rows))
        for r, values in enumerate(rows):
            for c, value in enumerate(values):
                table.setItem(r, c, text_item(value, align_right=c in numeric))
        header_h = table.horizontalHeader().sizeHint().height()
        table.setFixedHeight(header_h + ROW_HEIGHT * len(rows) + 4)
        self.tables[title] = table
        return table

    def _card(self, title: str, subtitle: str = "") -> tuple[QFrame, QVBoxLayout]:
        card = style.card(self.body)
        card.setObjectName("card-" + title.lower().replace(" · ", "-").replace(" ", "-").replace("'", ""))
        box = style.vbox(card, (14, 12, 14, 12), 6)
        box.addWidget(_card_title(title, card))
        if subtitle:
            sub = style.label(subtitle, "small", wrap=True)
            sub.setTextFormat(Qt.TextFormat.RichText)
            box.addWidget(sub)
        return card, box

    def _counts_card(self, title: str, hands: list[dict], total: int | None, subtitle: str) -> QFrame:
        rows = hand_rows(hands, total)
        grand = total if total else sum(h.get("count", 0) for h in hands)
        card, box = self._card(title, f"{subtitle}: <b>{grand:,}</b>")
        box.addWidget(self._table(title, ["Hand", "Count", "Probability"], rows, (1, 2), card))
        return card

    def _bet_card(self, bet: dict) -> QFrame:
        title = bet_title(bet)
        edge = bet.get("house_edge")
        ev = bet.get("expected_value")
        colour = style.BAD if isinstance(edge, float) and edge > 0 else style.GOOD
        parts = []
        if isinstance(edge, float):
            parts.append(f"House edge <b style='color:{colour}'>{pct(edge)}</b>")
        if isinstance(ev, float):
            parts.append(f"EV {ev_text(ev)} per unit")
        card, box = self._card(title, " · ".join(parts))
        if bet.get("exact_expected_value"):
            card.setToolTip(f"Exact expected value per unit: {bet['exact_expected_value']}")
        box.addWidget(self._table(title, ["Hand", "Count", "Probability", "Pays"], outcome_rows(bet), (1, 2), card))
        return card

    def _base_card(self, base: dict, total: int) -> QFrame:
        """The base game under the best decision for each hand, across the screen."""
        card, box = self._card("Base game under the best decision for each hand")
        if base.get("exact_expected_value"):
            card.setToolTip(f"Exact expected value per unit of ante: {base['exact_expected_value']}")
        grid = QGridLayout()
        grid.setHorizontalSpacing(28)
        grid.setVerticalSpacing(10)
        rows = base_rows(base, total)
        strategy = [r for r in rows if r[0] == BASE_LABELS["strategy"]]
        others = [r for r in rows if r[0] != BASE_LABELS["strategy"]]
        def pair(label: str, value: str, name: str, wrap: bool = False) -> QVBoxLayout:
            cell = QVBoxLayout()
            cell.setSpacing(0)
            cell.addWidget(style.label(label, "kv-key", wrap=True, parent=card))
            v = style.label(value, "kv-value", wrap=wrap, parent=card)
            v.setObjectName(name)
            cell.addWidget(v)
            cell.addStretch(1)
            return cell

        col = 0
        if strategy:
            grid.addLayout(pair(*strategy[0], "base-strategy", wrap=True), 0, 0, 2, 1)
            grid.setColumnStretch(0, 3)
            col = 1
        per_col = 2
        for n, (label, value) in enumerate(others):
            name = "base-" + label.split(" (")[0].lower().replace(" ", "-")
            grid.addLayout(pair(label, value, name), n % per_col, col + n // per_col)
            grid.setColumnStretch(col + n // per_col, 2)
        box.addLayout(grid)
        return card

    # ------------------------------------------------------------------ actions
    def result_json(self) -> str | None:
        return json.dumps(self.result, indent=2) + "\n" if self.result is not None else None

    def copy_json(self) -> str | None:
        text = self.result_json()
        if text is None:
            return None
        QGuiApplication.clipboard().setText(text)
        if not self.running:
            self.status.setText("The figures are on the clipboard as JSON")
            style.set_role(self.status, "done")
        return text

    def focus_default(self) -> None:
        self.compute_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.back_requested.emit()
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            focused = self.focusWidget()
            if isinstance(focused, QPushButton) and focused is not self.compute_button:
                focused.click()
            else:
                self.compute()
            event.accept()
            return
        super().keyPressEvent(event)


def _delete_layout(layout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()
        elif item.layout() is not None:
            _delete_layout(item.layout())
    layout.deleteLater()
