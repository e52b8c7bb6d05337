"""The settlement calculator's Winner's Pot Poker adapter: one round as JSON in, the pot,
the commission, each share and every wager's result with its rule out (see
trainer.calculator).

Input::

    {"game": "winners-pot",
     "options": {"commission_percent": 5, "commission_fixed": 1000, "button": 0, "minimum_wager": 100},
     "dealer": {"cards": ["Qs", "7d", "4c", "Jh", "2d"]},
     "seats": [{"seat": 1, "cards": ["As", "Ad", "Kc", "7h", "3c"],
                "wagers": {"ante": 500, "jacks_plus": 100}, "decision": ["bet", "double"]},
               {"seat": 3, "cards": ["9h", "8h", "Tc"], "wagers": {"ante": 500}, "decision": ["fold"]}]}

- ``cards`` in the order dealt: the two down cards, then the up cards (three cards for a
  player who folded after the first three, four after the fourth, five otherwise);
- ``ante`` is the same for every player and the dealer (§1 "Ante", §6(c)); the dealer's
  ante, bet and double are placed for it;
- ``decision``: ``["bet", "double"]``, ``["bet", "fold"]`` or ``["fold"]``;
- options: ``commission_percent`` (at most 10, §10(h)(2)), ``commission_fixed`` (cents),
  ``button`` (the seat holding the button, 0 for the dealer: it decides the order of an
  odd cent on a split pot and who bears the odd cent of its commission, trainer rulings
  20 and 26), ``minimum_wager`` (cents: the minimum Jacks Plus wager, for the payout limit
  of §11(c): the minimum times 400, trainer ruling 27). Each may be left out.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from trainer.core import round_input as ri
from trainer.core.money import format_cents
from trainer.core.settlement import SettlementError
from trainer.games.winners_pot.dealing import DEALER, MAX_SEATS
from trainer.games.winners_pot.pot import (
    DECISIONS, POT, HouseOptions, SeatPlay, percent_text, percent_to_basis_points, settle_round,
)
from trainer.games.winners_pot.rules_data import GAME_ID, pot_data

WAGERS = ("ante", "jacks_plus")
OPTIONS = ("commission_percent", "commission_fixed", "button", "minimum_wager")
EXAMPLE = {
    "game": GAME_ID,
    "options": {"commission_percent": 5, "commission_fixed": 1000, "button": 0, "minimum_wager": 100},
    "dealer": {"cards": ["Qs", "7d", "4c", "Jh", "2d"]},
    "seats": [
        {"seat": 1, "cards": ["As", "Ad", "Kc", "7h", "3c"], "wagers": {"ante": 500, "jacks_plus": 100},
         "decision": ["bet", "double"]},
        {"seat": 3, "cards": ["9h", "8h", "Tc"], "wagers": {"ante": 500}, "decision": ["fold"]},
        {"seat": 4, "cards": ["Ks", "Kd", "5c", "5h"], "wagers": {"ante": 500, "jacks_plus": 100},
         "decision": ["bet", "fold"]},
        {"seat": 6, "cards": ["Qd", "Qc", "8s", "8d", "6h"], "wagers": {"ante": 500}, "decision": ["bet", "double"]},
    ],
}


def _whole(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettlementError(f"{where} must be a whole number, not {value!r}")
    return value


def _finite_percent(value: object, most: int) -> None:
    """Refuse, before any arithmetic, a percentage Decimal reads but cannot use: "Infinity",
    "NaN", "sNaN" (which raises on comparison), "1e999999" (which overflows) or a tiny
    exponent (issue 14). Anything else is left to ``percent_to_basis_points``."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return
    try:
        d = Decimal(str(value).strip().rstrip("%"))
    except (InvalidOperation, ValueError):
        return
    if not d.is_finite() or d.adjusted() > 6 or (d and d.adjusted() < -6):
        raise SettlementError(f"options: commission_percent: {str(value)[:40]!r} is not a percentage from 0 to "
                              f"{most} (§10(h)(2))")


def _options(doc: dict) -> tuple[HouseOptions, int, dict]:
    given = ri.options(doc, OPTIONS)
    pd = pot_data()
    if "commission_percent" in given:
        _finite_percent(given["commission_percent"], pd.max_percent)
        bp = percent_to_basis_points(given["commission_percent"], "options: commission_percent")
    else:
        bp = pd.default_percent * 100
    if bp < 0 or bp > pd.max_percent * 100:
        raise SettlementError(f"options: commission_percent: the commission is a percentage of no more than "
                              f"{pd.max_percent} (§10(h)(2)), not {percent_text(bp)}")
    fixed = _whole(given.get("commission_fixed", pd.default_fixed), "options: commission_fixed")
    if fixed < 0:
        raise SettlementError("options: commission_fixed: the fixed commission is 0 cents or more")
    button = _whole(given.get("button", DEALER), "options: button")
    if not 0 <= button <= MAX_SEATS:
        raise SettlementError(f"options: button is the seat holding the button (1 to {MAX_SEATS}), or 0 when it lies "
                              "before the dealer")
    minimum = _whole(given.get("minimum_wager", 100), "options: minimum_wager")
    if minimum <= 0:
        raise SettlementError("options: minimum_wager: the minimum wager is a positive number of cents")
    shown = {"commission_percent": bp / 100 if bp % 100 else bp // 100, "commission_fixed": fixed, "button": button,
             "minimum_wager": minimum}
    return HouseOptions(commission_bp=bp, commission_fixed=fixed, minimum_wager=minimum), button, shown


def _decision(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or tuple(value) not in DECISIONS:
        raise SettlementError(f"{where}: decision is [\"bet\", \"double\"], [\"bet\", \"fold\"] or [\"fold\"] "
                              f"(§10(a), §10(c)), not {value!r}")
    return tuple(value)


def settle_document(doc: dict) -> dict:
    ri.round_keys(doc, ("game", "options", "dealer", "seats"))
    options, button, shown = _options(doc)
    dealer = ri.dealer_cards(doc, 5)
    plays = []
    antes: dict[int, int] = {}
    for seat in ri.seat_entries(doc, ("seat", "cards", "wagers", "decision")):
        s, number, where = seat.fields, seat.number, seat.where
        wagers = seat.amounts(WAGERS)
        if not wagers.get("ante"):
            raise SettlementError(f"{where}: every player places an ante (§6(c))")
        antes[number] = wagers["ante"]
        if "decision" not in s:
            raise SettlementError(f"{where}: decision is missing: [\"bet\", \"double\"], [\"bet\", \"fold\"] or "
                                  "[\"fold\"]")
        decision = _decision(s["decision"], where)
        plays.append(SeatPlay(number, ri.cards(s.get("cards"), f"{where}: cards"), decision,
                              wagers.get("jacks_plus", 0)))
    ante_values = set(antes.values())
    if len(ante_values) > 1:
        listed = ", ".join(f"seat {k} {format_cents(v)}" for k, v in sorted(antes.items()))
        raise SettlementError(f"the ante is one fixed amount for every player and the dealer (§1 \"Ante\"); "
                              f"the seats differ: {listed}")
    (ante,) = ante_values
    result = ri.settled(settle_round, ante, dealer, plays, button=button, options=options)
    award = result.award
    return {
        "game": GAME_ID,
        "options": shown,
        "dealer": {"hand": result.dealer.category.hand_name, "cards": [str(c) for c in dealer],
                   "description": result.dealer.describe(),
                   "wagers": [ri.wager_json(r) for r in result.dealer_results], "net": result.dealer_net},
        "seats": [
            {"seat": s.seat, "hand": s.hand.category.hand_name, "cards": [str(c) for c in s.cards],
             "description": s.hand.describe(),
             "folded": {3: "after three cards", 4: "after four cards"}.get(s.folded_after, ""),
             "wagers": [ri.wager_json(r) for r in s.results], "net": s.net}
            for s in result.seats
        ],
        "pot": {
            "total": award.pot,
            "highest": result.highest.describe(),
            "winners": ["dealer" if p == DEALER else p for p in award.winners],
            "commission": award.commission,
            "commission_on": award.commission_base,
            "commission_rule": award.reason,
            "shares": [{"position": "dealer" if sh.position == DEALER else sh.position, "share": sh.share,
                        "commission": sh.commission, "paid": sh.paid} for sh in award.shares],
            "to_table_inventory": award.to_inventory,
            "rule": "; ".join(award.rules),
        },
        "folded_antes_to_inventory": result.folded_antes,
        "jacks_plus_limit": result.jacks_plus_limit,
        "ledger": result.ledger(),
        "house_net": result.house_net,
    }


def calculator_form():
    from trainer.contracts.game import CalculatorForm, DecisionChoice, OptionField
    from trainer.games.winners_pot.rules_data import rules_data

    data = rules_data()
    pd = pot_data()
    sec = pd.commission_citation
    options = (
        OptionField("commission_percent", "Commission %", tuple(str(n) for n in range(pd.max_percent, -1, -1)),
                    str(pd.default_percent), sec),
        OptionField("commission_fixed", "Commission cap (cents)",
                    ("500", "1000", "1500", "2000", "2500", "5000", "10000"), str(pd.default_fixed), sec),
        OptionField("button", "Button at", ("0",) + tuple(str(n) for n in range(1, data.seats + 1)), "0",
                    "Winner's Pot Poker §7(d); trainer ruling 20; trainer ruling 26"),
        OptionField("minimum_wager", "Minimum Jacks Plus (cents)", ("100", "500", "1000", "2500", "12500", "25000"),
                    "100", f"{pd.limit_citation}; trainer ruling 27"),
    )
    return CalculatorForm(
        game_id=GAME_ID, options=options, dealer_cards=5, seat_cards=5,
        wagers=tuple((k, data.spot_label(k)) for k in WAGERS),
        decisions=(DecisionChoice("Bet, double", ["bet", "double"]), DecisionChoice("Bet, then fold", ["bet", "fold"]),
                   DecisionChoice("Fold", ["fold"])),
        max_seats=data.seats, example=EXAMPLE,
    )


__all__ = ["settle_document", "calculator_form", "EXAMPLE", "WAGERS", "OPTIONS", "POT"]


def format_pot(result: dict) -> list[str]:
    """Readable lines for the pot block of a settled round (for trainer.calculator.format_result,
    which prints the dealer and the seats but knows no pot)."""
    pot = result.get("pot")
    if not pot:
        return []
    names = ["the dealer" if w == "dealer" else f"seat {w}" for w in pot["winners"]]
    lines = ["", f"Winner's pot {format_cents(pot['total'])}: highest hand {pot['highest'].lower()}, "
                 f"held by {' and '.join(names)}  ({pot['rule']})"]
    if pot["commission"] or pot["commission_on"]:
        lines.append(f"  commission {format_cents(pot['commission'])}: {pot['commission_rule']}")
    for sh in pot["shares"]:
        who = "dealer (to the table inventory)" if sh["position"] == "dealer" else f"seat {sh['position']}"
        lines.append(f"  {who}: share {format_cents(sh['share'])}, commission {format_cents(sh['commission'])}, "
                     f"paid {format_cents(sh['paid'])}")
    if result.get("folded_antes_to_inventory"):
        lines.append(f"  antes folded after three cards, to the table inventory: "
                     f"{format_cents(result['folded_antes_to_inventory'])}")
    return lines


format_extra = format_pot  # the pot block, printed by trainer.calculator.format_result
