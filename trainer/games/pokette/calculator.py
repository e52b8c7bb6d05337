"""The settlement calculator's Pokette adapter: one spin as JSON in, every wager's result
with its odds and rule, the order of the dealer's work and the card stand out.

Input::

    {"game": "pokette",
     "options": {"pay_table": "minimum", "odds": {"split": "25 to 1"}},
     "stand": ["7h", "8h"],
     "winning_card": "9h",
     "seats": [
       {"seat": 1, "wagers": [{"wager": "split", "cards": ["7s", "7c"], "amount": 500},
                              {"wager": "open straight flush", "amount": 200}]},
       {"seat": 3, "wagers": [{"wager": "red", "amount": 1000},
                              {"wager": "double rank", "ranks": ["9", "10"], "amount": 500}]}]}

``stand`` is the cards already in the card stand before this spin (none, one or two; the
same card may appear twice, three decks supply the stand), ``winning_card`` the result
of this spin: a card, or ``JK1`` / ``JK2``. A wager is named as in the rule text; what it
covers is ``cards`` (straight up, split, corner), ``ranks`` (single rank, double rank)
or ``suit``. Options: ``pay_table`` (a table of the data, default the minimum of
§(f)(2)) and ``odds`` (house odds for single wagers, never below the minimum).
"""

from __future__ import annotations

from trainer.core import round_input as ri
from trainer.core.cards import CardError
from trainer.core.settlement import SettlementError, validate_amount
from trainer.games.pokette.layout import LayoutError, default_layout, wager_name
from trainer.games.pokette.rules_data import GAME_ID
from trainer.games.pokette.settlement import PAY, Bet, HouseOptions, settle_spin
from trainer.games.pokette.stand import Stand, StandError, hand_name
from trainer.games.pokette.wheel import Section, SectionError

OPTIONS = ("pay_table", "odds")
WAGER_KEYS = ("wager", "cards", "ranks", "suit", "amount")

EXAMPLE = {
    "game": GAME_ID,
    "options": {"pay_table": "minimum"},
    "stand": ["7h", "8h"],
    "winning_card": "9h",
    "seats": [
        {"seat": 1, "wagers": [{"wager": "split", "cards": ["9h", "9d"], "amount": 500},
                               {"wager": "open straight flush", "amount": 200},
                               {"wager": "pair in three", "amount": 500}]},
        {"seat": 3, "wagers": [{"wager": "red", "amount": 1000},
                               {"wager": "double rank", "ranks": ["9", "10"], "amount": 500},
                               {"wager": "flush", "amount": 1000}]},
        {"seat": 5, "wagers": [{"wager": "single card straight up", "cards": ["9s"], "amount": 100},
                               {"wager": "jacer", "amount": 500}]},
    ],
}


def _options(doc: dict) -> HouseOptions:
    given = ri.options(doc, OPTIONS)
    table = given.get("pay_table", "minimum")
    if not isinstance(table, str):
        raise SettlementError("options: pay_table names a pay table, e.g. \"minimum\"")
    odds_in = ri.obj(given.get("odds", {}), "options: odds")
    odds = []
    for k, v in odds_in.items():
        try:
            name = wager_name(k)
        except LayoutError as e:
            raise SettlementError(f"options: odds: {e}") from e
        if not isinstance(v, str):
            raise SettlementError(f"options: odds: {name}: write the odds as text, e.g. \"30 to 1\"")
        odds.append((name, v))
    return HouseOptions(pay_table=table, odds=tuple(odds))


def _stand(doc: dict) -> Stand:
    texts = doc.get("stand", [])
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise SettlementError("stand: the cards in the card stand are a list of texts such as [\"7h\", \"8h\"]")
    cards = []
    for t in texts:
        if t.strip().upper().startswith("JK"):
            raise SettlementError("stand: a joker never goes into the card stand (§(g)(5)(iii), trainer ruling P7)")
        try:
            cards.append(Section.parse(t).card)
        except CardError as e:
            raise SettlementError(f"stand: {e}") from e
    try:
        return Stand(tuple(cards))
    except StandError as e:
        raise SettlementError(f"stand: {e}") from e


def _winning(doc: dict) -> Section:
    text = doc.get("winning_card")
    if not isinstance(text, str):
        raise SettlementError("winning_card: the result of this spin is needed, a card such as \"9h\" or a joker, "
                              "\"JK1\" or \"JK2\"")
    try:
        return Section.parse(text)
    except (SectionError, CardError) as e:
        raise SettlementError(f"winning_card: {e}") from e


def _bets(doc: dict) -> list[Bet]:
    layout = default_layout()
    bets: list[Bet] = []
    numbers: set[int] = set()
    for seat in ri.seat_entries(doc, ("seat", "wagers")):
        s, number = seat.fields, seat.number
        if number in numbers:
            raise SettlementError(f"seat {number} is listed twice")
        numbers.add(number)
        where = f"seat {number}"
        wagers = s.get("wagers")
        if not isinstance(wagers, list) or not wagers:
            raise SettlementError(f"{where}: wagers: a list of wagers such as "
                                  "[{\"wager\": \"red\", \"amount\": 500}]")
        for i, w in enumerate(wagers):
            at = f"{where}: wagers[{i}]"
            w = ri.obj(w, at)
            ri.known_keys(w, WAGER_KEYS, at)
            try:
                name = wager_name(w.get("wager"))
                cards = w.get("cards", [])
                ranks = w.get("ranks", [])
                suit = w.get("suit", "")
                if not isinstance(cards, list) or not isinstance(ranks, list) or not isinstance(suit, str):
                    raise LayoutError("cards and ranks are lists, suit a text")
                placement = layout.place(name, cards=cards, ranks=ranks, suit=suit)
            except (LayoutError, CardError) as e:
                raise SettlementError(f"{at}: {e}") from e
            amount = validate_amount(f"{at}: amount", w.get("amount"))
            bets.append(Bet(number, placement, amount))
    return bets


def settle_document(doc: dict) -> dict:
    ri.round_keys(doc, ("game", "options", "stand", "winning_card", "seats"))
    options = _options(doc)
    stand = _stand(doc)
    winning = _winning(doc)
    bets = _bets(doc)
    result = settle_spin(stand, winning, bets, options)
    change = result.stand
    cards = [str(c) for c in change.cards]
    if change.position is None:
        description = (f"winning card {winning} (a joker): the stand keeps {' '.join(map(str, stand.cards)) or 'nothing'}"
                       "; open poker hand wagers stay in action")
    else:
        description = f"winning card {winning}; card stand {' '.join(cards)}"
    hand = hand_name(change.cards) if len(change.cards) >= 2 else ""
    seats = []
    for number in result.seat_numbers():
        rows = result.seat(number)
        wagers = []
        in_action = []
        for r in rows:
            extra = {"label": r.bet.placement.label()} | r.bet.placement.selection_json()
            if r.in_action:
                in_action.append({"wager": r.bet.wager, "amount": r.bet.amount, "rule": "; ".join(r.rules)} | extra)
            else:
                wagers.append(ri.wager_json(r.result) | extra)
        seats.append({
            "seat": number, "hand": hand, "cards": cards,
            "description": description + (f"; {len(in_action)} wager(s) in action" if in_action else ""),
            "wagers": wagers, "in_action": in_action, "net": result.seat_net(number),
            "paid": result.seat_paid(number), "collected": result.seat_collected(number),
        })
    ann = change.announcement
    return {
        "game": GAME_ID,
        "options": {"pay_table": options.pay_table} | ({"odds": dict(options.odds)} if options.odds else {}),
        "winning_card": str(winning),
        "winning_card_name": winning.name(),
        "stand": {"before": [str(c) for c in stand.cards], "position": change.position, "cards": cards,
                  "hand": hand, "cleared": change.cleared, "after": [str(c) for c in change.after.cards],
                  "offered_next": list(change.after.offered()), "description": change.describe()},
        "announcement": ({"wagers": list(ann.wagers), "text": ann.text(), "explanation": ann.explain(),
                          "rule": "; ".join(ann.citations)} if ann else None),
        "seats": seats,
        "settlement_order": [
            {"action": action, "seat": r.bet.seat, "wager": r.bet.wager, "label": r.bet.placement.label(),
             "amount": r.bet.amount, "net": r.net}
            for action, r in result.order()
        ],
        "phases": [{"action": ph.action, "title": ph.title, "count": len(ph.items), "rule": "; ".join(ph.citations)}
                   for ph in result.phases],
        "paid": sum(r.net for a, r in result.order() if a == PAY),
        "house_net": result.house_net,
    }


def format_extra(result: dict) -> list[str]:
    """The lines the calculator's text adds for a Pokette spin: the card stand, the
    announcement, the wagers a joker leaves in action and the order of the dealer's work."""
    from trainer.core.money import format_cents

    lines = ["", f"Winning card: {result['winning_card']} ({result['winning_card_name']})",
             f"Card stand: {result['stand']['description']}"]
    if result.get("announcement"):
        lines.append(f"Announce: {result['announcement']['text']}  ({result['announcement']['rule']})")
    for seat in result["seats"]:
        for w in seat.get("in_action", []):
            lines.append(f"In action: seat {seat['seat']} {w['label']} {format_cents(w['amount'])}  ({w['rule']})")
    for ph in result.get("phases", []):
        lines.append(f"{ph['title']} ({ph['count']}; {ph['rule']})")
    if result.get("settlement_order"):
        steps = [f"{a['action']} seat {a['seat']} {a['label']} {format_cents(abs(a['net']))}"
                 for a in result["settlement_order"]]
        lines.append("Order: " + "; ".join(steps))
    return lines


def calculator_form():
    """None: the calculator screen's generic form (dealt hands, fixed wagers per seat)
    cannot express a Pokette round (a stand, a winning section and a list of placed
    wagers per seat), so Pokette is settled from JSON (``dealer-trainer settle``, whose
    input shape ``EXAMPLE`` shows) and practised in the layout drill."""
    return None


__all__ = ["settle_document", "calculator_form", "format_extra", "EXAMPLE"]
