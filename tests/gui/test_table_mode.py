"""Table mode through its screen, for every game that has one: a whole round dealt right by
keyboard and mouse (a clean record, one answer per action, the round recorded once),
each class of mistake made through the screen (stopped, shown, counted), the watch mode
(catches, a miss, a false alarm), and the main window storing a round."""

from __future__ import annotations

from html import escape

import pytest
from PySide6.QtCore import QPoint, Qt

from trainer.core.chips import house_chips
from trainer.store import Store
from trainer.training.table_mode import games
from trainer.core.table.actions import ANNOUNCE, DEAL, PAY, VERBS
from trainer.training.table_mode.actions import (
    EXTRA_CHIPS, MISTAKE_TITLES, WRONG_AMOUNT, WRONG_FACE, WRONG_POSITION, WRONG_STEP,
)
from trainer.core.table.levels import level
from trainer.contracts.round_record import DEAL_MODE, WATCH_MODE
from trainer.training.table_mode.watch import WatchRound
from trainer.ui.drills import drill, drills_for
from trainer.ui.main_window import MainWindow
from trainer.ui.table_mode.screen import TableModeScreen
from trainer.ui.table_mode.deal import NO_MORE_BETS
from trainer.ui.table_mode.setup import Settings
from trainer.ui.table_mode.wheel import split_wheel
from trainer.ui.table_mode.hit_test import Target, point_for, targets_for

GAMES = ("two-card-joker", "four-card", "dj-wild", "winners-pot", "pokette")
SEED = 11
SIZE = (1280, 770)


def _needs_table_mode(game_id: str) -> None:
    if not games.has_table_mode(game_id):
        pytest.skip(f"{game_id} has no table mode yet")


@pytest.fixture
def screen_for(qtbot):
    def make(game_id: str) -> TableModeScreen:
        _needs_table_mode(game_id)
        screen = TableModeScreen(game_id)
        qtbot.addWidget(screen)
        screen.resize(*SIZE)
        screen.show()
        qtbot.waitExposed(screen)
        screen.start(SEED)
        return screen
    return make


class Signals:
    """Every signal the screen emits, in order."""

    def __init__(self, screen: TableModeScreen) -> None:
        self.answered: list = []
        self.recorded: list = []
        self.finished: list = []
        self.back = 0
        screen.answered.connect(self.answered.append)
        screen.round_recorded.connect(self.recorded.append)
        screen.finished.connect(self.finished.append)
        screen.back_requested.connect(self._back)

    def _back(self) -> None:
        self.back += 1


# ---------------------------------------------------------------- driving the screen
def key_of(letter_or_digit: str) -> Qt.Key:
    return getattr(Qt.Key, f"Key_{letter_or_digit}")


def press(qtbot, screen, key: Qt.Key) -> None:
    qtbot.keyClick(screen, key)


def table_scene(screen):
    return split_wheel(screen.deal.round.scene())[0]


def wanted(screen, action) -> Target | None:
    """The place of the table that ``action`` is done at, as the table lists it."""
    if action.verb == ANNOUNCE:
        return None
    if action.spot is None:
        return Target(action.seat) if action.seat is not None else None
    for t in targets_for(table_scene(screen)):
        if t.spot == action.spot and t.seat in (action.seat, None):
            return t
    # a place the table does not draw (the stub): only the seat, if any, is chosen
    assert action.verb != PAY, f"nowhere on the table to pay {action.seat}, {action.spot}"
    return Target(action.seat) if action.seat is not None else None


def click(qtbot, screen, target: Target) -> None:
    view = screen.table.current_view()
    point = point_for(screen.table, screen.table.scene(), target)
    assert point is not None, f"nowhere to click for {target}"
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(round(point.x()), round(point.y())))


def select(qtbot, screen, action, *, mouse: bool) -> None:
    """Select where ``action`` is done: by the mouse, or by the keyboard (a digit, then Tab)."""
    target = wanted(screen, action)
    if target is None:
        return
    deal = screen.deal
    if action.seat is not None and target.seat != action.seat:  # a place of the layout, for a seat
        if mouse and action.seat != 0 and point_for(screen.table, screen.table.scene(), Target(action.seat)):
            click(qtbot, screen, Target(action.seat))
        else:
            press(qtbot, screen, key_of(str(action.seat)))
    if mouse:
        click(qtbot, screen, target)
        assert deal.chosen == target, f"the click chose {deal.chosen}, not {target}"
    else:
        if target.seat is not None and target.spot is None:
            press(qtbot, screen, key_of(str(target.seat)))
        else:
            if target.seat is not None:
                press(qtbot, screen, key_of(str(target.seat)))
            for _ in range(len(targets_for(table_scene(screen))) + 1):
                if deal.chosen == target:
                    break
                press(qtbot, screen, Qt.Key.Key_Tab)
        assert deal.chosen == target, f"the keys chose {deal.chosen}, not {target}"
    if action.seat is not None:
        assert deal.selection.seat == action.seat


def pay(qtbot, screen, chips: dict[int, int], coins: int) -> None:
    """Press P, build the payout with the chip builder's keys, Enter."""
    press(qtbot, screen, key_of("P"))
    builder = screen.deal.builder
    assert not screen.deal.builder_box.isHidden()
    denominations = house_chips().denominations
    for cents, count in chips.items():
        for _ in range(count):
            qtbot.keyClick(builder, key_of(str(denominations.index(cents) + 1)))
    builder.set_coins(coins)
    assert builder.total() == sum(c * n for c, n in chips.items()) + coins
    qtbot.keyClick(builder, Qt.Key.Key_Return)


def announce(qtbot, screen, action) -> None:
    press(qtbot, screen, key_of("N"))
    words = screen.deal.wording_list
    if not words:
        return
    wording = action.spot if action.choices else NO_MORE_BETS
    n = words.index(wording) + 1
    if n <= 9:
        press(qtbot, screen, key_of(str(n)))
    else:
        screen.deal.wordings.buttons[n - 1].click()


def do_right(qtbot, screen, *, mouse: bool = False) -> None:
    """Do the round's next action through the screen, exactly right."""
    deal = screen.deal
    r = deal.round
    action = r.next_action()
    done = r.done
    if action.verb == ANNOUNCE:
        announce(qtbot, screen, action)
    else:
        select(qtbot, screen, action, mouse=mouse)
        if action.verb == DEAL and action.face_up is not None and deal.face_up != action.face_up:
            press(qtbot, screen, key_of("U"))
        if action.verb == PAY:
            chips = house_chips()
            pay(qtbot, screen, chips.fewest(action.amount), chips.coins_of(action.amount))
        else:
            press(qtbot, screen, key_of(VERBS[action.verb][1]))
    assert r.done == done + 1, f"not accepted: {action.text}: " + (
        deal.last.mistake.explanation if deal.last is not None and deal.last.mistake else "nothing happened")


def begin(screen, mode: str = DEAL_MODE, level_id: str = "practice", seed: int | None = SEED):
    screen.setup.set_settings(mode, level_id, seed=seed)
    screen.setup.request_start()  # the Start button's path; Enter on the page does the same
    assert screen.round is not None
    return screen.round


def assert_stopped(screen, kind: str) -> None:
    banner = screen.deal.stopped
    assert banner.isVisible()
    assert MISTAKE_TITLES[kind] in banner.title.text()
    assert banner.rules.isVisible() and "§" in banner.rules.text() or "ruling" in banner.rules.text()


# ---------------------------------------------------------------- the tests
def test_every_game_with_a_table_mode_has_the_drill():
    for game_id in GAMES:
        keys = [d.key for d in drills_for(game_id)]
        assert (f"{game_id}.table" in keys) == games.has_table_mode(game_id)
        if games.has_table_mode(game_id):
            d = drill(f"{game_id}.table")
            assert d.title == "Table mode" and d.game_id == game_id
            assert d.description == "Deal whole rounds as the dealer, or watch and stop the dealer's mistakes."


@pytest.mark.parametrize("game_id", GAMES)
def test_the_set_up_page_shows_every_house_option(screen_for, qtbot, game_id):
    screen = screen_for(game_id)
    assert screen.pages.currentWidget() is screen.setup
    options = games.house_options(game_id)
    assert set(screen.setup.combos) == {o.key for o in options}
    for o in options:
        combo = screen.setup.combos[o.key]
        assert [combo.itemData(i) for i in range(combo.count())] == list(o.choices)
        assert combo.currentData() == o.default
    assert set(screen.setup.level_buttons) == {"learn", "guided", "practice", "table-ready"}
    # Enter starts; the options in force stay on the side during the round
    press(qtbot, screen, Qt.Key.Key_Return)
    assert screen.pages.currentWidget() is screen.round_page
    assert screen.option_facts.texts() == list(screen.round.script.option_lines)
    assert screen.players.texts() == list(screen.round.script.players)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_round_dealt_right_by_keyboard_and_mouse(screen_for, qtbot, game_id):
    screen = screen_for(game_id)
    signals = Signals(screen)
    r = begin(screen, level_id="practice")
    n = len(r.script.actions)
    i = 0
    while not r.finished:
        do_right(qtbot, screen, mouse=i % 2 == 1)
        if screen.wheel_pane is not None:
            screen.wheel_pane.finish()
        i += 1
    rec = r.record
    assert rec.completed and rec.clean, rec.mistakes
    assert (rec.procedure_errors, rec.payout_errors, rec.extra_chip_payouts) == (0, 0, 0)
    assert signals.recorded == [rec]
    assert len(signals.answered) == n and all(a.correct for a in signals.answered)
    assert signals.answered == r.results
    assert screen.side_pages.currentWidget() is screen.summary
    assert "Clean round" in screen.summary.title.text()
    # Enter: the next round, from the next seed, the next round number
    press(qtbot, screen, Qt.Key.Key_Return)
    assert screen.round is not r and screen.round.script.seed == SEED + 1 and screen.round_number == 2
    assert signals.recorded == [rec]  # nothing more until that round is played or left
    # back to the set-up between rounds: another level, the next seed
    screen.show_setup()  # (the summary's "Change the mode…" button) round 2 had no action: nothing recorded
    assert screen.pages.currentWidget() is screen.setup and signals.recorded == [rec]
    r3 = begin(screen, level_id="learn", seed=None)
    assert r3.script.seed == SEED + 2 and r3.level.id == "learn"
    press(qtbot, screen, Qt.Key.Key_Escape)
    assert signals.back == 1 and signals.finished == [rec]


@pytest.mark.parametrize("game_id", GAMES)
def test_learn_level_shows_the_next_step_and_rings_it(screen_for, qtbot, game_id):
    screen = screen_for(game_id)
    r = begin(screen, level_id="learn")
    nxt = r.next_action()
    assert screen.deal.next_banner.isVisible() and escape(nxt.text) in screen.deal.next_banner.text.text()
    for _ in range(3):
        do_right(qtbot, screen)
    nxt = r.next_action()
    assert escape(nxt.text) in screen.deal.next_banner.text.text()
    if nxt.seat not in (None, 0) and getattr(screen.table.scene(), "seats", None) is not None \
            and not callable(screen.table.scene().seats):
        assert screen.table.scene().seat(nxt.seat).highlight


def _wrong_seat(screen, action) -> Target | None:
    """An occupied seat where no action of ``action``'s verb may be done now."""
    r = screen.deal.round
    now = {(r.script.actions[i].seat, r.script.actions[i].spot) for i in r.pending()
           if r.script.actions[i].verb == action.verb}
    for t in targets_for(table_scene(screen)):
        if t.seat not in (None, 0) and (t.seat, t.spot) not in now and (action.spot is None) == (t.spot is None) \
                and all(t.seat != s for s, _ in now):
            return t
    return None


def _seed_with_every_mistake(game_id: str) -> int:
    """A seed whose table-ready round has a card dealt (if the game deals cards) and a payout
    of $5 or more, so that every class of mistake can be made in it."""
    from trainer.core.table.script import RoundConfig

    deals = None
    for seed in range(SEED, SEED + 60):
        acts = games.build_round(RoundConfig(game_id, seed, level("table-ready"))).actions
        deals = any(a.verb == DEAL for a in acts) if deals is None else deals
        if any(a.verb == PAY and a.amount >= 500 for a in acts) and (not deals or any(a.verb == DEAL for a in acts)):
            return seed
    pytest.fail(f"no {game_id} round with a payout of $5 or more")


@pytest.mark.parametrize("game_id", GAMES)
def test_each_class_of_mistake_is_stopped_shown_and_counted(screen_for, qtbot, game_id):
    screen = screen_for(game_id)
    r = begin(screen, level_id="table-ready", seed=_seed_with_every_mistake(game_id))
    deal = screen.deal
    made: dict[str, int] = {}
    verbs = list(deal.verb_buttons)

    def count(kind):
        made[kind] = made.get(kind, 0) + 1

    while not r.finished:
        action = r.next_action()
        pending_verbs = {r.script.actions[i].verb for i in r.pending()}
        rec = r.record
        # a wrong step: a verb the rules do not call for now, at the right place
        if WRONG_STEP not in made:
            wrong = next((v for v in verbs if v not in pending_verbs and v not in (PAY, ANNOUNCE)), None)
            if wrong is not None and action.verb != ANNOUNCE:
                select(qtbot, screen, action, mouse=False)
                if deal.selection is None:  # a verb done at a place asks for one first, counting nothing
                    press(qtbot, screen, key_of(VERBS[wrong][1]))
                    assert deal.note.isVisible() and "Where" in deal.note.title.text() and not rec.mistakes
                    press(qtbot, screen, Qt.Key.Key_0)
                press(qtbot, screen, key_of(VERBS[wrong][1]))
                assert_stopped(screen, WRONG_STEP)
                count(WRONG_STEP)
                assert rec.procedure_errors == sum(made.get(k, 0) for k in (WRONG_STEP, WRONG_POSITION, WRONG_FACE))
        # the right verb at the wrong seat
        if WRONG_POSITION not in made and action.seat not in (None, 0) and action.verb != PAY:
            t = _wrong_seat(screen, action)
            if t is not None:
                click(qtbot, screen, t)
                if action.verb == DEAL and deal.face_up != bool(action.face_up):
                    press(qtbot, screen, key_of("U"))
                press(qtbot, screen, key_of(VERBS[action.verb][1]))
                assert_stopped(screen, WRONG_POSITION)
                count(WRONG_POSITION)
        # a card with the wrong face
        if WRONG_FACE not in made and action.verb == DEAL and action.face_up is not None:
            select(qtbot, screen, action, mouse=True)
            if deal.face_up == action.face_up:
                press(qtbot, screen, key_of("U"))
            press(qtbot, screen, key_of("D"))
            assert_stopped(screen, WRONG_FACE)
            count(WRONG_FACE)
        if action.verb == PAY:
            chips = house_chips()
            if WRONG_AMOUNT not in made:  # a chip too many
                select(qtbot, screen, action, mouse=True)
                best = dict(chips.fewest(action.amount))
                best[100] = best.get(100, 0) + 1
                pay(qtbot, screen, best, chips.coins_of(action.amount))
                assert_stopped(screen, WRONG_AMOUNT)
                assert rec.payout_errors == 1
                count(WRONG_AMOUNT)
            if EXTRA_CHIPS not in made and action.amount >= 500:  # the right amount in $1 chips
                select(qtbot, screen, action, mouse=False)
                done = r.done
                pay(qtbot, screen, {100: action.amount // 100}, action.amount % 100)
                assert r.done == done + 1 and rec.extra_chip_payouts == 1
                assert deal.note.isVisible() and "chips" in deal.note.title.text()
                count(EXTRA_CHIPS)
                continue
        do_right(qtbot, screen)
        if screen.wheel_pane is not None:
            screen.wheel_pane.finish()
    rec = r.record
    dealt = any(a.verb == DEAL and a.face_up is not None for a in r.script.actions)
    assert set(made) == {WRONG_STEP, WRONG_POSITION, WRONG_AMOUNT, EXTRA_CHIPS} | ({WRONG_FACE} if dealt else set())
    assert rec.procedure_errors == sum(made.get(k, 0) for k in (WRONG_STEP, WRONG_POSITION, WRONG_FACE))
    assert rec.payout_errors == made.get(WRONG_AMOUNT, 0)
    assert rec.extra_chip_payouts == made.get(EXTRA_CHIPS, 0)
    kinds = [m["kind"] for m in rec.mistakes]
    assert sorted(kinds) == sorted(made)
    assert all(m["citations"] for m in rec.mistakes)
    assert rec.completed and not rec.clean
    # the summary lists every mistake with its rule
    text = screen.summary.mistakes.text()
    for kind in made:
        assert MISTAKE_TITLES[kind] in text


@pytest.mark.parametrize("game_id", GAMES)
def test_watch_mode_catches_a_miss_and_a_false_alarm(screen_for, qtbot, game_id):
    screen = screen_for(game_id)
    signals = Signals(screen)
    for seed in range(SEED, SEED + 40):  # a round where the dealer makes at least two mistakes
        screen.start(seed)
        r = begin(screen, WATCH_MODE, "table-ready", seed=seed)
        assert isinstance(r, WatchRound)
        if len(r.mistakes) >= 2:
            break
        screen.next_round()
    else:
        pytest.fail("no watched round with two mistakes")
    watch = screen.watch
    signals.answered.clear()
    made = len(r.mistakes)
    false_alarm = passed = False
    while not r.finished:
        cur = r.current()
        if cur.mistake is None:
            if not false_alarm:  # stop the dealer on a right action: a false alarm
                press(qtbot, screen, key_of("S"))
                assert watch.verdict.isVisible() and "False alarm" in watch.verdict.title.text()
                false_alarm = True
            press(qtbot, screen, Qt.Key.Key_Space)
            continue
        if not passed:  # let the first mistake pass: a miss, told at once with its rule
            press(qtbot, screen, Qt.Key.Key_Right)
            assert watch.verdict.isVisible() and "Missed" in watch.verdict.title.text()
            assert escape(cur.mistake.rule) in watch.verdict.text.text()
            passed = True
            continue
        press(qtbot, screen, key_of("S"))  # stop it, then name the rule and the remedy
        assert "Caught" in watch.verdict.title.text()
        for _ in range(2):
            q = r.pending[0]
            assert watch.choices.texts() == list(q.options)
            press(qtbot, screen, key_of(str(q.options.index(q.answer) + 1)))
        assert not r.pending
        press(qtbot, screen, Qt.Key.Key_Space)
    rec = r.record
    assert rec.mistakes_made == made
    assert (rec.caught, rec.missed_calls, rec.false_calls) == (made - 1, 1, 1)
    assert (rec.rule_named, rec.remedy_named) == (made - 1, made - 1)
    assert rec.completed and not rec.clean
    assert signals.recorded[-1] is rec
    assert signals.answered == r.results  # each result once, in order
    assert screen.side_pages.currentWidget() is screen.summary
    assert "let pass" in screen.summary.watch_list.text() and "caught" in screen.summary.watch_list.text()


@pytest.mark.parametrize("game_id", GAMES)
def test_watch_mode_auto_play_goes_on_by_itself(screen_for, qtbot, game_id):
    screen = screen_for(game_id)
    r = begin(screen, WATCH_MODE, "learn")
    screen.watch.step_ms = 20
    press(qtbot, screen, key_of("A"))
    assert screen.watch.auto_button.isChecked()
    qtbot.waitUntil(lambda: r.position >= 3 or r.finished, timeout=5000)
    press(qtbot, screen, key_of("A"))
    assert not screen.watch.timer.isActive()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_round_left_part_way_is_recorded_not_completed(screen_for, qtbot, game_id, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    asked, answers = [], []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: (asked.append(box.windowTitle()), answers.pop(0))[1])
    screen = screen_for(game_id)
    signals = Signals(screen)
    r = begin(screen, level_id="guided")
    press(qtbot, screen, Qt.Key.Key_Escape)  # nothing done yet: nothing recorded, nothing asked
    assert signals.recorded == [] and signals.back == 1 and asked == []
    screen.start(SEED)
    r = begin(screen, level_id="guided")
    do_right(qtbot, screen)
    do_right(qtbot, screen)
    answers.append(QMessageBox.StandardButton.No)  # a round under way: Esc asks first (issue 12)
    press(qtbot, screen, Qt.Key.Key_Escape)
    assert asked == ["Leave this round?"] and signals.back == 1 and signals.recorded == [] and screen.in_round
    answers.append(QMessageBox.StandardButton.Yes)
    press(qtbot, screen, Qt.Key.Key_Escape)
    assert signals.recorded == [r.record] and not r.record.completed and len(r.record.action_ms) == 2
    assert signals.back == 2 and len(asked) == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_the_main_window_stores_a_table_round(qtbot, tmp_path, game_id):
    _needs_table_mode(game_id)
    db = tmp_path / "table.sqlite3"
    window = MainWindow(db)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee("Table Dealer")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    card = next(c for c in window.home_screen.cards if c.info.id == game_id)
    (button,) = [b for b in card.drill_buttons if b.objectName() == f"drill-{game_id}.table"]
    button.click()
    screen = window.current_screen()
    assert isinstance(screen, TableModeScreen) and screen.game_id == game_id
    r = begin(screen, level_id="guided")
    while not r.finished:
        do_right(qtbot, screen)
        if screen.wheel_pane is not None:
            screen.wheel_pane.finish()
    press(qtbot, screen, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    assert window.worker.wait_idle()
    window.close()
    with Store.open(db) as store:
        (trainee,) = store.trainees()
        (row,) = store.table_rounds(trainee.id)
        assert row.game_id == game_id and row.mode == DEAL_MODE and row.completed
        assert row.actions == len(r.script.actions) and row.procedure_errors == 0
        assert len(store.answers(trainee.id)) == len(r.script.actions)
        (session,) = store.sessions(trainee.id)
        assert session.mode == "drill" and session.ended_at is not None


def test_closing_the_application_mid_round_records_the_round_so_far(qtbot, tmp_path):
    db = tmp_path / "closing.sqlite3"
    window = MainWindow(db)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee("Table Dealer")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    screen = window.start_drill("two-card-joker.table", SEED)
    r = begin(screen, level_id="guided")
    for _ in range(3):
        do_right(qtbot, screen)
    window.close()
    with Store.open(db) as store:
        (trainee,) = store.trainees()
        (row,) = store.table_rounds(trainee.id)
        assert not row.completed and len(row.action_ms) == 3 and row.actions == len(r.script.actions)
        assert len(store.answers(trainee.id)) == 3


def test_a_round_that_cannot_be_saved_is_told_in_the_status_bar(qtbot, tmp_path, monkeypatch):
    game_id = next((g for g in GAMES if games.has_table_mode(g)), None)
    if game_id is None:
        pytest.skip("no game has a table mode yet")
    window = MainWindow(tmp_path / "t.sqlite3")
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee("Table Dealer")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)

    def broken(self, *args):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(Store, "record_table_round", broken)
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "exec", lambda box: QMessageBox.StandardButton.Yes)  # leave the round
    screen = window.start_drill(f"{game_id}.table", SEED)
    r = begin(screen, level_id="learn")
    do_right(qtbot, screen)
    screen.leave()
    assert window.worker.wait_idle()
    qtbot.waitUntil(lambda: "table round was not saved" in window.statusBar().currentMessage())
    assert "the disk is full" in window.statusBar().currentMessage()
    assert r.record.action_ms  # the round went on to be recorded; nothing crashed


def test_levels_in_the_set_up_are_the_levels():
    from trainer.core.table.levels import levels

    assert [lv.id for lv in levels()] == ["learn", "guided", "practice", "table-ready"]
    assert level("learn").show_next and not level("practice").show_next


def test_settings_refuse_a_seed_that_is_not_a_number(screen_for, qtbot):
    game_id = next((g for g in GAMES if games.has_table_mode(g)), None)
    if game_id is None:
        pytest.skip("no game has a table mode yet")
    screen = screen_for(game_id)
    screen.setup.seed_edit.setText("abc")
    press(qtbot, screen, Qt.Key.Key_Return)
    assert screen.pages.currentWidget() is screen.setup and screen.setup.error.isVisible()
    screen.setup.seed_edit.setText("42")
    press(qtbot, screen, Qt.Key.Key_Return)
    assert screen.round.script.seed == 42
    assert isinstance(screen.setup.settings(), Settings)
