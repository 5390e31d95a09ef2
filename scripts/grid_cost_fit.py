#!/usr/bin/env python3
"""Fit the cost model to the timings scripts/grid-cost.sh measured and extrapolate to the grid.

Reads a table of runs (one a line: impl role generations offspring tournament mutation matches
wall_s cpu_s threads variants_played), where role is "fit" or "heldout" and variants_played is what
the run reports (blank for ours). For each implementation it fits, on the one-thread "fit" runs,

    cpu seconds = a * V * K + b * V + c,     V = (generations + 1) * offspring,  K = matches

by least squares on relative error (the runs span three orders of magnitude), checks the fit on
the held-out runs, and applies it to the 3,250 runs of sweeps/rossato2023.toml at 100 matches:
total CPU-hours and the wall time on N cores (longest-first list scheduling of whole runs, one
run per core, so the longest run is a floor).

  grid_cost_fit.py TIMINGS [--cores 2,64,1000]
"""
import argparse
import heapq
import sys

import numpy as np

NAMES = {"published": "published (Python, 9d05cce)", "ours": "ludoforge"}


def grid():
    """The 3,250 runs of sweeps/rossato2023.toml: (generations, offspring, tournament, mutation)."""
    runs = []
    for g in range(10, 191, 20):
        for o in range(5, 51, 5):
            for t in range(2, o // 2 + 1, 2):
                for m in (0.1, 0.2, 0.4, 0.6, 0.8):
                    runs.append((g, o, t, m))
    return runs


def nonnegative_lstsq(x, y):
    """Least squares with every coefficient >= 0 (few columns: try each subset of them)."""
    best, best_err = None, None
    n = x.shape[1]
    for mask in range(1, 1 << n):
        cols = [j for j in range(n) if mask >> j & 1]
        sub, *_ = np.linalg.lstsq(x[:, cols], y, rcond=None)
        if (sub < 0).any():
            continue
        coef = np.zeros(n)
        coef[cols] = sub
        err = float(((x @ coef - y) ** 2).sum())
        if best_err is None or err < best_err:
            best, best_err = coef, err
    return best


def makespan(times, cores):
    if cores >= len(times):
        return max(times)
    loads = [0.0] * cores
    heapq.heapify(loads)
    for t in sorted(times, reverse=True):
        heapq.heappush(loads, heapq.heappop(loads) + t)
    return max(loads)


def human(seconds):
    if seconds < 120:
        return f"{seconds:.1f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("timings")
    parser.add_argument("--cores", default="2,64,1000")
    parser.add_argument("--matches", type=int, default=100)
    args = parser.parse_args()
    cores = [int(c) for c in args.cores.split(",")]

    rows = []
    with open(args.timings) as f:
        for line in f:
            p = line.split()
            if not p or p[0].startswith("#"):
                continue
            rows.append(dict(impl=p[0], role=p[1], g=int(p[2]), o=int(p[3]), t=int(p[4]), m=float(p[5]),
                             k=int(p[6]), wall=float(p[7]), cpu=float(p[8]), threads=int(p[9]),
                             played=p[10] if len(p) > 10 else "-"))

    runs = grid()
    assert len(runs) == 3250, len(runs)
    v_grid = np.array([(g + 1) * o for g, o, _, _ in runs], dtype=float)
    print(f"The grid: {len(runs)} runs, {int(v_grid.sum()):,} variants played "
          f"(V = (generations + 1) x offspring), {int(v_grid.sum()) * args.matches:,} matches at {args.matches} a playtest.\n")

    totals = {}
    for impl in ("published", "ours"):
        mine = [r for r in rows if r["impl"] == impl]
        if not mine:
            continue
        name = NAMES[impl]
        print(f"== {name}: measured runs ==")
        print(f"{'role':8} {'gens':>4} {'off':>4} {'tour':>4} {'mut':>4} {'K':>5} {'V':>6} {'played':>6} {'V*K':>9} "
              f"{'thr':>3} {'wall s':>9} {'CPU s':>9} {'CPU ms/match':>12}")
        for r in mine:
            v = (r["g"] + 1) * r["o"]
            print(f"{r['role']:8} {r['g']:4d} {r['o']:4d} {r['t']:4d} {r['m']:4.1f} {r['k']:5d} {v:6d} {r['played']:>6} "
                  f"{v * r['k']:9,d} {r['threads']:3d} {r['wall']:9.2f} {r['cpu']:9.2f} {1000 * r['cpu'] / (v * r['k']):12.4f}")

        fit = [r for r in mine if r["role"] == "fit" and r["threads"] == 1]
        x = np.array([[(r["g"] + 1) * r["o"] * r["k"], (r["g"] + 1) * r["o"], 1.0] for r in fit])
        y = np.array([r["cpu"] for r in fit])
        w = 1.0 / y
        coef = nonnegative_lstsq(x * w[:, None], y * w)
        a, b, c = coef
        print(f"\nModel (non-negative least squares on relative error, {len(fit)} one-thread runs):")
        print(f"  CPU s = {a * 1000:.4f} ms x V x K + {b * 1000:.3f} ms x V + {c:.3f} s")
        print(f"        (per match {a * 1e3:.4f} ms; per variant besides its matches {b * 1e3:.3f} ms; per run {c:.3f} s)")
        resid = (x @ coef - y) / y
        print(f"  fit residuals: {', '.join(f'{100 * e:+.1f}%' for e in resid)}")
        for r in mine:
            if r["role"] != "heldout" or r["threads"] != 1:
                continue
            v = (r["g"] + 1) * r["o"]
            pred = a * v * r["k"] + b * v + c
            print(f"  held out {r['g']}x{r['o']} (tournament {r['t']}, mutation {r['m']}), {r['k']} matches: "
                  f"predicted {pred:.2f} s, measured {r['cpu']:.2f} s ({100 * (pred - r['cpu']) / r['cpu']:+.1f}%)")

        per_run = a * v_grid * args.matches + b * v_grid + c
        total = per_run.sum()
        totals[impl] = (total, per_run)
        print(f"\n  Grid at {args.matches} matches: {total / 3600:,.1f} CPU-hours ({human(total)}); "
              f"shortest run {human(per_run.min())}, longest {human(per_run.max())}")
        for n in cores:
            print(f"  wall on {n:>5,} cores (one run a core, longest first): {human(makespan(list(per_run), n))}")
        print()

    if len(totals) == 2:
        ratio = totals["published"][0] / totals["ours"][0]
        print(f"Published / ours, CPU for the whole grid: {ratio:,.0f}x")


if __name__ == "__main__":
    sys.exit(main())
