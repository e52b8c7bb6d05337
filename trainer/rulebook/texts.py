"""The school's rule texts, parsed into sections with the identifiers the app cites.

Pure Python, no Qt. A regulation text is read into a tree of sections:
numbered sections ("10. Payout odds" -> ``10``), then lettered, numbered, roman and
capital sub-sections (``10(d)``, ``11(a)(2)``, ``12(b)(1)(iii)``, ``(h)(4)(ii)(A)``).
A text without numbered sections (Pokette) starts at its letters: ``(h)(5)(iii)``.
The texts' formats vary and the parser tolerates them: markdown headings
(``### 4.``, ``## **12.**``), bullets and their indentation (not trusted: labels are
placed by their sequence), a label alone on its line with its text on the next
(the Pokette file), tables and wrapped lines (kept with the section above them).

RULINGS.md is read into rulings ``1``..``39`` (cited "trainer ruling N") and
pokette-payouts.md into ``P1``..``P7`` and its pay table (cited "trainer ruling P6"
or "P6"; the table "pokette-payouts.md").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv",
         "xv", "xvi", "xvii", "xviii", "xix", "xx")
# the levels below a numbered section, outermost first
LOWER, DIGIT, ROMAN_LEVEL, UPPER = "lower", "digit", "roman", "upper"
LEVELS = (LOWER, DIGIT, ROMAN_LEVEL, UPPER)

_HEADING = re.compile(r"^[#\s]*\**\s*(\d{1,2})\.\s+\**\s*(\S.*?)\s*\**\s*$")
_LABEL = re.compile(r"^(?P<bullet>[-*•]\s*)?\((?P<label>[a-z]{1,5}|\d{1,2}|[A-Z])\)\s*(?P<rest>.*)$")
# "- a. text": a lettered item written with a full stop (Four Card §7(e), DJ Wild §11(h));
# indexed as "7(e)b" as the app cites it, and "7(e)(b)" too
_DOT_ITEM = re.compile(r"^[-*•]\s*(?P<label>[a-z])\.\s+(?P<rest>\S.*)$")


@dataclass
class Section:
    """One section or sub-section: ``id`` as cited after the § (``"10(d)"``,
    ``"(h)(5)(iii)"``), its heading title if it has one, its own text (not its
    sub-sections') and its sub-sections in order."""

    id: str
    label: str
    title: str = ""
    lines: list[str] = field(default_factory=list)
    children: list["Section"] = field(default_factory=list)
    parent: "Section | None" = field(default=None, repr=False)
    group: str = ""  # a ruling's heading: the game it belongs to ("DJ Wild Poker")

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip()

    def full_text(self, indent: str = "") -> str:
        """The section with its sub-sections: the label and the first line together, the
        rest of its own text indented under it, then each sub-section indented."""
        body = self.text.splitlines()
        head = self.title or (body.pop(0) if body else "")
        out = [f"{indent}{self.label} {head}".rstrip()]
        out.extend(f"{indent}    {ln}" for ln in body)
        for c in self.children:
            out.append(c.full_text(indent + "    "))
        return "\n".join(out)

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()


@dataclass
class RuleText:
    """A parsed text: ``sections`` maps every id to its section; ``top`` lists the
    outermost sections in order (the contents)."""

    name: str  # the file name, e.g. "four-card-poker.txt"
    top: list[Section]
    sections: dict[str, Section]
    warnings: list[str] = field(default_factory=list)

    def get(self, sec_id: str) -> Section | None:
        return self.sections.get(sec_id)

    def search(self, words: str) -> list[Section]:
        """Sections whose own title or text holds every word (case-insensitive)."""
        terms = [w for w in words.lower().split() if w]
        if not terms:
            return []
        hits = []
        for s in self.sections.values():
            hay = f"{s.title}\n{s.text}".lower()
            if all(t in hay for t in terms):
                hits.append(s)
        return hits


def _kinds(label: str) -> list[str]:
    if label.isdigit():
        return [DIGIT]
    if len(label) == 1 and label.isupper():
        return [UPPER]
    kinds = []
    if len(label) == 1:
        kinds.append(LOWER)
    if label in ROMAN:
        kinds.append(ROMAN_LEVEL)
    return kinds


def _ordinal(kind: str, label: str) -> int:
    if kind == DIGIT:
        return int(label)
    if kind == ROMAN_LEVEL:
        return ROMAN.index(label) + 1
    return ord(label.lower()) - ord("a") + 1


class _Builder:
    def __init__(self, name: str, numbered: bool):
        self.name = name
        self.numbered = numbered
        self.top: list[Section] = []
        self.sections: dict[str, Section] = {}
        self.warnings: list[str] = []
        self.root = Section("", "")
        # stack of (kind, ordinal, section); kind "section" for a numbered section
        self.stack: list[tuple[str, int, Section]] = []

    def current(self) -> Section:
        return self.stack[-1][2] if self.stack else self.root

    def add(self, parent: Section, sec_id: str, label: str, title: str = "") -> Section:
        s = Section(sec_id, label, title, parent=parent if parent is not self.root else None)
        parent.children.append(s)
        if parent is self.root:
            self.top.append(s)
        if sec_id in self.sections:
            self.warnings.append(f"{self.name}: §{sec_id} appears twice; the first is kept")
        else:
            self.sections[sec_id] = s
        return s

    def heading(self, number: int, title: str) -> None:
        self.stack = []
        s = self.add(self.root, str(number), f"{number}.", title)
        self.stack.append(("section", number, s))

    def candidates(self, label: str) -> list[tuple[int, str]]:
        """(depth to attach under, kind) for each reading of ``label`` that continues the
        sequence: the next sibling at some level, or the first child of the deepest level."""
        out = []
        for kind in _kinds(label):
            n = _ordinal(kind, label)
            for depth in range(len(self.stack) - 1, -1, -1):
                k, o, _ = self.stack[depth]
                if k == kind and n == o + 1:
                    out.append((depth, kind))
                    break
            deepest = self.stack[-1][0] if self.stack else None
            child = _child_kind(deepest, self.numbered)
            if child == kind and n == 1:
                out.append((len(self.stack), kind))
        return out

    def label(self, label: str, rest: str, bullet: bool, next_label: str | None) -> bool:
        """Place a labelled line; False when it is not read as a label (a cross-reference
        that starts a wrapped line, e.g. "(a) above")."""
        while self.stack and self.stack[-1][0] == "dot":
            self.stack.pop()
        found = self.candidates(label)
        if len(found) > 1:
            # (i), (v), (x): a letter or a roman numeral. The roman reading needs the
            # next label to continue it ((i) then (ii)); else the letter.
            romans = [f for f in found if f[1] == ROMAN_LEVEL]
            others = [f for f in found if f[1] != ROMAN_LEVEL]
            if romans and others:
                nxt = ROMAN[_ordinal(ROMAN_LEVEL, label)] if _ordinal(ROMAN_LEVEL, label) < len(ROMAN) else None
                found = romans if next_label == nxt else others
            found.sort(key=lambda f: -f[0])
        if not found:
            if not bullet:
                return False
            kinds = _kinds(label)
            # tolerant: a bulleted label out of sequence goes under the deepest level of its kind
            for depth in range(len(self.stack) - 1, -1, -1):
                if self.stack[depth][0] in kinds:
                    found = [(depth, self.stack[depth][0])]
                    break
            else:
                found = [(len(self.stack), kinds[0])]
            self.warnings.append(f"{self.name}: ({label}) out of sequence after §{self.current().id or 'start'}")
        depth, kind = found[0]
        del self.stack[depth:]
        parent = self.current()
        sec_id = f"{parent.id}({label})"
        s = self.add(parent, sec_id, f"({label})")
        self.stack.append((kind, _ordinal(kind, label), s))
        if rest:
            s.lines.append(rest)
        return True

    def text(self, line: str) -> None:
        self.current().lines.append(line)


def _child_kind(kind: str | None, numbered: bool) -> str | None:
    if kind is None:
        return None if numbered else LOWER
    if kind == "section":
        return LOWER
    i = LEVELS.index(kind)
    return LEVELS[i + 1] if i + 1 < len(LEVELS) else None


# a label written inside a line after "; and" (Four Card §10(e)(1)(iii): "...; and (iv)Collect ...")
_INLINE = re.compile(r"(?<=;)\s*(?:and\s+|or\s+)?(?=\((?:[ivx]{1,4}|\d{1,2}|[a-z])\)\s*[A-Z])")


def _split_inline(lines: list[str]) -> list[str]:
    out = []
    for ln in lines:
        pieces = _INLINE.split(ln)
        out.append(pieces[0])
        out.extend("\x00" + p for p in pieces[1:])  # marked: a label only if it continues the sequence
    return out


def parse_regulation(text: str, name: str = "") -> RuleText:
    """Parse one regulation text (see the module doc)."""
    lines = _split_inline([ln.rstrip() for ln in text.splitlines()])
    numbered = any(_HEADING.match(ln) and _HEADING.match(ln).group(1) == "1" for ln in lines)
    b = _Builder(name, numbered)
    labels = []  # (index, label) of every line that looks like a label, for look-ahead
    for i, ln in enumerate(lines):
        m = _LABEL.match(ln.lstrip("\x00").strip())
        if m:
            labels.append((i, m.group("label")))
    next_of = {labels[k][0]: labels[k + 1][1] if k + 1 < len(labels) else None for k in range(len(labels))}
    expect_section = 1
    pending_title: Section | None = None  # Pokette: "(a)" alone, then its title line
    for i, raw in enumerate(lines):
        inline = raw.startswith("\x00")
        stripped = raw.lstrip("\x00").strip()
        if not stripped:
            continue
        h = _HEADING.match(stripped) if numbered else None
        if h and int(h.group(1)) == expect_section:
            b.heading(expect_section, h.group(2).strip("* "))
            expect_section += 1
            pending_title = None
            continue
        m = _LABEL.match(stripped)
        bullet = not inline and (bool(m and m.group("bullet")) or not b.stack)
        if m and b.label(m.group("label"), m.group("rest").strip(), bullet, next_of.get(i)):
            s = b.current()
            pending_title = s if not m.group("rest").strip() else None
            continue
        d = _DOT_ITEM.match(stripped)
        if d and b.stack:
            parent = b.current()
            while parent.label.endswith(".") and parent.parent is not None and len(parent.label) == 2:
                parent = parent.parent  # "b." after "a.": a sibling, not a child
            item = Section(f"{parent.id}{d.group('label')}", f"{d.group('label')}.", parent=parent)
            item.lines.append(d.group("rest"))
            parent.children.append(item)
            b.sections.setdefault(item.id, item)
            b.sections.setdefault(f"{parent.id}({d.group('label')})", item)
            b.stack.append(("dot", 0, item))
            pending_title = None
            continue
        if b.stack and b.stack[-1][0] == "dot":
            b.stack.pop()  # a dotted item holds one line; what follows is its parent's
        if pending_title is not None:
            # a top-level letter of an unnumbered text: a short line without a full stop is its title
            if (not numbered and pending_title.parent is None and len(stripped) < 90
                    and not stripped.endswith(".")):
                pending_title.title = stripped
            else:
                pending_title.lines.append(stripped)
            pending_title = None
            continue
        if b.stack:
            b.text(stripped)
    return RuleText(name, b.top, b.sections, b.warnings)


_RULING = re.compile(r"^\s*(P?\d{1,3})\.\s+(\S.*)$")


def parse_rulings(text: str, name: str, prefix: str = "") -> RuleText:
    """Numbered rulings ("7. ..." or "P6. ...") with their continuation lines; the
    "## heading" above a ruling is its title (the game it belongs to). Any markdown
    table is kept as a section of its own with id ``table`` (pokette-payouts.md)."""
    top: list[Section] = []
    sections: dict[str, Section] = {}
    heading = ""
    current: Section | None = None
    table: Section | None = None
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("#"):
            heading = line.lstrip("# ").strip()
            current = None
            continue
        if line.startswith("|"):
            if table is None:
                table = Section("table", "", group=heading)
                top.append(table)
                sections["table"] = table
            table.lines.append(line.strip())
            current = None
            continue
        m = _RULING.match(line)
        if m and (m.group(1).startswith("P") == bool(prefix)):
            num = m.group(1)
            current = Section(num, f"{num}.", group=heading)
            current.lines.append(m.group(2).strip())
            top.append(current)
            sections.setdefault(num, current)
            continue
        if current is not None and line.strip():
            # a drawing (the Pokette layout, P3) keeps its columns; prose is unwrapped
            current.lines.append(line[4:] if ("|" in line or "+--" in line) and line.startswith("    ")
                                 else line.strip())
        elif not line.strip():
            current = current  # a blank line inside a ruling keeps it open
    return RuleText(name, top, sections)


def table_rows(section: Section) -> list[list[str]]:
    """A markdown table's rows as cells (the separator row dropped)."""
    rows = []
    for ln in section.lines:
        if not ln.startswith("|"):
            continue
        cells = [c.strip() for c in ln.strip().strip("|").split("|")]
        if all(set(c) <= set("-: ") for c in cells):
            continue
        rows.append(cells)
    return rows


def read_text(path: Path) -> str:
    return Path(path).read_text(encoding="utf-8", errors="replace")
