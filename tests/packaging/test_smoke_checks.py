"""The bundle smoke test's own checks (packaging/smoke_test.py needs only the standard library):
its PNG decoder reads what Qt writes, pixel for pixel; its blank-picture check refuses a blank
one; its PE reader tells a GUI program from a console one."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("smoke_test", ROOT / "packaging" / "smoke_test.py")
smoke = importlib.util.module_from_spec(spec)
spec.loader.exec_module(smoke)


def picture(path: Path, width: int = 1280, height: int = 800, blank: bool = False) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("#eef2ef"))
    if not blank:  # gradients, circles and text: every PNG row filter gets used
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        gradient = QLinearGradient(QPointF(0, 0), QPointF(width, height))
        gradient.setColorAt(0, QColor("#0f6b46"))
        gradient.setColorAt(1, QColor("#b8891a"))
        p.fillRect(QRectF(0, 0, width / 2, height / 2), gradient)
        for i in range(40):
            p.setBrush(QColor.fromHsv(i * 9 % 360, 200, 220, 180))
            p.drawEllipse(QPointF(30 * i % width, 17 * i % height + 200), 40, 25)
        p.setPen(Qt.GlobalColor.black)
        p.drawText(QRectF(700, 500, 400, 100), "Dealer Trainer 9♦")
        p.end()
    assert image.save(str(path), "PNG")
    return image


def test_the_png_decoder_reads_qt_pixels_exactly(tmp_path, qapp) -> None:
    image = picture(tmp_path / "a.png", 300, 200)
    width, height, rows = smoke.png_pixels((tmp_path / "a.png").read_bytes())
    assert (width, height) == (300, 200)
    bpp = len(rows[0]) // width
    for y in range(0, 200, 7):
        for x in range(0, 300, 11):
            c = image.pixelColor(x, y)
            got = rows[y][x * bpp:x * bpp + 3]
            assert tuple(got) == (c.red(), c.green(), c.blue()), (x, y)


def test_a_blank_or_wrongly_sized_picture_is_refused(tmp_path, qapp) -> None:
    picture(tmp_path / "good.png")
    assert smoke.check_png(tmp_path / "good.png", min_colours=40).startswith("1280x800")
    picture(tmp_path / "blank.png", blank=True)
    with pytest.raises(AssertionError, match="looks blank"):
        smoke.check_png(tmp_path / "blank.png", min_colours=40)
    picture(tmp_path / "small.png", 640, 400)
    with pytest.raises(AssertionError, match="640x400, not 1280x800"):
        smoke.check_png(tmp_path / "small.png", min_colours=40)


@pytest.mark.parametrize("subsystem", [2, 3])
def test_the_pe_subsystem_is_read_from_the_optional_header(tmp_path, subsystem) -> None:
    pe_at = 0x80
    data = bytearray(512)
    data[:2] = b"MZ"
    data[0x3C:0x40] = struct.pack("<I", pe_at)
    data[pe_at:pe_at + 4] = b"PE\0\0"
    optional = pe_at + 24
    data[optional:optional + 2] = struct.pack("<H", 0x20B)  # PE32+
    data[optional + 68:optional + 70] = struct.pack("<H", subsystem)
    exe = tmp_path / "x.exe"
    exe.write_bytes(bytes(data))
    assert smoke.windows_subsystem(exe) == subsystem
