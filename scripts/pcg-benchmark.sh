#!/usr/bin/env bash
# ludoforge on the PCG Benchmark against the benchmark's own baselines, side by side, every set
# scored by the benchmark's env.evaluate.
#
#   git clone https://github.com/amidos2006/pcg_benchmark ../pcg_benchmark
#   git clone https://github.com/amidos2006/benchmark_experiments ../benchmark_experiments
#   scripts/pcg-benchmark.sh ../pcg_benchmark ../benchmark_experiments [--steps 100] \
#       [--problems binary-v0 zelda-v0] [--baselines random es ga] [--seed 1]
#
# Installs the benchmark from the checkout given (and numpy and Pillow) in a virtual environment
# under target/pcg-venv, builds ludoforge (release), runs scripts/pcg_compare.py and prints a
# Markdown table: quality, controllability, diversity and wall time of each set. The baselines
# keep a population of 100 for --steps generations; ludoforge's jobs get the same number of
# evaluations, 100 × (steps + 1). The commits of both checkouts are printed with the table.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
benchmark=$(cd "$1" && pwd)
experiments=$(cd "$2" && pwd)
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
venv=$root/target/pcg-venv

if [ ! -x "$venv/bin/python" ]; then
    echo "Making $venv ..." >&2
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import pcg_benchmark" 2>/dev/null; then
    echo "Installing the benchmark from $benchmark ..." >&2
    "$venv/bin/pip" install --quiet numpy pillow
    "$venv/bin/pip" install --quiet -e "$benchmark"
fi

echo "Building ludoforge (release) ..." >&2
cargo build --quiet --release --locked -p ludoforge
binary=${CARGO_TARGET_DIR:-$root/target}/release/ludoforge

echo "pcg_benchmark $(git -C "$benchmark" rev-parse HEAD 2>/dev/null || echo '(not a git checkout)')"
echo "benchmark_experiments $(git -C "$experiments" rev-parse HEAD 2>/dev/null || echo '(not a git checkout)')"
echo
"$venv/bin/python" scripts/pcg_compare.py --experiments "$experiments" --ludoforge "$binary" "$@"
