"""Table mode's next-step text names the target and the key (issue 12): the pure function
(trainer/ui/table_mode/hint_text.py) on actions written here, and the learn level's
"Next" banner and the H hint of a real round showing it."""

from __future__ import annotations

from html import escape

import pytest
from PySide6.QtCore import Qt

from trainer.training.table_mode import games
from trainer.core.table.actions import (
    ANNOUNCE, COLLECT, COVER, CUT, DEAL, DEALER, MARK, OFFER, PAY, STAND, DealerAction,
)
from trainer.core.table.levels import level
from trainer.contracts.round_record import DEAL_MODE
from trainer.ui.table_mode.hint_text import next_step_text
from trainer.ui.table_mode.screen import TableModeScreen
from trainer.ui.table_mode.setup import Settings


@pytest.mark.parametrize("action, text", [
    (DealerAction(COVER, DEALER, text="Place the cover card on the dealer's card"),
     "Place the cover card on the dealer's card. Select the dealer (0), then press V."),
    (DealerAction(ANNOUNCE, text="Announce “No more bets”"), "Announce “No more bets”. Press N."),
    (DealerAction(CUT, text="Cut the cards."), "Cut the cards. Press C."),
    (DealerAction(DEAL, 3, face_up=False, text="Deal seat 3 its first card, face down"),
     "Deal seat 3 its first card, face down. Select seat 3 (3), then press D, the card face down "
     "(U switches face up / face down)."),
    (DealerAction(DEAL, 2, face_up=True, text="Deal seat 2 its card face up"),
     "Deal seat 2 its card face up. Select seat 2 (2), then press D, the card face up "
     "(U switches face up / face down)."),
    (DealerAction(OFFER, 12, text="Ask seat 12 for the decision"),
     "Ask seat 12 for the decision. Select seat 12 (Tab to it or click it), then press O."),
    (DealerAction(PAY, 5, "pair_up", amount=7500, spot_label="Pair Up", payout=True,
                  text="Pay seat 5's Pair Up 3 to 1"),
     "Pay seat 5's Pair Up 3 to 1. Select seat 5's Pair Up (5, then Tab to it, or click it), then press P "
     "and build the payout with the chips (Enter pays)."),
    (DealerAction(COLLECT, 4, "pair_up", spot_label="Pair Up", text="Collect seat 4's losing Pair Up"),
     "Collect seat 4's losing Pair Up. Select seat 4 (4), then press L."),  # the seat is enough
    (DealerAction(COLLECT, None, "pot", spot_label="Winner's pot", text="Place the winner's pot in the container"),
     "Place the winner's pot in the container. Select winner's pot on the table (click it or Tab to it), "
     "then press L."),
    (DealerAction(MARK, None, "9d", spot_label="nine of diamonds", text="Place the marker on 9d"),
     "Place the marker on 9d. Select nine of diamonds on the table (click it or Tab to it), then press K."),
    (DealerAction(STAND, None, "stand-1", spot_label="first space", text="Place the card in the stand"),
     "Place the card in the stand. Press T."),  # the stand is the table's own: nothing to select
    (DealerAction(ANNOUNCE, None, "three tens", choices=("three tens", "two pair"), text="Announce the hand"),
     "Announce the hand. Press N and choose the words."),
])
def test_next_step_text_names_the_target_and_the_key(action, text):
    assert next_step_text(action) == text


def _screen(qtbot, game_id: str, level_id: str, seed: int = 7) -> TableModeScreen:
    if not games.has_table_mode(game_id):
        pytest.skip(f"{game_id} has no table mode")
    screen = TableModeScreen(game_id)
    qtbot.addWidget(screen)
    screen.resize(1400, 900)
    screen.show()
    screen.start(seed)
    screen.begin(Settings(DEAL_MODE, level(level_id), {}, seed))
    return screen


def test_the_learn_level_shows_where_and_which_key(qtbot):
    screen = _screen(qtbot, "two-card-joker", "learn")
    r = screen.round
    for _ in range(4):  # the first steps, each shown with its key as it comes
        nxt = r.next_action()
        shown = screen.deal.next_banner.text.text()
        assert escape(next_step_text(nxt)) in shown
        key = {"cut": "C", "announce": "N", "deal": "D", "cover": "V", "clear": "X"}[nxt.verb]
        assert f"ress {key}" in shown
        if nxt.seat is not None:
            assert f"({nxt.seat})" in shown  # the digit that selects the seat (0: the dealer)
        from trainer.training.table_mode.actions import attempt_for

        screen.deal.attempt(attempt_for(nxt))


def test_the_h_hint_shows_where_and_which_key(qtbot):
    screen = _screen(qtbot, "two-card-joker", "guided")
    r = screen.round
    nxt = r.next_action()
    assert not screen.deal.next_banner.isVisibleTo(screen)
    qtbot.keyClick(screen, Qt.Key.Key_H)
    assert screen.deal.hints == 1
    shown = screen.deal.next_banner.text.text()
    assert escape(next_step_text(nxt)) in shown
    # the round's first action (the cut, the announcement or a card to a seat) with its key
    key = {"cut": "C", "announce": "N", "deal": "D"}[nxt.verb]
    assert f"ress {key}" in shown
