"""pyribs' MAP-Elites on the sphere benchmark, for comparison with ludoforge.

The same run as `python examples/sphere.py map_elites --dim 20 --itrs 1000 --seed S` in
pyribs (https://github.com/icaros-usc/pyribs, examples/sphere.py at commit
cac4d9d541f84f3004d7222c79d7f3646b3fa901; unchanged for map_elites since release 0.10.0,
commit 0ca71c73), without its logging, heatmaps and extra dependencies (torch, fire,
matplotlib, loguru, tqdm):

- `sphere()` below is the script's, less the gradients, which map_elites does not use;
- the archive, emitter and scheduler are what its `create_scheduler` builds for map_elites:
  a 100 x 100 GridArchive over [-dim/2 * 5.12, dim/2 * 5.12] on both measures (default
  learning_rate, threshold_min and qd_score_offset = 0), one GaussianEmitter with x0 = 0,
  sigma 0.5, batch_size 540, seeded from np.random.SeedSequence(seed), a plain Scheduler.

Time is measured as the script's "Algorithm Time": ask, evaluate and tell, 1,000 times; the
wall time, and the process's CPU time (all threads), which tells more on a busy machine. The
archive's numba-compiled insertion is compiled on first use; a short warm-up run pays for
that before the timed seeds, and its time is printed on its own.

With --ludoforge, the same seeds run again through the ludoforge Python package: a
`ludoforge.Search` over the "vector" generator (x0 = 0, sigma 0.5, no bounds: the Gaussian
emitter) with a `GridArchive` of the same cells and ranges, batch 540, scored by the same
`sphere()` below, ask and tell timed the same way. The ratio of the mean wall times is
printed last.

Run by scripts/pyribs-sphere.sh, which installs the pinned pyribs in target/pyribs-venv.
"""

import argparse
import time

import numpy as np
import ribs
from ribs.archives import GridArchive
from ribs.emitters import GaussianEmitter
from ribs.schedulers import Scheduler


def sphere(solutions):
    """Objectives and measures of a batch of solutions, as examples/sphere.py computes them."""
    dim = solutions.shape[1]

    # Shift the Sphere function so that the optimal value is at x_i = 2.048.
    sphere_shift = 5.12 * 0.4

    # Normalize the objective to the range [0, 100] where 100 is optimal.
    best_obj = 0.0
    worst_obj = (-5.12 - sphere_shift) ** 2 * dim
    raw_obj = np.sum(np.square(solutions - sphere_shift), axis=1)
    objectives = (raw_obj - worst_obj) / (best_obj - worst_obj) * 100

    # Calculate measures.
    clipped = solutions.copy()
    clip_mask = (clipped < -5.12) | (clipped > 5.12)
    clipped[clip_mask] = 5.12 / clipped[clip_mask]
    measures = np.concatenate(
        (
            np.sum(clipped[:, : dim // 2], axis=1, keepdims=True),
            np.sum(clipped[:, dim // 2 :], axis=1, keepdims=True),
        ),
        axis=1,
    )
    return objectives, measures


def create_scheduler(dim, seed):
    """What examples/sphere.py's create_scheduler builds for map_elites."""
    max_bound = dim / 2 * 5.12
    bounds = [(-max_bound, max_bound), (-max_bound, max_bound)]
    archive = GridArchive(solution_dim=dim, dims=(100, 100), ranges=bounds, seed=seed)
    seed_sequence = np.random.SeedSequence(seed)
    emitters = [
        GaussianEmitter(archive, x0=np.zeros(dim), sigma=0.5, batch_size=540, seed=s)
        for s in seed_sequence.spawn(1)
    ]
    return Scheduler(archive, emitters, None)


def run(dim, iterations, seed):
    scheduler = create_scheduler(dim, seed)
    seconds = 0.0
    cpu_seconds = 0.0
    for _ in range(iterations):
        start, cpu_start = time.perf_counter(), time.process_time()
        solutions = scheduler.ask()
        objectives, measures = sphere(solutions)
        scheduler.tell(objectives, measures)
        seconds += time.perf_counter() - start
        cpu_seconds += time.process_time() - cpu_start
    stats = scheduler.archive.stats
    return float(stats.coverage), float(stats.qd_score), seconds, cpu_seconds


def run_ludoforge(dim, iterations, seed):
    """The same run through ludoforge.Search, scored by the same sphere()."""
    import ludoforge

    max_bound = dim / 2 * 5.12
    archive = ludoforge.GridArchive((100, 100), [(-max_bound, max_bound)] * 2)
    search = ludoforge.Search(
        "vector", params={"dims": dim, "sigma": 0.5}, archive=archive, batch=540, seed=seed
    )
    seconds = 0.0
    cpu_seconds = 0.0
    for _ in range(iterations):
        start, cpu_start = time.perf_counter(), time.process_time()
        solutions = search.ask()
        objectives, measures = sphere(solutions)
        search.tell(objectives, measures)
        seconds += time.perf_counter() - start
        cpu_seconds += time.process_time() - cpu_start
    stats = search.stats
    return float(stats["coverage"]), float(stats["qd_score"]), seconds, cpu_seconds


def table(name, runner, args):
    """Runs every seed, prints a row each and the mean; returns the mean."""
    if name:
        print(name)
    print(f"{'seed':<6} {'coverage':>9} {'qd_score':>12} {'time_s':>9} {'cpu_s':>9}")
    totals = np.zeros(4)
    for seed in range(args.seeds):
        outcome = runner(args.dim, args.iterations, seed)
        coverage, qd_score, seconds, cpu_seconds = outcome
        print(
            f"{seed:<6} {coverage:>9.4f} {qd_score:>12.2f} {seconds:>9.3f} "
            f"{cpu_seconds:>9.3f}"
        )
        totals += outcome
    mean = totals / args.seeds
    print(
        f"{'mean':<6} {mean[0]:>9.4f} {mean[1]:>12.2f} {mean[2]:>9.3f} {mean[3]:>9.3f}"
    )
    return mean


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeds 0 to N-1")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--dim", type=int, default=20)
    parser.add_argument(
        "--ludoforge", action="store_true", help="also run ludoforge.Search the same way"
    )
    args = parser.parse_args()

    start = time.perf_counter()
    run(args.dim, 2, 12345)
    warm_up = time.perf_counter() - start

    print(
        f"pyribs {ribs.__version__} map_elites on the {args.dim}-dimensional sphere: "
        f"100 x 100 cells, 540 solutions an iteration, {args.iterations} iterations "
        f"(warm-up, numba compilation: {warm_up:.3f} s):"
    )
    ours = table("", run, args)
    if args.ludoforge:
        import ludoforge

        print()
        theirs = table(
            f"ludoforge {ludoforge.__version__} Search('vector') with a GridArchive, "
            "the same sphere() in Python:",
            run_ludoforge,
            args,
        )
        print()
        print(
            f"wall time, pyribs / ludoforge.Search: {ours[2] / theirs[2]:.1f}x; "
            f"QD score {ours[1]:.2f} / {theirs[1]:.2f}"
        )


if __name__ == "__main__":
    main()
