"""Pay cards: beside a question in learn and practice modes, and beside a table-mode
round at the learn and practice levels, the pay tables and house options in force for
it (issue 18). Ctrl+P shows or hides the panel; it is never shown in an exam or in speed
mode (nor at table mode's guided and table-ready levels).

"In force": a house option the question names in its detail (``aces_up_table: "III"``)
takes that value, any other its house default; the pay tables are those the options
select and the game's fixed tables, the ones the question cites first (a table cites its
section: "Two Card Joker Poker §11(d)").
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QBoxLayout, QFrame, QLabel, QWidget

from trainer.games import registry
from trainer.rulebook.citations import references
from trainer.ui import style
from trainer.ui.citation_links import attach, link_html

PAY_CARDS_KEYS = ("Ctrl+P",)
SHOWN_IN = ("practice", "learn")


def game_data(game_id: str):
    if not registry.is_available(game_id):
        return None
    try:
        return registry.get_game(game_id).data()
    except (ModuleNotFoundError, AttributeError):
        return None


def _overlaps(a: str, b: str) -> bool:
    return a == b or a.startswith(b + "(") or b.startswith(a + "(")


def _for_players(table_id: str, players: int, all_ids) -> bool:
    m = re.fullmatch(r"(.+)_(\d+)", table_id)
    if m is None or f"{m.group(1)}_{players}" not in all_ids:
        return True
    return int(m.group(2)) == players


def in_force(question) -> tuple[list[tuple[str, str]], list]:
    """(house option lines, pay tables) in force for ``question``, the tables it cites first."""
    data = game_data(question.game_id)
    if data is None:
        return [], []
    detail = question.detail or {}
    options, selected, chooser = [], set(), set()
    for key, opt in data.house_options.items():
        value = str(detail.get(key, opt.default))
        if value not in opt.choices:
            value = opt.default
        what = opt.choices.get(value, value)
        options.append((opt.title, f"{value}" + ("" if key in detail else " (house default)")))
        for choice_value in opt.choices.values():
            if choice_value in data.pay_tables:
                chooser.add(choice_value)
        if what in data.pay_tables:
            selected.add(what)
    tables = [t for tid, t in data.pay_tables.items() if tid in selected or tid not in chooser]
    players = detail.get("players")
    if isinstance(players, int):  # a table per number of players (Cover All): the one for this table
        tables = [t for t in tables if _for_players(t.id, players, data.pay_tables)]
    cited = [r.section for c in question.citations for r in references(c, question.game_id)]

    def cites_it(t) -> bool:
        return any(_overlaps(r.section, c) for r in references(t.citation, question.game_id) for c in cited)

    tables.sort(key=lambda t: not cites_it(t))
    return options, tables


def pay_cards_html(question) -> str:
    options, tables = in_force(question)
    out = []
    for t in tables:
        rows = "".join(f"<tr><td style='padding:1px 8px 1px 0'>{html.escape(r.label)}</td>"
                       f"<td style='padding:1px 0' align='right'><b>{html.escape(str(r.odds))}</b></td></tr>"
                       for r in t.rows)
        out.append(f"<p style='margin:8px 0 2px 0'><b>{html.escape(t.title)}</b></p>"
                   f"<table cellspacing='0' cellpadding='0'>{rows}</table>"
                   f"<p style='margin:0; color:{style.MUTED}'>"
                   f"{link_html(t.citation, question.game_id, plain=True)}</p>")
    if options:
        out.append("<p style='margin:10px 0 2px 0'><b>House options</b></p>" + "<br>".join(
            f"{html.escape(title)}: {html.escape(value)}" for title, value in options))
    return "".join(out) or f"<p style='color:{style.MUTED}'>No pay table for this game.</p>"


class PayCardsPanel(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pay-cards")
        self.setProperty("role", "card")
        self.setMaximumHeight(260)  # at the foot of the answer panel: its own scroll, never its width
        box = style.vbox(self, (12, 10, 12, 10))
        box.addWidget(style.label("PAY CARDS · Ctrl+P", "stat-label"))
        scroll = style.scroll_area(self, sideways=True)
        self.text = QLabel("", scroll)
        self.text.setObjectName("pay-cards-text")
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        attach(self.text)
        scroll.setWidget(self.text)
        box.addWidget(scroll, 1)
        self.wanted = True  # the trainee's choice (Ctrl+P), kept from question to question
        self.allowed = False
        self.hide()

    def show_question(self, question, allowed: bool) -> None:
        """The cards for ``question``; shown only where ``allowed`` (learn, practice)."""
        self.allowed = allowed
        if allowed:
            self.text.setText(pay_cards_html(question))
        self.setVisible(allowed and self.wanted)

    def toggle(self) -> None:
        if not self.allowed:
            return
        self.wanted = not self.wanted
        self.setVisible(self.wanted)


def install(screen: QWidget, layout: QBoxLayout, index: int, kind: type[PayCardsPanel] = PayCardsPanel):
    """A panel (of ``kind``) put in ``layout`` at ``index``, and its key on ``screen``."""
    panel = kind(screen)
    layout.insertWidget(index, panel, 0)
    for key in PAY_CARDS_KEYS:
        shortcut = QShortcut(QKeySequence(key), screen)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(panel.toggle)
    return panel


def allowed_for(screen) -> bool:
    """Learn and practice modes; never an exam (its session's mode) or speed mode."""
    return getattr(screen, "mode", None) in SHOWN_IN and getattr(screen.session, "mode", None) != "exam"


ROUND_LEVELS = ("learn", "practice")  # table mode's levels that show the cards


def round_html(game_id: str, options: dict) -> str:
    """The pay cards of a table-mode round: its house options as set, the tables they select."""
    from types import SimpleNamespace

    return pay_cards_html(SimpleNamespace(game_id=game_id, detail=dict(options), citations=()))


class RoundPayCards(PayCardsPanel):
    """The pay cards beside a table-mode round, at the learn and practice levels."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(160)

    def show_round(self, game_id: str, options: dict, level_id: str) -> None:
        self.allowed = level_id in ROUND_LEVELS
        if self.allowed:
            self.text.setText(round_html(game_id, options))
        self.setVisible(self.allowed and self.wanted)


def install_round(screen: QWidget, layout: QBoxLayout, index: int) -> RoundPayCards:
    return install(screen, layout, index, RoundPayCards)
