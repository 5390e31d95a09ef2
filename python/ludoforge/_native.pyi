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

def search_generators() -> List[Tuple[str, str]]:
    """``(name, what its candidates are)`` of every generator a :class:`Search` can breed."""

class Search:
    """Ask and tell over a generator's content; ``ludoforge.Search`` wraps it with numpy.
    Numbers cross as little-endian bytes: ``float64`` for fitness, descriptors and vectors,
    ``int32`` for boards."""

    def __init__(
        self, generator: str, params: Optional[str], options: str, threads: Optional[int] = None
    ) -> None:
        """A new search over ``generator``'s content made from ``params`` (JSON text, ``None``
        for every default), with the search's ``options`` (JSON text: batch, seed, maximise,
        archive, keep, crossover, max_mutations). Raises ``ValueError`` with the job's words."""

    @staticmethod
    def load(bytes: bytes, threads: Optional[int] = None) -> "Search":
        """A search saved by :meth:`save`. Raises ``ValueError`` for bytes that are not one."""

    def generator(self) -> str:
        """The generator's name."""

    def ask(
        self,
    ) -> Tuple[
        int,
        Optional[str],
        List[Optional[Tuple[int, int, bytes]]],
        Optional[Tuple[bytearray, int]],
    ]:
        """The next batch (the same until told): how many candidates, their documents (JSON
        text; ``None`` for the vector genome), their boards as ``(rows, cols, int32 bytes)``,
        and for the vector genome all numbers as one ``float64`` buffer (a new ``bytearray``,
        the caller's to keep) with the coordinates each. Raises ``RuntimeError`` when the generator made no valid candidate."""

    def tell(
        self, fitness: bytes, descriptors: Optional[bytes] = None, width: int = 0
    ) -> Tuple[int, int, int, int, int, bool]:
        """Tells the batch's scores (``float64`` bytes; descriptors ``width`` a candidate,
        row by row). Returns new, improved, not added, rejected, invalid and whether the best
        improved. Raises ``ValueError`` when they do not match the batch."""

    def evaluate(self) -> str:
        """The generator's own evaluation of the batch asked, as JSON text (a list). Ctrl-C
        stops it before the next candidate and raises ``KeyboardInterrupt``."""

    def best(self) -> Optional[Tuple[str, float]]:
        """The best candidate told so far: its document (JSON text) and fitness."""

    def elites(self) -> Optional[str]:
        """The archive's elites as JSON text, or ``None`` without a grid."""

    def stats(self) -> str:
        """Coverage and QD score, or the kept population's size and best (JSON text)."""

    def heatmap(self) -> Optional[str]:
        """The archive's heatmap (SVG), or ``None`` without a grid."""

    def iteration(self) -> int:
        """Batches told so far."""

    def save(self) -> bytes:
        """The whole search, for :meth:`load`."""
