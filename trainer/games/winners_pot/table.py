"""Table scenes for Winner's Pot Poker: what the felt shows, as plain data.

``WinnersPotScene`` is a ``TableScene`` (seats, each seat's down and up cards, the
betting spots ante, bet, double and Jacks Plus) with what this game adds: the button,
the winner's pot area, the dealer's own ante, bet and double, and the cards in the
discard rack (the burns). Its ``VIEW`` names the drawing that shows all of it
(trainer/ui/winners_pot_view.py); a plain card table view can still draw it as a
``TableScene`` (the additions are also in ``extra`` and the caption).

``round_scene`` draws a ``round.Round`` at any moment: the players' down cards face
down until the showdown (as the dealer sees them), the up cards face up, folded hands
gone (or under the Jacks Plus wager), the chips where they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from trainer.core.cards import Card
from trainer.core.money import format_cents
from trainer.core.scene import SeatShow, TableScene, card_views, seat_views
from trainer.games.winners_pot.dealing import DEALER, position_name
from trainer.games.winners_pot.hands import TITLE
from trainer.games.winners_pot.rules_data import GAME_ID, SPOT_KEYS, rules_data

NO_BUTTON = -1


@dataclass(frozen=True)
class WinnersPotScene(TableScene):
    VIEW = "winners-pot"  # trainer/ui/winners_pot_view.py: the card table with the button and the pot

    button: int = NO_BUTTON  # a seat number, DEALER (0), or NO_BUTTON
    pot: int = 0  # cents in the winner's pot area
    pot_label: str = ""  # e.g. "Winner's pot"; '' draws the default
    dealer_wagers: tuple[tuple[str, int], ...] = ()  # the dealer's ante, bet and double on the layout
    discards: int = 0  # cards in the discard rack (burns, folded hands, the stub)
    street: str = ""  # e.g. "Fourth card"


def hole_then_up(cards: Sequence[Card], hole_face_up: bool = False) -> tuple[bool, ...]:
    """Face flags for cards in the order dealt: two down cards, then the up cards."""
    return tuple(hole_face_up if i < 2 else True for i in range(len(cards)))


def scene(seats: dict[int, SeatShow], *, dealer: Sequence[Card] = (), dealer_face_up: tuple[bool, ...] | bool = True,
          dealer_backs: int = 0, button: int = NO_BUTTON, pot: int = 0, dealer_wagers: tuple[tuple[str, int], ...] = (),
          discards: int = 0, caption: str = "", street: str = "", dealer_highlight: bool = False,
          dealer_marked: Iterable[Card] = ()) -> WinnersPotScene:
    data = rules_data()
    extra = {"button": button, "pot": pot, "discards": discards, "dealer_wagers": dict(dealer_wagers)}
    return WinnersPotScene(
        game_id=GAME_ID, game_title=TITLE, spots=data.spots, seat_count=data.seats,
        seats=seat_views(data.seats, seats, SPOT_KEYS),
        dealer_cards=card_views(dealer, dealer_face_up, dealer_backs, set(dealer_marked)), dealer_cover_card=False,
        dealer_highlight=dealer_highlight, caption=caption, extra=extra, button=button, pot=pot,
        dealer_wagers=tuple((k, v) for k, v in dealer_wagers if v), discards=discards, street=street,
    )


STREET_LABELS = {0: "Before the deal", 3: "Three cards", 4: "Fourth card", 5: "Fifth card"}


def round_scene(rnd, *, caption: str = "", highlight: Iterable[int] = (), show_hole_cards: Iterable[int] = (),
                notes: dict[int, str] | None = None) -> WinnersPotScene:
    """The table of ``rnd`` (a ``round.Round``) as it stands: the dealer's view.

    ``highlight``: positions to ring (DEALER for the dealer's hand); ``show_hole_cards``:
    players whose down cards the question shows face up; ``notes`` overrides a seat's note."""
    from trainer.games.winners_pot.pot import BET, DOUBLE

    highlight = set(highlight)
    show_hole = set(show_hole_cards)
    notes = notes or {}
    seats: dict[int, SeatShow] = {}
    layout = rnd.layout  # (what ``rnd.wager`` reads)
    for s in rnd.players:
        st = rnd.seats[s]
        held = rnd.hands[s]
        cards = tuple([h.card for h in held])
        if s in show_hole:
            flags: tuple[bool, ...] = (True,) * len(cards)
        elif st.folded_after and st.cards_under_jp:
            flags = (False,) * len(cards)
        else:
            flags = tuple(h.face_up for h in held)
        wagers = tuple([(spot, layout.get((s, spot), 0)) for spot in SPOT_KEYS])
        if st.dead:
            note = "dead hand"
        elif st.folded_after:
            note = "folded" + (" · Jacks Plus" if st.cards_under_jp and not st.jp_settled else "")
        elif DOUBLE in st.decisions:
            note = "doubled"
        elif BET in st.decisions:
            note = "bet"
        else:
            note = ""
        seats[s] = SeatShow(cards, flags, wagers, s in highlight, notes.get(s, note))
    dealer_held = rnd.hands[DEALER]
    dealer_cards = tuple(h.card for h in dealer_held)
    dealer_flags = tuple(h.face_up for h in dealer_held)
    dealer_wagers = tuple((spot, rnd.wager(DEALER, spot)) for spot in ("ante", "bet", "double"))
    street = STREET_LABELS.get(rnd.street, "")
    return scene(seats, dealer=dealer_cards, dealer_face_up=dealer_flags, button=rnd.button, pot=rnd.pot_area,
                 dealer_wagers=dealer_wagers, discards=len(rnd.discards), caption=caption, street=street,
                 dealer_highlight=DEALER in highlight)


def pot_caption(pot: int) -> str:
    return f"Winner's pot {format_cents(pot)}"


def button_caption(button: int) -> str:
    return "Button: " + ("before the dealer" if button == DEALER else position_name(button))


__all__ = ["WinnersPotScene", "SeatShow", "scene", "round_scene", "hole_then_up", "NO_BUTTON", "pot_caption",
           "button_caption"]
