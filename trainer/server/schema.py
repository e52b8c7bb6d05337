"""The classroom server's schema and its migrations: the one place where its tables,
roles and policies are defined (PostgreSQL; issue 19).

``MIGRATIONS[n - 1]`` brings a database from version ``n - 1`` to ``n``; each runs in one
transaction with the version bump in ``dealer.meta``, so a failure leaves the database
at the last version fully applied. To change the schema, append a migration (never edit
a released one). A database of a newer version than this app's is refused (``SchemaError``)
before anything is read or written.

Everything lives in the ``dealer`` schema. Two group roles, named after the database so
that two schools on one PostgreSQL server never share them (``<database>_station`` and
``<database>_supervisor``), say who may do what; each station and each supervisor signs in
with a login role of their own, made a member of one of them (``server.accounts``).

Who may do what: grants AND row-level security, each for what it is good at.

- Grants (per table and per column) decide the verbs. A station may INSERT sessions,
  their ends, answers and table rounds, but only the columns it is the source of: the
  station's name (``station``) and the server's time of arrival (``received_at``) are
  not in its grant, so they always take their defaults (``session_user`` and ``now()``)
  and cannot be forged. It has no UPDATE, DELETE or TRUNCATE on anything, and no right
  at all on the PIN hashes or on the results of the checks. It may read exams, classes,
  class lists, thresholds and the roster (names only). The supervisor role reads
  everything and manages trainees, PINs, classes, exams, exam windows and thresholds.
- Row-level security decides the rows, which grants cannot: a station reads and writes
  sessions, answers and table rounds only of the trainees signed in at that station
  with their PIN (``dealer.station_trainees``, written only by ``dealer.sign_in``, a
  security-definer function that checks the PIN), and only the rows it wrote itself.
  So a station cannot read another trainee's answers, even one of the same class.
- Triggers make the record append-only for everyone, the supervisor and the owner
  included: answers, sessions and their ends, table rounds, the checks of answers and of
  rounds and exam attempts refuse UPDATE, DELETE and TRUNCATE (as the SQLite store's triggers do).

Version 1: trainees and PINs, classes, exams, thresholds, sessions, answers, table
rounds, the checks of answers (``answer_checks``: the supervisor's checker re-grades each
answer with the rules core, as a file import does), and sign-in. Version 2: exams
published to a class with opening and closing times (``exam_windows``), attempts started
by the server's clock (``exam_attempts``), the open exams of a trainee, and results
released by the instructor. Version 3: summary data for the dashboard, kept by a trigger
as answers are accepted (``answer_summary`` per day, ``answer_summary_month`` per month).
Version 4: the review's figures over any date range (``_v4_review_summaries``): the index
``answers_skill_time``, per-skill totals and recent windows, the trend per day, week and month.
Version 5: table rounds replayed exactly (``table_rounds.round_no`` and ``attempts``) and the
checks of rounds (``table_round_checks``, as ``answer_checks``; ``_v5_table_round_checks``).
Version 6: ``start_exam`` adopts the exam's session a station sent first. Version 7: the
table skills' figures per trainee, game and mode, kept as rounds are accepted
(``table_round_summary``), and exam sessions' scores (``exam_session_scores``;
``_v7_table_and_exam_summaries``). Version 8: ``start_exam`` also adopts the session a
sender is inserting at the same moment (``_v8_start_exam_waits_for_the_sender``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import trainer
from trainer.review.accounts import DKLEN, SCRYPT_N, SCRYPT_P, SCRYPT_R

SCHEMA = "dealer"
VERSION_KEY = "schema_version"
CREATED_BY_KEY = "created_by"
MIGRATED_BY_KEY = "migrated_by"
LOCK_KEY = 0x44547276  # "DTrv": an advisory lock held while migrating (two `server init` at once wait)
MAX_PIN_FAILURES = 5
PIN_LOCK_MINUTES = 5


class SchemaError(RuntimeError):
    """A database the app cannot use as it is; ``str(e)`` is for a human."""


@dataclass(frozen=True)
class Roles:
    """The group roles of one database."""

    station: str
    supervisor: str

    @classmethod
    def for_database(cls, database: str) -> Roles:
        base = database[:48]
        return cls(f"{base}_station", f"{base}_supervisor")


def ident(name: str) -> str:
    """``name`` quoted as an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


Migration = Callable[[object, Roles], None]  # (cursor, roles)


def _run(cur, sql: str, roles: Roles) -> None:
    cur.execute(sql.replace("{station}", ident(roles.station)).replace("{supervisor}", ident(roles.supervisor)))


_APPEND_ONLY = """
CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON dealer.{table}
    FOR EACH ROW EXECUTE FUNCTION dealer.refuse_change();
CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON dealer.{table}
    FOR EACH STATEMENT EXECUTE FUNCTION dealer.refuse_change();
"""

# A station's own trainees: signed in at this station with their PIN.
_OWN = "trainee_id IN (SELECT st.trainee_id FROM dealer.station_trainees st WHERE st.station = session_user)"


def _station_rows(table: str) -> str:
    """Row-level security of a table a station writes: its own rows of its own trainees."""
    return f"""
ALTER TABLE dealer.{table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY {table}_station_reads ON dealer.{table} FOR SELECT TO {{station}}
    USING (station = session_user AND {_OWN});
CREATE POLICY {table}_station_writes ON dealer.{table} FOR INSERT TO {{station}}
    WITH CHECK (station = session_user AND {_OWN});
CREATE POLICY {table}_supervisor ON dealer.{table} TO {{supervisor}} USING (true) WITH CHECK (true);
"""


ANSWER_COLUMNS = ("id", "session_id", "trainee_id", "game_id", "skill", "kind", "seed", "prompt", "form", "fields",
                  "given", "correct_answer", "is_correct", "response_ms", "answered_at", "citations", "explanation",
                  "target_ms")
SESSION_COLUMNS = ("id", "trainee_id", "game_id", "mode", "seed", "question_count", "started_at", "source", "exam_id")
TABLE_ROUND_COLUMNS = (
    "id", "session_id", "trainee_id", "station_id", "recorded_at", "game_id", "mode", "level", "seed", "options",
    "actions", "procedure_errors", "payout_errors", "extra_chip_payouts", "mistakes_made", "caught", "missed_calls",
    "false_calls", "rule_named", "remedy_named", "total_ms", "target_ms", "action_ms", "mistakes", "completed",
)
# What a station sends of a round since version 5: its score and what replays it exactly.
SENT_ROUND_COLUMNS = TABLE_ROUND_COLUMNS + ("round_no", "attempts")


def _v1_record(cur, roles: Roles) -> None:
    """Trainees and their PINs, classes, exams, thresholds; sessions, answers, table rounds
    and the checks of answers; sign-in; the roles' grants and policies."""
    _run(cur, f"""
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{roles.station}') THEN
        CREATE ROLE {{station}} NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{roles.supervisor}') THEN
        CREATE ROLE {{supervisor}} NOLOGIN;
    END IF;
END $$;
REVOKE ALL ON SCHEMA dealer FROM PUBLIC;
GRANT USAGE ON SCHEMA dealer TO {{station}}, {{supervisor}};
REVOKE ALL ON dealer.meta FROM PUBLIC;
GRANT SELECT ON dealer.meta TO {{station}}, {{supervisor}};

CREATE FUNCTION dealer.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'dealer.%: what is recorded cannot be changed or deleted', TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TABLE dealer.trainees (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL CHECK (length(btrim(name)) > 0 AND name = btrim(name)),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX trainees_name_key ON dealer.trainees (lower(name));
CREATE TABLE dealer.trainee_pins (
    trainee_id bigint PRIMARY KEY REFERENCES dealer.trainees ON DELETE CASCADE,
    kdf text NOT NULL, salt text NOT NULL, pin_hash text NOT NULL,
    n integer NOT NULL, r integer NOT NULL, p integer NOT NULL, dklen integer NOT NULL,
    set_at timestamptz NOT NULL DEFAULT now(),
    failures integer NOT NULL DEFAULT 0,
    locked_until timestamptz
);
CREATE TABLE dealer.classes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL CHECK (length(btrim(name)) > 0),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX classes_name_key ON dealer.classes (lower(name));
CREATE TABLE dealer.class_members (
    class_id bigint NOT NULL REFERENCES dealer.classes ON DELETE CASCADE,
    trainee_id bigint NOT NULL REFERENCES dealer.trainees,
    added_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (class_id, trainee_id)
);
CREATE TABLE dealer.certification_thresholds (
    game_id text PRIMARY KEY,
    percent integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
    set_at timestamptz NOT NULL DEFAULT now(),
    set_by name NOT NULL DEFAULT session_user
);
CREATE TABLE dealer.exams (
    id text PRIMARY KEY,
    title text NOT NULL,
    definition text NOT NULL,
    fingerprint text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by name NOT NULL DEFAULT session_user
);
CREATE TABLE dealer.station_trainees (
    station name NOT NULL,
    trainee_id bigint NOT NULL REFERENCES dealer.trainees,
    signed_in_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (station, trainee_id)
);

CREATE TABLE dealer.sessions (
    id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{{32}}$'),
    trainee_id bigint NOT NULL REFERENCES dealer.trainees,
    station name NOT NULL DEFAULT session_user,
    game_id text NOT NULL,
    mode text NOT NULL,
    seed bigint NOT NULL,
    question_count integer NOT NULL CHECK (question_count >= 0),
    started_at timestamptz NOT NULL,
    source text NOT NULL DEFAULT 'game',
    exam_id text REFERENCES dealer.exams,
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_trainee ON dealer.sessions (trainee_id, started_at);
CREATE TABLE dealer.session_ends (
    session_id text PRIMARY KEY REFERENCES dealer.sessions,
    trainee_id bigint NOT NULL REFERENCES dealer.trainees,
    station name NOT NULL DEFAULT session_user,
    ended_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE dealer.answers (
    id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{{32}}$'),
    session_id text NOT NULL REFERENCES dealer.sessions,
    trainee_id bigint NOT NULL REFERENCES dealer.trainees,
    station name NOT NULL DEFAULT session_user,
    game_id text NOT NULL,
    skill text NOT NULL,
    kind text NOT NULL,
    seed bigint NOT NULL,
    prompt text NOT NULL,
    form text NOT NULL,
    fields text NOT NULL,
    given text NOT NULL,
    correct_answer text NOT NULL,
    is_correct smallint NOT NULL CHECK (is_correct IN (0, 1)),
    response_ms integer NOT NULL CHECK (response_ms >= 0),
    answered_at timestamptz NOT NULL,
    citations text NOT NULL,
    explanation text NOT NULL,
    target_ms integer,
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answers_trainee ON dealer.answers (trainee_id, answered_at);
CREATE INDEX answers_session ON dealer.answers (session_id);
CREATE INDEX answers_received ON dealer.answers (received_at);
CREATE TABLE dealer.answer_checks (
    answer_id text PRIMARY KEY REFERENCES dealer.answers,
    accepted boolean NOT NULL,
    reason text,
    checked_at timestamptz NOT NULL DEFAULT now(),
    checked_by name NOT NULL DEFAULT session_user
);
CREATE TABLE dealer.table_rounds (
    id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{{32}}$'),
    session_id text NOT NULL REFERENCES dealer.sessions,
    trainee_id bigint NOT NULL REFERENCES dealer.trainees,
    station name NOT NULL DEFAULT session_user,
    station_id text,
    recorded_at timestamptz NOT NULL,
    game_id text NOT NULL, mode text NOT NULL, level text NOT NULL, seed bigint NOT NULL, options text NOT NULL,
    actions integer NOT NULL, procedure_errors integer NOT NULL, payout_errors integer NOT NULL,
    extra_chip_payouts integer NOT NULL, mistakes_made integer NOT NULL, caught integer NOT NULL,
    missed_calls integer NOT NULL, false_calls integer NOT NULL, rule_named integer NOT NULL,
    remedy_named integer NOT NULL, total_ms integer NOT NULL, target_ms integer NOT NULL,
    action_ms text NOT NULL, mistakes text NOT NULL, completed smallint NOT NULL CHECK (completed IN (0, 1)),
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX table_rounds_trainee ON dealer.table_rounds (trainee_id, recorded_at);
""", roles)
    for table in ("sessions", "session_ends", "answers", "answer_checks", "table_rounds"):
        _run(cur, _APPEND_ONLY.replace("{table}", table), roles)
    for table in ("sessions", "session_ends", "answers", "table_rounds"):
        _run(cur, _station_rows(table), roles)
    _run(cur, f"""
ALTER TABLE dealer.station_trainees ENABLE ROW LEVEL SECURITY;
CREATE POLICY station_trainees_station ON dealer.station_trainees FOR SELECT TO {{station}}
    USING (station = session_user);
CREATE POLICY station_trainees_supervisor ON dealer.station_trainees TO {{supervisor}} USING (true) WITH CHECK (true);

GRANT SELECT (id, name, created_at) ON dealer.trainees TO {{station}};
GRANT SELECT ON dealer.classes, dealer.class_members, dealer.exams, dealer.certification_thresholds,
    dealer.station_trainees TO {{station}};
GRANT SELECT, INSERT ({', '.join(SESSION_COLUMNS)}) ON dealer.sessions TO {{station}};
GRANT SELECT, INSERT (session_id, trainee_id, ended_at) ON dealer.session_ends TO {{station}};
GRANT SELECT, INSERT ({', '.join(ANSWER_COLUMNS)}) ON dealer.answers TO {{station}};
GRANT SELECT, INSERT ({', '.join(TABLE_ROUND_COLUMNS)}) ON dealer.table_rounds TO {{station}};

GRANT SELECT ON ALL TABLES IN SCHEMA dealer TO {{supervisor}};
GRANT INSERT, UPDATE, DELETE ON dealer.trainees, dealer.trainee_pins, dealer.classes, dealer.class_members,
    dealer.exams, dealer.certification_thresholds, dealer.station_trainees TO {{supervisor}};
GRANT INSERT ON dealer.answer_checks TO {{supervisor}};

CREATE FUNCTION dealer.pin_params(trainee_name text)
    RETURNS TABLE (kdf text, salt text, n integer, r integer, p integer, dklen integer)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
    -- an unknown name gets parameters too (a salt made from the name): no one learns
    -- from this function who has a PIN
    SELECT coalesce(p.kdf, 'scrypt'),
           coalesce(p.salt, md5('dealer-trainer: no such trainee: ' || lower(btrim(trainee_name)))),
           coalesce(p.n, {SCRYPT_N}), coalesce(p.r, {SCRYPT_R}), coalesce(p.p, {SCRYPT_P}), coalesce(p.dklen, {DKLEN})
    FROM (SELECT 1) AS one
    LEFT JOIN (dealer.trainees t JOIN dealer.trainee_pins p ON p.trainee_id = t.id)
           ON lower(t.name) = lower(btrim(trainee_name))
$$;
CREATE FUNCTION dealer.sign_in(trainee_name text, pin_key text, OUT trainee_id bigint, OUT locked_until timestamptz)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
#variable_conflict use_column
DECLARE
    who record;
BEGIN
    SELECT t.id, p.pin_hash, p.failures, p.locked_until AS locked INTO who
    FROM dealer.trainees t JOIN dealer.trainee_pins p ON p.trainee_id = t.id
    WHERE lower(t.name) = lower(btrim(trainee_name));
    IF NOT FOUND THEN
        RETURN;  -- (null, null): wrong name or PIN
    END IF;
    IF who.locked IS NOT NULL AND who.locked > now() THEN
        sign_in.locked_until := who.locked;
        RETURN;
    END IF;
    IF who.pin_hash IS DISTINCT FROM pin_key THEN
        UPDATE dealer.trainee_pins AS p SET failures = p.failures + 1,
            locked_until = CASE WHEN p.failures + 1 >= {MAX_PIN_FAILURES}
                                THEN now() + interval '{PIN_LOCK_MINUTES} minutes' END
        WHERE p.trainee_id = who.id;
        RETURN;
    END IF;
    UPDATE dealer.trainee_pins AS p SET failures = 0, locked_until = NULL WHERE p.trainee_id = who.id;
    INSERT INTO dealer.station_trainees AS st (station, trainee_id) VALUES (session_user, who.id)
        ON CONFLICT (station, trainee_id) DO UPDATE SET signed_in_at = now();
    sign_in.trainee_id := who.id;
END $$;
REVOKE ALL ON FUNCTION dealer.pin_params(text), dealer.sign_in(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dealer.pin_params(text), dealer.sign_in(text, text) TO {{station}}, {{supervisor}};
""", roles)


def _v2_exam_windows(cur, roles: Roles) -> None:
    """Exams published to a class with an opening and a closing time; attempts started by
    the server's clock (the first attempt of a trainee is the only one); results
    released by the instructor."""
    _run(cur, """
CREATE TABLE dealer.exam_windows (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    exam_id text NOT NULL REFERENCES dealer.exams,
    class_id bigint NOT NULL REFERENCES dealer.classes,
    opens_at timestamptz NOT NULL,
    closes_at timestamptz NOT NULL CHECK (closes_at > opens_at),
    released_at timestamptz,
    published_by name NOT NULL DEFAULT session_user,
    published_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE dealer.exam_attempts (
    session_id text PRIMARY KEY REFERENCES dealer.sessions,
    window_id bigint NOT NULL REFERENCES dealer.exam_windows,
    trainee_id bigint NOT NULL REFERENCES dealer.trainees,
    station name NOT NULL DEFAULT session_user,
    started_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (window_id, trainee_id)
);
""", roles)
    _run(cur, _APPEND_ONLY.replace("{table}", "exam_attempts"), roles)
    _run(cur, """
GRANT SELECT ON dealer.exam_windows TO {station};
GRANT SELECT ON dealer.exam_windows, dealer.exam_attempts TO {supervisor};
GRANT INSERT, UPDATE, DELETE ON dealer.exam_windows TO {supervisor};

CREATE FUNCTION dealer.own_trainee(who bigint) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM dealer.station_trainees st WHERE st.station = session_user AND st.trainee_id = who)
$$;
CREATE FUNCTION dealer.open_exams(for_trainee bigint)
    RETURNS TABLE (window_id bigint, exam_id text, title text, definition text, opens_at timestamptz,
                   closes_at timestamptz, started boolean)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
    SELECT w.id, e.id, e.title, e.definition, w.opens_at, w.closes_at,
           EXISTS (SELECT 1 FROM dealer.exam_attempts a WHERE a.window_id = w.id AND a.trainee_id = for_trainee)
    FROM dealer.exam_windows w
    JOIN dealer.exams e ON e.id = w.exam_id
    JOIN dealer.class_members m ON m.class_id = w.class_id AND m.trainee_id = for_trainee
    WHERE dealer.own_trainee(for_trainee) AND now() >= w.opens_at AND now() < w.closes_at
    ORDER BY w.closes_at, e.title
$$;
CREATE FUNCTION dealer.start_exam(window_id bigint, for_trainee bigint, new_session text, game_id text,
                                  OUT started_at timestamptz, OUT closes_at timestamptz)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
#variable_conflict use_column
DECLARE
    w record;
BEGIN
    IF NOT dealer.own_trainee(for_trainee) THEN
        RAISE EXCEPTION 'This trainee has not signed in at this station.' USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT ew.*, e.definition INTO w FROM dealer.exam_windows ew JOIN dealer.exams e ON e.id = ew.exam_id
    JOIN dealer.class_members m ON m.class_id = ew.class_id AND m.trainee_id = for_trainee
    WHERE ew.id = start_exam.window_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'There is no such exam for this trainee.' USING ERRCODE = 'no_data_found';
    END IF;
    IF now() < w.opens_at THEN
        RAISE EXCEPTION 'This exam opens at %.', w.opens_at USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF now() >= w.closes_at THEN
        RAISE EXCEPTION 'This exam closed at %.', w.closes_at USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF EXISTS (SELECT 1 FROM dealer.exam_attempts a WHERE a.window_id = w.id AND a.trainee_id = for_trainee) THEN
        RAISE EXCEPTION 'This trainee has already started this exam: the first attempt is the one that counts.'
            USING ERRCODE = 'unique_violation';
    END IF;
    INSERT INTO dealer.sessions (id, trainee_id, station, game_id, mode, seed, question_count, started_at,
                                 source, exam_id)
    VALUES (new_session, for_trainee, session_user, game_id, 'exam', (w.definition::jsonb ->> 'seed')::bigint,
            (w.definition::jsonb ->> 'question_count')::integer, now(), 'exam', w.exam_id);
    INSERT INTO dealer.exam_attempts (session_id, window_id, trainee_id, station)
    VALUES (new_session, w.id, for_trainee, session_user);
    start_exam.started_at := now();
    start_exam.closes_at := w.closes_at;
END $$;
CREATE FUNCTION dealer.exam_results(for_trainee bigint)
    RETURNS TABLE (window_id bigint, title text, question_count integer, answered bigint, correct bigint,
                   pass_mark integer, released_at timestamptz)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
    SELECT w.id, e.title, (e.definition::jsonb ->> 'question_count')::integer,
           count(c.answer_id), count(c.answer_id) FILTER (WHERE a.is_correct = 1),
           (e.definition::jsonb ->> 'pass_mark')::integer, w.released_at
    FROM dealer.exam_attempts t
    JOIN dealer.exam_windows w ON w.id = t.window_id
    JOIN dealer.exams e ON e.id = w.exam_id
    LEFT JOIN dealer.answers a ON a.session_id = t.session_id
    LEFT JOIN dealer.answer_checks c ON c.answer_id = a.id AND c.accepted
    WHERE t.trainee_id = for_trainee AND dealer.own_trainee(for_trainee)
      AND w.released_at IS NOT NULL AND w.released_at <= now()
    GROUP BY w.id, e.title, e.definition, w.released_at
    ORDER BY w.released_at
$$;
REVOKE ALL ON FUNCTION dealer.own_trainee(bigint), dealer.open_exams(bigint),
    dealer.start_exam(bigint, bigint, text, text), dealer.exam_results(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dealer.own_trainee(bigint), dealer.open_exams(bigint),
    dealer.start_exam(bigint, bigint, text, text), dealer.exam_results(bigint) TO {station}, {supervisor};
""", roles)


# The summary tables: (table, period column, the period of an answer ``a``).
SUMMARIES = (
    ("answer_summary", "day", "(a.answered_at AT TIME ZONE 'UTC')::date"),
    ("answer_summary_month", "month", "date_trunc('month', a.answered_at AT TIME ZONE 'UTC')::date"),
)
_SUMMARY_VALUES = ("a.trainee_id, a.game_id, a.skill, {n}, {correct}, {within}, {ms}")


def summary_fill(table: str, of_answer: str) -> str:
    """The SQL that fills a summary table from every accepted answer."""
    many = _SUMMARY_VALUES.format(n="count(*)", correct="sum(a.is_correct)", ms="sum(a.response_ms)",
                                  within="count(*) FILTER (WHERE a.is_correct = 1 AND "
                                         "a.response_ms <= coalesce(a.target_ms, 0))")
    return f"""
INSERT INTO dealer.{table} SELECT {of_answer}, {many}
FROM dealer.answers a JOIN dealer.answer_checks c ON c.answer_id = a.id AND c.accepted GROUP BY 1, 2, 3, 4;"""


def _v3_answer_summary(cur, roles: Roles) -> None:
    """Summary data for the dashboard: per day (``answer_summary``) and per month
    (``answer_summary_month``: a year's figures read twelve rows a trainee and skill, not
    365), trainee, game and skill: the accepted answers, the right ones, those right
    within their target time and the response time in all; kept by a trigger as each
    answer's check is recorded (checks are append-only, so an answer is counted once),
    and filled in for the answers already checked."""
    inserts, backfills = [], []
    for table, period, of_answer in SUMMARIES:
        _run(cur, f"""
CREATE TABLE dealer.{table} (
    {period} date NOT NULL,
    trainee_id bigint NOT NULL,
    game_id text NOT NULL,
    skill text NOT NULL,
    answered bigint NOT NULL,
    correct bigint NOT NULL,
    within_target bigint NOT NULL,
    response_ms bigint NOT NULL,
    PRIMARY KEY ({period}, trainee_id, game_id, skill)
);
CREATE INDEX {table}_trainee ON dealer.{table} (trainee_id, {period});
GRANT SELECT ON dealer.{table} TO {{supervisor}};
""", roles)
        one = _SUMMARY_VALUES.format(n=1, correct="a.is_correct", ms="a.response_ms",
                                     within="CASE WHEN a.is_correct = 1 AND a.response_ms <= coalesce(a.target_ms, 0) "
                                            "THEN 1 ELSE 0 END")
        inserts.append(f"""
        INSERT INTO dealer.{table} AS s SELECT {of_answer}, {one} FROM dealer.answers a WHERE a.id = NEW.answer_id
        ON CONFLICT ({period}, trainee_id, game_id, skill) DO UPDATE SET
            answered = s.answered + EXCLUDED.answered, correct = s.correct + EXCLUDED.correct,
            within_target = s.within_target + EXCLUDED.within_target,
            response_ms = s.response_ms + EXCLUDED.response_ms;""")
        backfills.append(summary_fill(table, of_answer))
    _run(cur, f"""
CREATE FUNCTION dealer.summarise_check() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
BEGIN
    IF NEW.accepted THEN{''.join(inserts)}
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER answer_checks_summary AFTER INSERT ON dealer.answer_checks
    FOR EACH ROW EXECUTE FUNCTION dealer.summarise_check();
{''.join(backfills)}
""", roles)


# Version 4: the review's figures over any date range as fast as over all time.
RECENT_WINDOW = 20  # the recent answers ``answer_summary_skill`` keeps figures of (measures.WINDOW at version 4)
# Right within the target time: not without a target (version 3 took a missing target as 0 ms).
_ON_TARGET = "CASE WHEN a.is_correct = 1 AND a.response_ms <= a.target_ms THEN 1 ELSE 0 END"
_QUESTION_SKILL = "NOT (a.skill LIKE '%.table-procedure' OR a.skill LIKE '%.table-payouts' OR a.skill LIKE '%.table-watch')"
# The trend's summaries, question skills only: (table, period of an answer ``a``).
TRENDS = (
    ("answer_trend_day", "(a.answered_at AT TIME ZONE 'UTC')::date"),
    ("answer_trend_week", "date_trunc('week', a.answered_at AT TIME ZONE 'UTC')::date"),
    ("answer_trend_month", "date_trunc('month', a.answered_at AT TIME ZONE 'UTC')::date"),
)
_FIGURES = ("answered", "correct", "within_target", "response_ms")
# A skill's last RECENT_WINDOW accepted answers (ties at the window's start in it), summed:
# (recent_since, recent_answered, recent_correct, recent_within_target, recent_response_ms)
# of the skill of the summary row ``s``, read backwards in ``answers_skill_time``.
_RECENT = f"""(SELECT min(w.answered_at), count(*), coalesce(sum(w.is_correct), 0), coalesce(sum(w.on_target), 0),
        coalesce(sum(w.response_ms), 0)
    FROM (SELECT a.answered_at, a.is_correct, a.response_ms, {_ON_TARGET} AS on_target FROM dealer.answers a
          WHERE a.trainee_id = s.trainee_id AND a.game_id = s.game_id AND a.skill = s.skill
            AND EXISTS (SELECT 1 FROM dealer.answer_checks c WHERE c.answer_id = a.id AND c.accepted)
          ORDER BY a.answered_at DESC FETCH FIRST {RECENT_WINDOW} ROWS WITH TIES) w)"""
_SET_RECENT = ("UPDATE dealer.answer_summary_skill s SET (recent_since, recent_answered, recent_correct, "
               f"recent_within_target, recent_response_ms) = {_RECENT}")


def summary_fill_v4() -> str:
    """The SQL that fills version 4's summaries from every accepted answer (the migration
    runs it; so does the benchmark that generates a server's answers in PostgreSQL)."""
    accepted = "FROM dealer.answers a JOIN dealer.answer_checks c ON c.answer_id = a.id AND c.accepted"
    sums = f"count(*), sum(a.is_correct), sum({_ON_TARGET}), sum(a.response_ms)"
    trends = "".join(f"""
INSERT INTO dealer.{table} SELECT {period}, a.trainee_id, a.game_id, {sums} {accepted}
WHERE {_QUESTION_SKILL} GROUP BY 1, 2, 3;""" for table, period in TRENDS)
    # version 3's summaries counted a right answer of 0 ms without a target as within it
    fixes = "".join(f"""
UPDATE dealer.{table} s SET within_target = s.within_target - x.n
FROM (SELECT {of_answer} AS period, a.trainee_id, a.game_id, a.skill, count(*) AS n {accepted}
      WHERE a.is_correct = 1 AND a.response_ms = 0 AND a.target_ms IS NULL GROUP BY 1, 2, 3, 4) x
WHERE s.{period} = x.period AND s.trainee_id = x.trainee_id AND s.game_id = x.game_id AND s.skill = x.skill;"""
                    for table, period, of_answer in SUMMARIES)
    return f"""{trends}{fixes}
INSERT INTO dealer.answer_summary_skill (trainee_id, game_id, skill, {', '.join(_FIGURES)}, first_answered_at,
    last_answered_at)
SELECT a.trainee_id, a.game_id, a.skill, {sums}, min(a.answered_at), max(a.answered_at) {accepted} GROUP BY 1, 2, 3;
{_SET_RECENT};
ANALYZE dealer.answer_summary_skill;
"""


def _v4_review_summaries(cur, roles: Roles) -> None:
    """What the supervisor's review reads over any date range without reading every answer:
    ``answers_skill_time`` (trainee, game, skill, time: a skill's answers in a part of a day,
    its last ones); per trainee, game and skill (``answer_summary_skill``) every accepted
    answer summed, the first and last answer times, and the figures over its last
    ``RECENT_WINDOW`` answers (ties at the window's start in it) with the time that window
    starts at (``recent_since``; recomputed from the index when an answer as recent arrives);
    the trend's question answers per day, week (from Monday) and month, trainee and game
    (``answer_trend_day``, ``_week``, ``_month``). Kept by a trigger as each answer's check
    is recorded, and filled in for the answers already checked. Version 3's day and month
    summaries no longer count a right answer without a target time as within it (the
    station's store does not): its trigger's function is replaced and its rows corrected."""
    trend_tables, trend_inserts = [], []
    one = f"1, a.is_correct, {_ON_TARGET}, a.response_ms"
    for table, period in TRENDS:
        trend_tables.append(f"""
CREATE TABLE dealer.{table} (
    period date NOT NULL, trainee_id bigint NOT NULL, game_id text NOT NULL,
    answered bigint NOT NULL, correct bigint NOT NULL, within_target bigint NOT NULL, response_ms bigint NOT NULL,
    PRIMARY KEY (period, trainee_id, game_id)
);
CREATE INDEX {table}_trainee ON dealer.{table} (trainee_id, period);
GRANT SELECT ON dealer.{table} TO {{supervisor}};""")
        trend_inserts.append(f"""
        INSERT INTO dealer.{table} AS s SELECT {period}, a.trainee_id, a.game_id, {one}
        FROM dealer.answers a WHERE a.id = NEW.answer_id AND {_QUESTION_SKILL}
        ON CONFLICT (period, trainee_id, game_id) DO UPDATE SET
            answered = s.answered + 1, correct = s.correct + EXCLUDED.correct,
            within_target = s.within_target + EXCLUDED.within_target,
            response_ms = s.response_ms + EXCLUDED.response_ms;""")
    day_inserts = [f"""
        INSERT INTO dealer.{table} AS s SELECT {of_answer}, a.trainee_id, a.game_id, a.skill, {one}
        FROM dealer.answers a WHERE a.id = NEW.answer_id
        ON CONFLICT ({period}, trainee_id, game_id, skill) DO UPDATE SET
            answered = s.answered + 1, correct = s.correct + EXCLUDED.correct,
            within_target = s.within_target + EXCLUDED.within_target,
            response_ms = s.response_ms + EXCLUDED.response_ms;""" for table, period, of_answer in SUMMARIES]
    _run(cur, f"""
CREATE OR REPLACE FUNCTION dealer.summarise_check() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
BEGIN
    IF NEW.accepted THEN{''.join(day_inserts)}
    END IF;
    RETURN NULL;
END $$;
CREATE INDEX answers_skill_time ON dealer.answers (trainee_id, game_id, skill, answered_at);
CREATE TABLE dealer.answer_summary_skill (
    trainee_id bigint NOT NULL, game_id text NOT NULL, skill text NOT NULL,
    answered bigint NOT NULL, correct bigint NOT NULL, within_target bigint NOT NULL, response_ms bigint NOT NULL,
    first_answered_at timestamptz NOT NULL, last_answered_at timestamptz NOT NULL,
    recent_since timestamptz, recent_answered bigint NOT NULL DEFAULT 0, recent_correct bigint NOT NULL DEFAULT 0,
    recent_within_target bigint NOT NULL DEFAULT 0, recent_response_ms bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (trainee_id, game_id, skill)
);
GRANT SELECT ON dealer.answer_summary_skill TO {{supervisor}};
{''.join(trend_tables)}
CREATE FUNCTION dealer.summarise_check_v4() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
DECLARE
    x record;
    r record;
BEGIN
    IF NOT NEW.accepted THEN
        RETURN NULL;
    END IF;{''.join(trend_inserts)}
    SELECT a.trainee_id, a.game_id, a.skill, a.answered_at INTO x FROM dealer.answers a WHERE a.id = NEW.answer_id;
    INSERT INTO dealer.answer_summary_skill AS s (trainee_id, game_id, skill, {', '.join(_FIGURES)},
        first_answered_at, last_answered_at)
    SELECT a.trainee_id, a.game_id, a.skill, {one}, a.answered_at, a.answered_at
    FROM dealer.answers a WHERE a.id = NEW.answer_id
    ON CONFLICT (trainee_id, game_id, skill) DO UPDATE SET
        answered = s.answered + 1, correct = s.correct + EXCLUDED.correct,
        within_target = s.within_target + EXCLUDED.within_target, response_ms = s.response_ms + EXCLUDED.response_ms,
        first_answered_at = least(s.first_answered_at, EXCLUDED.first_answered_at),
        last_answered_at = greatest(s.last_answered_at, EXCLUDED.last_answered_at)
    RETURNING s.recent_since, s.recent_answered INTO r;
    -- an answer older than the start of a full window changes nothing in it
    IF r.recent_since IS NULL OR r.recent_answered < {RECENT_WINDOW} OR x.answered_at >= r.recent_since THEN
        {_SET_RECENT}
        WHERE s.trainee_id = x.trainee_id AND s.game_id = x.game_id AND s.skill = x.skill;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER answer_checks_summary_v4 AFTER INSERT ON dealer.answer_checks
    FOR EACH ROW EXECUTE FUNCTION dealer.summarise_check_v4();
{summary_fill_v4()}
""", roles)


def _v5_table_round_checks(cur, roles: Roles) -> None:
    """Table rounds replayed exactly, and their checks kept: ``table_rounds`` gains the
    round's number at its table (``round_no``) and the trainee's attempts in order
    (``attempts``, JSON text), 0 and '' in the rounds recorded before (the station's store
    at its version 6; ``trainer.review.round_check`` replays a round with both exactly,
    else gives the partial check), which a station may insert; ``table_round_checks``
    keeps one verdict per round (accepted or not, with the reason), as ``answer_checks``
    does for answers: written by the supervisor role's checker, read by the supervisor
    role only (a station has no right on it at all), append-only for everyone."""
    _run(cur, """
ALTER TABLE dealer.table_rounds ADD COLUMN round_no integer NOT NULL DEFAULT 0,
    ADD COLUMN attempts text NOT NULL DEFAULT '';
GRANT INSERT (round_no, attempts) ON dealer.table_rounds TO {station};
CREATE TABLE dealer.table_round_checks (
    round_id text PRIMARY KEY REFERENCES dealer.table_rounds,
    accepted boolean NOT NULL,
    reason text,
    checked_at timestamptz NOT NULL DEFAULT now(),
    checked_by name NOT NULL DEFAULT session_user
);
GRANT SELECT, INSERT ON dealer.table_round_checks TO {supervisor};
""", roles)
    _run(cur, _APPEND_ONLY.replace("{table}", "table_round_checks"), roles)


def _v6_start_exam_adopts(cur, roles: Roles) -> None:
    """``start_exam`` adopts the exam's session when the station's sender sent it first.

    A station records an exam's session in its own store, then asks the server to start
    the attempt with the same id; its background sender may send that session in between,
    and version 2's ``start_exam`` then failed on the session's key: the trainee could not
    take the exam. Now a session already there is taken as this attempt's when it is this
    trainee's, sent by this station, an exam session of this window's exam with the exam's
    seed and question count; anything else is refused as before. The attempt still starts
    by the server's clock (``exam_attempts.started_at``), which is what the checker times
    answers from."""
    _run(cur, """
CREATE OR REPLACE FUNCTION dealer.start_exam(window_id bigint, for_trainee bigint, new_session text, game_id text,
                                             OUT started_at timestamptz, OUT closes_at timestamptz)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
#variable_conflict use_column
DECLARE
    w record;
    s record;
BEGIN
    IF NOT dealer.own_trainee(for_trainee) THEN
        RAISE EXCEPTION 'This trainee has not signed in at this station.' USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT ew.*, e.definition INTO w FROM dealer.exam_windows ew JOIN dealer.exams e ON e.id = ew.exam_id
    JOIN dealer.class_members m ON m.class_id = ew.class_id AND m.trainee_id = for_trainee
    WHERE ew.id = start_exam.window_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'There is no such exam for this trainee.' USING ERRCODE = 'no_data_found';
    END IF;
    IF now() < w.opens_at THEN
        RAISE EXCEPTION 'This exam opens at %.', w.opens_at USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF now() >= w.closes_at THEN
        RAISE EXCEPTION 'This exam closed at %.', w.closes_at USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF EXISTS (SELECT 1 FROM dealer.exam_attempts a WHERE a.window_id = w.id AND a.trainee_id = for_trainee) THEN
        RAISE EXCEPTION 'This trainee has already started this exam: the first attempt is the one that counts.'
            USING ERRCODE = 'unique_violation';
    END IF;
    SELECT * INTO s FROM dealer.sessions x WHERE x.id = new_session;
    IF NOT FOUND THEN
        INSERT INTO dealer.sessions (id, trainee_id, station, game_id, mode, seed, question_count, started_at,
                                     source, exam_id)
        VALUES (new_session, for_trainee, session_user, game_id, 'exam', (w.definition::jsonb ->> 'seed')::bigint,
                (w.definition::jsonb ->> 'question_count')::integer, now(), 'exam', w.exam_id);
    ELSIF s.trainee_id IS DISTINCT FROM for_trainee OR s.station IS DISTINCT FROM session_user
          OR s.mode IS DISTINCT FROM 'exam' OR s.source IS DISTINCT FROM 'exam' OR s.exam_id IS DISTINCT FROM w.exam_id
          OR s.game_id IS DISTINCT FROM start_exam.game_id
          OR s.seed IS DISTINCT FROM (w.definition::jsonb ->> 'seed')::bigint
          OR s.question_count IS DISTINCT FROM (w.definition::jsonb ->> 'question_count')::integer
          OR EXISTS (SELECT 1 FROM dealer.exam_attempts a WHERE a.session_id = new_session) THEN
        RAISE EXCEPTION 'This session cannot start this exam: it is another session already on the server.'
            USING ERRCODE = 'unique_violation';
    END IF;
    INSERT INTO dealer.exam_attempts (session_id, window_id, trainee_id, station)
    VALUES (new_session, w.id, for_trainee, session_user);
    start_exam.started_at := now();
    start_exam.closes_at := w.closes_at;
END $$;
""", roles)


# Version 7: the table skills' figures per trainee, game and mode, kept as rounds are accepted.
TABLE_RECENT_WINDOW = 10  # the recent rounds ``table_round_summary`` keeps figures of (measures.TABLE_WINDOW at 7)
# What a round ``r`` counts for: (column, the condition), the condition of each table
# skill's clean round and of a round on time (as ``measures.round_clean``, ``round_on_time``).
ROUND_FIGURES = (
    ("clean_procedure", "r.completed = 1 AND r.procedure_errors = 0"),
    ("clean_payouts", "r.completed = 1 AND r.payout_errors = 0"),
    ("clean_watch", "r.completed = 1 AND r.missed_calls = 0 AND r.false_calls = 0"),
    ("on_time", "r.completed = 1 AND r.target_ms > 0 AND r.total_ms <= r.target_ms"),
)
_ROUND_ACCEPTED = "EXISTS (SELECT 1 FROM dealer.table_round_checks k WHERE k.round_id = r.id AND k.accepted)"
_ACCEPTED = "EXISTS (SELECT 1 FROM dealer.answer_checks c WHERE c.answer_id = a.id AND c.accepted)"
_ROUND_GROUP = "r.trainee_id = s.trainee_id AND r.game_id = s.game_id AND r.mode = s.mode"
_ROUND_ORDER = "r.recorded_at DESC, r.received_at DESC, r.id DESC"
# The summary row ``s``'s newest accepted round and the figures over its last
# TABLE_RECENT_WINDOW accepted ones (newest first: time, arrival, id), read in the index
# ``table_rounds_group_time``.
_SET_TABLE_RECENT = f"""UPDATE dealer.table_round_summary s SET (last_recorded_at, last_received_at, last_id,
    recent_rounds, {', '.join(f'recent_{c}' for c, _w in ROUND_FIGURES)}) = (
    SELECT (array_agg(r.recorded_at ORDER BY {_ROUND_ORDER}))[1], (array_agg(r.received_at ORDER BY {_ROUND_ORDER}))[1],
           (array_agg(r.id ORDER BY {_ROUND_ORDER}))[1], count(*),
           {', '.join(f'count(*) FILTER (WHERE {w})' for _c, w in ROUND_FIGURES)}
    FROM (SELECT r.* FROM dealer.table_rounds r WHERE {_ROUND_GROUP} AND {_ROUND_ACCEPTED}
          ORDER BY {_ROUND_ORDER} LIMIT {TABLE_RECENT_WINDOW}) r)"""


def summary_fill_v7() -> str:
    """The SQL that fills version 7's summaries from every accepted round and exam answer."""
    return f"""
INSERT INTO dealer.exam_session_scores (session_id, answered, correct, response_ms)
SELECT a.session_id, count(*), sum(a.is_correct), sum(a.response_ms)
FROM dealer.sessions s JOIN dealer.answers a ON a.session_id = s.id
WHERE s.exam_id IS NOT NULL AND {_ACCEPTED} GROUP BY 1;
INSERT INTO dealer.table_round_summary (trainee_id, game_id, mode, rounds, total_ms,
    {', '.join(c for c, _w in ROUND_FIGURES)})
SELECT r.trainee_id, r.game_id, r.mode, count(*), sum(r.total_ms),
       {', '.join(f'count(*) FILTER (WHERE {w})' for _c, w in ROUND_FIGURES)}
FROM dealer.table_rounds r WHERE {_ROUND_ACCEPTED} GROUP BY 1, 2, 3;
{_SET_TABLE_RECENT};
ANALYZE dealer.table_round_summary;
"""


def _v7_table_and_exam_summaries(cur, roles: Roles) -> None:
    """The table skills' figures without reading every round: per trainee, game and mode
    (``table_round_summary``) the accepted rounds counted, their time, those clean for
    each part (procedure, payouts, watch) and those on time; the newest round (time,
    arrival, id: the order the review lists them in) and the same counts over the last
    ``TABLE_RECENT_WINDOW`` rounds, read in the new index ``table_rounds_group_time``
    (trainee, game, mode, time, arrival, id). Kept by a trigger as each round's check is
    recorded (checks are append-only, so a round is counted once; a round checked late,
    older than others, changes the window only if it falls in it), and filled in for the
    rounds already checked. Likewise an exam session's accepted answers counted, the right
    ones and their time (``exam_session_scores``: the attempts' scores without reading
    their answers), kept by a trigger as each answer's check is recorded."""
    columns = ", ".join(f"{c} bigint NOT NULL" for c, _w in ROUND_FIGURES)
    recent = ", ".join(f"recent_{c} bigint NOT NULL DEFAULT 0" for c, _w in ROUND_FIGURES)
    one = ", ".join(f"({w})::int" for _c, w in ROUND_FIGURES)
    adds = ", ".join(f"{c} = s.{c} + EXCLUDED.{c}" for c, _w in ROUND_FIGURES)
    _run(cur, f"""
CREATE INDEX table_rounds_group_time ON dealer.table_rounds (trainee_id, game_id, mode, recorded_at, received_at, id);
CREATE TABLE dealer.table_round_summary (
    trainee_id bigint NOT NULL, game_id text NOT NULL, mode text NOT NULL,
    rounds bigint NOT NULL, total_ms bigint NOT NULL, {columns},
    last_recorded_at timestamptz, last_received_at timestamptz, last_id text,
    recent_rounds bigint NOT NULL DEFAULT 0, {recent},
    PRIMARY KEY (trainee_id, game_id, mode)
);
GRANT SELECT ON dealer.table_round_summary TO {{supervisor}};
CREATE FUNCTION dealer.summarise_round_check() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
DECLARE
    x record;
BEGIN
    IF NOT NEW.accepted THEN
        RETURN NULL;
    END IF;
    INSERT INTO dealer.table_round_summary AS s (trainee_id, game_id, mode, rounds, total_ms,
        {', '.join(c for c, _w in ROUND_FIGURES)})
    SELECT r.trainee_id, r.game_id, r.mode, 1, r.total_ms, {one} FROM dealer.table_rounds r WHERE r.id = NEW.round_id
    ON CONFLICT (trainee_id, game_id, mode) DO UPDATE SET
        rounds = s.rounds + 1, total_ms = s.total_ms + EXCLUDED.total_ms, {adds}
    RETURNING s.trainee_id, s.game_id, s.mode INTO x;
    {_SET_TABLE_RECENT}
    WHERE s.trainee_id = x.trainee_id AND s.game_id = x.game_id AND s.mode = x.mode;
    RETURN NULL;
END $$;
CREATE TRIGGER table_round_checks_summary AFTER INSERT ON dealer.table_round_checks
    FOR EACH ROW EXECUTE FUNCTION dealer.summarise_round_check();
CREATE TABLE dealer.exam_session_scores (
    session_id text PRIMARY KEY, answered bigint NOT NULL, correct bigint NOT NULL, response_ms bigint NOT NULL
);
GRANT SELECT ON dealer.exam_session_scores TO {{supervisor}};
CREATE FUNCTION dealer.summarise_exam_check() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
BEGIN
    IF NEW.accepted THEN
        INSERT INTO dealer.exam_session_scores AS x (session_id, answered, correct, response_ms)
        SELECT a.session_id, 1, a.is_correct, a.response_ms
        FROM dealer.answers a JOIN dealer.sessions s ON s.id = a.session_id
        WHERE a.id = NEW.answer_id AND s.exam_id IS NOT NULL
        ON CONFLICT (session_id) DO UPDATE SET answered = x.answered + 1, correct = x.correct + EXCLUDED.correct,
            response_ms = x.response_ms + EXCLUDED.response_ms;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER answer_checks_exam_scores AFTER INSERT ON dealer.answer_checks
    FOR EACH ROW EXECUTE FUNCTION dealer.summarise_exam_check();
{summary_fill_v7()}
""", roles)


def _v8_start_exam_waits_for_the_sender(cur, roles: Roles) -> None:
    """``start_exam`` adopts the exam's session the station's sender is sending at the
    same moment.

    Version 6 looked the session up, then inserted it when it was not there: a sender
    inserting the same session between the two (its transaction not yet committed when
    ``start_exam`` looked) made the insert wait for it and then fail on the session's key,
    and the trainee could not take the exam (``make bench``'s class exam: one station of 30
    in about one run of two). Now the session is inserted ``ON CONFLICT (id) DO NOTHING``
    (which waits for a sender's insert in flight and then does nothing) and then read:
    whoever made it, it must be this trainee's exam session from this station, of this
    window's exam with its seed and question count, as version 6 required."""
    _run(cur, """
CREATE OR REPLACE FUNCTION dealer.start_exam(window_id bigint, for_trainee bigint, new_session text, game_id text,
                                             OUT started_at timestamptz, OUT closes_at timestamptz)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealer, pg_temp AS $$
#variable_conflict use_column
DECLARE
    w record;
    s record;
BEGIN
    IF NOT dealer.own_trainee(for_trainee) THEN
        RAISE EXCEPTION 'This trainee has not signed in at this station.' USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT ew.*, e.definition INTO w FROM dealer.exam_windows ew JOIN dealer.exams e ON e.id = ew.exam_id
    JOIN dealer.class_members m ON m.class_id = ew.class_id AND m.trainee_id = for_trainee
    WHERE ew.id = start_exam.window_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'There is no such exam for this trainee.' USING ERRCODE = 'no_data_found';
    END IF;
    IF now() < w.opens_at THEN
        RAISE EXCEPTION 'This exam opens at %.', w.opens_at USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF now() >= w.closes_at THEN
        RAISE EXCEPTION 'This exam closed at %.', w.closes_at USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF EXISTS (SELECT 1 FROM dealer.exam_attempts a WHERE a.window_id = w.id AND a.trainee_id = for_trainee) THEN
        RAISE EXCEPTION 'This trainee has already started this exam: the first attempt is the one that counts.'
            USING ERRCODE = 'unique_violation';
    END IF;
    INSERT INTO dealer.sessions (id, trainee_id, station, game_id, mode, seed, question_count, started_at,
                                 source, exam_id)
    VALUES (new_session, for_trainee, session_user, game_id, 'exam', (w.definition::jsonb ->> 'seed')::bigint,
            (w.definition::jsonb ->> 'question_count')::integer, now(), 'exam', w.exam_id)
    ON CONFLICT (id) DO NOTHING;
    SELECT * INTO s FROM dealer.sessions x WHERE x.id = new_session;
    IF s.trainee_id IS DISTINCT FROM for_trainee OR s.station IS DISTINCT FROM session_user
          OR s.mode IS DISTINCT FROM 'exam' OR s.source IS DISTINCT FROM 'exam' OR s.exam_id IS DISTINCT FROM w.exam_id
          OR s.game_id IS DISTINCT FROM start_exam.game_id
          OR s.seed IS DISTINCT FROM (w.definition::jsonb ->> 'seed')::bigint
          OR s.question_count IS DISTINCT FROM (w.definition::jsonb ->> 'question_count')::integer
          OR EXISTS (SELECT 1 FROM dealer.exam_attempts a WHERE a.session_id = new_session) THEN
        RAISE EXCEPTION 'This session cannot start this exam: it is another session already on the server.'
            USING ERRCODE = 'unique_violation';
    END IF;
    INSERT INTO dealer.exam_attempts (session_id, window_id, trainee_id, station)
    VALUES (new_session, w.id, for_trainee, session_user);
    start_exam.started_at := now();
    start_exam.closes_at := w.closes_at;
END $$;
""", roles)


MIGRATIONS: list[Migration] = [_v1_record, _v2_exam_windows, _v3_answer_summary, _v4_review_summaries,
                               _v5_table_round_checks, _v6_start_exam_adopts, _v7_table_and_exam_summaries,
                               _v8_start_exam_waits_for_the_sender]
CURRENT_VERSION = 8
assert CURRENT_VERSION == len(MIGRATIONS), "one migration per schema version"


def read_version(conn) -> int:
    """The schema version of the database; 0 for one without our schema."""
    row = conn.execute("SELECT to_regclass('dealer.meta') IS NOT NULL").fetchone()
    if not row[0]:
        return 0
    row = conn.execute("SELECT value FROM dealer.meta WHERE key = %s", [VERSION_KEY]).fetchone()
    return int(row[0]) if row else 0


def newer_error(version: int, written_by: str | None, known: int = CURRENT_VERSION) -> SchemaError:
    by = f" (by Dealer Trainer {written_by})" if written_by else ""
    return SchemaError(
        f"The server's database is at schema version {version}{by}, newer than this Dealer Trainer "
        f"{trainer.__version__} knows (version {known}). Update Dealer Trainer on this computer; "
        "nothing was read or changed.")


def migrate(conn, migrations: Sequence[Migration] | None = None) -> list[int]:
    """Create or bring the schema up to date, each migration in its own transaction;
    return the versions applied. A newer schema is refused (``SchemaError``), and so is
    a database whose objects ``conn``'s role may not create."""
    migrations = MIGRATIONS if migrations is None else migrations
    database = conn.execute("SELECT current_database()").fetchone()[0]
    roles = Roles.for_database(database)
    applied: list[int] = []
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])
        version = read_version(conn)
        if version > len(migrations):
            raise newer_error(version, _meta(conn, MIGRATED_BY_KEY), len(migrations))
    for target in range(version + 1, len(migrations) + 1):
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])
            if read_version(conn) >= target:  # another `server init` did it meanwhile
                continue
            with conn.cursor() as cur:
                if target == 1:
                    cur.execute("CREATE SCHEMA IF NOT EXISTS dealer")
                    cur.execute("CREATE TABLE dealer.meta (key text PRIMARY KEY, value text NOT NULL)")
                    cur.execute("INSERT INTO dealer.meta VALUES (%s, %s)", [CREATED_BY_KEY, trainer.__version__])
                migrations[target - 1](cur, roles)
                for key, value in ((VERSION_KEY, str(target)), (MIGRATED_BY_KEY, trainer.__version__)):
                    cur.execute("INSERT INTO dealer.meta VALUES (%s, %s) ON CONFLICT (key) DO UPDATE "
                                "SET value = EXCLUDED.value", [key, value])
            applied.append(target)
    return applied


def _meta(conn, key: str) -> str | None:
    row = conn.execute("SELECT value FROM dealer.meta WHERE key = %s", [key]).fetchone()
    return row[0] if row else None


def check_version(conn) -> int:
    """The database's version, refused unless it is this app's (``SchemaError``)."""
    version = read_version(conn)
    if version == 0:
        raise SchemaError("The server's database has no Dealer Trainer schema: run `dealer-trainer server init URL` "
                          "there first (as the database's owner).")
    if version > CURRENT_VERSION:
        raise newer_error(version, _meta(conn, MIGRATED_BY_KEY))
    if version < CURRENT_VERSION:
        raise SchemaError(f"The server's database is at schema version {version}, older than this Dealer Trainer "
                          f"uses ({CURRENT_VERSION}): run `dealer-trainer server init URL` to bring it up to date.")
    return version
