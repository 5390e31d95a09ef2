#!/usr/bin/env python3
"""ludoforge against the PCG Benchmark's baselines, scored by the benchmark's own env.evaluate.

Run by scripts/pcg-benchmark.sh, which makes the virtual environment. For each problem:

- the baselines of amidos2006/benchmark_experiments (random search, mu + lambda evolution
  strategy, genetic algorithm; population 100) run with their own run.py for STEPS generations
  (100 * (STEPS + 1) evaluations), with the fitness quality_control; their final population is
  the generated set, each content with the control it carried;
- ludoforge's pcg-explore and pcg-evolve run at the same number of evaluations and write their
  sets of 100 contents with controls.

Every set is scored here by the benchmark's env.evaluate(contents, controls); ludoforge's own
scores (computed natively) must be the same numbers. Prints a Markdown table.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

import pcg_benchmark


def score(problem, contents, controls):
    env = pcg_benchmark.make(problem)
    q, d, c, _, _ = env.evaluate(contents, controls)
    return float(q), float(c), float(d)


def baseline(experiments, problem, generator, steps, seed, work):
    out = os.path.join(work, f"{problem}-{generator}")
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "run.py", out, "-p", problem, "-g", generator, "-s", str(steps),
         "--fitness", "quality_control", "--seed", str(seed)],
        cwd=experiments, check=True, stdout=subprocess.DEVNULL,
    )
    seconds = time.perf_counter() - started
    contents, controls = [], []
    for path in sorted(glob.glob(os.path.join(out, f"iter_{steps}", "chromosome_*.json"))):
        with open(path) as f:
            chromosome = json.load(f)
        contents.append(chromosome["content"])
        controls.append(chromosome["control"])
    return contents, controls, seconds


def ours(ludoforge, problem, job, evaluations, seed, work):
    out = os.path.join(work, f"{problem}-{job}.json")
    budget = "explore.evaluations" if job == "pcg-explore" else "evaluations"
    args = [ludoforge, "run", job, "--set", f"problem={problem}", "--set", f"{budget}={evaluations}",
            "--seed", str(seed)]
    args += ["--file", f"set={out}"] if job == "pcg-explore" else ["-o", out]
    started = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    with open(out) as f:
        document = json.load(f)
    native = (document["scores"]["quality"], document["scores"]["controllability"], document["scores"]["diversity"])
    return document["contents"], document["controls"], seconds, native, document["evaluations"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--experiments", required=True, help="a checkout of amidos2006/benchmark_experiments")
    parser.add_argument("--ludoforge", required=True, help="the ludoforge binary")
    parser.add_argument("--problems", nargs="+", default=["binary-v0", "zelda-v0"])
    parser.add_argument("--steps", type=int, default=100, help="baseline generations (population 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baselines", nargs="*", default=["random", "es", "ga"])
    parser.add_argument("--work", default="target/pcg-benchmark")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    work = os.path.abspath(args.work)
    evaluations = 100 * (args.steps + 1)
    rows = []
    disagreements = []
    for problem in args.problems:
        for job in ["pcg-explore", "pcg-evolve"]:
            contents, controls, seconds, native, spent = ours(args.ludoforge, problem, job, evaluations, args.seed, work)
            scored = score(problem, contents, controls)
            if scored != native:
                disagreements.append(f"{problem} {job}: benchmark {scored}, ludoforge {native}")
            rows.append((problem, f"ludoforge {job}", spent, scored, seconds))
            print(f"{problem} {job}: {scored} in {seconds:.2f} s", file=sys.stderr)
        for generator in args.baselines:
            contents, controls, seconds = baseline(args.experiments, problem, generator, args.steps, args.seed, work)
            scored = score(problem, contents, controls)
            rows.append((problem, f"baseline {generator}", evaluations, scored, seconds))
            print(f"{problem} {generator}: {scored} in {seconds:.1f} s", file=sys.stderr)
    print(f"| problem | generator | evaluations | quality | controllability | diversity | wall time |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for problem, name, spent, (q, c, d), seconds in rows:
        print(f"| `{problem}` | {name} | {spent:,} | {q:.2f} | {c:.2f} | {d:.2f} | {seconds:.2f} s |")
    if disagreements:
        print("\nludoforge's native scores differ from the benchmark's:", *disagreements, sep="\n", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
