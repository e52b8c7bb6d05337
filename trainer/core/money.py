"""Money is integer cents, everywhere. Formatting and parsing live here."""

from __future__ import annotations

import re


class AmountError(ValueError):
    """A typed amount that is not an amount of money."""


_AMOUNT = re.compile(r"^\$?\s*(\d{1,9})(?:\.(\d{1,2}))?$|^\$?\s*\.(\d{1,2})$")


def format_cents(cents: int, *, sign: bool = False) -> str:
    """1234 -> '$12.34'; with sign=True, '+$12.34' / '-$12.34' / '$0.00'."""
    if not isinstance(cents, int):
        raise TypeError(f"money is integer cents, got {cents!r}")
    prefix = ""
    if cents < 0:
        prefix = "-"
    elif sign and cents > 0:
        prefix = "+"
    dollars, rem = divmod(abs(cents), 100)
    return f"{prefix}${dollars:,}.{rem:02d}"


def parse_cents(text: str) -> int:
    """'12.34', '$12.34', '12', '12.5', '1,250.00' -> cents. Raises AmountError."""
    t = text.strip().replace(",", "")
    m = _AMOUNT.match(t)
    if not m:
        raise AmountError(f"{text.strip()!r} is not an amount: type dollars and cents, e.g. 25 or 12.50")
    if m.group(3) is not None:
        return int(m.group(3).ljust(2, "0"))
    dollars = int(m.group(1))
    cents = int((m.group(2) or "0").ljust(2, "0"))
    return dollars * 100 + cents
