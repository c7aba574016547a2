#!/usr/bin/env bash
# Batch runs side by side: one `puzzlec solve` process over a whole collection (`--jobs 1` and
# `--jobs 2`) against the peers started once per file, as people run them today, and against
# puzzlec itself started once per file (what the batch run saves).
#
#  1. The generated nonograms (tools/gen_nonograms.py: COUNT random pictures, 5x5 to 25x25,
#     fixed SEED): puzzlec vs nonogrid (-m 2: find a second solution) per file, one at a time
#     and two at a time; pbnsolve (-b -u) per file when PBNSOLVE names a binary; cspuz-nono per
#     file when CSPUZ_NONO=1 (about 0.5 s a file, so it is left out by default).
#  2. The shipped puzz.link URLs (models/*/*.url, several genres): puzzlec (genre read from
#     each URL) vs cspuz-url per URL, one and two at a time.
#
# The machine is shared and noisy, so the runs are interleaved (one round = each command once)
# and the table shows the median of RUNS rounds: whole wall-clock seconds, process starts
# included, and the CPU seconds (user + system of every process the run started), which the
# other work on a shared machine disturbs less. Every run has the same per-puzzle time limit (TIMEOUT seconds: puzzlec --timeout,
# nonogrid -t, pbnsolve -x, `timeout` around cspuz). The verdicts of the last round are then
# checked (tools/batch_verdicts.py): no planted nonogram may come out `none`, a unique one must
# be its planted picture, and each peer's verdicts are compared with puzzlec's.
#
# Knobs (environment): COUNT=2000 SEED=1 RUNS=3 TIMEOUT=20 PEERS=../shared/peers/bin
#   NONOGRID=$PEERS/nonogrid CSPUZ_URL=$PEERS/cspuz-url CSPUZ_NONO_BIN=$PEERS/cspuz-nono
#   PBNSOLVE= (path to a pbnsolve binary; not shipped with the peers) CSPUZ_NONO=0
#
# Usage: tools/batch_vs_peers.sh [> table.md]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

COUNT=${COUNT:-2000}
SEED=${SEED:-1}
RUNS=${RUNS:-3}
TIMEOUT=${TIMEOUT:-20}
PEERS=${PEERS:-../shared/peers/bin}
NONOGRID=${NONOGRID:-$PEERS/nonogrid}
CSPUZ_URL=${CSPUZ_URL:-$PEERS/cspuz-url}
CSPUZ_NONO_BIN=${CSPUZ_NONO_BIN:-$PEERS/cspuz-nono}
CSPUZ_NONO=${CSPUZ_NONO:-0}
PBNSOLVE=${PBNSOLVE:-}

cargo build --release >&2
PUZZLEC=target/release/puzzlec
DIR=target/nonograms
OUT=target/batch-bench
rm -rf "$DIR" "$OUT"
mkdir -p "$OUT"
python3 tools/gen_nonograms.py --count "$COUNT" --seed "$SEED" --out "$DIR" >&2
NONS=("$DIR"/*.non)
URL_FILES=(models/*/*.url)
# The URL inside each .url file (under its `//` comment lines), read once, outside the timing.
URLS=()
for f in "${URL_FILES[@]}"; do
    URLS+=("$(grep -v -e '^//' -e '^[[:space:]]*$' "$f" | head -n 1)")
done
echo "collection: ${#NONS[@]} nonograms (seed $SEED), ${#URLS[@]} URLs; $RUNS rounds; limit ${TIMEOUT}s a puzzle; $(nproc) cores" >&2

have() { [ -x "$1" ] || command -v "$1" >/dev/null 2>&1; }

# The output file of an input: `rand-00001.non` for nonograms, `heyawake__cspuz_6x6.url` for
# URL files (tools/batch_verdicts.py reads them by the same names). No subshells: a fork per
# file would be charged to the peer.
key() {
    local f=$1 d
    case $f in
        *.non) KEY=${f##*/} ;;
        *) d=${f%/*}; KEY="${d##*/}__${f##*/}" ;;
    esac
}

# each OUTDIR STEP FIRST FILE...: runs "${PEER[@]}" on every STEP-th file from index FIRST,
# its output (and start/end times) in OUTDIR/KEY.txt.
each() {
    local out=$1 step=$2 first=$3 i f started
    shift 3
    local files=("$@")
    for ((i = first; i < ${#files[@]}; i += step)); do
        f=${files[i]}
        key "$f"
        started=$EPOCHREALTIME
        "${PEER[@]}" "$f" >"$out/$KEY.txt" 2>&1 || true
        echo "# elapsed $started $EPOCHREALTIME" >>"$out/$KEY.txt"
    done
}

# per_file LABEL JOBS FILE...: the peer once per file, JOBS processes at a time.
per_file() {
    local label=$1 jobs=$2 j
    shift 2
    mkdir -p "$OUT/$label"
    for ((j = 0; j < jobs; j++)); do
        each "$OUT/$label" "$jobs" "$j" "$@" &
    done
    wait
}

# cspuz-url takes the URL itself: a wrapper maps the file name to its URL without a process.
declare -A URL_OF
for i in "${!URL_FILES[@]}"; do URL_OF[${URL_FILES[i]}]=${URLS[i]}; done
cspuz_url() { timeout "$TIMEOUT" "$CSPUZ_URL" "${URL_OF[$1]}"; }

TIMES=$OUT/times.txt
: >"$TIMES"
# The CPU time of this shell's finished children so far (`times`' second line: user and system,
# as `XmY.YYYs`); the builtin and the redirection start no process.
children_cpu() {
    local line
    times >"$OUT/.times"
    { read -r line; read -r line; } <"$OUT/.times"
    CPU=${line// /_}
}
# timed LABEL COMMAND...: runs a command, appends its wall-clock span and its CPU time (every
# process it started, user + system) to $TIMES.
timed() {
    local label=$1 started before
    shift
    children_cpu
    before=$CPU
    started=$EPOCHREALTIME
    "$@"
    children_cpu
    echo "$label $started $EPOCHREALTIME $before $CPU" >>"$TIMES"
}

puzzlec_nonograms() { "$PUZZLEC" solve nonogram "$DIR" --json --jobs "$1" --timeout "$TIMEOUT" >"$OUT/puzzlec-nonograms-j$1.jsonl" 2>/dev/null || true; }
puzzlec_urls() { "$PUZZLEC" solve "${URL_FILES[@]}" --json --jobs "$1" --timeout "$TIMEOUT" >"$OUT/puzzlec-urls-j$1.jsonl" 2>/dev/null || true; }

for ((round = 1; round <= RUNS; round++)); do
    echo "round $round of $RUNS" >&2
    timed "nonograms puzzlec_--jobs_1" puzzlec_nonograms 1
    timed "nonograms puzzlec_--jobs_2" puzzlec_nonograms 2
    PEER=("$PUZZLEC" solve nonogram --timeout "$TIMEOUT")
    timed "nonograms puzzlec_per_file,_1_at_a_time" per_file puzzlec-1 1 "${NONS[@]}"
    if have "$NONOGRID"; then
        PEER=("$NONOGRID" -m 2 -t "$TIMEOUT")
        timed "nonograms nonogrid_per_file,_1_at_a_time" per_file nonogrid-1 1 "${NONS[@]}"
        timed "nonograms nonogrid_per_file,_2_at_a_time" per_file nonogrid-2 2 "${NONS[@]}"
    fi
    if [ -n "$PBNSOLVE" ] && have "$PBNSOLVE"; then
        PEER=("$PBNSOLVE" -b -u -x"$TIMEOUT")
        timed "nonograms pbnsolve_per_file,_1_at_a_time" per_file pbnsolve-1 1 "${NONS[@]}"
        timed "nonograms pbnsolve_per_file,_2_at_a_time" per_file pbnsolve-2 2 "${NONS[@]}"
    fi
    if [ "$CSPUZ_NONO" = 1 ] && have "$CSPUZ_NONO_BIN"; then
        PEER=(timeout "$TIMEOUT" "$CSPUZ_NONO_BIN")
        timed "nonograms cspuz-nono_per_file,_2_at_a_time" per_file cspuz-nono-2 2 "${NONS[@]}"
    fi
    timed "urls puzzlec_--jobs_1" puzzlec_urls 1
    timed "urls puzzlec_--jobs_2" puzzlec_urls 2
    PEER=("$PUZZLEC" solve --timeout "$TIMEOUT")
    timed "urls puzzlec_per_file,_1_at_a_time" per_file puzzlec-urls-1 1 "${URL_FILES[@]}"
    if have "$CSPUZ_URL"; then
        PEER=(cspuz_url)
        timed "urls cspuz-url_per_URL,_1_at_a_time" per_file cspuz-1 1 "${URL_FILES[@]}"
        timed "urls cspuz-url_per_URL,_2_at_a_time" per_file cspuz-2 2 "${URL_FILES[@]}"
    fi
done

echo
echo "| collection | run | wall seconds, median of $RUNS | rounds | CPU seconds, median |"
echo "|---|---|---:|---|---:|"
python3 - "$TIMES" "${#NONS[@]}" "${#URLS[@]}" <<'EOF'
import re, statistics, sys
def cpu(text):
    """`0m1.5s_0m0.2s` (user_system) as seconds."""
    return sum(int(m) * 60 + float(s) for m, s in re.findall(r"(\d+)m([\d.]+)s", text))
rows = {}
for line in open(sys.argv[1]):
    group, label, start, end, before, after = line.split()
    rows.setdefault((group, label), []).append((float(end) - float(start), cpu(after) - cpu(before)))
sizes = {"nonograms": f"{sys.argv[2]} nonograms", "urls": f"{sys.argv[3]} shipped URLs"}
for (group, label), runs in rows.items():
    wall = [w for w, _ in runs]
    print(f"| {sizes[group]} | {label.replace('_', ' ')} | {statistics.median(wall):.1f} | "
          + " ".join(f"{s:.1f}" for s in wall)
          + f" | {statistics.median(c for _, c in runs):.1f} |")
EOF
echo
echo "Verdicts (last round):"
status=0
NONO_PEERS=()
for d in nonogrid-1 pbnsolve-1 cspuz-nono-2; do [ -d "$OUT/$d" ] && NONO_PEERS+=("$OUT/$d"); done
python3 tools/batch_verdicts.py nonograms "$OUT/puzzlec-nonograms-j2.jsonl" "$DIR/manifest.tsv" "${NONO_PEERS[@]}" || status=1
URL_PEERS=()
[ -d "$OUT/cspuz-1" ] && URL_PEERS+=("$OUT/cspuz-1")
python3 tools/batch_verdicts.py urls "$OUT/puzzlec-urls-j2.jsonl" "${URL_PEERS[@]}" || status=1
if ! cmp -s <(grep -v summary "$OUT/puzzlec-nonograms-j1.jsonl" | python3 -c 'import json,sys; [print(json.loads(l)["input"], json.loads(l).get("verdict")) for l in sys.stdin]') \
           <(grep -v summary "$OUT/puzzlec-nonograms-j2.jsonl" | python3 -c 'import json,sys; [print(json.loads(l)["input"], json.loads(l).get("verdict")) for l in sys.stdin]'); then
    echo "puzzlec --jobs 1 and --jobs 2 gave different verdicts"
    status=1
fi
exit $status
