"""An independent reading of the rule text and trainer rulings P2-P3, P5-P6, written out
by hand (no code shared with trainer.games.pokette), for the exhaustive tests."""

from __future__ import annotations

ROWS = "AKQJT98765432"  # P3: the ace row at the top, the two row at the bottom
COLS = "scdh"  # P3: spades, clubs, diamonds, hearts from left to right
JOKER_POS = {"JK1": (-1, 1), "JK2": (-1, 2)}  # P3: JK1 above clubs, JK2 above diamonds
CARDS = [r + s for r in ROWS for s in COLS]
SECTIONS = CARDS + ["JK1", "JK2"]


def pos(text: str) -> tuple[int, int]:
    if text in JOKER_POS:
        return JOKER_POS[text]
    return ROWS.index(text[0]), COLS.index(text[1])


def adjoin(a: str, b: str) -> bool:
    (ra, ca), (rb, cb) = pos(a), pos(b)
    return abs(ra - rb) + abs(ca - cb) == 1


def corners() -> list[frozenset[str]]:
    return [frozenset(ROWS[r + dr] + COLS[c + dc] for dr in (0, 1) for dc in (0, 1))
            for r in range(12) for c in range(3)]


GROUPS = {  # §(e)(1)(vi)-(ix)
    "ace-king-queen rank": (set("AKQ"), "2s"),
    "jack-10-9 rank": (set("JT9"), "2c"),
    "8-7-6 rank": (set("876"), "2d"),
    "5-4-3 rank": (set("543"), "2h"),
}


def wins(wager: str, selection: frozenset[str] | tuple, card: str) -> bool:
    """Whether the winning card ``card`` wins a non-poker wager; jokers win only their own
    straight up, a split including them, and jacer (§(g)(5)(i), P2)."""
    joker = card.startswith("JK")
    if wager in ("single card straight up", "split", "corner"):
        return card in selection
    if wager == "jacer":
        return card in ("Ac", "Ad", "JK1", "JK2")
    if joker:
        return False
    if wager == "single rank":
        return card[0] in selection
    if wager == "double rank":
        return card[0] in selection
    if wager in GROUPS:
        ranks, deuce = GROUPS[wager]
        return card[0] in ranks or card == deuce
    if wager == "red":
        return card[1] in "hd"
    if wager == "black":
        return card[1] in "sc"
    if wager == "suit":
        return card[1] in selection
    raise KeyError(wager)


# Three-card straights (§(b)(2), ruling P5), written out: A-2-3 up to Q-K-A; never K-A-2.
STRAIGHT_TRIPLES = ["A23", "234", "345", "456", "567", "678", "789", "89T", "9TJ", "TJQ", "JQK", "QKA"]


def is_straight(ranks: str) -> bool:
    return len(set(ranks)) == 3 and any(set(ranks) == set(t) for t in STRAIGHT_TRIPLES)


def completions(a: str, b: str) -> set[str]:
    return {r for r in ROWS if is_straight(a[0] + b[0] + r)}


def announcement(a: str, b: str) -> list[str]:
    """§(h)(3)-(4) with P5-P6."""
    out = ["three of a kind" if a[0] == b[0] else "pair in three"]
    suited = a[1] == b[1]
    if suited:
        out.append("flush")
    ways = completions(a, b)
    if ways:
        kind = "open" if len(ways) == 2 else "inside"
        out.append(f"{kind} straight")
        if suited:
            out.append(f"{kind} straight flush")
    return out


def poker_wins(wager: str, a: str, b: str, c: str) -> bool:
    """§(h)(5) with P6 (a straight wins whatever the suits)."""
    ranks = a[0] + b[0] + c[0]
    flush = a[1] == b[1] == c[1]
    if wager == "pair in three":
        return c[0] in (a[0], b[0])
    if wager == "three of a kind":
        return a[0] == b[0] == c[0]
    if wager == "flush":
        return flush
    if wager in ("open straight", "inside straight"):
        return is_straight(ranks)
    if wager in ("open straight flush", "inside straight flush"):
        return is_straight(ranks) and flush
    raise KeyError(wager)
