"""ludoforge designs game content by evolution: every job of the command line, from Python.

    >>> import ludoforge
    >>> result = ludoforge.run("puzzle-chess", seed=5)
    >>> result.summary["min_moves"] > 0
    True

A run works without holding the interpreter's lock, and Ctrl-C (KeyboardInterrupt) stops it
within a second, as on the command line. The same job, parameters and seed give the same bytes
as ``ludoforge run JOB --seed S``.
"""

from __future__ import annotations

import html
import json
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional

from . import _native
from .archive import Archive

__all__ = [
    "Archive",
    "Candidate",
    "GridArchive",
    "Job",
    "Library",
    "Result",
    "Search",
    "describe",
    "explore",
    "jobs",
    "run",
    "__version__",
]
__version__: str = _native.__version__


class Job:
    """A job: its ``id`` (what :func:`run` takes) and its ``title``."""

    __slots__ = ("id", "title")

    def __init__(self, id: str, title: str) -> None:
        self.id = id
        self.title = title

    def __repr__(self) -> str:
        return f"Job({self.id!r}, {self.title!r})"


def jobs() -> List[Job]:
    """Every job this build offers, in the command line's order (``ludoforge list``)."""
    return [Job(id, title) for id, title in _native.jobs()]


def describe(job: str) -> Dict[str, Any]:
    """The parameters of ``job`` as a JSON Schema (a dict), with defaults and bounds.

    Raises ``KeyError`` naming the jobs when there is no such job.
    """
    return json.loads(_native.describe(job))


class Result:
    """What a run made.

    ``summary`` is the command line's summary line as a dict, ``result`` the result file
    (a dict, or ``None`` when the job's result is not JSON), ``seed`` the seed used, ``files``
    the files asked for by role (``"svg"``, ``"png"``, ``"pdf"``, ...) as bytes, ``notes`` the
    lines the command line prints after the summary, and ``ending`` how the run ended
    (``"done"``, ``"interrupted"``, ``"target-missed"``, ...). In a notebook a result that has
    its ``svg`` shows it.
    """

    __slots__ = (
        "job",
        "seed",
        "summary",
        "result",
        "result_bytes",
        "files",
        "media_types",
        "notes",
        "ending",
    )

    def __init__(
        self,
        job: str,
        seed: int,
        summary: Dict[str, Any],
        files: Dict[str, bytes],
        notes: List[str],
        ending: str,
        media_types: Optional[Dict[str, str]] = None,
    ) -> None:
        self.job = job
        self.seed = seed
        self.summary = summary
        self.result_bytes: Optional[bytes] = files.pop("result", None)
        try:
            self.result = json.loads(self.result_bytes) if self.result_bytes else None
        except ValueError:
            self.result = None
        self.files = files
        #: Each file's media type, by role (``"image/svg+xml"``, ...).
        self.media_types = dict(media_types or {})
        self.media_types.pop("result", None)
        self.notes = notes
        self.ending = ending

    def __repr__(self) -> str:
        files = ", ".join(sorted(self.files))
        return f"<ludoforge.Result of {self.job}, seed {self.seed}, {self.ending}; files: {files or 'none'}>"

    def _repr_svg_(self) -> Optional[str]:
        svg = self.files.get("svg")
        return svg.decode("utf-8") if svg is not None else None

    def _repr_html_(self) -> str:
        """The picture (when made) over the summary, for a notebook."""
        summary = html.escape(json.dumps(self.summary, indent=1))
        picture = self._repr_svg_() or ""
        return (
            f"<div><div>{picture}</div>"
            f"<details><summary>{html.escape(self.job)}, seed {self.seed}: {html.escape(self.ending)}"
            f"</summary><pre>{summary}</pre></details></div>"
        )


def run(
    job: str,
    params: Optional[Mapping[str, Any]] = None,
    seed: Optional[int] = None,
    files: Iterable[str] = ("svg",),
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
    threads: Optional[int] = None,
    paper: Optional[str] = None,
) -> Result:
    """Runs ``job`` with ``params`` (a dict; those left out take their defaults, see
    :func:`describe`) from ``seed`` (a fresh one when ``None``, kept in ``Result.seed``).

    ``files`` names the files to make besides the result, by role: ``"svg"`` (the picture,
    the default), ``"png"``, ``"pdf"`` (pages to print, on ``paper`` ``"a4"`` or
    ``"letter"``), ``"text"``, and each job's own (``ludoforge describe`` and the usage page
    list them). ``progress`` is called with each progress event, a dict such as
    ``{"event": "advance", "done": 120, "best": 31.0}``. ``threads`` sets the worker threads
    (the content does not depend on it).

    Raises ``ValueError`` with the job's message for parameters or input it refuses,
    ``KeyError`` for an unknown job, ``KeyboardInterrupt`` when interrupted (the run is
    stopped first), and ``RuntimeError`` when the run fails.
    """
    if seed is None:
        seed = _native.fresh_seed()
    if isinstance(files, str):
        files = (files,)
    text = None if params is None else json.dumps(params)
    callback = None
    if progress is not None:
        callback = lambda event: progress(json.loads(event))  # noqa: E731
    summary, made, notes, ending = _native.run(
        job, text, seed, list(files), threads=threads, paper=paper, progress=callback
    )
    return Result(
        job,
        seed,
        json.loads(summary),
        {role: bytes_ for role, _, bytes_ in made},
        list(notes),
        ending,
        {role: media for role, media, _ in made},
    )


def explore(
    job: str,
    params: Optional[Mapping[str, Any]] = None,
    descriptors: Optional[List[str]] = None,
    evaluations: Optional[int] = None,
    cells: Optional[List[int]] = None,
    seed: Optional[int] = None,
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
    threads: Optional[int] = None,
) -> Archive:
    """Explores ``job``'s content with MAP-Elites over ``descriptors`` (two or three; the job's
    first two when ``None``) for ``evaluations`` candidates, and returns the :class:`Archive`:
    the same as ``ludoforge explore JOB --descriptors ... --evaluations N --seed S -o F``.

    ``job`` is a generator (``"puzzle-chess"``, ``"portals"``, ``"gloomhaven"``,
    ``"risk-design"``, ...) or its explore job (``"puzzle-chess-explore"``); ``params`` are the
    explore job's parameters (``ludoforge.describe("puzzle-chess-explore")``), ``cells`` the
    cells per axis. Refusals raise ``ValueError`` with the job's words.
    """
    explore_job = job if job.endswith("-explore") else f"{job}-explore"
    settings: Dict[str, Any] = dict(params or {})
    exploration = dict(settings.get("explore", {}))
    if descriptors is not None:
        exploration["descriptors"] = list(descriptors)
    if evaluations is not None:
        exploration["evaluations"] = evaluations
    if cells is not None:
        exploration["cells"] = list(cells)
    if exploration:
        settings["explore"] = exploration
    result = run(explore_job, settings, seed=seed, files=("svg",), progress=progress, threads=threads)
    return Archive(result.result_bytes, heatmap=result.files.get("svg"))


from .library import Library  # noqa: E402  (it builds on Result)
from .search import Candidate, GridArchive, Search  # noqa: E402
