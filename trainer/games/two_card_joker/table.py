"""Table scenes for Two Card Joker Poker questions: what the felt shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from trainer.core.cards import Card
from trainer.core.scene import CardView, SeatView, TableScene
from trainer.games.two_card_joker.hands import TITLE
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data

SPOT_ORDER = ("ante", "call", "pair_up", "super_flush")


@dataclass(frozen=True)
class SeatShow:
    cards: tuple[Card, ...] = ()
    face_up: bool = True
    wagers: tuple[tuple[str, int], ...] = ()
    highlight: bool = False
    note: str = ""
    backs: int = 0  # face-down cards whose faces are not part of the question


def views(cards: Sequence[Card], face_up: bool = True, backs: int = 0) -> tuple[CardView, ...]:
    return tuple(CardView(str(c), face_up) for c in cards) + tuple(CardView(None, False) for _ in range(backs))


def scene(seats: dict[int, SeatShow], *, dealer: Sequence[Card] = (), dealer_face_up: bool = True,
          dealer_backs: int = 0, cover_card: bool = False, caption: str = "",
          dealer_highlight: bool = False) -> TableScene:
    data = rules_data()
    seat_views = []
    for n in range(1, data.seats + 1):
        show = seats.get(n)
        if show is None:
            seat_views.append(SeatView(n, occupied=False))
            continue
        wagers = tuple(sorted(((k, v) for k, v in show.wagers if v), key=lambda kv: SPOT_ORDER.index(kv[0])))
        seat_views.append(SeatView(n, True, views(show.cards, show.face_up, show.backs), wagers,
                                   show.highlight, show.note))
    return TableScene(
        game_id=GAME_ID, game_title=TITLE, spots=data.spots, seats=tuple(seat_views), seat_count=data.seats,
        dealer_cards=views(dealer, dealer_face_up, dealer_backs), dealer_cover_card=cover_card,
        dealer_highlight=dealer_highlight, caption=caption,
    )
