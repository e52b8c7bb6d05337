"""People's names as typed on any station (issue 14).

"José" typed with a precomposed é on one station and as e + combining acute on another
(NFD, as macOS keyboards and some copy-paste give it) is one person; so is "jose  RIVERA"
and "Jose Rivera" once case and spaces are set aside. A name is stored *cleaned*
(``clean``: Unicode NFC, spaces trimmed and runs of white space made one space) and
compared *folded* (``fold``: the cleaned name, case-folded, NFC again). Characters that
cannot be seen or typed on purpose (zero-width spaces and joiners, direction marks,
control characters, private-use and unassigned code points, line and paragraph
separators) are refused with a message naming the character: two names that look alike
on screen must be the same name.
"""

from __future__ import annotations

import unicodedata

# Unicode general categories refused in a name: controls (Cc), format characters (Cf:
# zero-width space/joiners, direction marks, the BOM, soft hyphen), surrogates (Cs),
# private use (Co), unassigned (Cn), line and paragraph separators (Zl, Zp).
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class InvalidName(ValueError):
    """A name refused; ``str(e)`` is for a human."""


def invisible(name: str) -> list[tuple[int, str]]:
    """The refused characters of ``name``: (1-based position, character)."""
    return [(i, ch) for i, ch in enumerate(name, 1) if unicodedata.category(ch) in REFUSED_CATEGORIES]


def describe_char(ch: str) -> str:
    code = f"U+{ord(ch):04X}"
    try:
        return f"{code} {unicodedata.name(ch)}"
    except ValueError:
        return code


def clean(name: str | None, what: str = "name") -> str:
    """The name as stored: NFC, trimmed, inner white space made single spaces.
    ``InvalidName`` for an invisible or control character (``what``: "a trainee's name")."""
    name = unicodedata.normalize("NFC", name or "").strip()  # white space around it is no part of it
    bad = invisible(name)
    if bad:
        pos, ch = bad[0]
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        raise InvalidName(f"{what[:1].upper()}{what[1:]} cannot contain invisible or control characters: "
                          f"{describe_char(ch)} at position {pos}{more}. Type the name again.")
    return " ".join(name.split())


def fold(name: str | None) -> str:
    """The key two names are compared by: cleaned (without refusing), case-folded, NFC."""
    name = unicodedata.normalize("NFC", name or "")
    name = "".join(ch for ch in name if unicodedata.category(ch) not in REFUSED_CATEGORIES)
    return unicodedata.normalize("NFC", " ".join(name.split()).casefold())


def same(a: str | None, b: str | None) -> bool:
    return fold(a) == fold(b)


__all__ = ["InvalidName", "REFUSED_CATEGORIES", "clean", "describe_char", "fold", "invisible", "same"]
