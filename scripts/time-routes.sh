#!/usr/bin/env bash
# Whole-process times of `hexroute routes` on the Bankruptcy Club fixture
# (1867) and on the slowest real position of a public 18xx.games game (1861
# game 167259 before action 721, as the engine left it): the median wall
# time and peak memory of N runs (default 5) per case, as the README
# quotes them. Run from the project root after
# `cargo build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bin=target/release/hexroute
save=fixtures/1867_bc.json
[ -x "$bin" ] || { echo "build first: cargo build --release" >&2; exit 2; }
measure() {
  local label=$1; shift
  measure_on "$save" "$label" "$@"
}
measure_on() {
  local file=$1 label=$2; shift 2
  local times=() mems=()
  for _ in $(seq "$runs"); do
    local out
    out=$( { /usr/bin/time -f '%e %M' "$bin" routes "$file" "$@" --quiet >/dev/null; } 2>&1 | tail -1)
    times+=("${out% *}"); mems+=("${out#* }")
  done
  local t m
  t=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  m=$(printf '%s\n' "${mems[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%-28s median %6.2f s  (runs: %s)  peak %5.1f MB\n' "$label" "$t" "${times[*]}" "$(echo "$m / 1024" | bc -l)"
}
measure "GWR 5,8"              --company GWR --trains 5,8
measure "C&O 6,8"              --company 'C&O' --trains 6,8
measure "CNR 5,5+5E"           --company CNR --trains 5,5+5E
measure "CNR 5,5+5E,8"         --company CNR --trains 5,5+5E,8
measure "CNR 6,8,5+5E,5"       --company CNR --trains 6,8,5+5E,5
measure "CNR 8,8,8,8"          --company CNR --trains 8,8,8,8
measure "CNR 8,8,8,5+5E"       --company CNR --trains 8,8,8,5+5E
measure "CNR 5,5+5E,6,8,2+2"   --company CNR --trains 5,5+5E,6,8,2+2
measure "all companies (--all)" --all
measure_on fixtures/1861_167259.json "1861 167259 MK 8" --company MK
