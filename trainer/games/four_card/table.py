"""Table scenes for Four Card Poker questions: what the felt shows.

The layout's betting spots come from game.json (ante, play, Aces Up, Cover All and the
progressive); a scene shows Cover All and the progressive only where the question's
house offers them. The dealer's sixth card is dealt face up (§7(c), §8(c), §9(c)).
"""

from __future__ import annotations

from typing import Sequence

from trainer.core.cards import Card
from trainer.core.scene import CardView, SeatShow, TableScene, card_views, seat_views
from trainer.games.four_card.hands import TITLE
from trainer.games.four_card.rules_data import GAME_ID, rules_data

BASE_SPOTS = ("ante", "play", "aces_up")


def dealer_views(cards: Sequence[Card] = (), *, revealed: bool = True, backs: int = 0, up_card: Card | None = None,
                 highlight: Sequence[Card] = ()) -> tuple[CardView, ...]:
    """The dealer's hand: ``cards`` face up when revealed (face down otherwise), ``backs``
    face-down cards, and the face-up sixth card ``up_card`` last."""
    out = card_views(cards, revealed, backs, highlight)
    if up_card is not None:
        out += (CardView(str(up_card), True, up_card in highlight),)
    return out


def scene(seats: dict[int, SeatShow], *, dealer: tuple[CardView, ...] = (), caption: str = "",
          dealer_highlight: bool = False, cover_all: bool = False, progressive: bool = False) -> TableScene:
    data = rules_data()
    shown = BASE_SPOTS + (("cover_all",) if cover_all else ()) + (("progressive",) if progressive else ())
    spots = tuple(s for s in data.spots if s.key in shown)
    return TableScene(
        game_id=GAME_ID, game_title=TITLE, spots=spots, seat_count=data.seats,
        seats=seat_views(data.seats, seats, data.spot_keys, shown.__contains__),
        dealer_cards=dealer, dealer_cover_card=False, dealer_highlight=dealer_highlight, caption=caption,
    )
