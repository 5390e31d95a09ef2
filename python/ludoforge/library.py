"""The content library (one SQLite file, shared with ``ludoforge library`` and the studio)."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from .archive import Archive

Bounds = Union[float, int, Tuple[Optional[float], Optional[float]]]


class Library:
    """The content library in the file ``path`` (made on the first :meth:`add`)."""

    def __init__(self, path: Union[str, "os.PathLike[str]"]) -> None:
        self.path = os.fspath(path)

    def __repr__(self) -> str:
        return f"ludoforge.Library({self.path!r})"

    def add(self, item: Any) -> List[int]:
        """Keeps a :class:`~ludoforge.Result` (its result document and the files it made) or
        an :class:`~ludoforge.Archive` (each elite), or a result document given as a dict.
        Returns the rows' ids; content kept already is not kept twice (its id comes back).
        Raises ``ValueError`` for a document that is not a result."""
        if isinstance(item, Archive):
            document, files = item.to_bytes().decode(), []
        elif isinstance(item, Mapping):
            document, files = json.dumps(item), []
        elif hasattr(item, "result_bytes"):
            if item.result_bytes is None:
                raise ValueError("the result has no result document to keep")
            document = item.result_bytes.decode()
            files = [
                (role, item.media_types.get(role, "application/octet-stream"), data)
                for role, data in sorted(item.files.items())
            ]
        else:
            raise TypeError("add a ludoforge.Result, a ludoforge.Archive or a result document (dict)")
        ids, _added = _native.library_add(self.path, document, files)
        return list(ids)

    def rows(
        self,
        job: Optional[str] = None,
        where: Optional[Mapping[str, Bounds]] = None,
        sort: Optional[str] = None,
        limit: Optional[int] = None,
        generator: Optional[str] = None,
    ) -> List[Dict[str, Any]]:
        """The rows a query finds, as dicts: ``id``, ``job``, ``generator``, ``seed``,
        ``added`` and every number of the row by dotted path (``measures.dead_ends``).

        ``where`` keeps rows with each number in its bounds: ``{"min_moves": (38, 42)}`` (both
        ends included; ``None`` for an open end) or ``{"min_moves": 40}``; a key may be a
        number's last parts, as on the command line. ``sort`` is a key, smallest first, or
        ``"KEY:desc"``. Raises ``KeyError`` for a key the library has no number for, naming
        those it has."""
        wheres = [_range(key, bounds) for key, bounds in (where or {}).items()]
        text = _native.library_query(
            self.path, job=job, generator=generator, wheres=wheres, sort=sort, limit=limit
        )
        out = []
        for row in json.loads(text):
            flat = {k: row.get(k) for k in ("id", "job", "generator", "seed", "added")}
            flat.update(row.get("numbers", {}))
            out.append(flat)
        return out

    def query(self, *args: Any, **kwargs: Any):
        """As :meth:`rows`, as a pandas data frame indexed by id."""
        try:
            import pandas
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("query needs pandas: pip install pandas (or use rows())") from error
        rows = self.rows(*args, **kwargs)
        columns = ["id", "job", "generator", "seed", "added"]
        return pandas.DataFrame(rows, columns=_columns(rows, columns)).set_index("id")

    def get(self, id: int):
        """Row ``id`` as a :class:`~ludoforge.Result` (its result document and kept files).
        Raises ``KeyError`` when the library has no such row."""
        from . import Result

        document, files = _native.library_get(self.path, id)
        parsed = json.loads(document)
        made = {role: data for role, _, data in files}
        made["result"] = document.encode()
        return Result(
            parsed.get("job") or parsed.get("generator", ""),
            parsed.get("seed", 0),
            {},
            made,
            [],
            "done",
            {role: media for role, media, _ in files},
        )


def _range(key: str, bounds: Bounds) -> str:
    """A ``where`` entry in the command line's range forms."""
    if isinstance(bounds, (int, float)) and not isinstance(bounds, bool):
        return f"{key}={bounds!r}"
    if isinstance(bounds, Sequence) and len(bounds) == 2:
        low, high = bounds
        if low is not None and high is not None:
            return f"{key}={low!r}..{high!r}"
        if low is not None:
            return f"{key}>={low!r}"
        if high is not None:
            return f"{key}<={high!r}"
    raise ValueError(f"{key}: give a number or (low, high), either end None for an open one")


def _columns(rows: List[Dict[str, Any]], first: List[str]) -> List[str]:
    seen = list(first)
    for row in rows:
        for key in row:
            if key not in seen:
                seen.append(key)
    return seen
