"""Question generators that work from any game's rules data alone (GameData):
put a procedure's steps in order, the outcome of an irregularity, whether a wager is
allowed, and the wording of payout odds ("to"/"win", never "for").

A game builds its QuestionKinds from these with ``data_kinds``; the game's own
generators (hands, payouts, dealing) live in its package.
"""

from __future__ import annotations

import random
from typing import Callable

from trainer.core.citation import REFER, ruling
from trainer.core.game_data import REFER_REMEDY, GameData
from trainer.contracts.game import QuestionKind
from trainer.contracts.question import CHOICE, ORDER, Question, order_answer

REFER_OUTCOME = REFER[0].upper() + REFER[1:]  # "Refer to floor supervisor"


def _q(data: GameData, kind: str, skill: str, **kw) -> Question:
    return Question(game_id=data.id, skill=f"{data.id}.{skill}", kind=f"{data.id}.{kind}", seed=0, **kw)


def _short(data: GameData, citation: str) -> str:
    return citation.replace(data.title + " ", "")


def shuffled_items(items: list[str], rng: random.Random) -> list[str]:
    """A shuffle of ``items`` that is never the answer itself."""
    out = items[:]
    while out == items and len(items) > 1:
        rng.shuffle(out)
    return out


def order_drill(data: GameData, rng: random.Random, skill: str) -> Question:
    proc = data.procedures[rng.choice(data.order_drills)]
    items = [s.text for s in proc.steps]
    why = " ".join(f"{i}. {s.text} ({_short(data, s.citation)})." for i, s in enumerate(proc.steps, 1))
    return _q(data, "order-drill", skill, prompt=f"{proc.title}: put the steps in order.",
              form=ORDER, options=tuple(shuffled_items(items, rng)), answer=order_answer(items), explanation=why,
              citations=tuple(dict.fromkeys([proc.citation] + [s.citation for s in proc.steps])))


def irregularity(data: GameData, rng: random.Random, skill: str) -> Question:
    """What must happen after an irregularity. The wrong options are other remedies of the
    game that differ in substance from the answer (trainer ruling 38): never the answer's
    remedy in other words, a part of it, or a remedy the answer is a part of. "Refer to
    floor supervisor" is always among the options, as the answer or as a wrong one, except
    where the answer itself includes calling the floor supervisor."""
    case = rng.choice(data.irregularities)
    wordings = data.remedy_wordings()
    others = [r for r in wordings if r != REFER_REMEDY and data.remedies_differ(r, case.remedy)]
    # the floor supervisor takes a place unless the answer is, or contains, calling the floor
    refer = data.remedies_differ(REFER_REMEDY, case.remedy)
    wrong = 2 if refer else 3
    options = [wordings[r] for r in rng.sample(others, min(wrong, len(others)))] + [case.outcome]
    if refer:
        options.insert(0, REFER_OUTCOME)
    rng.shuffle(options)
    if case.outcome == REFER_OUTCOME:
        why = f"{case.situation}: no section of the rules prescribes a remedy, so the dealer calls the floor supervisor."
    else:
        why = f"{case.situation}: {case.outcome[0].lower() + case.outcome[1:]}."
    return _q(data, "irregularity", skill, prompt=f"{case.situation}. What must happen?", form=CHOICE,
              options=tuple(options), answer=case.outcome, explanation=why, citations=(case.citation,))


def remedies_differ(game_id: str, a: str, b: str) -> bool:
    """Whether two remedy texts of a game differ in substance (trainer ruling 38), for
    option lists built outside this module (table mode's "And the remedy?"). A game
    without rules data compares the words only."""
    from trainer.games import registry

    if not registry.is_available(game_id):
        return a != b
    return registry.get_game(game_id).data().wordings_differ(a, b)


def wager_allowed(data: GameData, rng: random.Random, skill: str) -> Question:
    rule = rng.choice(data.wager_rules)
    answer = "Allowed" if rule.allowed else "Not allowed"
    return _q(data, "wager-allowed", skill, prompt=f"{rule.situation}. Is this allowed?", form=CHOICE,
              options=("Allowed", "Not allowed"), answer=answer, explanation=f"{answer}. {rule.why}",
              citations=(rule.citation,))


def odds_wording(data: GameData, rng: random.Random, skill: str, wording_section: str) -> Question:
    """``wording_section`` is the game's rule that odds are stated with "to" or "win"."""
    table = data.pay_tables[rng.choice(sorted(t for t, pt in data.pay_tables.items()
                                              if any(r.odds.kind == "to" for r in pt.rows)))]
    row = rng.choice([r for r in table.rows if r.odds.kind == "to"])
    n, d = row.odds.numerator, row.odds.denominator
    right = f"{n} to {d}"
    options = [right, f"{n + d} for {d}", f"{n} for {d}"]
    rng.shuffle(options)
    return _q(data, "odds-wording", skill,
              prompt=f"A sign at your table shows the {table.title} payout for {row.label.lower()}. "
                     "Which wording may it use?",
              form=CHOICE, options=tuple(options), answer=right,
              explanation=(f"{table.title} pays {row.label.lower()} at {right} ({_short(data, table.citation)}). "
                           "Payout odds are stated with \"to\" or \"win\", never with \"for\": "
                           f"\"{n + d} for {d}\" pays the same money but may not be printed, and \"{n} for {d}\" "
                           "would pay one unit less."),
              citations=(f"{data.title} §{wording_section}", table.citation, ruling(3)))


def data_kinds(game_id: str, data: Callable[[], GameData], *, procedures_skill: str, irregularities_skill: str,
               wagers_skill: str, wording_section: str | None) -> tuple[QuestionKind, ...]:
    """The data-driven question kinds for a game whose data ``data()`` returns. The odds
    wording kind needs the game's rule that odds are worded "to"/"win", never "for"
    (``wording_section``); a game without such a rule passes None and gets three kinds."""
    kinds = (
        QuestionKind(f"{game_id}.order-drill", "Put the steps in order", f"{game_id}.{procedures_skill}",
                     lambda rng: order_drill(data(), rng, procedures_skill)),
        QuestionKind(f"{game_id}.irregularity", "Irregularities", f"{game_id}.{irregularities_skill}",
                     lambda rng: irregularity(data(), rng, irregularities_skill)),
        QuestionKind(f"{game_id}.wager-allowed", "Is the wager allowed", f"{game_id}.{wagers_skill}",
                     lambda rng: wager_allowed(data(), rng, wagers_skill)),
    )
    if wording_section is None:
        return kinds
    return kinds + (QuestionKind(f"{game_id}.odds-wording", "Wording the odds", f"{game_id}.{wagers_skill}",
                                 lambda rng: odds_wording(data(), rng, wagers_skill, wording_section)),)
