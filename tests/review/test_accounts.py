"""Supervisor accounts: salted scrypt hashes only, constant-time checks, clear refusals."""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from trainer.review import accounts
from trainer.review.accounts import AccountError, change_password, create_supervisor, sign_in
from trainer.store import Store, StoreError

PASSWORD = "correct horse battery"


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "review.sqlite3") as s:
        yield s


def test_sign_in_with_the_right_password_only(store: Store) -> None:
    lee = create_supervisor(store, "Ms Lee", PASSWORD, PASSWORD)
    assert sign_in(store, "ms lee", PASSWORD) == lee
    with pytest.raises(AccountError, match="Wrong supervisor name or password"):
        sign_in(store, "Ms Lee", PASSWORD + "!")
    with pytest.raises(AccountError, match="Wrong supervisor name or password"):
        sign_in(store, "Ms Lee", "")
    with pytest.raises(AccountError, match="Wrong supervisor name or password"):
        sign_in(store, "Mr Nobody", PASSWORD)  # the same message: names are not given away


def test_the_password_is_never_stored_only_a_salted_hash(store: Store, tmp_path: Path) -> None:
    lee = create_supervisor(store, "Ms Lee", PASSWORD)
    create_supervisor(store, "Mr Roe", PASSWORD, by=lee)  # the same password
    rows = store.db.execute("SELECT salt, password_hash, kdf, kdf_n, kdf_r, kdf_p, dklen FROM supervisors").fetchall()
    (salt1, hash1, *params1), (salt2, hash2, *params2) = rows
    assert params1 == params2 == ["scrypt", 2**14, 8, 1, 32]
    assert salt1 != salt2 and hash1 != hash2  # a salt of its own for every account
    assert len(bytes.fromhex(salt1)) == 16 and len(bytes.fromhex(hash1)) == 32
    expected = hashlib.scrypt(PASSWORD.encode(), salt=bytes.fromhex(salt1), n=2**14, r=8, p=1, dklen=32)
    assert expected.hex() in (hash1, hash2)
    unsalted = {hashlib.sha256(PASSWORD.encode()).hexdigest(), hashlib.md5(PASSWORD.encode()).hexdigest(),
                hashlib.sha1(PASSWORD.encode()).hexdigest()}
    assert not unsalted & {hash1, hash2}
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    for secret in (PASSWORD.encode(), PASSWORD.encode("utf-16-le"), *(u.encode() for u in unsalted)):
        assert secret not in raw


def test_passwords_are_compared_in_constant_time(store: Store, monkeypatch) -> None:
    create_supervisor(store, "Ms Lee", PASSWORD)
    calls = []
    real = hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(accounts.hmac, "compare_digest", spy)
    sign_in(store, "Ms Lee", PASSWORD)
    with pytest.raises(AccountError):
        sign_in(store, "Ms Lee", "wrong password")
    assert len(calls) == 2


def test_new_passwords_and_accounts_are_checked(store: Store) -> None:
    with pytest.raises(AccountError, match="not the same"):
        create_supervisor(store, "Ms Lee", PASSWORD, PASSWORD + "x")
    with pytest.raises(AccountError, match="at least 8"):
        create_supervisor(store, "Ms Lee", "short", "short")
    with pytest.raises(StoreError, match="Enter a name"):
        create_supervisor(store, "   ", PASSWORD)
    lee = create_supervisor(store, "Ms Lee", PASSWORD)
    with pytest.raises(StoreError, match="signed-in supervisor"):
        create_supervisor(store, "Trainee Tom", PASSWORD)  # only the first account is made by nobody
    with pytest.raises(AccountError, match="current password is wrong"):
        change_password(store, lee, "not it", "new password 1", "new password 1")
    change_password(store, lee, PASSWORD, "new password 1", "new password 1")
    with pytest.raises(AccountError):
        sign_in(store, "Ms Lee", PASSWORD)
    assert sign_in(store, "Ms Lee", "new password 1") == lee
    # sign-ins and failed ones are logged too (issue 14), newest first
    assert [e.action for e in store.audit_log()] == [
        "supervisor.sign_in", "supervisor.sign_in_failed", "supervisor.password", "supervisor.create"]


def test_a_record_of_another_kind_never_verifies() -> None:
    record = accounts.hash_password(PASSWORD)
    assert accounts.verify_password(PASSWORD, record)
    from dataclasses import replace

    assert not accounts.verify_password(PASSWORD, replace(record, kdf="plain"))
    assert not accounts.verify_password(PASSWORD, replace(record, salt="zz"))


# -- issue 14: failed sign-ins slow down, then lock; kept in the database; logged ------------

def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


T0 = datetime(2026, 11, 26, 9, 0, tzinfo=timezone.utc)


def test_failed_sign_ins_slow_down_then_lock_and_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "review.sqlite3"
    with Store.open(path) as s:
        create_supervisor(s, "Ms Lee", PASSWORD)
        messages = []
        for i in range(3):  # the first three cost nothing but the message
            with pytest.raises(AccountError) as e:
                sign_in(s, "Ms Lee", f"guess {i}", now=at(i))
            messages.append(str(e.value))
        assert messages[:2] == [accounts.WRONG, accounts.WRONG]
        assert messages[2] == accounts.WRONG + " Wait 2 seconds before trying again."
        # within the wait even the right password is refused, without being checked
        with pytest.raises(AccountError, match="slowed down. Try again in 1 second"):
            sign_in(s, "ms  LEE", PASSWORD, now=at(3))
    with Store.open(path) as s:  # a restart of the app does not reset the count
        with pytest.raises(AccountError, match="Try again in 1 second"):
            sign_in(s, "Ms Lee", PASSWORD, now=at(3))
        t = 4.0
        waits = []
        for failures in range(4, 11):
            with pytest.raises(AccountError) as e:
                sign_in(s, "Ms Lee", "another guess", now=at(t))
            waits.append(accounts.wait_after(failures))
            t += accounts.wait_after(failures)
        assert waits == [4, 8, 16, 32, 64, 128, 15 * 60]
        assert "this name is locked for 15 minutes" in str(e.value)
        with pytest.raises(AccountError, match="locked. Try again in 15 minutes"):
            sign_in(s, "Ms Lee", PASSWORD, now=at(t - 15 * 60 + 1))
        lee = sign_in(s, "Ms Lee", PASSWORD, now=at(t))  # once the lock is over
        assert lee.name == "Ms Lee"
        assert s.sign_in_attempts("ms lee") == (0, None, None)  # cleared by the sign-in
        actions = [e.action for e in reversed(s.audit_log())]
    assert actions.count("supervisor.sign_in_failed") == 10
    assert actions.count("supervisor.sign_in_refused") == 3
    assert actions[-1] == "supervisor.sign_in"


def test_unknown_names_are_throttled_alike_and_logged_without_the_password(store: Store) -> None:
    for i in range(3):
        with pytest.raises(AccountError):
            sign_in(store, "Mallory", "hunter2hunter2", now=at(i))
    with pytest.raises(AccountError, match="Try again in"):
        sign_in(store, "MALLORY", "hunter2hunter2", now=at(3))
    entries = store.audit_log()
    assert [e.action for e in entries] == ["supervisor.sign_in_refused"] + ["supervisor.sign_in_failed"] * 3
    assert {e.target for e in entries} == {"Mallory", "MALLORY"}
    assert entries[1].detail == {"failures": 3, "known_name": False,
                                 "locked_until": "2026-11-26T09:00:04.000Z"}
    raw = store.db.execute("SELECT group_concat(detail || target || supervisor_name) FROM audit_log").fetchone()[0]
    assert "hunter2" not in raw


def test_old_failures_are_forgotten_after_a_day(store: Store) -> None:
    create_supervisor(store, "Ms Lee", PASSWORD)
    for i in range(5):
        with pytest.raises(AccountError):
            sign_in(store, "Ms Lee", "guess", now=at(i * 100))
    assert sign_in(store, "Ms Lee", PASSWORD, now=at(400 + 24 * 3600 + 1)).name == "Ms Lee"
