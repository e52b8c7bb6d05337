"""High Card Duel's settlement calculator: one round as JSON in, each Ante's result out
(the document shape of trainer.calculator)."""

from __future__ import annotations

from trainer.core import round_input as ri
from trainer.core.settlement import SettlementError
from tests.sixth_game.duel import settle_ante
from tests.sixth_game.rules_data import GAME_ID, rules_data

EXAMPLE = {
    "game": GAME_ID,
    "dealer": {"cards": ["9d"]},
    "seats": [
        {"seat": 1, "cards": ["Ks"], "wagers": {"ante": 1000}},
        {"seat": 2, "cards": ["9h"], "wagers": {"ante": 500}},
        {"seat": 3, "cards": ["4c"], "wagers": {"ante": 2500}},
    ],
}


def calculator_form():
    from trainer.contracts.game import CalculatorForm

    data = rules_data()
    return CalculatorForm(game_id=GAME_ID, options=(), dealer_cards=1, seat_cards=1,
                          wagers=(("ante", data.spot_label("ante")),), decisions=(), max_seats=data.seats,
                          example=EXAMPLE)


def settle_document(doc: dict) -> dict:
    ri.round_keys(doc, ("game", "dealer", "seats"))
    (dealer,) = ri.dealer_cards(doc, 1)
    seats_in = doc.get("seats")
    if not isinstance(seats_in, list) or not seats_in:
        raise SettlementError("seats: a list of at least one seat is needed")
    seats = []
    for n, s in enumerate(seats_in):
        s = ri.obj(s, f"seats[{n}]")
        ri.known_keys(s, ("seat", "cards", "wagers"), f"seats[{n}]")
        number = s.get("seat")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= rules_data().seats:
            raise SettlementError(f"seats[{n}]: 'seat' must be a seat number from 1 to {rules_data().seats}")
        (card,) = ri.cards(s.get("cards"), f"seat {number}: cards", 1)
        ante = ri.amounts(s.get("wagers", {}), ("ante",), f"seat {number}: wagers").get("ante", 0)
        result = settle_ante(card, dealer, ante)
        seats.append({"seat": number, "cards": [str(card)], "description": card.name(),
                      "wagers": [ri.wager_json(result)], "net": result.net})
    return {"game": GAME_ID, "dealer": {"cards": [str(dealer)], "description": dealer.name()}, "seats": seats,
            "house_net": -sum(s["net"] for s in seats)}
