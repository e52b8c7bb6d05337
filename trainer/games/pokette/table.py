"""What the Pokette table shows, as plain data: the layout with chips of several players,
the marker on the winning card, the card stand, the poker hand wagers on offer, and
optionally the wheel at rest. The user interface draws a ``PoketteScene`` with the view
named by ``VIEW`` (trainer/ui/pokette/layout_view.py); a test reads it without Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trainer.games.pokette.layout import Placement
from trainer.games.pokette.rules_data import GAME_ID
from trainer.games.pokette.wheel import TITLE

# Chip states in a drill: on the layout, collected (gone), paid (the payout beside it).
ON_LAYOUT = ""
COLLECTED = "collected"
PAID = "paid"


@dataclass(frozen=True)
class ChipView:
    """One player's chips on one place of the layout. ``tag`` is a letter a question uses
    to name the chip ('A'); ``paid`` the payout stacked beside it once paid."""

    seat: int
    placement: Placement
    amount: int
    tag: str = ""
    highlight: bool = False
    state: str = ON_LAYOUT
    paid: int = 0


@dataclass(frozen=True)
class WheelPose:
    """The wheel at rest for a scene: the wheel order (section texts), the position under
    the clapper (a half means between two sections) and the direction it turned."""

    order: tuple[str, ...]
    rest: float
    direction: int = 1
    caption: str = ""


@dataclass(frozen=True)
class PoketteScene:
    VIEW = "pokette"  # trainer/ui/scene_view.py: drawn by trainer.ui.pokette.layout_view

    chips: tuple[ChipView, ...] = ()
    stand: tuple[str, ...] = ()  # the cards in the card stand, first space first
    stand_new: bool = False  # the last card of the stand has just been placed
    marker: str | None = None  # the winning section marked on the layout ('7s', 'JK1')
    offered: tuple[str, ...] = ()  # poker hand wagers on offer for the next spin
    selected: tuple[str, ...] = ()  # sections outlined on the layout (a placement being asked about)
    caption: str = ""
    wheel: WheelPose | None = None
    game_id: str = GAME_ID
    game_title: str = TITLE
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    def seats(self) -> tuple[int, ...]:
        return tuple(sorted({c.seat for c in self.chips}))


__all__ = ["ChipView", "PoketteScene", "WheelPose", "ON_LAYOUT", "COLLECTED", "PAID"]
