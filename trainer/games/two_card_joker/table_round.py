"""Table mode for Two Card Joker Poker: one whole round as the dealer deals it.

The round follows the rules text step by step: the one-handed cut when the cards were
shuffled by hand (§4(b)-(c)), "No more bets" (§7(b), §8(b)(3), §9(b)(2)), the deal of the
chosen method with the cover card on the dealer's hand (``dealing.deal_sequence``), the
stub to the discard rack (counted every fifth round, §7(e)-(f)), the call-or-fold offers
from the dealer's left (§10(b)), the bonus pass from the dealer's right (§10(c)), the
dealer's reveal and the ante/call pass with each player's cards picked up (§10(d)), and
the dealer's cards to the discard rack (§10(e)). Every amount comes from
``settlement.settle_round``.

Simulated players ante (a base wager of the level), add Pair Up and Super Flush at the
level's side-bet rate, and call with queen-five high or better (the weakest hand worth
calling by ``analysis.base_game``), folding below.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from trainer.core.cards import Card, cards_label, parse_cards, shuffled, standard_deck
from trainer.core.money import format_cents
from trainer.core.settlement import WagerResult
from trainer.games.two_card_joker import dealing
from trainer.games.two_card_joker.hands import TITLE, HandValue, cite, evaluate, turns_on_lowest_flush
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data
from trainer.games.two_card_joker.settlement import (
    CALL, FOLD, ONE_TO_ONE, HouseOptions, RoundSettlement, SeatWagers, settle_pay_table, settle_round,
    super_flush_key,
)
from trainer.core.table import steps
from trainer.core.table.actions import (
    CLEAR, COLLECT, COVER, CUT, DEAL, DEALER, OFFER, PAY, REVEAL, DealerAction, Effect, position_text,
)
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, WatchMistake, pick_seats, pick_wager
from trainer.core.table.table_state import TableState

# ---------------------------------------------------------------- house options

METHOD_OPTION = "dealing_method"
PAIR_UP_OPTION = "pair_up_table"
SHUFFLE_OPTION = "shuffle"
AUTOMATED_SHUFFLE = "automated"
MANUAL_SHUFFLE = "manual"


def _data_option(key: str) -> HouseOption:
    """A house option as resources/games/two-card-joker/game.json defines it."""
    opt = rules_data().house_options[key]
    return HouseOption.from_data(opt, [f"Table {c}" for c in opt.choices] if key == PAIR_UP_OPTION else None)


# §4(a): the dealer shuffles "either manually or by use of an automated card shuffling
# device"; §4(b) makes the cut depend on which. The game data has no option for it, so
# it is defined here. Dealing from the hand requires the shuffling device (§8(b)(1)).
SHUFFLE = HouseOption(
    SHUFFLE_OPTION, "Shuffle", (MANUAL_SHUFFLE, AUTOMATED_SHUFFLE), MANUAL_SHUFFLE, cite("4(a)-(b)"),
    ("By hand, then the one-handed cut (§4(b)(2), §4(c))",
     "Automated card shuffling device, no cut (§4(b)(1))"))

HOUSE_OPTIONS: tuple[HouseOption, ...] = (_data_option(METHOD_OPTION), SHUFFLE, _data_option(PAIR_UP_OPTION))

# ---------------------------------------------------------------- the players

# The weakest hand worth calling, as analysis.base_game() finds it ("call with queen
# high (queen-five) or better, fold below"); the tests check the two agree.
WEAKEST_CALL = evaluate(parse_cards("Qs 5h"))
# Side bets a simulated player places, in cents (never more than the ante).
SIDE_BETS = (100, 200, 300, 500, 1000, 2500)
BONUS_ONLY_SHARE = 0.2  # of the side-bet rate: a player who plays Pair Up / Super Flush alone (§6(c)(2))


@dataclass(frozen=True)
class Player:
    """A simulated player's wagers before "No more bets" (cents; 0 = not placed)."""

    seat: int
    ante: int = 0
    pair_up: int = 0
    super_flush: int = 0

    def line(self) -> str:
        data = rules_data()
        parts = [f"{data.spot_label(k)} {format_cents(v)}" for k, v in self.wagers().items()]
        return f"Seat {self.seat}: " + ", ".join(parts) + ("" if self.ante else " (no ante)")

    def wagers(self) -> dict[str, int]:
        return {k: v for k, v in (("ante", self.ante), ("pair_up", self.pair_up),
                                  ("super_flush", self.super_flush)) if v}


def decide(cards: Sequence[Card]) -> str:
    """The players' strategy: call with queen-five high or better, otherwise fold."""
    return CALL if evaluate(cards) >= WEAKEST_CALL else FOLD


def pick_players(rng: random.Random, config: RoundConfig) -> list[Player]:
    level = config.level
    players = []
    for seat in pick_seats(rng, level, rules_data().seats):
        bonus_only = rng.random() < level.side_bet_rate * BONUS_ONLY_SHARE
        ante = 0 if bonus_only else pick_wager(rng, level)
        cap = ante or max(level.wager_choices)
        sizes = [s for s in SIDE_BETS if s <= cap]
        pair_up = rng.choice(sizes) if rng.random() < level.side_bet_rate else 0
        super_flush = rng.choice(sizes) if rng.random() < level.side_bet_rate else 0
        if not (ante or pair_up or super_flush):  # a bonus-only player places at least one bonus
            pair_up = rng.choice(sizes)
        players.append(Player(seat, ante, pair_up, super_flush))
    return players


# ---------------------------------------------------------------- the round

def build_round(config: RoundConfig) -> RoundScript:
    rng = random.Random(config.seed)
    players = pick_players(rng, config)
    method = in_force(config)[METHOD_OPTION]
    deck = shuffled(standard_deck(jokers=rules_data().jokers), rng)
    # Trainer ruling 6: no round may turn on which flush is the lowest. A deal that would
    # settle a call on an ace-three flush against a flush without an ace is shuffled again
    # from the same seeded RNG (every other seed deals exactly the round it dealt before).
    for _ in range(MAX_RESHUFFLES):
        if not turns_on_ruling_6(method, players, deck):
            break
        deck = shuffled(deck, rng)
    else:
        raise RuntimeError(f"seed {config.seed}: no deal within {MAX_RESHUFFLES} shuffles avoids trainer ruling 6")
    return script_for(config, players, deck)


MAX_RESHUFFLES = 100


def turns_on_ruling_6(method: str, players: Sequence[Player], deck: Sequence[Card]) -> bool:
    """Whether the round dealt from ``deck`` settles a call on a comparison that §5(b)(6)
    and §5(c) decide differently (``hands.turns_on_lowest_flush``, trainer ruling 6)."""
    _, hands = _deal(method, sorted(p.seat for p in players), deck)
    dealer = evaluate(hands[DEALER])
    return any(p.ante and decide(hands[p.seat]) == CALL and turns_on_lowest_flush(evaluate(hands[p.seat]), dealer)
               for p in players)


def in_force(config: RoundConfig) -> dict[str, str]:
    """The house options the round is dealt under (the shuffle is by the device when the
    cards are dealt from the hand, §8(b)(1))."""
    options = {spec.key: config.option(spec) for spec in HOUSE_OPTIONS}
    if options[METHOD_OPTION] == dealing.HAND:
        options[SHUFFLE_OPTION] = AUTOMATED_SHUFFLE
    return options


def script_for(config: RoundConfig, players: Sequence[Player], deck: Sequence[Card]) -> RoundScript:
    """The round dealt from ``deck`` (top card first) to ``players``."""
    data = rules_data()
    options = in_force(config)
    method = options[METHOD_OPTION]
    players = sorted(players, key=lambda p: p.seat)
    by_seat = {p.seat: p for p in players}

    actions: list[DealerAction] = []
    if options[SHUFFLE_OPTION] == MANUAL_SHUFFLE:
        # §4(b)(2), §4(c): the cut completes Section 4, and only then is the deck placed in
        # the shoe (§7(a), §9(b)(1)) and "No more bets" announced (§7(b), §9(b)(2)).
        actions.append(steps.cut("Cut the cards with one hand onto the cover card (at least 10 cards), "
                                 "then put the cover card in the discard rack", (cite("4(b)(2)"), cite("4(c)(1)"))))
    actions.append(steps.announce("Announce “No more bets”", (cite(ANNOUNCE_SECTIONS[method]), cite("6(b)"))))
    deal, hands = _deal(method, [p.seat for p in players], deck)
    actions += deal
    actions.append(_stub(method, len(players), config.round_number))

    decisions = {p.seat: decide(hands[p.seat]) for p in players if p.ante}
    actions += _offers(by_seat, decisions)

    seat_wagers = [SeatWagers(p.seat, tuple(hands[p.seat]), p.ante, p.pair_up, p.super_flush,
                              decisions.get(p.seat)) for p in players]
    settled = settle_round(hands[DEALER], seat_wagers, HouseOptions(options[PAIR_UP_OPTION]))
    bonus, revealed = _bonus_pass(settled, by_seat, decisions)
    actions += bonus
    actions.append(steps.reveal(DEALER, "Remove the cover card and reveal the dealer's cards", (cite("10(d)"),),
                                uncover=True))
    actions += _ante_pass(settled, decisions, revealed)
    # §10(e). The rules name no moment to pick up the cards of a player who placed only
    # Pair Up / Super Flush (§10(c)(1) settles the wagers, §10(d) deals with players "with
    # wagers remaining"): they stay on the layout until the table is cleared here.
    actions.append(steps.clear_table("Place the dealer's cards in the discard rack", (cite("10(e)"), cite("10(f)")),
                                     DEALER))

    caption = f"Dealt {dealing.METHOD_NAMES[method]} · Pair Up Table {options[PAIR_UP_OPTION]}"
    start = TableState(GAME_ID, TITLE, data.spots, data.seats, {p.seat: p.wagers() for p in players}, caption)
    return steps.table_script(config, start, actions, options=options, option_lines=_option_lines(options),
                              players=[p.line() for p in players], summary=_summary(settled, hands, decisions),
                              irregularities=data.irregularities)


ANNOUNCE_SECTIONS = {dealing.MANUAL_SHOE: "7(b)", dealing.HAND: "8(b)(3)", dealing.AUTOMATED_SHOE: "9(b)(2)"}
SOURCES = {dealing.MANUAL_SHOE: "from the shoe", dealing.HAND: "from the deck in your hand"}
METHOD_CITES = {dealing.MANUAL_SHOE: (cite("7(c)"),), dealing.HAND: (cite("8(b)(3)"),), dealing.AUTOMATED_SHOE: ()}
ORDINALS = {1: "first", 2: "second"}
STUB = steps.STUB
STUB_SECTIONS = {dealing.MANUAL_SHOE: "7(e)", dealing.HAND: "8(d)", dealing.AUTOMATED_SHOE: "9(d)"}
COUNT_SECTIONS = {dealing.MANUAL_SHOE: "7(f)", dealing.HAND: "8(e)", dealing.AUTOMATED_SHOE: "9(e)"}
STUB_COUNT_EVERY = 5  # §7(f), §8(e), §9(e): "at least once every five rounds of play"


def _stub(method: str, players: int, round_number: int) -> DealerAction:
    """§7(e), §8(d), §9(d): the stub to the discard rack without exposing it; every fifth
    round at a table it is counted first (§7(f), trainer ruling 4: 54 cards)."""
    where = {dealing.MANUAL_SHOE: "from the shoe ", dealing.AUTOMATED_SHOE: "from the automated shoe "}.get(method, "")
    counted = round_number % STUB_COUNT_EVERY == 0
    return steps.stub(f"Place the stub {where}in the discard rack without exposing it", (cite(STUB_SECTIONS[method]),),
                      count=dealing.stub_count(players) if counted else None,
                      count_citations=(cite(COUNT_SECTIONS[method]),) + dealing.STUB_CITATIONS,
                      then="place it in the discard rack without exposing it")


def _collect_cards(seat: int, citation: str, note: str, group: str = "") -> DealerAction:
    """A player's cards picked up into the discard rack, in order (§10(f))."""
    return steps.pick_up(seat, f"Collect seat {seat}'s cards into the discard rack", (citation, cite("10(f)")),
                         note=note, group=group)


def _deal(method: str, seats: list[int], deck: Sequence[Card]) -> tuple[list[DealerAction], dict[int, list[Card]]]:
    """The deal of ``method`` (§7(d), §8(c), §9(c)): every delivery and the cover card."""
    actions: list[DealerAction] = []
    hands: dict[int, list[Card]] = {}
    first_stack = True
    for step, cards, _ in steps.deliveries(dealing.deal_sequence(method, seats), deck):
        hands.setdefault(step.recipient, []).extend(cards)
        cites = (step.citation,) + METHOD_CITES[method]
        if method == dealing.AUTOMATED_SHOE:
            if step.recipient == DEALER:
                # §9(c): the cover card goes on the dealer's stack in the shoe, and the stack
                # is then delivered with the cover card on top.
                actions.append(steps.cover("Place the cover card on top of the dealer's stack in the automated shoe",
                                           cites))
                text = "Deliver the dealer's stack, face down with the cover card on top, to the dealer's area"
            else:
                text = (f"Deliver the {'first' if first_stack else 'next'} stack of two cards from the automated "
                        f"shoe to seat {step.recipient}, face down")
                first_stack = False
            actions.append(steps.deal(step.recipient, cards, step.face_up, text, cites))
            continue
        nth = ORDINALS[step.card_number]
        if step.recipient == DEALER:
            text = f"Deal the dealer's {nth} card, face down, {SOURCES[method]}, under the cover card"
            # §7(d)(2), §8(c)(2): the dealer's first card goes "under a cover card"; whether
            # the cover card is laid first or on the card is not said, so either order is
            # accepted (one group). The second card joins it under the cover card.
            group = "dealer-cover" if step.card_number == 1 else ""
            actions.append(steps.deal(DEALER, cards, step.face_up, text, cites, group=group))
            if step.card_number == 1:
                actions.append(steps.cover("Place the cover card on the dealer's card", (step.citation,), group))
        else:
            text = f"Deal seat {step.recipient} its {nth} card, face down, {SOURCES[method]}"
            actions.append(steps.deal(step.recipient, cards, step.face_up, text, cites))
    return actions, hands


def _offers(by_seat: dict[int, Player], decisions: dict[int, str]) -> list[DealerAction]:
    """§10(b): from the player farthest to the dealer's left, clockwise, each ante is offered
    a call equal to it or a fold."""
    out = []
    for seat in dealing.call_order(list(decisions)) if decisions else ():
        ante = by_seat[seat].ante
        if decisions[seat] == CALL:
            response = f"Seat {seat} calls {format_cents(ante)}"
            effects = (Effect("wager", seat, "call", amount=ante),)
        else:
            # The cards stay on the layout until the §10(c)(2) collection (and the §10(c)(1)
            # reveal of a folded hand's bonus wagers, trainer ruling 8).
            response = f"Seat {seat} folds"
            effects = (Effect("note", seat, text="folds"),)
        out.append(steps.offer(seat, f"Ask seat {seat} to call {format_cents(ante)} (equal to the ante) or fold",
                               (cite("10(b)"),), response, effects))
    return out


def wager_name(spot: str) -> str:
    """A wager as named in a sentence: "ante", "call", "Pair Up", "Super Flush"."""
    label = rules_data().spot_label(spot)
    return label.lower() if spot in ("ante", "call") else label


def _settle(seat: int, r: WagerResult, group: str, lead: tuple[str, ...] = ()) -> DealerAction | None:
    """The action settling one wager: PAY a win (the settlement's amount), COLLECT a loss;
    a push needs none."""
    return steps.settle(seat, r, pay_text=f"Pay seat {seat}'s {wager_name(r.wager)} {r.odds}",
                        collect_text=f"Collect seat {seat}'s losing {wager_name(r.wager)}",
                        citations=steps.cites(r.rules, lead), group=group,
                        spot_label=rules_data().spot_label(r.wager))


def _reveal(seat: int, citation: str) -> DealerAction:
    return steps.reveal(seat, f"Reveal seat {seat}'s cards", (citation,))


def _bonus_pass(settled: RoundSettlement, by_seat: dict[int, Player],
                decisions: dict[int, str]) -> tuple[list[DealerAction], set[int]]:
    """§10(c), from the dealer's right counterclockwise: (1) reveal and settle Pair Up and
    Super Flush (folded or not, trainer ruling 8); (2) collect a folded ante and its cards."""
    out: list[DealerAction] = []
    revealed: set[int] = set()
    for seat in dealing.settlement_order(list(by_seat)):
        result = settled.seat(seat)
        bonuses = [r for r in result.results if r.wager in ("pair_up", "super_flush")]
        if bonuses:
            out.append(_reveal(seat, cite("10(c)(1)")))
            revealed.add(seat)
            out += [a for r in bonuses if (a := _settle(seat, r, f"bonus-{seat}", (cite("10(c)(1)"),)))]
        if decisions.get(seat) == FOLD:
            # §10(c)(2): "collect the ante wager and cards of the player": either first.
            ante = result.result("ante")
            out.append(steps.collect(seat, "ante", f"Collect seat {seat}'s folded ante",
                                     steps.cites((cite("10(c)(2)"),), ante.rules), group=f"fold-{seat}",
                                     spot_label=ante.label))
            out.append(_collect_cards(seat, cite("10(c)(2)"), "folded", f"fold-{seat}"))
    return out, revealed


def _ante_pass(settled: RoundSettlement, decisions: dict[int, str], revealed: set[int]) -> list[DealerAction]:
    """§10(d), from the dealer's right counterclockwise, each player who called: (1) the
    dealer does not qualify: the ante paid 1 to 1, the call returned; (2) the dealer
    qualifies: the player's cards revealed (unless they were under §10(c)(1)), then ante
    and call collected or paid (in either order), a tie returned; then the player's cards
    collected."""
    callers = [s for s, d in decisions.items() if d == CALL]
    out: list[DealerAction] = []
    for seat in dealing.settlement_order(callers) if callers else ():
        result = settled.seat(seat)
        if settled.dealer_qualifies and seat not in revealed:
            out.append(_reveal(seat, cite("10(d)(2)(i)")))
        out += [a for r in result.results if r.wager in ("ante", "call") and (a := _settle(seat, r, f"settle-{seat}"))]
        out.append(_collect_cards(seat, cite("10(d)(2)(iv)" if settled.dealer_qualifies else "10(d)(1)(iii)"),
                                  result.hand.describe()))
    return out


def _option_lines(options: dict[str, str]) -> tuple[str, ...]:
    lines = []
    for spec in HOUSE_OPTIONS:
        line = spec.line(options[spec.key])
        if spec.key == SHUFFLE_OPTION and options[METHOD_OPTION] == dealing.HAND:
            line += " — required to deal from the hand (§8(b)(1))"
        lines.append(line)
    return tuple(lines)


def _summary(settled: RoundSettlement, hands: dict[int, list[Card]], decisions: dict[int, str]) -> tuple[str, ...]:
    dealer = settled.dealer
    lines = [f"Dealer: {cards_label(hands[DEALER])}, {dealer.describe().lower()} — "
             + ("qualifies (queen or higher)" if settled.dealer_qualifies else "does not qualify (below queen high)")]
    for s in sorted(settled.seats, key=lambda s: s.seat):
        did = {CALL: "called", FOLD: "folded"}.get(decisions.get(s.seat, ""), "no ante")
        lines.append(f"Seat {s.seat}: {cards_label(hands[s.seat])}, {s.hand.describe().lower()} ({did}). "
                     + "; ".join(r.describe() for r in s.results)
                     + f". Net {format_cents(s.net, sign=True)}")
    return tuple(lines)


# ---------------------------------------------------------------- watch mode

def _refer(what: str) -> tuple[str, str]:
    """A remedy the rules do not write, cited in the data's wording style."""
    return steps.refer(cite("12"), f"no provision covers {what}")


def _irregularity(irregularity_id: str) -> tuple[str, str]:
    return steps.remedy_of(rules_data().irregularities, irregularity_id)


_who, _whose = position_text, steps.whose


def _does(action: DealerAction) -> str:
    """What the app does, in the third person: "Reveals seat 2's cards"."""
    if action.verb == REVEAL:
        return f"Reveals {_whose(action.seat)} cards"
    if action.verb == PAY:
        return f"Pays {_whose(action.seat)} {wager_name(action.spot)} {format_cents(action.amount)}"
    if action.verb == COLLECT:
        return f"Collects {_whose(action.seat)} {wager_name(action.spot)}"
    if action.verb == OFFER:
        return f"Asks seat {action.seat} for the decision"
    if action.verb == CLEAR:
        return f"Collects {_whose(action.seat)} cards"
    return action.text


def _dealt_cards(script: RoundScript) -> dict[int, list[Card]]:
    hands: dict[int, list[Card]] = {}
    for a in script.actions:
        if a.verb == DEAL:
            hands.setdefault(a.seat, []).extend(Card.parse(e.card) for e in a.effects if e.kind == "card")
    return hands


def watch_mistakes(script: RoundScript, rng: random.Random) -> list[WatchMistake]:
    """Every mistake the app could make in this round: a card or stack out of turn, a
    player's or the dealer's card exposed, the cut missed, the cover card forgotten, a
    decision asked out of turn, a pass settled clockwise, the dealer revealed before the
    bonus pass, a wrong payout, a returned call paid."""
    acts = script.actions
    method = script.options[METHOD_OPTION]
    out: list[WatchMistake] = []
    out += _deal_mistakes(acts, method)
    out += _offer_mistakes(acts)
    out += _pass_mistakes(acts)
    out += _payout_mistakes(script, rng)
    return out


def _deal_mistakes(acts: list[DealerAction], method: str) -> list[WatchMistake]:
    out = []
    stack = method == dealing.AUTOMATED_SHOE
    order_rule = ("Cards are delivered from the player farthest to the dealer's left, clockwise, "
                  + ("the dealer's stack last" if stack else "the dealer after each round of cards"))
    dealt_in_error = _irregularity("dealt-in-error")
    player_exposed = _irregularity("player-card-exposed")
    dealer_exposed = _irregularity("dealer-exposed")
    # §7(d)(5), §8(c)(5): "dealt in a manner as to not disclose the value"; §9(c): stacks face down.
    undisclosed = cite("9(c)") if stack else cite(f"{dealing.METHOD_SECTIONS[method]}(5)")
    for i, a in enumerate(acts):
        if a.verb == CUT:
            nxt = acts[i + 1]
            out.append(steps.skipped(
                i, nxt, "Announces “No more bets” without cutting the cards it shuffled by hand",
                "Cards shuffled by hand are cut with one hand over the cover card before they are dealt",
                cite("4(b)(2)"), steps.refer(cite("4"), "no remedy is written for a missed cut"), kind="missed-cut"))
        if a.verb == COVER:
            nxt = acts[i + 1]
            if stack:
                text = "Delivers the dealer's stack without the cover card on top"
                rule = "The dealer's stack is delivered with the cover card on top"
            else:
                nxt = next(x for x in acts[i + 1:] if x.verb == DEAL)
                text = f"Deals {_who(nxt.seat)} its second card, the dealer's card left without the cover card"
                rule = "The dealer's cards are dealt face down under a cover card"
            out.append(steps.skipped(i, nxt, text, rule, a.citations[0],
                                     _refer("a dealer's hand left without its cover card"), kind="cover-forgotten"))
        if a.verb != DEAL:
            continue
        what = "stack" if stack else "card"
        if a.seat == DEALER:
            out.append(steps.card_exposed(
                i, a, f"Turns the dealer's {what} face up as it is dealt",
                "The dealer's cards are dealt face down, under the cover card", a.citations[0], dealer_exposed,
                kind="dealer-exposed"))
        else:
            out.append(steps.card_exposed(
                i, a, f"Deals seat {a.seat}'s {what} face up",
                "Every player's cards are dealt face down, so as not to disclose their value", undisclosed,
                player_exposed))
        nxt = acts[i + 1]
        if nxt.verb == DEAL and nxt.seat != a.seat and a.seat != DEALER:
            text = (f"Delivers {_whose(nxt.seat)} stack before seat {a.seat}'s" if stack
                    else f"Deals {_who(nxt.seat)} a card before seat {a.seat}")
            out.append(steps.dealt_out_of_turn(i, a, nxt.seat, text, order_rule, a.citations[0], dealt_in_error))
    return out


def _offer_mistakes(acts: list[DealerAction]) -> list[WatchMistake]:
    out = []
    for i, j in steps.in_turn(acts, OFFER):
        later = acts[j]
        out.append(steps.mistake(
            "wrong-order", i, replace(later, effects=(), response="").with_text(
                f"Asks seat {later.seat} for the decision before seat {acts[i].seat}"),
            "Call or fold is offered from the player farthest to the dealer's left, clockwise", cite("10(b)"),
            _refer("a decision offered out of turn")))
    return out


def _passes(acts: list[DealerAction]) -> list[tuple[str, list[list[int]]]]:
    """The two settlement passes (§10(c), §10(d)), each as its seats' runs of action indexes."""
    reveal = next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER)
    decided = max(i for i, a in enumerate(acts) if a.verb == OFFER or a.spot == STUB)
    out = []
    for section, lo, hi in (("10(c)", decided + 1, reveal), ("10(d)", reveal + 1, len(acts) - 1)):
        runs: list[list[int]] = []
        for i in range(lo, hi):
            if runs and acts[runs[-1][0]].seat == acts[i].seat:
                runs[-1].append(i)
            else:
                runs.append([i])
        out.append((section, runs))
    return out


def _pass_mistakes(acts: list[DealerAction]) -> list[WatchMistake]:
    out = []
    passes = _passes(acts)
    for section, runs in passes:
        what = ("Pair Up and Super Flush are revealed and settled, and folded antes collected,"
                if section == "10(c)" else "Antes and calls are settled")
        for run, later in pairwise(runs):
            first, wrong = acts[run[0]], acts[later[0]]
            out.append(steps.mistake(
                "wrong-order", run[0], wrong.with_text(f"{_does(wrong)} before {_whose(first.seat)}"),
                f"{what} from the player farthest to the dealer's right, counterclockwise", cite(section),
                _refer("wagers settled out of turn")))
    bonus_runs = passes[0][1]
    if bonus_runs:
        reveal = next(a for a in acts if a.verb == REVEAL and a.seat == DEALER)
        out.append(steps.mistake(
            "early-reveal", bonus_runs[0][0], reveal.with_text(
                "Removes the cover card and reveals the dealer's cards before the Pair Up, Super Flush and "
                "folded hands are settled"),
            "The dealer reveals only after every bonus wager is settled and every folded hand collected",
            # §12(d) voids the hands when the dealer's cards are *inadvertently* exposed; a
            # reveal made on purpose out of its turn is not written: refer to floor supervisor.
            cite("10(d)"), _refer("a deliberate reveal of the dealer's cards before §10(c) is complete"),
            replaces=False))
    return out


def settled_round(script: RoundScript) -> tuple[RoundSettlement, dict[int, list[Card]]]:
    """The round's settlement as ``settle_round`` gives it, read back from the script: the
    wagers on the table before the deal, the cards dealt, the players' decisions."""
    hands = _dealt_cards(script)
    decisions = {a.seat: CALL if any(e.kind == "wager" for e in a.effects) else FOLD
                 for a in script.actions if a.verb == OFFER}
    seats = []
    for view in script.scenes[0].seats:
        if view.occupied:
            w = dict(view.wagers)
            seats.append(SeatWagers(view.seat, tuple(hands[view.seat]), w.get("ante", 0), w.get("pair_up", 0),
                                    w.get("super_flush", 0), decisions.get(view.seat)))
    return settle_round(hands[DEALER], seats, HouseOptions(script.options[PAIR_UP_OPTION])), hands


def _payout_mistakes(script: RoundScript, rng: random.Random) -> list[WatchMistake]:
    settled, _ = settled_round(script)
    table_choice = script.options[PAIR_UP_OPTION]
    out = []
    for i, a in enumerate(script.actions):
        if a.verb != PAY:
            continue
        seat = settled.seat(a.seat)
        right = seat.result(a.spot)
        hand = seat.hand.describe().lower()
        wrong_amounts = _confused_payouts(right, seat.hand, table_choice)
        if wrong_amounts:
            amount = rng.choice(wrong_amounts)
            out.append(steps.wrong_payout(
                i, a, amount, f"Pays {_whose(a.seat)} {wager_name(a.spot)} {format_cents(amount)} on {hand}",
                f"{right.describe()} ({hand})", a.citations[0], _refer("a wrong payout")))
        call = seat.result("call")
        if a.spot == "ante" and not settled.dealer_qualifies and call is not None:
            # §10(d)(1): the dealer does not qualify: the ante is paid, the call returned.
            out.append(steps.wrong_wager_paid(
                i, a.seat, "call", call.amount,
                f"Pays seat {a.seat}'s call {format_cents(call.amount)} although the dealer does not qualify",
                "When the dealer does not qualify, the call wager is returned, not paid", cite("10(d)(1)(ii)"),
                _refer("a paid wager that is to be returned"), spot_label=call.label))
    return out


def _confused_payouts(right: WagerResult, hand: HandValue, table_choice: str) -> list[int]:
    """Amounts a confused dealer might pay on the winning wager ``right``: from another Pair
    Up table, from a neighbouring line of the pay table, 1 to 1 in place of the odds, the
    call from the Pair Up table, the ante at the call's odds. Only amounts that differ
    from the right one (and are more than nothing), in that order."""
    data = rules_data()
    stake = right.amount
    key = super_flush_key(hand) if right.wager == "super_flush" else hand.category.key
    pair_up_table = data.option_table(PAIR_UP_OPTION, table_choice)
    found: list[int] = []
    table = None
    if right.wager == "pair_up":
        for choice in data.house_options[PAIR_UP_OPTION].choices:
            if choice != table_choice:
                found.append(settle_pay_table("pair_up", stake, data.option_table(PAIR_UP_OPTION, choice), key).paid)
        table = pair_up_table
    elif right.wager == "super_flush":
        table = data.pay_tables["super_flush"]
    elif right.wager == "call":
        table = data.pay_tables["call"]
        found.append(settle_pay_table("pair_up", stake, pair_up_table, key).paid)
    else:  # the ante pays 1 to 1 (§11(b)); a confused dealer pays it at the call's odds
        found.append(settle_pay_table("call", stake, data.pay_tables["call"], key).paid)
    if table is not None:
        rows = table.rows
        here = next(n for n, row in enumerate(rows) if key in row.hands)
        found += [rows[n].odds.win_cents(stake) for n in (here - 1, here + 1) if 0 <= n < len(rows)]
        found.append(ONE_TO_ONE.win_cents(stake))
    return [amount for amount in dict.fromkeys(found) if amount > 0 and amount != right.net]
