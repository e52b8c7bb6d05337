"""The settlement calculator's Four Card Poker adapter: one round as JSON in, every
wager's result with its odds and rule out (see trainer.calculator).

Input::

    {"game": "four-card",
     "options": {"aces_up_table": "I", "progressive_table": "A", "progressive_meter": 512345,
                 "progressive_reset": 500000, "progressive_rate": 1500, "progressive_offered": true,
                 "cover_all_offered": true, "two_positions": false, "settlement_alternative": "1"},
     "dealer": {"cards": ["2c", "3d", "7h", "9s", "Jc", "Kd"]},
     "seats": [{"seat": 1, "cards": ["As", "Ah", "Ad", "Ac", "Kh"],
                "wagers": {"ante": 1000, "aces_up": 500, "cover_all": 200, "progressive": 100},
                "decision": {"play": 3000}, "player": "Ann"}]}

``decision`` is ``{"play": cents}`` (a bare number of cents is accepted too) or "fold"; ``player`` names one player at two
adjacent positions (§6(e)). Every option may be left out (the defaults of HouseOptions).
"""

from __future__ import annotations

from trainer.core import round_input as ri
from trainer.core.settlement import SettlementError
from trainer.games.four_card.rules_data import GAME_ID
from trainer.games.four_card.settlement import DEALER, FOLD, HouseOptions, SeatWagers, settle_round

WAGERS = ("ante", "aces_up", "cover_all", "progressive")
TEXT_OPTIONS = ("aces_up_table", "progressive_table", "settlement_alternative")
CENT_OPTIONS = ("progressive_meter", "progressive_reset", "progressive_rate")
FLAG_OPTIONS = ("progressive_offered", "cover_all_offered", "two_positions")
OPTIONS = TEXT_OPTIONS + CENT_OPTIONS + FLAG_OPTIONS


def _options(doc: dict) -> HouseOptions:
    given = ri.options(doc, OPTIONS)
    kw: dict = {}
    for k in TEXT_OPTIONS:
        if k in given:
            kw[k] = str(given[k])
    for k in CENT_OPTIONS:
        if k in given:
            v = given[k]
            if isinstance(v, bool) or not isinstance(v, int):
                raise SettlementError(f"options: {k} must be a whole number")
            kw[k] = v
    for k in FLAG_OPTIONS:
        if k in given:
            if not isinstance(given[k], bool):
                raise SettlementError(f"options: {k} must be true or false")
            kw[k] = given[k]
    return HouseOptions(**kw)


def settle_document(doc: dict) -> dict:
    ri.round_keys(doc, ("game", "options", "dealer", "seats"))
    options = _options(doc)
    dealer = ri.dealer_cards(doc, 6)
    seats = []
    for seat in ri.seat_entries(doc, ("seat", "cards", "wagers", "decision", "player")):
        s, number, where = seat.fields, seat.number, seat.where
        wagers = seat.amounts(WAGERS)
        decision = s.get("decision")
        if isinstance(decision, dict) and set(decision) == {"play"}:
            decision = decision["play"]  # {"play": cents}, the calculator's documented form
        if not (decision is None or decision == FOLD or (isinstance(decision, int) and not isinstance(decision, bool))):
            raise SettlementError(f"{where}: decision is {{\"play\": cents}} (1 to 3 times the ante) or "
                                  f"\"fold\", not {decision!r}")
        player = s.get("player", "")
        if not isinstance(player, str):
            raise SettlementError(f"{where}: player must be a name")
        seats.append(SeatWagers(number, ri.cards(s.get("cards"), f"{where}: cards", 5), decision=decision,
                                player=player, **{k: wagers.get(k, 0) for k in WAGERS}))
    result = ri.settled(settle_round, dealer, seats, options)
    ca = result.cover_all
    return {
        "game": GAME_ID,
        "options": {k: getattr(options, k) for k in OPTIONS if getattr(options, k) is not None}
        | {"progressive_meter": options.meter_amount(), "progressive_reset": options.reset_amount()},
        "dealer": {"hand": result.dealer.category.hand_name, "cards": [str(c) for c in dealer],
                   "best_four": [str(c) for c in result.dealer.cards], "description": result.dealer.describe()},
        "seats": [
            {"seat": s.seat, "hand": s.hand.category.hand_name, "cards": [str(c) for c in s.cards],
             "best_four": [str(c) for c in s.hand.cards], "description": s.hand.describe(), "folded": s.folded,
             "wagers": [ri.wager_json(r) for r in s.results], "net": s.net}
            for s in sorted(result.seats, key=lambda s: s.seat)
        ],
        "settlement_order": [s.seat for s in result.seats],
        "cover_all": {"players": ca.players, "highest": ca.highest.describe(),
                      "holders": ["dealer" if h == DEALER else h for h in ca.holders],
                      "pays": str(ca.odds) if ca.odds else "", "row": ca.label, "rule": "; ".join(ca.rules)},
        "envy": [{"seat": e.seat, "source": e.source, "hand": e.hand.short(), "result": e.result.result,
                  "net": e.result.net} for e in result.envy],
        "progressive_meter": {"before": result.meter_before, "after": result.meter_after},
        "house_net": result.house_net,
    }


EXAMPLE = {
    "game": GAME_ID,
    "options": {"aces_up_table": "I"},
    "dealer": {"cards": ["As", "Ad", "Kc", "7h", "7d", "2s"]},
    "seats": [
        {"seat": 1, "cards": ["Qs", "Qh", "Qd", "9c", "3s"], "wagers": {"ante": 1000, "aces_up": 500},
         "decision": {"play": 3000}},
        {"seat": 2, "cards": ["Ac", "Ah", "8c", "5d", "4s"], "wagers": {"ante": 500, "aces_up": 500},
         "decision": "fold"},
        {"seat": 5, "cards": ["Kd", "Ks", "Jh", "Jc", "6h"], "wagers": {"ante": 1000}, "decision": {"play": 1000}},
    ],
}


def calculator_form():
    from trainer.contracts.game import CalculatorForm, DecisionChoice, OptionField
    from trainer.games.four_card.rules_data import rules_data

    data = rules_data()
    options = tuple(
        OptionField(key, opt.title, tuple(opt.choices), opt.default, opt.citation)
        for key, opt in data.house_options.items() if key in TEXT_OPTIONS
    )
    return CalculatorForm(
        game_id=GAME_ID, options=options, dealer_cards=6, seat_cards=5,
        wagers=tuple((k, data.spot_label(k)) for k in WAGERS if any(s.key == k for s in data.spots)),
        decisions=(DecisionChoice("Play 1x ante", None, 1), DecisionChoice("Play 2x ante", None, 2),
                   DecisionChoice("Play 3x ante", None, 3), DecisionChoice("Fold", FOLD)),
        max_seats=data.seats, example=EXAMPLE,
    )
