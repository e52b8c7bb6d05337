"""Is a stored table round what its replay gives? The one check of table mode's rounds
that reach the supervisor, by a results file (``trainer.review.importer``) or at the
classroom server (``trainer.server.checker``); issue 19. Pure Python, no Qt.

What a round's record holds (``trainer.contracts.round_record``, one ``table_rounds``
row): its game, mode, level, seed and house options, the number of dealer actions, the
error counts, the time of every completed action and the list of mistakes (each with its
kind, the action it concerns, what the rules called for and what was done). From game,
level, seed and options the rules core deals the round again (``build_round``; in watch
mode ``watch_round``, which also draws the app's mistakes from the seed), so these are
re-derived and compared:

- the game has a table mode here, the mode and the level are known ones, the house
  options are the ones the replay is dealt under (every option, each a value the game
  offers);
- the number of dealer actions, and the level's time target for them (deal mode; a
  watched round has none);
- every mistake names an action of the round, with that action's text and citations;
  a payout's mistakes are made on a payout, a card's face on a dealt card; in watch mode a
  missed call is at a mistake the app made, with its rule, and a false call where the app
  dealt right;
- the counts agree with the mistakes listed: procedure errors, payout errors, payouts in
  more chips than needed, missed and false calls; the app's mistakes in a watched round
  are the replay's, and every one of them is caught or missed once the round is completed;
  rules and remedies named are at most the mistakes caught;
- a completed round has one time per action (a watched round: per action shown, the
  app's mistakes included), an unfinished one fewer; the total is their sum.

A round recorded since schema version 6 also holds its number at its table
(``round_no``: the stub is counted every fifth round in Two Card Joker and Four Card,
Winner's Pot's button moves each round) and the trainee's attempts in order
(``attempts``: each verb, seat, spot, face and payout in chips; in watch mode each stop,
move on, rule and remedy named). Such a round is replayed exactly: dealt again as that
round at its table, its attempts fed in order through the same engine table mode uses
(``DealerRound.attempt``; ``WatchRound.stop``, ``proceed`` and ``answer``), and the
record the replay gives must EQUAL the stored one, field by field (the house options,
the number of actions, every count, the time target, the mistakes list, completed),
except the times. So a mistake removed from the list together with its count, a missed
call turned into a catch, an attempt changed or another round number are refused. What
no replay can find is a record forged whole, its attempts included, into a round the
trainee could have played that way: the attempts say what was done, not who did it.

The times (``action_ms``, ``total_ms``) are the trainee's own clock: the attempts do not
carry them and the replay cannot re-derive them, so only their number (one per step
done, as the replay gives it) and their sum are checked.

A round recorded before version 6 (``round_no`` 0, ``attempts`` '' or missing, as from
an older results file or the classroom server) gets the partial check above. Its round
number is not known: the replay tries the round numbers ``ROUND_NUMBERS`` and the round
is accepted when one of them gives it. (Blanking both fields of a newer round brings it
down to that partial check: a row says nothing that proves which version recorded it.)
"""

from __future__ import annotations

import json
from typing import Any

# Round numbers tried: the first round, then the next ones. A round's number changes it only
# through cycles shorter than this: the stub counted every fifth round (Two Card Joker, Four
# Card), Winner's Pot's button moving round the seated players and the dealer (at most 7
# seats, so a cycle of at most 8 from round 2 on).
ROUND_NUMBERS = tuple(range(1, 11))

DEAL_KINDS = ("wrong-step", "wrong-position", "wrong-face", "wrong-amount", "extra-chips")
PROCEDURE_KINDS = ("wrong-step", "wrong-position", "wrong-face")
MISSED_CALL, FALSE_CALL = "missed-call", "false-call"
_WATCH_ONLY = ("mistakes_made", "caught", "missed_calls", "false_calls", "rule_named", "remedy_named")
_DEAL_ONLY = ("procedure_errors", "payout_errors", "extra_chip_payouts")


def round_label(row: dict[str, Any]) -> str:
    """How a round is named in a refusal: "table round 1a2b3c4d (two-card-joker, deal, practice, seed 42)"."""
    return (f"table round {str(row.get('id') or '?')[:8]} ({row.get('game_id')}, {row.get('mode')}, "
            f"{row.get('level')}, seed {row.get('seed')})")


def round_differences(row: dict[str, Any]) -> list[str]:
    """What differs between a stored round (a ``table_rounds`` row, its JSON columns as
    text, as a results file, a station's database or the server holds it) and its replay;
    [] when nothing does."""
    from trainer.contracts.round_record import DEAL_MODE, MODES
    from trainer.core.table.levels import level as find_level
    from trainer.core.table.script import RoundConfig
    from trainer.training.table_mode import games

    game_id, mode = row.get("game_id"), row.get("mode")
    if not isinstance(game_id, str) or not games.has_table_mode(game_id):
        return [f"the game {game_id!r} has no table mode here"]
    if mode not in MODES:
        return [f"its mode {mode!r} is not one of {', '.join(MODES)}"]
    try:
        lv = find_level(str(row.get("level")))
    except KeyError:
        return [f"its level {row.get('level')!r} is not a table mode level"]
    try:
        options = json.loads(row.get("options") or "{}")
        action_ms = json.loads(row.get("action_ms") or "[]")
        mistakes = json.loads(row.get("mistakes") or "[]")
    except (TypeError, ValueError):
        return ["its options, times or mistakes are not readable"]
    if (not isinstance(options, dict) or not isinstance(action_ms, list) or not isinstance(mistakes, list)
            or not all(isinstance(m, dict) for m in mistakes)
            or not all(isinstance(ms, int) and not isinstance(ms, bool) and ms >= 0 for ms in action_ms)):
        return ["its options, times or mistakes are not readable"]
    offered = {o.key: o for o in games.house_options(game_id)}
    for key, value in options.items():
        if key not in offered:
            return [f"it names a house option {key!r} the game does not have"]
        if value not in offered[key].choices:
            return [f"its house option {key!r} is {value!r}, which the game does not offer"]
    round_no, attempts = row.get("round_no") or 0, row.get("attempts") or ""
    if not isinstance(round_no, int) or isinstance(round_no, bool) or round_no < 0:
        return ["its round number is not a whole number"]
    if attempts:
        try:
            attempts = json.loads(attempts)
        except (TypeError, ValueError):
            attempts = None
        if not isinstance(attempts, list) or not all(isinstance(a, dict) for a in attempts):
            return ["its attempts are not readable"]
        if round_no < 1:
            return ["it records its attempts but not its round number at the table"]
    counts = _counted(row, mode == DEAL_MODE, mistakes, action_ms)
    if counts:
        return counts  # the record does not even agree with itself
    if isinstance(attempts, list):
        return _replayed(row, RoundConfig(game_id, int(row["seed"]), lv, {k: str(v) for k, v in options.items()},
                                          round_no), attempts, options, mistakes, action_ms)
    first: list[str] | None = None
    seen: set[str] = set()
    for number in (round_no,) if round_no else ROUND_NUMBERS:
        config = RoundConfig(game_id, int(row["seed"]), lv, {k: str(v) for k, v in options.items()}, number)
        try:
            played = games.deal_round(config) if mode == DEAL_MODE else games.watch_round(config)
        except Exception as e:  # noqa: BLE001 - a seed or option the game refuses is a difference
            return [f"the round cannot be dealt again from its seed ({type(e).__name__}: {e})"]
        script = played.script
        signature = repr([(a.text, a.citations) for a in script.actions]) + repr(
            [(m.index, m.kind, m.rule) for m in getattr(played, "mistakes", ())])
        if signature in seen:
            continue
        seen.add(signature)
        differences = (_against_deal(row, script, lv, mistakes) if mode == DEAL_MODE
                       else _against_watch(row, played, mistakes, action_ms))
        if script.options != options:
            differences.insert(0, "its house options are not the ones the round is dealt under "
                                  f"({_options_text(script.options)})")
        if not differences:
            return []
        if first is None:
            first = differences
    return first or []


def check_round(row: dict[str, Any]) -> str | None:
    """One line saying why a stored round is refused, or None when its replay confirms it."""
    differences = round_differences(row)
    if not differences:
        return None
    return f"{round_label(row)} was refused, its record is not what its replay gives: " + "; ".join(differences)


# -- the record against itself -------------------------------------------------------------
def _counted(row: dict[str, Any], deal: bool, mistakes: list[dict], action_ms: list[int]) -> list[str]:
    out: list[str] = []
    kinds = [m.get("kind") for m in mistakes]
    allowed = DEAL_KINDS if deal else (MISSED_CALL, FALSE_CALL)
    strange = sorted({str(k) for k in kinds if k not in allowed})
    if strange:
        out.append(f"its mistakes are of kinds a {row['mode']} round does not have ({', '.join(strange)})")
    listed = {"procedure_errors": sum(k in PROCEDURE_KINDS for k in kinds),
              "payout_errors": kinds.count("wrong-amount"), "extra_chip_payouts": kinds.count("extra-chips"),
              "missed_calls": kinds.count(MISSED_CALL), "false_calls": kinds.count(FALSE_CALL)}
    for column, n in listed.items():
        if int(row[column]) != n:
            out.append(f"{column.replace('_', ' ')} {row[column]}, but its mistakes list {n}")
    for column in (_DEAL_ONLY if not deal else _WATCH_ONLY):
        if int(row[column]) and column not in listed:
            out.append(f"{column.replace('_', ' ')} {row[column]} in a {row['mode']} round")
    if not deal:
        caught = int(row["caught"])
        if caught + int(row["missed_calls"]) > int(row["mistakes_made"]):
            out.append(f"{caught} caught and {row['missed_calls']} missed of {row['mistakes_made']} mistakes made")
        for column in ("rule_named", "remedy_named"):
            if int(row[column]) > caught:
                out.append(f"{column.replace('_', ' ')} {row[column]}, more than the {caught} mistakes caught")
    # the times are the trainee's: only their sum can be checked, not re-derived
    if int(row["total_ms"]) != sum(action_ms):
        out.append(f"total time {row['total_ms']} ms, but its action times add up to {sum(action_ms)} ms")
    if any(not isinstance(m.get("action"), int) or isinstance(m.get("action"), bool) for m in mistakes):
        out.append("a mistake names no action")
    return out


# -- the record against its attempts replayed ---------------------------------------------------
# The columns the replay must give as stored, each with how a difference is said.
_COUNTS = ("procedure_errors", "payout_errors", "extra_chip_payouts", "mistakes_made", "caught", "missed_calls",
           "false_calls", "rule_named", "remedy_named")
_REPLAYED = (("actions", "{stored} dealer actions, but the round has {replayed}"),
             *((c, c.replace("_", " ") + " {stored}, but its attempts replayed give {replayed}") for c in _COUNTS))


def _replayed(row: dict[str, Any], config, attempts: list[dict], options: dict, mistakes: list[dict],
              action_ms: list[int]) -> list[str]:
    """The round dealt again as the same round at its table, its attempts fed in order, and
    the record that gives against the stored one, field by field except the times (the
    trainee's clock, which the attempts do not carry: only their number is compared here,
    their sum in ``_counted``)."""
    from trainer.contracts.round_record import DEAL_MODE
    from trainer.training.table_mode import games

    deal = row["mode"] == DEAL_MODE
    try:
        played = games.deal_round(config) if deal else games.watch_round(config)
    except Exception as e:  # noqa: BLE001 - a seed or option the game refuses is a difference
        return [f"the round cannot be dealt again from its seed ({type(e).__name__}: {e})"]
    why = _feed_deal(played, attempts) if deal else _feed_watch(played, attempts)
    if why is not None:
        return [why]
    record = played.record
    out = []
    if record.options != options:
        out.append(f"its house options are not the ones the round is dealt under ({_options_text(record.options)})")
    for column, text in _REPLAYED:
        if int(row[column]) != getattr(record, column):
            out.append(text.format(stored=row[column], replayed=getattr(record, column)))
    if int(row["target_ms"]) != record.target_ms:
        out.append(f"time target {row['target_ms']} ms, but the level's for its actions is {record.target_ms} ms"
                   if deal else f"time target {row['target_ms']} ms in a watched round, which has none")
    wrong = _mistakes_wrong(mistakes, json.loads(json.dumps(record.mistakes)))
    if wrong:
        out.append(wrong)
    if bool(row["completed"]) != record.completed:
        out.append("completed, but its attempts replayed leave the round unfinished" if row["completed"]
                   else "not completed, but its attempts replayed finish the round")
    if len(action_ms) != len(record.action_ms):
        out.append(f"{len(action_ms)} action times, but its attempts replayed do {len(record.action_ms)} steps")
    return out


def _feed_deal(played, attempts: list[dict]) -> str | None:
    """Each attempt made again, in order; why one cannot be, or None."""
    from trainer.training.table_mode.actions import Attempt

    for n, a in enumerate(attempts, start=1):
        try:
            attempt = Attempt.from_record(a)
        except ValueError as e:
            return f"attempt {n} is not an attempt the app records ({e})"
        if played.finished:
            return f"attempt {n} comes after the round is over"
        try:
            played.attempt(attempt, 0)
        except Exception as e:  # noqa: BLE001 - an attempt the round cannot take is a difference
            return f"attempt {n} cannot be made in the round ({type(e).__name__}: {e})"
    return None


def _feed_watch(played, attempts: list[dict]) -> str | None:
    """Each stop, move on and rule or remedy named made again, in order; why one cannot be, or None."""
    from trainer.training.table_mode.watch import MOVE_ON, REMEDY, RULE, STOP

    for n, a in enumerate(attempts, start=1):
        do = a.get("do")
        if not ((do in (STOP, MOVE_ON) and set(a) == {"do"})
                or (do in (RULE, REMEDY) and set(a) == {"do", "named"} and isinstance(a["named"], str))):
            return f"attempt {n} is not a stop, a move on or a rule or remedy named"
        if played.finished:
            return f"attempt {n} comes after the round is over"
        asked = (RULE if played.pending[0].kind.endswith("watch-rule") else REMEDY) if played.pending else None
        if do in (STOP, MOVE_ON) and asked:
            return f"attempt {n} ({do}) comes before the {asked} of the mistake stopped is named"
        if do in (RULE, REMEDY) and do != asked:
            return (f"attempt {n} names a {do}, but " + (f"the {asked} is asked" if asked else "no mistake is stopped"))
        if do == STOP:
            played.stop(0)
        elif do == MOVE_ON:
            played.proceed(0)
        else:
            played.answer(a["named"], 0)
    return None


def _mistakes_wrong(stored: list[dict], replayed: list[dict]) -> str | None:
    """How the stored mistakes differ from the replay's: the first that differs, or None."""
    if stored == replayed:
        return None
    n = next(i for i in range(max(len(stored), len(replayed)))
             if i >= len(stored) or i >= len(replayed) or stored[i] != replayed[i])

    def said(m: dict) -> str:
        return f"{m.get('kind')} at action {m.get('action')}"

    head = (f"its mistakes list {len(stored)}, but its attempts replayed give {len(replayed)}"
            if len(stored) != len(replayed) else "its mistakes are not the ones its attempts replayed give")
    if len(replayed) == len(stored) + 1 and stored == replayed[:n] + replayed[n + 1:]:
        return f"{head}: mistake {n + 1} ({said(replayed[n])}) is not listed"
    if len(stored) == len(replayed) + 1 and replayed == stored[:n] + stored[n + 1:]:
        return f"{head}: mistake {n + 1} ({said(stored[n])}) is not made"
    if n >= len(stored) or n >= len(replayed):
        return head
    if said(stored[n]) == said(replayed[n]):
        return f"{head}: mistake {n + 1} ({said(stored[n])}) is not recorded as the replay gives it"
    return f"{head}: mistake {n + 1} is {said(stored[n])}, where the replay gives {said(replayed[n])}"


# -- the record against the replay ------------------------------------------------------------
def _against_deal(row: dict[str, Any], script, lv, mistakes: list[dict]) -> list[str]:
    from trainer.core.table.actions import PAY

    out = _actions_and_times(row, len(script.actions), len(script.actions), len(json.loads(row["action_ms"] or "[]")))
    if int(row["target_ms"]) != lv.target_ms(len(script.actions)):
        out.append(f"time target {row['target_ms']} ms, but the level's for its actions is "
                   f"{lv.target_ms(len(script.actions))} ms")
    for n, m in enumerate(mistakes, start=1):
        action = _action(script, m)
        if action is None:
            out.append(f"mistake {n} names action {m.get('action')}, which the round does not have")
            continue
        wrong = _named_wrong(n, m, action)
        if wrong:
            out.append(wrong)
        elif m.get("kind") in ("wrong-amount", "extra-chips") and action.verb != PAY:
            out.append(f"mistake {n} is a payout's ({m.get('kind')}), but action {m['action']} is not a payout")
        elif m.get("kind") == "wrong-face" and action.face_up is None:
            out.append(f"mistake {n} is a card's face, but action {m['action']} deals no card face up or down")
    return out


def _against_watch(row: dict[str, Any], played, mistakes: list[dict], action_ms: list[int]) -> list[str]:
    script = played.script
    made = {m.index: m for m in played.mistakes}
    out = _actions_and_times(row, len(script.actions), len(played.shown), len(action_ms))
    if int(row["target_ms"]) != 0:
        out.append(f"time target {row['target_ms']} ms in a watched round, which has none")
    if int(row["mistakes_made"]) != len(made):
        out.append(f"mistakes made {row['mistakes_made']}, but the replay makes {len(made)}")
    missed: set[int] = set()
    for n, m in enumerate(mistakes, start=1):
        action = _action(script, m)
        if action is None:
            out.append(f"mistake {n} names action {m.get('action')}, which the round does not have")
        elif m.get("kind") == MISSED_CALL:
            w = made.get(m["action"])
            if w is None:
                out.append(f"mistake {n} is a missed call at action {m['action']}, where the app made no mistake")
            elif m["action"] in missed:
                out.append(f"mistake {n} misses the mistake at action {m['action']} a second time")
            elif (m.get("expected"), m.get("citations")) != (w.rule, [w.rule_citation, w.remedy_citation]):
                out.append(f"mistake {n} (a missed call at action {m['action']}) does not name the rule the app "
                           f"broke there ({w.rule}, {w.rule_citation})")
            missed.add(m["action"])
        elif m.get("kind") == FALSE_CALL and (m.get("explanation"), m.get("citations")) != (
                f"Nothing was wrong: {action.text}.", list(action.citations)):
            out.append(f"mistake {n} (a false call at action {m['action']}) is not that action's "
                       f"({action.text})")
    done = int(row["caught"]) + int(row["missed_calls"])
    if bool(row["completed"]) and len(action_ms) == len(played.shown) and done != len(made):
        out.append(f"completed with {row['caught']} caught and {row['missed_calls']} missed, but the app made "
                   f"{len(made)} mistakes")
    return out


def _actions_and_times(row: dict[str, Any], actions: int, steps: int, timed: int) -> list[str]:
    """The number of actions, and one time per step done (all of them once completed)."""
    out = []
    if int(row["actions"]) != actions:
        out.append(f"{row['actions']} dealer actions, but the round has {actions}")
    if bool(row["completed"]) and timed != steps:
        out.append(f"completed with {timed} action times, but the round has {steps} steps")
    elif not bool(row["completed"]) and timed >= steps:
        out.append(f"not completed, but with a time for each of its {steps} steps")
    return out


def _action(script, m: dict):
    i = m.get("action")
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(script.actions):
        return None
    return script.actions[i]


def _named_wrong(n: int, m: dict, action) -> str | None:
    if m.get("expected") != action.text or m.get("citations") != list(action.citations):
        return (f"mistake {n} names action {m['action']} as {m.get('expected')!r}, but the round's action "
                f"{m['action']} is {action.text!r}")
    return None


def _options_text(options: dict[str, str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(options.items()))


__all__ = ["ROUND_NUMBERS", "check_round", "round_differences", "round_label"]
