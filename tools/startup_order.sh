#!/bin/sh
# Remakes link/startup-order.txt, the functions a small run executes, which build.rs hands to
# the linker so they lie together in the binary (fewer page faults at start-up).
#
#     tools/startup_order.sh [target/release/puzzlec]
#
# Runs the binary under callgrind on `--version`, the 5x5 nonogram of
# tools/startup_vs_peers.py and a 10x10 hitori URL, and
# keeps the (mangled) names of the binary's own functions that ran, sorted. Run it after
# changes to what a small run calls, then rebuild: names missing from the list only lose
# their place, so an old list is slower, never wrong.
set -eu
bin=${1:-target/release/puzzlec}
root=$(dirname "$0")/..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'width 5\nheight 5\n\nrows\n3\n1,1,1\n5\n1,1\n1\n\ncolumns\n2\n1,2\n3,1\n1,2\n2\n' > "$tmp/tiny.non"
n=0
for args in "--version" "solve nonogram $tmp/tiny.non" "solve hitori $root/models/hitori/noqx_10x10.url"; do
    n=$((n + 1))
    # shellcheck disable=SC2086 # the words of $args are the arguments
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$tmp/run$n" "$bin" $args \
        >/dev/null 2>&1 || true
done
cat "$tmp"/run* | sed -n -E 's/^c?fn=\([0-9]+\) //p' | sort -u > "$tmp/ran"
nm --defined-only "$bin" | awk '$2 ~ /^[tT]$/ {print $3}' | sort -u > "$tmp/own"
comm -12 "$tmp/ran" "$tmp/own" > "$root/link/startup-order.txt"
wc -l < "$root/link/startup-order.txt"
