"""Smoke-test a built bundle, as a station would run it: from a folder outside the checkout,
with nothing of the checkout on the path.

    python packaging/smoke_test.py [--bundle dist/dealer-trainer] [--out DIR]

runs the bundle's own `dealer-trainer` (on macOS the one inside "Dealer Trainer.app"):
`--version`, `analyze two-card-joker --json`, `snapshot --screen home` and a Pokette table
round (`snapshot --screen table-deal --game pokette`: the wheel), checks the PNGs (a real
1280x800 picture, not blank: decoded here with the standard library only), runs the GUI
executable's `--version`, runs `server check` against a port where nothing listens (the
classroom server's driver, psycopg, and its libpq load: the connection is refused, issue 19),
and on Windows checks that the GUI executable is a GUI program
(no console window). The PNGs are left in --out (default: a temporary folder) to look at.
Exit 0 when everything holds. Needs only Python's standard library (`make package-test`, CI).
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NO_SERVER = "postgresql://dealer@127.0.0.1:1/dealer"  # nothing listens on port 1
WIDTH, HEIGHT = 1280, 800


def executables(bundle: Path) -> tuple[Path, Path]:
    """(console program, GUI program) of the bundle."""
    exe = ".exe" if sys.platform == "win32" else ""
    if sys.platform == "darwin":
        app = bundle.parent / "Dealer Trainer.app" / "Contents" / "MacOS"
        if app.is_dir():
            return app / "dealer-trainer", app / "dealer-trainer-gui"
    return bundle / f"dealer-trainer{exe}", bundle / f"dealer-trainer-gui{exe}"


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows of an 8-bit RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError("not a PNG file")
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        chunk = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        at += 12 + length
    width, height, depth, colour, _c, _f, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise AssertionError(f"unexpected PNG format (depth {depth}, colour type {colour}, interlace {interlace})")
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def check_png(path: Path, *, min_colours: int) -> str:
    width, height, rows = png_pixels(path.read_bytes())
    if (width, height) != (WIDTH, HEIGHT):
        raise AssertionError(f"{path.name}: {width}x{height}, not {WIDTH}x{HEIGHT}")
    bpp = len(rows[0]) // width
    counts: dict[bytes, int] = {}
    for row in rows[::4]:
        for x in range(0, len(row), 4 * bpp):
            px = row[x:x + 3]
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    top = max(counts.values()) / total
    if len(counts) < min_colours or top > 0.9:
        raise AssertionError(f"{path.name}: looks blank ({len(counts)} colours, the commonest covers {top:.0%})")
    return f"{width}x{height}, {len(counts)} colours sampled, the commonest {top:.0%}"


def windows_subsystem(exe: Path) -> int:
    """The PE header's Subsystem: 2 is a GUI program, 3 a console program."""
    data = exe.read_bytes()[:4096]
    pe = struct.unpack("<I", data[0x3C:0x40])[0]
    if data[pe:pe + 4] != b"PE\0\0":
        raise AssertionError(f"{exe.name}: not a PE file")
    optional = pe + 24
    return struct.unpack("<H", data[optional + 68:optional + 70])[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke-test the built bundle.")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "dealer-trainer")
    parser.add_argument("--out", type=Path, help="where to leave the PNGs (default: a temporary folder)")
    args = parser.parse_args(argv)
    cli, gui = executables(args.bundle.resolve())
    for exe in (cli, gui):
        if not exe.is_file():
            raise SystemExit(f"smoke_test: {exe} is missing: build the bundle first (make package)")
    out = (args.out or Path(tempfile.mkdtemp(prefix="dealer-trainer-smoke-"))).resolve()
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="dealer-trainer-station-"))  # outside the checkout
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(QT_QPA_PLATFORM="offscreen", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DEALER_TRAINER_SETTINGS=str(work / "settings.ini"))

    def run(exe: Path, *arguments: str, code: int = 0) -> tuple[str, float]:
        """The program's output (with code 1 expected: its error output) and how long it took."""
        started = time.monotonic()
        done = subprocess.run([str(exe), *arguments], cwd=work, env=env, capture_output=True, text=True,
                              timeout=300)
        took = time.monotonic() - started
        if code:
            return (done.stderr if done.returncode == code else
                    f"exited {done.returncode}: {done.stdout}\n{done.stderr}"), took
        if done.returncode != code:
            raise SystemExit(f"smoke_test: {exe.name} {' '.join(arguments)} exited {done.returncode}\n"
                             f"{done.stdout}\n{done.stderr}")
        return done.stdout, took

    version, _ = run(cli, "--version")
    print(f"ok  {version.strip()}")
    analysis, took = run(cli, "analyze", "two-card-joker", "--json")
    hands = json.loads(analysis)
    print(f"ok  analyze two-card-joker --json: {len(analysis):,} characters of JSON ({took:.1f} s)")
    assert hands, "analyze printed nothing"
    shots = {"home.png": ("--screen", "home"), "pokette-wheel.png": ("--screen", "table-deal", "--game", "pokette")}
    for name, screen in shots.items():
        target = out / name
        _, took = run(cli, "snapshot", *screen, "--out", str(target))
        print(f"ok  snapshot {' '.join(screen)}: {check_png(target, min_colours=40)} ({took:.1f} s) -> {target}")
    run(gui, "--version")
    print(f"ok  {gui.name} --version")
    # The classroom server's driver (issue 19): psycopg and its libpq load, and a connection is
    # tried (nothing listens on port 1: refused), not "the server's driver is not installed".
    said, took = run(cli, "server", "check", NO_SERVER, code=1)
    if not said.startswith("dealer-trainer server check: error:") or "not installed" in said:
        raise SystemExit(f"smoke_test: server check {NO_SERVER} should fail to connect, not: {said.strip()}")
    print(f"ok  server check {NO_SERVER}: psycopg loaded and the connection was refused ({took:.1f} s)")
    # psycopg is LGPL-3.0: its modules are source files a user can replace (THIRD-PARTY-NOTICES.md).
    sources = sorted(args.bundle.resolve().glob("**/psycopg/connection.py"))
    if not sources:
        raise SystemExit("smoke_test: psycopg's modules are not source files in the bundle (module_collection_mode)")
    print(f"ok  psycopg's modules are replaceable source files: {sources[0].parent}")
    if sys.platform == "win32":
        kinds = {cli: windows_subsystem(cli), gui: windows_subsystem(gui)}
        if kinds[gui] != 2 or kinds[cli] != 3:
            raise SystemExit(f"smoke_test: subsystems {kinds}: the GUI program must be 2 (no console), the CLI 3")
        print("ok  dealer-trainer-gui.exe is a GUI program (no console window); dealer-trainer.exe a console one")
    print(f"bundle smoke test passed; the pictures are in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
