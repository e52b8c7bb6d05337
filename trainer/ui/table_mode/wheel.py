"""Table mode at a wheel game (Pokette): the wheel beside the layout.

A round's scene may carry the wheel at rest (``PoketteScene.wheel``, a ``WheelPose``); the
layout view would then draw the wheel instead of the layout. The screen shows both: the
layout (the scene without its pose: the trainee marks, collects and pays on it) and the
wheel in its own ``WheelPane`` (the pygame-drawn ``WheelWidget``), turned to the pose's
rest when a spin is done, with the spin's caption under it.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from trainer.ui import style

SPIN_MS = 1600  # a spin animates quickly: the trainee is dealing, not watching the wheel
SPIN_TURNS = 3  # whole turns the animation adds before the rest (the rules ask at least three)
SECTIONS = 54


def split_wheel(scene: object) -> tuple[object, object | None]:
    """(the scene for the table view, the wheel pose or None)."""
    pose = getattr(scene, "wheel", None)
    if pose is None or not dataclasses.is_dataclass(scene):
        return scene, None
    return dataclasses.replace(scene, wheel=None), pose


def has_wheel(scene: object) -> bool:
    """A scene of a wheel game (it has a ``wheel`` field, posed or not)."""
    return dataclasses.is_dataclass(scene) and any(f.name == "wheel" for f in dataclasses.fields(scene))


class WheelPane(QWidget):
    """The wheel and the caption of its last spin."""

    def __init__(self, parent: QWidget | None = None, height: int = 230) -> None:
        super().__init__(parent)
        from trainer.ui.pokette.wheel_widget import (
            WheelWidget,  # pygame only for a wheel game
        )

        box = style.vbox(self, 0, 6)
        self.wheel = WheelWidget(self, background=style.SURFACE)
        self.wheel.setObjectName("table-wheel")
        self.wheel.setFixedHeight(height)
        box.addWidget(self.wheel)
        self.caption = style.label("", "small", wrap=True, name="wheel-caption")
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(self.caption)
        self.pose = None

    def set_height(self, height: int) -> None:
        self.wheel.setFixedHeight(height)

    def reset(self) -> None:
        self.pose = None
        self.wheel.show_rest(0.0)
        self.caption.setText("The wheel is at rest.")

    def show_pose(self, pose, *, animate: bool) -> None:
        """Turn the wheel to ``pose`` (animated from where it is when ``animate``)."""
        if pose is None or pose == self.pose:
            return
        self.pose = pose
        if tuple(pose.order) != self.wheel.order():
            self.wheel.set_order(pose.order)
        self.caption.setText(pose.caption)
        if not animate or not self.isVisible():
            self.wheel.show_rest(float(pose.rest))
            return
        from trainer.games.pokette.wheel import Spin

        start = Fraction(self.wheel.position()).limit_denominator(1000)
        rest = Fraction(pose.rest).limit_denominator(1000)
        direction = 1 if pose.direction >= 0 else -1
        travel = ((rest - start) * direction) % SECTIONS + SECTIONS * SPIN_TURNS
        self.wheel.spin(Spin(start, direction, travel), SPIN_MS)

    def finish(self) -> None:
        self.wheel.finish_now()


__all__ = ["WheelPane", "has_wheel", "split_wheel"]
