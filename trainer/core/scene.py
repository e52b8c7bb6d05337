"""What a table shows, as plain data: the felt, the seats, the cards and the chips.

A question or a round describes its table as a ``TableScene``; the user interface
draws any scene for any game, and a test can read one without Qt. Seats are numbered
1..N from the dealer's left (seat 1 is the first to receive a card, clockwise).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Collection, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    from trainer.core.cards import Card


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


@dataclass(frozen=True)
class SeatShow:
    """A seat as a question shows it, before it becomes a ``SeatView``: its cards (face up
    or down, one flag for all or one per card), the wagers on its spots, a ring around it,
    a note ('folded'), face-down cards whose faces are not part of the question, and the
    cards to highlight (the best four, the wild cards)."""

    cards: tuple[Card, ...] = ()
    face_up: tuple[bool, ...] | bool = True
    wagers: tuple[tuple[str, int], ...] = ()
    highlight: bool = False
    note: str = ""
    backs: int = 0
    marked: tuple[Card, ...] = ()


def card_views(cards: Sequence[Card], face_up: tuple[bool, ...] | bool = True, backs: int = 0,
               marked: Collection[Card] = ()) -> tuple[CardView, ...]:
    """``cards`` (one face flag for all, or one per card) with the ``marked`` ones
    highlighted, then ``backs`` face-down cards."""
    flags = face_up if isinstance(face_up, tuple) else (face_up,) * len(cards)
    if not marked:  # (nothing to look up: most scenes mark no card)
        return (tuple([_card_view(c, f, False) for c, f in zip(cards, flags)])
                + tuple(CardView(None, False) for _ in range(backs)))
    return (tuple(_card_view(c, f, c in marked) for c, f in zip(cards, flags))
            + tuple(CardView(None, False) for _ in range(backs)))


@lru_cache(maxsize=None, typed=True)
def _card_view(card: Card, face_up: bool, highlight: bool) -> CardView:
    """A card's view, made once per card and look (a view is a frozen value; scenes share it)."""
    return CardView(str(card), face_up, highlight)


def spot_sorted(wagers: Iterable[tuple[str, int]], order: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """The wagers placed (more than 0 cents), in the layout's spot ``order``."""
    return tuple(sorted(((k, v) for k, v in wagers if v), key=lambda kv: order.index(kv[0])))


def seat_views(seat_count: int, shows: Mapping[int, SeatShow], spot_order: Sequence[str],
               shown: Callable[[str], bool] | None = None) -> tuple[SeatView, ...]:
    """Every seat 1..``seat_count`` of the layout: the ones in ``shows`` as shown (their
    wagers on the ``shown`` spots, every spot when None, in ``spot_order``), the others
    empty."""
    out = []
    for n in range(1, seat_count + 1):
        show = shows.get(n)
        if show is None:
            out.append(SeatView(n, occupied=False))
            continue
        wagers = spot_sorted(show.wagers if shown is None else ((k, v) for k, v in show.wagers if shown(k)),
                             spot_order)
        out.append(SeatView(n, True, card_views(show.cards, show.face_up, show.backs, show.marked), wagers,
                            show.highlight, show.note))
    return tuple(out)
