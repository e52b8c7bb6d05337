"""Table mode in a real, active window: every payout lands on the spot the trainee chose.

The bug this guards (issue 12): pressing Enter in the chip builder hid it, Qt moved the
keyboard focus on, the screen took that focus move for a Tab and moved the selection to
the next spot, and the payout was made there ("Pay — seat 2" for seat 1's Super Flush)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.display.conftest import show_active, type_key
from tests.gui import test_table_mode as offscreen
from tests.gui.test_table_mode import GAMES, _seed_with_every_mistake, announce, begin, key_of, select
from trainer.core.chips import house_chips
from trainer.training.table_mode import games
from trainer.core.table.actions import ANNOUNCE, DEAL, PAY, VERBS
from trainer.ui.table_mode.screen import TableModeScreen

pytestmark = pytest.mark.display


@pytest.fixture
def real_screen(qtbot, monkeypatch):
    """The table-mode screen, active in a real window. The offscreen tests' helpers choose
    places and announce (tests/gui/test_table_mode.py); here their keys are typed to the
    widget that has the focus, as a keyboard types them."""
    monkeypatch.setattr(offscreen, "press", lambda qtbot, screen, key: type_key(qtbot, screen, key))

    def make(game_id: str) -> TableModeScreen:
        screen = TableModeScreen(game_id)
        qtbot.addWidget(screen)
        show_active(qtbot, screen)
        screen.setFocus(Qt.FocusReason.OtherFocusReason)
        return screen
    return make


def _pay(qtbot, screen, amount: int, *, mouse: bool) -> None:
    """P, the payout built chip by chip in the builder (keys or clicks), then Enter or Pay."""
    deal = screen.deal
    chosen = deal.selection
    type_key(qtbot, screen, key_of("P"))
    assert not deal.builder_box.isHidden()
    chips = house_chips()
    denominations = chips.denominations
    for cents, count in chips.fewest(amount).items():
        for _ in range(count):
            if mouse:
                qtbot.mouseClick(deal.builder.buttons[cents], Qt.MouseButton.LeftButton)
            else:
                type_key(qtbot, screen, key_of(str(denominations.index(cents) + 1)))
    deal.builder.set_coins(chips.coins_of(amount))
    assert deal.builder.total() == amount
    assert deal.selection == chosen, "building the payout moved the selection"
    if mouse:
        qtbot.mouseClick(deal.builder.pay_button, Qt.MouseButton.LeftButton)
    else:
        type_key(qtbot, screen, Qt.Key.Key_Return)


def do_right(qtbot, screen, *, mouse: bool) -> None:
    deal = screen.deal
    r = deal.round
    action = r.next_action()
    done = r.done
    if action.verb == ANNOUNCE:
        announce(qtbot, screen, action)
    else:
        select(qtbot, screen, action, mouse=mouse)
        if action.verb == DEAL and action.face_up is not None and deal.face_up != action.face_up:
            type_key(qtbot, screen, key_of("U"))
        if action.verb == PAY:
            _pay(qtbot, screen, action.amount, mouse=mouse)
        elif mouse:
            qtbot.mouseClick(deal.verb_buttons[action.verb], Qt.MouseButton.LeftButton)
        else:
            type_key(qtbot, screen, key_of(VERBS[action.verb][1]))
    why = deal.last.mistake.attempted + ": " + deal.last.mistake.explanation \
        if deal.last is not None and deal.last.mistake else "nothing happened"
    assert r.done == done + 1, f"not accepted: {action.text} — {why}"
    if screen.wheel_pane is not None:
        screen.wheel_pane.finish()


@pytest.mark.parametrize("mouse", [False, True], ids=["keyboard", "mouse"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_round_in_a_real_window_every_payout_on_its_spot(real_screen, qtbot, game_id, mouse):
    if not games.has_table_mode(game_id):
        pytest.skip(f"{game_id} has no table mode")
    screen = real_screen(game_id)
    r = begin(screen, level_id="table-ready", seed=_seed_with_every_mistake(game_id))
    pays = 0
    while not r.finished:
        pays += r.next_action().verb == PAY
        do_right(qtbot, screen, mouse=mouse)
    assert pays > 0, "a round with no payout proves nothing here"
    assert r.record.completed and r.record.clean, r.record.mistakes


def test_the_super_flush_payout_of_the_report_lands_on_the_super_flush(real_screen, qtbot):
    """Two Card Joker, guided, seed 438987685: seat 1 holds A♣ K♣ with a $1 Super Flush."""
    screen = real_screen("two-card-joker")
    r = begin(screen, level_id="guided", seed=438987685)
    while not (r.next_action().verb == PAY and r.next_action().spot == "super_flush" and r.next_action().seat == 1):
        do_right(qtbot, screen, mouse=False)
    action = r.next_action()
    assert action.amount == 3000
    select(qtbot, screen, action, mouse=True)
    assert screen.deal.selection.seat == 1 and screen.deal.selection.spot == "super_flush"
    done = r.done
    _pay(qtbot, screen, 3000, mouse=False)
    assert r.done == done + 1 and not r.record.mistakes, r.record.mistakes
    assert screen.deal.log.texts()[-1].startswith("✓"), screen.deal.log.texts()[-3:]
