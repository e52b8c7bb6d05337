"""Asking before work under way is abandoned: a practice session, a table round, a drill.

``ask_to_leave(parent, title, text)`` is the one question all of them ask (Yes / No, No by
default); it returns True when the trainee chose to leave. The quiz (main window), daily
practice (practice_flow), table mode (table_mode/screen.py) and the drills
(screens/*_drill.py, with ``ask_to_leave_round``) ask it on Esc and Leave.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def ask_to_leave(parent: QWidget, title: str, text: str) -> bool:
    from PySide6.QtWidgets import QMessageBox  # when asked: not on the way to the first paint (issue 17)

    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName("confirm-leave")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


def ask_to_leave_round(parent: QWidget, answered: int) -> bool:
    """A drill's round under way (``answered`` steps of it answered, each saved): leave it?"""
    steps = f"{answered} step{'s' if answered != 1 else ''}"
    return ask_to_leave(parent, "Leave this round?",
                        f"You have answered {steps} of this round. Your answers so far are saved. "
                        "Leave the drill?")
