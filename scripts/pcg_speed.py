#!/usr/bin/env python3
"""Time the PCG Benchmark's own info + quality per content, over the first 1,000 contents of
each agreement fixture in crates/pcgbench/tests/fixtures (the contents the native criterion
benchmark `problems` measures). Prints one line per problem: microseconds per content."""
import gzip
import json
import os
import sys
import time

import pcg_benchmark

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
for name in sys.argv[1:]:
    env = pcg_benchmark.make(name)
    path = os.path.join(root, "crates", "pcgbench", "tests", "fixtures", f"{name}.jsonl.gz")
    with gzip.open(path, "rt") as f:
        next(f)
        rows = [json.loads(line) for line in f]
    rows = [r for r in rows if "content" in r][:1000]
    rows_of = len(env.content_space._value)
    contents = []
    for r in rows:
        digits = [int(c) for c in r["content"]]
        width = len(digits) // rows_of
        contents.append([digits[i * width:(i + 1) * width] for i in range(rows_of)])
    started = time.perf_counter()
    for content in contents:
        env._problem.quality(env._problem.info(content))
    seconds = time.perf_counter() - started
    print(f"{name} {1e6 * seconds / len(contents):.1f}")
