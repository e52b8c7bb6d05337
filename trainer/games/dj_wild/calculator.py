"""The settlement calculator's DJ Wild Poker adapter: one round as JSON in, every
wager's result with its odds and rule out (see trainer.calculator)."""

from __future__ import annotations

from trainer.core import round_input as ri
from trainer.games.dj_wild.rules_data import rules_data
from trainer.games.dj_wild.settlement import FOLD, PLAY, HouseOptions, SeatWagers, settle_round

GAME_ID = "dj-wild"
WAGERS = ("ante", "blind", "trips", "bad_beat", "cover_all")
OPTIONS = ("trips_table",)
EXAMPLE = {
    "game": GAME_ID,
    "options": {"trips_table": "01"},
    "dealer": {"cards": ["Ks", "Kd", "9c", "7h", "4s"]},
    "seats": [
        {"seat": 1, "cards": ["2c", "2h", "Qs", "Qd", "5c"], "wagers": {"ante": 1000, "blind": 1000, "trips": 500},
         "decision": "play"},
        {"seat": 4, "cards": ["JK", "Ah", "Th", "8h", "3h"], "wagers": {"ante": 1000, "blind": 1000, "bad_beat": 500},
         "decision": "play"},
        {"seat": 6, "cards": ["Jc", "9d", "6s", "5h", "3d"], "wagers": {"ante": 500, "blind": 500, "trips": 500},
         "decision": "fold"},
    ],
}


def settle_document(doc: dict) -> dict:
    ri.round_keys(doc, ("game", "options", "dealer", "seats"))
    options = ri.options(doc, OPTIONS)
    table = str(options.get("trips_table", rules_data().house_options["trips_table"].default))
    dealer = ri.dealer_cards(doc, 5)
    seats = ri.seat_hands(doc, 5, WAGERS, (PLAY, FOLD), "\"play\" (twice the ante) or \"fold\"", SeatWagers)
    result = ri.settled(settle_round, dealer, seats, HouseOptions(trips_table=table))
    out = {
        "game": GAME_ID,
        "options": {"trips_table": table},
        "dealer": {"hand": result.dealer.category.hand_name, "cards": [str(c) for c in dealer],
                   "description": result.dealer.describe()},
        "seats": [
            ri.seat_json(s, **({"trips_reading": s.trips_reading.label} if s.trips_reading else {}))
            for s in sorted(result.seats, key=lambda s: s.seat)
        ],
        "house_net": result.house_net,
    }
    if result.cover_all is not None:
        out["cover_all"] = {"highest": result.cover_all.highest.describe().lower(),
                            "holders": ["dealer" if h == 0 else h for h in result.cover_all.holders],
                            "players": result.cover_all.players, "result": result.cover_all.result,
                            "odds": result.cover_all.odds, "rule": "; ".join(result.cover_all.rules),
                            "description": result.cover_all.describe()}
    return out


def calculator_form():
    from trainer.contracts.game import CalculatorForm, DecisionChoice, OptionField

    data = rules_data()
    option = data.house_options["trips_table"]
    return CalculatorForm(
        game_id=GAME_ID,
        options=(OptionField("trips_table", option.title, tuple(option.choices), option.default, option.citation),),
        dealer_cards=5, seat_cards=5,
        wagers=tuple((k, data.spot_label(k)) for k in WAGERS),
        decisions=(DecisionChoice("Play (2x ante)", PLAY), DecisionChoice("Fold", FOLD)),
        max_seats=data.seats, example=EXAMPLE,
    )
