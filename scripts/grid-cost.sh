#!/usr/bin/env bash
# What the Risk paper's grid of 3,250 GA runs (sweeps/rossato2023.toml: generations 10..190,
# offspring 5..50, tournament 2..offspring/2, mutation 0.1..0.8, 100 matches a playtest) costs on
# this machine, for the published Python code (lanabr/Risk-Generation at 9d05cce) and for ours.
#
# Times runs of several sizes of each (CPU seconds, one thread; ours also on 2 threads, for the
# wall time, on its held-out sizes), fits  CPU s = a x V x K + b x V + c  (V = (generations + 1) x
# offspring variants played, K matches a playtest), checks it on two held-out runs of each, and
# extrapolates to the whole grid at 100 matches: CPU-hours and wall time on 2, 64 and 1,000 cores.
# For the published code it also splits the CPU its own functions take (matches, criteria,
# crossover + mutation + checkMap, Python start) and extrapolates from that split as well.
#
#   scripts/grid-cost.sh                     # about 8 minutes on 2 busy cores (load 3-5)
#   PUBLISHED_SIZES="2:10:4:0.6:5" OURS_SIZES="10:5:2:0.6:100 190:50:22:0.6:100" scripts/grid-cost.sh
#
# Sizes are generations:offspring:tournament:mutation:matches, space-separated; the *_HELDOUT
# ones are measured but left out of the fit. The published code takes 40-100 ms a match, so its
# sizes use few generations and 2-50 matches; ours runs the grid's own sizes at 100 matches.
#
# The published code runs from RISK_GENERATION_SRC (default target/risk-generation-src): a
# checkout of https://github.com/lanabr/Risk-Generation at 9d05cce that you make yourself
# (git clone, then git checkout 9d05cce); without one, only ours is measured. It runs in a virtual environment under target/risk-generation-venv with the
# packages it imports (pinned below), driven by scripts/risk_generation_cost.py. It cannot be seeded
# (it reseeds from the clock), so its runs differ each time; ours runs with SEED.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

PUBLISHED_SIZES=${PUBLISHED_SIZES:-"1:5:2:0.6:10 3:5:2:0.6:2 2:10:4:0.6:5 1:20:4:0.6:2 5:10:4:0.6:2 2:15:6:0.6:8 0:10:2:0.6:30 3:20:8:0.8:3"}
PUBLISHED_HELDOUT=${PUBLISHED_HELDOUT:-"4:15:6:0.2:4 1:5:2:0.6:50"}
OURS_SIZES=${OURS_SIZES:-"10:5:2:0.6:100 10:50:22:0.6:100 50:25:10:0.4:100 90:10:4:0.8:100 190:5:2:0.1:100 190:50:24:0.6:100 10:20:8:0.6:10 10:10:4:0.6:1000"}
OURS_HELDOUT=${OURS_HELDOUT:-"70:35:12:0.2:100 150:45:18:0.4:100"}
OURS_TWO_THREADS=${OURS_TWO_THREADS:-heldout}   # also on 2 threads: heldout, all or none
SEED=${SEED:-1}
COMMIT=9d05cce
src=${RISK_GENERATION_SRC:-$root/target/risk-generation-src}
venv=$root/target/risk-generation-venv
PACKAGES=(tqdm==4.70.1 pandas==3.1.1 more-itertools==11.2.1 numpy==2.4.6 seaborn==0.13.2
          networkx==3.6.1 matplotlib==3.11.2)

# The fit needs numpy, so the environment is made whether or not the published code is here.
if ! "$venv/bin/python" -c "import tqdm, pandas, more_itertools, numpy, seaborn, networkx, matplotlib" 2>/dev/null; then
    echo "Installing the published code's dependencies in $venv ..." >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "${PACKAGES[@]}"
fi
python=$venv/bin/python
if [[ ! -f $src/Synthesis.py ]]; then
    echo "No checkout of lanabr/Risk-Generation in $src: measuring ours only (see this script's header)." >&2
    PUBLISHED_SIZES="" PUBLISHED_HELDOUT=""
elif [[ $(git -C "$src" rev-parse --short=7 HEAD 2>/dev/null) != "$COMMIT" ]]; then
    echo "Note: $src is not at commit $COMMIT, the one these figures were measured with." >&2
fi

cores=$(nproc)   # before OMP_NUM_THREADS=1, which nproc obeys
timings=$(mktemp)
scratch=$(mktemp -d)
trap 'rm -rf "$timings" "$scratch"' EXIT
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
TIMEFORMAT='%R %U %S'

# run ROLE G:O:T:M:K THREADS -- command...: appends "wall cpu" (CPU = user + system of the process)
measure() {
    local out=$1; shift
    { time "$@" >"$out" 2>"$scratch/stderr"; } 2>"$scratch/time" || {
        echo "failed: $*" >&2; tail -5 "$scratch/stderr" >&2; return 1; }
    awk '{ printf "%.3f %.3f", $1, $2 + $3 }' "$scratch/time"
}

published() {
    local role=$1 size=$2 g o t m k wc played
    IFS=: read -r g o t m k <<<"$size"
    echo "published ${g}x${o} tournament $t mutation $m, $k matches ($(uptime | sed 's/.*load/load/')) ..." >&2
    wc=$(measure "$scratch/out" "$venv/bin/python" scripts/risk_generation_cost.py --source "$src" \
        --generations "$g" --offspring "$o" --tournament "$t" --mutation "$m" --matches "$k")
    # variants played, then the driver's CPU seconds in the matches, the criteria and the breeding
    played=$("$venv/bin/python" -c "import json,sys; d = json.load(sys.stdin); t = d['cpu_s_in']
print(d['variants_played'], d['matches_played'], t['matches'], t['criteria'], t['crossover'] + t['mutation'] + t['checkMap'], d['cpu_s'])" <"$scratch/out")
    cat "$scratch/out" >&2
    echo "published $role $g $o $t $m $k $wc 1 $played" >>"$timings"
}

ours() {
    local role=$1 size=$2 threads=$3 g o t m k wc
    IFS=: read -r g o t m k <<<"$size"
    echo "ours ${g}x${o} tournament $t mutation $m, $k matches, $threads thread(s) ($(uptime | sed 's/.*load/load/')) ..." >&2
    wc=$(measure "$scratch/out" "$ludoforge" risk design --generations "$g" --offspring "$o" --tournament "$t" \
        --mutation "$m" --matches "$k" --seed "$SEED" --threads "$threads")
    echo "ours $role $g $o $t $m $k $wc $threads -" >>"$timings"
}

start=$(date +%s)
for size in $PUBLISHED_SIZES; do published fit "$size"; done
for size in $PUBLISHED_HELDOUT; do published heldout "$size"; done

echo "Building ludoforge (release) ..." >&2
cargo build --quiet --release -p ludoforge
ludoforge=${CARGO_TARGET_DIR:-$root/target}/release/ludoforge
for size in $OURS_SIZES; do
    ours fit "$size" 1
    if [[ $OURS_TWO_THREADS == all ]]; then ours fit "$size" 2; fi
done
for size in $OURS_HELDOUT; do
    ours heldout "$size" 1
    if [[ $OURS_TWO_THREADS != none ]]; then ours heldout "$size" 2; fi
done

echo
echo "Measured on $cores cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')) in $(( $(date +%s) - start )) s; $(uptime | sed 's/.*load/load/') at the end."
echo "CPU s = user + system of the whole process (the published code's includes about 2 s of Python imports)."
echo
"$python" scripts/grid_cost_fit.py "$timings"
