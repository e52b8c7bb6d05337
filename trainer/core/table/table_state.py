"""The table as a round's actions leave it, for games drawn by the generic table view
(Two Card Joker, Four Card, DJ Wild): replay the actions' ``Effect``s over the players'
wagers and build a ``TableScene``."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

from trainer.core.scene import CardView, SeatView, Spot, TableScene
from trainer.core.table.actions import DEALER, DealerAction, Effect


@dataclass
class TableState:
    game_id: str
    game_title: str
    spots: tuple[Spot, ...]
    seat_count: int
    wagers: dict[int, dict[str, int]]  # seat -> spot -> cents, as placed before the deal
    caption: str = ""
    cards: dict[int, list[CardView]] = field(default_factory=dict)  # position (0 = dealer) -> cards
    paid: dict[int, dict[str, int]] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    cover_card: bool = False
    folded: set[int] = field(default_factory=set)
    highlight: int | None = None

    def copy(self) -> "TableState":
        return TableState(self.game_id, self.game_title, self.spots, self.seat_count,
                          {s: dict(w) for s, w in self.wagers.items()}, self.caption,
                          {p: list(c) for p, c in self.cards.items()}, {s: dict(w) for s, w in self.paid.items()},
                          dict(self.notes), self.cover_card, set(self.folded), self.highlight)

    def apply(self, effect: Effect) -> None:
        k = effect.kind
        if k == "card":
            self.cards.setdefault(effect.seat, []).append(CardView(effect.card, effect.face_up))
        elif k == "cover":
            self.cover_card = True
        elif k == "uncover":
            self.cover_card = False
        elif k == "reveal":
            self.cards[effect.seat] = [replace(c, face_up=True) for c in self.cards.get(effect.seat, [])]
        elif k == "turn":  # one card of a hand turned face up (an exposed card, a sixth card)
            hand = self.cards.get(effect.seat, [])
            for i, c in enumerate(hand):
                if c.card == effect.card:
                    hand[i] = replace(c, face_up=effect.face_up)
        elif k == "wager":
            self.wagers.setdefault(effect.seat, {})[effect.spot] = effect.amount
        elif k == "fold":
            self.folded.add(effect.seat)
            self.cards.pop(effect.seat, None)
            self.notes[effect.seat] = effect.text or "folded"
        elif k == "collect":
            self.wagers.get(effect.seat, {}).pop(effect.spot, None)
        elif k == "pay":
            self.paid.setdefault(effect.seat, {})[effect.spot] = effect.amount
        elif k == "note":
            self.notes[effect.seat] = effect.text
        elif k == "clear":
            self.cards.clear()
            self.cover_card = False
        # "discard" (a burn card) and unknown kinds leave the drawn table as it is.

    def apply_action(self, action: DealerAction) -> None:
        for e in action.effects:
            self.apply(e)

    def scene(self, highlight: int | None = None, caption: str | None = None) -> TableScene:
        seats = []
        for n in range(1, self.seat_count + 1):
            if n not in self.wagers and n not in self.cards:
                seats.append(SeatView(n, occupied=False))
                continue
            order = [s.key for s in self.spots]
            w = self.wagers.get(n, {})
            paid = self.paid.get(n, {})
            wagers = tuple((k, w.get(k, 0) + paid.get(k, 0)) for k in order if w.get(k, 0) + paid.get(k, 0))
            note = self.notes.get(n, "")
            if paid:
                note = (note + "; " if note else "") + "paid"
            seats.append(SeatView(n, True, tuple(self.cards.get(n, ())), wagers, highlight == n, note))
        return TableScene(self.game_id, self.game_title, self.spots, tuple(seats), self.seat_count,
                          tuple(self.cards.get(DEALER, ())), self.cover_card, highlight == DEALER,
                          self.caption if caption is None else caption)


def scenes_for(start: TableState, actions: Sequence[DealerAction]) -> list[TableScene]:
    """The scene before the first action and after each. Nothing is ringed: the next
    position is for the trainee to know (the screen rings it at the learn level)."""
    state = start.copy()
    out = [state.scene()]
    for a in actions:
        state.apply_action(a)
        out.append(state.scene())
    return out


def renderer(start: TableState):
    """``RoundScript.render`` for a TableState game: the table after any list of actions."""
    def render(actions: Sequence[DealerAction]) -> TableScene:
        state = start.copy()
        for a in actions:
            state.apply_action(a)
        return state.scene()
    return render
