"""The native module under ``ludoforge``: call the package's functions rather than these."""

from typing import Callable, List, Optional, Tuple

__version__: str

def jobs() -> List[Tuple[str, str]]:
    """``(id, title)`` of every job, in the command line's order."""

def describe(job: str) -> str:
    """The job's parameters as a JSON Schema, as JSON text. Raises ``KeyError`` for an
    unknown job."""

def fresh_seed() -> int:
    """A fresh seed, drawn as the command line draws one."""

def run(
    job: str,
    params: Optional[str],
    seed: int,
    wants: List[str],
    threads: Optional[int] = None,
    paper: Optional[str] = None,
    progress: Optional[Callable[[str], object]] = None,
) -> Tuple[str, List[Tuple[str, str, bytes]], List[str], str]:
    """Runs ``job`` with ``params`` (JSON text, ``None`` for every default) from ``seed``,
    making the files of the roles in ``wants`` besides the result; returns the summary (JSON
    text), the files as ``(role, media type, bytes)``, the notes and the ending. ``progress``
    gets each progress event as JSON text. The interpreter's lock is released while the job
    works; a signal (Ctrl-C) stops the run and raises."""

def library_add(path: str, document: str, files: List[Tuple[str, str, bytes]]) -> Tuple[List[int], int]:
    """Keeps a result document (JSON text) with its files, or an archive's elites, in the
    library at ``path``; returns the rows' ids and how many were new."""

def library_query(
    path: str,
    job: Optional[str] = None,
    generator: Optional[str] = None,
    wheres: List[str] = ...,
    sort: Optional[str] = None,
    limit: Optional[int] = None,
) -> str:
    """The rows a query finds, as JSON text; ``wheres`` in the command line's range forms."""

def library_get(path: str, id: int) -> Tuple[str, List[Tuple[str, str, bytes]]]:
    """Row ``id``: its document (JSON text) and its files."""
