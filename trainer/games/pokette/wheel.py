"""The Pokette wheel: its 54 sections, a spin and the clapper (§(a)(1)(vi), §(g)(2),
§(i)(1), §(i)(3); trainer rulings P1, P4).

A ``Section`` is one depiction on the wheel: one of the 52 cards, or joker 1 (``JK1``)
or joker 2 (``JK2``). The two jokers are told apart because the layout places them
over different columns (ruling P3): a split on JK1 and the ace of clubs wins on JK1
only.

A spin is described physically: the section under the clapper when the wheel is set
turning, the direction, and how far it turns before it stops, in sections (54 make a
revolution). Position ``k`` is the centre of section ``k`` of the wheel order; section
``k`` spans ``k - 1/2`` to ``k + 1/2``, and a rest exactly on a half is the clapper at
rest between two sections. ``judge`` says what the dealer must do with a spin:
- fewer than three revolutions: "No spin" and a re-spin (§(i)(3), §(g)(2));
- at rest between two sections: the house option of §(i)(1), posted on a sign (§(i)(2)):
  the card previously passed wins, or the spin is void and re-spun;
- otherwise the section under the clapper is the winning card (§(a)(1)(vi)).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from trainer.core.cards import RANK_CHARS, RANK_NAMES, SUIT_CHARS, SUIT_NAMES, Card, CardError, card_label
from trainer.core.citation import citer, ruling

TITLE = "Pokette"
SECTIONS = 54
MIN_REVOLUTIONS = 3  # §(g)(2)
JOKER_IDS = (1, 2)
JOKER_COLUMN = {1: "clubs", 2: "diamonds"}  # trainer ruling P3

# The house options of §(i)(1) (the data's "clapper_between" choices).
PREVIOUS = "previous"
VOID = "void"
CLAPPER_OPTIONS = (PREVIOUS, VOID)

# What the dealer does with a spin.
VALID = "valid"
NO_SPIN = "no-spin"
RESPIN_VOID = "void"


cite = citer(TITLE)  # cite('(g)(2)') -> 'Pokette §(g)(2)'


class SectionError(CardError):
    """A text that is not a section of the Pokette wheel."""


@dataclass(frozen=True, order=True)
class Section:
    """One section of the wheel: a card (``joker`` 0) or joker 1 or 2 (``card`` the joker)."""

    card: Card
    joker: int = 0

    @property
    def is_joker(self) -> bool:
        return self.joker != 0

    @property
    def rank(self) -> int:
        """2..14 (ace 14); 0 for a joker (no rank, trainer ruling P2)."""
        return self.card.rank

    @property
    def suit(self) -> str:
        """'s', 'h', 'd', 'c'; '' for a joker (no suit, trainer ruling P2)."""
        return self.card.suit

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds; a joker is neither red nor black (trainer ruling P2)."""
        return not self.is_joker and self.card.is_red

    @property
    def is_black(self) -> bool:
        return not self.is_joker and not self.card.is_red

    def name(self) -> str:
        """'seven of spades', 'joker 1'."""
        return f"joker {self.joker}" if self.is_joker else self.card.name()

    def label(self) -> str:
        """As written in prose: '7♠', '10♦', 'joker 1' (never the code '7s', 'Td', 'JK1')."""
        return f"joker {self.joker}" if self.is_joker else card_label(self.card)

    @classmethod
    def parse(cls, text: str) -> "Section":
        t = text.strip() if isinstance(text, str) else ""
        if t.upper() in ("JK1", "JK2"):
            return JOKERS[int(t[2]) - 1]
        if t.upper() == "JK":
            raise SectionError(f"{text!r}: say which joker: JK1 (above the clubs column) or JK2 (above the "
                               "diamonds column)")
        card = Card.parse(t)
        return cls(card)

    def __str__(self) -> str:
        return f"JK{self.joker}" if self.is_joker else str(self.card)

    def __repr__(self) -> str:
        return f"Section({str(self)!r})"


JOKERS = (Section(Card(0, ""), 1), Section(Card(0, ""), 2))
CARD_SECTIONS = tuple(Section(Card(rank, suit)) for suit in SUIT_CHARS for rank in range(14, 1, -1))
ALL_SECTIONS = CARD_SECTIONS + JOKERS


def section(text: str) -> Section:
    return Section.parse(text)


def sections(texts) -> tuple[Section, ...]:
    items = texts.split() if isinstance(texts, str) else list(texts)
    return tuple(Section.parse(t) for t in items)


def rank_text(rank: int) -> str:
    """14 -> 'A', 10 -> '10', 7 -> '7'."""
    return "10" if rank == 10 else RANK_CHARS[rank - 2]


def rank_plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name == "six" else "s")


def suit_name(suit: str) -> str:
    return SUIT_NAMES[suit]


class WheelError(ValueError):
    """A wheel order that is not 54 sections, each once."""


@dataclass(frozen=True)
class Wheel:
    """The sections in order around the wheel (a house setting, trainer ruling P4)."""

    order: tuple[Section, ...]

    def __post_init__(self) -> None:
        if len(self.order) != SECTIONS:
            raise WheelError(f"a Pokette wheel has {SECTIONS} sections, not {len(self.order)} (trainer ruling P1)")
        seen: set[Section] = set()
        for s in self.order:
            if s in seen:
                raise WheelError(f"{s} appears twice on the wheel; each card and joker appears once (trainer ruling P1)")
            seen.add(s)

    def index(self, s: Section) -> int:
        return self.order.index(s)

    def at(self, position: int) -> Section:
        return self.order[position % SECTIONS]

    def neighbours(self, s: Section, count: int = 1) -> tuple[Section, ...]:
        """The ``count`` sections on each side of ``s``, nearest first (left, right, left, right...)."""
        i = self.index(s)
        out: list[Section] = []
        for d in range(1, count + 1):
            out.extend((self.at(i - d), self.at(i + d)))
        return tuple(out)


@dataclass(frozen=True)
class Spin:
    """A spin of the wheel: ``start`` is the wheel position under the clapper when it is set
    turning, ``direction`` +1 or -1 (the order the clapper meets the sections), ``travel``
    how far it turns, in sections (a Fraction; 54 to a revolution)."""

    start: Fraction | int
    direction: int
    travel: Fraction

    def __post_init__(self) -> None:
        if self.direction not in (1, -1):
            raise ValueError("a spin's direction is +1 or -1")
        if self.travel < 0:
            raise ValueError("a spin cannot travel a negative distance")

    @property
    def revolutions(self) -> Fraction:
        return Fraction(self.travel) / SECTIONS

    @property
    def rest(self) -> Fraction:
        """The wheel position under the clapper at rest, in [-1/2, 53 1/2)."""
        p = (Fraction(self.start) + self.direction * Fraction(self.travel) + Fraction(1, 2)) % SECTIONS
        return p - Fraction(1, 2)

    @property
    def between(self) -> bool:
        """The clapper rests on the line between two sections."""
        return (self.rest + Fraction(1, 2)).denominator == 1

    def under_clapper(self) -> tuple[int, ...]:
        """The one position under the clapper, or the two it rests between, the section
        previously passed first."""
        if not self.between:
            return (round(self.rest) % SECTIONS,)
        lo = int(self.rest - Fraction(1, 2)) % SECTIONS
        hi = (lo + 1) % SECTIONS
        # Moving +1 the clapper meets lo before hi: lo was passed; moving -1, hi was.
        return (lo, hi) if self.direction == 1 else (hi, lo)


@dataclass(frozen=True)
class SpinOutcome:
    """What the dealer does with a spin: ``kind`` VALID (``winner`` is the winning card),
    NO_SPIN or RESPIN_VOID (the wheel is re-spun)."""

    kind: str
    winner: Section | None
    announcement: str  # what the dealer says: 'Seven of spades', 'No spin', 'Void: re-spin'
    explanation: str
    citations: tuple[str, ...]
    resting: tuple[Section, ...] = ()  # the section(s) under the clapper, the one passed first

    @property
    def respin(self) -> bool:
        return self.kind != VALID


def judge(wheel: Wheel, spin: Spin, clapper_option: str = PREVIOUS) -> SpinOutcome:
    """Apply §(g)(2), §(i)(3) and §(i)(1) to one spin under the posted house option."""
    if clapper_option not in CLAPPER_OPTIONS:
        raise ValueError(f"the clapper option is {' or '.join(CLAPPER_OPTIONS)}, not {clapper_option!r}")
    resting = tuple(wheel.at(p) for p in spin.under_clapper())
    revs = spin.revolutions
    if revs < MIN_REVOLUTIONS:
        shown = revolutions_text(revs)
        return SpinOutcome(NO_SPIN, None, "No spin",
                           f"The wheel turned {shown}, fewer than the three revolutions of a valid spin: the dealer "
                           "announces \"No spin\" and re-spins the wheel, whatever the clapper shows.",
                           (cite("(g)(2)"), cite("(i)(3)")), resting)
    if spin.between:
        passed, other = resting
        if clapper_option == PREVIOUS:
            return SpinOutcome(VALID, passed, passed.name().capitalize(),
                               f"The clapper rests between {passed.label()} and {other.label()}. The sign posted at the "
                               f"table says the card previously passed wins: the clapper passed {passed.label()} last, so "
                               f"{passed.name()} "
                               "is the winning card.",
                               (cite("(i)(1)(i)"), cite("(i)(2)")), resting)
        return SpinOutcome(RESPIN_VOID, None, "Void: re-spin",
                           f"The clapper rests between {passed.label()} and {other.label()}. The sign posted at the "
                           "table says such a "
                           "spin is void: the dealer declares it void and re-spins the wheel.",
                           (cite("(i)(1)(ii)"), cite("(i)(2)")), resting)
    winner = resting[0]
    return SpinOutcome(VALID, winner, winner.name().capitalize(),
                       f"A valid spin of {revolutions_text(revs)}: the clapper rests on {winner.name()}, the winning "
                       "card.", (cite("(a)(1)(vi)"), cite("(g)(2)")), resting)


def revolutions_text(revs: Fraction) -> str:
    """How far the wheel turned, never rounded up past a whole revolution: 2.97 is
    '2 and three quarters revolutions', 3.05 'just over 3 revolutions'."""
    revs = Fraction(revs)
    whole = int(revs)
    frac = revs - whole
    if frac == 0:
        return f"{whole} revolution{'s' if whole != 1 else ''}"
    quarters = int(frac * 4)
    if quarters == 0:
        return f"just over {whole} revolution{'s' if whole != 1 else ''}" if whole else "less than a quarter revolution"
    part = {1: "a quarter", 2: "a half", 3: "three quarters"}[quarters]
    return f"{whole} and {part} revolutions" if whole else f"{part} of a revolution"


def spin_to(wheel: Wheel, winner: Section, rng: random.Random, *, start: Fraction | int | None = None,
            direction: int | None = None, revolutions: tuple[int, int] = (3, 5)) -> Spin:
    """A valid spin that lands inside ``winner``'s section, the landing point, direction and
    number of revolutions drawn from ``rng`` (the animation is made to land on it)."""
    start = rng.randrange(SECTIONS) if start is None else start
    direction = rng.choice((1, -1)) if direction is None else direction
    target = wheel.index(winner)
    offset = Fraction(rng.randint(-35, 35), 100)  # inside the section, clear of its edges
    base = ((target - start) * direction) % SECTIONS  # sections to turn to reach the target's centre
    whole = rng.randint(*revolutions)
    travel = Fraction(whole * SECTIONS + base) + offset * direction
    if travel < MIN_REVOLUTIONS * SECTIONS:
        travel += SECTIONS
    return Spin(start, direction, travel)


def spin_between(wheel: Wheel, passed: Section, rng: random.Random, *, start: Fraction | int | None = None,
                 direction: int | None = None) -> Spin:
    """A staged spin of at least three revolutions that stops with the clapper on the line
    after ``passed`` (for the irregularity drill, §(i)(1))."""
    start = rng.randrange(SECTIONS) if start is None else start
    direction = rng.choice((1, -1)) if direction is None else direction
    target = wheel.index(passed)
    base = ((target - start) * direction) % SECTIONS
    travel = Fraction(rng.randint(3, 5) * SECTIONS + base) + Fraction(1, 2)
    return Spin(start, direction, travel)


def short_spin(rng: random.Random, *, start: Fraction | int | None = None, direction: int | None = None) -> Spin:
    """A spin of fewer than three revolutions (§(i)(3)), resting inside a section."""
    start = rng.randrange(SECTIONS) if start is None else start
    direction = rng.choice((1, -1)) if direction is None else direction
    travel = Fraction(rng.randint(SECTIONS, 3 * SECTIONS - 2)) + Fraction(rng.randint(-35, 35), 100)
    return Spin(start, direction, travel)


def random_spin(wheel: Wheel, rng: random.Random) -> tuple[Section, Spin]:
    """The result of a fair spin (every section equally likely, trainer ruling P1) and a
    valid spin that lands on it."""
    winner = rng.choice(wheel.order)
    return winner, spin_to(wheel, winner, rng)


__all__ = [
    "ALL_SECTIONS", "CARD_SECTIONS", "JOKERS", "Section", "SectionError", "Spin", "SpinOutcome", "Wheel",
    "WheelError", "judge", "random_spin", "section", "sections", "short_spin", "spin_between", "spin_to",
    "PREVIOUS", "VOID", "revolutions_text", "VALID", "NO_SPIN", "RESPIN_VOID", "SECTIONS", "cite", "ruling",
]
