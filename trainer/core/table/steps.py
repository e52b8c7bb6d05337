"""The dealer's steps every game's round is made of, and the common mistakes of watch
mode: announce, cut, burn, deal a card or an automated shoe's stack, the cover card, the
stub, ask for a decision, reveal, collect, pay, pick up the cards, clear the table.

A step knows how an action of its kind looks at the table (its verb, its position, its
effects); the game gives it what is its own: the words, the sections cited, the seat,
the spot and its label, the amount its settlement computed, the remedy its irregularity
sections write. Nothing here knows a game's rules.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Iterable, Sequence

from trainer.core.table.actions import (
    ANNOUNCE, BURN, CLEAR, COLLECT, COVER, CUT, DEAL, DEALER, OFFER, PAY, REVEAL, DealerAction, Effect,
)
from trainer.core.table.script import REFER_REMEDY, RoundConfig, RoundScript, WatchMistake
from trainer.core.table.table_state import TableState, renderer, scenes_for

STUB = "stub"  # the spot of the stub's CLEAR: the stub is its place


def whose(seat: int | None) -> str:
    """A position's, inside a sentence: "the dealer's", "seat 3's"."""
    return "the dealer's" if seat == DEALER else f"seat {seat}'s"


def cites(*citations: Iterable[str]) -> tuple[str, ...]:
    """Citations joined in order, each once."""
    return tuple(dict.fromkeys(c for group in citations for c in group))


# ---------------------------------------------------------------- the opening

def announce(text: str, citations: tuple[str, ...], *, spot: str | None = None, choices: tuple[str, ...] = (),
             spot_label: str = "") -> DealerAction:
    """Words said to the table ("No more bets", the winning card); with ``choices`` the
    wordings offered, ``spot`` the right one."""
    return DealerAction(ANNOUNCE, spot=spot, text=text, citations=citations, choices=choices, spot_label=spot_label)


def cut(text: str, citations: tuple[str, ...]) -> DealerAction:
    return DealerAction(CUT, text=text, citations=citations)


def burn(text: str, citations: tuple[str, ...], card: str) -> DealerAction:
    return DealerAction(BURN, text=text, citations=citations, effects=(Effect("discard", card=card),))


def stub(text: str, citations: Iterable[str], spot: str | None = STUB, *, count: int | None = None,
         count_citations: Iterable[str] = (), then: str = "") -> DealerAction:
    """The stub to the discard rack, unseen; in a round where the rules have it counted,
    ``count`` cards counted face down on the layout first (``then``: what follows the
    count, by default ``text``)."""
    if count is not None:
        text = f"Count the stub face down on the layout ({count} cards), then {then or text[:1].lower() + text[1:]}"
        citations = cites(citations, count_citations)
    return DealerAction(CLEAR, None, spot, text=text, citations=cites(citations), spot_label="stub",
                        effects=(Effect("discard"),))


# ---------------------------------------------------------------- the deal

def deliveries(sequence: Iterable, deck: Iterable) -> list[tuple[object, tuple, tuple]]:
    """The deck (top card first) dealt by a game's deal sequence: for each step (with its
    ``cards``, and ``discarded`` where a stack is partly discarded unseen), the step, the
    cards its recipient keeps and the cards discarded."""
    top = iter(deck)
    out = []
    for step in sequence:
        taken = [next(top, None) for _ in range(step.cards + getattr(step, "discarded", 0))]
        if None in taken:
            raise ValueError("the deck ran out")
        out.append((step, tuple(taken[:step.cards]), tuple(taken[step.cards:])))
    return out


def cards_to(seat: int, cards: Iterable[object], face_up: bool) -> tuple[Effect, ...]:
    return tuple(Effect("card", seat, card=str(c), face_up=face_up) for c in cards)


def deal(seat: int, cards: Iterable[object], face_up: bool, text: str, citations: tuple[str, ...], *,
         group: str = "", effects: tuple[Effect, ...] | None = None) -> DealerAction:
    """A card, or an automated shoe's stack, to ``seat`` (DEALER: the dealer's hand);
    ``effects`` replace the cards' own where the stack is not all one face."""
    return DealerAction(DEAL, seat, face_up=face_up, text=text, citations=citations, group=group,
                        effects=cards_to(seat, cards, face_up) if effects is None else effects)


def cover(text: str, citations: tuple[str, ...], group: str = "") -> DealerAction:
    """The cover card on the dealer's hand."""
    return DealerAction(COVER, DEALER, text=text, citations=citations, effects=(Effect("cover"),), group=group)


# ---------------------------------------------------------------- decisions and reveals

def offer(seat: int, text: str, citations: tuple[str, ...], response: str, effects: tuple[Effect, ...],
          group: str = "") -> DealerAction:
    """Ask ``seat`` for its decision; ``response`` and ``effects`` are what the player does."""
    return DealerAction(OFFER, seat, text=text, citations=citations, group=group, effects=effects, response=response)


def reveal(seat: int, text: str, citations: tuple[str, ...], *, group: str = "", note: str | None = None,
           uncover: bool = False) -> DealerAction:
    """Turn ``seat``'s hand face up (the dealer's: the cover card off first, ``uncover``);
    ``note`` is shown at the seat (the hand's name)."""
    effects = ((Effect("uncover"),) if uncover else ()) + (Effect("reveal", seat),)
    if note is not None:
        effects += (Effect("note", seat, text=note),)
    return DealerAction(REVEAL, seat, text=text, citations=citations, group=group, effects=effects)


# ---------------------------------------------------------------- settlement

def collect(seat: int | None, spot: str | None, text: str, citations: tuple[str, ...], *, group: str = "",
            spot_label: str = "", amount: int = 0, effects: tuple[Effect, ...] | None = None) -> DealerAction:
    """A losing wager taken (``effects``: the chips taken, by default the wager on ``spot``)."""
    return DealerAction(COLLECT, seat, spot, amount=amount, text=text, citations=citations, group=group,
                        spot_label=spot_label,
                        effects=(Effect("collect", seat, spot),) if effects is None else effects)


def pay(seat: int, spot: str, amount: int, text: str, citations: tuple[str, ...], *, group: str = "",
        spot_label: str = "") -> DealerAction:
    """A winning wager paid ``amount`` cents beside it."""
    return DealerAction(PAY, seat, spot, amount=amount, payout=True, text=text, citations=citations, group=group,
                        spot_label=spot_label, effects=(Effect("pay", seat, spot, amount=amount),))


def settle(seat: int, result, *, pay_text: str, collect_text: str, citations: tuple[str, ...], group: str = "",
           spot_label: str = "") -> DealerAction | None:
    """The action a settled wager (``core.settlement.WagerResult``) calls for: PAY its net
    when it wins, COLLECT it when it loses; a push or a referred wager needs none."""
    from trainer.core.settlement import LOSE, WIN

    if result.result == WIN:
        return pay(seat, result.wager, result.net, pay_text, citations, group=group, spot_label=spot_label)
    if result.result == LOSE:
        return collect(seat, result.wager, collect_text, citations, group=group, spot_label=spot_label)
    return None


# ---------------------------------------------------------------- the cards away

def pick_up(seat: int, text: str, citations: tuple[str, ...], *, note: str = "", group: str = "") -> DealerAction:
    """``seat``'s cards into the discard rack (``note``: what the seat shows after)."""
    return DealerAction(CLEAR, seat, text=text, citations=citations, group=group,
                        effects=(Effect("fold", seat, text=note),))


def clear_table(text: str, citations: tuple[str, ...], seat: int | None = None) -> DealerAction:
    """The last cards (the dealer's, the card stand's) cleared away: the round is over."""
    return DealerAction(CLEAR, seat, text=text, citations=citations, effects=(Effect("clear"),))


# ---------------------------------------------------------------- the round's script

def table_script(config: RoundConfig, start: TableState, actions: list[DealerAction], *, options: dict[str, str],
                 option_lines: Sequence[str], players: Sequence[str], summary: Sequence[str], irregularities: Iterable,
                 script: type[RoundScript] = RoundScript, **extra) -> RoundScript:
    """The script of a round the generic table view draws: the table after each action is
    ``start`` (the wagers before "No more bets") with the actions' effects replayed, and
    watch mode's remedies are the game's irregularity outcomes. ``script`` is the game's
    RoundScript class when it keeps more (``extra``) for its watch mode."""
    return script(game_id=start.game_id, seed=config.seed, level_id=config.level.id, options=options,
                  option_lines=tuple(option_lines), players=tuple(players), actions=actions,
                  scenes=scenes_for(start, actions), render=renderer(start), summary=tuple(summary),
                  irregular_remedies=remedies(irregularities), **extra)


# ---------------------------------------------------------------- watch mode's mistakes

def remedy_of(irregularities: Iterable, irregularity_id: str) -> tuple[str, str]:
    """The outcome of a game's irregularity (its rules data) and its section."""
    for i in irregularities:
        if i.id == irregularity_id:
            return i.outcome, i.citation
    raise KeyError(irregularity_id)


def remedies(irregularities: Iterable) -> tuple[str, ...]:
    """A game's remedies, each once, in the order of its rules data (watch mode's options)."""
    return tuple(dict.fromkeys(i.outcome for i in irregularities))


def refer(citation: str, why: str = "no remedy is written") -> tuple[str, str]:
    """Where the irregularity sections write no remedy, the floor supervisor decides."""
    return REFER_REMEDY, f"{citation} ({why})"


def mistake(kind: str, index: int, performed: DealerAction, rule: str, rule_citation: str,
            remedy: tuple[str, str], *, replaces: bool = True, scene: object | None = None) -> WatchMistake:
    """A mistake the app makes at action ``index``; ``remedy`` is (remedy, its citation)."""
    return WatchMistake(kind, index, performed, rule, rule_citation, remedy[0], remedy[1], replaces, scene)


def face_up(action: DealerAction, text: str) -> DealerAction:
    """A DEAL done face up (a card exposed)."""
    return replace(action, face_up=True, effects=tuple(replace(e, face_up=True) for e in action.effects), text=text)


def dealt_to(action: DealerAction, seat: int, text: str) -> DealerAction:
    """A DEAL made to ``seat`` instead (out of turn)."""
    return replace(action, seat=seat, effects=tuple(replace(e, seat=seat) for e in action.effects), text=text)


def paid(action: DealerAction, amount: int, text: str | None = None) -> DealerAction:
    """A PAY of ``amount`` instead of the right one."""
    wrong = replace(action, amount=amount, effects=(Effect("pay", action.seat, action.spot, amount=amount),))
    return wrong if text is None else wrong.with_text(text)


def skipped(index: int, next_action: DealerAction, text: str, rule: str, rule_citation: str,
            remedy: tuple[str, str], *, kind: str) -> WatchMistake:
    """A step left out (the cut, "No more bets", the cover card): the app does the next
    action in its place."""
    return mistake(kind, index, next_action.with_text(text), rule, rule_citation, remedy)


def card_exposed(index: int, action: DealerAction, text: str, rule: str, rule_citation: str,
                 remedy: tuple[str, str], *, kind: str = "card-exposed", replaces: bool = True) -> WatchMistake:
    """A card (or a stack) dealt face up that the rules deal face down."""
    return mistake(kind, index, face_up(action, text), rule, rule_citation, remedy, replaces=replaces)


def dealt_out_of_turn(index: int, action: DealerAction, seat: int, text: str, rule: str, rule_citation: str,
                      remedy: tuple[str, str], *, kind: str = "wrong-order", replaces: bool = True) -> WatchMistake:
    """A card (or a stack) dealt to ``seat`` before its turn, or once too often."""
    return mistake(kind, index, dealt_to(action, seat, text), rule, rule_citation, remedy, replaces=replaces)


def wrong_payout(index: int, action: DealerAction, amount: int, text: str, rule: str, rule_citation: str,
                 remedy: tuple[str, str], *, kind: str = "wrong-payout", scene: object | None = None) -> WatchMistake:
    """A winning wager paid ``amount`` instead of what its pay table gives."""
    return mistake(kind, index, paid(action, amount, text), rule, rule_citation, remedy, scene=scene)


def wrong_wager_paid(index: int, seat: int, spot: str, amount: int, text: str, rule: str, rule_citation: str,
                     remedy: tuple[str, str], *, spot_label: str = "", kind: str = "wrong-wager-paid",
                     replaces: bool = False) -> WatchMistake:
    """A wager paid that the rules return or collect (by default done besides the right
    action, not in its place)."""
    return mistake(kind, index, pay(seat, spot, amount, text, (), spot_label=spot_label), rule, rule_citation,
                   remedy, replaces=replaces)


def in_turn(actions: Sequence[DealerAction], verb: str) -> list[tuple[int, int]]:
    """Each action of ``verb`` with the next one of it: (its index, the next's), the
    places where the next position may be done first."""
    return list(pairwise(i for i, a in enumerate(actions) if a.verb == verb))
