"""Table scenes for DJ Wild Poker questions: what the felt shows.

The layout's spots are the rules data's (ante, blind, play, Trips, Two Way Bad Beat,
Cover All); Cover All is drawn only where the house offers it (§11(d)). The dealer has
no up card: all five of the dealer's cards are dealt face down (§7(c)(1)) and turned
over together (§9(d)).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from trainer.core.cards import Card
from trainer.core.scene import CardView, SeatView, TableScene
from trainer.games.dj_wild.hands import TITLE
from trainer.games.dj_wild.rules_data import GAME_ID, rules_data

SPOT_ORDER = ("ante", "blind", "play", "trips", "bad_beat", "cover_all")


@dataclass(frozen=True)
class SeatShow:
    cards: tuple[Card, ...] = ()
    face_up: bool = True
    wagers: tuple[tuple[str, int], ...] = ()
    highlight: bool = False
    note: str = ""
    backs: int = 0  # face-down cards whose faces are not part of the question
    marked: tuple[int, ...] = ()  # indexes of cards to highlight


def views(cards: Sequence[Card], face_up: bool = True, backs: int = 0,
          marked: Sequence[int] = ()) -> tuple[CardView, ...]:
    return (tuple(CardView(str(c), face_up, i in marked) for i, c in enumerate(cards))
            + tuple(CardView(None, False) for _ in range(backs)))


def scene(seats: dict[int, SeatShow], *, dealer: Sequence[Card] = (), dealer_face_up: bool = True,
          dealer_backs: int = 0, caption: str = "", dealer_highlight: bool = False,
          cover_all: bool = True) -> TableScene:
    data = rules_data()
    spots = tuple(s for s in data.spots if cover_all or s.key != "cover_all")
    seat_views = []
    for n in range(1, data.seats + 1):
        show = seats.get(n)
        if show is None:
            seat_views.append(SeatView(n, occupied=False))
            continue
        wagers = tuple(sorted(((k, v) for k, v in show.wagers if v), key=lambda kv: SPOT_ORDER.index(kv[0])))
        seat_views.append(SeatView(n, True, views(show.cards, show.face_up, show.backs, show.marked), wagers,
                                   show.highlight, show.note))
    return TableScene(
        game_id=GAME_ID, game_title=TITLE, spots=spots, seats=tuple(seat_views), seat_count=data.seats,
        dealer_cards=views(dealer, dealer_face_up, dealer_backs), dealer_cover_card=False,
        dealer_highlight=dealer_highlight, caption=caption,
    )
