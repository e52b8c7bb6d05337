"""The settlement calculator's Two Card Joker Poker adapter: one round as JSON in,
every wager's result with its odds and rule out (see trainer.calculator)."""

from __future__ import annotations

from trainer.core import round_input as ri
from trainer.games.two_card_joker.rules_data import rules_data
from trainer.games.two_card_joker.settlement import CALL, FOLD, HouseOptions, SeatWagers, settle_round

WAGERS = ("ante", "pair_up", "super_flush")
OPTIONS = ("pair_up_table",)
EXAMPLE = {
    "game": "two-card-joker",
    "options": {"pair_up_table": "1"},
    "dealer": {"cards": ["Qs", "7d"]},
    "seats": [
        {"seat": 1, "cards": ["JK", "Ah"], "wagers": {"ante": 1000, "pair_up": 500}, "decision": "call"},
        {"seat": 3, "cards": ["Kh", "Qh"], "wagers": {"ante": 2500, "super_flush": 500}, "decision": "call"},
        {"seat": 5, "cards": ["9c", "4d"], "wagers": {"ante": 1000, "pair_up": 200}, "decision": "fold"},
    ],
}


def calculator_form():
    from trainer.contracts.game import CalculatorForm, DecisionChoice, OptionField

    data = rules_data()
    option = data.house_options["pair_up_table"]
    return CalculatorForm(
        game_id="two-card-joker",
        options=(OptionField("pair_up_table", option.title, tuple(option.choices), option.default, option.citation),),
        dealer_cards=2, seat_cards=2,
        wagers=tuple((k, data.spot_label(k)) for k in WAGERS),
        decisions=(DecisionChoice("Call", CALL), DecisionChoice("Fold", FOLD)),
        max_seats=data.seats, example=EXAMPLE,
    )


def settle_document(doc: dict) -> dict:
    ri.round_keys(doc, ("game", "options", "dealer", "seats"))
    options = ri.options(doc, OPTIONS)
    table = str(options.get("pair_up_table", rules_data().house_options["pair_up_table"].default))
    dealer = ri.dealer_cards(doc, 2)
    seats = ri.seat_hands(doc, 2, WAGERS, (CALL, FOLD), "\"call\" or \"fold\"", SeatWagers)
    result = ri.settled(settle_round, dealer, seats, HouseOptions(pair_up_table=table))
    return {
        "game": "two-card-joker",
        "options": {"pair_up_table": table},
        "dealer": {"hand": result.dealer.category.hand_name, "cards": [str(c) for c in dealer],
                   "description": result.dealer.describe(), "qualifies": result.dealer_qualifies},
        "seats": [
            ri.seat_json(s) for s in sorted(result.seats, key=lambda s: s.seat)
        ],
        "settlement_order": [s.seat for s in result.seats],
        "house_net": result.house_net,
    }
