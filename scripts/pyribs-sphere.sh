#!/usr/bin/env bash
# MAP-Elites on pyribs' sphere benchmark, in pyribs and in ludoforge, side by side.
#
# Installs pyribs (pinned below) in a virtual environment under target/pyribs-venv, runs
# scripts/pyribs_sphere.py (pyribs' examples/sphere.py with its map_elites settings) and
# crates/evolve/examples/sphere.rs (the same settings in our engine) over the same seeds, and
# prints coverage, QD score, wall time and CPU time, each the mean over the seeds.
#
#   scripts/pyribs-sphere.sh            # 5 seeds, 1,000 iterations, 20 dimensions
#   SEEDS=3 ITERATIONS=200 scripts/pyribs-sphere.sh
#
# Ours runs on every core rayon finds and again on one thread; pyribs runs on one core
# (numpy's random numbers and the archive's insertion are single-threaded).
#
# Then the same search from Python, side by side in one process: ludoforge.Search over the
# "vector" generator with a GridArchive, scored by the same numpy sphere() as pyribs (the
# package's native module built with the `python` profile, as `pip install .` builds it).
# numpy's BLAS threads are kept to one there (OPENBLAS_NUM_THREADS=1): neither side uses BLAS,
# and its idle threads would otherwise spin beside both on a small machine.
set -euo pipefail

RIBS_VERSION=0.10.0
SEEDS=${SEEDS:-5}
ITERATIONS=${ITERATIONS:-1000}
DIM=${DIM:-20}

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
venv=$root/target/pyribs-venv

if ! "$venv/bin/python" -c "import ribs, sys; sys.exit(ribs.__version__ != '$RIBS_VERSION')" 2>/dev/null; then
    echo "Installing pyribs $RIBS_VERSION in $venv ..." >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "ribs==$RIBS_VERSION"
fi

echo "Building the Rust example (release) ..." >&2
cargo build --quiet --release -p ludoforge-evolve --example sphere
example=${CARGO_TARGET_DIR:-$root/target}/release/examples/sphere

echo "Building the Python package's native module (the python profile) ..." >&2
cargo build --quiet --locked --profile python -p ludoforge-python
package=$root/target/pyribs-ludoforge
rm -rf "$package" && mkdir -p "$package/ludoforge"
cp python/ludoforge/*.py python/ludoforge/py.typed "$package/ludoforge/"
cp "${CARGO_TARGET_DIR:-$root/target}/python/libludoforge_native.so" "$package/ludoforge/_native.abi3.so"

arguments=(--seeds "$SEEDS" --iterations "$ITERATIONS" --dim "$DIM")
side_by_side=$(OPENBLAS_NUM_THREADS=1 PYTHONPATH=$package "$venv/bin/python" scripts/pyribs_sphere.py --ludoforge "${arguments[@]}")
pyribs=$(sed '/^$/q' <<<"$side_by_side")
ours=$("$example" "${arguments[@]}")
ours_one=$(RAYON_NUM_THREADS=1 "$example" "${arguments[@]}")

printf '%s\n\n%s\n\n%s\n\n' "$side_by_side" "$ours" "$ours_one"

mean() { awk '$1 == "mean" { print $2, $3, $4, $5 }' <<<"$1"; }
echo "Means over $SEEDS seeds, $ITERATIONS iterations of 540 solutions, $DIM dimensions:"
printf '%-28s %9s %12s %9s %9s\n' "" coverage "QD score" "wall s" "CPU s"
{
    echo "pyribs $RIBS_VERSION" "$(mean "$pyribs")"
    echo "ludoforge, $(nproc) cores" "$(mean "$ours")"
    echo "ludoforge, 1 thread" "$(mean "$ours_one")"
} | awk '{ label = $1; for (i = 2; i <= NF - 4; i++) label = label " " $i;
           printf "%-28s %9.4f %12.2f %9.3f %9s\n", label, $(NF-3), $(NF-2), $(NF-1), $NF }'
