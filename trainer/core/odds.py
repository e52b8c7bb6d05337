"""Payout odds as printed on a pay table, and what they pay in cents.

"X to 1" (or "X to Y") pays X/Y times the wager and the wager stays with the player.
"X for 1" returns X in total including the wager, so it pays X-1 to 1 (trainer ruling 3).
"Push" returns the wager: the player neither wins nor loses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ODDS = re.compile(r"^\s*(\d+)\s+(to|for)\s+(\d+)\s*$", re.IGNORECASE)


class OddsError(ValueError):
    """A pay-table entry that is not a payout."""


@dataclass(frozen=True)
class Odds:
    """``kind`` is 'to', 'for' or 'push'."""

    kind: str
    numerator: int = 0
    denominator: int = 1

    @classmethod
    def parse(cls, text: str) -> "Odds":
        if text.strip().lower() == "push":
            return cls("push")
        m = _ODDS.match(text)
        if not m:
            raise OddsError(f"{text!r} is not payout odds: write 'N to M', 'N for M' or 'Push'")
        num, kind, den = int(m.group(1)), m.group(2).lower(), int(m.group(3))
        if den == 0:
            raise OddsError(f"{text!r}: odds cannot be 'to 0'")
        if kind == "for" and num < den:
            raise OddsError(f"{text!r}: 'for' odds below 1 for 1 would pay less than the wager back")
        return cls(kind, num, den)

    @property
    def is_push(self) -> bool:
        return self.kind == "push"

    def win_cents(self, wager: int) -> int:
        """The amount paid to the player on a winning wager of ``wager`` cents (the wager
        itself stays with the player and is not included). Fractions round down to the cent."""
        if self.kind == "push":
            return 0
        if self.kind == "for":
            return wager * (self.numerator - self.denominator) // self.denominator
        return wager * self.numerator // self.denominator

    def __str__(self) -> str:
        if self.kind == "push":
            return "Push"
        return f"{self.numerator} {self.kind} {self.denominator}"
