"""Pictures of Pokette for the README: the pygame wheel and the layout drill, offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m trainer.ui.pokette.snapshots OUT_FOLDER
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def save_snapshots(folder: str | Path, *, seed: int = 1) -> list[Path]:
    """Write pokette-wheel.png (the wheel, 900x900) and pokette-drill.png (the layout
    drill mid-spin, 1400x900) into ``folder``; a QApplication must exist."""
    from trainer.games.pokette.questions import wager_list_text
    from trainer.games.pokette.rules_data import wheel
    from trainer.ui.pokette.wheel_widget import render_wheel_image
    from trainer.ui.screens.pokette_drill import PoketteDrillScreen

    from PySide6.QtWidgets import QApplication

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    order = tuple(str(s) for s in wheel().order)
    out = [folder / "pokette-wheel.png", folder / "pokette-drill.png"]
    render_wheel_image(order, 900, 0.3, background=(238, 242, 239)).save(str(out[0]))
    screen = PoketteDrillScreen(seed=seed, spins=6, players=4, spin_ms=1)
    screen.resize(1400, 900)
    screen.show()
    screen.start()
    app = QApplication.instance()
    d = screen.drill
    # play to the announcement after the second card: the stand, paid chips and the wheel
    for _ in range(200):
        kind = d.step.kind
        if kind == "announce" or kind == "done":
            break
        if kind in ("spin", "next"):
            screen._action()
            screen.wheel.finish_now()
        elif kind == "call":
            screen._choose(d.call_answer())
        elif kind == "mark":
            screen._section_clicked(str(d.round.winner))
        elif kind == "collect":
            screen._chip_clicked(d.remaining()[0])
        elif kind == "pay":
            i = d.remaining()[0]
            screen._chip_clicked(i)
            screen.pay_edit.setText(f"{d.payout(i) / 100:.2f}")
            screen._pay_entered()
        app.processEvents()
    app.processEvents()
    screen.grab().save(str(out[1]))
    if d.step.kind == "announce":
        screen._choose(wager_list_text(d.round.settlement.stand.announcement.wagers))
    screen.close()
    return out


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from trainer.ui import style

    app = QApplication.instance() or QApplication(argv[:1])
    style.apply(app)
    for path in save_snapshots(argv[1] if len(argv) > 1 else "."):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
