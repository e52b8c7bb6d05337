"""The one seeded random number generator.

Every round, deal and quiz takes a ``random.Random`` made here from an integer seed,
so that it can be replayed exactly from that seed.
"""

from __future__ import annotations

import random

SEED_LIMIT = 2**31 - 1


def make_rng(seed: int) -> random.Random:
    return random.Random(seed)


def fresh_seed() -> int:
    """A new seed for a session the user did not seed explicitly."""
    import secrets  # (hmac and OpenSSL: not on the way to the first window)

    return secrets.randbelow(SEED_LIMIT)


def derive_seed(rng: random.Random) -> int:
    """A child seed drawn from ``rng``: question N of a seeded quiz has its own seed."""
    return rng.randrange(SEED_LIMIT)
