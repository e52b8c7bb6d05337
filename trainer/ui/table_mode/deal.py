"""Table mode, "Deal the round": the trainee is the dealer.

``DealMode`` drives a ``DealerRound`` from the keyboard and the mouse. It builds two
widgets that the screen places: ``bar`` (under the table: what is selected, the dealer's
verbs with their keys, the face toggle, the hint) and ``panel`` (beside it: the next
step at the learn level, the red panel of a stopped mistake, the wordings of an
announcement, the log of the round) and ``builder_box`` (the chip builder of a payout,
placed by the screen where it is always in sight).

Selecting: a click on the table (``select_at``: trainer.ui.table_mode.hit_test), a digit
(1-9 a seat, 0 the dealer), Tab / Shift+Tab (every target of the scene in turn). Doing:
a verb's key or button does it on the selection; PAY opens the chip builder, whose
``confirmed`` makes the attempt; ANNOUNCE opens the wordings when the round has any.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from trainer.core.chips import ChipPayout
from trainer.core.table.actions import (
    ANNOUNCE, BUTTON, COLLECT, COVER, DEAL, DEALER, MARK, OFFER, PAY, REVEAL, VERBS, DealerAction, position_text,
)
from trainer.training.table_mode.actions import MISTAKE_TITLES, Attempt
from trainer.training.table_mode.dealer_round import DealerRound, Outcome
from trainer.ui import style
from trainer.ui import pay_cards
from trainer.ui.table_mode.parts import (
    DIGIT_KEYS,
    Banner,
    ChoiceList,
    FlowLayout,
    LogList,
    paragraph,
)
from trainer.ui.table_mode.wheel import split_wheel
from trainer.ui.table_mode.chip_builder import ChipBuilder
from trainer.ui.table_mode.hint_text import next_step_text
from trainer.ui.table_mode.hit_test import Target, highlight, target_at, targets_for

NO_MORE_BETS = "No more bets"
# Verbs done at a place: without a selection the trainee is asked to choose one first.
# (Announcing, cutting, burning, spinning, the stand and clearing are done at the table.)
AT_A_PLACE = frozenset({BUTTON, DEAL, COVER, OFFER, REVEAL, COLLECT, PAY, MARK})
FACE_KEY = Qt.Key.Key_U
HINT_KEY = Qt.Key.Key_H


def verb_key(verb: str) -> Qt.Key:
    return getattr(Qt.Key, f"Key_{VERBS[verb][1]}")


def verbs_of(actions: list[DealerAction]) -> list[str]:
    """The verbs a round uses, in the order of ``VERBS``."""
    used = {a.verb for a in actions}
    return [v for v in VERBS if v in used]


def announce_wordings(actions: list[DealerAction]) -> list[str]:
    """What the announcement menu offers: every wording of the round's announcements
    (their ``choices``), plus "No more bets" when the round calls it."""
    out: list[str] = []
    for a in actions:
        if a.verb != ANNOUNCE:
            continue
        for text in a.choices or (NO_MORE_BETS,):
            if text not in out:
                out.append(text)
    return out if any(a.verb == ANNOUNCE and a.choices for a in actions) else []


class DealMode(QObject):
    attempted = Signal(object)  # the Outcome of every attempt (the screen emits the new results)
    scene_changed = Signal()
    round_over = Signal()
    reveal = Signal(object)  # a widget of the panel the trainee must see now (the screen scrolls to it)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.round: DealerRound | None = None
        self.selection: Target | None = None  # what a verb is done on
        self.chosen: Target | None = None  # the same, as the scene lists it (Tab goes on from it)
        self.last_seat: int | None = None  # the seat chosen last (1..N)
        self.face_up = False
        self.open_verb: str | None = None  # PAY (the chip builder) or ANNOUNCE (the wordings) in hand
        # The selection when the chip builder or the wordings opened: the payout or the
        # announcement is made there, whatever the focus or the selection does meanwhile.
        self.open_target: Target | None = None
        self.show_next = False
        self.hints = 0
        self.last: Outcome | None = None
        self._lap = lambda: 0  # the screen's clock: ms since the last attempt
        self.bar = self._build_bar(parent)
        self.panel = self._build_panel(parent)

    # ------------------------------------------------------------------ widgets
    def _build_bar(self, parent: QWidget) -> QWidget:
        bar = QWidget(parent)
        bar.setObjectName("deal-bar")
        box = style.vbox(bar, 0, 8)
        top = QHBoxLayout()
        top.setSpacing(10)
        self.selection_label = style.label("", "selection", wrap=True, name="selection")
        top.addWidget(self.selection_label, 1)
        self.face_button = style.button("", bar, name="face-toggle", role="verb")
        self.face_button.setCheckable(True)
        self.face_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.face_button.setToolTip("Deal the next cards face up or face down (U)")
        self.face_button.clicked.connect(lambda: self.set_face(self.face_button.isChecked()))
        top.addWidget(self.face_button)
        self.hint_button = style.button("Hint (H)", bar, name="hint-button", role="verb",
                                        tip="Show the next step (not counted as a mistake; the log keeps it)",
                                        on_click=self.hint, focus=False)
        top.addWidget(self.hint_button)
        box.addLayout(top)
        self.verb_grid = FlowLayout(spacing=8)
        box.addLayout(self.verb_grid)
        self.verb_buttons: dict[str, QPushButton] = {}
        return bar

    def _build_panel(self, parent: QWidget) -> QWidget:
        panel = QWidget(parent)
        panel.setObjectName("deal-panel")
        box = style.vbox(panel, 0, 12)
        self.next_banner = Banner(panel)
        self.next_banner.setObjectName("next-step")
        box.addWidget(self.next_banner)
        self.stopped = Banner(panel)
        self.stopped.setObjectName("stopped")
        box.addWidget(self.stopped)
        self.note = Banner(panel)
        self.note.setObjectName("note")
        box.addWidget(self.note)
        # The chip builder: the screen pins it under the panel's scrolling part, full width.
        self.builder_box = QWidget(panel)
        bb = style.vbox(self.builder_box, 8, 0)
        self.builder = ChipBuilder(self.builder_box)
        self.builder.setObjectName("chip-builder")
        self.builder.confirmed.connect(self._pay_confirmed)
        self.builder.cancelled.connect(self.close_open)
        bb.addWidget(self.builder)
        self.builder_box.hide()
        self.announce_box = QWidget(panel)
        ab = style.vbox(self.announce_box, 0, 6)
        ab.addWidget(style.label("ANNOUNCE — press the number (Esc: not now)", "stat-label"))
        self.wordings = ChoiceList(self.announce_box)
        self.wordings.setObjectName("wordings")
        self.wordings.chosen.connect(self._announce_chosen)
        ab.addWidget(self.wordings)
        self.announce_box.hide()
        box.addWidget(self.announce_box)
        self.pay_cards = pay_cards.install_round(parent, box, box.count())  # learn, practice; Ctrl+P (issue 18)
        box.addWidget(style.label("AT THE TABLE", "stat-label"))
        self.log = LogList(6, panel)
        self.log.setObjectName("deal-log")
        box.addWidget(self.log)
        return panel

    def _set_verbs(self, verbs: list[str]) -> None:
        for b in self.verb_buttons.values():
            self.verb_grid.removeWidget(b)
            b.deleteLater()
        self.verb_buttons = {}
        for verb in verbs:
            title, key = VERBS[verb]
            b = style.button(f"{title}  ({key})", self.bar, name=f"verb-{verb}", role="verb",
                             tip=f"{title}: press {key}", on_click=lambda _=False, v=verb: self.do_verb(v),
                             focus=False)
            self.verb_grid.addWidget(b)
            self.verb_buttons[verb] = b
        self.face_button.setVisible(DEAL in verbs)

    # ------------------------------------------------------------------ the round
    def begin(self, round_: DealerRound, *, show_next: bool, lap) -> None:
        self.round = round_
        self.show_next = show_next
        self._lap = lap
        self.selection = self.chosen = None
        self.last_seat = None
        self.hints = 0
        self.last = None
        self.open_verb = None
        self._set_verbs(verbs_of(round_.script.actions))
        self.pay_cards.show_round(round_.script.game_id, round_.script.options, round_.level.id)
        self.wording_list = announce_wordings(round_.script.actions)
        self.hint_button.setVisible(not show_next)
        self.set_face(False)
        for b in (self.next_banner, self.stopped, self.note):
            b.clear()
        self.builder_box.hide()
        self.announce_box.hide()
        self.log.clear()
        self._refresh()

    @property
    def active(self) -> bool:
        return self.round is not None and not self.round.finished

    def scene(self) -> object:
        """The table now, the next step's position ringed at the learn level, and the selection."""
        r = self.round
        if r is None:
            return None
        scene = r.scene()
        nxt = r.next_action()
        if self.show_next and nxt is not None and (nxt.seat is not None or nxt.spot):
            scene = highlight(scene, Target(nxt.seat, nxt.spot))
        if self.selection is not None and not r.finished:
            scene = highlight(scene, self.chosen)
            if self.selection.seat != self.chosen.seat:  # a place of the layout taken for a seat
                scene = highlight(scene, Target(self.selection.seat))
        return scene

    def _refresh(self) -> None:
        r = self.round
        nxt = r.next_action() if r is not None else None
        if nxt is None:
            self.next_banner.clear()
        elif self.show_next and not self.stopped.isVisibleTo(self.panel):  # a stopped mistake says it too
            self.next_banner.show_message("next", "Next", paragraph(next_step_text(nxt), margin="0"), nxt.citations)
        sel = self.selection
        self.selection_label.setText("Selected: " + (sel.label or position_text(sel.seat, sel.spot))
                                     if sel is not None else
                                     "Nothing selected: click the table, a seat's number (0: the dealer) or Tab")
        self.scene_changed.emit()

    # ------------------------------------------------------------------ selecting
    def select(self, target: Target | None) -> None:
        """Select ``target`` as listed by the scene. A place of the layout that belongs to
        no seat (Winner's Pot's pot, a Pokette wager box) is taken for the seat chosen last:
        "seat 4, the pot" is how the pot is paid to seat 4."""
        self.chosen = target
        if target is not None and target.seat is not None and target.seat != DEALER:
            self.last_seat = target.seat
        if target is not None and target.seat is None and target.spot and self.last_seat is not None:
            target = Target(self.last_seat, target.spot, f"Seat {self.last_seat} · {target.label or target.spot}")
        self.selection = target
        self._refresh()

    def select_at(self, view: QWidget, scene: object, pos) -> Target | None:
        """A click on the table: select what is under it."""
        if not self.active or self.open_verb is not None:
            return None
        target = target_at(view, scene, pos)
        self.select(target)
        return self.selection

    def select_seat(self, seat: int) -> None:
        """A digit: the seat (0: the dealer). With a place of the layout selected, that
        place for this seat."""
        if seat == DEALER:
            self.last_seat = None
            self.select(Target(DEALER, None, "Dealer"))
            return
        self.last_seat = seat
        chosen = self.chosen
        if chosen is not None and chosen.seat is None and chosen.spot:
            self.select(chosen)
        else:
            self.select(Target(seat, None, f"Seat {seat}"))

    def cycle(self, forward: bool = True) -> None:
        """Tab: the next target of the scene (after a seat: its first spot)."""
        targets = targets_for(split_wheel(self.round.scene())[0]) if self.round is not None else []
        if not targets:
            return
        sel = self.chosen
        index = -1 if forward else 0
        if sel is not None:
            exact = [i for i, t in enumerate(targets) if t == sel]
            seat_only = [i for i, t in enumerate(targets) if t.seat == sel.seat and t.spot is None]
            found = exact or seat_only
            if found:
                index = found[0]
        step = 1 if forward else -1
        self.select(targets[(index + step) % len(targets)])

    # ------------------------------------------------------------------ doing
    def set_face(self, up: bool) -> None:
        self.face_up = up
        self.face_button.setChecked(up)
        self.face_button.setText("Face UP  (U)" if up else "Face down  (U)")

    def hint(self) -> None:
        r = self.round
        if r is None or r.finished or self.show_next:
            return
        self.hints += 1
        nxt = r.next_action()
        self.next_banner.show_message("next", "Hint", paragraph(next_step_text(nxt), margin="0"), nxt.citations)
        self.log.add(f"Hint asked: {nxt.text}")

    def do_verb(self, verb: str) -> None:
        """The trainee does ``verb`` on the selection."""
        r = self.round
        if r is None or r.finished:
            return
        self.close_open()
        if self.selection is None and self._needs_place(verb):
            self.note.show_message("note", "Where?", paragraph(
                f"{VERBS[verb][0]}: choose the place first — click it on the table, press a seat's number "
                "(0: the dealer) or Tab."))
            return
        if verb == PAY:
            self.open_verb = PAY
            sel = self.open_target = self.selection
            self.builder.clear()
            self.builder.set_request(f"Pay {sel.label or position_text(sel.seat, sel.spot)}")
            self.builder_box.show()
            self.builder.setFocus(Qt.FocusReason.OtherFocusReason)
            self.reveal.emit(self.stopped if self.stopped.isVisibleTo(self.panel) else self.next_banner)
            return
        if verb == ANNOUNCE and self.wording_list:
            self.open_verb = ANNOUNCE
            self.open_target = self.selection
            self.wordings.set_choices(self.wording_list, self.panel.width() or None)
            self.announce_box.show()
            self.reveal.emit(self.announce_box)
            return
        self.attempt(self._attempt(verb))

    def _now(self, verb: str) -> list[DealerAction]:
        """The actions of ``verb`` that may be done now."""
        r = self.round
        return [r.script.actions[i] for i in r.pending() if r.script.actions[i].verb == verb]

    def _needs_place(self, verb: str) -> bool:
        """A verb done at a place always asks for one (nothing told); another one asks when
        what may be done now names a seat (the dealer's cards to the discard rack)."""
        return verb in AT_A_PLACE or any(a.seat is not None for a in self._now(verb))

    def _attempt(self, verb: str, target: Target | None = None, **extra) -> Attempt:
        """The attempt of ``verb`` at ``target`` (by default the selection). Where no action
        of this verb that may be done now names a seat (or a spot), the selection's seat
        (spot) does not count: "No more bets" is announced to the table whatever seat is
        selected."""
        now = self._now(verb)
        sel = target or self.selection or Target(None)
        seat, spot = sel.seat, sel.spot
        if now and all(a.seat is None for a in now):
            seat = None
        if now and all(a.spot is None for a in now):
            spot = None
        face = self.face_up if verb == DEAL else None
        fields = {"seat": seat, "spot": spot, "face_up": face}
        fields.update(extra)
        return Attempt(verb, **fields)

    def _pay_confirmed(self, payout: ChipPayout) -> None:
        if self.open_verb != PAY:
            return
        target = self.open_target
        self.close_open()
        self.attempt(self._attempt(PAY, target, amount=payout.total, chips=tuple(payout.chips), coins=payout.coins))

    def _announce_chosen(self, wording: str) -> None:
        if self.open_verb != ANNOUNCE:
            return
        self.close_open()
        self.attempt(self._attempt(ANNOUNCE, seat=None, spot=wording))

    def close_open(self) -> None:
        """Put away the chip builder or the wordings (Esc)."""
        self.open_verb = None
        self.open_target = None
        self.builder_box.hide()
        self.announce_box.hide()
        parent = self.parent()
        if isinstance(parent, QWidget) and parent.isVisible():
            parent.setFocus(Qt.FocusReason.OtherFocusReason)

    def attempt(self, attempt: Attempt) -> Outcome:
        r = self.round
        outcome = r.attempt(attempt, self._lap())
        self.last = outcome
        self.note.clear()
        if outcome.accepted:
            self.stopped.clear()
            self.next_banner.clear()  # a hint is for one action; the learn level shows the next one again
            a = outcome.action
            self.log.add(f"✓ {a.text}")
            if outcome.response:
                self.log.add(outcome.response)
            if outcome.note:
                self.note.show_message("note", "Right amount — more chips than needed", paragraph(outcome.note),
                                       a.citations)
        else:
            self._show_stopped(outcome)
            if self.show_next:
                self.next_banner.clear()
            self.log.add(f"✗ {outcome.mistake.attempted}", "bad")
            self.reveal.emit(self.stopped)
        self.attempted.emit(outcome)
        self._refresh()
        if r.finished:
            self.round_over.emit()
        return outcome

    def _show_stopped(self, outcome: Outcome) -> None:
        m = outcome.mistake
        body = [paragraph(f"You: {m.attempted}", colour=style.MUTED), paragraph(m.explanation)]
        nxt = self.round.next_action()
        if self.show_next and nxt is not None:
            body.append(paragraph(f"Next: {next_step_text(nxt)}", bold=True, margin="4px 0 0 0"))
        self.stopped.show_message("bad", f"Stopped — {MISTAKE_TITLES.get(m.kind, m.kind)}", "".join(body),
                                  m.citations)

    # ------------------------------------------------------------------ keys
    def key(self, event: QKeyEvent) -> bool:
        """Handle a key of the dealing screen; True if it was one."""
        if self.round is None or self.round.finished:
            return False
        key = event.key()
        if self.open_verb == ANNOUNCE:
            if key == Qt.Key.Key_Escape:
                self.close_open()
                return True
            if self.wordings.choose_key(key):
                return True
        if self.open_verb == PAY:  # the chip builder has the keys; what it leaves is not a seat
            if key == Qt.Key.Key_Escape:
                self.close_open()
            return True
        if key in DIGIT_KEYS:
            self.select_seat(DIGIT_KEYS.index(key))
            return True
        if key == FACE_KEY:
            self.set_face(not self.face_up)
            return True
        if key == HINT_KEY:
            self.hint()
            return True
        for verb in self.verb_buttons:
            if key == verb_key(verb):
                self.do_verb(verb)
                return True
        return False


__all__ = ["NO_MORE_BETS", "DealMode", "announce_wordings", "verb_key", "verbs_of"]
