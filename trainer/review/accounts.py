"""Supervisor accounts: passwords kept only as salted scrypt hashes.

``hash_password`` draws a random 16-byte salt for every password (``secrets``) and
derives a 32-byte key with ``hashlib.scrypt``; the store keeps the salt, the key and
the scrypt parameters (n, r, p, key length), never the password, so that the
parameters can be raised later without locking anyone out. ``verify_password``
re-derives the key with the stored salt and parameters and compares in constant time
(``hmac.compare_digest``). Signing in with an unknown name costs the same scrypt work as
a wrong password, and both get the same message.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from datetime import datetime, timedelta, timezone

from trainer.core import names
from trainer.store import PasswordRecord, StoreError, Supervisor

SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
DKLEN = 32
SALT_BYTES = 16
MIN_PASSWORD = 8
MAX_PASSWORD = 1024
WRONG = "Wrong supervisor name or password."


class AccountError(ValueError):
    """A refused sign-in or password; ``str(e)`` is for a human."""


def hash_password(password: str, *, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P,
                  dklen: int = DKLEN, salt: bytes | None = None) -> PasswordRecord:
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    key = _derive(password, salt, n, r, p, dklen)
    return PasswordRecord("scrypt", salt.hex(), key.hex(), n, r, p, dklen)


def _derive(password: str, salt: bytes, n: int, r: int, p: int, dklen: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=dklen,
                          maxmem=max(64 * 1024 * 1024, 256 * n * r))


def verify_password(password: str, record: PasswordRecord) -> bool:
    if record.kdf != "scrypt":
        return False
    try:
        salt = bytes.fromhex(record.salt)
        expected = bytes.fromhex(record.password_hash)
        key = _derive(password, salt, record.n, record.r, record.p, record.dklen)
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(key, expected)


_DUMMY = None


def _dummy_record() -> PasswordRecord:
    global _DUMMY
    if _DUMMY is None:
        _DUMMY = hash_password(secrets.token_hex(16))
    return _DUMMY


def check_new_password(password: str, repeat: str | None = None) -> None:
    if repeat is not None and password != repeat:
        raise AccountError("The two passwords are not the same.")
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"A supervisor password needs at least {MIN_PASSWORD} characters.")
    if len(password) > MAX_PASSWORD:
        raise AccountError(f"A supervisor password can have at most {MAX_PASSWORD} characters.")
    if not password.strip():
        raise AccountError("A supervisor password cannot be only spaces.")


def create_supervisor(store, name: str, password: str, repeat: str | None = None, *,
                      by: Supervisor | None = None) -> Supervisor:
    """The first account (``by=None``, only while there is none) or another one made by a
    signed-in supervisor. ``AccountError`` or ``StoreError`` with a message."""
    check_new_password(password, repeat)
    return store.add_supervisor(name, hash_password(password), by=by)


# Failed sign-ins (issue 14), counted per name (case and spaces folded; unknown names too,
# so that the answer gives nothing away) in the database, so that restarting the app does
# not reset them: the first FREE_FAILURES cost nothing; after each later one the next try
# must wait 2, 4, 8, ... seconds; from LOCK_FAILURES on the name is locked for LOCK_S.
# Failures older than FORGET_S are forgotten; a sign-in that succeeds clears them.
FREE_FAILURES = 3
LOCK_FAILURES = 10
LOCK_S = 15 * 60
FORGET_S = 24 * 3600
NAME_IN_LOG = 80  # the most of a typed name the audit log keeps


def _parse_time(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def _iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def wait_after(failures: int) -> int:
    """Seconds the next try must wait after ``failures`` failed ones in a row."""
    if failures < FREE_FAILURES:
        return 0
    if failures >= LOCK_FAILURES:
        return LOCK_S
    return 2 ** (failures - FREE_FAILURES + 1)


def _wait_text(seconds: float) -> str:
    seconds = max(1, math.ceil(seconds))
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def sign_in(store, name: str, password: str, *, now: datetime | None = None) -> Supervisor:
    """The supervisor, if the name and password match; ``AccountError`` otherwise. Every
    sign-in, failure and refused try is written to the audit log; failures slow down the
    next try and then lock the name for a while (``wait_after``)."""
    now = now or datetime.now(timezone.utc)
    key = names.fold(name)
    shown = " ".join((name or "").split())[:NAME_IN_LOG]
    failures, last, locked_until = store.sign_in_attempts(key)
    last_at = _parse_time(last)
    if last_at is not None and (now - last_at).total_seconds() > FORGET_S:
        failures, locked_until = 0, None
    until = _parse_time(locked_until)
    if until is not None and now < until:
        left = (until - now).total_seconds()
        store.record_event(None, shown, "supervisor.sign_in_refused", shown,
                           {"failures": failures, "locked_until": locked_until})
        what = "locked" if failures >= LOCK_FAILURES else "slowed down"
        raise AccountError(f"Too many wrong passwords for this name: signing in is {what}. "
                           f"Try again in {_wait_text(left)}.")
    found = store.supervisor_credentials(name)
    if found is None:
        verify_password(password, _dummy_record())  # the same work as a wrong password
        ok, supervisor = False, None
    else:
        supervisor, record = found
        ok = verify_password(password, record)
    if ok:
        if failures:
            store.set_sign_in_attempts(key, 0, None, None)
        store.record_event(supervisor.id, supervisor.name, "supervisor.sign_in", supervisor.name,
                           {"after_failures": failures})
        return supervisor
    failures += 1
    wait = wait_after(failures)
    locked = _iso(now + timedelta(seconds=wait)) if wait else None
    store.set_sign_in_attempts(key, failures, _iso(now), locked)
    store.record_event(supervisor.id if supervisor else None, supervisor.name if supervisor else shown,
                       "supervisor.sign_in_failed", shown,
                       {"failures": failures, "known_name": supervisor is not None, "locked_until": locked})
    if failures >= LOCK_FAILURES:
        raise AccountError(f"{WRONG} After {failures} wrong tries this name is locked for "
                           f"{_wait_text(wait)}.")
    if wait:
        raise AccountError(f"{WRONG} Wait {_wait_text(wait)} before trying again.")
    raise AccountError(WRONG)


def change_password(store, supervisor: Supervisor, current: str, new: str, repeat: str | None = None) -> None:
    found = store.supervisor_credentials(supervisor.name)
    if found is None or not verify_password(current, found[1]):
        raise AccountError("The current password is wrong.")
    check_new_password(new, repeat)
    store.set_supervisor_password(supervisor.id, hash_password(new), by=supervisor)


__all__ = ["AccountError", "StoreError", "change_password", "check_new_password", "create_supervisor",
           "hash_password", "sign_in", "verify_password"]
