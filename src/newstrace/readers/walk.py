"""Folder scans: the files of the input paths, with --exclude patterns and store files left out."""

from __future__ import annotations

import fnmatch
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

#: Bytes 8-11 of a DuckDB database file (its main header's magic).
DUCKDB_MAGIC = b"DUCK"
#: Files and folders DuckDB keeps beside a database ``X``: ``X.wal`` (write-ahead log) and ``X.tmp`` (spill folder).
STORE_COMPANIONS = (".wal", ".tmp")


@dataclass(frozen=True)
class ExcludePattern:
    """One ``--exclude`` pattern, read the way ``.gitignore`` reads one.

    - A pattern with no slash but a trailing one (``expected``, ``expected/``, ``*.md``)
      matches the name of a file or of a folder at any depth; a folder matched excludes
      every file under it. A trailing slash (``expected/``) matches folders only.
    - A pattern with a slash elsewhere (``notes/*``, ``data/raw``, ``/expected``) is matched
      against the path inside the scanned folder, of the file and of each folder above it
      (a leading slash only anchors it there); ``**/`` at its start also matches at the top.
    - Wildcards are :mod:`fnmatch`'s: ``*`` and ``?`` (which also cross slashes), ``[seq]``.

    Source: the pattern format of git's ``gitignore(5)``, without negation (``!``).
    """

    glob: str
    anchored: bool
    dir_only: bool

    @classmethod
    def parse(cls, pattern: str) -> ExcludePattern:
        """Read one pattern as typed (``expected/``, ``*.md``, ``notes/*``)."""
        dir_only = pattern.endswith("/")
        glob = pattern.strip("/") if pattern.strip("/") else pattern
        return cls(glob, anchored="/" in pattern.rstrip("/"), dir_only=dir_only)

    def excludes(self, rel: PurePosixPath) -> bool:
        """True when the file at ``rel`` (its path inside the scanned folder) or a folder above it matches."""
        folders = [PurePosixPath(*rel.parts[:k]) for k in range(1, len(rel.parts))]
        targets = folders if self.dir_only else [*folders, rel]
        if not self.anchored:
            return any(fnmatch.fnmatch(t.name, self.glob) for t in targets)
        globs = [self.glob, self.glob[3:]] if self.glob.startswith("**/") else [self.glob]
        return any(fnmatch.fnmatch(t.as_posix(), g) for t in targets for g in globs)


def iter_files(paths: Iterable[str | Path], exclude: Iterable[str] = (), skip: Iterable[str | Path] = ()) -> Iterator[Path]:
    """Expand files and folders (recursively, sorted, hidden files skipped) into files.

    Every non-hidden entry of a folder that is not itself a folder is yielded, including
    broken symbolic links, named pipes and devices, so that :func:`newstrace.readers.read_path`
    reports them (E100) instead of a folder scan skipping them silently. Store files are left
    out of a folder scan: the files named in ``skip`` and any DuckDB database met (found by
    its magic bytes), with their ``.wal`` and ``.tmp`` companions, so ``ingest .`` run where
    its store lives never reads the store as input.

    Args:
        paths: files and folders; a file named here is always yielded.
        exclude: ``--exclude`` patterns (see :class:`ExcludePattern`: ``*.md``, ``expected``,
            ``expected/``, ``notes/*``); the files of a folder scan they match are skipped.
        skip: store files (the ``--store`` path) to leave out of folder scans, with their companions.

    Returns:
        An iterator of paths: each file named in ``paths``, and the files of each folder in sorted order.
    """
    patterns = [ExcludePattern.parse(p) for p in exclude]
    stores = {_key(Path(s)) for s in skip}
    for p in paths:
        p = Path(p)
        if not p.is_dir():
            yield p
            continue
        for child in sorted(p.rglob("*")):
            rel = child.relative_to(p)
            if child.is_dir() or any(part.startswith(".") for part in rel.parts):
                continue
            posix = PurePosixPath(rel.as_posix())
            if any(pat.excludes(posix) for pat in patterns) or is_store_file(child, stores):
                continue
            yield child


def is_store_file(path: Path, stores: set[str] = frozenset()) -> bool:
    """True for a store file or one of its companions: never article input.

    Args:
        path: a file met in a folder scan.
        stores: resolved paths of known store files (``--store``), which may not exist yet.

    Returns:
        True when ``path`` is one of ``stores``, a DuckDB database (bytes 8-11 ``DUCK``), or
        ``X.wal`` / a file under ``X.tmp/`` beside such an ``X``.
    """
    if _key(path) in stores or _is_duckdb(path):
        return True
    for folder in (path, *path.parents):  # X.wal itself, or a file somewhere under X.tmp/
        name = folder.name
        for suffix in STORE_COMPANIONS:
            if name.endswith(suffix) and (folder is path) == (suffix == ".wal"):
                base = folder.with_name(name[: -len(suffix)])
                if _key(base) in stores or _is_duckdb(base):
                    return True
    return False


def _is_duckdb(path: Path) -> bool:
    """True for a regular file with DuckDB's magic bytes; files named as article formats are not opened."""
    from newstrace.readers import SUFFIX_FORMATS

    name = path.name.lower().removesuffix(".gz")
    if name.endswith(tuple(SUFFIX_FORMATS)):
        return False  # a .txt or .jsonl is read as what it says (and reported if it is binary)
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # opening a named pipe would block
            return False
        with path.open("rb") as fh:
            return fh.read(12)[8:] == DUCKDB_MAGIC
    except OSError:  # missing, a broken link, unreadable
        return False


def _key(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())


__all__ = ["iter_files", "is_store_file", "ExcludePattern", "DUCKDB_MAGIC"]
