"""Files the review writes (exports, station results): written whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO


@contextlib.contextmanager
def replaced_whole(path: Path, prefix: str, *, suffix: str = "", encoding: str = "utf-8",
                   newline: str | None = None, fsync: bool = False) -> Iterator[TextIO]:
    """A text file to write ``path`` through: a temporary file in the same folder, put in
    its place when the block ends (flushed to the disk first with ``fsync``), removed if
    the block fails, so that a failure never leaves half a file."""
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline=newline) as out:
            yield out
            if fsync:
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
