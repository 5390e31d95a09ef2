"""The cost of scoring Risk variants in Python: what a candidate's round trip to a Python
scorer costs beside the work the search does in Rust and beside the generator's own
evaluation (playtests between agents).

A `ludoforge.Search("risk-design")` (the (μ + λ) search, batch 32) runs for --batches batches,
scored by a designer's rule of thumb written in Python (examples/python/risk_variants.ipynb's
`score`). Each batch is timed in parts, per candidate:

- breeding: the native ask, breeding and checking the batch in Rust and writing each variant's
  document (JSON text), and the native tell, without the interpreter's lock;
- crossing: turning the documents into Python dicts (json.loads) and the scores into bytes;
- scoring: the Python function itself;
- and, on the first batches only (--playtested), the generator's own evaluation of a batch in
  Rust (`search.evaluate()`: its playtests), for scale.

    PYTHONPATH=python python scripts/python_scorer_cost.py [--batches 200] [--playtested 2]

Run it with the package built optimised (`pip install .`, or the native module of
`cargo build --profile python -p ludoforge-python` copied to python/ludoforge/_native.abi3.so).
"""

import argparse
import json
import time

import numpy as np

import ludoforge


def score(variant):
    """A continent's bonus against how hard it is to hold (its frontier); 0 is fair."""
    board = variant["map"]
    neighbours = {}
    for a, b in board["borders"] + board.get("one_way", []):
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    misses = []
    for continent in board["continents"]:
        members = set(continent["territories"])
        frontier = [t for t in members if neighbours.get(t, set()) - members]
        fair = (len(members) / 2 + len(frontier)) / 2
        misses.append(abs(continent["bonus"] - fair))
    return 0.0 - float(np.mean(misses))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--playtested", type=int, default=2, help="batches evaluated by playtests")
    args = parser.parse_args()

    search = ludoforge.Search("risk-design", batch=args.batch, seed=1)
    native = search._native
    breeding = crossing = scoring = playtests = 0.0
    candidates = playtested = 0
    for b in range(args.batches):
        t0 = time.perf_counter()
        count, documents, _, _ = native.ask()
        t1 = time.perf_counter()
        variants = json.loads(documents)
        t2 = time.perf_counter()
        scores = [score(v) for v in variants]
        t3 = time.perf_counter()
        data = np.asarray(scores, dtype="<f8").tobytes()
        t4 = time.perf_counter()
        if b < args.playtested:
            search.evaluate()
            playtested += count
        t5 = time.perf_counter()
        native.tell(data)
        t6 = time.perf_counter()
        breeding += (t1 - t0) + (t6 - t5)
        crossing += (t2 - t1) + (t4 - t3)
        scoring += t3 - t2
        playtests += t5 - t4
        candidates += count
    us = 1e6 / candidates
    print(f"{candidates} Risk variants in {args.batches} batches of {args.batch}; per candidate:")
    print(f"  breeding and checking in Rust, documents written: {breeding * us:8.1f} us")
    print(f"  crossing to Python and back (json.loads, bytes):  {crossing * us:8.1f} us")
    print(f"  the Python scorer:                                {scoring * us:8.1f} us")
    if playtested:
        print(
            f"  the generator's own evaluation (playtests, Rust): "
            f"{playtests * 1e6 / playtested:8.1f} us  ({playtested} candidates)"
        )
    print(f"best score {search.best[1]:.3f}")


if __name__ == "__main__":
    main()
