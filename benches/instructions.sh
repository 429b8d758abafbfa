#!/usr/bin/env bash
# Instructions and mispredicted branches per one-roll generation call and
# per random-playout throw, for every built-in ruleset, by cachegrind.
# Usage: bash benches/instructions.sh [GAMES]   (default 2000 games)
# RULESETS="kendall held:kendall file:rules/kendall.toml" picks rulesets, a
# built-in held in a `senet::Rules` (held:) and rules files (file:) too:
# then the bench is `senet-downstream`'s, this one with rules files, which
# needs the repository's workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-2000}
case " ${RULESETS:-} " in
*" file:"*) package=(-p senet-downstream) ;;
*) package=() ;;
esac
# The binary cargo names, not the newest `instructions-*`: both packages
# build one.
bin=$(cargo bench "${package[@]}" --bench instructions --no-run 2>&1 |
    sed -n 's/^ *Executable .*(\(.*\))$/\1/p' | tail -n 1)
count() { # prints "instructions mispredicts" of one run
    valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
        --cachegrind-out-file=/dev/null "$bin" "$@" 2>&1 >/dev/null |
        awk '/I *refs:/ {gsub(",","",$4); i=$4}
             /Mispredicts:/ {gsub(",","",$3); m=$3}
             END {print i, m}'
}
printf '%-8s %22s %22s\n' ruleset "per call: instr mispr" "per throw: instr mispr"
for r in ${RULESETS:-kendall temple bell classic jequier kendall1979 skyruk}; do
    read -r i0 m0 < <(count generate "$r" 0)
    read -r i2 m2 < <(count generate "$r" 2)
    calls=$("$bin" generate "$r" 2 | awk '{print $2}')
    read -r ip mp < <(count playouts "$r" "$games")
    throws=$("$bin" playouts "$r" "$games" | awk '{print $2}')
    awk -v r="$r" -v i0="$i0" -v i2="$i2" -v m0="$m0" -v m2="$m2" -v c="$calls" \
        -v ip="$ip" -v mp="$mp" -v t="$throws" \
        'BEGIN {printf "%-8s %12.1f %9.2f %12.1f %9.2f\n", r, (i2-i0)/c, (m2-m0)/c, ip/t, mp/t}'
done
