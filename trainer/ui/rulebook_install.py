"""The rule book in the main window (issue 18), wired without loading it (issue 17).

``install(window)`` gives the window ``rulebook()`` (the screen, made when first opened),
``open_rulebook(target=None)`` and ``rulebook_action``: Ctrl+R, a window key listed by
Help > Keyboard shortcuts, opens the first citation on the screen in front. Every
citation link (``trainer.ui.citation_links``) opens the rule book at its section through
``open_rulebook``. The screen (trainer.ui.screens.rulebook_screen), the rule texts and
the games' data are imported when the rule book first opens, so that the window's first
paint never waits for them. The folder of the school's rule texts chosen on the screen is
remembered in the window's settings and put in use when the rule book first opens, unless
the command line or the station's settings named one.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence

from trainer.ui.qt_namespace import WINDOW_SHORTCUT

RULEBOOK_KEYS = ("Ctrl+R",)
FOLDER_KEY = "rulebook/folder"  # QSettings: the school's rule texts


def install(window) -> None:
    """Wire the rule book into the main window (see the module doc)."""
    window._rulebook_screen = None
    window._rulebook_return = None

    def use_saved_folder() -> None:
        from trainer.rulebook.library import rules_texts_folder, use_rules_texts

        settings = getattr(window, "settings", None)
        if rules_texts_folder() is None and settings is not None:
            saved = settings.value(FOLDER_KEY)
            if isinstance(saved, str) and saved and Path(saved).is_dir():
                use_rules_texts(Path(saved))

    def rulebook():
        if window._rulebook_screen is None:
            from trainer.ui.screens.rulebook_screen import RulebookScreen

            use_saved_folder()
            screen = RulebookScreen()
            window.stack.addWidget(screen)
            screen.back_requested.connect(back)
            screen.folder_chosen.connect(remember)
            window._rulebook_screen = screen
        return window._rulebook_screen

    def remember(folder: str) -> None:
        if window.settings is not None:
            window.settings.setValue(FOLDER_KEY, folder)

    def back() -> None:
        target = window._rulebook_return
        window._rulebook_return = None
        if target is not None and window.stack.indexOf(target) >= 0:
            window.show_screen(target)

    def open_rulebook(target: str | None = None):
        from trainer.games import registry
        from trainer.ui.citation_links import first_target

        current = window.current_screen()
        exams = getattr(window, "_exams", None)
        if exams is not None and current is getattr(exams, "taking", None):
            # in an exam the rules are not open: citations are shown only after submit
            window.statusBar().showMessage("The rule book opens once the exam is submitted.", 8000)
            return None
        screen = rulebook()
        if current is not screen:
            window._rulebook_return = current
            if target is None:
                target = first_target(current)
        if target is None:
            game = getattr(current, "game_id", None)
            if isinstance(game, str) and registry.is_available(game):
                screen.show_game(game)
        else:
            screen.show_target(target)
        window.show_screen(screen)
        return screen

    window.open_rulebook = open_rulebook
    window.rulebook = rulebook
    action = QAction("&Rule book", window)
    action.setObjectName("menu-rulebook")
    action.setShortcuts([QKeySequence(k) for k in RULEBOOK_KEYS])
    action.setProperty("shortcutContext", WINDOW_SHORTCUT)  # by value: qt_namespace
    action.triggered.connect(lambda: open_rulebook())
    window.addAction(action)  # a window key, listed by Help > Keyboard shortcuts (its name starts "menu-")
    window.rulebook_action = action
