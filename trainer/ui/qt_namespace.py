"""Qt's namespace (``Qt.AlignmentFlag``, ``Qt.Key``, ...) made when first used.

PySide6 builds every one of the namespace's 93 enums (some 25 ms) the first time
``PySide6.QtCore.Qt`` is looked up, ``from PySide6.QtCore import Qt`` included. The
modules on the way to the first window import ``Qt`` from here instead, so that the
namespace is built when a value of it is first needed, after the first paint (issue 17);
the few settings made before it (``NO_FOCUS`` and the others below) are set through Qt's
property system, by value."""

from __future__ import annotations


class _Namespace:
    def __getattr__(self, name: str):
        from PySide6.QtCore import Qt as real

        value = getattr(real, name)
        setattr(self, name, value)  # looked up once
        return value


Qt = _Namespace()

# Values of Qt's enums set before the first paint, through the widgets' properties
# (``widget.setProperty("focusPolicy", NO_FOCUS)``); tests/gui/test_startup_imports.py
# checks each against Qt's own.
NO_FOCUS = 0  # Qt.FocusPolicy.NoFocus
ALIGN_CENTER = 0x84  # Qt.AlignmentFlag.AlignCenter
WINDOW_SHORTCUT = 1  # Qt.ShortcutContext.WindowShortcut
USER_ROLE = 0x100  # Qt.ItemDataRole.UserRole
