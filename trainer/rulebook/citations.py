"""Citations as the app writes them, read back into references.

"Two Card Joker Poker §10(d)", "§10(d)(1)-(2)", "§1 \\"Ante wager\\"", "§7(e)b",
"trainer ruling 7", "trainer rulings 23 and 39", "trainer ruling P6", "P6",
"pokette-payouts.md". ``find_references`` returns each reference with where it sits
in the text, so that the interface can turn it into a link. Pure Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from trainer.games.registry import shipped

TITLES: dict[str, str] = {e.title: e.id for e in shipped()}  # the books: the shipped games' rules
_BOOK = "|".join(re.escape(t) for t in sorted(TITLES, key=len, reverse=True))
_LBL = r"\((?:[a-z]{1,5}|\d{1,2}|[A-Z])\)"
_SEC = rf"(?:\d{{1,2}}(?:{_LBL})*(?:[a-z](?![A-Za-z]))?|(?:{_LBL})+)(?:-(?:{_LBL})+)?"
_PATTERN = re.compile(
    rf"(?:(?P<book>{_BOOK})\s*)?§\s*(?P<sec>{_SEC})(?:\s+\"(?P<term>[^\"]+)\")?"
    rf"|trainer rulings?\s+(?P<rulings>P?\d{{1,3}}(?:(?:,\s*|\s+and\s+|\s*/\s*)P?\d{{1,3}})*)"
    rf"|\b(?P<p>P[1-9])\b"
    rf"|(?P<payouts>pokette-payouts\.md)"
)

RULINGS = "rulings"  # a reference's ``book`` for RULINGS.md
PAYOUTS = "pokette-payouts"  # ... for pokette-payouts.md (P1..P7 and "table")


@dataclass(frozen=True)
class Reference:
    """One cited place: ``book`` is a game id, RULINGS or PAYOUTS; ``section`` the id
    inside it ("10(d)", "(h)(5)(iii)", "25", "P6", "table"); ``term`` a defined word
    cited with §1; ``also`` the last section of a range ("10(d)(1)-(2)")."""

    book: str
    section: str
    term: str = ""
    also: str = ""

    @property
    def target(self) -> str:
        """The link target: "rule:four-card/11(a)(2)", "rule:rulings/25", "rule:pokette-payouts/P6"."""
        return f"rule:{self.book}/{self.section}"


def parse_target(url: str) -> tuple[str, str] | None:
    if not url.startswith("rule:") or "/" not in url:
        return None
    book, _, sec = url[5:].partition("/")
    return book, sec


def _range_end(sec: str, tail: str) -> str:
    """'10(d)(1)' with '(2)' -> '10(d)(2)'; '6(b)' with '(c)' -> '6(c)'."""
    head_labels = re.findall(r"\([^)]*\)", sec)
    tail_labels = re.findall(r"\([^)]*\)", tail)
    keep = len(head_labels) - len(tail_labels)
    prefix = sec[: sec.index("(")] if "(" in sec else sec
    return prefix + "".join(head_labels[:max(keep, 0)]) + "".join(tail_labels)


def find_references(text: str, game_id: str | None = None) -> list[tuple[int, int, Reference]]:
    """Every reference in ``text`` with its span. A § without a game's title belongs to
    the last title written before it, else to ``game_id``; one with no game at all is
    left out (there is nothing to resolve it in)."""
    out: list[tuple[int, int, Reference]] = []
    book = game_id
    for m in _PATTERN.finditer(text):
        if m.group("sec"):
            if m.group("book"):
                book = TITLES[m.group("book")]
            if book is None:
                continue
            sec = m.group("sec")
            also = ""
            if "-" in sec:
                sec, _, tail = sec.partition("-")
                also = _range_end(sec, tail)
            out.append((m.start(), m.end(), Reference(book, sec, m.group("term") or "", also)))
        elif m.group("rulings"):
            # each number its own span, so that each is its own link
            base = m.start("rulings")
            for n in re.finditer(r"P?\d{1,3}", m.group("rulings")):
                num = n.group(0)
                ref = Reference(PAYOUTS, num) if num.startswith("P") else Reference(RULINGS, num)
                start = m.start() if not out or n.start() == 0 else base + n.start()
                out.append((start if n.start() == 0 else base + n.start(), base + n.end(), ref))
        elif m.group("p"):
            out.append((m.start(), m.end(), Reference(PAYOUTS, m.group("p"))))
        elif m.group("payouts"):
            out.append((m.start(), m.end(), Reference(PAYOUTS, "table")))
    return out


def references(text: str, game_id: str | None = None) -> list[Reference]:
    return [r for _, _, r in find_references(text, game_id)]
