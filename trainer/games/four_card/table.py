"""Table scenes for Four Card Poker questions: what the felt shows.

The layout's betting spots come from game.json (ante, play, Aces Up, Cover All and the
progressive); a scene shows Cover All and the progressive only where the question's
house offers them. The dealer's sixth card is dealt face up (§7(c), §8(c), §9(c)).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from trainer.core.cards import Card
from trainer.core.scene import CardView, SeatView, TableScene
from trainer.games.four_card.hands import TITLE
from trainer.games.four_card.rules_data import GAME_ID, rules_data

SPOT_ORDER = ("ante", "play", "aces_up", "cover_all", "progressive")
BASE_SPOTS = ("ante", "play", "aces_up")


@dataclass(frozen=True)
class SeatShow:
    cards: tuple[Card, ...] = ()
    face_up: bool = True
    wagers: tuple[tuple[str, int], ...] = ()
    highlight: bool = False
    note: str = ""
    backs: int = 0  # face-down cards whose faces are not part of the question
    highlight_cards: tuple[Card, ...] = ()  # e.g. the best four


def views(cards: Sequence[Card], face_up: bool = True, backs: int = 0,
          highlight: Sequence[Card] = ()) -> tuple[CardView, ...]:
    return (tuple(CardView(str(c), face_up, c in highlight) for c in cards)
            + tuple(CardView(None, False) for _ in range(backs)))


def dealer_views(cards: Sequence[Card] = (), *, revealed: bool = True, backs: int = 0, up_card: Card | None = None,
                 highlight: Sequence[Card] = ()) -> tuple[CardView, ...]:
    """The dealer's hand: ``cards`` face up when revealed (face down otherwise), ``backs``
    face-down cards, and the face-up sixth card ``up_card`` last."""
    out = views(cards, revealed, backs, highlight)
    if up_card is not None:
        out += (CardView(str(up_card), True, up_card in highlight),)
    return out


def scene(seats: dict[int, SeatShow], *, dealer: tuple[CardView, ...] = (), caption: str = "",
          dealer_highlight: bool = False, cover_all: bool = False, progressive: bool = False) -> TableScene:
    data = rules_data()
    shown = BASE_SPOTS + (("cover_all",) if cover_all else ()) + (("progressive",) if progressive else ())
    spots = tuple(s for s in data.spots if s.key in shown)
    seat_views = []
    for n in range(1, data.seats + 1):
        show = seats.get(n)
        if show is None:
            seat_views.append(SeatView(n, occupied=False))
            continue
        wagers = tuple(sorted(((k, v) for k, v in show.wagers if v and k in shown),
                              key=lambda kv: SPOT_ORDER.index(kv[0])))
        seat_views.append(SeatView(n, True, views(show.cards, show.face_up, show.backs, show.highlight_cards), wagers,
                                   show.highlight, show.note))
    return TableScene(
        game_id=GAME_ID, game_title=TITLE, spots=spots, seats=tuple(seat_views), seat_count=data.seats,
        dealer_cards=dealer, dealer_cover_card=False, dealer_highlight=dealer_highlight, caption=caption,
    )
