"""Before Qt opens a window on Linux under X11: are the system libraries that Qt's xcb
platform plugin loads installed?

Without them Qt aborts with "Could not load the Qt platform plugin "xcb" ... even though it
was found" (and names only libxcb-cursor0, whichever library is really missing). This
module checks first and says which Debian/Ubuntu packages to install. It imports no Qt.

``python -m trainer.display_check`` prints the missing packages, one per line (used by
``make test-display`` to install them)."""

from __future__ import annotations

import os
import sys
from typing import Mapping

# The shared libraries libqxcb.so and libQt6XcbQpa.so.6 link (Qt 6.5+), with the Debian
# package of each. Core X libraries (libX11, libxcb) come with any X desktop.
XCB_LIBRARIES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11-xcb.so.1": "libx11-xcb1",
}


def uses_xcb(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Will Qt pick the xcb platform? On Linux: when asked for it, or when nothing is asked
    and an X display (and no Wayland session) is there."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return False
    asked = environ.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(":")[0].split(";")[0] == "xcb"
    return bool(environ.get("DISPLAY")) and not environ.get("WAYLAND_DISPLAY")


def _loads(soname: str) -> bool:
    import ctypes  # only where xcb is used: not imported on the way to every window

    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing_packages(loads=None) -> list[str]:
    """The Debian packages of the xcb libraries that cannot be loaded, in a stable order."""
    loads = _loads if loads is None else loads
    return sorted({package for soname, package in XCB_LIBRARIES.items() if not loads(soname)})


def problem(environ: Mapping[str, str] | None = None, platform: str | None = None, loads=None) -> str | None:
    """One clear message when a window cannot be opened, else None."""
    if not uses_xcb(environ, platform):
        return None
    missing = missing_packages(loads)
    if not missing:
        return None
    return ("Dealer Trainer cannot open a window: Qt needs system libraries that are not installed "
            f"({', '.join(missing)}). Install them, e.g. on Debian or Ubuntu: "
            f"sudo apt-get install {' '.join(missing)}")


def main() -> int:
    for package in missing_packages():
        print(package)
    return 0


if __name__ == "__main__":
    sys.exit(main())
