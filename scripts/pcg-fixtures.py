#!/usr/bin/env python3
"""Make the agreement fixtures of crates/pcgbench with the PCG Benchmark's own code.

Each fixture holds contents drawn at random (half uniformly from the content space, half sparse
contents with a few of each special tile, so the playable paths and solvers are exercised) and,
for each, what the benchmark answers: `info`, quality, controllability for a control drawn from
the control space, and the diversity against the next content. Sets of contents are scored with
`env.evaluate`. The Rust tests read these files and must give the same numbers.

Usage (with the benchmark installed: `pip install -e <checkout of amidos2006/pcg_benchmark>`):

    python3 scripts/pcg-fixtures.py [--count N] [--sets N] PROBLEM...
    python3 scripts/pcg-fixtures.py --from SET.json... [--sets N]

Writes crates/pcgbench/tests/fixtures/PROBLEM.jsonl.gz. The first line records the benchmark's
commit (from its checkout) and the versions used. With --from, the contents and controls are
those of ludoforge set files (`pcg-evolve`'s result, `pcg-explore`'s `set`) of one problem,
and the fixture is PROBLEM-ludoforge.jsonl.gz: the benchmark's answers on generated contents.
"""
import argparse
import gzip
import json
import os
import platform
import subprocess
import sys

import numpy as np
import pcg_benchmark

# Sparse contents: a share of solid tiles drawn from a range, then special tiles placed at random.
# Each group is (tiles, fewest, most): one count is drawn per group and every tile of the group gets
# that many copies (sokoban's crates and targets come in equal numbers, so its solver runs).
SPARSE = {
    "binary": ((0.05, 0.6), []),
    "zelda": ((0.05, 0.5), [((2,), 0, 2), ((3,), 0, 2), ((4,), 0, 2), ((5,), 0, 14)]),
    "sokoban": ((0.0, 0.4), [((2,), 1, 1), ((3, 4), 1, 3)]),
    "mdungeons": ((0.0, 0.3), [((2,), 1, 1), ((3,), 1, 1), ((4,), 0, 4), ((5,), 0, 6), ((6,), 0, 12), ((7,), 0, 6), ((2, 3), 0, 1)]),
}


def plain(value):
    """JSON-ready copy: numpy scalars and arrays, tuples and dicts made plain."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


def family(name):
    return name.split("-")[0]


def content_shape(env):
    rows = env.content_space._value
    return (len(rows), len(rows[0]))


def draw(env, name, rng, sparse):
    shape = content_shape(env)
    tiles = env.content_space._value[0][0]._max_value
    if not sparse:
        return rng.integers(0, tiles, size=shape).tolist()
    (low, high), groups = SPARSE[family(name)]
    density = rng.uniform(low, high)
    grid = (rng.random(shape) >= density).astype(int)  # 1 = empty, 0 = solid
    for tiles, fewest, most in groups:
        count = rng.integers(fewest, most + 1)
        for tile in tiles:
            for _ in range(count):
                y, x = rng.integers(0, shape[0]), rng.integers(0, shape[1])
                grid[y][x] = tile
    return grid.tolist()


def draw_control(env, rng):
    out = {}
    for key, space in env.control_space._value.items():
        out[key] = int(rng.integers(space._min_value, space._max_value))
    return out


def commit(module):
    root = os.path.dirname(os.path.dirname(os.path.abspath(module.__file__)))
    try:
        return subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("problems", nargs="*")
    parser.add_argument("--from", dest="sets_from", nargs="+", default=[], help="ludoforge set files of one problem")
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--sets", type=int, default=40)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "crates", "pcgbench", "tests", "fixtures"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    jobs = [(name, None) for name in args.problems]
    if args.sets_from:
        documents = [json.load(open(f)) for f in args.sets_from]
        names = {d["problem"] for d in documents}
        if len(names) != 1:
            parser.error(f"--from takes set files of one problem, not {sorted(names)}")
        jobs.append((names.pop(), documents))
    for name, documents in jobs:
        env = pcg_benchmark.make(name)
        rng = np.random.default_rng([args.seed, sum(name.encode())])
        if documents is None:
            contents = [draw(env, name, rng, sparse=i % 2 == 1) for i in range(args.count)]
            controls = [draw_control(env, rng) for _ in contents]
            path = os.path.join(args.out, f"{name}.jsonl.gz")
        else:
            contents = [c for d in documents for c in d["contents"]]
            controls = [c for d in documents for c in d["controls"]]
            path = os.path.join(args.out, f"{name}-ludoforge.jsonl.gz")
        infos = [env.info(c) for c in contents]
        with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as out:
            head = {
                "problem": name,
                "benchmark": "amidos2006/pcg_benchmark",
                "commit": commit(pcg_benchmark),
                "python": platform.python_version(),
                "numpy": np.__version__,
                "made_by": "scripts/pcg-fixtures.py",
                "seed": args.seed,
            }
            if documents is not None:
                head["sets"] = [{"job": d["job"], "seed": d["seed"], "evaluations": d["evaluations"]} for d in documents]
            out.write(json.dumps(head) + "\n")
            for i, (content, info, control) in enumerate(zip(contents, infos, controls)):
                after = infos[(i + 1) % len(infos)]
                # "flat" (binary) and "content" (sokoban, mini dungeons) repeat the content itself.
                kept = {k: v for k, v in info.items() if k not in ("flat", "content")}
                row = {
                    "content": "".join(str(t) for r in content for t in r),
                    "info": plain(kept),
                    "quality": float(env._problem.quality(info)),
                    "control": control,
                    "controllability": float(env._problem.controlability(info, control)),
                    "diversity_next": float(env._problem.diversity(info, after)),
                }
                out.write(json.dumps(row) + "\n")
            start = 0
            for d in documents or []:
                # Each set file whole, with its own controls, as the benchmark scores it.
                members = list(range(start, start + len(d["contents"])))
                start += len(members)
                q, dv, c, details, _ = env.evaluate([contents[i] for i in members], d["controls"])
                out.write(json.dumps({"set": members, "controls": d["controls"], "scores": [float(q), float(dv), float(c)], "details": plain(details)}) + "\n")
            for _ in range(args.sets):
                size = int(rng.integers(1, 61))
                members = [int(i) for i in rng.integers(0, len(contents), size=size)]
                # Repeat some members so the duplicate handling of the diversity is exercised.
                members += members[: int(rng.integers(0, size // 3 + 1))]
                given = [controls[i] for i in members[: int(rng.integers(1, 4))]]
                q, d, c, details, _ = env.evaluate([contents[i] for i in members], given)
                out.write(json.dumps({"set": members, "controls": given, "scores": [float(q), float(d), float(c)], "details": plain(details)}) + "\n")
        print(f"{name}: {len(contents)} contents, {args.sets} sets -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
