"""The game's own files: written so that a crash or a kill leaves the old file or the new one, never half of
one; read only when they are regular files, so that a FIFO or a device in their place never blocks a launch."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from io import BufferedReader
from pathlib import Path

from boggle_tui.i18n import _

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # Windows has no FIFOs to wait on


class NotRegularFile(OSError):
    """A FIFO, a device, a socket or a folder where a file of the game's should be."""


def open_regular(path: Path) -> BufferedReader:
    """The file at `path` open for reading, or NotRegularFile (an OSError) when it is not a regular file.

    Looked at before it is opened (a device is never opened), and again once open, without waiting: a FIFO
    opened for reading waits for a writer, forever, and a file swapped for one in between is caught.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotRegularFile(errno.EINVAL, _("not a regular file"), str(path))
    fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, _("not a regular file"), str(path))
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def write_bytes_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))
