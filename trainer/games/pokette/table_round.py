"""Table mode for Pokette: one spin of the wheel dealt by the trainee, action by action
(trainer/core/table/script.py), and the mistakes the app may make when it deals
the spin itself in watch mode.

The round is one spin as §(g) deals it, for the chips of several players. The chips, the
spins and the settlement come from the layout drill (``LayoutDrill``, drill.py): the
drill places the players' bets, draws the spin (now and then an irregular one first,
§(i)), settles the whole layout (settlement.py) and draws the table; this module walks
it through its steps and writes down what the dealer does at each:

1. ANNOUNCE "No more bets" (§(g)(1); ``spot`` the words, as for every announcement);
2. SPIN the wheel, at least three revolutions (§(g)(2)); after each spin ANNOUNCE what it
   gives: "No spin" and a re-spin after a short spin (§(i)(3)), the sign's ruling with
   the clapper between two cards (§(i)(1)-(2)), else the winning card with its suit
   (§(g)(4)) — ``choices`` are the wordings offered, ``spot`` the right one;
3. MARK the winning card on the layout (``spot`` = the section, '7s', 'JK1'), then STAND:
   the card from the decks into the next space of the card stand (``spot`` = 'stand-1',
   'stand-2' or 'stand-3'; §(g)(4), §(h)); a joker never goes into the stand (§(g)(5)(iii),
   trainer ruling P7);
4. COLLECT each losing wager, then PAY each winning one (§(g)(4), §(h)(6)); on the second
   card of the stand the non-poker wagers first, then "pair in 2" (§(h)(2)). Each phase is
   one any-order group: the rules order collection before payment, not the seats. A
   wager is named by its seat and ``wager_key`` (e.g. 'split:7s-7c'); a poker hand wager
   a joker leaves in action has no action (§(g)(5)(iii));
5. after the first card, ANNOUNCE "pair in 2" (§(h)(1)); after the second, the poker hand
   wagers the two cards allow (§(h)(3)-(4)); after the third card's settlement, CLEAR the
   card stand (§(h)(7)).

The round follows its level (trainer/core/table/levels.py):
- the chips: each wager is one of ``layout_wagers(level)``, the level's base wagers scaled
  to a layout (see there), so a higher level brings more different sizes;
- the poker hand wagers are the level's side bets: each seat adds one of those on offer
  at the level's ``side_bet_rate`` (the learn level: none);
- the stand a round starts from is drawn first, evenly from empty, one card or two at a
  level with side bets (one or two cards put poker hand wagers on offer, §(d)(4); an
  empty stand offers none), always empty at a level without. The drill plays the spins
  that lead to it before the round's spin.

Scenes are ``PoketteScene``s (``render`` is None): each ``WatchMistake`` carries its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from trainer.core.chips import house_chips
from trainer.core.money import format_cents
from trainer.core.odds import Odds
from trainer.core.rng import derive_seed
from trainer.games.pokette.drill import (
    NO_SPIN_CALL,
    VOID_CALL,
    DrillRound,
    LayoutDrill,
    SpinStep,
    spin_text,
)
from trainer.games.pokette.layout import PAIR_IN_TWO, Placement
from trainer.games.pokette.questions import announcement_choices, pose, wager_list_text
from trainer.games.pokette.rules_data import GAME_ID, rules_data, wheel
from trainer.games.pokette.settlement import (
    COLLECT,
    MAX_SEATS,
    PAY,
    BetResult,
    HouseOptions,
    payout,
)
from trainer.games.pokette.stand import SETTLE_CITES, settlement_note
from trainer.games.pokette.table import COLLECTED, PAID, PoketteScene
from trainer.games.pokette.wheel import (
    NO_SPIN,
    PREVIOUS,
    Section,
    cite,
    rank_text,
    revolutions_text,
    ruling,
    short_spin,
    spin_between,
)
from trainer.core.table import actions as act
from trainer.core.table import steps
from trainer.core.table.actions import DealerAction, Effect
from trainer.core.table.levels import Level
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, WatchMistake

PAY_TABLE = "pay_table"
CLAPPER = "clapper_between"


# The house options of the data: the pay table in force (§(f)(2): the data's tables) and
# the sign posted for the clapper at rest between two sections (§(i)(1)-(2)).
HOUSE_OPTIONS: tuple[HouseOption, ...] = tuple(HouseOption.from_data(rules_data().house_options[key])
                                               for key in (CLAPPER, PAY_TABLE))

NO_MORE_BETS = "No more bets"  # §(g)(1): the words, the ANNOUNCE's spot (any other wording is wrong now)
STAND_SPACE = ("first", "second", "third")
WARM_UP_LIMIT = 40  # spins played at most to bring the stand to the round's start
LAYOUT_SHARE = 5  # a wager on the layout is a fifth of the level's base wager (layout_wagers)

# Kinds of watch mistakes.
NO_MORE_BETS_MISSED = "no-more-bets-missed"
SHORT_SPIN_ACCEPTED = "short-spin-accepted"
CLAPPER_RULING = "clapper-ruling"
WRONG_MARK = "wrong-mark"
WRONG_STAND_CARD = "wrong-stand-card"
JOKER_IN_STAND = "joker-in-stand"
IN_ACTION_COLLECTED = "in-action-collected"
WRONG_WAGER_PAID = "wrong-wager-paid"
WINNER_COLLECTED = "winner-collected"
PAID_BEFORE_COLLECTED = "paid-before-collected"
PAIR_IN_TWO_EARLY = "pair-in-two-early"
WRONG_PAYOUT = "wrong-payout"
WRONG_ANNOUNCEMENT = "wrong-announcement"
STAND_CLEARED_EARLY = "stand-cleared-early"


# ---------------------------------------------------------------------------- names
def wager_key(p: Placement) -> str:
    """A wager's place on the layout as a stable key: the wager of §(e) (the spot key of the
    data), then what it covers: 'single card straight up:7s', 'split:JK1-Ac', 'corner:Ks-Kc-Qs-Qc',
    'single rank:7', 'double rank:8-7', 'suit:s', 'red', 'pair in two'."""
    if p.sections:
        return f"{p.wager}:{'-'.join(str(s) for s in p.sections)}"
    if p.ranks:
        return f"{p.wager}:{'-'.join(rank_text(r) for r in p.ranks)}"
    if p.suit:
        return f"{p.wager}:{p.suit}"
    return p.wager


def _said(s: Section) -> str:
    """How the dealer announces a card: 'Seven of spades', 'Joker 1' (§(g)(4): with its suit)."""
    return s.name().capitalize()


def stand_spot(position: int) -> tuple[str, str]:
    return f"stand-{position}", f"{STAND_SPACE[position - 1]} space of the card stand"


def _sign(clapper: str) -> str:
    return ("the card previously passed is the winning card" if clapper == PREVIOUS
            else "the spin is void and the wheel is re-spun")


def _options(values: dict[str, str]) -> HouseOptions:
    chosen = {o.key: values.get(o.key, o.default) for o in HOUSE_OPTIONS}
    return HouseOptions(pay_table=chosen[PAY_TABLE], clapper_between=chosen[CLAPPER])


# ---------------------------------------------------------------------------- the drill's steps
@dataclass(frozen=True)
class _Event:
    """One step of the drill as it was played: ``kind`` 'spin' (with the call the dealer
    makes after it), 'mark', 'collect', 'pay' or 'announce'; ``scene`` the drill's table
    after it."""

    kind: str
    scene: PoketteScene
    spin: SpinStep | None = None
    choices: tuple[str, ...] = ()
    answer: str = ""
    item: int = -1  # collect, pay: the index of the bet's result
    phase: int = -1


@dataclass(frozen=True)
class _Played:
    """One spin as the drill played it: ``held`` is how many of the round's first bets are
    poker hand wagers left in action by an earlier joker."""

    round: DrillRound
    start: PoketteScene
    events: tuple[_Event, ...]
    held: int


def _play_spin(drill: LayoutDrill) -> _Played:
    """The drill's next spin played through its steps, each step done right (the drill
    grades it: a step it does not accept is a bug, not a round)."""
    held = len(drill.in_action)
    r = drill.next_round()
    start = drill.scene()
    events: list[_Event] = []
    for sp in r.spins:
        step = drill.spun()
        if step.kind == "call":
            choices, answer = drill.call_options(), drill.call_answer()
            _check(drill.call(answer), "call")
        else:
            choices, answer = (), sp.outcome.announcement
        events.append(_Event("spin", drill.scene(), sp, choices, answer))
    _check(drill.mark(str(r.winner)), "mark")
    events.append(_Event("mark", drill.scene()))
    phases = r.settlement.phases
    while drill.step.kind in ("collect", "pay"):
        number = phases.index(drill.step.phase)
        for i in list(drill.remaining()):
            if drill.step.kind == "collect":
                _check(drill.click_chip(i), "collect")
            else:
                _check(drill.pay(i, drill.payout(i)), "pay")
            events.append(_Event(phases[number].action, drill.scene(), item=i, phase=number))
    if drill.step.kind == "announce":
        ann = r.settlement.stand.announcement
        choices, answer = drill.announce_options(), wager_list_text(ann.wagers)
        _check(drill.announce(answer), "announce")
        events.append(_Event("announce", drill.scene(), choices=choices, answer=answer))
    return _Played(r, start, tuple(events), held)


def _check(feedback, step: str) -> None:
    if not feedback.correct:
        raise RuntimeError(f"the layout drill refused its own {step} step: {feedback.message}")


def layout_wagers(level: Level) -> tuple[int, ...]:
    """The chip amounts the players stake on the layout at ``level``, in cents.

    The level's ``wager_choices`` are base wagers sized for a card table's ante ($5 to
    $200); a layout takes several smaller wagers per player, each paid at up to 50 to 1
    (§(f)(2)). So each is scaled to a layout: divided by ``LAYOUT_SHARE`` and rounded down
    to the house's smallest chip (at least one such chip), since a wager is made in chips
    (§(d)(1)) and its payout at "N to 1" (every line of the pay tables) is then paid in
    chips. The learn level's $5 and $10 become $1 and $2, table-ready's $5 to $200 become
    $1 to $40: the sizes stay as varied as the level's."""
    unit = house_chips().chips[0].cents
    return tuple(dict.fromkeys(max(unit, w // LAYOUT_SHARE // unit * unit) for w in level.wager_choices))


def _stand_target(rng: random.Random, level: Level) -> int:
    """The number of cards in the stand when the round starts: at a level with side bets
    0, 1 or 2 evenly (one or two put poker hand wagers on offer, §(d)(4)); else 0."""
    return rng.choice((0, 1, 2)) if level.side_bet_rate > 0 else 0


def _deal(config: RoundConfig, options: HouseOptions) -> _Played:
    rng = random.Random(config.seed)
    lv = config.level
    players = lv.seat_count(rng, MAX_SEATS)
    target = _stand_target(rng, lv)
    drill = LayoutDrill(derive_seed(rng), spins=1, players=players, options=options,
                        chip_amounts=layout_wagers(lv), poker_rate=lv.side_bet_rate)
    for _ in range(WARM_UP_LIMIT):
        if len(drill.stand.cards) == target:
            break
        _play_spin(drill)
    return _play_spin(drill)


# ---------------------------------------------------------------------------- the script
class _Writer:
    """The actions of the round and the table after each."""

    def __init__(self, first: PoketteScene):
        self.actions: list[DealerAction] = []
        self.scenes: list[PoketteScene] = [first]

    def add(self, action: DealerAction, scene: PoketteScene) -> None:
        self.actions.append(action)
        self.scenes.append(scene)


def _bet_text(res: BetResult) -> str:
    return f"seat {res.bet.seat}'s {res.bet.placement.label()} ({format_cents(res.bet.amount)})"


def _settle_action(res: BetResult, verb: str, group: str, phase_cites: tuple[str, ...]) -> DealerAction:
    b = res.bet
    key, label = wager_key(b.placement), b.placement.label()
    cites = steps.cites(phase_cites, res.result.rules)
    if verb == COLLECT:
        return steps.collect(b.seat, key, f"Collect {_bet_text(res)}: it loses", cites, group=group, spot_label=label)
    paid = res.result.paid
    return steps.pay(b.seat, key, paid, f"Pay {_bet_text(res)} at {res.result.odds}: {format_cents(paid)}", cites,
                     group=group, spot_label=label)


def _spin_actions(w: _Writer, base: PoketteScene, events: Sequence[_Event], rng: random.Random) -> PoketteScene:
    """SPIN and the call after each spin; returns the table once the winning card is known.
    The wordings offered for a call are shuffled by ``rng``."""
    scene = base
    previous: SpinStep | None = None
    for ev in events:
        sp = ev.spin
        cites = (cite("(g)(2)"),)
        text = "Spin the wheel, in either direction, at least three revolutions"
        if previous is not None:
            # "No more bets" is announced before every spin, a re-spin after a short or a void
            # spin included (§(g)(1), trainer ruling 34).
            w.add(steps.announce(f"Announce \"{NO_MORE_BETS}\" before the re-spin", (cite("(g)(1)"), ruling(34)),
                                 spot=NO_MORE_BETS),
                  replace(scene, caption="No more bets."))
            text = "Re-spin the wheel, at least three revolutions"
            cites = ((cite("(i)(3)"),) if previous.outcome.kind == NO_SPIN
                     else (cite("(i)(1)(ii)"), cite("(i)(2)"))) + cites
        scene = replace(base, wheel=pose(sp.spin, spin_text(sp)), caption=spin_text(sp))
        w.add(DealerAction(act.SPIN, text=text, citations=cites,
                           effects=(Effect("spin", card=" ".join(str(s) for s in sp.outcome.resting),
                                           text=sp.outcome.kind),)), scene)
        o = sp.outcome
        if o.respin:
            text = ("Announce \"No spin\" and re-spin: fewer than three revolutions" if o.kind == NO_SPIN else
                    "Declare the spin void, as the sign posted at the table says, and re-spin")
            choices = ev.choices
        else:
            text = f"Announce the winning card, including its suit: {o.announcement}"
            if sp.spin.between:
                text += " (the card previously passed, as the sign posted at the table says)"
                choices = ev.choices
            else:
                around = [_said(s) for s in _neighbours(o.winner)]
                choices = (around[0], o.announcement, around[1], NO_SPIN_CALL)
        cites = steps.cites(o.citations, () if o.respin else (cite("(g)(4)"),))
        scene = replace(scene, caption=ev.answer)
        choices = tuple(rng.sample(list(choices), len(choices)))
        w.add(steps.announce(text, cites, spot=ev.answer, choices=choices), scene)
        previous = sp
    return scene


def _neighbours(s: Section) -> tuple[Section, ...]:
    return wheel().neighbours(s, 1)


def _script(config: RoundConfig, options: HouseOptions) -> RoundScript:
    played = _deal(config, options)
    r, start, events = played.round, played.start, played.events
    settlement = r.settlement
    change = settlement.stand
    winner = r.winner
    before = replace(start, caption="The bets are down.")
    w = _Writer(before)
    w.add(steps.announce(f"Announce \"{NO_MORE_BETS}\"", (cite("(g)(1)"),), spot=NO_MORE_BETS),
          replace(before, caption="No more bets."))

    spins = [e for e in events if e.kind == "spin"]
    scene = _spin_actions(w, before, spins, random.Random(config.seed ^ 0xC411))
    wheel_pose = scene.wheel

    mark_cites = (cite("(g)(4)"),) + ((cite("(g)(5)"),) if winner.is_joker else ())
    scene = replace(scene, marker=str(winner), caption=f"Marker on {winner.label()}.")
    w.add(DealerAction(act.MARK, spot=str(winner), spot_label=winner.name(), citations=mark_cites,
                       text=f"Place the marker on {winner.name()} ({winner.label()}) on the layout"), scene)
    # §(g)(4) puts "the winning card" in the stand after each spin, but a joker forms no
    # poker hand: the stand holds the winning cards that are not jokers (§(h)(1),
    # §(g)(5)(iii), trainer ruling P7; stand.py), so a joker is marked and not stood.
    if change.position is not None:
        spot, label = stand_spot(change.position)
        stand_cites = (cite("(g)(4)"), cite(("(h)(1)", "(h)(2)", "(h)(5)")[change.position - 1]))
        scene = replace(scene, stand=tuple(str(c) for c in change.cards), stand_new=True,
                        caption=f"{winner.label()} in the {label}.")
        w.add(DealerAction(act.STAND, spot=spot, spot_label=label, citations=stand_cites,
                           text=f"Take {winner.name()} from the decks and place it in the {label}"), scene)

    settled: list[tuple[int, str, bool]] = []  # (action index, COLLECT or PAY, a poker hand wager)
    for ev in events:
        if ev.kind not in (COLLECT, PAY):
            continue
        ph = settlement.phases[ev.phase]
        res = settlement.results[ev.item]
        action = _settle_action(res, ev.kind, f"{ev.kind}-{ev.phase}", ph.citations)
        scene = replace(ev.scene, wheel=wheel_pose, offered=(), caption=action.text + ".")
        settled.append((len(w.actions), ev.kind, res.bet.placement.is_poker))
        w.add(action, scene)
    alternatives = _third_card_orders(settled) if change.position == 3 else ()

    after_offered = change.after.offered()
    if change.position == 1:
        right = wager_list_text((PAIR_IN_TWO,))
        choices = announcement_choices((PAIR_IN_TWO,), random.Random(config.seed * 31 + 1))
        w.add(steps.announce("Announce that wagers may also be placed for a \"pair in 2\"", (cite("(h)(1)"),),
                             spot=right, choices=choices),
              replace(scene, offered=after_offered, caption="Wagers may also be placed for a \"pair in 2\"."))
    elif change.position == 2:
        ann = change.announcement
        ev = next(e for e in events if e.kind == "announce")
        w.add(steps.announce(f"Announce the poker hand wagers now offered: {ann.text()}", ann.citations,
                             spot=ev.answer, choices=tuple(ev.choices)),
              replace(scene, offered=after_offered, caption=ann.text()))
    elif change.position == 3:
        w.add(steps.clear_table("Remove the three cards from the card stand", (cite("(h)(7)"),)),
              replace(scene, stand=(), stand_new=False, offered=(), caption="The card stand is cleared."))

    return RoundScript(
        game_id=GAME_ID, seed=config.seed, level_id=config.level.id, options=_option_values(config),
        option_lines=tuple(o.line(config.option(o)) for o in HOUSE_OPTIONS),
        players=_player_lines(r, played.held), actions=w.actions, scenes=w.scenes,
        render=_renderer(w.actions, w.scenes) if alternatives else None, summary=_summary(r),
        irregular_remedies=steps.remedies(rules_data().irregularities),
        alternatives=alternatives)


def _third_card_orders(settled: list[tuple[int, str, bool]]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """On the third card the settlement is listed as every losing wager collected, then
    every winning wager paid (§(g)(4), §(h)(6)); trainer ruling 35 accepts as well the
    non-poker wagers first (losers collected, then winners paid), then the poker hand
    wagers (losers, then winners), as §(h)(2) does on the second card. That order is the
    alternative (when both kinds of wager are settled; else the two orders are one)."""
    if len({poker for _, _, poker in settled}) < 2:
        return ()
    steps = []
    for poker in (False, True):
        for verb in (COLLECT, PAY):
            step = tuple(i for i, v, p in settled if v == verb and p == poker)
            if step:
                steps.append(step)
    return (tuple(steps),)


def _renderer(actions: Sequence[DealerAction], scenes: Sequence[PoketteScene]):
    """The table after any list of the round's actions (an order of ruling 35 other than the
    listed one): the scene after as many listed actions, each chip's state from the
    actions done."""

    settling = {(a.seat, a.spot) for a in actions if a.verb in (act.COLLECT, act.PAY)}

    def render(done: Sequence[DealerAction]) -> PoketteScene:
        base = scenes[min(len(done), len(actions))]
        state = {(a.seat, a.spot): (COLLECTED, 0) if a.verb == act.COLLECT else (PAID, a.amount)
                 for a in done if a.verb in (act.COLLECT, act.PAY)}
        chips = []
        for c in base.chips:
            key = (c.seat, wager_key(c.placement))
            if key in settling:
                st, paid = state.get(key, ("", 0))
                c = replace(c, state=st, paid=paid)
            chips.append(c)
        return replace(base, chips=tuple(chips), caption=(done[-1].text + ".") if done else base.caption)

    return render


def _option_values(config: RoundConfig) -> dict[str, str]:
    return {o.key: config.option(o) for o in HOUSE_OPTIONS}


def _player_lines(r: DrillRound, held: int) -> tuple[str, ...]:
    lines = []
    for seat in sorted({b.seat for b in r.bets}):
        parts = []
        for i, b in enumerate(r.bets):
            if b.seat == seat:
                note = " (in action since a joker)" if i < held else ""
                parts.append(f"{b.placement.label()} {format_cents(b.amount)}{note}")
        lines.append(f"Seat {seat}: " + ", ".join(parts))
    return tuple(lines)


def _summary(r: DrillRound) -> tuple[str, ...]:
    s = r.settlement
    lines = []
    calls = [sp.outcome for sp in r.spins if sp.outcome.respin or sp.spin.between]
    for o in calls:
        lines.append(f"{o.announcement}: {o.explanation}")
    lines.append(f"Winning card: {r.winner.name()} ({r.winner.label()}).")
    lines.append(s.stand.describe())
    for seat in s.seat_numbers():
        held = [x for x in s.seat(seat) if x.in_action]
        text = (f"Seat {seat}: collected {format_cents(s.seat_collected(seat))}, paid {format_cents(s.seat_paid(seat))}"
                f" (net {'+' if s.seat_net(seat) >= 0 else '-'}{format_cents(abs(s.seat_net(seat)))})")
        if held:
            text += "; in action: " + ", ".join(x.bet.placement.label() for x in held)
        lines.append(text + ".")
    return tuple(lines)


def build_round(config: RoundConfig) -> RoundScript:
    """One spin of Pokette dealt from ``config.seed`` under the house options of ``config``."""
    options = _options(_option_values(config))
    return _script(config, options)


# ---------------------------------------------------------------------------- watch mode
def _irregularity(ident: str) -> tuple[str, str]:
    return steps.remedy_of(rules_data().irregularities, ident)


def _chip_index(scene: PoketteScene, seat: int, key: str) -> int:
    return next(i for i, c in enumerate(scene.chips) if c.seat == seat and wager_key(c.placement) == key)


def _chip_as(scene: PoketteScene, seat: int, key: str, state: str, paid: int = 0, caption: str = "") -> PoketteScene:
    i = _chip_index(scene, seat, key)
    chips = list(scene.chips)
    chips[i] = replace(chips[i], state=state, paid=paid)
    return replace(scene, chips=tuple(chips), caption=caption or scene.caption)


@dataclass
class _Round:
    """What watch mode reads back from a script."""

    script: RoundScript
    options: HouseOptions

    @property
    def actions(self) -> list[DealerAction]:
        return self.script.actions

    def scene(self, index: int) -> PoketteScene:
        return self.script.scenes[index]

    def indexes(self, verb: str) -> list[int]:
        return [i for i, a in enumerate(self.actions) if a.verb == verb]

    @property
    def mark(self) -> int:
        return self.indexes(act.MARK)[0]

    @property
    def winner(self) -> Section:
        return Section.parse(self.actions[self.mark].spot)

    def groups(self) -> list[tuple[str, list[int]]]:
        """The settlement phases in order: (COLLECT or PAY, action indexes)."""
        out: list[tuple[str, list[int]]] = []
        last = ""
        for i, a in enumerate(self.actions):
            if a.verb in (act.COLLECT, act.PAY) and a.group:
                if a.group == last:
                    out[-1][1].append(i)
                else:
                    out.append((a.verb, [i]))
            last = a.group
        return out


def _performed(verb: str, text: str, seat: int | None = None, spot: str | None = None, amount: int = 0,
               spot_label: str = "") -> DealerAction:
    return DealerAction(verb, seat, spot, amount=amount, text=text, spot_label=spot_label, payout=verb == act.PAY)


def watch_mistakes(script: RoundScript, rng: random.Random) -> list[WatchMistake]:
    """Every mistake the app could make while it deals this spin."""
    rd = _Round(script, _options(script.options))
    out: list[WatchMistake] = []
    for make in (_no_more_bets, _spin_calls, _marks, _stand, _joker, _settlement, _payouts, _announcements,
                 _clearing):
        out.extend(make(rd, rng))
    return [m if m.rule_options else replace(m, rule_options=_rule_options(rd, m)) for m in out]


def _rule_options(rd: _Round, m: WatchMistake) -> tuple[str, ...]:
    """The other rules offered with the one broken: the round's steps with their first
    section, leaving out every step citing a section the broken rule cites, so the
    question has one defensible answer (trainer ruling 38)."""
    cited = {c.strip() for c in m.rule_citation.split(";")}
    out: list[str] = []
    for a in rd.actions:
        first = a.citations[0] if a.citations else ""
        if first and first not in cited and not any(o.endswith(f"({first})") for o in out):
            out.append(f"{a.text} ({first})")
    random.Random(rd.script.seed).shuffle(out)
    return tuple(out)


def _no_more_bets(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    performed = _performed(act.SPIN, "Spins the wheel without announcing \"No more bets\"")
    out = [WatchMistake(NO_MORE_BETS_MISSED, 0, performed,
                        "Before spinning the wheel the dealer announces \"No more bets\"", cite("(g)(1)"),
                        *steps.refer(cite("(g)(1)")), scene=replace(rd.scene(0), caption="The wheel spins."))]
    # Before a re-spin too (trainer ruling 34).
    for i in rd.indexes(act.ANNOUNCE)[1:]:
        if rd.actions[i].spot == NO_MORE_BETS:
            rule_cite = f"{cite('(g)(1)')}; {ruling(34)}"
            out.append(WatchMistake(NO_MORE_BETS_MISSED, i,
                                    _performed(act.SPIN, "Re-spins the wheel without announcing \"No more bets\""),
                                    "Before every spin, a re-spin included, the dealer announces \"No more bets\"",
                                    rule_cite, *steps.refer(cite("(g)(1)")),
                                    scene=replace(rd.scene(i), caption="The wheel spins again.")))
    return out


def _spin_calls(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    """A short spin accepted (§(g)(2), §(i)(3)) and the clapper between two cards ruled
    against the sign (§(i)(1)-(2)): on the round's own irregular spin, else on a spin the
    app stages in place of the round's last spin."""
    out: list[WatchMistake] = []
    spins = rd.indexes(act.SPIN)
    clapper = rd.options.clapper_between
    # A short spin taken as valid breaks both §(g)(2) (three revolutions make a valid spin)
    # and §(i)(3) ("No spin" and a re-spin): the rule cites both.
    short_rule = ("A valid spin completes at least three revolutions; after a shorter one the dealer announces "
                  "\"No spin\" and re-spins the wheel"), f"{cite('(g)(2)')}; {cite('(i)(3)')}"
    if clapper == PREVIOUS:
        between_rule = (f"With the clapper between two cards, the sign posted at the table decides: {_sign(clapper)}",
                        f"{cite('(i)(1)(i)')}; {cite('(i)(2)')}")
        between_remedy = _irregularity("between-previous")
    else:
        between_rule = (f"With the clapper between two cards, the sign posted at the table decides: {_sign(clapper)}",
                        f"{cite('(i)(1)(ii)')}; {cite('(i)(2)')}")
        between_remedy = _irregularity("between-void")
    short_remedy = _irregularity("short-spin")
    staged_short = staged_between = True
    for i in spins:
        kind = rd.actions[i].effects[0].text
        resting = [Section.parse(t) for t in rd.actions[i].effects[0].card.split()]
        scene = rd.scene(i + 1)
        if kind == NO_SPIN:
            staged_short = False
            taken = _said(resting[0])
            out.append(WatchMistake(SHORT_SPIN_ACCEPTED, i + 1,
                                    _performed(act.ANNOUNCE, f"Takes the short spin: announces {taken} the winning "
                                                             "card", spot=taken),
                                    *short_rule, *short_remedy, scene=replace(scene, caption=taken)))
        elif len(resting) == 2:
            staged_between = False
            wrong = ([_said(resting[1]), VOID_CALL] if clapper == PREVIOUS else [_said(resting[0]), _said(resting[1])])
            for said in wrong:
                text = ("Declares the spin void and re-spins" if said == VOID_CALL
                        else f"Declares {said} the winning card")
                out.append(WatchMistake(CLAPPER_RULING, i + 1, _performed(act.ANNOUNCE, text, spot=said),
                                        *between_rule, *between_remedy, scene=replace(scene, caption=said)))
    last = spins[-1]
    before = rd.scene(last)
    if staged_short:
        sp = short_spin(rng)
        taken = wheel().at(sp.under_clapper()[0])
        text = (f"Spins the wheel only {revolutions_text(sp.revolutions)} and takes {taken.name()} as the winning "
                "card")
        out.append(WatchMistake(SHORT_SPIN_ACCEPTED, last, _performed(act.SPIN, text), *short_rule, *short_remedy,
                                scene=replace(before, wheel=pose(sp, text), caption=text)))
    if staged_between:
        passed = rng.choice(wheel().order)
        sp = spin_between(wheel(), passed, rng)
        first, second = (wheel().at(p) for p in sp.under_clapper())
        if clapper == PREVIOUS:
            wrong = (f"the clapper stops between {first.label()} and {second.label()}, having passed {first.label()} "
                     "last; declares the spin "
                     "void and re-spins")
        else:
            wrong = (f"the clapper stops between {first.label()} and {second.label()}, having passed {first.label()} "
                     "last; declares "
                     f"{first.name()} the winning card")
        text = "Spins the wheel: " + wrong
        out.append(WatchMistake(CLAPPER_RULING, last, _performed(act.SPIN, text), *between_rule, *between_remedy,
                                scene=replace(before, wheel=pose(sp, text), caption=text)))
    return out


def _marks(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    i = rd.mark
    w = rd.winner
    out = []
    for other in _neighbours(w):
        text = f"Marks {other.name()} ({other.label()}) on the layout; the winning card is {w.name()}"
        out.append(WatchMistake(WRONG_MARK, i, _performed(act.MARK, text, spot=str(other), spot_label=other.name()),
                                f"The dealer places the marker on the winning card, {w.name()}", cite("(g)(4)"),
                                *steps.refer(cite("(g)(4)")),
                                scene=replace(rd.scene(i), marker=str(other), caption=text)))
    return out


def _stand(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    """The wrong card placed in the stand (the data's "wrong-stand-card")."""
    stands = rd.indexes(act.STAND)
    if not stands:
        return []
    i = stands[0]
    w = rd.winner
    scene = rd.scene(i)
    a = rd.actions[i]
    out = []
    for other in _neighbours(w):
        if other.is_joker:
            continue
        text = f"Places {other.name()} in the {a.spot_label}; the winning card is {w.name()}"
        out.append(WatchMistake(WRONG_STAND_CARD, i, _performed(act.STAND, text, spot=a.spot, spot_label=a.spot_label),
                                f"The dealer places the winning card, {w.name()}, in the card stand", cite("(g)(4)"),
                                *_irregularity("wrong-stand-card"),
                                scene=replace(scene, stand=scene.stand + (str(other),), stand_new=True, caption=text)))
    return out


def _joker(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    """On a joker: the joker put in the stand, or an open poker hand wager collected
    (§(g)(5)(iii), trainer ruling P7; the data's "joker-with-stand")."""
    w = rd.winner
    if not w.is_joker:
        return []
    i = rd.mark + 1
    scene = rd.scene(i)
    remedy = _irregularity("joker-with-stand")
    rule_cite = f"{cite('(g)(5)(iii)')}; {ruling('P7')}"
    position = len(scene.stand) + 1
    spot, label = stand_spot(min(position, 3))
    text = f"Places {w.name()} in the {label}"
    out = [WatchMistake(JOKER_IN_STAND, i, _performed(act.STAND, text, spot=spot, spot_label=label),
                        "A joker has no bearing on the poker hand wagers: it never goes into the card stand",
                        rule_cite, *remedy, scene=replace(scene, stand=scene.stand + (str(w),), stand_new=True,
                                                          caption=text))]
    settled = {(a.seat, a.spot) for a in rd.actions if a.verb in (act.COLLECT, act.PAY)}
    for c in scene.chips:
        key = wager_key(c.placement)
        if c.placement.is_poker and (c.seat, key) not in settled:
            text = f"Collects seat {c.seat}'s {c.placement.label()} ({format_cents(c.amount)}) on the joker"
            out.append(WatchMistake(IN_ACTION_COLLECTED, i, _performed(act.COLLECT, text, c.seat, key,
                                                                        spot_label=c.placement.label()),
                                    "A joker has no bearing on the poker hand wagers: they stay in action, untouched",
                                    rule_cite, *remedy, scene=_chip_as(scene, c.seat, key, COLLECTED, caption=text)))
    return out


def _settle_rule(rd: _Round, a: DealerAction, wins: bool) -> tuple[str, str]:
    """Why a wager wins or loses: settled by its position (§(g)(3)), a poker hand wager by
    the stand (§(h))."""
    c = rd.scene(0).chips[_chip_index(rd.scene(0), a.seat, a.spot)]
    w = rd.winner
    if c.placement.is_poker:
        verdict = "wins: the dealer pays it" if wins else "loses: the dealer collects it"
        note = settlement_note((c.placement.wager,))
        if note:  # the garbled §(h)(5)(iii), read like §(h)(5)(iv) (trainer ruling 37)
            return f"{c.placement.label()} {verdict}. {note}", f"{cite('(h)(5)(iii)')}; {ruling(37)}"
        return f"{c.placement.label()} {verdict}", SETTLE_CITES[c.placement.wager][0]
    covers = "covers" if wins else "does not cover"
    verdict = "it wins and is paid" if wins else "it loses and is collected"
    rule = (f"Each wager is settled strictly by its position on the layout: {c.placement.label()} {covers} "
            f"{w.name()}, so {verdict}")
    return rule, cite("(g)(3)")


def _settlement(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    """A losing wager paid, a winning one collected, a payment before the collections end
    (§(g)(4)) and "pair in 2" settled before the non-poker wagers (§(h)(2))."""
    out: list[WatchMistake] = []
    for i in rd.indexes(act.COLLECT):
        a = rd.actions[i]
        c = rd.scene(i).chips[_chip_index(rd.scene(i), a.seat, a.spot)]
        wrong = payout(c.placement.wager, c.amount, rd.options)
        text = f"Pays seat {a.seat}'s {a.spot_label} {format_cents(wrong)}; it lost"
        out.append(WatchMistake(WRONG_WAGER_PAID, i, _performed(act.PAY, text, a.seat, a.spot, wrong, a.spot_label),
                                *_settle_rule(rd, a, False), *steps.refer(cite("(g)(3)")),
                                scene=_chip_as(rd.scene(i), a.seat, a.spot, PAID, wrong, text)))
    for i in rd.indexes(act.PAY):
        a = rd.actions[i]
        text = f"Collects seat {a.seat}'s {a.spot_label}; it won"
        out.append(WatchMistake(WINNER_COLLECTED, i, _performed(act.COLLECT, text, a.seat, a.spot,
                                                                spot_label=a.spot_label),
                                *_settle_rule(rd, a, True), *steps.refer(cite("(g)(3)")),
                                scene=_chip_as(rd.scene(i), a.seat, a.spot, COLLECTED, caption=text)))
    groups = rd.groups()
    for (verb, items), (next_verb, next_items) in pairwise(groups):
        if verb == act.COLLECT and next_verb == act.PAY:
            early = _paid_too_early(rd, items, next_items)
            if early is None:
                continue
            i, paid = items[0], rd.actions[early]
            text = f"Pays seat {paid.seat}'s {paid.spot_label} before every losing wager is collected"
            cites = cite("(g)(4)") + (f"; {cite('(h)(6)')}" if cite("(h)(6)") in paid.citations else "")
            rule = "The dealer first collects all losing wagers, then pays the winning wagers"
            if rd.script.alternatives:  # the third card: either order of trainer ruling 35
                rule = ("The dealer collects the losing wagers before paying the winning ones: every loser before any "
                        "winner, or the non-poker wagers first, then the poker hand wagers, losers before winners")
                cites += f"; {ruling(35)}"
            out.append(WatchMistake(PAID_BEFORE_COLLECTED, i,
                                    _performed(act.PAY, text, paid.seat, paid.spot, paid.amount, paid.spot_label),
                                    rule, cites, *steps.refer(cite("(g)(4)")),
                                    scene=_chip_as(rd.scene(i), paid.seat, paid.spot, PAID, paid.amount, text)))
    pair = [i for verb_items in groups for i in verb_items[1] if rd.actions[i].spot == PAIR_IN_TWO]
    if pair and groups and pair[0] != groups[0][1][0]:
        i, a = groups[0][1][0], rd.actions[pair[0]]
        verb = "Pays" if a.verb == act.PAY else "Collects"
        text = f"{verb} seat {a.seat}'s pair in two before the non-poker wagers are settled"
        scene = (_chip_as(rd.scene(i), a.seat, a.spot, PAID, a.amount, text) if a.verb == act.PAY
                 else _chip_as(rd.scene(i), a.seat, a.spot, COLLECTED, caption=text))
        out.append(WatchMistake(PAIR_IN_TWO_EARLY, i,
                                _performed(a.verb, text, a.seat, a.spot, a.amount, a.spot_label),
                                "On the second card the dealer first settles the non-poker wagers, then \"pair in 2\"",
                                cite("(h)(2)"), *steps.refer(cite("(h)(2)")), scene=scene))
    return out


def _paid_too_early(rd: _Round, collects: list[int], pays: list[int]) -> int | None:
    """The payment to make before the collections: one every accepted order forbids there.
    On the third card trainer ruling 35 lets the non-poker winners be paid before the poker
    hand losers are collected, so a non-poker winner is no mistake unless a non-poker wager
    lost; a poker hand winner always is (a loser is still down)."""
    if not rd.script.alternatives:
        return pays[0]
    poker = {i: rd.scene(0).chips[_chip_index(rd.scene(0), rd.actions[i].seat, rd.actions[i].spot)].placement.is_poker
             for i in collects + pays}
    return next((i for i in pays if poker[i]), pays[0] if any(not poker[i] for i in collects) else None)


def _wrong_amounts(wager: str, amount: int, options: HouseOptions) -> list[tuple[str, int]]:
    """What a confused dealer pays: the pay table's line above or below (other odds), or
    even money. Each amount comes from settlement.payout for the line confused."""
    table = rules_data().option_table(PAY_TABLE, options.pay_table)
    rows = table.rows
    right = payout(wager, amount, options)
    index = next(i for i, row in enumerate(rows) if wager in row.hands)
    out: list[tuple[str, int]] = []
    for j in (index - 1, index + 1):
        if 0 <= j < len(rows):
            other = rows[j].hands[0]
            wrong = payout(other, amount, options)
            if wrong != right:
                out.append((f"the {rows[j].label} line, {options.odds_for(other)}", wrong))
    even = Odds.parse("1 to 1").win_cents(amount)
    if even != right:
        out.append(("1 to 1", even))
    return out


def _payouts(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    out: list[WatchMistake] = []
    for i in rd.indexes(act.PAY):
        a = rd.actions[i]
        c = rd.scene(i).chips[_chip_index(rd.scene(i), a.seat, a.spot)]
        odds = rd.options.odds_for(c.placement.wager)
        table_cite = "; ".join(rd.options.citation_for(c.placement.wager))  # §(f)(2) with trainer ruling 21
        for how, wrong in _wrong_amounts(c.placement.wager, c.amount, rd.options):
            text = f"Pays seat {a.seat}'s {a.spot_label} {format_cents(wrong)} ({how})"
            out.append(WatchMistake(WRONG_PAYOUT, i, _performed(act.PAY, text, a.seat, a.spot, wrong, a.spot_label),
                                    f"A winning {a.spot_label} of {format_cents(c.amount)} is paid at the odds "
                                    f"offered, {odds}: {format_cents(a.amount)}", f"{cite('(g)(4)')}; {table_cite}",
                                    *steps.refer(cite("(g)(4)")),
                                    scene=_chip_as(rd.scene(i), a.seat, a.spot, PAID, wrong, text)))
    return out


def _announcements(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    """A wrong announcement of the poker hand wagers on offer (§(h)(1), §(h)(3)-(4))."""
    out: list[WatchMistake] = []
    settled = [i for i in range(len(rd.actions)) if rd.actions[i].verb in (act.COLLECT, act.PAY)]
    for i, a in enumerate(rd.actions):
        if a.verb != act.ANNOUNCE or not a.choices or not settled or i < settled[0]:
            continue
        first = a.citations[0]
        for said in a.choices:
            if said == a.spot:
                continue
            text = f"Announces \"{said}\""
            out.append(WatchMistake(WRONG_ANNOUNCEMENT, i, _performed(act.ANNOUNCE, text, spot=said),
                                    f"The dealer announces the poker hand wagers the card stand allows: {a.spot}",
                                    first, *steps.refer(first),
                                    scene=replace(rd.scene(i), caption=text)))
    return out


def _clearing(rd: _Round, rng: random.Random) -> list[WatchMistake]:
    """The stand cleared before the poker hand wagers are settled (§(h)(7))."""
    if not rd.indexes(act.CLEAR):
        return []
    groups = rd.groups()
    if not groups:
        return []
    i = groups[0][1][0]
    text = "Removes the three cards from the card stand before the poker hand wagers are settled"
    return [WatchMistake(STAND_CLEARED_EARLY, i, _performed(act.CLEAR, text),
                         "The dealer removes the three cards from the card stand after all poker hand wagers are "
                         "settled", cite("(h)(7)"), *steps.refer(cite("(h)(7)")),
                         scene=replace(rd.scene(i), stand=(), stand_new=False, caption=text))]


__all__ = ["CLAPPER", "HOUSE_OPTIONS", "NO_MORE_BETS", "PAY_TABLE", "build_round", "layout_wagers", "wager_key",
           "watch_mistakes"]
