"""The application icon: drawn from our SVG into PNGs (the window icon), an ICO and an ICNS
(read here with parsers of our own, independent of packaging/make_icons.py)."""

from __future__ import annotations

import configparser
import struct
from pathlib import Path

from PySide6.QtCore import QSize

from trainer.paths import resource

ROOT = Path(__file__).resolve().parents[2]
ICON = ROOT / "packaging" / "icon"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_ico_holds_a_png_per_size() -> None:
    data = (ICON / "dealer-trainer.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, colours, _r, planes, bits, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        w, h = w or 256, h or 256
        assert (colours, planes, bits) == (0, 1, 32)
        assert png_size(data[offset:offset + size]) == (w, h)
        sizes.append(w)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    assert offset + size == len(data)


def test_the_icns_holds_png_elements_of_the_stated_sizes() -> None:
    data = (ICON / "dealer-trainer.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    sizes = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024,
             b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}
    seen = []
    at = 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        assert png_size(data[at + 8:at + length]) == (sizes[kind], sizes[kind])
        seen.append(kind)
        at += length
    assert at == len(data) and sorted(seen) == sorted(sizes)


def test_the_window_icon_is_set(qapp) -> None:
    from trainer.ui.app import ensure_app

    app = ensure_app()
    icon = app.windowIcon()
    assert not icon.isNull()
    assert {s.width() for s in icon.availableSizes()} >= {16, 32, 48, 256}
    image = icon.pixmap(QSize(256, 256)).toImage()
    assert image.width() == 256
    felt = image.pixelColor(40, 128)  # the green felt at the left edge, between card and border
    assert felt.green() > 100 and felt.red() < 60 and felt.alpha() == 255
    assert image.pixelColor(1, 1).alpha() == 0  # outside the rounded square: transparent
    assert resource("icons", "dealer-trainer-256.png").is_file()
    assert app.desktopFileName() == "dealer-trainer"


def test_the_desktop_entry_names_the_gui_command_and_the_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "dealer-trainer.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Terminal"] == "false"
    assert d["Exec"].split()[0] == "dealer-trainer-gui"
    assert d["Icon"] == "dealer-trainer"  # the window matches it by the command's name (WM_CLASS)
