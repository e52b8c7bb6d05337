"""The rule book's sources: the school's rule texts (a folder the station names) and
the app's own index of the sections each game uses (shipped beside game.json).

``RuleLibrary.load(folder)`` reads whatever of the five texts, RULINGS.md and
pokette-payouts.md the folder holds; ``resolve`` says where a citation points and
whether it exists there. The rules folder is set once per run (``use_rules_texts``:
``--rules FOLDER``, the station's settings or the app's setting). Pure Python.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from trainer.rulebook.citations import PAYOUTS, RULINGS, Reference, references
from trainer.rulebook.texts import RuleText, Section, parse_regulation, parse_rulings, read_text

RULINGS_FILE = "RULINGS.md"
PAYOUTS_FILE = "pokette-payouts.md"
INDEX_FILE = "rulebook.json"

_texts_folder: Path | None = None


def use_rules_texts(folder: Path | None) -> None:
    """The folder of the school's rule texts for this run (None: not loaded)."""
    global _texts_folder
    _texts_folder = Path(folder) if folder is not None else None
    current_library.cache_clear()


def rules_texts_folder() -> Path | None:
    return _texts_folder


@lru_cache(maxsize=1)
def current_library() -> "RuleLibrary":
    return RuleLibrary.load(_texts_folder)


def rules_file_of(game_id: str) -> str:
    from trainer.games import registry

    return registry.get_game(game_id).rules_file


# ---------------------------------------------------------------- the app's index

class IndexError_(ValueError):
    """An index file that is not accepted (names the file and the entry)."""


@dataclass(frozen=True)
class IndexEntry:
    id: str  # as cited after the §: "10(d)", "(h)(5)(iii)"
    title: str
    summary: str  # one line, our words


_ID = re.compile(r"^(?:\d{1,2}(?:\((?:[a-z]{1,5}|\d{1,2}|[A-Z])\))*|(?:\((?:[a-z]{1,5}|\d{1,2}|[A-Z])\))+)$")


def read_index(path: Path) -> tuple[IndexEntry, ...]:
    """A game's rulebook.json: {"game": id, "sections": [{"id", "title", "summary"}, ...]},
    validated: ids as cited and unique, a title and a one-line summary (at most 200
    characters) for each."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise IndexError_(f"{path}: cannot be read ({e})") from e
    if not isinstance(doc, dict) or not isinstance(doc.get("sections"), list):
        raise IndexError_(f"{path}: needs a list of sections")
    seen: set[str] = set()
    out = []
    for i, s in enumerate(doc["sections"]):
        where = f"{path}: sections[{i}]"
        if not isinstance(s, dict) or set(s) != {"id", "title", "summary"}:
            raise IndexError_(f"{where}: needs exactly id, title and summary")
        sid, title, summary = s["id"], s["title"], s["summary"]
        if not all(isinstance(v, str) and v.strip() for v in (sid, title, summary)):
            raise IndexError_(f"{where}: id, title and summary must be non-empty text")
        if not _ID.match(sid):
            raise IndexError_(f"{where}: {sid!r} is not a section as cited (e.g. 10(d), (h)(5)(iii))")
        if sid in seen:
            raise IndexError_(f"{where}: {sid} is listed twice")
        if "\n" in summary or len(summary) > 200:
            raise IndexError_(f"{where}: the summary must be one line of at most 200 characters")
        seen.add(sid)
        out.append(IndexEntry(sid, title.strip(), summary.strip()))
    return tuple(out)


@lru_cache(maxsize=None)
def game_index(game_id: str) -> tuple[IndexEntry, ...]:
    from trainer.paths import resource

    path = resource("games", game_id, INDEX_FILE)
    if not path.is_file():
        return ()
    return read_index(path)


def index_entry(game_id: str, sec_id: str) -> IndexEntry | None:
    """The app's entry for a section, else for the nearest enclosing section it indexes."""
    entries = {e.id: e for e in game_index(game_id)}
    probe = sec_id
    while probe:
        if probe in entries:
            return entries[probe]
        probe = _parent_id(probe)
    return None


def _parent_id(sec_id: str) -> str:
    if sec_id.endswith(")"):
        return sec_id[: sec_id.rindex("(")]
    if sec_id and sec_id[-1].isalpha() and "(" in sec_id:  # "7(e)b"
        return sec_id[:-1]
    return ""


def split_parts(citation: str) -> list[str]:
    """A citation's parts, split at each ";" outside parentheses ("§10(a) (a note; more)"
    is one part)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(citation):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif ch == ";" and depth == 0:
            parts.append(citation[start:i])
            start = i + 1
    parts.append(citation[start:])
    return parts


# ---------------------------------------------------------------- the texts

@dataclass
class RuleLibrary:
    folder: Path | None
    texts: dict[str, RuleText] = field(default_factory=dict)  # game id -> its text
    rulings: RuleText | None = None
    payouts: RuleText | None = None
    missing: list[str] = field(default_factory=list)  # files looked for and not found

    @classmethod
    def load(cls, folder: Path | None) -> "RuleLibrary":
        from trainer.games import registry

        lib = cls(Path(folder) if folder is not None else None)
        if lib.folder is None or not lib.folder.is_dir():
            return lib
        for entry in registry.catalogue():
            if not registry.is_available(entry.id):
                continue
            name = rules_file_of(entry.id)
            path = lib.folder / name
            if path.is_file():
                lib.texts[entry.id] = parse_regulation(read_text(path), name)
            else:
                lib.missing.append(name)
        if (lib.folder / RULINGS_FILE).is_file():
            lib.rulings = parse_rulings(read_text(lib.folder / RULINGS_FILE), RULINGS_FILE)
        else:
            lib.missing.append(RULINGS_FILE)
        if (lib.folder / PAYOUTS_FILE).is_file():
            lib.payouts = parse_rulings(read_text(lib.folder / PAYOUTS_FILE), PAYOUTS_FILE, prefix="P")
        else:
            lib.missing.append(PAYOUTS_FILE)
        return lib

    @property
    def loaded(self) -> bool:
        return bool(self.texts) or self.rulings is not None

    def book(self, book: str) -> RuleText | None:
        if book == RULINGS:
            return self.rulings
        if book == PAYOUTS:
            return self.payouts
        return self.texts.get(book)

    def section(self, ref: Reference) -> Section | None:
        text = self.book(ref.book)
        return text.get(ref.section) if text is not None else None

    def problems(self, ref: Reference) -> list[str]:
        """Why a reference does not resolve (empty when it does)."""
        text = self.book(ref.book)
        if text is None:
            return [f"{ref.book}: its text is not loaded"]
        out = []
        for sec in filter(None, (ref.section, ref.also)):
            if text.get(sec) is None:
                out.append(f"{ref.book} {sec}: no such section in {text.name}")
        if ref.term and not out:
            if ref.term.lower() not in text.get(ref.section).full_text().lower():
                out.append(f"{ref.book} {ref.section}: does not define {ref.term!r}")
        return out

    def unresolved(self, citation: str, game_id: str | None = None) -> list[str]:
        """Every problem with a citation string: a part that names no place at all, or a
        place that is not in the loaded texts."""
        problems: list[str] = []
        book = game_id
        for part in (p.strip() for p in split_parts(citation)):
            if not part:
                continue
            refs = references(part, book)
            book = next((r.book for r in reversed(refs) if r.book not in (RULINGS, PAYOUTS)), book)
            if not refs:
                problems.append(f"{part!r}: cites no section or ruling")
            for ref in refs:
                problems.extend(self.problems(ref))
        return problems

    def nearest(self, ref: Reference) -> Section | None:
        """The cited section, else the nearest enclosing one that exists (for display)."""
        text = self.book(ref.book)
        if text is None:
            return None
        probe = ref.section
        while probe:
            if (s := text.get(probe)) is not None:
                return s
            probe = _parent_id(probe)
        return None
