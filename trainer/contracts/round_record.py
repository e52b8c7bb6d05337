"""A table mode round's score as stored for the supervisor: procedure and payout errors,
missed and false error calls (watch mode), and the time of every action. Table mode
(``trainer.training.table_mode``) scores a round into it; the store keeps it whole
(``trainer.store.table_rounds``).

It also keeps what makes the round replayable (issue 19, schema version 6): the round's
number at its table (``round_no``: the stub is counted every fifth round in Two Card
Joker and Four Card, Winner's Pot's button moves each round) and the trainee's
``attempts`` in order, so that ``trainer.review.round_check`` deals the round again,
feeds it the same attempts and requires the same record. ``round_no`` 0 is a round
recorded before version 6, without its attempts."""

from __future__ import annotations

from dataclasses import dataclass, field

DEAL_MODE = "deal"  # the trainee deals
WATCH_MODE = "watch"  # the app deals, the trainee spots the mistakes
MODES = (DEAL_MODE, WATCH_MODE)


@dataclass
class RoundRecord:
    game_id: str
    mode: str
    level: str
    seed: int
    options: dict[str, str]
    actions: int = 0  # dealer actions in the round
    procedure_errors: int = 0
    payout_errors: int = 0
    extra_chip_payouts: int = 0  # right amount, more chips than needed
    mistakes_made: int = 0  # watch mode: mistakes the app made
    caught: int = 0  # watch mode: stopped at the mistake
    missed_calls: int = 0  # watch mode: a mistake let pass
    false_calls: int = 0  # watch mode: stopped where nothing was wrong
    rule_named: int = 0  # watch mode: right rule named after a catch
    remedy_named: int = 0  # watch mode: right remedy named after a catch
    action_ms: list[int] = field(default_factory=list)
    target_ms: int = 0  # the level's time target for the round (0: untimed)
    mistakes: list[dict] = field(default_factory=list)  # each error, for the review
    completed: bool = False
    round_no: int = 0  # the round's number at its table, from 1 (0: not known, recorded before version 6)
    # What the trainee did, in order, as JSON-safe dicts holding only what was given. Deal
    # mode: each attempt ({"verb": "deal", "seat": 2, "face_up": false}; a payout's
    # "amount" or "chips" [[denomination, count], ...] and "coins"). Watch mode: each
    # {"do": "stop"}, {"do": "move-on"}, {"do": "rule", "named": ...}, {"do": "remedy", "named": ...}.
    attempts: list[dict] = field(default_factory=list)

    @property
    def total_ms(self) -> int:
        return sum(self.action_ms)

    @property
    def errors(self) -> int:
        return self.procedure_errors + self.payout_errors + self.missed_calls + self.false_calls

    @property
    def clean(self) -> bool:
        return self.completed and self.errors == 0

    @property
    def on_time(self) -> bool:
        return not self.target_ms or self.total_ms <= self.target_ms

    def as_row(self) -> dict:
        """The columns of the store's ``table_rounds`` row (lists and dicts as JSON text)."""
        import json

        return {
            "game_id": self.game_id, "mode": self.mode, "level": self.level, "seed": self.seed,
            "options": json.dumps(self.options, sort_keys=True), "actions": self.actions,
            "procedure_errors": self.procedure_errors, "payout_errors": self.payout_errors,
            "extra_chip_payouts": self.extra_chip_payouts, "mistakes_made": self.mistakes_made,
            "caught": self.caught, "missed_calls": self.missed_calls, "false_calls": self.false_calls,
            "rule_named": self.rule_named, "remedy_named": self.remedy_named,
            "total_ms": self.total_ms, "target_ms": self.target_ms,
            "action_ms": json.dumps(self.action_ms), "mistakes": json.dumps(self.mistakes),
            "completed": int(self.completed), "round_no": self.round_no,
            "attempts": json.dumps(self.attempts, separators=(",", ":")),
        }
