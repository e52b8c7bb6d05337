"""The card stand and the poker hand wagers (§(d)(4), §(h); trainer rulings P1, P5-P7).

The stand holds the winning cards of consecutive spins that are not jokers, up to three:
- the first card opens a hand; "pair in 2" is then offered (§(h)(1));
- the second card settles "pair in 2" (§(h)(2)); the dealer then announces the wagers
  the two cards allow (§(h)(3)-(4), rulings P5-P6): pair in three (only when they are not
  a pair), three of a kind (only when they are), flush (same suit), open or inside
  straight, open or inside straight flush;
- the third card settles those wagers (§(h)(5)-(6)) and the stand is cleared (§(h)(7)).
A joker leaves the stand and every open poker hand wager alone (§(g)(5)(iii), P7).

Three decks supply the stand, and each spin is independent (ruling P1): the same card
may be in the stand twice. Ranks are 2..14, the ace high (14) or low in A-2-3, never in
K-A-2 (§(b)(2), trainer ruling 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from trainer.core.cards import ACE, RANK_NAMES, Card, card_label, cards_label
from trainer.core.citation import ruling
from trainer.games.pokette.layout import (
    FLUSH, INSIDE_STRAIGHT, INSIDE_STRAIGHT_FLUSH, OPEN_STRAIGHT, OPEN_STRAIGHT_FLUSH, PAIR_IN_THREE, PAIR_IN_TWO,
    THREE_OF_A_KIND,
)
from trainer.games.pokette.wheel import Section, cite, rank_text

P5, P6, P7 = ruling("P5"), ruling("P6"), ruling("P7")
R37 = ruling(37)

# §(h)(5)(iii) lost words in the text; trainer ruling 37 reads it like §(h)(5)(iv), as P6
# says. Every explanation of a straight wager's settlement says so.
GARBLED_STRAIGHT_NOTE = ("§(h)(5)(iii), on the open and inside straight wagers, is garbled in the text (words are "
                         "missing); it is read like §(h)(5)(iv): the wager wins only if the third card is consecutive "
                         "in value with the first two, whatever the suits (trainer ruling 37, trainer ruling P6).")

# Three-card straights (§(b)(2), ruling P5): 2-3-4 ... Q-K-A, and A-2-3 with the ace low.
STRAIGHTS: tuple[frozenset[int], ...] = tuple(frozenset(range(lo, lo + 3)) for lo in range(2, 13)) + (
    frozenset({ACE, 2, 3}),)

# Where each announcement comes from.
ANNOUNCE_CITES = {
    PAIR_IN_THREE: (cite("(h)(3)"), P6),
    THREE_OF_A_KIND: (cite("(h)(4)(iv)"), P6),
    FLUSH: (cite("(h)(4)(i)"),),
    OPEN_STRAIGHT: (cite("(h)(4)(ii)(A)"), P5),
    INSIDE_STRAIGHT: (cite("(h)(4)(ii)(B)"), P5),
    OPEN_STRAIGHT_FLUSH: (cite("(h)(4)(iii)(A)"), P5),
    INSIDE_STRAIGHT_FLUSH: (cite("(h)(4)(iii)(B)"), P5),
}
SETTLE_CITES = {
    PAIR_IN_TWO: (cite("(h)(2)"), cite("(e)(2)(i)")),
    PAIR_IN_THREE: (cite("(h)(5)(i)"), cite("(e)(2)(ii)")),
    FLUSH: (cite("(h)(5)(ii)"), cite("(e)(2)(vi)")),
    OPEN_STRAIGHT: (cite("(h)(5)(iii)"), cite("(h)(5)(iv)"), cite("(e)(2)(iv)"), R37, P6),
    INSIDE_STRAIGHT: (cite("(h)(5)(iii)"), cite("(h)(5)(iv)"), cite("(e)(2)(iv)"), R37, P6),
    OPEN_STRAIGHT_FLUSH: (cite("(h)(5)(iv)"), cite("(e)(2)(v)")),
    INSIDE_STRAIGHT_FLUSH: (cite("(h)(5)(iv)"), cite("(e)(2)(v)")),
    THREE_OF_A_KIND: (cite("(h)(5)(v)"), cite("(e)(2)(iii)")),
}


class StandError(ValueError):
    """A card stand that cannot be (a joker in it, more than two cards before a spin)."""


def straight_ranks(a: int, b: int) -> tuple[int, ...]:
    """The ranks a third card may have to complete a straight with ranks ``a`` and ``b``
    (none when they are equal), highest first."""
    if a == b:
        return ()
    out = {next(iter(s - {a, b})) for s in STRAIGHTS if {a, b} <= s}
    return tuple(sorted(out, reverse=True))


def _card_name(c: Card) -> str:
    return c.name()


@dataclass(frozen=True)
class Announcement:
    """What the dealer announces after the second card (§(h)(3)-(4)): the poker hand wagers
    now offered, in the order of §(h)(3)-(4), and why."""

    first: Card
    second: Card
    wagers: tuple[str, ...]
    completing_ranks: tuple[int, ...]  # ranks that complete a straight

    @property
    def is_pair(self) -> bool:
        return self.first.rank == self.second.rank

    @property
    def suited(self) -> bool:
        return self.first.suit == self.second.suit

    @property
    def citations(self) -> tuple[str, ...]:
        cites: list[str] = [cite("(h)(4)")]
        for w in self.wagers:
            cites.extend(ANNOUNCE_CITES[w])
        if not any(w in self.wagers for w in (OPEN_STRAIGHT, INSIDE_STRAIGHT)):
            cites.extend((cite("(h)(4)(ii)"), P5))
        return tuple(dict.fromkeys(cites))

    def text(self) -> str:
        """'Wagers may also be placed on "pair in three", "flush" and "open straight".'"""
        quoted = [f"\"{w}\"" for w in self.wagers]
        listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
        return f"Wagers may also be placed on {listed}."

    def explain(self) -> str:
        a, b = self.first, self.second
        parts = []
        if self.is_pair:
            parts.append(f"{card_label(a)} and {card_label(b)} are a pair of {_plural(a.rank)}: three of a kind is "
                         "offered, and pair in three "
                         "is not (it is offered only when the first two cards are not a pair)")
        else:
            parts.append(f"{card_label(a)} and {card_label(b)} are not a pair: pair in three is offered")
        if self.suited:
            parts.append(f"both are {_suit_plural(a.suit)}: flush")
        else:
            parts.append("their suits differ: no flush")
        ranks = self.completing_ranks
        if self.is_pair:
            parts.append("a pair can make no straight")
        elif not ranks:
            parts.append(f"no third card makes a straight with {rank_text(a.rank)} and {rank_text(b.rank)} "
                         "(an ace plays high in Q-K-A or low in A-2-3, never in K-A-2)")
        else:
            kind = "open" if len(ranks) == 2 else "inside"
            which = " or ".join(_article(r) for r in ranks)
            text = f"{which} completes the straight: {'two ranks' if kind == 'open' else 'only one rank'}, so an " \
                   f"{kind} straight"
            if self.suited:
                text += f" and an {kind} straight flush (with a {_suit_singular(a.suit)})"
            parts.append(text)
        return "; ".join(parts) + "."


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name == "six" else "s")


def _article(rank: int) -> str:
    name = RANK_NAMES[rank]
    return ("an " if name[0] in "aeiou" else "a ") + name


def _suit_plural(suit: str) -> str:
    return {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}[suit]


def _suit_singular(suit: str) -> str:
    return {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}[suit]


def announce(first: Card, second: Card) -> Announcement:
    """§(h)(3)-(4) with rulings P5 and P6."""
    if first.is_joker or second.is_joker:
        raise StandError("a joker never goes into the card stand (§(g)(5)(iii))")
    wagers: list[str] = []
    pair = first.rank == second.rank
    suited = first.suit == second.suit
    wagers.append(THREE_OF_A_KIND if pair else PAIR_IN_THREE)
    if suited:
        wagers.append(FLUSH)
    ranks = straight_ranks(first.rank, second.rank)
    if ranks:
        wagers.append(OPEN_STRAIGHT if len(ranks) == 2 else INSIDE_STRAIGHT)
        if suited:
            wagers.append(OPEN_STRAIGHT_FLUSH if len(ranks) == 2 else INSIDE_STRAIGHT_FLUSH)
    return Announcement(first, second, tuple(wagers), ranks)


def poker_wins(wager: str, cards: Sequence[Card]) -> bool:
    """Whether a poker hand wager wins once its deciding card is in the stand: ``cards`` is
    two cards for pair in two, three for the others (§(h)(2), §(h)(5))."""
    if wager == PAIR_IN_TWO:
        a, b = cards
        return a.rank == b.rank
    a, b, c = cards
    if wager == PAIR_IN_THREE:
        return c.rank in (a.rank, b.rank)
    if wager == THREE_OF_A_KIND:
        return a.rank == b.rank == c.rank
    flush = a.suit == b.suit == c.suit
    if wager == FLUSH:
        return flush
    straight = c.rank in straight_ranks(a.rank, b.rank)
    if wager in (OPEN_STRAIGHT, INSIDE_STRAIGHT):
        # §(h)(5)(iii) is garbled in the text ("A wager on an "open straight" or "inside
        # straight" value with the first and second winning cards;"): words are missing.
        # Read as its sibling (iv) and the definition of §(e)(2)(iv): it wins only if the
        # third card is consecutive in value with the first two; suits do not matter (P6).
        return straight
    if wager in (OPEN_STRAIGHT_FLUSH, INSIDE_STRAIGHT_FLUSH):
        return straight and flush
    raise ValueError(f"{wager!r} is not a poker hand wager")


def winning_third_cards(wager: str, first: Card, second: Card) -> tuple[Card, ...]:
    """Every card (of the 52) whose arrival third makes ``wager`` win."""
    from trainer.games.pokette.wheel import CARD_SECTIONS

    return tuple(s.card for s in CARD_SECTIONS if poker_wins(wager, (first, second, s.card)))


# The three-card hands, named as in the rule text, for the stand's description and the
# exact math's histogram; a hand that is two of them is named by the first in this order.
HAND_ORDER = (THREE_OF_A_KIND, "straight flush", "straight", FLUSH, "pair", "no poker hand")


def hand_name(cards: Sequence[Card]) -> str:
    """The three-card hand of a full stand: 'three of a kind', 'straight flush', 'straight',
    'flush', 'pair' or 'no poker hand'; two cards: 'pair' or 'no pair'."""
    if len(cards) == 2:
        return "pair" if cards[0].rank == cards[1].rank else "no pair"
    a, b, c = cards
    ranks = {a.rank, b.rank, c.rank}
    flush = a.suit == b.suit == c.suit
    if len(ranks) == 1:
        return THREE_OF_A_KIND
    straight = frozenset(ranks) in STRAIGHTS
    if straight and flush:
        return "straight flush"
    if straight:
        return "straight"
    if flush:
        return FLUSH
    if len(ranks) == 2:
        return "pair"
    return "no poker hand"


def hand_with_article(cards: Sequence[Card]) -> str:
    name = hand_name(cards)
    return name if name in (THREE_OF_A_KIND, "no poker hand", "no pair") else "a " + name


@dataclass(frozen=True)
class Stand:
    """The cards in the card stand before a spin: none, one or two (after the third card
    the wagers are settled and the stand is cleared, §(h)(7))."""

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) > 2:
            raise StandError("the stand holds at most two cards before a spin: after the third card the poker hand "
                             "wagers are settled and the stand is cleared (§(h)(7))")
        if any(c.is_joker for c in self.cards):
            raise StandError("a joker never goes into the card stand (§(g)(5)(iii), trainer ruling P7)")

    @classmethod
    def of(cls, texts: Sequence[str] | str) -> "Stand":
        from trainer.core.cards import parse_cards

        return cls(parse_cards(texts))

    def offered(self) -> tuple[str, ...]:
        """The poker hand wagers that may be placed for the next spin (§(d)(4), §(h)(1), §(h)(4))."""
        if not self.cards:
            return ()
        if len(self.cards) == 1:
            return (PAIR_IN_TWO,)
        return announce(*self.cards).wagers

    def announcement(self) -> Announcement | None:
        return announce(*self.cards) if len(self.cards) == 2 else None

    def why_not(self, wager: str) -> str:
        """Why ``wager`` may not be placed now (for an error or an explanation)."""
        n = len(self.cards)
        if n == 0:
            return (f"{wager} is not offered: the card stand is empty; poker hand wagers may be made only when one "
                    "or two winning cards are posted in it (§(d)(4))")
        if n == 1:
            return (f"{wager} is not offered: with one card in the stand only \"pair in 2\" may be placed (§(h)(1))")
        ann = announce(*self.cards)
        if wager == PAIR_IN_TWO:
            return "pair in two is settled on the second card; with two cards in the stand it is no longer offered (§(h)(2))"
        held = f"{card_label(self.cards[0])} and {card_label(self.cards[1])}"
        return f"{wager} is not offered with {held} in the stand: {ann.explain()} ({'; '.join(ann.citations)})"

    def after(self, s: Section) -> "StandChange":
        """What this spin's winning card does to the stand."""
        if s.is_joker:
            return StandChange(self, s, None, (), self, None)
        cards = self.cards + (s.card,)
        position = len(cards)
        if position == 1:
            return StandChange(self, s, 1, (), Stand(cards), None)
        if position == 2:
            return StandChange(self, s, 2, (PAIR_IN_TWO,), Stand(cards), announce(*cards))
        return StandChange(self, s, 3, announce(*self.cards).wagers, Stand(()), None, cards)


@dataclass(frozen=True)
class StandChange:
    """``position`` is the space the card goes into (1-3) or None for a joker; ``settles``
    the poker hand wagers this card decides; ``after`` the stand for the next spin (empty
    after the third card: cleared, §(h)(7)); ``announcement`` after the second card."""

    before: Stand
    section: Section
    position: int | None
    settles: tuple[str, ...]
    after: Stand
    announcement: Announcement | None
    full: tuple[Card, ...] = ()  # the three cards, when the third arrives

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the stand once this card is placed (all three before clearing)."""
        return self.full or self.after.cards

    @property
    def cleared(self) -> bool:
        return self.position == 3

    def describe(self) -> str:
        s = self.section
        if self.position is None:
            held = cards_label(self.before.cards) or "nothing"
            return (f"{s.name().capitalize()}: a joker has no bearing on the poker hand wagers; the stand keeps "
                    f"{held} and every open poker hand wager stays where it is.")
        if self.position == 1:
            return f"{s.label()} goes into the first space of the stand; \"pair in 2\" is offered."
        if self.position == 2:
            return f"{s.label()} goes into the second space; pair in two is settled. {self.announcement.text()}"
        return (f"{s.label()} goes into the third space: {cards_label(self.full)} is "
                f"{hand_with_article(self.full)}; "
                "the poker hand wagers are settled and the stand is cleared.")


def settlement_note(wagers) -> str:
    """What an explanation settling ``wagers`` adds: the reading of the garbled
    §(h)(5)(iii) when a straight wager is among them (trainer ruling 37), else ''."""
    return GARBLED_STRAIGHT_NOTE if any(w in (OPEN_STRAIGHT, INSIDE_STRAIGHT) for w in wagers) else ""


def open_wager_citations(wager: str) -> tuple[str, ...]:
    return SETTLE_CITES[wager]


JOKER_CITES = (cite("(g)(5)(iii)"), P7)

__all__ = [
    "Announcement", "Stand", "StandChange", "StandError", "STRAIGHTS", "announce", "hand_name", "poker_wins",
    "straight_ranks", "winning_third_cards", "JOKER_CITES", "SETTLE_CITES", "ANNOUNCE_CITES", "GARBLED_STRAIGHT_NOTE",
    "settlement_note",
]
