"""Trainer ruling 38: a question has exactly one defensible answer.

Run over every registered game and every multiple-choice question kind, 300 seeds each:
no option set may hold a second option that says what the answer says, or a true part
of it.

- The irregularity kind: every remedy in resources/games/<id>/procedures.json has an
  identity ("remedy") and names the remedies it contains ("parts"). The identities are
  read here from the JSON file itself, not through the loader under test, and the parts
  are closed transitively here too. No other option may have the answer's identity, be a
  part of the answer, or contain the answer as a part.
- Every other CHOICE kind: options are distinct once case, punctuation and spacing are
  set aside, and no option is the answer with a trailing qualifier added or taken away
  ("Remove the deck from the table (205 CMR 146.49)" beside "Remove the deck from the
  table"). Where an option stands for a set (the winners of a split pot, the wagers
  announced, four cards), the set is its identity and two options may not share it.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from trainer.games.registry import available_games, get_game
from trainer.contracts.question import CHOICE

SEEDS = range(300)
ROOT = Path(__file__).resolve().parents[2]
REFER = "Refer to floor supervisor"


def _choice_kinds() -> list[tuple[str, str]]:
    return [(g.id, k.id) for g in available_games() for k in g.question_kinds()]


def _kind(game_id: str, kind_id: str):
    return next(k for k in get_game(game_id).question_kinds() if k.id == kind_id)


def _choice_questions(game_id: str, kind_id: str):
    kind = _kind(game_id, kind_id)
    for seed in SEEDS:
        q = kind.make(random.Random(seed))
        if q.form == CHOICE:
            yield seed, q


# ------------------------------------------------------------------ irregularities

def _raw_irregularities(game_id: str) -> list[dict]:
    return json.loads((ROOT / "trainer" / "resources" / "games" / game_id / "procedures.json").read_text("utf-8"))["irregularities"]


def _remedies(game_id: str) -> tuple[dict[str, str], dict[str, set[str]]]:
    """(outcome text -> remedy identity, identity -> every remedy it contains, transitively)."""
    identity: dict[str, str] = {}
    direct: dict[str, set[str]] = {}
    for i in _raw_irregularities(game_id):
        assert identity.setdefault(i["outcome"], i["remedy"]) == i["remedy"], (
            f"{game_id}: {i['outcome']!r} names two remedies")
        direct.setdefault(i["remedy"], set()).update(i.get("parts", ()))
    identity.setdefault(REFER, "refer")
    closed: dict[str, set[str]] = {}
    for r in direct:
        seen: set[str] = set()
        todo = list(direct[r])
        while todo:
            p = todo.pop()
            if p not in seen:
                seen.add(p)
                todo.extend(direct.get(p, ()))
        closed[r] = seen
    return identity, closed


@pytest.mark.parametrize("game_id", [g.id for g in available_games()])
def test_irregularity_options_differ_in_substance_from_the_answer(game_id):
    identity, parts = _remedies(game_id)
    cases = {f"{i['situation']}. What must happen?": i for i in _raw_irregularities(game_id)}
    problems = []
    asked = set()
    for seed, q in _choice_questions(game_id, f"{game_id}.irregularity"):
        case = cases[q.prompt]
        asked.add(case["id"])
        assert q.answer == case["outcome"], seed
        answer = case["remedy"]
        # the floor supervisor is offered unless the answer includes calling the floor
        assert (REFER in q.options) == ("refer" not in parts.get(answer, ())), seed
        seen = {answer}
        for o in q.options:
            if o == q.answer:
                continue
            other = identity[o]  # every option is a remedy of the data
            if other in seen:
                problems.append(f"seed {seed}: {o!r} has the identity {other!r} of another option ({q.prompt})")
            elif other in parts.get(answer, ()):
                problems.append(f"seed {seed}: {o!r} is a part of the answer {q.answer!r}")
            elif answer in parts.get(other, ()):
                problems.append(f"seed {seed}: the answer {q.answer!r} is a part of {o!r}")
            seen.add(other)
    assert not problems, f"{len(problems)} option sets break ruling 38:\n" + "\n".join(problems[:15])
    assert asked == {i["id"] for i in _raw_irregularities(game_id)}, "300 seeds ask every irregularity"


def test_every_remedy_part_is_a_remedy_of_the_same_game():
    for game in available_games():
        identity, parts = _remedies(game.id)
        known = set(identity.values())
        for r, ps in parts.items():
            assert ps <= known, (game.id, r, ps - known)
            assert r not in ps, (game.id, r)


def test_the_shuffler_switch_fits_only_the_rule_on_removing_the_device():
    """The stem of the switch to another method must not also describe a shuffler that
    jams, stops or fails: that is the other provision (TCJ §12(e), Four Card §14(e),
    DJ Wild §13(d), Winner's Pot §12(i)), whose remedy is a reshuffle. Ruling 39: the four
    games' provisions are the same words, so the stem and the answer are the same."""
    stems, outcomes = set(), set()
    for game in available_games():
        for i in _raw_irregularities(game.id):
            if i["remedy"] == "remove-device":
                assert not re.search(r"\b(jam|stop|fail|break)", i["situation"], re.I), (game.id, i["situation"])
                stems.add(i["situation"])
                outcomes.add(i["outcome"])
    assert len(stems) == 1 and len(outcomes) == 1, (stems, outcomes)


def test_identical_provisions_have_one_wording_in_every_game():
    """Ruling 39: a remedy that several games share is worded the same way in each of
    them (a game may word it a second way where its own text does, e.g. Winner's Pot
    §12(f) calls the void round a misdeal)."""
    wordings: dict[str, list[set[str]]] = {}
    for game in available_games():
        mine: dict[str, set[str]] = {}
        for i in _raw_irregularities(game.id):
            mine.setdefault(i["remedy"], set()).add(i["outcome"])
        for r, w in mine.items():
            wordings.setdefault(r, []).append(w)
    apart = {r: ws for r, ws in wordings.items() if not set.intersection(*ws)}
    assert not apart, apart


# ------------------------------------------------------------------ every other CHOICE kind

def _normal(text: str) -> str:
    """Case, ASCII punctuation and spacing set aside (suit symbols are kept: 8♣ is not 8♦)."""
    return " ".join(re.sub(r"[!-/:-@\[-`{-~\u2010-\u2015\u2018-\u201f]", " ", text.lower()).split())


_QUALIFIER = re.compile(r"\s*(?:[,;:(\[]|\s[-\u2013\u2014]\s)")


def _adds_a_qualifier(longer: str, shorter: str) -> bool:
    """``longer`` is ``shorter`` followed by a separated qualifier ("X (note)", "X, note", "X: note")."""
    a, b = longer.lower().strip(), shorter.lower().strip().rstrip(".")
    return a.startswith(b) and len(a) > len(b) and bool(_QUALIFIER.match(a[len(b):]))


def _seat_set(option: str) -> frozenset[str]:
    text = option.split(":", 1)[1] if option.lower().startswith("split:") else option
    return frozenset(_normal(p) for p in re.split(r",| and ", text) if p.strip())


def _list_set(option: str) -> frozenset[str]:
    return frozenset(_normal(p) for p in option.split(","))


def _card_set(option: str) -> frozenset[str]:
    return frozenset(option.split())


def _wager_of(option: str) -> str:
    return _normal(option.split(":", 1)[1]) if re.match(r"^[A-Z]: ", option) else _normal(option)


# Kinds whose options stand for sets or labelled things: their identity, and whether the
# trailing-qualifier rule applies (a list of wagers is not a wager plus a qualifier).
IDENTITY = {
    "winners-pot.who-wins-the-pot": (_seat_set, True),
    "pokette.announcement": (_list_set, False),
    "four-card.best-four": (_card_set, True),
    "pokette.winning-wager": (_wager_of, True),
}


@pytest.mark.parametrize("game_id,kind_id", [(g, k) for g, k in _choice_kinds() if not k.endswith(".irregularity")])
def test_choice_options_are_distinct_and_none_is_the_answer_with_a_qualifier(game_id, kind_id):
    identity, qualifiers = IDENTITY.get(kind_id, (_normal, True))
    problems = []
    for seed, q in _choice_questions(game_id, kind_id):
        normal = [_normal(o) for o in q.options]
        if len(set(normal)) != len(normal):
            problems.append(f"seed {seed}: two options read the same: {q.options}")
            continue
        ids = [identity(o) for o in q.options]
        mine = identity(q.answer)
        if ids.count(mine) != 1:
            problems.append(f"seed {seed}: another option has the answer's identity: {q.answer!r} in {q.options}")
        if qualifiers:
            for o in q.options:
                if o != q.answer and (_adds_a_qualifier(o, q.answer) or _adds_a_qualifier(q.answer, o)):
                    problems.append(f"seed {seed}: {o!r} is the answer {q.answer!r} plus or minus a qualifier")
    assert not problems, f"{len(problems)} option sets break ruling 38:\n" + "\n".join(problems[:15])


def test_the_qualifier_check_itself():
    assert _adds_a_qualifier("Remove the deck from the table (205 CMR 146.49)", "Remove the deck from the table")
    assert _adds_a_qualifier("The dealer, face down", "The dealer")
    assert _adds_a_qualifier("Natural flush, 30 to 1", "Natural flush")
    assert not _adds_a_qualifier("Straight flush", "Straight")
    assert not _adds_a_qualifier("Seat 12", "Seat 1")
    assert _normal("All hands are void; reshuffle.") == _normal("all hands are void reshuffle")
    assert _seat_set("Split: Seat 4 and seat 1") == _seat_set("Split: Seat 1 and Seat 4")
    assert _normal("8♣ 8♦ 2♣ 2♥") != _normal("8♦ 8♣ 2♣ 2♥") and _normal("“No spin”: re-spin") == "no spin re spin"


# ------------------------------------------------------------------ ruling 39 across games

def _provision(game_id: str, cite: str, rules: Path) -> str | None:
    """The words of the first provision "§N(x)" a citation names, from the game's rules text."""
    m = re.search(r"§(\d+)\(([a-z])\)", cite)
    if not m:
        return None
    rules_file = json.loads((ROOT / "trainer" / "resources" / "games" / game_id / "game.json").read_text("utf-8"))["rules_file"]
    lines = (rules / rules_file).read_text("utf-8").splitlines()
    start = next((n for n, line in enumerate(lines) if re.match(rf"^#*\s*{m[1]}\.\s", line)), None)
    if start is None:
        return None
    for line in lines[start + 1:]:
        if re.match(r"^#*\s*\d+\.\s", line):
            return None
        if re.match(rf"^\s*-\s*\({m[2]}\)\s", line):
            return " ".join(line.split()[2:])
    return None


def test_the_same_provision_in_the_same_words_has_the_same_remedy_in_every_game(rules_folder):
    """Ruling 39: an irregularity two games both ask (same id) under a provision worded
    identically in both texts has the same remedy in both."""
    seen: dict[tuple[str, str], tuple[str, str]] = {}  # (irregularity id, provision words) -> (game, remedy)
    apart = []
    for game in available_games():
        for i in _raw_irregularities(game.id):
            words = _provision(game.id, i["cite"], rules_folder)
            if words is None:
                continue
            first = seen.setdefault((i["id"], words), (game.id, i["remedy"]))
            if first[1] != i["remedy"]:
                apart.append(f"{i['id']}: {first[0]} answers {first[1]!r}, {game.id} {i['remedy']!r} ({words[:60]}...)")
    assert not apart, "\n".join(apart)
    # the check reads the texts: the cut provision is the same words in four games
    assert _provision("dj-wild", "§4(d)", rules_folder) == _provision("four-card", "§5(d)", rules_folder) \
        == _provision("winners-pot", "§4(d)", rules_folder)


def test_a_provision_on_inadvertent_acts_is_asked_with_an_accident(rules_folder):
    """A provision that covers only what happens inadvertently (a dealer's card exposed,
    a player's card exposed) is asked with a stem that says so: a deliberate act is not
    covered by it, and the stem must not fit both readings (ruling 38)."""
    loose = []
    for game in available_games():
        for i in _raw_irregularities(game.id):
            words = _provision(game.id, i["cite"], rules_folder)
            if words and "inadvertent" in words.lower() and i["remedy"] != "refer":
                if not re.search(r"accident|inadvertent|by mistake", i["situation"], re.I):
                    loose.append(f"{game.id} {i['id']}: {i['situation']!r}")
    assert not loose, "\n".join(loose)


# ------------------------------------------------------------------ table mode: spot the error

@pytest.mark.parametrize("game_id", [g.id for g in available_games()])
def test_watch_mode_remedy_options_differ_in_substance_from_the_answer(game_id):
    """Table mode's "And the remedy?" after a caught mistake is a multiple-choice question
    too: its wrong options are remedies of the game that differ in substance from the
    right one (identities read from the data here, as above)."""
    from trainer.training.table_mode import games
    from trainer.core.table.levels import level
    from trainer.core.table.script import RoundConfig

    identity, parts = _remedies(game_id)
    problems, asked = [], 0
    for seed in range(60):
        for lv in ("practice", "table-ready"):
            w = games.watch_round(RoundConfig(game_id, seed, level(lv), {}))
            for m in w.mistakes:
                q = w._questions(m)[1]
                answer = identity.get(q.answer)
                if answer is None:
                    continue  # a remedy written for this mistake only: no other option can share it
                asked += 1
                for o in q.options:
                    other = identity.get(o)
                    if o == q.answer or other is None:
                        continue
                    if other == answer or other in parts.get(answer, ()) or answer in parts.get(other, ()):
                        problems.append(f"seed {seed} {lv}: {o!r} beside the answer {q.answer!r}")
    assert asked
    assert not problems, f"{len(problems)} remedy questions break ruling 38:\n" + "\n".join(problems[:15])
