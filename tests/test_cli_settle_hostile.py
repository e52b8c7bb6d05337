"""`dealer-trainer settle` against hostile input (issue 14): every refusal is one clear line on
stderr with exit code 1, never a traceback; unknown and duplicated keys are refused rather than
ignored or silently overwritten. Fuzzed with hypothesis: random bytes, random JSON trees and
mutations of a valid round of every game."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.calculator import settle_text
from trainer.cli import main
from trainer.core.settlement import SettlementError
from trainer.games.dj_wild.calculator import EXAMPLE as DJ_WILD
from trainer.games.four_card.calculator import EXAMPLE as FOUR_CARD
from trainer.games.pokette.calculator import EXAMPLE as POKETTE
from trainer.games.two_card_joker.calculator import EXAMPLE as TWO_CARD
from trainer.games.winners_pot.calculator import EXAMPLE as WINNERS_POT

EXAMPLES = {"two-card-joker": TWO_CARD, "four-card": FOUR_CARD, "dj-wild": DJ_WILD, "winners-pot": WINNERS_POT,
            "pokette": POKETTE}


def run_bytes(data: bytes, monkeypatch, capsys) -> tuple[int, str, str]:
    """``main(["settle", "-"])`` with ``data`` as the raw bytes of standard input."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code = main(["settle", "-"])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str) -> str:
    assert code == 1, err
    assert "Traceback" not in err
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert lines[0].startswith("dealer-trainer settle: error: ")
    return lines[0]


def wp(options: dict) -> bytes:
    return json.dumps({**WINNERS_POT, "options": options}).encode()


HOSTILE = [
    # (name, input bytes, a piece of the message)
    ("not UTF-8", b'{"game": "\xff\xfe"}', "not UTF-8"),
    ("latin-1 file", '{"game": "two-card-joker", "x": "é"}'.encode("latin-1"), "not UTF-8"),
    ("arrays 1,000 deep", b"[" * 1000 + b"]" * 1000, "nested more than"),
    ("objects 1,000 deep", b'{"a":' * 1000 + b"1" + b"}" * 1000, "nested more than"),
    ("a seat of 4,400 digits", ('{"game":"two-card-joker","seats":[{"seat":' + "9" * 4400 + "}]}").encode(),
     "number with 4400 digits"),
    ("an ante of 5,000 digits",
     json.dumps(TWO_CARD).replace('"ante": 1000', '"ante": ' + "9" * 5000).encode(), "number with 5000 digits"),
    ("a float of 5,000 digits", b'{"game": "winners-pot", "options": {"commission_percent": 0.' + b"1" * 5000 + b"}}",
     "number with"),
    ("commission Infinity", wp({"commission_percent": "Infinity"}), "commission_percent"),
    ("commission sNaN", wp({"commission_percent": "sNaN"}), "commission_percent"),
    ("commission NaN", wp({"commission_percent": "NaN"}), "commission_percent"),
    ("commission -Infinity", wp({"commission_percent": "-Infinity"}), "commission_percent"),
    ("commission 1e999999", wp({"commission_percent": "1e999999"}), "commission_percent"),
    ("commission 1e-999999", wp({"commission_percent": "1e-999999"}), "commission_percent"),
    ("commission 1e400 as a number", b'{"game": "winners-pot", "options": {"commission_percent": 1e400}}',
     "not a finite number"),
    ("NaN literal", b'{"game": NaN}', "NaN is not JSON"),
    ("Infinity literal", b'{"game": "winners-pot", "options": {"commission_percent": Infinity}}',
     "Infinity is not JSON"),
    ("an empty input", b"", "not valid JSON"),
    ("a NUL byte", b"\x00", "not valid JSON"),
    ("a lone surrogate in a card", json.dumps({**TWO_CARD, "dealer": {"cards": ["\ud800", "7d"]}}).encode(),
     "dealer: cards"),
]


@pytest.mark.parametrize("name,data,piece", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_inputs_give_one_line(name, data, piece, monkeypatch, capsys):
    line = assert_one_line_error(*run_bytes(data, monkeypatch, capsys)[::2])
    assert piece in line, line


def test_a_non_utf8_file_is_one_line(tmp_path, capsys):
    f = tmp_path / "round.json"
    f.write_bytes(b'{"game": "two-card-joker", "seats": "\xe9"}')
    code = main(["settle", str(f)])
    line = assert_one_line_error(code, capsys.readouterr().err)
    assert "not UTF-8" in line and "byte 38 is 0xe9" in line


def test_a_misspelt_key_is_refused_not_ignored(monkeypatch, capsys):
    """"option" for "options" used to be ignored: the round was settled on the default table."""
    doc = {**TWO_CARD, "option": {"pair_up_table": "2"}}
    del doc["options"]
    line = assert_one_line_error(*run_bytes(json.dumps(doc).encode(), monkeypatch, capsys)[::2])
    assert "unknown key 'option'" in line and "options" in line
    for game, example in EXAMPLES.items():
        doc = {**example, "seatz": []}
        with pytest.raises(SettlementError, match="unknown key 'seatz'"):
            settle_text(json.dumps(doc))
    dealer = {**TWO_CARD, "dealer": {"cards": ["Qs", "7d"], "card": ["2c"]}}
    with pytest.raises(SettlementError, match="dealer: unknown key 'card'"):
        settle_text(json.dumps(dealer))


def test_a_duplicated_key_is_refused_not_last_wins(monkeypatch, capsys):
    text = json.dumps(TWO_CARD).replace('"options": {"pair_up_table": "1"}',
                                        '"options": {"pair_up_table": "1", "pair_up_table": "3"}')
    assert text.count("pair_up_table") == 2
    line = assert_one_line_error(*run_bytes(text.encode(), monkeypatch, capsys)[::2])
    assert "'pair_up_table' is given twice" in line
    with pytest.raises(SettlementError, match="'game' is given twice"):
        settle_text('{"game": "pokette", "game": "two-card-joker"}')


def test_valid_rounds_still_settle_with_a_bom_and_within_the_limits():
    for example in EXAMPLES.values():
        assert settle_text(json.dumps(example))["game"] == example["game"]
    assert settle_text("\ufeff" + json.dumps(TWO_CARD))["game"] == "two-card-joker"
    assert settle_text(json.dumps(TWO_CARD).encode("utf-8"))["game"] == "two-card-joker"


def test_the_real_command_never_prints_a_traceback():
    """The installed entry point, as a lab's script would run it."""
    for name, data, piece in HOSTILE[:5] + HOSTILE[7:9]:
        p = subprocess.run([sys.executable, "-m", "trainer", "settle", "-"], input=data, capture_output=True,
                           timeout=120)
        assert p.returncode == 1, (name, p.stderr)
        err = p.stderr.decode("utf-8", "replace")
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, (name, err)


# -- fuzzing ------------------------------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def check_cli(data: bytes, monkeypatch, capsys) -> None:
    code, out, err = run_bytes(data, monkeypatch, capsys)
    assert code in (0, 1), err
    assert "Traceback" not in err
    if code == 1:
        assert len(err.strip("\n").split("\n")) == 1, err
        assert err.startswith("dealer-trainer settle: error: ")
    else:
        assert out and not err


@FUZZ
@given(st.binary(max_size=300))
def test_fuzz_random_bytes(monkeypatch, capsys, data):
    check_cli(data, monkeypatch, capsys)


json_leaves = (st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
json_trees = st.recursive(json_leaves, lambda kids: st.lists(kids, max_size=4)
                          | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=25)


@FUZZ
@given(json_trees)
def test_fuzz_random_json_trees(monkeypatch, capsys, tree):
    check_cli(json.dumps(tree).encode(), monkeypatch, capsys)


@FUZZ
@given(st.sampled_from(sorted(EXAMPLES)), json_trees)
def test_fuzz_random_json_trees_under_a_real_game(monkeypatch, capsys, game, tree):
    doc = tree if isinstance(tree, dict) else {"seats": tree}
    check_cli(json.dumps({**doc, "game": game}).encode(), monkeypatch, capsys)


def _paths(value, prefix=()):
    """Every path to a value inside a JSON document."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


@st.composite
def mutated_rounds(draw):
    game = draw(st.sampled_from(sorted(EXAMPLES)))
    doc = copy.deepcopy(EXAMPLES[game])
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        path = draw(st.sampled_from(paths))
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        how = draw(st.sampled_from(["replace", "delete", "rename", "add"]))
        last = path[-1]
        if how == "replace":
            parent[last] = draw(json_trees | st.sampled_from(
                [10**40, -1, 0, 2**63, "Infinity", "sNaN", "1e999999", "-0", "5%", "", [], {}, 1.5, True]))
        elif how == "delete":
            if isinstance(parent, dict):
                del parent[last]
            else:
                parent.pop(last)
        elif how == "rename" and isinstance(parent, dict):
            parent[draw(st.text(max_size=10))] = parent.pop(last)
        elif isinstance(parent, list):
            parent.append(draw(json_trees))
        else:
            parent[draw(st.text(max_size=10))] = draw(json_trees)
    return doc


@FUZZ
@given(mutated_rounds())
def test_fuzz_mutations_of_valid_rounds_of_every_game(monkeypatch, capsys, doc):
    check_cli(json.dumps(doc).encode(), monkeypatch, capsys)


@pytest.mark.parametrize("name,data,piece", [h for h in HOSTILE if h[0] not in ("not UTF-8", "latin-1 file")],
                         ids=[h[0] for h in HOSTILE if h[0] not in ("not UTF-8", "latin-1 file")])
def test_the_settle_screen_opens_a_round_file_as_strictly(name, data, piece):
    """Settle a round > Open reads a JSON file with the same rules: a refusal, never a
    traceback in the GUI (a file's text is decoded as UTF-8 before this)."""
    from trainer.calculator_form import FormError, parse_document_text

    try:
        doc = parse_document_text(data.decode("utf-8"))
    except FormError as e:
        assert piece in str(e) or name in ("a lone surrogate in a card", "commission Infinity", "commission sNaN",
                                           "commission NaN", "commission -Infinity", "commission 1e999999",
                                           "commission 1e-999999")
    else:  # parsed: only the rounds whose fault is in a value, found when settled
        assert isinstance(doc, dict) and doc.get("game") in ("winners-pot", "two-card-joker")
    with pytest.raises(FormError, match="given twice"):
        parse_document_text('{"game": "pokette", "game": "dj-wild"}')
