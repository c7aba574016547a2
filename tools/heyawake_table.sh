#!/usr/bin/env bash
# Heyawake, whole processes side by side: `puzzlec solve` (uniqueness check), `puzzlec solve
# --first` and the PuLP+CBC peer (tools/heyawake_pulp_peer.py: seed 004's approach, first
# solution only) on the shipped instances, then `puzzlec compare` on seed004 and lshape.
#
# The machine is noisy, so the runs are interleaved (one round = one run of each command in
# turn, per instance) and the table shows medians in milliseconds of wall-clock time, process
# start included. Knobs (environment):
#   RUNS=11           runs of each puzzlec command per instance
#   RUNS_PEER=3       runs of the peer per instance (it takes seconds to a minute)
#   RUNS_PEER_BIG=    runs of the peer on the bigroom instances (default: RUNS_PEER;
#                     each one takes ~30-60 s)
#   PEER_TIMEOUT=300  seconds before a peer run is killed (needs `timeout`)
#   COMPARE_TIMEOUT=20  --timeout of the final `puzzlec compare`
#
# Usage: tools/heyawake_table.sh [> table.txt]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-11}
RUNS_PEER=${RUNS_PEER:-3}
RUNS_PEER_BIG=${RUNS_PEER_BIG:-$RUNS_PEER}
PEER_TIMEOUT=${PEER_TIMEOUT:-300}
COMPARE_TIMEOUT=${COMPARE_TIMEOUT:-20}
INSTANCES=(seed004.txt lshape_4x6.txt bigroom_1.txt bigroom_2.txt bigroom_3.txt
    bigroom_unique_29.txt bigroom_unique_28.txt)
# Instances with exactly one solution: there the peer's grid must equal puzzlec's.
declare -A UNIQUE=([seed004.txt]=1 [lshape_4x6.txt]=1 [bigroom_unique_29.txt]=1
    [bigroom_unique_28.txt]=1)

cargo build --release >&2

PEER=1
if ! python3 -c 'import pulp' 2>/dev/null; then
    PEER=0
    echo "PuLP peer skipped: python3 cannot import pulp (\`pip install pulp\` installs it, CBC included)."
fi
TIMEOUT=()
if command -v timeout >/dev/null; then
    TIMEOUT=(timeout "$PEER_TIMEOUT")
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Run a private copy: a concurrent `cargo build` replacing target/release/puzzlec mid-run would
# otherwise break `compare`, which starts its children from its own executable's path.
cp target/release/puzzlec "$WORK/puzzlec"
PUZZLEC=$WORK/puzzlec

# Sets NOW_US to microseconds since the epoch; without forking when bash has EPOCHREALTIME.
now_us() {
    if [[ -n ${EPOCHREALTIME:-} ]]; then
        NOW_US=${EPOCHREALTIME/[.,]/}
    else
        NOW_US=$(($(date +%s%N) / 1000))
    fi
}

# timed OUT_PREFIX CMD...: runs CMD with stdout to OUT_PREFIX.out, stderr to OUT_PREFIX.err;
# sets LAST_MS (milliseconds, 3 decimals) and LAST_RC.
timed() {
    local prefix=$1
    shift
    local start end
    LAST_RC=0
    now_us
    start=$NOW_US
    "$@" >"$prefix.out" 2>"$prefix.err" || LAST_RC=$?
    now_us
    end=$NOW_US
    LAST_MS=$(awk -v d=$((end - start)) 'BEGIN { printf "%.3f", d / 1000 }')
}

# median VALUES...: the median (mean of the two middle values for an even count), or "-".
median() {
    if (($# == 0)); then
        echo "-"
        return
    fi
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
        END { if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2;
              printf "%.1f", m }'
}

# ratio A B: A / B to two decimals, or "-" when either is missing.
ratio() {
    if [[ $1 == - || $2 == - ]]; then
        echo "-"
    else
        awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
    fi
}

# The shading rows (`#`/`.` only) of a solver's output; puzzlec adds a blank and a verdict line.
grid_rows() {
    grep -E '^[#.]+$' "$1" || true
}

# The last non-empty line of puzzlec's output: its verdict.
verdict() {
    awk 'NF { last = $0 } END { print last }' "$1"
}

ROWS=()
NOTES=()
for name in "${INSTANCES[@]}"; do
    file=models/heyawake/$name
    peer_runs=0
    if ((PEER)); then
        peer_runs=$RUNS_PEER
        if [[ $name == bigroom_* ]]; then peer_runs=$RUNS_PEER_BIG; fi
    fi
    rounds=$((RUNS > peer_runs ? RUNS : peer_runs))
    unique_ms=()
    first_ms=()
    peer_ms=()
    unique_verdicts=()
    first_verdicts=()
    peer_failures=0
    echo "timing $name: $RUNS runs of puzzlec (unique, --first), $peer_runs of the peer" >&2
    for ((round = 1; round <= rounds; round++)); do
        if ((round <= RUNS)); then
            timed "$WORK/unique" "$PUZZLEC" solve heyawake "$file"
            unique_ms+=("$LAST_MS")
            unique_verdicts+=("$(verdict "$WORK/unique.out") (exit $LAST_RC)")
            if ((round == 1)); then cp "$WORK/unique.out" "$WORK/unique.first-run"; fi
            timed "$WORK/first" "$PUZZLEC" solve heyawake "$file" --first
            first_ms+=("$LAST_MS")
            first_verdicts+=("$(verdict "$WORK/first.out") (exit $LAST_RC)")
            if ((round == 1)); then cp "$WORK/first.out" "$WORK/first.first-run"; fi
        fi
        if ((round <= peer_runs)); then
            timed "$WORK/peer" "${TIMEOUT[@]}" python3 tools/heyawake_pulp_peer.py "$file"
            if ((LAST_RC == 0)); then
                peer_ms+=("$LAST_MS")
            else
                peer_failures=$((peer_failures + 1))
                NOTES+=("$name: peer run $round failed (exit $LAST_RC): $(head -c 300 "$WORK/peer.err" "$WORK/peer.out" | tr '\n' ' ')")
            fi
            if ((round == 1)); then cp "$WORK/peer.out" "$WORK/peer.first-run"; fi
        fi
    done

    u=$(median "${unique_ms[@]}")
    f=$(median "${first_ms[@]}")
    p=$(median "${peer_ms[@]+"${peer_ms[@]}"}")
    ROWS+=("| $name | $u | $f | $p | $(ratio "$p" "$f") | $(ratio "$p" "$u") |")

    # Every run must give the same verdict (unique or multiple; `solved` with --first).
    mapfile -t seen < <(printf '%s\n' "${unique_verdicts[@]}" | sort -u)
    NOTES+=("$name: puzzlec solve verdict: ${seen[*]}")
    mapfile -t seen < <(printf '%s\n' "${first_verdicts[@]}" | sort -u)
    NOTES+=("$name: puzzlec solve --first verdict: ${seen[*]}")
    if [[ -n ${UNIQUE[$name]:-} ]]; then
        if ! diff -q <(grid_rows "$WORK/first.first-run") <(grid_rows "$WORK/unique.first-run") >/dev/null; then
            NOTES+=("$name: MISMATCH: puzzlec --first grid differs from the unique-mode grid")
        fi
        answer=models/heyawake/${name%.txt}.answer
        if [[ -f $answer ]]; then
            if diff -q <(grid_rows "$WORK/first.first-run") <(grid_rows "$answer") >/dev/null; then
                NOTES+=("$name: puzzlec --first grid = $answer")
            else
                NOTES+=("$name: MISMATCH: puzzlec --first grid differs from $answer")
            fi
        fi
        if ((peer_runs > 0)); then
            if diff -q <(grid_rows "$WORK/first.first-run") <(grid_rows "$WORK/peer.first-run") >/dev/null; then
                NOTES+=("$name: peer grid = puzzlec --first grid ($(grid_rows "$WORK/peer.first-run" | wc -l) rows)")
            else
                rows=$(paste -d '|' <(grid_rows "$WORK/peer.first-run") <(grid_rows "$WORK/first.first-run") |
                    sed 's/^/      /; s/|/ | /')
                NOTES+=("$name: MISMATCH: peer grid differs from puzzlec --first grid (peer | puzzlec):"$'\n'"$rows")
            fi
        fi
    elif ((peer_runs > 0)); then
        NOTES+=("$name: grids not compared (several solutions; the peer stops at any one)")
    fi
done

echo
peer_desc="peer: $RUNS_PEER runs, $RUNS_PEER_BIG on bigroom_*"
if ((!PEER)); then peer_desc="peer: skipped"; fi
echo "Heyawake, whole processes, median wall-clock ms (puzzlec: $RUNS runs each; $peer_desc)," \
    "interleaved; $(nproc 2>/dev/null || echo '?') cores."
echo "puzzlec: puzzlec solve heyawake FILE [--first] (backend varisat, connectivity=lazy; a copy of" \
    "target/release/puzzlec built at the start)."
echo "Peer: python3 tools/heyawake_pulp_peer.py FILE (PuLP + CBC, seed 004's loop, first solution only)."
echo
echo "| instance | puzzlec solve (unique) ms | puzzlec --first ms | PuLP peer ms | ratio peer/puzzlec --first | ratio peer/puzzlec unique |"
echo "|---|---:|---:|---:|---:|---:|"
printf '%s\n' "${ROWS[@]}"
echo
echo "Checks:"
printf -- '- %s\n' "${NOTES[@]}"
echo
echo "\$ puzzlec compare heyawake models/heyawake/seed004.txt models/heyawake/lshape_4x6.txt --timeout $COMPARE_TIMEOUT"
"$PUZZLEC" compare heyawake models/heyawake/seed004.txt models/heyawake/lshape_4x6.txt --timeout "$COMPARE_TIMEOUT"
