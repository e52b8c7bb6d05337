"""The Pokette betting layout (trainer ruling P3) and the non-poker hand wagers of §(e)(1).

The grid has 13 rows, ace at the top down to two, and four columns, left to right
spades, clubs, diamonds, hearts; joker 1 sits above the clubs column and joker 2 above
the diamonds column. Grid positions are (row, column): the ace row is row 0, the two
row row 12; the jokers are on row -1.

A ``Placement`` is where a wager lies and so what it covers (§(g)(3): each wager is
settled strictly by its position on the layout). ``Layout.place`` builds one and
rejects what the layout does not allow, with a message saying why: a split of two cards
that do not adjoin, a corner that is not a 2x2 block of cards, a double rank of two
rows that are not adjacent. ``Placement.covers`` is the set of sections it wins on;
a joker is covered only by that joker straight up, a split including it and jacer, so
every other non-poker wager loses on a joker (§(g)(5)(i), trainer ruling P2).

The poker hand wagers of §(e)(2) (pair in two, ... inside straight flush) are also
placements, with no selection: what they need is the card stand (stand.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Iterable, Sequence

from trainer.core.cards import RANK_CHARS, SUIT_NAMES, Card
from trainer.core.citation import ruling
from trainer.core.settlement import SettlementError
from trainer.core.cards import CardError
from trainer.games.pokette.wheel import ALL_SECTIONS, CARD_SECTIONS, JOKERS, Section, cite, rank_text

# Wager names, as in the rule text (the calculator's "wager" values and the pay-table keys).
STRAIGHT_UP = "single card straight up"
SPLIT = "split"
CORNER = "corner"
SINGLE_RANK = "single rank"
DOUBLE_RANK = "double rank"
AKQ = "ace-king-queen rank"
JACK_10_9 = "jack-10-9 rank"
EIGHT_7_6 = "8-7-6 rank"
FIVE_4_3 = "5-4-3 rank"
RED = "red"
BLACK = "black"
SUIT = "suit"
JACER = "jacer"
RANK_GROUPS = (AKQ, JACK_10_9, EIGHT_7_6, FIVE_4_3)
NON_POKER = (STRAIGHT_UP, SPLIT, CORNER, SINGLE_RANK, DOUBLE_RANK) + RANK_GROUPS + (RED, BLACK, SUIT, JACER)

PAIR_IN_TWO = "pair in two"
PAIR_IN_THREE = "pair in three"
THREE_OF_A_KIND = "three of a kind"
FLUSH = "flush"
OPEN_STRAIGHT = "open straight"
INSIDE_STRAIGHT = "inside straight"
OPEN_STRAIGHT_FLUSH = "open straight flush"
INSIDE_STRAIGHT_FLUSH = "inside straight flush"
POKER = (PAIR_IN_TWO, PAIR_IN_THREE, THREE_OF_A_KIND, FLUSH, OPEN_STRAIGHT, INSIDE_STRAIGHT, OPEN_STRAIGHT_FLUSH,
         INSIDE_STRAIGHT_FLUSH)
WAGERS = NON_POKER + POKER

# Other spellings accepted in input (the rule text's full names, "pair in 2").
ALIASES = {
    "straight up": STRAIGHT_UP, "single card": STRAIGHT_UP, "two cards or split": SPLIT, "two cards": SPLIT,
    "four cards or corner": CORNER, "four cards": CORNER, "suit or column": SUIT, "column": SUIT,
    "pair in 2": PAIR_IN_TWO, "pair in 3": PAIR_IN_THREE, "ace king queen rank": AKQ, "jack 10 9 rank": JACK_10_9,
    "8 7 6 rank": EIGHT_7_6, "5 4 3 rank": FIVE_4_3,
}

# The sub-paragraph of §(e) defining each wager.
DEFINED_IN = {
    STRAIGHT_UP: "(e)(1)(i)", SPLIT: "(e)(1)(ii)", CORNER: "(e)(1)(iii)", SINGLE_RANK: "(e)(1)(iv)",
    DOUBLE_RANK: "(e)(1)(v)", AKQ: "(e)(1)(vi)", JACK_10_9: "(e)(1)(vii)", EIGHT_7_6: "(e)(1)(viii)",
    FIVE_4_3: "(e)(1)(ix)", RED: "(e)(1)(x)", BLACK: "(e)(1)(xi)", SUIT: "(e)(1)(xii)", JACER: "(e)(1)(xiii)",
    PAIR_IN_TWO: "(e)(2)(i)", PAIR_IN_THREE: "(e)(2)(ii)", THREE_OF_A_KIND: "(e)(2)(iii)", FLUSH: "(e)(2)(vi)",
    OPEN_STRAIGHT: "(e)(2)(iv)", INSIDE_STRAIGHT: "(e)(2)(iv)", OPEN_STRAIGHT_FLUSH: "(e)(2)(v)",
    INSIDE_STRAIGHT_FLUSH: "(e)(2)(v)",
}

P3 = ruling("P3")
P2 = ruling("P2")
SPLIT_RULE = ("a split is two cards side by side in a row or a column, a joker and the ace directly below it, "
              "or the two jokers")
CORNER_RULE = "a corner is four cards forming a 2x2 block inside the grid"


class LayoutError(SettlementError):
    """A wager the layout does not allow (the message says why)."""


def wager_name(text: object) -> str:
    """The wager's name as in the rule text, from a name or an accepted alias."""
    if not isinstance(text, str) or not text.strip():
        raise LayoutError(f"a wager is named by text, e.g. \"split\", not {text!r}")
    t = " ".join(text.strip().lower().replace("_", " ").split())
    t = ALIASES.get(t, t)
    if t not in WAGERS:
        raise LayoutError(f"unknown wager {text!r}; the wagers are {', '.join(WAGERS)}")
    return t


def is_poker(wager: str) -> bool:
    return wager in POKER


def wager_citation(wager: str) -> str:
    return cite(DEFINED_IN[wager])


def parse_rank(text: object) -> int:
    if isinstance(text, int) and not isinstance(text, bool) and 2 <= text <= 14:
        return text
    if isinstance(text, str):
        t = text.strip().upper()
        if t == "10":
            t = "T"
        if len(t) == 1 and t in RANK_CHARS:
            return RANK_CHARS.index(t) + 2
    raise LayoutError(f"{text!r} is not a rank: write one of A K Q J 10 9 8 7 6 5 4 3 2")


def parse_suit(text: object) -> str:
    if isinstance(text, str):
        t = text.strip().lower()
        for s, name in SUIT_NAMES.items():
            if t in (s, name, name[:-1]):
                return s
    raise LayoutError(f"{text!r} is not a suit: write s, h, d or c")


@dataclass(frozen=True)
class Placement:
    """A wager's position on the layout. ``sections`` for straight up, split and corner (in
    layout order), ``ranks`` for single and double rank, ``suit`` for a suit; the other
    wagers need nothing. ``covered`` is what it wins on (empty for a poker hand wager)."""

    wager: str
    sections: tuple[Section, ...] = ()
    ranks: tuple[int, ...] = ()
    suit: str = ""
    covered: frozenset[Section] = field(default=frozenset(), compare=False, hash=False, repr=False)

    @property
    def is_poker(self) -> bool:
        return self.wager in POKER

    def covers(self, s: Section) -> bool:
        return s in self.covered

    @property
    def citation(self) -> str:
        return wager_citation(self.wager)

    def label(self) -> str:
        """'Split 7♠-7♣', 'Single rank 7', 'Double rank 7-8', 'Suit: spades', 'Red', 'Pair in two'
        (cards written as cards, never as codes)."""
        if self.wager == STRAIGHT_UP:
            return f"Straight up {self.sections[0].label()}"
        if self.wager in (SPLIT, CORNER):
            return f"{self.wager.capitalize()} {'-'.join(s.label() for s in self.sections)}"
        if self.wager == SINGLE_RANK:
            return f"Single rank {rank_text(self.ranks[0])}"
        if self.wager == DOUBLE_RANK:
            return f"Double rank {rank_text(self.ranks[0])}-{rank_text(self.ranks[1])}"
        if self.wager == SUIT:
            return f"Suit: {SUIT_NAMES[self.suit]}"
        if self.wager in RANK_GROUPS:
            return self.wager[0].upper() + self.wager[1:]
        return self.wager.capitalize()

    def selection_json(self) -> dict:
        """The calculator's way of saying what the wager covers."""
        if self.sections:
            return {"cards": [str(s) for s in self.sections]}
        if self.ranks:
            return {"ranks": [rank_text(r) for r in self.ranks]}
        if self.suit:
            return {"suit": self.suit}
        return {}


@dataclass(frozen=True)
class RankGroup:
    wager: str
    ranks: tuple[int, ...]
    deuce: Section
    citation: str


class Layout:
    """The grid of trainer ruling P3 as the data describes it (resources/games/pokette)."""

    def __init__(self, rows: Sequence[int], columns: Sequence[str], joker_columns: dict[int, str],
                 rank_groups: Sequence[RankGroup], jacer: Sequence[Section]):
        self.rows = tuple(rows)  # ranks, top to bottom
        self.columns = tuple(columns)  # suits, left to right
        self.joker_columns = dict(joker_columns)  # joker id -> the suit of the column below it
        self.rank_groups = tuple(rank_groups)
        self.jacer = frozenset(jacer)
        self._pos: dict[Section, tuple[int, int]] = {}
        for r, rank in enumerate(self.rows):
            for c, suit in enumerate(self.columns):
                self._pos[Section(Card(rank, suit))] = (r, c)
        for j in JOKERS:
            self._pos[j] = (-1, self.columns.index(self.joker_columns[j.joker]))
        self._at = {p: s for s, p in self._pos.items()}

    # ------------------------------------------------------------ geometry
    def position(self, s: Section) -> tuple[int, int]:
        return self._pos[s]

    def at(self, row: int, column: int) -> Section | None:
        return self._at.get((row, column))

    def adjoining(self, a: Section, b: Section) -> bool:
        """Sharing a side (ruling P3): neighbours in a row or a column, a joker and the ace
        directly below it, or the two jokers."""
        (ra, ca), (rb, cb) = self._pos[a], self._pos[b]
        return abs(ra - rb) + abs(ca - cb) == 1

    def is_block(self, four: Iterable[Section]) -> bool:
        """Four cards (no joker) forming a 2x2 block of the grid."""
        items = list(four)
        if len(set(items)) != 4 or any(s.is_joker for s in items):
            return False
        rows = sorted({self._pos[s][0] for s in items})
        cols = sorted({self._pos[s][1] for s in items})
        return len(rows) == 2 and len(cols) == 2 and rows[1] - rows[0] == 1 and cols[1] - cols[0] == 1

    def in_layout_order(self, items: Iterable[Section]) -> tuple[Section, ...]:
        return tuple(sorted(items, key=lambda s: self._pos[s]))

    # ------------------------------------------------------------ wagers
    def covered(self, wager: str, sections: tuple[Section, ...], ranks: tuple[int, ...], suit: str) -> frozenset[Section]:
        if wager in (STRAIGHT_UP, SPLIT, CORNER):
            return frozenset(sections)
        if wager in (SINGLE_RANK, DOUBLE_RANK):
            return frozenset(s for s in CARD_SECTIONS if s.rank in ranks)
        if wager in RANK_GROUPS:
            g = self.group(wager)
            return frozenset(s for s in CARD_SECTIONS if s.rank in g.ranks) | {g.deuce}
        if wager == RED:
            return frozenset(s for s in CARD_SECTIONS if s.is_red)
        if wager == BLACK:
            return frozenset(s for s in CARD_SECTIONS if s.is_black)
        if wager == SUIT:
            return frozenset(s for s in CARD_SECTIONS if s.suit == suit)
        if wager == JACER:
            return self.jacer
        return frozenset()

    def group(self, wager: str) -> RankGroup:
        for g in self.rank_groups:
            if g.wager == wager:
                return g
        raise KeyError(wager)

    def place(self, wager: str, *, cards: Sequence[Section | str] = (), ranks: Sequence[int | str] = (),
              suit: str = "") -> Placement:
        """A valid placement of ``wager`` (a name or alias), or a LayoutError saying why not."""
        wager = wager_name(wager)
        try:
            secs = tuple(c if isinstance(c, Section) else Section.parse(c) for c in cards)
        except CardError as e:
            raise LayoutError(str(e)) from e
        rks = tuple(parse_rank(r) for r in ranks)
        st = parse_suit(suit) if suit else ""
        needs = {STRAIGHT_UP: "cards", SPLIT: "cards", CORNER: "cards", SINGLE_RANK: "ranks", DOUBLE_RANK: "ranks",
                 SUIT: "suit"}.get(wager)
        given = [k for k, v in (("cards", secs), ("ranks", rks), ("suit", st)) if v]
        extra = [k for k in given if k != needs]
        if extra:
            what = f"only {needs}" if needs else "nothing else"
            raise LayoutError(f"{wager}: takes {what}, not {extra[0]}")
        if wager == STRAIGHT_UP:
            self._count(wager, secs, 1, "one card")
        elif wager == SPLIT:
            self._count(wager, secs, 2, "two cards")
            a, b = secs
            if a == b:
                raise LayoutError(f"split: {a.label()} twice; {SPLIT_RULE} ({P3})")
            if not self.adjoining(a, b):
                raise LayoutError(f"split {a.label()}-{b.label()}: {a.label()} and {b.label()} do not adjoin; "
                                  f"{SPLIT_RULE} ({P3})")
        elif wager == CORNER:
            self._count(wager, secs, 4, "four cards")
            if len(set(secs)) != 4:
                raise LayoutError(f"corner: a card is given twice; {CORNER_RULE} ({P3})")
            if any(s.is_joker for s in secs):
                raise LayoutError(f"corner {' '.join(s.label() for s in secs)}: a joker is never part of a corner; the two "
                                  f"jokers and the aces beneath them are the jacer wager ({P3})")
            if not self.is_block(secs):
                raise LayoutError(f"corner {' '.join(s.label() for s in secs)}: these cards do not form a 2x2 block; "
                                  f"{CORNER_RULE} ({P3})")
        elif wager == SINGLE_RANK:
            self._count(wager, rks, 1, "one rank")
        elif wager == DOUBLE_RANK:
            self._count(wager, rks, 2, "two ranks")
            a, b = (self.rows.index(r) for r in rks)
            if abs(a - b) != 1:
                shown = "-".join(rank_text(r) for r in rks)
                raise LayoutError(f"double rank {shown}: the two ranks are not adjacent rows of the layout; a double "
                                  f"rank is two adjacent ranks (A-K, K-Q, ..., 3-2) ({cite('(e)(1)(v)')}; {P3})")
        elif wager == SUIT:
            if not st:
                raise LayoutError("suit: say which suit, e.g. \"suit\": \"s\"")
        if wager in (STRAIGHT_UP, SPLIT, CORNER):
            secs = self.in_layout_order(secs)
        elif wager == DOUBLE_RANK:
            rks = tuple(sorted(rks, key=self.rows.index))
        return Placement(wager, secs, rks, st, self.covered(wager, secs, rks, st))

    @staticmethod
    def _count(wager: str, items: tuple, n: int, what: str) -> None:
        if len(items) != n:
            key = "cards" if what.endswith(("card", "cards")) else "ranks"
            raise LayoutError(f"{wager}: takes {what} in \"{key}\", not {len(items)}")

    # ------------------------------------------------------------ every placement
    @cached_property
    def splits(self) -> tuple[Placement, ...]:
        return tuple(self.place(SPLIT, cards=(a, b)) for a, b in combinations(self.in_layout_order(ALL_SECTIONS), 2)
                     if self.adjoining(a, b))

    @cached_property
    def corners(self) -> tuple[Placement, ...]:
        out = []
        for r in range(len(self.rows) - 1):
            for c in range(len(self.columns) - 1):
                block = [self.at(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
                out.append(self.place(CORNER, cards=block))
        return tuple(out)

    def placements(self, wager: str) -> tuple[Placement, ...]:
        """Every distinct valid placement of a non-poker wager."""
        if wager == STRAIGHT_UP:
            return tuple(self.place(STRAIGHT_UP, cards=(s,)) for s in self.in_layout_order(ALL_SECTIONS))
        if wager == SPLIT:
            return self.splits
        if wager == CORNER:
            return self.corners
        if wager == SINGLE_RANK:
            return tuple(self.place(SINGLE_RANK, ranks=(r,)) for r in self.rows)
        if wager == DOUBLE_RANK:
            return tuple(self.place(DOUBLE_RANK, ranks=(a, b)) for a, b in zip(self.rows, self.rows[1:]))
        if wager == SUIT:
            return tuple(self.place(SUIT, suit=s) for s in self.columns)
        if wager in NON_POKER:
            return (self.place(wager),)
        raise KeyError(f"{wager} is a poker hand wager: it has no place on the grid")

    @cached_property
    def all_placements(self) -> tuple[Placement, ...]:
        return tuple(p for w in NON_POKER for p in self.placements(w))

    def winning_placements(self, s: Section) -> tuple[Placement, ...]:
        return tuple(p for p in self.all_placements if s in p.covered)


def covers_citations(p: Placement, s: Section) -> tuple[str, ...]:
    """Why ``p`` wins or loses on ``s``: its definition, and for a joker §(g)(5)(i) with P2."""
    cites = [p.citation]
    if p.wager in (SPLIT, CORNER, DOUBLE_RANK, JACER) or p.wager in RANK_GROUPS:
        cites.append(P3)
    if s.is_joker:
        cites += [cite("(g)(5)(i)"), P2]
    return tuple(cites)


def default_layout() -> Layout:
    from trainer.games.pokette.rules_data import layout

    return layout()


__all__ = [
    "Layout", "LayoutError", "Placement", "RankGroup", "NON_POKER", "POKER", "WAGERS", "RANK_GROUPS",
    "STRAIGHT_UP", "SPLIT", "CORNER", "SINGLE_RANK", "DOUBLE_RANK", "AKQ", "JACK_10_9", "EIGHT_7_6", "FIVE_4_3",
    "RED", "BLACK", "SUIT", "JACER", "PAIR_IN_TWO", "PAIR_IN_THREE", "THREE_OF_A_KIND", "FLUSH", "OPEN_STRAIGHT",
    "INSIDE_STRAIGHT", "OPEN_STRAIGHT_FLUSH", "INSIDE_STRAIGHT_FLUSH", "covers_citations", "default_layout",
    "is_poker", "wager_name", "wager_citation", "parse_rank", "parse_suit",
]
