"""Every citation the app produces resolves to a section of the loaded rule texts or to a
ruling (issue 18): every question kind (300 seeds each), every rules data file, every
table-mode action, house option, summary and watch-mode mistake, and every settlement
result made on the way. A citation that resolves nowhere fails, naming the place."""

from __future__ import annotations

import json
import random

import pytest

from trainer.core.settlement import WagerResult
from trainer.games import registry
from trainer.paths import resource
from trainer.rulebook.citations import references
from trainer.rulebook.library import split_parts

GAMES = [e.id for e in registry.catalogue() if registry.is_available(e.id)]
SEEDS = 300


@pytest.fixture
def settlements(monkeypatch):
    """Every WagerResult made while the fixture is in use."""
    made: list[WagerResult] = []
    original = WagerResult.__init__

    def record(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(WagerResult, "__init__", record)
    return made


def _check(library, problems: dict, where: str, citation: str, game_id: str) -> None:
    for p in library.unresolved(citation, game_id):
        problems.setdefault(f"{where}: {citation!r}: {p}", None)


def _check_results(library, problems: dict, results, game_id: str, where: str) -> None:
    for r in results:
        if not r.rules:
            problems.setdefault(f"{where}: the settlement of {r.label} cites nothing", None)
        for c in r.rules:
            _check(library, problems, f"{where}: settlement of {r.label}", c, game_id)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_question_kind_cites_existing_sections(library, settlements, game_id):
    problems: dict[str, None] = {}
    for kind in registry.get_game(game_id).question_kinds():
        for seed in range(SEEDS):
            settlements.clear()
            q = kind.make(random.Random(seed))
            assert q.citations, f"{kind.id} seed {seed}: no citation"
            for c in q.citations:
                _check(library, problems, f"{kind.id} seed {seed}", c, game_id)
            _check_results(library, problems, settlements, game_id, f"{kind.id} seed {seed}")
    assert not problems, "\n".join(sorted(problems))


def _strings(node, path=""):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, f"{path}.{k}" if path else k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _strings(v, f"{path}[{i}]")
    elif isinstance(node, str):
        yield path, node


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", ["game.json", "procedures.json"])
def test_every_data_file_citation_resolves(library, game_id, name):
    """Every "cite"/"citation" value, and every § or ruling written in any other text of
    the game's data files."""
    doc = json.loads(resource("games", game_id, name).read_text(encoding="utf-8"))
    problems: dict[str, None] = {}
    cited = 0
    for path, text in _strings(doc):
        key = path.rsplit(".", 1)[-1].split("[")[0]
        if key in ("cite", "citation", "citations"):
            cited += 1
            _check(library, problems, f"{name} {path}", text, game_id)
        else:
            for part in split_parts(text):
                for ref in references(part, game_id):
                    for p in library.problems(ref):
                        problems.setdefault(f"{name} {path}: {text!r}: {p}", None)
    assert cited, f"{game_id} {name}: no citation found (has the format changed?)"
    assert not problems, "\n".join(sorted(problems))


def _table_configs(game_id):
    from trainer.training.table_mode.games import house_options
    from trainer.core.table.levels import levels
    from trainer.core.table.script import RoundConfig

    options = house_options(game_id)
    for lv in levels():
        for seed in range(12):
            yield RoundConfig(game_id, seed, lv, {})
        for o in options:
            for choice in o.choices:
                for seed in range(3):
                    yield RoundConfig(game_id, 100 + seed, lv, {o.key: choice})


@pytest.mark.parametrize("game_id", [g for g in GAMES])
def test_every_table_mode_citation_resolves(library, settlements, game_id):
    from trainer.training.table_mode.games import build_round, has_table_mode, house_options, table_module

    if not has_table_mode(game_id):
        pytest.skip(f"{game_id} has no table mode")
    problems: dict[str, None] = {}
    for o in house_options(game_id):
        _check(library, problems, f"house option {o.key}", o.citation, game_id)
    rounds = 0
    for config in _table_configs(game_id):
        settlements.clear()
        where = f"table round seed {config.seed} level {config.level.id} options {config.options}"
        script = build_round(config)
        rounds += 1
        for i, a in enumerate(script.actions):
            for c in a.citations:
                _check(library, problems, f"{where} action {i} {a.text!r}", c, game_id)
        for line in script.summary:
            for part in split_parts(line):
                for ref in references(part, game_id):
                    for p in library.problems(ref):
                        problems.setdefault(f"{where} summary {line!r}: {p}", None)
        _check_results(library, problems, settlements, game_id, where)
        # every mistake watch mode may make in this round (not only those drawn)
        for m in table_module(game_id).watch_mistakes(script, random.Random(config.seed ^ 0xBAD)):
            _check(library, problems, f"{where} watch {m.kind} rule", m.rule_citation, game_id)
            _check(library, problems, f"{where} watch {m.kind} remedy", m.remedy_citation, game_id)
    assert rounds
    assert not problems, "\n".join(sorted(problems))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_calculators_results_cite_existing_sections(library, game_id):
    """The settlement calculator's example round, under every house option choice: every
    wager's rule resolves (the calculator shows them as links)."""
    from trainer.calculator import settle

    form = registry.get_game(game_id).calculator_form()
    if form is None:
        pytest.skip(f"{game_id} has no settlement calculator")
    problems: dict[str, None] = {}
    docs = [form.example]
    for opt in form.options:
        if opt.citation:
            _check(library, problems, f"calculator option {opt.key}", opt.citation, game_id)
        for value in opt.choices:
            doc = json.loads(json.dumps(form.example))
            doc.setdefault("options", {})[opt.key] = value
            docs.append(doc)
    settled = 0
    for doc in docs:
        try:
            result = settle(doc)
        except Exception:  # an option value the example's cards cannot take
            continue
        settled += 1
        for seat in result.get("seats", []):
            for w in seat.get("wagers", []):
                rule = w.get("rule", "")
                assert rule, f"{game_id}: {w['wager']} cites nothing"
                _check(library, problems, f"calculator {doc.get('options')} seat {seat['seat']} {w['wager']}",
                       rule, game_id)
    assert settled
    assert not problems, "\n".join(sorted(problems))
