"""Executes every notebook under examples/python with nbclient, as a reader would run it top
to bottom, and fails on the first cell that raises. Outputs are not written back: the
notebooks are kept without them.

    python scripts/run-notebooks.py [NOTEBOOK ...]
"""
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[1]


def main():
    paths = [pathlib.Path(p) for p in sys.argv[1:]] or sorted((ROOT / "examples" / "python").glob("*.ipynb"))
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        if any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"):
            sys.exit(f"{path}: keep the notebook without outputs (clear them before committing)")
        start = time.perf_counter()
        NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
        shown = sum(len(cell.get("outputs", [])) for cell in notebook.cells if cell.cell_type == "code")
        print(f"{path.relative_to(ROOT)}: {len(notebook.cells)} cells ran in {time.perf_counter() - start:.1f} s, {shown} outputs")


if __name__ == "__main__":
    main()
