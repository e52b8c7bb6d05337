"""Every citation on screen is a link that opens the rule book at its section.

``link_html(html)`` turns the citations in a piece of rich text into links
(``rule:four-card/11(a)(2)``, ``rule:rulings/25``, ``rule:pokette-payouts/P6``);
``attach(label)`` makes a label's links open the rule book: the label's
``linkActivated`` goes to ``links()``, one object whose ``open_requested(target)`` the
main window connects to its rule book. A screen's edit is one call each:
``label.setText(link_html(text, game_id)); attach(label)``. ``first_target(widget)`` is
the first citation shown inside a widget (the rule book key opens it).
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from trainer.rulebook.citations import PAYOUTS, RULINGS, find_references

LINK_PROPERTY = "rule-links"
_TAG = re.compile(r"(<[^>]+>)")
_HREF = re.compile(r"href=['\"](rule:[^'\"]+)['\"]")


class RuleLinks(QObject):
    open_requested = Signal(str)  # a target: "rule:four-card/11(a)(2)"

    def open(self, target: str) -> None:
        if target.startswith("rule:"):
            self.open_requested.emit(target)


_links: RuleLinks | None = None


def links() -> RuleLinks:
    global _links
    if _links is None:
        _links = RuleLinks()
    return _links


def link_html(text: str, game_id: str | None = None, *, plain: bool = False) -> str:
    """``text`` (rich text, or plain text with ``plain``) with every citation a link. A §
    without a game's title belongs to the last title before it, else to ``game_id``."""
    if plain:
        text = html.escape(text, quote=False)
    out: list[str] = []
    book = game_id
    in_link = False
    for piece in _TAG.split(text):
        if not piece:
            continue
        if piece.startswith("<"):
            low = piece.lower()
            if low.startswith("<a "):
                in_link = True
            elif low.startswith("</a"):
                in_link = False
            out.append(piece)
            continue
        if in_link:
            out.append(piece)
            continue
        raw = html.unescape(piece)
        pos = 0
        for start, end, ref in find_references(raw, book):
            if ref.book not in (RULINGS, PAYOUTS):
                book = ref.book
            out.append(html.escape(raw[pos:start], quote=False))
            out.append(f"<a href=\"{html.escape(ref.target)}\">{html.escape(raw[start:end], quote=False)}</a>")
            pos = end
        out.append(html.escape(raw[pos:], quote=False))
    return "".join(out)


def attach(label: QLabel) -> QLabel:
    """The label's citation links open the rule book (mouse and keyboard)."""
    if label.property(LINK_PROPERTY):
        return label
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(label.textInteractionFlags() | Qt.TextInteractionFlag.LinksAccessibleByMouse
                                  | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
    label.linkActivated.connect(lambda target, lab=label: open_from(lab, target))
    label.setProperty(LINK_PROPERTY, True)
    return label


def open_from(widget: QWidget, target: str) -> None:
    """Open ``target`` in the rule book of the widget's main window (``open_rulebook``,
    see ``trainer.ui.rulebook_install``), else tell whoever listens to ``links()``."""
    window = widget.window()
    opener = getattr(window, "open_rulebook", None)
    if callable(opener) and target.startswith("rule:"):
        opener(target)
    else:
        links().open(target)


def targets(text: str) -> list[str]:
    return [html.unescape(t) for t in _HREF.findall(text)]


def first_target(widget: QWidget | None) -> str | None:
    """The first citation link shown in ``widget`` (a visible label made with ``attach``)."""
    if widget is None:
        return None
    labels = [w for w in widget.findChildren(QLabel) if w.property(LINK_PROPERTY) and w.isVisibleTo(widget)]
    for label in labels:
        found = targets(label.text())
        if found:
            return found[0]
    return None
