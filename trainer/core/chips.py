"""The house's chips: denominations (data in resources/table-mode/chips.json), the
fewest chips that make an amount, and the check of a payout built from chips.

Amounts are integer cents. A part of a payout below the smallest chip (odd cents of a
split pot, say) is paid in coin: ``ChipPayout.coins``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import gcd
from pathlib import Path
from typing import Mapping

from trainer.core.money import format_cents
from trainer.core.rules_data import Reader, RulesDataError, load_json
from trainer.paths import resource


@dataclass(frozen=True)
class Chip:
    cents: int
    label: str
    body: str  # colour of the chip's body, "#rrggbb"
    trim: str  # colour of its edge stripes


@dataclass(frozen=True)
class ChipSet:
    chips: tuple[Chip, ...]  # lowest value first

    @property
    def denominations(self) -> tuple[int, ...]:
        return tuple(c.cents for c in self.chips)

    def chip(self, cents: int) -> Chip:
        for c in self.chips:
            if c.cents == cents:
                return c
        raise KeyError(f"the house has no {format_cents(cents)} chip")

    def fewest(self, amount: int) -> dict[int, int]:
        """The fewest chips making ``amount`` (less its coin part), {cents: count}."""
        return fewest_chips(amount - self.coins_of(amount), self.denominations)

    def coins_of(self, amount: int) -> int:
        """The part of ``amount`` no combination of chips can make: paid in coin."""
        smallest = self.chips[0].cents
        return amount % smallest


def fewest_chips(amount: int, denominations: tuple[int, ...]) -> dict[int, int]:
    """The fewest chips that make exactly ``amount`` cents (any set of denominations,
    greedy or not), highest value first; ValueError when no combination makes it."""
    if amount < 0:
        raise ValueError(f"a payout cannot be negative: {amount}")
    if amount == 0:
        return {}
    denoms = sorted(set(denominations))
    # Reduce by the common unit so that the table stays small ($1 chips: unit 100 cents).
    unit = 0
    for d in denoms:
        unit = gcd(unit, d)
    if amount % unit:
        raise ValueError(f"{format_cents(amount)} cannot be made from the house's chips")
    target = amount // unit
    units = [d // unit for d in denoms]
    big = max(units)
    # In a fewest-chips payout each smaller chip appears fewer than big/gcd(u, big) times
    # (that many of them could be swapped for fewer of the largest), so the smaller chips
    # make at most ``bound``: the largest chips pay everything above it, exact DP the rest.
    bound = sum((big // gcd(u, big) - 1) * u for u in units if u != big)
    top = max(0, (target - bound) // big)
    rest = target - top * big
    best = [0] + [None] * rest
    last = [0] * (rest + 1)
    for a in range(1, rest + 1):
        for u in units:
            if u <= a and best[a - u] is not None and (best[a] is None or best[a - u] + 1 < best[a]):
                best[a], last[a] = best[a - u] + 1, u
    if best[rest] is None:
        raise ValueError(f"{format_cents(amount)} cannot be made from the house's chips")
    counts: dict[int, int] = {}
    if top:
        counts[big * unit] = top
    a = rest
    while a:
        u = last[a]
        counts[u * unit] = counts.get(u * unit, 0) + 1
        a -= u
    return dict(sorted(counts.items(), reverse=True))


def chips_total(chips: Mapping[int, int]) -> int:
    return sum(value * count for value, count in chips.items())


def chips_count(chips: Mapping[int, int]) -> int:
    return sum(chips.values())


def describe_chips(chips: Mapping[int, int]) -> str:
    """'2 × $25, 1 × $5' (highest value first); 'no chips' when empty."""
    parts = [f"{n} × {format_cents(v).removesuffix('.00')}" for v, n in sorted(chips.items(), reverse=True) if n]
    return ", ".join(parts) or "no chips"


@dataclass(frozen=True)
class ChipPayout:
    """A payout as the dealer built it: chips, plus coin for any part below the smallest chip."""

    chips: tuple[tuple[int, int], ...] = ()  # (denomination in cents, count)
    coins: int = 0

    @property
    def total(self) -> int:
        return chips_total(dict(self.chips)) + self.coins

    @property
    def count(self) -> int:
        return sum(n for _, n in self.chips)

    def describe(self) -> str:
        text = describe_chips(dict(self.chips))
        if self.coins:
            text = (text + " and " if self.chips else "") + f"{self.coins}¢ in coin"
        return text


@dataclass(frozen=True)
class PayoutCheck:
    amount_right: bool
    fewest: bool  # the softer grade: no fewer chips would do
    fewest_chips: dict[int, int]
    message: str


def check_payout(chipset: ChipSet, amount: int, given: ChipPayout) -> PayoutCheck:
    best = chipset.fewest(amount)
    coins = chipset.coins_of(amount)
    if given.total != amount:
        return PayoutCheck(False, False, best, f"The chips make {format_cents(given.total)}; the payout is "
                                                f"{format_cents(amount)}.")
    fewest = given.count <= chips_count(best) and given.coins == coins
    msg = "Right amount, in the fewest chips." if fewest else (
        f"Right amount, but in {given.count} chips: {describe_chips(best)} would do it in {chips_count(best)}.")
    return PayoutCheck(True, fewest, best, msg)


CHIPS_FILE = ("table-mode", "chips.json")


def read_chipset(path: Path) -> ChipSet:
    r = Reader(str(path), load_json(path))
    chips = []
    for c in r["chips"].list():
        cents = c["cents"].int()
        if cents <= 0:
            raise c["cents"].fail("a chip is worth at least one cent")
        colours = (c["body"].str(), c["trim"].str())
        for colour, key in zip(colours, ("body", "trim")):
            if not (len(colour) == 7 and colour.startswith("#") and all(ch in "0123456789abcdefABCDEF" for ch in colour[1:])):
                raise c[key].fail(f"{colour!r} is not a colour like \"#1c1c1e\"")
        chips.append(Chip(cents, c["label"].str(), *colours))
    if not chips:
        raise r["chips"].fail("the house needs at least one chip")
    if len({c.cents for c in chips}) != len(chips):
        raise r["chips"].fail("two chips have the same value")
    return ChipSet(tuple(sorted(chips, key=lambda c: c.cents)))


@cache
def house_chips() -> ChipSet:
    """The house chip set shipped in resources/ (read once)."""
    return read_chipset(resource(*CHIPS_FILE))


__all__ = ["Chip", "ChipSet", "ChipPayout", "PayoutCheck", "check_payout", "fewest_chips", "chips_total",
           "describe_chips", "house_chips", "read_chipset", "RulesDataError"]
