"""Table mode rounds dealt and watched as a trainee does, with mistakes made on purpose:
for the tests of the round check (``trainer.review.round_check``), at the import and at
the server."""

from __future__ import annotations

from collections import Counter

from trainer.core.chips import house_chips
from trainer.core.table.actions import CLEAR, DEAL, PAY, SPIN
from trainer.core.table.levels import level
from trainer.core.table.script import RoundConfig
from trainer.games import registry
from trainer.training.table_mode.actions import Attempt
from trainer.training.table_mode.games import deal_round, has_table_mode, watch_round

TABLE_GAMES = [s.id for s in registry.shipped() if has_table_mode(s.id)]


def deal_with_mistakes(game_id: str, seed: int, *, lv: str = "practice", round_number: int = 1,
                       options: dict | None = None):
    """A round dealt to the end, first getting wrong: a step out of turn, a card's face, a
    seat, a payout's amount, and a payout in more chips than needed (each where the round
    has one). Returns (the round, the mistakes the round reported by kind)."""
    play = deal_round(RoundConfig(game_id, seed, level(lv), options or {}, round_number))
    said: Counter = Counter()

    def attempt(a: Attempt) -> bool:
        out = play.attempt(a, 300)
        if out.mistake is not None:
            said[out.mistake.kind] += 1
        elif out.note:
            said["extra-chips"] += 1
        return out.accepted

    first = play.next_action()
    attempt(Attempt(SPIN if first.verb == CLEAR else CLEAR))  # a step the rules do not call for now
    seats = sorted({a.seat for a in play.script.actions if a.seat})
    while not play.finished:
        action = play.next_action()
        if action.verb == DEAL and action.face_up is not None and not said["wrong-face"]:
            attempt(Attempt(DEAL, action.seat, action.spot, not action.face_up))
        elif action.verb == PAY and not said["wrong-amount"]:
            attempt(Attempt(PAY, action.seat, action.spot, amount=action.amount + 100))
        elif action.verb == PAY and not said["extra-chips"]:
            small = house_chips().denominations[0]
            if action.amount % small == 0 and action.amount // small > sum(house_chips().fewest(action.amount).values()):
                if attempt(Attempt(PAY, action.seat, action.spot, chips=((small, action.amount // small),))):
                    continue
        elif action.seat and len(seats) > 1 and not said["wrong-position"]:
            if attempt(Attempt(action.verb, next(s for s in seats if s != action.seat), action.spot, action.face_up)):
                continue  # another action of an any-order group: done, and right
        play.perform_next(800)
    return play, said


def watch_with_calls(game_id: str, seed: int, *, lv: str = "practice", round_number: int = 1):
    """A watched round: the first mistake stopped (its rule named right, its remedy wrong),
    the others let pass, and one right action stopped (a false call)."""
    play = watch_round(RoundConfig(game_id, seed, level(lv), {}, round_number))
    false_called = False
    while not play.finished:
        cur = play.current()
        if cur.mistake is not None and play.record.caught == 0:
            play.stop(500)
            play.answer(play.pending[0].answer, 900)
            play.answer("not the remedy", 900)
        elif cur.mistake is None and not false_called and play.position > 2:
            play.stop(500)
            false_called = True
        play.proceed(700)
    return play


def row_of(record, round_id: str = "ab" * 16) -> dict:
    """A stored round as a results file holds it (its JSON columns as text)."""
    return {"id": round_id, **record.as_row()}
