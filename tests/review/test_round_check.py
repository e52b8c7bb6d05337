"""A table round is believed only when its replay gives it (issue 19): a stored round is
dealt again by the rules core from its game, level, seed and house options
(``trainer.review.round_check``) and its record (actions, error counts, the mistakes
listed, calls in watch mode) must be what the replay gives. A file import leaves a forged
round out with one line naming it and what differs, and imports the other rows.

The rounds here are real rounds of every game's table mode, dealt through
``DealerRound``/``WatchRound`` as the screen deals them, with a mistake of every kind the
game allows made on purpose; the figures expected are counted here from what the round
said at each attempt, not from the checker."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.review.table_play import TABLE_GAMES, deal_with_mistakes, row_of, watch_with_calls
from trainer.core.table.levels import level
from trainer.core.table.script import RoundConfig
from trainer.review.accounts import create_supervisor
from trainer.review.importer import import_file, write_results_file
from trainer.review.round_check import check_round, round_differences
from trainer.store import Store
from trainer.training.table_mode.games import build_round, deal_round

PREFIX = "was refused, its record is not what its replay gives: "


def test_every_shipped_game_has_a_table_mode_to_check() -> None:
    assert TABLE_GAMES == ["two-card-joker", "four-card", "dj-wild", "winners-pot", "pokette"]


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_genuine_dealt_round_of_every_game_is_confirmed(game_id) -> None:
    for seed, round_number in ((11, 1), (12, 5), (13, 3)):  # the stub counted in round 5; the button moved in 3
        play, said = deal_with_mistakes(game_id, seed, round_number=round_number)
        r = play.record
        assert r.completed
        assert (r.procedure_errors, r.payout_errors, r.extra_chip_payouts) == (
            said["wrong-step"] + said["wrong-position"] + said["wrong-face"], said["wrong-amount"], said["extra-chips"])
        assert said["wrong-step"] == 1 and r.procedure_errors >= 2 and len(r.mistakes) == sum(said.values())
        assert round_differences(row_of(r)) == []
        assert check_round(row_of(r)) is None


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_genuine_watched_round_of_every_game_is_confirmed(game_id) -> None:
    for seed, round_number in ((21, 1), (22, 5)):
        play = watch_with_calls(game_id, seed, round_number=round_number)
        r = play.record
        assert r.completed and r.caught == 1 and r.false_calls == 1 and r.missed_calls == r.mistakes_made - 1
        assert (r.rule_named, r.remedy_named) == (1, 0)
        assert check_round(row_of(r)) is None


def test_an_unfinished_round_and_other_house_options_are_confirmed() -> None:
    play = deal_round(RoundConfig("two-card-joker", 31, level("learn"),
                                  {"dealing_method": "automated-shoe", "pair_up_table": "2"}))
    for _ in range(4):
        play.perform_next(600)
    assert not play.record.completed and len(play.record.action_ms) == 4
    assert check_round(row_of(play.record)) is None


# -- forged rounds ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def four_card():
    play, said = deal_with_mistakes("four-card", 11)
    return play.record, said


def label(game_id: str, mode: str, seed: int, lv: str = "practice", round_id: str = "ab" * 16) -> str:
    return f"table round {round_id[:8]} ({game_id}, {mode}, {lv}, seed {seed}) "


def test_changed_error_counts_are_refused(four_card) -> None:
    record, said = four_card
    procedure = said["wrong-step"] + said["wrong-position"] + said["wrong-face"]
    clean = replace(record, procedure_errors=0, payout_errors=0)  # "completed, no error"
    assert check_round(row_of(clean)) == (
        label("four-card", "deal", 11) + PREFIX + f"procedure errors 0, but its mistakes list {procedure}; "
        "payout errors 0, but its mistakes list 1")
    fewer_chips = replace(record, extra_chip_payouts=0)
    assert round_differences(row_of(fewer_chips)) == ["extra chip payouts 0, but its mistakes list 1"]


def test_a_removed_mistake_is_refused(four_card) -> None:
    record, said = four_card
    kept = [m for m in record.mistakes if m["kind"] != "wrong-amount"]
    assert round_differences(row_of(replace(record, mistakes=kept))) == [
        "payout errors 1, but its mistakes list 0"]
    # and every mistake taken away, with the counts: a clean round that its times do not fit
    clean = replace(record, mistakes=[], procedure_errors=0, payout_errors=0, extra_chip_payouts=0,
                    action_ms=record.action_ms[:-1])
    assert round_differences(row_of(clean)) == [
        f"completed with {record.actions - 1} action times, but the round has {record.actions} steps"]


def test_a_changed_action_is_refused(four_card) -> None:
    record, _ = four_card
    actions = build_round(RoundConfig("four-card", 11, level("practice"))).actions
    moved = json.loads(json.dumps(record.mistakes))
    i = moved[0]["action"]
    moved[0]["action"] = i + 1
    assert round_differences(row_of(replace(record, mistakes=moved))) == [
        f"mistake 1 names action {i + 1} as {actions[i].text!r}, but the round's action {i + 1} is "
        f"{actions[i + 1].text!r}"]
    assert round_differences(row_of(replace(record, actions=record.actions - 3))) == [
        f"{record.actions - 3} dealer actions, but the round has {record.actions}"]
    assert round_differences(row_of(replace(record, seed=12))) != []  # another seed deals another round
    learn = len(build_round(RoundConfig("four-card", 11, level("learn"))).actions)  # the level seats other players
    assert round_differences(row_of(replace(record, level="learn")))[0] == (
        f"{record.actions} dealer actions, but the round has {learn}")
    per_action = level("practice").action_target_ms
    assert round_differences(row_of(replace(record, target_ms=record.target_ms * 2))) == [
        f"time target {record.target_ms * 2} ms, but the level's for its actions is {per_action * record.actions} ms"]
    assert round_differences(row_of(replace(record, game_id="no-such-game"))) == [
        "the game 'no-such-game' has no table mode here"]
    assert round_differences(row_of(replace(record, options={**record.options, "aces_up_table": "IX"}))) == [
        "its house option 'aces_up_table' is 'IX', which the game does not offer"]
    assert round_differences({**row_of(record), "total_ms": record.total_ms - 1}) == [
        f"total time {record.total_ms - 1} ms, but its action times add up to {record.total_ms} ms"]


def test_a_forged_watched_round_is_refused() -> None:
    play = watch_with_calls("dj-wild", 21)
    r = play.record
    assert r.missed_calls >= 1
    missed = [m for m in r.mistakes if m["kind"] == "missed-call"]
    # every mistake "caught": the missed calls taken out of the list and the counts
    all_caught = replace(r, missed_calls=0, caught=r.mistakes_made,
                         mistakes=[m for m in r.mistakes if m["kind"] != "missed-call"])
    # the record still holds together: without the trainee's calls themselves (not stored) it cannot be found
    assert round_differences(row_of(all_caught)) == []
    no_calls = replace(r, missed_calls=0, mistakes=[m for m in r.mistakes if m["kind"] != "missed-call"])
    assert round_differences(row_of(no_calls)) == [
        f"completed with 1 caught and 0 missed, but the app made {r.mistakes_made} mistakes"]
    fewer = replace(r, mistakes_made=r.mistakes_made - 1, missed_calls=r.missed_calls - 1,
                    mistakes=[m for m in r.mistakes if m is not missed[0]])
    assert round_differences(row_of(fewer)) == [
        f"mistakes made {r.mistakes_made - 1}, but the replay makes {r.mistakes_made}",
        f"completed with 1 caught and {r.missed_calls - 1} missed, but the app made {r.mistakes_made} mistakes"]
    elsewhere = [dict(m, action=m["action"] + 1) if m is missed[0] else m for m in r.mistakes]
    [why] = round_differences(row_of(replace(r, mistakes=elsewhere)))
    n = r.mistakes.index(missed[0]) + 1
    assert why.startswith(f"mistake {n} is a missed call at action {missed[0]['action'] + 1}, where the app made no "
                          "mistake") or why.startswith(f"mistake {n} (a missed call at action")
    assert round_differences(row_of(replace(r, procedure_errors=2))) == [
        "procedure errors 2, but its mistakes list 0"]


# -- the file import ---------------------------------------------------------------------------
def test_the_import_leaves_forged_rounds_out_and_imports_the_rest(tmp_path: Path) -> None:
    station_path = tmp_path / "station.sqlite3"
    genuine, forged = [], []
    with Store.open(station_path) as st:
        t = st.add_trainee("Ana Diaz")
        sid = st.start_session(t.id, "four-card", seed=1, question_count=0, mode="drill")
        for game_id in TABLE_GAMES:
            play, _ = deal_with_mistakes(game_id, 41)
            genuine.append(st.record_table_round(sid, t.id, play.record))
            genuine.append(st.record_table_round(sid, t.id, watch_with_calls(game_id, 42).record))
        play, said = deal_with_mistakes("four-card", 43)
        actions = build_round(RoundConfig("four-card", 43, level("practice"))).actions
        procedure = said["wrong-step"] + said["wrong-position"] + said["wrong-face"]
        forged.append(st.record_table_round(sid, t.id, replace(play.record, procedure_errors=0)))
        forged.append(st.record_table_round(sid, t.id, replace(play.record, actions=12)))
        wrong_amount = next(m for m in play.record.mistakes if m["kind"] == "wrong-amount")
        forged.append(st.record_table_round(sid, t.id, replace(  # the wrong payout taken out of the list
            play.record, mistakes=[m for m in play.record.mistakes if m is not wrong_amount])))
        i = wrong_amount["action"]
        forged.append(st.record_table_round(sid, t.id, replace(  # the wrong payout put on the action before
            play.record, mistakes=[dict(m, action=i - 1) if m is wrong_amount else m for m in play.record.mistakes])))
        forged.append(st.record_table_round(sid, t.id, replace(play.record, target_ms=play.record.target_ms * 2)))
        forged.append(st.record_table_round(sid, t.id, replace(play.record, payout_errors=2)))
        st.end_session(sid)
        write_results_file(st, tmp_path / "ana.dtresults")
    expected_flags = [
        label("four-card", "deal", 43, round_id=forged[0]) + PREFIX
        + f"procedure errors 0, but its mistakes list {procedure}",
        label("four-card", "deal", 43, round_id=forged[1]) + PREFIX
        + f"12 dealer actions, but the round has {play.record.actions}",
        label("four-card", "deal", 43, round_id=forged[2]) + PREFIX + "payout errors 1, but its mistakes list 0",
        label("four-card", "deal", 43, round_id=forged[3]) + PREFIX
        + f"mistake {play.record.mistakes.index(wrong_amount) + 1} names action {i - 1} as {wrong_amount['expected']!r}, "
        f"but the round's action {i - 1} is {actions[i - 1].text!r}",
        label("four-card", "deal", 43, round_id=forged[4]) + PREFIX
        + f"time target {play.record.target_ms * 2} ms, but the level's for its actions is {play.record.target_ms} ms",
        label("four-card", "deal", 43, round_id=forged[5]) + PREFIX + "payout errors 2, but its mistakes list 1",
    ]
    # the first five refusals in full, then how many more (the import's MAX_REASONS)
    expected_flags = expected_flags[:5] + ["1 more table round(s) were refused: their records are not what their "
                                           "replays give"]
    with Store.open(tmp_path / "review.sqlite3") as s:
        lee = create_supervisor(s, "Ms Lee", "supervisor-password")
        flags: list[str] = []
        summary = import_file(s, tmp_path / "ana.dtresults", by=lee, flags=flags)
        assert summary.table_rounds_added == len(genuine) == 10
        assert flags == expected_flags
        assert sorted(r.id for r in s.table_rounds()) == sorted(genuine)
        audit = [json.loads(e["detail"]) for e in s._rows("SELECT detail FROM audit_log WHERE action = ?",
                                                            ["results.import"])]
        assert audit[-1]["flags"] == expected_flags
        # the station's database itself: the same rounds, the forged ones refused again
        flags = []
        again = import_file(s, station_path, by=lee, flags=flags)
        assert (again.table_rounds_added, again.table_rounds_skipped) == (0, 10)
        assert flags == expected_flags
        assert s.table_round_count() == 10
