#!/usr/bin/env python3
"""Fit the cost model to the timings scripts/grid-cost.sh measured and extrapolate to the grid.

Reads a table of runs (one a line: impl role generations offspring tournament mutation matches
wall_s cpu_s threads, then for the published code: variants_played matches_played and the CPU
seconds in playtestNtimes, calculateCriteria, crossover + mutation + checkMap and gameGenerator;
"-" for ours), where role is "fit" or "heldout". For each implementation it fits, on the one-thread "fit" runs,

    cpu seconds = a * V * K + b * V + c,     V = (generations + 1) * offspring,  K = matches

by least squares on relative error (the runs span three orders of magnitude) and, for the published
code, also from the CPU its own functions took (the driver's timers), checks each on
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
                             played=p[10] if len(p) > 10 else "-",
                             parts=[float(v) for v in p[11:16]] if len(p) > 15 else None))

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
        held = [r for r in mine if r["role"] == "heldout" and r["threads"] == 1]
        models = []

        # Model 1: least squares on the whole process's CPU seconds.
        x = np.array([[(r["g"] + 1) * r["o"] * r["k"], (r["g"] + 1) * r["o"], 1.0] for r in fit])
        y = np.array([r["cpu"] for r in fit])
        w = 1.0 / y
        coef = nonnegative_lstsq(x * w[:, None], y * w)
        resid = (x @ coef - y) / y
        models.append((f"least squares on the CPU of whole runs (non-negative, relative error, {len(fit)} runs)",
                       coef, f"fit residuals {', '.join(f'{100 * e:+.0f}%' for e in resid)}"))

        # Model 2 (the published code only): its own functions' CPU, pooled over the fit runs:
        # a = (playtestNtimes + calculateCriteria) / matches played, b = the rest of
        # Synthesis.gameGenerator (crossover, mutation, checkMap, sorting, files) / variants played,
        # c = Python start and imports (whole process minus gameGenerator).
        timed = [r for r in fit if r["parts"]]
        if timed:
            n_matches = sum(r["parts"][0] for r in timed)
            n_played = sum(int(r["played"]) for r in timed)
            in_matches, in_criteria, in_breeding, in_run = (sum(r["parts"][i] for r in timed) for i in range(1, 5))
            startup = sum(r["cpu"] - r["parts"][4] for r in timed) / len(timed)
            coef2 = np.array([(in_matches + in_criteria) / n_matches,
                              (in_run - in_matches - in_criteria) / n_played, startup])
            spread = [r["parts"][1] / r["parts"][0] for r in timed]
            models.append((f"the published code's own timers, pooled over the {len(timed)} fit runs", coef2,
                           f"playtestNtimes {1e3 * in_matches / n_matches:.1f} ms a match (runs: "
                           f"{1e3 * min(spread):.0f} to {1e3 * max(spread):.0f}), calculateCriteria "
                           f"{1e3 * in_criteria / n_matches:.2f} ms a match, crossover + mutation + checkMap "
                           f"{1e3 * in_breeding / n_played:.1f} ms a variant played"))

        for number, (how, (a, b, c), note) in enumerate(models, 1):
            print(f"\nModel {number}, {how}:")
            print(f"  CPU s = {a * 1e3:.4f} ms x V x K + {b * 1e3:.3f} ms x V + {c:.3f} s")
            print(f"  {note}")
            for r in held:
                v = (r["g"] + 1) * r["o"]
                pred = a * v * r["k"] + b * v + c
                print(f"  held out {r['g']}x{r['o']} (tournament {r['t']}, mutation {r['m']}), {r['k']} matches: "
                      f"predicted {pred:.2f} s, measured {r['cpu']:.2f} s ({100 * (pred - r['cpu']) / r['cpu']:+.1f}%)")
            per_run = a * v_grid * args.matches + b * v_grid + c
            total = per_run.sum()
            totals[impl] = (total, number)   # the last model: the timers where there are some
            print(f"  grid at {args.matches} matches: {total / 3600:,.1f} CPU-hours ({human(total)}); "
                  f"runs from {human(per_run.min())} to {human(per_run.max())}")
            print("  wall, one run a core, longest first: " + "; ".join(
                f"{n:,} cores {human(makespan(list(per_run), n))}" for n in cores))
        print()

    if len(totals) == 2:
        (pub, pub_model), (our, our_model) = totals["published"], totals["ours"]
        print(f"Published (model {pub_model}) / ours (model {our_model}), CPU for the whole grid: "
              f"{pub / 3600:,.0f} / {our / 3600:,.1f} CPU-hours = {pub / our:,.0f}x")


if __name__ == "__main__":
    sys.exit(main())
