"""Supervisor accounts: salted scrypt hashes only, constant-time checks, clear refusals."""

from __future__ import annotations

import hashlib
import hmac
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
    assert [e.action for e in store.audit_log()] == ["supervisor.password", "supervisor.create"]


def test_a_record_of_another_kind_never_verifies() -> None:
    record = accounts.hash_password(PASSWORD)
    assert accounts.verify_password(PASSWORD, record)
    from dataclasses import replace

    assert not accounts.verify_password(PASSWORD, replace(record, kdf="plain"))
    assert not accounts.verify_password(PASSWORD, replace(record, salt="zz"))
