#!/usr/bin/env bash
# The PCG Benchmark's measures per content, the benchmark's Python beside ludoforge's native
# port, on the same 1,000 contents of each problem (the agreement fixtures' first).
#
#   scripts/pcg-speed.sh ../pcg_benchmark [PROBLEM...]     # default: binary-v0 zelda-v0 sokoban-v0 mdungeons-v0
#
# Installs the benchmark from the checkout given in target/pcg-venv (as scripts/pcg-benchmark.sh
# does), times its info + quality with scripts/pcg_speed.py, runs the criterion benchmark
# `problems` of crates/pcgbench, and prints microseconds per content and the ratio.
set -euo pipefail

if [ $# -lt 1 ]; then
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
benchmark=$(cd "$1" && pwd)
shift
problems=("$@")
[ ${#problems[@]} -gt 0 ] || problems=(binary-v0 zelda-v0 sokoban-v0 mdungeons-v0)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
venv=$root/target/pcg-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import pcg_benchmark" 2>/dev/null; then
    "$venv/bin/pip" install --quiet numpy pillow
    "$venv/bin/pip" install --quiet -e "$benchmark"
fi

python=$("$venv/bin/python" scripts/pcg_speed.py "${problems[@]}")
native=$(cargo bench --quiet --locked -p ludoforge-pcgbench --bench problems -- --noplot 2>/dev/null |
    awk '/^info and quality\// { name = substr($0, index($0, "/") + 1) }
         /time:/ && name { gsub(/\[/, ""); print name, $4, $5; name = "" }')

echo "pcg_benchmark $(git -C "$benchmark" rev-parse HEAD 2>/dev/null || echo '(not a git checkout)')"
printf '%-18s %14s %14s %8s\n' problem "Python µs" "native µs" ratio
while read -r name micros; do
    read -r value unit < <(awk -v n="$name" '$1 == n { print $2, $3 }' <<<"$native")
    [ -n "${value:-}" ] || continue
    # criterion gives the time of 1,000 contents.
    case $unit in
        ms) each=$(awk -v v="$value" 'BEGIN { print v }') ;;
        µs|us) each=$(awk -v v="$value" 'BEGIN { print v / 1000 }') ;;
        s) each=$(awk -v v="$value" 'BEGIN { print v * 1000 }') ;;
        *) each=$value ;;
    esac
    awk -v n="$name" -v p="$micros" -v e="$each" 'BEGIN { printf "%-18s %14.1f %14.2f %7.0f×\n", n, p, e, p / e }'
done <<<"$python"
