"""Ask and tell over game content: the generator breeds, you score.

    >>> import ludoforge
    >>> search = ludoforge.Search("puzzle-chromatic", batch=8, seed=1)
    >>> mazes = search.ask()              # 8 solvable chromatic mazes, bred by the generator
    >>> mazes[0]["kind"], mazes[0].board.shape
    ('chromatic', (8, 8))
    >>> search.tell([float((m.board == 0).sum()) for m in mazes])   # your own score: red squares
    >>> search.iteration
    1

A :class:`Search` breeds candidates with the generator's own initialisation, crossover and
mutation, each already checked valid by the generator's own check; you score them with any
Python function and tell the scores back. With a :class:`GridArchive` it is MAP-Elites (tell
descriptors too); without one it keeps the ``keep`` best candidates told so far and breeds
from them by tournaments (a (μ + λ) search). The same seed and the same told scores give the
same candidates on any number of threads, and after :meth:`Search.save` and
:meth:`Search.load`. The generator's own evaluation stays at hand: :meth:`Search.evaluate`.

The ``"vector"`` generator is a plain real-valued genome varied as pyribs' Gaussian emitter
(``dims``, ``x0``, ``sigma``, ``bounds``): its :meth:`Search.ask` returns a numpy array of
shape ``(batch, dims)``, as pyribs' ``scheduler.ask()`` does.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native

__all__ = ["Candidate", "GridArchive", "Search", "generators"]


def generators() -> List[Tuple[str, str]]:
    """The generators a :class:`Search` can breed, as ``(name, what its candidates are)``."""
    return [tuple(g) for g in _native.search_generators()]


class GridArchive:
    """A MAP-Elites grid: ``dims`` cells along each descriptor over ``ranges``.

    ``GridArchive([100, 100], [(-10.24, 10.24), (-10.24, 10.24)])`` is pyribs' sphere
    example's archive. Descriptor values outside a range go to its edge cells. ``names``
    label the axes (default ``d0``, ``d1``, …). Two or three descriptors.
    """

    def __init__(
        self,
        dims: Sequence[int],
        ranges: Sequence[Tuple[float, float]],
        names: Optional[Sequence[str]] = None,
    ) -> None:
        self.dims = [int(d) for d in dims]
        self.ranges = [(float(lo), float(hi)) for lo, hi in ranges]
        self.names = list(names) if names is not None else []

    def _spec(self) -> Dict[str, Any]:
        return {"dims": self.dims, "ranges": [list(r) for r in self.ranges], "names": self.names}

    def __repr__(self) -> str:
        return f"GridArchive({self.dims!r}, {self.ranges!r})"


class Candidate(dict):
    """A candidate: the generator's content document (this dict), and for a maze its
    ``board`` as a numpy array of integers (top rank first; the generator's docs say what
    the numbers mean), else ``None``."""

    board: Any

    def __init__(self, document: Dict[str, Any], board: Any = None) -> None:
        super().__init__(document)
        self.board = board


_numpy = None


def _np():
    """numpy, imported once (a search's arrays are numpy's)."""
    global _numpy
    if _numpy is None:
        import numpy

        _numpy = numpy
    return _numpy


def _float_bytes(values: Any, what: str) -> Tuple[bytes, int, int]:
    """``values`` (numpy or nested lists) as little-endian float64 bytes, with rows and width."""
    array = _np().asarray(values, dtype="<f8")
    if array.ndim == 0 or array.ndim > 2:
        raise ValueError(f"{what}: give one number per candidate (or one row of numbers)")
    width = 1 if array.ndim == 1 else array.shape[1]
    return array.tobytes(), array.shape[0], width


_TOLD = ("new", "improved", "not_added", "rejected", "invalid", "new_best")


class Search:
    """Ask and tell over ``generator``'s content (see the module's description).

    - ``generator``: one of :func:`generators` (``"puzzle-chess"``, ``"vector"``, …).
    - ``params``: the generator's parameters, as its job takes them (a dict; ``None`` for
      every default). Bad ones raise ``ValueError`` with the job's words.
    - ``archive``: a :class:`GridArchive` for MAP-Elites, or ``None``.
    - ``batch``: candidates a batch; ``seed``: the master seed; ``maximise``: whether a
      higher fitness is better; ``keep``: candidates kept without an archive (default the
      batch); ``crossover``: the chance a child crosses two parents (default 0.5 without an
      archive, 0 with one, as pyribs' emitter); ``max_mutations``: the most mutations a child
      gets (1 to this many); ``threads``: worker threads (default all).
    """

    def __init__(
        self,
        generator: str,
        params: Optional[Dict[str, Any]] = None,
        archive: Optional[GridArchive] = None,
        batch: int = 32,
        seed: int = 0,
        maximise: bool = True,
        keep: Optional[int] = None,
        crossover: Optional[float] = None,
        max_mutations: int = 1,
        threads: Optional[int] = None,
        _native_search: Any = None,
    ) -> None:
        self.archive = archive
        if _native_search is not None:
            self._native = _native_search
            return
        if crossover is None:
            crossover = 0.0 if archive is not None else 0.5
        options = {
            "batch": int(batch),
            "seed": int(seed),
            "maximise": bool(maximise),
            "archive": archive._spec() if archive is not None else None,
            "keep": keep,
            "crossover": float(crossover),
            "max_mutations": int(max_mutations),
        }
        self._native = _native.Search(
            generator,
            json.dumps(params) if params is not None else None,
            json.dumps(options),
            threads,
        )

    @property
    def generator(self) -> str:
        """The generator's name."""
        return self._native.generator()

    @property
    def iteration(self) -> int:
        """Batches told so far."""
        return self._native.iteration()

    def ask(self) -> Union[List[Candidate], Any]:
        """The next batch: a list of :class:`Candidate` (content documents), or for the
        ``"vector"`` generator a numpy array ``(batch, dims)``. Asking again before telling
        gives the same batch."""
        count, documents, boards, vectors = self._native.ask()
        if vectors is not None:
            data, dims = vectors
            # A fresh bytearray: the array takes it over, writable, without a copy.
            return _np().frombuffer(data, dtype="<f8").reshape(count, dims)
        documents = json.loads(documents) if documents is not None else [None] * count
        out = []
        for document, board in zip(documents, boards):
            array = None
            if board is not None:
                rows, cols, data = board
                array = _np().frombuffer(data, dtype="<i4").reshape(rows, cols).copy()
            out.append(Candidate(document if document is not None else {}, array))
        return out

    def tell(self, fitness: Any, descriptors: Any = None) -> None:
        """Tells the scores of the batch asked, in its order: ``fitness`` one number per
        candidate, ``descriptors`` (with an archive) one row per candidate. numpy arrays or
        lists. A NaN fitness or descriptor drops that candidate."""
        data, count, _ = _float_bytes(fitness, "fitness")
        if descriptors is None:
            self._last = self._native.tell(data)
            return
        ddata, rows, width = _float_bytes(descriptors, "descriptors")
        if rows != count:
            raise ValueError(
                f"descriptors: {rows} rows for {count} fitness values: give one row per candidate"
            )
        self._last = self._native.tell(data, ddata, width)

    def evaluate(self) -> List[Dict[str, Any]]:
        """The generator's own evaluation of the batch asked (before :meth:`tell`): for each
        candidate ``{"fitness", "components", "descriptors"}`` or ``{"rejected": reason}``.
        It may be slow (a Risk variant's playtests); Ctrl-C stops it before the next
        candidate and raises ``KeyboardInterrupt``, leaving the batch as it was."""
        return json.loads(self._native.evaluate())

    @property
    def best(self) -> Optional[Tuple[Any, float]]:
        """The best candidate told so far (its document) and its fitness, or ``None``."""
        found = self._native.best()
        if found is None:
            return None
        document, fitness = found
        return json.loads(document), fitness

    @property
    def elites(self) -> List[Dict[str, Any]]:
        """With an archive, its elites: ``cell``, ``index`` (per axis), ``descriptors``,
        ``fitness`` and ``content`` (the document); else an empty list."""
        found = self._native.elites()
        return json.loads(found) if found is not None else []

    @property
    def stats(self) -> Dict[str, Any]:
        """With an archive ``elites``, ``coverage``, ``qd_score`` and ``best``; without one
        ``kept`` and ``best``."""
        return json.loads(self._native.stats())

    @property
    def told(self) -> Dict[str, Any]:
        """What the last :meth:`tell` did: ``new`` (cells filled, or candidates kept without an
        archive), ``improved`` (elites replaced), ``not_added``, ``rejected`` (candidates the
        generator could not make valid, left out of the batch), ``invalid`` (NaN scores) and
        ``new_best``."""
        last = getattr(self, "_last", None)
        return dict(zip(_TOLD, last)) if last is not None else {}

    def heatmap(self) -> Optional[str]:
        """With an archive, its heatmap (SVG) as the exploration jobs draw theirs: the first
        descriptor across, the second up, each cell coloured by its elite's fitness. A
        notebook shows a search with an archive as this picture."""
        return self._native.heatmap()

    def _repr_svg_(self) -> Optional[str]:
        return self.heatmap()

    def to_pandas(self):
        """With an archive, its elites as a pandas DataFrame: one row an elite, with its cell,
        index, descriptors (by axis name), fitness and content."""
        import pandas

        names = (self.archive.names if self.archive is not None else []) or []
        rows = []
        for e in self.elites:
            row = {"cell": e["cell"], "fitness": e["fitness"]}
            for i, value in enumerate(e["descriptors"]):
                name = names[i] if i < len(names) else f"d{i}"
                row[name] = value
                row[f"{name}_index"] = e["index"][i]
            row["content"] = e["content"]
            rows.append(row)
        return pandas.DataFrame(rows)

    def save(self, path: str) -> None:
        """Saves the whole search (settings, archive or population, the batch asked) to
        ``path``; :meth:`load` goes on from it with the same candidates."""
        with open(path, "wb") as f:
            f.write(self._native.save())

    @classmethod
    def load(cls, path: str, threads: Optional[int] = None) -> "Search":
        """A search saved by :meth:`save`."""
        with open(path, "rb") as f:
            data = f.read()
        native = _native.Search.load(data, threads)
        options = json.loads(data).get("options", {})
        grid = options.get("archive")
        archive = (
            GridArchive(grid["dims"], grid["ranges"], grid.get("names") or None) if grid else None
        )
        return cls(native.generator(), archive=archive, _native_search=native)

    def __repr__(self) -> str:
        return f"Search({self.generator!r}, iteration={self.iteration}, {self.stats})"
