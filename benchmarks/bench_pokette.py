"""Speed of Pokette: the wheel's frame time at 900x900 (the disc pygame drew once, turned
and composed by Qt, then painted), the rules core, the question generators and the exact math.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_pokette.py

A frame must take well under 16.7 ms for a steady 60 frames per second (issue 17's goal:
4 ms). The widget turns the disc with filtering while the wheel turns slowly and without
it while it turns fast (no eye can tell); both are timed. ``--spin`` also runs one real animated spin in a
900x900 widget and reports the frame intervals the QTimer achieved.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

SIZE = 900


def bench(label: str, fn, repeat: int) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<52} {repeat / elapsed:>10,.0f} /s   ({elapsed:.2f} s for {repeat:,})")


def frame_times(order, smooth: bool, frames: int = 240) -> list[float]:
    """Milliseconds per frame as the widget makes one while the wheel turns: Qt composes
    the bowl and the disc pygame drew once for the size (turned to the position) and the
    clapper, and the frame is painted onto a 900x900 target. The layers are made before
    the clock starts (once per size)."""
    from trainer.ui.pokette.wheel_widget import WheelRenderer, clapper_deflection

    renderer = WheelRenderer(order, SIZE, (18, 20, 24))
    renderer.layers()
    frame = QImage(SIZE, SIZE, QImage.Format.Format_RGB32)  # as the widget composes it
    target = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32_Premultiplied)
    times = []
    for i in range(frames):
        position = i * 0.37
        start = time.perf_counter()
        painter = QPainter(frame)
        renderer.paint_frame(painter, position, clapper_deflection(position, 1, 5.0), smooth=smooth)
        painter.end()
        painter = QPainter(target)
        painter.drawImage(QRectF(0, 0, SIZE, SIZE), frame, QRectF(0, 0, SIZE, SIZE))
        painter.end()
        times.append((time.perf_counter() - start) * 1000)
    return times


def pygame_frame_times(order, smooth: bool, frames: int = 120) -> list[float]:
    """The frame drawn whole by pygame every time (``WheelRenderer.render``, still used for
    a still with a section outlined), for comparison."""
    from trainer.ui.pokette.wheel_widget import WheelRenderer, clapper_deflection, wrap_surface

    renderer = WheelRenderer(order, SIZE, (18, 20, 24))
    target = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32_Premultiplied)
    times = []
    image = buffer = None
    for i in range(frames):
        position = i * 0.37
        start = time.perf_counter()
        image = buffer = None  # unlock the frame surface
        surface = renderer.render(position, deflection=clapper_deflection(position, 1, 5.0), smooth=smooth)
        image, buffer = wrap_surface(surface)
        painter = QPainter(target)
        painter.drawImage(QRectF(0, 0, SIZE, SIZE), image, QRectF(0, 0, SIZE, SIZE))
        painter.end()
        times.append((time.perf_counter() - start) * 1000)
    return times


def report_frames(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95)]
    print(f"{label:<52} mean {statistics.mean(times):5.2f} ms   median {statistics.median(times):5.2f} ms   "
          f"p95 {p95:5.2f} ms   max {max(times):5.2f} ms   ({1000 / statistics.mean(times):.0f} fps possible)")


def animated_spin() -> None:
    from trainer.games.pokette.rules_data import wheel
    from trainer.games.pokette.wheel import spin_to
    from trainer.ui.pokette.wheel_widget import WheelWidget

    app = QApplication.instance()
    w = wheel()
    widget = WheelWidget()
    widget.resize(SIZE, SIZE)
    widget.show()
    sp = spin_to(w, w.order[11], random.Random(3), start=0)
    done = []
    widget.spin_finished.connect(done.append)
    widget.spin(sp)
    while not done:
        app.processEvents()
        time.sleep(0.001)
    stamps = widget.frame_stamps_ms
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    print(f"{'animated spin in a 900x900 widget':<52} {len(stamps)} frames in {stamps[-1] / 1000:.1f} s: "
          f"{len(stamps) / (stamps[-1] / 1000):.1f} fps, interval median {statistics.median(gaps):.1f} ms, "
          f"render mean {statistics.mean(widget.frame_times_ms):.2f} ms; landed on "
          f"{widget.section_under_clapper()[0]} (chosen {w.order[11]})")


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from trainer.games.pokette.analysis import analyze
    from trainer.games.pokette.questions import KINDS
    from trainer.games.pokette.rules_data import wheel
    from trainer.games.pokette.settlement import Bet, settle_spin
    from trainer.games.pokette.stand import Stand
    from trainer.games.pokette.layout import default_layout
    from trainer.training.session import make_question

    order = tuple(str(s) for s in wheel().order)
    print(f"Wheel frame at {SIZE}x{SIZE} (the disc drawn once by pygame, turned and composed by Qt):")
    report_frames("  disc filtered (slow turning, at rest)", frame_times(order, True))
    report_frames("  disc unfiltered (fast turning)", frame_times(order, False))
    print("The whole frame drawn by pygame each time (a still with a section outlined):")
    report_frames("  card plates filtered", pygame_frame_times(order, True))
    if "--spin" in sys.argv:
        animated_spin()
    print()
    rng = random.Random(1)
    placements = default_layout().all_placements
    layouts = [[Bet(rng.randint(1, 7), rng.choice(placements), rng.randint(1, 50) * 100) for _ in range(20)]
               for _ in range(200)]
    sections = wheel().order
    it = iter(layouts * 50)
    bench("settle a layout of 20 chips", lambda: settle_spin(Stand(), rng.choice(sections), next(it)), 5_000)
    for kind in KINDS:
        seeds = iter(range(10_000))
        bench(f"question {kind.id}", lambda k=kind: make_question(k, next(seeds)), 300)
    bench("exact math (analyze)", analyze, 3)
    del app


if __name__ == "__main__":
    main()
