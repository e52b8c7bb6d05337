"""Table scenes for Two Card Joker Poker questions: what the felt shows."""

from __future__ import annotations

from typing import Sequence

from trainer.core.cards import Card
from trainer.core.scene import SeatShow, TableScene, card_views, seat_views
from trainer.games.two_card_joker.hands import TITLE
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data

def scene(seats: dict[int, SeatShow], *, dealer: Sequence[Card] = (), dealer_face_up: bool = True,
          dealer_backs: int = 0, cover_card: bool = False, caption: str = "",
          dealer_highlight: bool = False) -> TableScene:
    data = rules_data()
    return TableScene(
        game_id=GAME_ID, game_title=TITLE, spots=data.spots, seats=seat_views(data.seats, seats, data.spot_keys),
        seat_count=data.seats,
        dealer_cards=card_views(dealer, dealer_face_up, dealer_backs), dealer_cover_card=cover_card,
        dealer_highlight=dealer_highlight, caption=caption,
    )
