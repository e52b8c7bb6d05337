"""Table scenes for DJ Wild Poker questions: what the felt shows.

The layout's spots are the rules data's (ante, blind, play, Trips, Two Way Bad Beat,
Cover All); Cover All is drawn only where the house offers it (§11(d)). The dealer has
no up card: all five of the dealer's cards are dealt face down (§7(c)(1)) and turned
over together (§9(d)).
"""

from __future__ import annotations

from typing import Sequence

from trainer.core.cards import Card
from trainer.core.scene import SeatShow, TableScene, card_views, seat_views
from trainer.games.dj_wild.hands import TITLE
from trainer.games.dj_wild.rules_data import GAME_ID, rules_data

def scene(seats: dict[int, SeatShow], *, dealer: Sequence[Card] = (), dealer_face_up: bool = True,
          dealer_backs: int = 0, caption: str = "", dealer_highlight: bool = False,
          cover_all: bool = True) -> TableScene:
    data = rules_data()
    spots = tuple(s for s in data.spots if cover_all or s.key != "cover_all")
    return TableScene(
        game_id=GAME_ID, game_title=TITLE, spots=spots, seats=seat_views(data.seats, seats, data.spot_keys),
        seat_count=data.seats,
        dealer_cards=card_views(dealer, dealer_face_up, dealer_backs), dealer_cover_card=False,
        dealer_highlight=dealer_highlight, caption=caption,
    )
