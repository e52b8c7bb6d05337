"""Classroom exams: the definition, its questions, and the exam file.

An instructor defines an exam (``ExamSpec``): its games and skills, the number of
questions, a time limit, a pass mark and a fixed seed. The questions are a pure function
of the definition (``exam_plan``), drawn from one RNG seeded with the exam's seed, so
every station asks the same questions in the same order.

The exam file (``*.dtexam``, format 2) is JSON, signed by the supervisor's database::

    {
      "format": "dealer-trainer/exam",
      "format_version": 2,
      "app_version": "0.1.0",
      "exam": {"id": ..., "title": ..., "games": [...], "skills": [...] or null,
               "question_count": 20, "time_limit_s": 1200, "pass_mark": 80,
               "seed": 12345, "class_name": "Spring class" or null,
               "created_at": ..., "created_by": ...},
      "fingerprint": "sha256 of the questions",
      "public_key": "hex of the Ed25519 key that signed it",
      "signature": "hex of the Ed25519 signature"
    }

The fingerprint is a hash of every question the definition gives (kind, seed, prompt
and correct answer). A station recomputes it when it opens the file: if its games would
ask anything different (another version of Dealer Trainer), the file is refused with a
message saying so, rather than giving that station other questions.

The signature (Ed25519, PyNaCl) covers every other field of the file (written as
canonical JSON: sorted keys, no spaces), so the time limit, the pass mark or anything
else cannot be changed without the station refusing the file. The signing key is kept
in the supervisor's database (``Store.exam_signing_key``). A file signed with another
key is not trusted by a supervisor: results are always scored from the supervisor's own
copy of the exam (``trainer.review.importer``), so a re-signed file gains nothing there.

An exam with a *start code* (announced by the instructor in the room) has, instead of
``exam`` and ``fingerprint``, a ``sealed`` object: ``{"kdf": "scrypt", "salt", "n",
"r", "p", "box"}`` where ``box`` is the exam and its fingerprint encrypted with
XSalsa20-Poly1305 (``nacl.secret.SecretBox``) under a key derived from the code by
scrypt: without the code the file reveals nothing of the exam, not even its title.
Format 1 files (unsigned) are refused: export the exam again.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import unicodedata
import uuid
from dataclasses import dataclass, field
from typing import Any

import trainer
from trainer.core.rng import SEED_LIMIT, derive_seed, fresh_seed, make_rng
from trainer.games import registry
from trainer.training.session import EXAM, PlannedQuestion, Session, make_planned

FORMAT = "dealer-trainer/exam"
FORMAT_VERSION = 2  # 2: signed (Ed25519), optionally sealed by a start code
FILE_SUFFIX = ".dtexam"
MAX_QUESTIONS = 200
MIN_TIME_S, MAX_TIME_S = 60, 4 * 3600
TITLE_MAX = 100
CLASS_NAME_MAX = 60  # as the store's classes (trainer.store.supervision)
START_CODE_ALPHABET = "ACDEFGHJKLMNPQRTUVWXY34679"  # no 0/O, 1/I, 2/Z, 5/S, 8/B
START_CODE_LENGTH = 8
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 15, 8, 1


class ExamError(ValueError):
    """A definition or exam file that cannot be used; ``str(e)`` is for a human."""


class StartCodeNeeded(ExamError):
    """The exam file is sealed: ask for the start code (``wrong`` if one was given)."""

    def __init__(self, message: str, *, wrong: bool = False) -> None:
        super().__init__(message)
        self.wrong = wrong


@dataclass(frozen=True)
class ExamSpec:
    title: str
    games: tuple[str, ...]
    question_count: int
    time_limit_s: int
    pass_mark: int  # percent of the questions right
    seed: int
    skills: tuple[str, ...] | None = None  # None: every skill of the games
    class_name: str | None = None
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created_at: str = ""
    created_by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "games": list(self.games),
            "skills": list(self.skills) if self.skills is not None else None,
            "question_count": self.question_count, "time_limit_s": self.time_limit_s,
            "pass_mark": self.pass_mark, "seed": self.seed, "class_name": self.class_name,
            "created_at": self.created_at, "created_by": self.created_by,
        }

    @classmethod
    def from_dict(cls, data: Any) -> ExamSpec:
        """Check and read a definition; ``ExamError`` says what is wrong."""
        if not isinstance(data, dict):
            raise ExamError("the exam definition is not a JSON object")

        def get(key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
            value = data.get(key)
            if value is None and optional:
                return None
            if isinstance(value, bool) or not isinstance(value, kind):
                raise ExamError(f"the exam's {key.replace('_', ' ')} is missing or not valid")
            return value

        games = get("games", list)
        skills = get("skills", list, optional=True)
        if not all(isinstance(g, str) for g in games) or (skills is not None
                                                          and not all(isinstance(s, str) for s in skills)):
            raise ExamError("the exam's games and skills must be names")
        spec = cls(
            title=get("title", str), games=tuple(games), question_count=get("question_count", int),
            time_limit_s=get("time_limit_s", int), pass_mark=get("pass_mark", int), seed=get("seed", int),
            skills=tuple(skills) if skills is not None else None, class_name=get("class_name", str, optional=True),
            id=get("id", str), created_at=get("created_at", str, optional=True) or "",
            created_by=get("created_by", str, optional=True),
        )
        spec.check_values()
        return spec

    def check_values(self) -> None:
        """``ExamError`` for a definition no station could run (games aside)."""
        if not self.title.strip():
            raise ExamError("Give the exam a title.")
        if len(self.title) > TITLE_MAX:
            raise ExamError(f"An exam title can have at most {TITLE_MAX} characters.")
        if not self.id or len(self.id) > 64:
            raise ExamError("the exam has no valid id")
        if not self.games:
            raise ExamError("Choose at least one game for the exam.")
        if not 1 <= self.question_count <= MAX_QUESTIONS:
            raise ExamError(f"An exam has 1 to {MAX_QUESTIONS} questions, not {self.question_count}.")
        if not MIN_TIME_S <= self.time_limit_s <= MAX_TIME_S:
            raise ExamError(f"The time limit must be between {MIN_TIME_S // 60} minute and "
                            f"{MAX_TIME_S // 3600} hours.")
        if not 1 <= self.pass_mark <= 100:
            raise ExamError(f"The pass mark is a percentage from 1 to 100, not {self.pass_mark}.")
        if not 0 <= self.seed < SEED_LIMIT:
            raise ExamError(f"The seed must be a whole number from 0 to {SEED_LIMIT - 1}.")
        if self.skills is not None and not self.skills:
            raise ExamError("Choose at least one skill for the exam.")

    @property
    def pass_count(self) -> int:
        """How many right answers pass: the pass mark of the questions, rounded up."""
        return -(-self.pass_mark * self.question_count // 100)


def new_spec(title: str, games: tuple[str, ...] | list[str], *, question_count: int = 20, time_limit_s: int = 1200,
             pass_mark: int = 80, seed: int | None = None, skills: tuple[str, ...] | list[str] | None = None,
             class_name: str | None = None, created_by: str | None = None, created_at: str = "") -> ExamSpec:
    spec = ExamSpec(title=" ".join(title.split()), games=tuple(games), question_count=int(question_count),
                    time_limit_s=int(time_limit_s), pass_mark=int(pass_mark),
                    seed=fresh_seed() if seed is None else int(seed),
                    skills=tuple(skills) if skills is not None else None,
                    class_name=" ".join(class_name.split()) if class_name and class_name.strip() else None,
                    created_by=created_by, created_at=created_at)
    spec.check_values()
    if spec.class_name is not None and len(spec.class_name) > CLASS_NAME_MAX:
        # The store keeps class names of at most 60 characters: refused here, where the
        # instructor can shorten it, not at a station in the middle of a class.
        raise ExamError(f"A class's name can have at most {CLASS_NAME_MAX} characters; "
                        f"this one has {len(spec.class_name)}.")
    check_games(spec)
    return spec


def check_games(spec: ExamSpec) -> None:
    """``ExamError`` unless every game is available here and every skill belongs to one."""
    missing = [g for g in spec.games if not registry.is_available(g)]
    if missing:
        names = ", ".join(registry.title_of(g) for g in missing)
        raise ExamError(f"This exam needs {names}, which this station does not have. "
                        "Update Dealer Trainer on this station to the instructor's version.")
    if spec.skills is not None:
        known = {s.id for g in spec.games for s in registry.get_game(g).skills()}
        unknown = [s for s in spec.skills if s not in known]
        if unknown:
            raise ExamError(f"This exam asks about skills this station does not know ({', '.join(unknown[:3])}). "
                            "Update Dealer Trainer on this station to the instructor's version.")
        for g in spec.games:
            if not any(s.startswith(g + ".") for s in spec.skills):
                raise ExamError(f"No skill of {registry.title_of(g)} is chosen: choose one or leave the game out.")


def exam_plan(spec: ExamSpec) -> list[PlannedQuestion]:
    """The exam's questions, a function of the definition alone.

    The question kinds of the chosen skills are listed game by game in turn (a kind of
    the first game, one of the second, ...); the first questions take each kind once,
    the rest are drawn from the exam's RNG, every question gets its own seed from it,
    and the order is shuffled by it."""
    check_games(spec)
    per_game = []
    for g in spec.games:
        kinds = [k.id for k in registry.get_game(g).question_kinds()
                 if spec.skills is None or k.skill in spec.skills]
        if not kinds:
            raise ExamError(f"{registry.title_of(g)} has no questions for the chosen skills.")
        per_game.append((g, kinds))
    kinds: list[tuple[str, str]] = []
    for i in range(max(len(k) for _g, k in per_game)):
        kinds += [(g, k[i]) for g, k in per_game if i < len(k)]
    rng = make_rng(spec.seed)
    plan = []
    for i in range(spec.question_count):
        game_id, kind = kinds[i] if i < len(kinds) else rng.choice(kinds)
        plan.append(PlannedQuestion(game_id, kind, derive_seed(rng)))
    rng.shuffle(plan)
    return plan


def fingerprint(spec: ExamSpec) -> str:
    """A hash of every question the exam asks: equal on two stations exactly when they
    would ask the same questions with the same answers."""
    h = hashlib.sha256()
    for q in exam_plan(spec):
        question = make_planned(q)
        h.update(json.dumps([q.game_id, q.kind, q.seed, question.prompt, question.answer,
                             list(question.options)], ensure_ascii=False).encode("utf-8"))
    return h.hexdigest()


def exam_session(spec: ExamSpec) -> Session:
    return Session(exam_plan(spec), spec.seed, mode=EXAM, source=EXAM, title=spec.title, exam_id=spec.id)


def public_key_of(signing_key: bytes) -> str:
    from nacl.signing import SigningKey

    return bytes(SigningKey(signing_key).verify_key).hex()


def key_label(public_key: str) -> str:
    """A short name of a signing key a person can compare by eye (``AB12-CD34-EF56``)."""
    h = hashlib.sha256(bytes.fromhex(public_key)).hexdigest()[:12].upper()
    return "-".join(h[i:i + 4] for i in range(0, 12, 4))


def new_start_code() -> str:
    """A start code to announce in the room: 8 letters and digits that cannot be confused
    (from ``secrets``: a code is a secret, not a replayable draw of the seeded RNG)."""
    return "".join(secrets.choice(START_CODE_ALPHABET) for _ in range(START_CODE_LENGTH))


def normal_code(code: str) -> str:
    """A start code as typed, in any case, with spaces or dashes: its letters and digits."""
    return "".join(c for c in unicodedata.normalize("NFKC", code).upper() if c.isalnum())


def _code_key(code: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(normal_code(code).encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=2 ** 27, dklen=32)


def _canonical(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def exam_file_text(spec: ExamSpec, fp: str | None = None, *, signing_key: bytes,
                   start_code: str | None = None) -> str:
    """The exam file, signed with ``signing_key``; sealed by ``start_code`` if one is given."""
    from nacl.secret import SecretBox
    from nacl.signing import SigningKey

    fp = fp or fingerprint(spec)
    body: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION, "app_version": trainer.__version__}
    if start_code is not None:
        if len(normal_code(start_code)) < 6:
            raise ExamError("A start code has at least 6 letters or digits.")
        salt = secrets.token_bytes(16)
        box = SecretBox(_code_key(start_code, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P))
        sealed = box.encrypt(_canonical({"exam": spec.to_dict(), "fingerprint": fp}))
        body["sealed"] = {"kdf": "scrypt", "salt": salt.hex(), "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P,
                          "box": base64.b64encode(bytes(sealed)).decode("ascii")}
    else:
        body["exam"], body["fingerprint"] = spec.to_dict(), fp
    key = SigningKey(signing_key)
    body["public_key"] = bytes(key.verify_key).hex()
    signature = key.sign(_canonical(body)).signature
    return json.dumps({**body, "signature": signature.hex()}, indent=2, ensure_ascii=False) + "\n"


def _file_doc(data: bytes | str, name: str) -> dict[str, Any]:
    """The file's JSON with its signature checked (``ExamError`` otherwise)."""
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey

    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        doc = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ExamError(f"{name} is not a Dealer Trainer exam file.") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ExamError(f"{name} is not a Dealer Trainer exam file.")
    version = doc.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ExamError(f"{name} is damaged: it has no format version.")
    if version > FORMAT_VERSION:
        by = f" ({doc['app_version']})" if isinstance(doc.get("app_version"), str) else ""
        raise ExamError(f"{name} was made by a newer version of Dealer Trainer{by}: it is exam format {version}, "
                        f"and this Dealer Trainer {trainer.__version__} reads format {FORMAT_VERSION}. "
                        "Update Dealer Trainer on this station to open it.")
    if version < FORMAT_VERSION:
        raise ExamError(f"{name} is an unsigned exam file of an older Dealer Trainer: ask the instructor to "
                        "export the exam again from the supervisor's tools.")
    body = {k: v for k, v in doc.items() if k != "signature"}
    try:
        key = VerifyKey(bytes.fromhex(doc["public_key"]))
        key.verify(_canonical(body), bytes.fromhex(doc["signature"]))
    except (KeyError, TypeError, ValueError, BadSignatureError):
        raise ExamError(f"{name} has been altered since the instructor exported it (its signature does not "
                        "match its contents), so it cannot be used. Ask the instructor for the exam file "
                        "again.") from None
    return doc


def is_sealed(data: bytes | str, name: str = "The file") -> bool:
    """Whether the (signed) exam file needs a start code; ``ExamError`` as ``read_exam_file``."""
    return "sealed" in _file_doc(data, name)


def signer_of(data: bytes | str, name: str = "The file") -> str:
    """The public key (hex) that signed the exam file; ``ExamError`` as ``read_exam_file``."""
    return _file_doc(data, name)["public_key"]


def read_exam_file(data: bytes | str, name: str = "The file", *, start_code: str | None = None
                   ) -> tuple[ExamSpec, str]:
    """Read an exam file; return the definition and its fingerprint, checked against
    the questions this station would ask. ``ExamError`` with a message otherwise:
    ``StartCodeNeeded`` for a sealed file read without its code or with a wrong one."""
    doc = _file_doc(data, name)
    if "sealed" in doc:
        from nacl.exceptions import CryptoError
        from nacl.secret import SecretBox

        if not start_code:
            raise StartCodeNeeded(f"{name} needs the start code the instructor announces in the room.")
        sealed = doc["sealed"]
        try:
            n, r, p = int(sealed["n"]), int(sealed["r"]), int(sealed["p"])
            if not (2 ** 10 <= n <= 2 ** 20 and r <= 16 and p <= 4):
                raise ValueError
            key = _code_key(start_code, bytes.fromhex(sealed["salt"]), n, r, p)
            inner = json.loads(SecretBox(key).decrypt(base64.b64decode(sealed["box"], validate=True)))
        except CryptoError:
            raise StartCodeNeeded("That start code is not the one of this exam: check it with the instructor.",
                                  wrong=True) from None
        except (KeyError, TypeError, ValueError):
            raise ExamError(f"{name} is damaged: its sealed exam cannot be read.") from None
        if not isinstance(inner, dict):
            raise ExamError(f"{name} is damaged: its sealed exam cannot be read.")
        doc = {**doc, **inner}
    try:
        spec = ExamSpec.from_dict(doc.get("exam"))
    except ExamError as e:
        raise ExamError(f"{name} is damaged: {e}.") from None
    fp = doc.get("fingerprint")
    if not isinstance(fp, str) or len(fp) != 64:
        raise ExamError(f"{name} is damaged: it has no fingerprint of its questions.")
    check_games(spec)
    if fingerprint(spec) != fp:
        raise ExamError(f"The questions this station would ask for {spec.title!r} differ from the ones the exam "
                        "was made with (another version of Dealer Trainer). Update every station to the same "
                        "version so that the whole class gets the same questions.")
    return spec, fp


@dataclass(frozen=True)
class ExamResult:
    spec: ExamSpec
    answered: int
    correct: int
    timed_out: bool

    @property
    def score(self) -> float:
        return self.correct / self.spec.question_count

    @property
    def passed(self) -> bool:
        return self.correct >= self.spec.pass_count

    @property
    def unanswered(self) -> int:
        return self.spec.question_count - self.answered


def exam_result(spec: ExamSpec, session: Session, *, timed_out: bool = False) -> ExamResult:
    """The score: questions not answered (time up, submitted early) count as wrong."""
    return ExamResult(spec, session.position, sum(r.correct for r in session.results), timed_out)
