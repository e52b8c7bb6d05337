"""Asking before work under way is abandoned: a practice session, a table round, a drill.

``ask_to_leave(parent, title, text)`` is the one question all of them ask (Yes / No, No by
default); it returns True when the trainee chose to leave.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def ask_to_leave(parent: QWidget, title: str, text: str) -> bool:
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName("confirm-leave")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes
