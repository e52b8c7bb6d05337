"""The rule book's commands: ``dealer-trainer [--rules FOLDER] rules GAME [SECTION]`` and
``dealer-trainer questions GAME [--kind K] [--skill S] [--count N] [--seed S]
[--format json|csv|pdf] [--out FILE]``. ``trainer.cli`` adds them (``add_commands``) and
runs them (``run``); the PDF worksheet is drawn by ``trainer.ui.worksheet`` (Qt).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# csv, io and the seeded RNG are imported by the commands that use them: this module is on
# the way to every window (the --rules option), issue 17.

FORMATS = ("json", "csv", "pdf")
RULES_ENV = "DEALER_TRAINER_RULES"  # the rule texts' folder when neither --rules nor a setting names one


def add_global_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", type=Path, metavar="FOLDER",
                        help="the school's rule texts (the five games' texts, RULINGS.md, pokette-payouts.md) "
                             "for the rule book and the rules command")


def add_commands(commands) -> None:
    rules = commands.add_parser(
        "rules", help="print a section of the rules (or the contents) with the app's summary",
        description="Print a game's contents, or one section with its sub-sections, from the school's rule "
                    "texts (--rules FOLDER before the command), with the app's own summary.")
    rules.add_argument("game", metavar="GAME", help="a game id, e.g. four-card")
    rules.add_argument("section", nargs="?", metavar="SECTION",
                       help='a section as cited: 11(a)(2), "§(h)(5)(iii)", "trainer ruling 25", P6')
    q = commands.add_parser(
        "questions", help="a bank of questions as JSON or CSV, or a printable worksheet (PDF)",
        description="Make questions of a game, each with its kind, seed, prompt, options, answer, explanation "
                    "and citations. The PDF is a worksheet: the questions with their table drawings, then an "
                    "answer key with the rule cited. The same seed gives the same questions.")
    q.add_argument("game", metavar="GAME", help="a game id, e.g. four-card")
    q.add_argument("--kind", action="append", metavar="K", help="only this question kind (repeatable; "
                   "the id or its last part, e.g. name-the-hand)")
    q.add_argument("--skill", action="append", metavar="S", help="only this skill (repeatable; e.g. hand-ranking)")
    q.add_argument("--count", type=int, default=20, metavar="N", help="how many questions (default 20)")
    q.add_argument("--seed", type=int, default=1, metavar="S", help="the seed (default 1)")
    q.add_argument("--format", choices=FORMATS, default="json", help="json (default), csv or pdf")
    q.add_argument("--out", type=Path, metavar="FILE", help="the file to write (default: standard output; "
                   "a PDF needs a file)")


def setup_rules_folder(args: argparse.Namespace, station=None) -> None:
    """--rules FOLDER, else the station's settings (``rules_folder``, trainer.config), else
    $DEALER_TRAINER_RULES: the rule texts of this run. The
    app's own setting (Settings > Rule texts folder) is read when the window's rule book
    first opens, if none of these names one."""
    folder = getattr(args, "rules", None)
    setting = getattr(station, "rules_folder", None)
    if folder is None and setting is not None and getattr(setting, "value", None) is not None:
        folder = Path(setting.value)
    if folder is None and os.environ.get(RULES_ENV):
        folder = Path(os.environ[RULES_ENV])
    if folder is not None:  # the texts are loaded only when a folder is named (issue 17: start-up)
        from trainer.rulebook.library import use_rules_texts

        use_rules_texts(folder)


def run(args: argparse.Namespace, write_worksheet=None) -> int | None:
    """The command's exit code, or None when the command is not one of these.
    ``write_worksheet(path, title, questions)`` draws the PDF worksheet (the command line
    passes the interface's, trainer.ui.worksheet: the rule book imports no interface)."""
    if args.command == "rules":
        return _rules(args)
    if args.command == "questions":
        return _questions(args, write_worksheet)
    return None


def _game(game_id: str, command: str):
    from trainer.games import registry

    if not registry.is_available(game_id):
        games = ", ".join(e.id for e in registry.catalogue() if registry.is_available(e.id))
        print(f"dealer-trainer {command}: error: unknown game {game_id!r}; the games are: {games}", file=sys.stderr)
        return None
    return registry.get_game(game_id)


# ---------------------------------------------------------------- rules

def _rules(args: argparse.Namespace) -> int:
    from trainer.rulebook.library import current_library, rules_texts_folder

    game = _game(args.game, "rules")
    if game is None:
        return 2
    lib = current_library()
    if not lib.loaded:
        where = rules_texts_folder()
        why = f"{where} holds none of them" if where is not None else "no folder is set"
        print(f"The school's rule texts are not loaded ({why}). Give the folder that holds "
              f"{game.rules_file}, RULINGS.md and pokette-payouts.md before the command, e.g.\n"
              f"  dealer-trainer --rules /path/to/rules rules {game.id} {args.section or ''}".rstrip()
              + "\nThe app's own summaries follow.\n")
    print(render_rules(game.id, args.section, lib))
    return 0 if args.section is None or _found(game.id, args.section, lib) else 1


def _target(game_id: str, section: str):
    from trainer.rulebook.citations import Reference, references

    text = section.strip()
    refs = references(text if ("§" in text or "ruling" in text or text.startswith("P") or ".md" in text)
                      else f"§{text}", game_id)
    return refs[0] if refs else Reference(game_id, text.lstrip("§"))


def _found(game_id: str, section: str, lib) -> bool:
    from trainer.rulebook.library import index_entry

    ref = _target(game_id, section)
    return lib.section(ref) is not None or (not lib.loaded and index_entry(game_id, ref.section) is not None)


def render_rules(game_id: str, section: str | None, lib) -> str:
    """The contents (section None) or one section, as plain text."""
    from trainer.games import registry
    from trainer.rulebook.citations import PAYOUTS, RULINGS
    from trainer.rulebook.library import game_index, index_entry

    title = registry.title_of(game_id)
    text = lib.texts.get(game_id)
    if section is None:
        out = [f"{title}: contents"]
        entries = {e.id: e for e in game_index(game_id)}
        tops = [s.id for s in text.top] if text is not None else [e.id for e in game_index(game_id)]
        for sid in tops:
            e = entries.get(sid)
            heading = text.get(sid).title if text is not None and text.get(sid) is not None else ""
            line = f"  §{sid:<6} {heading or (e.title if e else '')}"
            if e is not None:
                line += f"\n           {e.summary}"
            out.append(line)
        if lib.rulings is not None:
            out.append("Rulings: dealer-trainer rules GAME \"trainer ruling N\"")
        return "\n".join(out)
    ref = _target(game_id, section)
    if ref.book == RULINGS:
        sec = lib.section(ref)
        if sec is None:
            return f"trainer ruling {ref.section}: not in the loaded RULINGS.md"
        return f"trainer ruling {ref.section} ({sec.group})\n{sec.text}"
    if ref.book == PAYOUTS:
        sec = lib.section(ref)
        if sec is None:
            return f"{ref.section}: not in the loaded pokette-payouts.md"
        return f"pokette-payouts.md {ref.section}\n{sec.full_text() if ref.section != 'table' else sec.text}"
    book_title = registry.title_of(ref.book)
    out = [f"{book_title} §{ref.section}"]
    entry = index_entry(ref.book, ref.section)
    if entry is not None:
        out.append(f"Summary ({'§' + entry.id + ' ' if entry.id != ref.section else ''}{entry.title}): "
                   f"{entry.summary}")
    book = lib.texts.get(ref.book)
    if book is not None:
        sec = book.get(ref.section)
        if sec is None:
            out.append(f"§{ref.section} is not a section of {book.name}.")
        else:
            out.append("")
            out.append(sec.full_text())
    return "\n".join(out)


# ---------------------------------------------------------------- questions

def question_plan(game_id: str, kinds: list[str], count: int, seed: int):
    """The questions of a bank, a function of its arguments: each kind once first (in
    order), the rest drawn from the seeded RNG, every question its own derived seed."""
    from trainer.core.rng import derive_seed, make_rng
    from trainer.training.session import PlannedQuestion

    rng = make_rng(seed)
    plan = []
    for i in range(count):
        kind = kinds[i] if i < len(kinds) else rng.choice(kinds)
        plan.append(PlannedQuestion(game_id, kind, derive_seed(rng)))
    return plan


def select_kinds(game, kinds: list[str] | None, skills: list[str] | None) -> list[str]:
    out = []
    for k in game.question_kinds():
        if kinds and not any(want in (k.id, k.id.split(".", 1)[-1]) for want in kinds):
            continue
        if skills and not any(want in (k.skill, k.skill.split(".", 1)[-1]) for want in skills):
            continue
        out.append(k.id)
    return out


def question_record(q, planned) -> dict:
    return {"game": q.game_id, "kind": q.kind, "skill": q.skill, "seed": planned.seed, "form": q.form,
            "prompt": q.prompt, "options": list(q.options), "fields": list(q.fields),
            "answer": q.display(q.answer), "answer_raw": q.answer,
            "explanation": q.explanation, "citations": list(q.citations)}


def _questions(args: argparse.Namespace, write_worksheet=None) -> int:
    import csv
    import io

    from trainer.core.rng import SEED_LIMIT
    from trainer.training.session import make_planned

    game = _game(args.game, "questions")
    if game is None:
        return 2
    if not 1 <= args.count <= 500:
        print("dealer-trainer questions: error: --count must be from 1 to 500", file=sys.stderr)
        return 2
    if not 0 <= args.seed < SEED_LIMIT:
        print(f"dealer-trainer questions: error: --seed must be from 0 to {SEED_LIMIT - 1}", file=sys.stderr)
        return 2
    kinds = select_kinds(game, args.kind, args.skill)
    if not kinds:
        known = ", ".join(k.id.split(".", 1)[-1] for k in game.question_kinds())
        skills = ", ".join(s.id.split(".", 1)[-1] for s in game.skills())
        print(f"dealer-trainer questions: error: no question kind of {game.id} matches; the kinds are: {known}; "
              f"the skills are: {skills}", file=sys.stderr)
        return 2
    plan = question_plan(game.id, kinds, args.count, args.seed)
    questions = [(make_planned(p), p) for p in plan]
    if args.format == "pdf":
        if args.out is None:
            print("dealer-trainer questions: error: a PDF needs --out FILE", file=sys.stderr)
            return 2
        if write_worksheet is None:
            print("dealer-trainer questions: error: no PDF writer here", file=sys.stderr)
            return 2
        title = f"{game.title}: worksheet (seed {args.seed})"
        try:
            write_worksheet(args.out, title, [q for q, _ in questions])
        except OSError as e:
            print(f"dealer-trainer questions: error: {e}", file=sys.stderr)
            return 1
        print(f"Wrote {len(questions)} questions and their answer key to {args.out}")
        return 0
    records = [question_record(q, p) for q, p in questions]
    if args.format == "json":
        import json  # here: the app's start reads this module for its command line (issue 17)

        text = json.dumps({"game": game.id, "seed": args.seed, "count": len(records), "questions": records},
                          indent=2, ensure_ascii=False) + "\n"
    else:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["number", "kind", "seed", "prompt", "options", "answer", "explanation", "citations"])
        from trainer.core.spreadsheet import cell  # no cell a spreadsheet would run as a formula (issue 14)

        for i, r in enumerate(records, 1):
            w.writerow([cell(v) for v in (i, r["kind"], r["seed"], r["prompt"], " | ".join(r["options"]), r["answer"],
                                          r["explanation"], "; ".join(r["citations"]))])
        text = buf.getvalue()
    if args.out is None:
        sys.stdout.write(text)
    else:
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as e:
            print(f"dealer-trainer questions: error: cannot write {args.out}: {e.strerror or e}", file=sys.stderr)
            return 1
    return 0
