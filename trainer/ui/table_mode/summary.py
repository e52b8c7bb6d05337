"""Table mode: the page at the end of a round. The round's figures as stored
(``RoundRecord``: procedure and payout errors, chips, catches, misses and false alarms,
the time against the level's target), the round's outcome as the game tells it, and
every mistake with the rule it cites."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QWidget

from trainer.training.table_mode.actions import MISTAKE_TITLES
from trainer.contracts.round_record import WATCH_MODE, RoundRecord
from trainer.ui import style
from trainer.ui.citation_links import attach, link_html
from trainer.ui.screens.quiz_screen import citations_html

CALL_TITLES = {"false-call": "False alarm", "missed-call": "Mistake let pass"}


def _row(label: str, value: str, colour: str | None = None) -> str:
    colour_attr = f" color:{colour};" if colour else ""
    return (f"<tr><td style='padding:2px 18px 2px 0; color:{style.MUTED}'>{escape(label)}</td>"
            f"<td style='padding:2px 0;{colour_attr}'><b>{value}</b></td></tr>")


def _count(n: int) -> tuple[str, str | None]:
    return str(n), (style.BAD if n else style.GOOD)


def figures_html(record: RoundRecord, hints: int = 0) -> str:
    rows = [_row("Dealer actions", str(record.actions))]
    if record.mode == WATCH_MODE:
        rows.append(_row("Mistakes the dealer made", str(record.mistakes_made)))
        rows.append(_row("Caught", f"{record.caught} of {record.mistakes_made}",
                         style.GOOD if record.caught == record.mistakes_made else None))
        rows.append(_row("Missed", *_count(record.missed_calls)))
        rows.append(_row("False alarms", *_count(record.false_calls)))
        if record.caught:
            rows.append(_row("Rule named", f"{record.rule_named} of {record.caught}"))
            rows.append(_row("Remedy named", f"{record.remedy_named} of {record.caught}"))
    else:
        rows.append(_row("Procedure errors", *_count(record.procedure_errors)))
        rows.append(_row("Payout errors", *_count(record.payout_errors)))
        rows.append(_row("Payouts in more chips than needed", *_count(record.extra_chip_payouts)))
        if hints:
            rows.append(_row("Hints asked", str(hints)))
    total = record.total_ms
    if record.target_ms:
        on_time = record.on_time
        rows.append(_row("Time", f"{style.format_ms(total)} {'✓ on time' if on_time else '✗ over the target'}",
                         style.GOOD if on_time else style.BAD))
        rows.append(_row("Target", style.format_ms(record.target_ms)))
    elif record.mode == WATCH_MODE:
        rows.append(_row("Time", style.format_ms(total)))
    else:
        rows.append(_row("Time", f"{style.format_ms(total)} (untimed level)"))
    if record.action_ms:
        rows.append(_row("Per action", style.format_ms(total / len(record.action_ms))))
    return f"<table cellspacing='0' cellpadding='0'>{''.join(rows)}</table>"


def verdict_text(record: RoundRecord) -> tuple[str, bool]:
    if not record.completed:
        return "Round left part-way", False
    if record.clean:
        return "Clean round ✓", True
    n = record.errors
    return f"{n} error{'s' if n != 1 else ''} this round", False


def mistakes_html(record: RoundRecord) -> str:
    if not record.mistakes:
        return f"<p style='margin:0; color:{style.GOOD}'>No mistakes.</p>"
    items = []
    for m in record.mistakes:
        kind = m.get("kind", "")
        title = MISTAKE_TITLES.get(kind) or CALL_TITLES.get(kind) or kind
        parts = [f"<b>{escape(title)}</b>"]
        if m.get("attempted") and kind not in CALL_TITLES:
            parts.append(f"<span style='color:{style.MUTED}'>You: {escape(str(m['attempted']))}</span>")
        parts.append(escape(str(m.get("explanation", ""))))
        cites = [c for c in m.get("citations", []) if c]
        if cites:
            parts.append(f"<span style='color:{style.MUTED}'>Rule:</span> {link_html(citations_html(cites))}")
        items.append("<p style='margin:0 0 10px 0'>" + "<br>".join(parts) + "</p>")
    return "".join(items)


def summary_lines_html(lines) -> str:
    return "".join(f"<p style='margin:0 0 4px 0'>{escape(line)}</p>" for line in lines)


def watch_list_html(watch_round) -> str:
    """Each mistake the dealer made, caught or let pass, with its rule and remedy."""
    out = []
    for i, shown in enumerate(watch_round.shown):
        m = shown.mistake
        if m is None:
            continue
        caught = i in watch_round.stopped
        mark = (f"<span style='color:{style.GOOD}'>✓ caught</span>" if caught
                else f"<span style='color:{style.BAD}'>✗ let pass</span>")
        out.append(f"<p style='margin:0 0 10px 0'>{mark} — <b>{escape(m.performed.text)}</b><br>"
                   f"{escape(m.rule)} ({escape(m.rule_citation)})<br>"
                   f"<span style='color:{style.MUTED}'>Remedy:</span> {escape(m.remedy)}"
                   f"{' (' + escape(m.remedy_citation) + ')' if m.remedy_citation else ''}</p>")
    return "".join(out)


class SummaryPanel(QWidget):
    next_requested = Signal()
    leave_requested = Signal()
    setup_requested = Signal()  # another mode, level or house option

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = style.vbox(self, 0, 10)
        self.title = style.label("", "banner-title-good", wrap=True, name="summary-title")
        box.addWidget(self.title)
        self.figures = style.label("", "explanation", wrap=True, name="summary-figures")
        self.figures.setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.figures)
        buttons = QHBoxLayout()
        buttons.setSpacing(10)
        self.next_button = style.button("Next round  (Enter)", self, name="next-round", role="primary", height=42,
                                        on_click=self.next_requested, focus=False)
        buttons.addWidget(self.next_button, 1)
        self.leave_button = style.button("Leave  (Esc)", self, name="leave-round", height=42,
                                         on_click=self.leave_requested, focus=False)
        buttons.addWidget(self.leave_button)
        box.addLayout(buttons)
        self.setup_button = style.button("Change the mode, level or house options", self, name="change-setup",
                                         role="flat", on_click=self.setup_requested, focus=False)
        box.addWidget(self.setup_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.round_title = style.label("THE ROUND", "stat-label")
        box.addWidget(self.round_title)
        self.round_lines = style.label("", "citations", wrap=True, name="summary-round")
        self.round_lines.setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.round_lines)
        self.watch_title = style.label("THE DEALER'S MISTAKES", "stat-label")
        box.addWidget(self.watch_title)
        self.watch_list = style.label("", "explanation", wrap=True, name="summary-watch")
        self.watch_list.setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.watch_list)
        box.addWidget(style.label("YOUR MISTAKES", "stat-label"))
        self.mistakes = style.label("", "explanation", wrap=True, name="summary-mistakes")
        self.mistakes.setTextFormat(Qt.TextFormat.RichText)
        self.mistakes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        attach(self.mistakes)  # each citation opens the rule book at its section
        box.addWidget(self.mistakes)

    def show_round(self, record: RoundRecord, summary_lines=(), *, watch_round=None, hints: int = 0) -> None:
        text, good = verdict_text(record)
        self.title.setText(text)
        style.set_role(self.title, "banner-title-good" if good else "banner-title-bad")
        self.figures.setText(figures_html(record, hints))
        self.round_lines.setText(summary_lines_html(summary_lines))
        for w in (self.round_title, self.round_lines):
            w.setVisible(bool(summary_lines))
        watch = watch_round is not None and any(s.mistake is not None for s in watch_round.shown)
        self.watch_list.setText(watch_list_html(watch_round) if watch else "")
        for w in (self.watch_title, self.watch_list):
            w.setVisible(watch)
        self.mistakes.setText(mistakes_html(record))


__all__ = ["SummaryPanel", "figures_html", "mistakes_html", "verdict_text"]
