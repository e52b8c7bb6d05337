"""A question, its answer form and its grading.

Answers travel as text so they can be stored as they were given:
- ``choice``: the text of the chosen option;
- ``amounts``: a JSON list of integer cents, one per field, in field order;
- ``order``: a JSON list of the items in the order given;
- ``settle``: a JSON list, one entry per field. A wager's entry is its result:
  ``["collect"]`` (it loses), ``["push"]`` (it is returned), ``["refer"]`` (refer to
  floor supervisor) or ``["pay", cents]`` (it wins, ``cents`` > 0); a field that is not
  a wager (a total, a bonus paid on top of a wager) takes a bare integer of cents.
  A dealer must know a collected wager from a returned one: ``amounts`` gave 0 to both.
The correct answer is computed by the rules core when the question is generated.
Answers stored in an older form stay readable: ``display_answer`` takes the form stored
with each answer.

Each form is an ``AnswerForm`` object (``ANSWER_FORMS``, keyed by the form's id, which is
what ``Question.form`` and the stored data hold): it checks a question's answer, grades a
given one, shows a stored one, reads what the trainee entered, and makes a plausible
wrong one for demo data.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from trainer.core.money import AmountError, format_cents, parse_cents
from trainer.core.scene import TableScene

CHOICE = "choice"
AMOUNTS = "amounts"
ORDER = "order"
SETTLE = "settle"
FORMS = (CHOICE, AMOUNTS, ORDER, SETTLE)

# SETTLE: what the dealer does with a wager.
COLLECT = "collect"
PUSH = "push"
PAY = "pay"
REFER = "refer"
RESULTS = (COLLECT, PUSH, PAY, REFER)
RESULT_TEXT = {COLLECT: "collect", PUSH: "push", PAY: "pay", REFER: "refer to floor supervisor"}
WAGER, AMOUNT = "wager", "amount"  # the two kinds of SETTLE field


@dataclass(frozen=True)
class Question:
    game_id: str
    skill: str  # skill id, e.g. "two-card-joker.hand-ranking"
    kind: str  # generator id, e.g. "two-card-joker.name-the-hand"
    seed: int
    prompt: str
    form: str
    answer: str  # canonical correct answer (see module doc)
    explanation: str  # why, shown after every answer, right or wrong
    citations: tuple[str, ...]  # e.g. ("Two Card Joker Poker §11(c)", "trainer ruling 7")
    options: tuple[str, ...] = ()  # CHOICE: the options; ORDER: the items, shuffled
    fields: tuple[str, ...] = ()  # AMOUNTS: one label per amount; SETTLE: one label per wager (or amount)
    scene: TableScene | None = None  # or another scene dataclass naming its VIEW (e.g. the Pokette layout)
    detail: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        form_of(self.form).validate(self)

    @property
    def citation(self) -> str:
        return "; ".join(self.citations)

    def is_correct(self, given: str) -> bool:
        return form_of(self.form).is_correct(self.answer, given)

    def display(self, answer: str) -> str:
        """A readable form of a stored answer (the given one or the correct one)."""
        return display_answer(self.form, answer, self.fields)

    def settle_kinds(self) -> tuple[str, ...]:
        """SETTLE: WAGER or AMOUNT for each field (what the answer input asks for)."""
        return form_of(self.form).field_kinds(self.answer)


def display_answer(form: str, answer: str, fields: tuple[str, ...] | list[str] = ()) -> str:
    # A form this version does not know is shown as a list, as the items of an order are.
    return ANSWER_FORMS.get(form, ANSWER_FORMS[ORDER]).display(answer, fields)


def amounts_answer(cents: list[int]) -> str:
    return json.dumps([int(c) for c in cents])


# ---------------------------------------------------------------- SETTLE

def parse_settle(text: str) -> list | None:
    """A SETTLE answer as a list of entries: ``(result, cents)`` for a wager (cents 0 unless
    paid) and ``int`` cents for an amount field; None if the text is not a SETTLE answer."""
    try:
        values = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(values, list):
        return None
    entries: list = []
    for v in values:
        if isinstance(v, int) and not isinstance(v, bool):
            if v < 0:
                return None
            entries.append(v)
        elif isinstance(v, list) and v and v[0] in RESULTS:
            if v[0] == PAY:
                if len(v) != 2 or isinstance(v[1], bool) or not isinstance(v[1], int) or v[1] < 0:
                    return None
                entries.append((PAY, v[1]))
            elif len(v) == 1:
                entries.append((v[0], 0))
            else:
                return None
        else:
            return None
    return entries


def settle_entry(result: str, cents: int = 0) -> list:
    """One wager's entry of a SETTLE answer."""
    if result not in RESULTS:
        raise ValueError(f"unknown result {result!r}")
    return [PAY, int(cents)] if result == PAY else [result]


def settle_answer(entries) -> str:
    """The SETTLE answer of ``entries``: each ``(result, cents)``, ``[result, ...]`` or int cents."""
    out: list = []
    for e in entries:
        if isinstance(e, int) and not isinstance(e, bool):
            out.append(int(e))
        else:
            out.append(settle_entry(e[0], e[1] if len(e) > 1 else 0))
    return json.dumps(out)


def wager_entry(result) -> list:
    """A settled wager (``trainer.core.settlement.WagerResult``) as its SETTLE entry:
    a win is paid its net, a loss collected, a push returned, a referral referred."""
    from trainer.core import settlement as core

    mapping = {core.WIN: PAY, core.LOSE: COLLECT, core.PUSH: PUSH, core.REFER: REFER}
    kind = mapping[result.result]
    if kind == PAY and result.net <= 0:
        raise ValueError(f"{result.label}: a win that pays nothing")
    return settle_entry(kind, result.net if kind == PAY else 0)


def settle_kinds(answer: str) -> tuple[str, ...]:
    entries = parse_settle(answer) or []
    return tuple(AMOUNT if isinstance(e, int) else WAGER for e in entries)


def entry_text(entry) -> str:
    """'collect', 'push', 'pay $15.00', 'refer to floor supervisor', or '$15.00' for an amount field."""
    if isinstance(entry, int):
        return format_cents(entry)
    result, cents = entry
    return f"pay {format_cents(cents)}" if result == PAY else RESULT_TEXT[result]


@dataclass(frozen=True)
class FieldGrade:
    """One field of a graded SETTLE answer."""

    label: str
    given: object  # the entry given, None when missing or unreadable
    right: object  # the correct entry
    result_ok: bool  # the right result (always True for an amount field)
    amount_ok: bool  # the right amount paid (True for a wager not paid, when the result is right)

    @property
    def ok(self) -> bool:
        return self.result_ok and self.amount_ok

    @property
    def given_text(self) -> str:
        return "—" if self.given is None else entry_text(self.given)

    @property
    def right_text(self) -> str:
        return entry_text(self.right)

    def problem(self) -> str:
        """What is wrong, in a few words ('' when right)."""
        if self.ok:
            return ""
        if self.given is None:
            return "no answer"
        if isinstance(self.right, int) or self.result_ok:
            return "wrong amount"
        return "wrong result"


def grade_settle(fields, answer: str, given: str) -> list[FieldGrade]:
    """Field by field: is the result right, and (for a pay or an amount field) the amount?"""
    right = parse_settle(answer) or []
    given_entries = parse_settle(given) or []
    labels = list(fields) if len(fields) == len(right) else [f"Field {i + 1}" for i in range(len(right))]
    grades = []
    for i, (label, r) in enumerate(zip(labels, right)):
        g = given_entries[i] if i < len(given_entries) else None
        if g is None:
            grades.append(FieldGrade(label, None, r, False, False))
        elif isinstance(r, int):
            ok = isinstance(g, int) and g == r
            grades.append(FieldGrade(label, g, r, isinstance(g, int), ok))
        else:
            result_ok = isinstance(g, tuple) and g[0] == r[0]
            grades.append(FieldGrade(label, g, r, result_ok, result_ok and g[1] == r[1]))
    return grades


def wrong_settle(answer: str, rng: random.Random) -> str:
    """A plausible wrong SETTLE answer (demo data, snapshots): one field changed the way
    trainees get it wrong: collect for push and back, a pay's amount halved or raised."""
    entries = parse_settle(answer) or []
    if not entries:
        return answer
    i = rng.randrange(len(entries))
    e = entries[i]
    if isinstance(e, int):
        entries[i] = e + 500 if e == 0 or rng.random() < 0.5 else e // 2
    elif e[0] == PAY:
        entries[i] = (PAY, e[1] + 500) if e[1] < 2 or rng.random() < 0.5 else (PAY, e[1] // 2)
    elif e[0] == COLLECT:
        entries[i] = (PUSH, 0)
    else:
        entries[i] = (COLLECT, 0)
    return settle_answer(entries)


def order_answer(items: list[str] | tuple[str, ...]) -> str:
    return json.dumps(list(items))


class InputError(AmountError):
    """What the trainee entered is not an answer: ``index`` is the first field that is wrong
    (None when no one field is)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def _cents_of(label: str, text: str, index: int) -> int:
    try:
        return parse_cents(text)
    except AmountError as exc:
        raise InputError(f"{label}: {exc}", index) from None


def parse_settle_input(fields, kinds, results, texts) -> str:
    """What the trainee chose and typed, field by field, to a SETTLE answer: ``results`` a
    result (or None) per WAGER field, ``texts`` the typed amount per field (read for a pay
    and for an AMOUNT field). Raises InputError naming the first field that is wrong."""
    entries: list = []
    for i, (label, kind, result, text) in enumerate(zip(fields, kinds, results, texts)):
        if kind == AMOUNT:
            if not text.strip():
                raise InputError(f"{label}: every amount needs a value; type 0 when nothing is paid", i)
            entries.append(_cents_of(label, text, i))
            continue
        if result not in RESULTS:
            raise InputError(f"{label}: choose collect, push or pay", i)
        if result != PAY:
            entries.append((result, 0))
            continue
        if not text.strip():
            raise InputError(f"{label}: type the amount you pay", i)
        cents = _cents_of(label, text, i)
        if cents <= 0:
            raise InputError(f"{label}: a pay needs an amount above $0.00; a losing wager is collected, "
                             "a tie is a push", i)
        entries.append((PAY, cents))
    return settle_answer(entries)


# ---------------------------------------------------------------- the answer forms

class AnswerForm:
    """One answer form. ``Question.form`` (and every stored answer) holds its ``id``."""

    id = ""

    def validate(self, question: Question) -> None:
        """Raises ValueError if ``question``'s correct answer does not fit the form."""

    def is_correct(self, answer: str, given: str) -> bool:
        """Whether ``given`` is the correct ``answer`` (both as stored)."""
        try:
            return json.loads(given) == json.loads(answer)
        except (TypeError, ValueError):
            return False

    def display(self, answer: str, fields: tuple[str, ...] | list[str] = ()) -> str:
        """A readable form of a stored answer (the given one or the correct one); text
        that is not JSON is shown as it is."""
        try:
            values = json.loads(answer)
        except (TypeError, ValueError):
            return answer
        return self.display_values(values, fields)

    def display_values(self, values, fields: tuple[str, ...] | list[str]) -> str:
        """A JSON form's stored values, readable."""
        raise NotImplementedError

    def field_kinds(self, answer: str) -> tuple[str, ...]:
        """What each field of the answer input asks for (SETTLE: WAGER or AMOUNT); () when
        the fields are all alike."""
        return ()

    def parse_input(self, question: Question, entry) -> str:
        """What the trainee entered (its shape is the form's: see each form) as the answer
        to store; raises InputError, naming the first field that is wrong."""
        raise NotImplementedError

    def wrong_answer(self, question: Question, rng: random.Random) -> str:
        """A plausible wrong answer (demo data, snapshots), the way trainees get it wrong."""
        raise NotImplementedError


class ChoiceForm(AnswerForm):
    """The text of the chosen option. Entered: the option's index."""

    id = CHOICE

    def validate(self, question: Question) -> None:
        if question.answer not in question.options:
            raise ValueError(f"the answer {question.answer!r} is not among the options {question.options!r}")

    def is_correct(self, answer: str, given: str) -> bool:
        return given == answer

    def display(self, answer: str, fields: tuple[str, ...] | list[str] = ()) -> str:
        return answer

    def parse_input(self, question: Question, entry: int) -> str:
        return question.options[entry]

    def wrong_answer(self, question: Question, rng: random.Random) -> str:
        wrong = [o for o in question.options if o != question.answer]
        return rng.choice(wrong) if wrong else question.answer


class AmountsForm(AnswerForm):
    """A JSON list of cents, one per field. Entered: the typed text of each field."""

    id = AMOUNTS

    def validate(self, question: Question) -> None:
        if len(json.loads(question.answer)) != len(question.fields):
            raise ValueError("one amount per field")

    def display_values(self, values, fields: tuple[str, ...] | list[str]) -> str:
        parts = [format_cents(v) if isinstance(v, int) else "?" for v in values]
        if fields:
            return ", ".join(f"{label} {p}" for label, p in zip(fields, parts))
        return ", ".join(parts)

    def parse_input(self, question: Question, entry: list[str]) -> str:
        labels = question.fields or ("Amount",)
        values = []
        for i, (label, text) in enumerate(zip(labels, entry)):
            if not text.strip():
                raise InputError(f"{label}: every amount needs a value — type 0 for a wager that is not paid.", i)
            values.append(_cents_of(label, text, i))
        return amounts_answer(values)

    def wrong_answer(self, question: Question, rng: random.Random) -> str:
        """One amount changed: raised by $5 (always when it is 0) or halved."""
        values = json.loads(question.answer)
        i = rng.randrange(len(values))
        values[i] = values[i] + 500 if values[i] == 0 or rng.random() < 0.5 else values[i] // 2
        return json.dumps(values)


class OrderForm(AnswerForm):
    """A JSON list of the items in order. Entered: the indexes of the options in the order given."""

    id = ORDER

    def validate(self, question: Question) -> None:
        if sorted(json.loads(question.answer)) != sorted(question.options):
            raise ValueError("the ordering answer must use exactly the items offered")

    def display_values(self, values, fields: tuple[str, ...] | list[str]) -> str:
        return " → ".join(str(v) for v in values)

    def parse_input(self, question: Question, entry: list[int]) -> str:
        return order_answer([question.options[i] for i in entry])

    def wrong_answer(self, question: Question, rng: random.Random) -> str:
        """Two neighbours swapped."""
        values = json.loads(question.answer)
        if len(values) > 1:
            i = rng.randrange(len(values) - 1)
            values[i], values[i + 1] = values[i + 1], values[i]
        return json.dumps(values)


class SettleForm(AnswerForm):
    """A result per wager (see the module doc). Entered: ``(results, texts)``, a result (or
    None) per field and the typed amount per field (read for a pay and an amount field)."""

    id = SETTLE

    def validate(self, question: Question) -> None:
        entries = parse_settle(question.answer)
        if entries is None:
            raise ValueError(f"not a settle answer: {question.answer!r}")
        if len(entries) != len(question.fields):
            raise ValueError("one result per field")
        for label, entry in zip(question.fields, entries):
            if isinstance(entry, tuple) and entry[0] == PAY and entry[1] <= 0:
                raise ValueError(f"{label}: a pay needs an amount above $0.00")

    def is_correct(self, answer: str, given: str) -> bool:
        entries = parse_settle(given)
        return entries is not None and entries == parse_settle(answer)

    def display(self, answer: str, fields: tuple[str, ...] | list[str] = ()) -> str:
        entries = parse_settle(answer)
        if entries is None:
            return answer
        labels = list(fields) if len(fields) == len(entries) else [""] * len(entries)
        return ", ".join(f"{label}: {entry_text(e)}" if label else entry_text(e) for label, e in zip(labels, entries))

    def field_kinds(self, answer: str) -> tuple[str, ...]:
        return settle_kinds(answer)

    def grade(self, fields, answer: str, given: str) -> list[FieldGrade]:
        """Field by field (see ``grade_settle``)."""
        return grade_settle(fields, answer, given)

    def parse_input(self, question: Question, entry) -> str:
        results, texts = entry
        return parse_settle_input(question.fields, question.settle_kinds(), results, texts)

    def wrong_answer(self, question: Question, rng: random.Random) -> str:
        """Collect for a push and back, or a pay's amount changed."""
        return wrong_settle(question.answer, rng)


ANSWER_FORMS: dict[str, AnswerForm] = {f.id: f for f in (ChoiceForm(), AmountsForm(), OrderForm(), SettleForm())}
assert tuple(ANSWER_FORMS) == FORMS


def form_of(form_id: str) -> AnswerForm:
    """The AnswerForm of a form id; ValueError for an id that is no form."""
    try:
        return ANSWER_FORMS[form_id]
    except KeyError:
        raise ValueError(f"unknown answer form {form_id!r}") from None


# ---------------------------------------------------------------- an answer given

@dataclass(frozen=True)
class AnswerResult:
    question: Question
    given: str
    correct: bool
    response_ms: int

    @property
    def given_display(self) -> str:
        return self.question.display(self.given)

    @property
    def correct_display(self) -> str:
        return self.question.display(self.question.answer)
