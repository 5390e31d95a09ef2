"""Archives of an exploration (MAP-Elites over descriptors) as data: frames, arrays, elites."""

from __future__ import annotations

import json
import math
import os
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union


class Archive:
    """The archive an exploration filled: the file ``ludoforge explore -o`` writes.

    ``axes`` are the descriptors (each a dict: ``name``, ``low``, ``high``, ``cells``,
    ``unit``), ``elites`` one dict per filled cell (``cell``, ``coordinates``,
    ``descriptors``, ``fitness`` and the elite's ``result`` document), ``coverage`` the share
    of cells filled, ``qd_score`` the sum of the elites' fitness (less the offset),
    ``document`` the whole file as a dict. In a notebook an archive shows its heatmap.
    """

    def __init__(self, data: Union[bytes, str, Dict[str, Any]], heatmap: Optional[bytes] = None) -> None:
        if isinstance(data, dict):
            self.document = data
            self._bytes: Optional[bytes] = None
        else:
            self._bytes = data.encode() if isinstance(data, str) else data
            self.document = json.loads(self._bytes)
        if "axes" not in self.document or "elites" not in self.document:
            raise ValueError("not an archive: an explore job's result has axes and elites")
        self._heatmap = heatmap

    @property
    def axes(self) -> List[Dict[str, Any]]:
        return self.document["axes"]

    @property
    def descriptors(self) -> List[str]:
        """The descriptors' names, in the axes' order."""
        return [axis["name"] for axis in self.axes]

    @property
    def elites(self) -> List[Dict[str, Any]]:
        return self.document["elites"]

    @property
    def coverage(self) -> float:
        return self.document["coverage"]

    @property
    def qd_score(self) -> float:
        return self.document["qd_score"]

    @property
    def seed(self) -> int:
        return self.document["seed"]

    def __len__(self) -> int:
        return len(self.elites)

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return iter(self.elites)

    def __repr__(self) -> str:
        axes = " × ".join(f"{a['name']} ({a['cells']})" for a in self.axes)
        return (
            f"<ludoforge.Archive of {self.document.get('job')}: {len(self)} elites over {axes}, "
            f"coverage {self.coverage:.1%}, QD score {self.qd_score:g}>"
        )

    def cell_of(self, **values: float) -> int:
        """The number of the cell holding these descriptor values (the last axis fastest, as
        the archive numbers its cells); every descriptor must be given."""
        missing = [name for name in self.descriptors if name not in values]
        unknown = [name for name in values if name not in self.descriptors]
        if missing or unknown:
            raise KeyError(
                f"give a value for each descriptor, {', '.join(self.descriptors)}"
                + (f"; unknown: {', '.join(unknown)}" if unknown else "")
            )
        cell = 0
        for axis in self.axes:
            low, high, cells = axis["low"], axis["high"], axis["cells"]
            share = (float(values[axis["name"]]) - low) / (high - low)
            index = min(max(int(math.floor(share * cells)), 0), cells - 1)
            cell = cell * cells + index
        return cell

    def elite(self, **values: float) -> Optional[Dict[str, Any]]:
        """The elite of the cell holding these descriptor values (a dict: its ``result`` is
        the content's result document), or ``None`` when that cell is empty."""
        cell = self.cell_of(**values)
        return next((e for e in self.elites if e["cell"] == cell), None)

    def rows(self) -> List[Dict[str, Any]]:
        """One flat dict an elite: ``cell``, each descriptor, ``fitness``, and the numbers of
        its result document (nested ones joined with dots: ``measures.dead_ends``)."""
        out = []
        for elite in self.elites:
            row: Dict[str, Any] = {"cell": elite["cell"]}
            row.update(elite["descriptors"])
            row["fitness"] = elite["fitness"]
            for name, value in _numbers(elite.get("result", {})):
                row.setdefault(name, value)
            out.append(row)
        return out

    def to_pandas(self):
        """The elites as a pandas data frame, one row each (see :meth:`rows`), indexed by cell."""
        try:
            import pandas
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas needs pandas: pip install pandas") from error
        return pandas.DataFrame(self.rows()).set_index("cell")

    def as_arrays(self) -> Dict[str, Any]:
        """numpy arrays: ``cells`` (n), ``descriptors`` (n × axes, in the axes' order) and
        ``fitness`` (n)."""
        try:
            import numpy
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("as_arrays needs numpy: pip install numpy") from error
        names = self.descriptors
        return {
            "cells": numpy.array([e["cell"] for e in self.elites], dtype=numpy.int64),
            "descriptors": numpy.array(
                [[e["descriptors"][n] for n in names] for e in self.elites], dtype=numpy.float64
            ).reshape(len(self.elites), len(names)),
            "fitness": numpy.array([e["fitness"] for e in self.elites], dtype=numpy.float64),
        }

    def heatmap(self) -> Optional[str]:
        """The archive's heatmap (SVG), as the explore job draws it, when the run made it."""
        return self._heatmap.decode("utf-8") if self._heatmap is not None else None

    def _repr_svg_(self) -> Optional[str]:
        return self.heatmap()

    def to_bytes(self) -> bytes:
        """The archive file's bytes, as ``ludoforge explore -o`` writes them."""
        if self._bytes is None:
            return json.dumps(self.document).encode()
        return self._bytes

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the archive file (the command line's ``explore --archive`` reads it)."""
        with open(path, "wb") as out:
            out.write(self.to_bytes())

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Archive":
        """Reads an archive file ``ludoforge explore -o`` (or :meth:`save`) wrote."""
        with open(path, "rb") as file:
            return cls(file.read())


#: Fields of a result document that describe the run rather than the content.
_NOT_CONTENT = {"params", "parameters", "settings", "run", "seed", "version", "generator"}


def _numbers(document: Any, prefix: str = "", depth: int = 0) -> Iterator[Tuple[str, Any]]:
    """The numeric and boolean fields of a result document's content, two levels deep."""
    if not isinstance(document, dict) or depth > 1:
        return
    for name, value in document.items():
        if depth == 0 and name in _NOT_CONTENT:
            continue
        key = f"{prefix}{name}"
        if isinstance(value, bool) or (isinstance(value, (int, float)) and not isinstance(value, bool)):
            yield key, value
        elif isinstance(value, dict):
            yield from _numbers(value, key + ".", depth + 1)
