"""The settlement calculator's Two Card Joker Poker adapter: one round as JSON in,
every wager's result with its odds and rule out (see trainer.calculator)."""

from __future__ import annotations

from trainer.core import round_input as ri
from trainer.core.settlement import SettlementError
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
    seats = []
    for seat in ri.seat_entries(doc, ("seat", "cards", "wagers", "decision")):
        wagers = seat.amounts(WAGERS)
        decision = seat.fields.get("decision")
        if decision not in (None, CALL, FOLD):
            raise SettlementError(f"{seat.where}: decision must be \"call\" or \"fold\", not {decision!r}")
        seats.append(SeatWagers(seat.number, ri.cards(seat.fields.get("cards"), f"{seat.where}: cards", 2),
                                decision=decision, **{k: wagers.get(k, 0) for k in WAGERS}))
    result = ri.settled(settle_round, dealer, seats, HouseOptions(pair_up_table=table))
    return {
        "game": "two-card-joker",
        "options": {"pair_up_table": table},
        "dealer": {"hand": result.dealer.category.label.lower(), "cards": [str(c) for c in dealer],
                   "description": result.dealer.describe(), "qualifies": result.dealer_qualifies},
        "seats": [
            {"seat": s.seat, "hand": s.hand.category.label.lower(), "cards": [str(c) for c in s.hand.cards],
             "description": s.hand.describe(), "wagers": [ri.wager_json(r) for r in s.results], "net": s.net}
            for s in sorted(result.seats, key=lambda s: s.seat)
        ],
        "settlement_order": [s.seat for s in result.seats],
        "house_net": result.house_net,
    }
