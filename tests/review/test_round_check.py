"""A table round is believed only when its replay gives it (issue 19): a stored round is
dealt again by the rules core from its game, level, seed and house options
(``trainer.review.round_check``) and its record (actions, error counts, the mistakes
listed, calls in watch mode) must be what the replay gives. A round that carries its
number at the table and the trainee's attempts (schema version 6) is replayed exactly:
its attempts are fed again through the round and the record must equal the stored one;
an older row (neither) gets the partial check. A file import leaves a forged round out
with one line naming it and what differs, and imports the other rows.

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
from trainer.training.table_mode.actions import Attempt
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
        # replayed exactly: its round number and every attempt are in the row (each action done
        # once, and once more for every mistake but the payouts in more chips, which complete it)
        row = row_of(r)
        assert row["round_no"] == round_number
        assert len(json.loads(row["attempts"])) == r.actions + sum(said.values()) - said["extra-chips"]
        assert round_differences(row) == []
        assert check_round(row) is None
        assert check_round(old_row(r)) is None  # and as an older version stored it


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_genuine_watched_round_of_every_game_is_confirmed(game_id) -> None:
    for seed, round_number in ((21, 1), (22, 5)):
        play = watch_with_calls(game_id, seed, round_number=round_number)
        r = play.record
        assert r.completed and r.caught == 1 and r.false_calls == 1 and r.missed_calls == r.mistakes_made - 1
        assert (r.rule_named, r.remedy_named) == (1, 0)
        # every stop (two), move on (one per action shown) and rule and remedy named, in order
        attempts = json.loads(row_of(r)["attempts"])
        assert [a["do"] for a in attempts].count("stop") == 2 and len(attempts) == len(play.shown) + 4
        assert check_round(row_of(r)) is None
        assert check_round(old_row(r)) is None


def test_an_unfinished_round_and_other_house_options_are_confirmed() -> None:
    play = deal_round(RoundConfig("two-card-joker", 31, level("learn"),
                                  {"dealing_method": "automated-shoe", "pair_up_table": "2"}))
    for _ in range(4):
        play.perform_next(600)
    assert not play.record.completed and len(play.record.action_ms) == 4
    assert check_round(row_of(play.record)) is None


# -- forged rounds, as an older version stored them: the partial check ----------------------------
def old_row(record) -> dict:
    """The round as a version before 6 stored it, or a results file it wrote: no round
    number, no attempts."""
    return {k: v for k, v in row_of(record).items() if k not in ("round_no", "attempts")}


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
    assert check_round(old_row(clean)) == (
        label("four-card", "deal", 11) + PREFIX + f"procedure errors 0, but its mistakes list {procedure}; "
        "payout errors 0, but its mistakes list 1")
    fewer_chips = replace(record, extra_chip_payouts=0)
    assert round_differences(old_row(fewer_chips)) == ["extra chip payouts 0, but its mistakes list 1"]


def test_a_removed_mistake_is_refused(four_card) -> None:
    record, said = four_card
    kept = [m for m in record.mistakes if m["kind"] != "wrong-amount"]
    assert round_differences(old_row(replace(record, mistakes=kept))) == [
        "payout errors 1, but its mistakes list 0"]
    # and every mistake taken away, with the counts: a clean round that its times do not fit
    clean = replace(record, mistakes=[], procedure_errors=0, payout_errors=0, extra_chip_payouts=0,
                    action_ms=record.action_ms[:-1])
    assert round_differences(old_row(clean)) == [
        f"completed with {record.actions - 1} action times, but the round has {record.actions} steps"]


def test_a_changed_action_is_refused(four_card) -> None:
    record, _ = four_card
    actions = build_round(RoundConfig("four-card", 11, level("practice"))).actions
    moved = json.loads(json.dumps(record.mistakes))
    i = moved[0]["action"]
    moved[0]["action"] = i + 1
    assert round_differences(old_row(replace(record, mistakes=moved))) == [
        f"mistake 1 names action {i + 1} as {actions[i].text!r}, but the round's action {i + 1} is "
        f"{actions[i + 1].text!r}"]
    assert round_differences(old_row(replace(record, actions=record.actions - 3))) == [
        f"{record.actions - 3} dealer actions, but the round has {record.actions}"]
    assert round_differences(old_row(replace(record, seed=12))) != []  # another seed deals another round
    learn = len(build_round(RoundConfig("four-card", 11, level("learn"))).actions)  # the level seats other players
    assert round_differences(old_row(replace(record, level="learn")))[0] == (
        f"{record.actions} dealer actions, but the round has {learn}")
    per_action = level("practice").action_target_ms
    assert round_differences(old_row(replace(record, target_ms=record.target_ms * 2))) == [
        f"time target {record.target_ms * 2} ms, but the level's for its actions is {per_action * record.actions} ms"]
    assert round_differences(old_row(replace(record, game_id="no-such-game"))) == [
        "the game 'no-such-game' has no table mode here"]
    assert round_differences(old_row(replace(record, options={**record.options, "aces_up_table": "IX"}))) == [
        "its house option 'aces_up_table' is 'IX', which the game does not offer"]
    assert round_differences({**old_row(record), "total_ms": record.total_ms - 1}) == [
        f"total time {record.total_ms - 1} ms, but its action times add up to {record.total_ms} ms"]


def test_a_forged_watched_round_is_refused_as_far_as_an_old_row_allows() -> None:
    play = watch_with_calls("dj-wild", 21)
    r = play.record
    assert r.missed_calls >= 1
    missed = [m for m in r.mistakes if m["kind"] == "missed-call"]
    # every mistake "caught": the missed calls taken out of the list and the counts
    all_caught = replace(r, missed_calls=0, caught=r.mistakes_made,
                         mistakes=[m for m in r.mistakes if m["kind"] != "missed-call"])
    # the record still holds together: without the trainee's calls (an old row) it cannot be found;
    # with them it is (test_a_missed_call_turned_into_a_catch_is_refused)
    assert round_differences(old_row(all_caught)) == []
    assert round_differences(row_of(all_caught)) != []
    no_calls = replace(r, missed_calls=0, mistakes=[m for m in r.mistakes if m["kind"] != "missed-call"])
    assert round_differences(old_row(no_calls)) == [
        f"completed with 1 caught and 0 missed, but the app made {r.mistakes_made} mistakes"]
    fewer = replace(r, mistakes_made=r.mistakes_made - 1, missed_calls=r.missed_calls - 1,
                    mistakes=[m for m in r.mistakes if m is not missed[0]])
    assert round_differences(old_row(fewer)) == [
        f"mistakes made {r.mistakes_made - 1}, but the replay makes {r.mistakes_made}",
        f"completed with 1 caught and {r.missed_calls - 1} missed, but the app made {r.mistakes_made} mistakes"]
    elsewhere = [dict(m, action=m["action"] + 1) if m is missed[0] else m for m in r.mistakes]
    [why] = round_differences(old_row(replace(r, mistakes=elsewhere)))
    n = r.mistakes.index(missed[0]) + 1
    assert why.startswith(f"mistake {n} is a missed call at action {missed[0]['action'] + 1}, where the app made no "
                          "mistake") or why.startswith(f"mistake {n} (a missed call at action")
    assert round_differences(old_row(replace(r, procedure_errors=2))) == [
        "procedure errors 2, but its mistakes list 0"]


# -- forged rounds that carry their attempts: the exact replay -------------------------------------
def deleted_with_its_count(record, kind: str, count: str):
    """The record with its first mistake of ``kind`` taken out of the list and out of ``count``."""
    gone = next(m for m in record.mistakes if m["kind"] == kind)
    return replace(record, mistakes=[m for m in record.mistakes if m is not gone],
                   **{count: getattr(record, count) - 1}), record.mistakes.index(gone) + 1, gone


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_mistake_deleted_with_its_count_is_refused(game_id) -> None:
    play, said = deal_with_mistakes(game_id, 14)
    r = play.record
    # the step out of turn, the round's first attempt: gone from the list and the count, the
    # record holds together (the partial check of an old row finds nothing) ...
    forged, n, gone = deleted_with_its_count(r, "wrong-step", "procedure_errors")
    assert (n, gone["action"]) == (1, 0)
    assert round_differences(old_row(forged)) == []
    # ... but its attempts, replayed, make it
    assert round_differences(row_of(forged)) == [
        f"procedure errors {r.procedure_errors - 1}, but its attempts replayed give {r.procedure_errors}",
        f"its mistakes list {len(r.mistakes) - 1}, but its attempts replayed give {len(r.mistakes)}: "
        "mistake 1 (wrong-step at action 0) is not listed"]
    if said["wrong-amount"]:  # the wrong payout, gone with its count
        forged, n, gone = deleted_with_its_count(r, "wrong-amount", "payout_errors")
        assert check_round(row_of(forged)) == (
            label(game_id, "deal", 14) + PREFIX + f"payout errors {r.payout_errors - 1}, but its attempts replayed "
            f"give {r.payout_errors}; its mistakes list {len(r.mistakes) - 1}, but its attempts replayed give "
            f"{len(r.mistakes)}: mistake {n} (wrong-amount at action {gone['action']}) is not listed")


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_missed_call_turned_into_a_catch_is_refused(game_id) -> None:
    play = watch_with_calls(game_id, 24)
    r = play.record
    assert r.mistakes_made >= 2 and r.missed_calls == r.mistakes_made - 1 and (r.caught, r.rule_named) == (1, 1)
    missed = next(m for m in r.mistakes if m["kind"] == "missed-call")
    n = r.mistakes.index(missed) + 1
    # one more caught, one fewer missed, its rule named too: the record holds together
    forged = replace(r, caught=2, missed_calls=r.missed_calls - 1, rule_named=2,
                     mistakes=[m for m in r.mistakes if m is not missed])
    assert round_differences(old_row(forged)) == []
    assert round_differences(row_of(forged)) == [
        "caught 2, but its attempts replayed give 1",
        f"missed calls {r.missed_calls - 1}, but its attempts replayed give {r.missed_calls}",
        "rule named 2, but its attempts replayed give 1",
        f"its mistakes list {len(r.mistakes) - 1}, but its attempts replayed give {len(r.mistakes)}: "
        f"mistake {n} (missed-call at action {missed['action']}) is not listed"]


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_a_changed_attempt_is_refused(game_id) -> None:
    play, _ = deal_with_mistakes(game_id, 15)
    r = play.record
    first = r.attempts[0]["verb"]  # the step out of turn: clear, or spin where clearing comes first
    # another step out of turn: the record says what the first one was
    other = "burn" if play.script.actions[0].verb != "burn" else "stand"
    changed = replace(r, attempts=[{"verb": other}, *r.attempts[1:]])
    assert first != other and r.mistakes[0]["attempted"].lower().startswith(first)
    assert round_differences(row_of(changed)) == [
        "its mistakes are not the ones its attempts replayed give: mistake 1 (wrong-step at action 0) is not "
        "recorded as the replay gives it"]
    # the step out of turn left out of the attempts: the replay makes no mistake there
    assert round_differences(row_of(replace(r, attempts=r.attempts[1:]))) == [
        f"procedure errors {r.procedure_errors}, but its attempts replayed give {r.procedure_errors - 1}",
        f"its mistakes list {len(r.mistakes)}, but its attempts replayed give {len(r.mistakes) - 1}: "
        "mistake 1 (wrong-step at action 0) is not made"]
    # attempts the round cannot take, or the app never records
    assert round_differences(row_of(replace(r, attempts=[*r.attempts, {"verb": "clear"}]))) == [
        f"attempt {len(r.attempts) + 1} comes after the round is over"]
    assert round_differences(row_of(replace(r, attempts=[r.attempts[0], {"verb": "juggle"}]))) == [
        "attempt 2 is not an attempt the app records (it names no dealer action)"]
    assert round_differences(row_of(replace(r, attempts=[{"verb": "deal", "seat": -1}]))) == [
        "attempt 1 is not an attempt the app records (its seat is not a whole number of at least 0)"]
    assert round_differences({**row_of(r), "attempts": "[1, 2]"}) == ["its attempts are not readable"]
    assert round_differences({**row_of(r), "round_no": 0}) == [
        "it records its attempts but not its round number at the table"]
    # a watched round: a remedy named where the rule is asked, a stop with the questions unanswered,
    # and the rule named wrong where it was named right
    w = watch_with_calls(game_id, 24).record
    k = next(i for i, a in enumerate(w.attempts) if a == {"do": "stop"} and w.attempts[i + 1]["do"] == "rule")
    assert w.attempts[k + 2] == {"do": "remedy", "named": "not the remedy"}
    swapped = [*w.attempts[:k + 1], w.attempts[k + 2], w.attempts[k + 1], *w.attempts[k + 3:]]
    assert round_differences(row_of(replace(w, attempts=swapped))) == [
        f"attempt {k + 2} names a remedy, but the rule is asked"]
    stopped_again = [*w.attempts[:k + 1], {"do": "move-on"}, *w.attempts[k + 1:]]
    assert round_differences(row_of(replace(w, attempts=stopped_again))) == [
        f"attempt {k + 2} (move-on) comes before the rule of the mistake stopped is named"]
    wrong_rule = [*w.attempts[:k + 1], {"do": "rule", "named": "not the rule"}, *w.attempts[k + 2:]]
    assert round_differences(row_of(replace(w, attempts=wrong_rule))) == [
        "rule named 1, but its attempts replayed give 0"]
    assert round_differences(row_of(replace(w, attempts=[{"do": "wave"}]))) == [
        "attempt 1 is not a stop, a move on or a rule or remedy named"]


def test_another_round_number_is_refused() -> None:
    # Winner's Pot: the button moves each round, so the seats are served in another order
    play, _ = deal_with_mistakes("winners-pot", 16, round_number=3)
    r = play.record
    assert check_round(row_of(r)) is None
    s3, s4 = play.script.actions, build_round(RoundConfig("winners-pot", 16, level("practice"), {}, 4)).actions
    # the first two actions as before, then the button to another seat: the replay goes no further
    done = next(i for i, (a, b) in enumerate(zip(s3, s4)) if (a.verb, a.seat, a.spot) != (b.verb, b.seat, b.spot))
    assert done == 2 and s3[2].verb == s4[2].verb == "button" and s3[2].seat != s4[2].seat
    why = round_differences(row_of(replace(r, round_no=4)))
    assert why[0].startswith(f"procedure errors {r.procedure_errors}, but its attempts replayed give ")
    assert why[-2:] == ["completed, but its attempts replayed leave the round unfinished",
                        f"{r.actions} action times, but its attempts replayed do {done} steps"]
    # Two Card Joker: the stub is counted every fifth round (§7(f)); a step out of turn where the
    # stub is due names the counted stub in round 5, the uncounted one in round 4
    play = deal_round(RoundConfig("two-card-joker", 17, level("practice"), {}, 5))
    stub = next(i for i, a in enumerate(play.script.actions) if a.text.startswith("Count the stub"))
    while play.done < stub:
        play.perform_next(500)
    assert play.attempt(Attempt("spin"), 500).mistake.expected.startswith("Count the stub face down")
    while not play.finished:
        play.perform_next(500)
    r = play.record
    assert check_round(row_of(r)) is None
    assert round_differences(row_of(replace(r, round_no=4))) == [
        "its mistakes are not the ones its attempts replayed give: mistake 1 (wrong-step at action "
        f"{stub}) is not recorded as the replay gives it"]
    # round 10 counts the stub too: the same round, so the same record (nothing to refuse)
    assert round_differences(row_of(replace(r, round_no=10))) == []


def test_an_old_row_with_only_its_round_number_is_dealt_as_that_round() -> None:
    play, _ = deal_with_mistakes("winners-pot", 18, round_number=3)
    row = {**old_row(play.record), "round_no": 3}
    assert round_differences(row) == []
    # the partial check tries rounds 1 to 10 for an old row, only its own for one that names it
    assert round_differences({**row, "round_no": 0}) == []
    assert round_differences({**row, "round_no": 4}) != []


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
        procedure = said["wrong-step"] + said["wrong-position"] + said["wrong-face"]
        # found by the exact replay only: a wrong payout gone with its count, a missed call made a catch
        gone, gone_n, gone_m = deleted_with_its_count(play.record, "wrong-amount", "payout_errors")
        forged.append(st.record_table_round(sid, t.id, gone))
        watched = watch_with_calls("four-card", 24).record
        missed = next(m for m in watched.mistakes if m["kind"] == "missed-call")
        forged.append(st.record_table_round(sid, t.id, replace(
            watched, caught=2, missed_calls=watched.missed_calls - 1,
            mistakes=[m for m in watched.mistakes if m is not missed])))
        # found by the record itself, or by the replay's actions
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
    n = len(play.record.mistakes)
    expected_flags = [
        label("four-card", "deal", 43, round_id=forged[0]) + PREFIX
        + f"payout errors 0, but its attempts replayed give 1; its mistakes list {n - 1}, but its attempts replayed "
        f"give {n}: mistake {gone_n} (wrong-amount at action {gone_m['action']}) is not listed",
        label("four-card", "watch", 24, round_id=forged[1]) + PREFIX
        + f"caught 2, but its attempts replayed give 1; missed calls {watched.missed_calls - 1}, but its attempts "
        f"replayed give {watched.missed_calls}; its mistakes list {len(watched.mistakes) - 1}, but its attempts "
        f"replayed give {len(watched.mistakes)}: mistake {watched.mistakes.index(missed) + 1} (missed-call at action "
        f"{missed['action']}) is not listed",
        label("four-card", "deal", 43, round_id=forged[2]) + PREFIX
        + f"procedure errors 0, but its mistakes list {procedure}",
        label("four-card", "deal", 43, round_id=forged[3]) + PREFIX
        + f"12 dealer actions, but the round has {play.record.actions}",
        label("four-card", "deal", 43, round_id=forged[4]) + PREFIX + "payout errors 1, but its mistakes list 0",
    ]
    # the first five refusals in full, then how many more (the import's MAX_REASONS): the wrong
    # payout put on the action before, a doubled time target, a payout error more
    assert i - 1 != wrong_amount["action"] and len(forged) == 8
    expected_flags = expected_flags[:5] + ["3 more table round(s) were refused: their records are not what their "
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


def test_a_mistake_moved_to_another_action_is_refused(four_card) -> None:
    record, _ = four_card
    wrong_amount = next(m for m in record.mistakes if m["kind"] == "wrong-amount")
    i, n = wrong_amount["action"], record.mistakes.index(wrong_amount) + 1
    moved = [dict(m, action=i - 1) if m is wrong_amount else m for m in record.mistakes]
    assert round_differences(row_of(replace(record, mistakes=moved))) == [
        f"its mistakes are not the ones its attempts replayed give: mistake {n} is wrong-amount at action {i - 1}, "
        f"where the replay gives wrong-amount at action {i}"]


def test_rounds_carry_their_attempts_through_a_file_and_an_older_file_still_imports(tmp_path: Path) -> None:
    with Store.open(tmp_path / "station.sqlite3") as st:
        t = st.add_trainee("Bo Chen")
        sid = st.start_session(t.id, "dj-wild", seed=1, question_count=0, mode="drill")
        dealt, _ = deal_with_mistakes("dj-wild", 51, round_number=2)
        watched = watch_with_calls("winners-pot", 52, round_number=4)
        ids = [st.record_table_round(sid, t.id, dealt.record), st.record_table_round(sid, t.id, watched.record)]
        # recorded with its count changed and its wrong step left out of the list: the partial check finds it
        forged = replace(dealt.record, mistakes=dealt.record.mistakes[1:])
        ids.append(st.record_table_round(sid, t.id, forged))
        st.end_session(sid)
        write_results_file(st, tmp_path / "new.dtresults")
    doc = json.loads((tmp_path / "new.dtresults").read_text(encoding="utf-8"))
    assert [(r["round_no"], json.loads(r["attempts"])) for r in doc["table_rounds"]] == [
        (2, dealt.record.attempts), (4, watched.record.attempts), (2, dealt.record.attempts)]
    # a file of an older version: its rounds have neither
    for r in doc["table_rounds"]:
        del r["round_no"], r["attempts"]
    (tmp_path / "old.dtresults").write_text(json.dumps(doc), encoding="utf-8")
    procedure = dealt.record.procedure_errors
    for name, replayed in (("new.dtresults", True), ("old.dtresults", False)):
        with Store.open(tmp_path / f"review-{name}.sqlite3") as s:
            lee = create_supervisor(s, "Ms Lee", "supervisor-password")
            flags: list[str] = []
            summary = import_file(s, tmp_path / name, by=lee, flags=flags)
            assert summary.table_rounds_added == 2
            why = (f"procedure errors {procedure}, but its mistakes list {procedure - 1}")  # the record against itself
            assert flags == [label("dj-wild", "deal", 51, round_id=ids[2]) + PREFIX + why]
            rows = s._rows("SELECT id, round_no, attempts FROM table_rounds ORDER BY rowid")
            assert [(r["id"], r["round_no"], json.loads(r["attempts"]) if r["attempts"] else "") for r in rows] == (
                [(ids[0], 2, dealt.record.attempts), (ids[1], 4, watched.record.attempts)] if replayed
                else [(ids[0], 0, ""), (ids[1], 0, "")])
