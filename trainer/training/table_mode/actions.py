"""What the trainee attempts at the table and the mistakes counted in a round's score.
The dealer's actions themselves (verbs, ``DealerAction``, ``Effect``) are the games'
contract: trainer/core/table/actions.py."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.core.table.actions import DEAL, PAY, VERBS, DealerAction, position_text, verb_title


@dataclass(frozen=True)
class Attempt:
    """What the trainee did: a verb, a position, a face, and for a payout the chips."""

    verb: str
    seat: int | None = None
    spot: str | None = None
    face_up: bool | None = None
    amount: int | None = None  # PAY: the total of the chips built
    chips: tuple[tuple[int, int], ...] = ()  # PAY: (denomination, count)
    coins: int = 0

    def describe(self, spot_label: str = "") -> str:
        text = verb_title(self.verb)
        if self.seat is not None or self.spot:
            text += " — " + position_text(self.seat, spot_label or self.spot)
        if self.face_up is not None and self.verb == DEAL:
            text += ", face up" if self.face_up else ", face down"
        if self.verb == PAY and self.amount is not None:
            from trainer.core.money import format_cents

            text += f": {format_cents(self.amount)}"
        return text

    def as_record(self) -> dict:
        """The attempt as a round's record keeps it (``RoundRecord.attempts``): JSON, with
        only what was given."""
        out: dict = {"verb": self.verb}
        for key in ("seat", "spot", "face_up", "amount"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.chips:
            out["chips"] = [[int(d), int(n)] for d, n in self.chips]
        if self.coins:
            out["coins"] = self.coins
        return out

    @classmethod
    def from_record(cls, d: object) -> Attempt:
        """The attempt ``as_record`` kept; ``ValueError`` naming what is wrong for anything
        else (a results file is not trusted)."""
        if not isinstance(d, dict) or not isinstance(d.get("verb"), str) or d["verb"] not in VERBS:
            raise ValueError("it names no dealer action")
        strange = sorted(set(d) - {"verb", "seat", "spot", "face_up", "amount", "chips", "coins"})
        if strange:
            raise ValueError(f"it has {', '.join(strange)}, which an attempt does not have")

        def whole(key: str, value: object) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"its {key} is not a whole number of at least 0")
            return value

        seat, spot, face_up, amount = d.get("seat"), d.get("spot"), d.get("face_up"), d.get("amount")
        if seat is not None:
            whole("seat", seat)
        if spot is not None and not isinstance(spot, str):
            raise ValueError("its spot is not a name")
        if face_up is not None and not isinstance(face_up, bool):
            raise ValueError("its face is neither up nor down")
        if amount is not None:
            whole("amount", amount)
        chips = d.get("chips", [])
        if not isinstance(chips, list) or not all(isinstance(c, list) and len(c) == 2 for c in chips):
            raise ValueError("its chips are not pairs of denomination and count")
        return cls(d["verb"], seat, spot, face_up, amount,
                   tuple((whole("chip denomination", c[0]), whole("chip count", c[1])) for c in chips),
                   whole("coins", d.get("coins", 0)))


def attempt_for(action: DealerAction) -> Attempt:
    """The attempt that does ``action`` exactly right (payouts in the fewest chips)."""
    if action.verb == PAY:
        from trainer.core.chips import house_chips

        chips = house_chips()
        best = chips.fewest(action.amount)
        return Attempt(PAY, action.seat, action.spot, None, action.amount, tuple(best.items()),
                       chips.coins_of(action.amount))
    return Attempt(action.verb, action.seat, action.spot, action.face_up)


@dataclass
class Mistake:
    """A wrong attempt, as counted in the round's score."""

    kind: str  # WRONG_STEP, WRONG_POSITION, WRONG_FACE, WRONG_AMOUNT, EXTRA_CHIPS
    expected: str
    attempted: str
    explanation: str
    citations: tuple[str, ...] = ()
    action_index: int = 0
    payout: bool = False

    def as_dict(self) -> dict:
        return {"kind": self.kind, "expected": self.expected, "attempted": self.attempted,
                "explanation": self.explanation, "citations": list(self.citations),
                "action": self.action_index}


WRONG_STEP = "wrong-step"  # a different action than the rules call for now
WRONG_POSITION = "wrong-position"  # the right action to the wrong seat or spot (order, place)
WRONG_FACE = "wrong-face"  # a card face up that goes face down, or the reverse
WRONG_AMOUNT = "wrong-amount"  # a payout of the wrong amount
EXTRA_CHIPS = "extra-chips"  # the right amount in more chips than needed (the softer grade)
MISTAKE_TITLES = {
    WRONG_STEP: "Wrong step",
    WRONG_POSITION: "Wrong seat or spot",
    WRONG_FACE: "Card face up/down",
    WRONG_AMOUNT: "Wrong payout",
    EXTRA_CHIPS: "More chips than needed",
}

__all__ = ["Attempt", "attempt_for", "Mistake", "WRONG_STEP", "WRONG_POSITION", "WRONG_FACE", "WRONG_AMOUNT",
           "EXTRA_CHIPS", "MISTAKE_TITLES"]
