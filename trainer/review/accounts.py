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
import secrets

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


def sign_in(store, name: str, password: str) -> Supervisor:
    """The supervisor, if the name and password match; ``AccountError`` otherwise."""
    found = store.supervisor_credentials(name)
    if found is None:
        verify_password(password, _dummy_record())  # the same work as a wrong password
        raise AccountError(WRONG)
    supervisor, record = found
    if not verify_password(password, record):
        raise AccountError(WRONG)
    return supervisor


def change_password(store, supervisor: Supervisor, current: str, new: str, repeat: str | None = None) -> None:
    found = store.supervisor_credentials(supervisor.name)
    if found is None or not verify_password(current, found[1]):
        raise AccountError("The current password is wrong.")
    check_new_password(new, repeat)
    store.set_supervisor_password(supervisor.id, hash_password(new), by=supervisor)


__all__ = ["AccountError", "StoreError", "change_password", "check_new_password", "create_supervisor",
           "hash_password", "sign_in", "verify_password"]
