"""The rule book: a game's sections from the school's rule texts, beside the app's own
summary of each, the rulings and the pay tables (issue 18).

Per game: the contents (sections with titles, sub-sections under them, then the rulings
and, for Pokette, the payouts file), a search across the texts, the chosen section with
its sub-sections (tables in the text drawn as tables) and, beside it, the rulings that
cite it and the game's pay tables (from the game's data) that cite it. Without the
school's texts the contents are the app's index with its summaries, and the screen says
how to load the texts (Rules folder…, ``--rules FOLDER``).

``trainer.ui.rulebook_install.install(window)`` wires it into the main window: every
citation link (``trainer.ui.citation_links``) opens it at its section, Ctrl+R (listed by
Help > Keyboard shortcuts) opens the first citation on the screen in front, and the
folder chosen is remembered in the window's settings.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from trainer.games import registry
from trainer.rulebook.citations import PAYOUTS, RULINGS, Reference, parse_target, references
from trainer.rulebook.library import (
    current_library,
    game_index,
    index_entry,
    rules_texts_folder,
    use_rules_texts,
)
from trainer.rulebook.texts import Section, table_rows
from trainer.ui import style
from trainer.ui.citation_links import link_html
from trainer.ui.keys import EscapeGoesBack

ROLE = Qt.ItemDataRole.UserRole


def _overlaps(a: str, b: str) -> bool:
    """One section is the other or holds it: 11(a) and 11(a)(2)."""
    return a == b or a.startswith(b + "(") or b.startswith(a + "(")


def _table_html(rows: list[list[str]]) -> str:
    if not rows:
        return ""
    head, *body = rows
    cells = "".join(f"<th style='padding:3px 10px; text-align:left'>{html.escape(c)}</th>" for c in head)
    out = [f"<table border='1' cellspacing='0' style='border-collapse:collapse; margin:6px 0'><tr>{cells}</tr>"]
    for r in body:
        out.append("<tr>" + "".join(f"<td style='padding:3px 10px'>{html.escape(c)}</td>" for c in r) + "</tr>")
    return "".join(out) + "</table>"


def text_html(text: str) -> str:
    """A section's own text: paragraphs, and its tables (markdown rows or tab-separated
    lines) drawn as tables."""
    out: list[str] = []
    table: list[list[str]] = []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                table.append(cells)
            continue
        if "\t" in line:
            table.append([c.strip() for c in line.split("\t")])
            continue
        if table:
            out.append(_table_html(table))
            table = []
        if line.strip():
            out.append(f"<p style='margin:2px 0'>{html.escape(line)}</p>")
    return "".join(out)


def section_html(sec: Section, depth: int = 0) -> str:
    head = html.escape(f"{sec.label} {sec.title}".strip())
    body = text_html(sec.text)
    out = [f"<div style='margin-left:{depth * 18}px; margin-top:4px'><b>{head}</b>{body}"]
    for c in sec.children:
        out.append(section_html(c, depth + 1))
    out.append("</div>")
    return "".join(out)


class RulebookScreen(EscapeGoesBack, QWidget):
    back_requested = Signal()
    folder_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulebook-screen")
        self.game_id = registry.catalogue()[0].id
        self.current: Reference | None = None
        root = style.vbox(self, (24, 18, 24, 18))
        head = QHBoxLayout()
        title = style.label("Rule book", "h1")
        head.addWidget(title)
        head.addStretch(1)
        self.game_box = QComboBox(self)
        self.game_box.setObjectName("rulebook-game")
        for e in registry.catalogue():
            if registry.is_available(e.id):
                self.game_box.addItem(e.title, e.id)
        self.game_box.currentIndexChanged.connect(lambda _i: self.show_game(self.game_box.currentData()))
        head.addWidget(self.game_box)
        self.search = QLineEdit(self)
        self.search.setObjectName("rulebook-search")
        self.search.setPlaceholderText("Search the rules…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.apply_search)
        head.addWidget(self.search)
        self.folder_button = style.button("Rules f&older…", self, name="rulebook-folder", on_click=self.choose_folder)
        head.addWidget(self.folder_button)
        self.back_button = style.button("&Back", self, name="rulebook-back", on_click=self.back_requested)
        head.addWidget(self.back_button)
        root.addLayout(head)
        self.status = style.label("", "muted", wrap=True, name="rulebook-status")
        root.addWidget(self.status)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        self.contents = QTreeWidget(split)
        self.contents.setObjectName("rulebook-contents")
        self.contents.setHeaderHidden(True)
        self.contents.currentItemChanged.connect(self._item_chosen)
        self.text = QTextBrowser(split)
        self.text.setObjectName("rulebook-text")
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: self.show_target(url.toString()))
        self.side = QTextBrowser(split)
        self.side.setObjectName("rulebook-side")
        self.side.setOpenLinks(False)
        self.side.anchorClicked.connect(lambda url: self.show_target(url.toString()))
        split.setSizes([300, 620, 340])
        root.addWidget(split, 1)
        self.hint = style.label("Ctrl+R opens the rule a screen cites · Esc or Alt+B goes back", "hint")
        root.addWidget(self.hint)
        self.show_game(self.game_id)

    # ------------------------------------------------------------- contents
    def library(self):
        return current_library()

    def show_game(self, game_id: str) -> None:
        if game_id is None:
            return
        self.game_id = game_id
        i = self.game_box.findData(game_id)
        if i >= 0 and i != self.game_box.currentIndex():
            self.game_box.blockSignals(True)
            self.game_box.setCurrentIndex(i)
            self.game_box.blockSignals(False)
        lib = self.library()
        text = lib.texts.get(game_id)
        if text is None:
            folder = rules_texts_folder()
            where = f"{folder} does not hold them" if folder is not None else "no rules folder is set"
            self.status.setText(f"The school's rule texts are not loaded ({where}): the app's summaries are shown. "
                                "Choose Rules folder… (or start with --rules FOLDER) to read the official text.")
        else:
            self.status.setText(f"From {text.name} in {lib.folder}.")
        self.contents.blockSignals(True)
        self.contents.clear()
        title = registry.title_of(game_id)
        if text is not None:
            for sec in text.top:
                self.contents.addTopLevelItem(self._tree_item(game_id, sec))
        else:
            for e in game_index(game_id):
                item = QTreeWidgetItem([f"§{e.id}  {e.title}"])
                item.setData(0, ROLE, Reference(game_id, e.id).target)
                self.contents.addTopLevelItem(item)
        if lib.rulings is not None:
            group = QTreeWidgetItem(["Rulings (RULINGS.md)"])
            for sec in lib.rulings.top:
                if sec.group in (title, "All games", "All games, continued"):
                    item = QTreeWidgetItem([f"trainer ruling {sec.id}  ({sec.group})"])
                    item.setData(0, ROLE, Reference(RULINGS, sec.id).target)
                    group.addChild(item)
            self.contents.addTopLevelItem(group)
        if game_id == "pokette" and lib.payouts is not None:
            group = QTreeWidgetItem(["Payouts and layout (pokette-payouts.md)"])
            for sec in lib.payouts.top:
                name = "Payout odds table" if sec.id == "table" else f"{sec.id}"
                item = QTreeWidgetItem([name])
                item.setData(0, ROLE, Reference(PAYOUTS, sec.id).target)
                group.addChild(item)
            self.contents.addTopLevelItem(group)
        self.contents.blockSignals(False)
        self.apply_search(self.search.text())
        first = self.contents.topLevelItem(0)
        if first is not None and (self.current is None or self.current.book != game_id):
            self.show_target(first.data(0, ROLE))

    def _tree_item(self, game_id: str, sec: Section) -> QTreeWidgetItem:
        entry = index_entry(game_id, sec.id)
        name = sec.title or (entry.title if entry is not None and entry.id == sec.id else "")
        if not name:
            first = sec.text.split("\n", 1)[0]
            name = first[:60] + ("…" if len(first) > 60 else "")
        item = QTreeWidgetItem([f"§{sec.id}  {name}"])
        item.setData(0, ROLE, Reference(game_id, sec.id).target)
        for c in sec.children:
            item.addChild(self._tree_item(game_id, c))
        return item

    def _items(self):
        stack = [self.contents.topLevelItem(i) for i in range(self.contents.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            yield item
            stack[0:0] = [item.child(i) for i in range(item.childCount())]

    def _item_chosen(self, item, _previous=None) -> None:
        if item is not None and item.data(0, ROLE):
            self.show_target(item.data(0, ROLE), select=False)

    def apply_search(self, words: str) -> None:
        """Show only the sections (and rulings) whose text holds every word, with their
        parents; all of them when the search is empty."""
        lib = self.library()
        terms = [w for w in words.lower().split() if w]
        for item in self._items():
            item.setHidden(False)
        if not terms:
            return
        hits: set[str] = set()
        for book in (lib.texts.get(self.game_id), lib.rulings, lib.payouts if self.game_id == "pokette" else None):
            if book is None:
                continue
            key = {id(lib.rulings): RULINGS, id(lib.payouts): PAYOUTS}.get(id(book), self.game_id)
            for s in book.search(words):
                hits.add(Reference(key, s.id).target)
        for e in game_index(self.game_id):
            if all(t in f"{e.title} {e.summary}".lower() for t in terms):
                hits.add(Reference(self.game_id, e.id).target)
        for item in reversed(list(self._items())):
            shown = item.data(0, ROLE) in hits or any(not item.child(i).isHidden() for i in range(item.childCount()))
            item.setHidden(not shown)
            if shown and terms:
                item.setExpanded(True)

    # ------------------------------------------------------------- a section
    def show_citation(self, citation: str, game_id: str | None = None) -> None:
        refs = references(citation, game_id or self.game_id)
        if refs:
            self.show_target(refs[0].target)

    def show_target(self, target: str, *, select: bool = True) -> None:
        """Open ``rule:<book>/<section>`` (a game, rulings or pokette-payouts)."""
        parsed = parse_target(target or "")
        if parsed is None:
            return
        book, sec_id = parsed
        game = "pokette" if book == PAYOUTS else book
        if book != RULINGS and game != self.game_id and registry.is_available(game):
            self.show_game(game)
        ref = Reference(book, sec_id)
        self.current = ref
        self.text.setHtml(self._main_html(ref))
        self.side.setHtml(self._side_html(ref))
        if select:
            lib = self.library()
            found = lib.nearest(ref) if lib.book(book) is not None else None
            want = Reference(book, found.id).target if found is not None else ref.target
            for item in self._items():
                if item.data(0, ROLE) == want:
                    self.contents.blockSignals(True)
                    self.contents.setCurrentItem(item)
                    self.contents.scrollToItem(item)
                    self.contents.blockSignals(False)
                    break

    def current_title(self) -> str:
        ref = self.current
        if ref is None:
            return ""
        if ref.book == RULINGS:
            return f"trainer ruling {ref.section}"
        if ref.book == PAYOUTS:
            return "pokette-payouts.md" + ("" if ref.section == "table" else f" {ref.section}")
        return f"{registry.title_of(ref.book)} §{ref.section}"

    def _main_html(self, ref: Reference) -> str:
        lib = self.library()
        out = [f"<h2 style='margin:0 0 6px 0'>{html.escape(self.current_title())}</h2>"]
        if ref.book not in (RULINGS, PAYOUTS):
            entry = index_entry(ref.book, ref.section)
            if entry is not None:
                which = "" if entry.id == ref.section else f" (§{html.escape(entry.id)})"
                out.append(f"<p style='background:#eef3ea; padding:6px'><b>In short{which}: "
                           f"{html.escape(entry.title)}.</b> {link_html(entry.summary, ref.book, plain=True)}</p>")
        book = lib.book(ref.book)
        if book is None:
            out.append("<p><i>The official text is not loaded. Choose Rules folder… to read it.</i></p>")
            return "".join(out)
        sec = book.get(ref.section)
        if sec is None:
            near = lib.nearest(ref)
            out.append(f"<p><i>§{html.escape(ref.section)} is not in {html.escape(book.name)}"
                       + ("; the nearest section is shown.</i></p>" if near is not None else ".</i></p>"))
            sec = near
        if sec is None:
            return "".join(out)
        if ref.book == PAYOUTS and sec.id == "table":
            out.append(_table_html(table_rows(sec)))
        elif ref.book in (RULINGS, PAYOUTS):
            out.append(f"<p><i>{html.escape(sec.group)}</i></p>" if sec.group else "")
            out.append(link_html(text_html(sec.text), "pokette" if ref.book == PAYOUTS else None))
        else:
            out.append(section_html(sec))
        return "".join(out)

    def _side_html(self, ref: Reference) -> str:
        """The rulings that cite this section, and the game's pay tables that cite it."""
        lib = self.library()
        out = []
        if ref.book not in (RULINGS, PAYOUTS):
            cited = []
            title = registry.title_of(ref.book)
            if lib.rulings is not None:
                for s in lib.rulings.top:
                    if s.group not in (title, "All games", "All games, continued"):
                        continue
                    mentions = [r for r in references(s.text, ref.book) if r.book == ref.book]
                    if any(_overlaps(m.section, ref.section) or (m.also and _overlaps(m.also, ref.section))
                           for m in mentions):
                        cited.append(s)
            if cited:
                out.append("<h3>Rulings on this section</h3>")
                for s in cited:
                    out.append(f"<p><a href='{Reference(RULINGS, s.id).target}'><b>trainer ruling {s.id}</b></a> "
                               f"{html.escape(s.text[:220])}{'…' if len(s.text) > 220 else ''}</p>")
            out.extend(self._pay_tables(ref))
        return "".join(out) or "<p style='color:#666'>No ruling or pay table cites this section.</p>"

    def _pay_tables(self, ref: Reference) -> list[str]:
        try:
            data = registry.get_game(ref.book).data()
        except Exception:  # a game without packaged data: no tables to show
            return []
        out = []
        for table in data.pay_tables.values():
            cites = [r.section for r in references(table.citation, ref.book)]
            if not any(c == ref.section or c.startswith(ref.section + "(") or ref.section.startswith(c + "(")
                       for c in cites):
                continue
            rows = [["Hand", "Pays"]] + [[row.label, str(row.odds)] for row in table.rows]
            out.append(f"<h3>{html.escape(table.title)}</h3>{_table_html(rows)}"
                       f"<p style='color:#666'>{link_html(table.citation, ref.book, plain=True)}</p>")
        return out

    # ------------------------------------------------------------- folder
    def choose_folder(self) -> None:
        start = str(rules_texts_folder() or Path.home())
        folder = QFileDialog.getExistingDirectory(self, "The school's rule texts", start)
        if folder:
            self.set_folder(folder)

    def set_folder(self, folder: str | Path | None) -> None:
        use_rules_texts(Path(folder) if folder else None)
        self.current = None
        self.show_game(self.game_id)
        if folder:
            self.folder_chosen.emit(str(folder))

    def focus_default(self) -> None:
        self.contents.setFocus()

    def shortcuts(self) -> list[tuple[str, str]]:
        return [("Ctrl+R", "open the rule the screen in front cites"), ("Esc", "back"),
                ("Alt+O", "choose the folder of the school's rule texts")]
