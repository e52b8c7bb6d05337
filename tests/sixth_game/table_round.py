"""High Card Duel's Table mode: the round of §3-§5 composed of the shared dealer steps
(trainer/core/table/steps.py), and the mistakes the app may make when it deals it (§6)."""

from __future__ import annotations

import random

from trainer.core.cards import card_label, shuffled, standard_deck
from trainer.core.money import format_cents
from trainer.core.table import steps
from trainer.core.table.actions import DEAL, DEALER, PAY
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, pick_seats, pick_wager
from trainer.core.table.table_state import TableState
from tests.sixth_game.duel import cite, settle_ante
from tests.sixth_game.rules_data import GAME_ID, rules_data

HOUSE_OPTIONS: tuple[HouseOption, ...] = ()  # the house chooses nothing in this game


def build_round(config: RoundConfig) -> RoundScript:
    data = rules_data()
    rng = random.Random(config.seed)
    seats = pick_seats(rng, config.level, data.seats)
    antes = {s: pick_wager(rng, config.level) for s in seats}
    deck = shuffled(standard_deck(), rng)
    cards = {s: deck.pop() for s in seats}
    dealer = deck.pop()
    dealt = (cite("3"),)
    actions = [steps.deal(s, [cards[s]], True, f"Deal seat {s} one card face up", dealt) for s in seats]
    actions.append(steps.deal(DEALER, [dealer], True, "Deal yourself one card face up", dealt))
    summary = [f"Dealer: {card_label(dealer)}"]
    for s in seats:
        result = settle_ante(cards[s], dealer, antes[s])
        action = steps.settle(s, result, pay_text=f"Pay seat {s}'s Ante {format_cents(result.net)} (1 to 1)",
                              collect_text=f"Collect seat {s}'s Ante", citations=result.rules, spot_label="Ante")
        if action is not None:
            actions.append(action)
        summary.append(f"Seat {s}: {card_label(cards[s])}, {result.describe()}")
    actions.append(steps.clear_table("Clear the cards", dealt))
    start = TableState(GAME_ID, data.title, data.spots, data.seats, {s: {"ante": a} for s, a in antes.items()})
    return steps.table_script(config, start, actions, options={}, option_lines=(),
                              players=[f"Seat {s}: Ante {format_cents(a)}" for s, a in antes.items()],
                              summary=summary, irregularities=data.irregularities)


def watch_mistakes(script: RoundScript, rng: random.Random) -> list:
    """The first winning Ante paid double (§5, remedy §6(a)); a seat's card dealt to the
    next seat before its turn (§3, remedy §6(b))."""
    irregularities = rules_data().irregularities
    out = []
    for i, a in enumerate(script.actions):
        if a.verb == PAY:
            out.append(steps.wrong_payout(i, a, 2 * a.amount, f"Pays seat {a.seat}'s Ante {format_cents(2 * a.amount)}",
                                          "A winning Ante is paid 1 to 1", cite("5"),
                                          steps.remedy_of(irregularities, "wrong-payout")))
            break
    deals = [(i, a) for i, a in enumerate(script.actions) if a.verb == DEAL and a.seat != DEALER]
    if len(deals) > 1:
        (i, a), (_, later) = deals[0], deals[1]
        out.append(steps.dealt_out_of_turn(i, a, later.seat, f"Deals seat {later.seat} a card before seat {a.seat}",
                                           "Cards are dealt clockwise from the dealer's left", cite("3"),
                                           steps.remedy_of(irregularities, "out-of-turn")))
    return out
