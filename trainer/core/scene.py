"""What a table shows, as plain data: the felt, the seats, the cards and the chips.

A question or a round describes its table as a ``TableScene``; the user interface
draws any scene for any game, and a test can read one without Qt. Seats are numbered
1..N from the dealer's left (seat 1 is the first to receive a card, clockwise).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardView:
    """One card on the layout. ``card`` is its text ('As', 'JK'); None draws its back."""

    card: str | None = None
    face_up: bool = True
    highlight: bool = False

    @property
    def shows_face(self) -> bool:
        return self.card is not None and self.face_up


@dataclass(frozen=True)
class Spot:
    """A betting area of the layout, as labelled in the rules (e.g. 'Pair Up', §6)."""

    key: str
    label: str


@dataclass(frozen=True)
class SeatView:
    seat: int
    occupied: bool = True
    cards: tuple[CardView, ...] = ()
    wagers: tuple[tuple[str, int], ...] = ()  # (spot key, cents) pairs, in spot order
    highlight: bool = False
    note: str = ""  # e.g. "folded", "call?"

    def wager(self, key: str) -> int:
        return dict(self.wagers).get(key, 0)


@dataclass(frozen=True)
class TableScene:
    VIEW = "table"  # the user interface's view for this kind of scene (trainer/ui/scene_view.py)

    game_id: str
    game_title: str
    spots: tuple[Spot, ...]
    seats: tuple[SeatView, ...]
    seat_count: int = 6
    dealer_cards: tuple[CardView, ...] = ()
    dealer_cover_card: bool = False  # the cover card lying on the dealer's hand
    dealer_highlight: bool = False
    caption: str = ""  # one line drawn on the felt, e.g. "Pair Up: Table 2"
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    def seat(self, number: int) -> SeatView | None:
        for s in self.seats:
            if s.seat == number:
                return s
        return None
