"""The words of table mode's next step (the learn level's "Next" and the H hint): the
action, then where to point and which key does it — "Select the dealer (0), then press V".

``next_step_text(action)`` is pure: it reads only the ``DealerAction`` and the keys of
the dealing screen (trainer/ui/table_mode/deal.py): 1-9 a seat, 0 the dealer, Tab every
place in turn (after a seat, its betting spots), a click anywhere on the table; each
verb's letter (``VERBS``); U turns the card face up or down before a deal; a payout is
built in the chip builder and paid with Enter; an announcement with wordings is chosen
from them.
"""

from __future__ import annotations

from trainer.core.table.actions import ANNOUNCE, DEAL, DEALER, MARK, PAY, VERBS, DealerAction

SEAT_KEYS = range(1, 10)  # the digit keys that select a seat (0: the dealer)


def _spot_name(action: DealerAction) -> str:
    return action.spot_label or action.spot or ""


def target_text(action: DealerAction) -> str:
    """Where to point, with the keys that get there; "" when the action is done to the
    whole table (no selection needed)."""
    seat = action.seat
    # The spot matters where the round checks it (trainer.training.table_mode.dealer_round):
    # a payout is made on its wager, the winning card is marked where it is; elsewhere
    # selecting the seat is enough, and a spot of the table's own (the stub, the stand)
    # needs no selection, unless the verb is one done at a place (the winner's pot collected).
    from trainer.ui.table_mode.deal import AT_A_PLACE  # the verbs that always need a place selected

    needs_spot = action.verb in (PAY, MARK) or (seat is None and action.verb in AT_A_PLACE)
    spot = _spot_name(action) if action.spot is not None and needs_spot else ""
    if seat == DEALER:
        return f"Select the dealer's {spot} (0, then Tab to it, or click it)" if spot else "Select the dealer (0)"
    if seat is not None:
        key = str(seat) if seat in SEAT_KEYS else None
        if spot:
            how = f"{key}, then Tab to it, or click it" if key else "Tab to it or click it"
            return f"Select seat {seat}'s {spot} ({how})"
        return f"Select seat {seat} ({key})" if key else f"Select seat {seat} (Tab to it or click it)"
    if spot:  # a place of the table's own: "the winner's pot", "nine of diamonds"
        name = spot[0].lower() + spot[1:] if spot[1:2].islower() else spot
        return f"Select {name} on the table (click it or Tab to it)"
    return ""


def key_text(action: DealerAction) -> str:
    """The key that does the action, with what goes with it."""
    title, key = VERBS.get(action.verb, (action.verb, ""))
    text = f"press {key}" if key else f"choose {title}"
    if action.verb == DEAL and action.face_up is not None:
        text += f", the card face {'up' if action.face_up else 'down'} (U switches face up / face down)"
    elif action.verb == PAY:
        text += " and build the payout with the chips (Enter pays)"
    elif action.verb == ANNOUNCE and action.choices:
        text += " and choose the words"
    return text


def next_step_text(action: DealerAction) -> str:
    """The action's own words, then how to do it: "Place the cover card on the dealer's
    card. Select the dealer (0), then press V." """
    what = action.text.strip().rstrip(".") or VERBS.get(action.verb, (action.verb, ""))[0]
    where, keys = target_text(action), key_text(action)
    how = f"{where}, then {keys}" if where else keys[0].upper() + keys[1:]
    return f"{what}. {how}."
