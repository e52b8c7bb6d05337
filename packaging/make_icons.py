"""Make the application icon's pictures from its SVG source, packaging/icon/dealer-trainer.svg.

    .venv/bin/python packaging/make_icons.py

writes
- the PNGs the app sets as its window icon: <package resources>/icons/dealer-trainer-N.png
  (N = 16 ... 256; ``trainer.ui.app.app_icon`` reads them);
- packaging/icon/dealer-trainer.ico (Windows: PNG images in an ICO container),
  packaging/icon/dealer-trainer.icns (macOS: PNG images in an ICNS container) and
  packaging/icon/dealer-trainer-512.png (Linux: the desktop entry's icon).

Qt's QSvgRenderer rasterises the SVG; the two containers are written here (they are
simple formats: a directory of PNG images), so no imaging library is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOURCE = HERE / "icon" / "dealer-trainer.svg"
APP_SIZES = (16, 24, 32, 48, 64, 128, 256)  # the window icon's sizes
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # 256 is the largest an ICO entry can state
# ICNS element types that hold a PNG, and the pixel size of each (the @2x ones are the
# retina variants of the size half as big).
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn at ``size`` x ``size`` pixels, as PNG bytes (a QGuiApplication must exist)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {svg} is not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding each PNG as is (Windows Vista and later read PNG entries).
    ICONDIR (reserved 0, type 1, count), one 16-byte ICONDIRENTRY per image (width and
    height, 0 meaning 256; no palette; 1 plane; 32 bits per pixel; size; offset), the images."""
    sizes = sorted(pngs)
    out = bytearray(struct.pack("<HHH", 0, 1, len(sizes)))
    offset = 6 + 16 * len(sizes)
    for size in sizes:
        if not 1 <= size <= 256:
            raise ValueError(f"an ICO image is 1 to 256 pixels wide, not {size}")
        side = 0 if size == 256 else size
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[size]), offset)
        offset += len(pngs[size])
    for size in sizes:
        out += pngs[size]
    return bytes(out)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: the magic 'icns' and the file's length (big-endian), then per image its
    4-byte type, its element length (8 + data) and the PNG itself."""
    body = bytearray()
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + bytes(body)


def app_icon_folder() -> Path:
    """icons/ in the package's resources (found as the app finds them)."""
    sys.path.insert(0, str(ROOT))
    from trainer.paths import RESOURCES

    return Path(RESOURCES) / "icons"


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - Qt needs one
    sizes = sorted(set(APP_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = {size: render_png(SOURCE, size) for size in sizes}
    written = []
    folder = app_icon_folder()
    folder.mkdir(parents=True, exist_ok=True)
    for size in APP_SIZES:
        written.append(folder / f"dealer-trainer-{size}.png")
        written[-1].write_bytes(pngs[size])
    targets = {HERE / "icon" / "dealer-trainer.ico": ico_bytes({s: pngs[s] for s in ICO_SIZES}),
               HERE / "icon" / "dealer-trainer.icns": icns_bytes(pngs),
               HERE / "icon" / "dealer-trainer-512.png": pngs[512]}
    for path, data in targets.items():
        path.write_bytes(data)
        written.append(path)
    for path in written:
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
