#!/usr/bin/env python3
"""Time one run of the published Risk-Generation genetic algorithm (Rossato et al. 2023).

The published code is lanabr/Risk-Generation at commit 9d05cce (Python). Its GA entry point is
Synthesis.py:Synthesis.gameGenerator, set up by Synthesis.__init__(numGenerations, numOffspring,
tournamentSize, mutationRate, criteria, run); Synthesis.__main__ runs it with 100-match playtests.
The number of matches per playtest is not a parameter of Synthesis: it is
AutomatedPlaytest.py:playtestNtimes(numberOfTimes=100), which Synthesis.createPopulation and
Synthesis.playtest call with its default. This driver changes only that default (it rebinds the
name `playtestNtimes` in the Synthesis module to the same function with numberOfTimes=K) and wraps
the functions it calls with timers; the algorithm itself is run unmodified:

  * AutomatedPlaytest.py:playtestNtimes   (the matches; writes metrics/game*.txt)
  * GeneticOperations.py:calculateCriteria (parses that file, computes the 7 criteria)
  * GeneticOperations.py:crossover         (two mapCrossover calls, writes two map JSON files)
  * GeneticOperations.py:mutation          (mapMutation on both children, writes map JSON files)
  * GeneticOperations.py:checkMap          (networkx is_planar + is_strongly_connected)

It runs in a scratch copy of the source tree (the code reads and writes parameters/ and metrics/
relative to the working directory) and prints one JSON line with the wall and CPU seconds, the
number of playtests (variants played), matches played, and the time spent in each part.

  risk_generation_cost.py --source DIR --generations G --offspring O --tournament T \
                          --mutation M --matches K
"""
import argparse
import functools
import json
import os
import shutil
import sys
import tempfile
import time

os.environ.setdefault("MPLBACKEND", "Agg")   # Synthesis.plotFitness calls plt.show()
os.environ.setdefault("TQDM_DISABLE", "1")   # playtestNtimes wraps its loop in tqdm

# The 7 criteria; Synthesis.__main__ uses subsets of them, the paper's grid all 7.
CRITERIA = ["advantage", "duration", "drama", "leadChange", "branchingFactor", "completion", "killerMoves"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", required=True, help="checkout of lanabr/Risk-Generation at 9d05cce")
    parser.add_argument("--generations", type=int, required=True)
    parser.add_argument("--offspring", type=int, required=True)
    parser.add_argument("--tournament", type=int, required=True)
    parser.add_argument("--mutation", type=float, required=True)
    parser.add_argument("--matches", type=int, required=True)
    args = parser.parse_args()

    source = os.path.abspath(args.source)
    scratch = tempfile.mkdtemp(prefix="risk-generation-")
    work = os.path.join(scratch, "src")
    shutil.copytree(source, work, ignore=shutil.ignore_patterns(".git", ".idea"))
    os.makedirs(os.path.join(work, "metrics"), exist_ok=True)   # missing from the repository
    os.chdir(work)
    sys.path.insert(0, work)

    # Everything it prints (per-generation progress) goes to stderr; stdout carries the JSON only.
    real_stdout = sys.stdout
    sys.stdout = sys.stderr
    try:
        import AutomatedPlaytest
        import GeneticOperations as op
        import Synthesis

        spent = {"matches": 0.0, "criteria": 0.0, "crossover": 0.0, "mutation": 0.0, "checkMap": 0.0}
        counts = {"playtests": 0, "matches": 0, "crossovers": 0, "children": 0, "checked_out": 0}

        def timed(name, function):
            @functools.wraps(function)
            def wrapper(*a, **k):
                start = time.process_time()
                try:
                    return function(*a, **k)
                finally:
                    spent[name] += time.process_time() - start
            return wrapper

        playtest = timed("matches", AutomatedPlaytest.playtestNtimes)

        def playtest_k(gameParameters, **k):
            counts["playtests"] += 1
            counts["matches"] += args.matches
            return playtest(gameParameters, numberOfTimes=args.matches, **k)

        Synthesis.playtestNtimes = playtest_k
        op.calculateCriteria = timed("criteria", op.calculateCriteria)
        crossover = timed("crossover", op.crossover)

        def crossover_counted(parents):
            counts["crossovers"] += 1
            return crossover(parents)

        op.crossover = crossover_counted
        op.mutation = timed("mutation", op.mutation)
        check = timed("checkMap", op.checkMap)

        def check_counted(offspring):
            before = len(offspring)
            result = check(offspring)
            counts["checked_out"] += before - len(result)
            return result

        op.checkMap = check_counted

        s = Synthesis.Synthesis(numGenerations=args.generations, numOffspring=args.offspring,
                                tournamentSize=args.tournament, mutationRate=args.mutation,
                                criteria=CRITERIA, run=0)
        wall0, cpu0 = time.perf_counter(), time.process_time()
        s.gameGenerator()
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        best = min(p.fitness for p in s.population)
    finally:
        sys.stdout = real_stdout
        os.chdir("/")
        shutil.rmtree(scratch, ignore_errors=True)

    counts["children"] = 2 * counts["crossovers"]
    print(json.dumps({
        "generations": args.generations, "offspring": args.offspring, "tournament": args.tournament,
        "mutation": args.mutation, "matches": args.matches,
        "wall_s": round(wall, 4), "cpu_s": round(cpu, 4),
        "variants_played": counts["playtests"], "matches_played": counts["matches"],
        "crossovers": counts["crossovers"], "children_rejected": counts["checked_out"],
        "cpu_s_in": {k: round(v, 4) for k, v in spent.items()},
        "best_fitness": best,
    }))


if __name__ == "__main__":
    main()
