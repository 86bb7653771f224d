#!/bin/bash
# cold-cli.sh [-n RUNS] INPUT JAR...: the wall and CPU time of cold `factored analyze` and `report`, each in a fresh
# JVM as a user runs them (java -jar, no options), median and minimum of RUNS (default 5) per jar and command.
#
# INPUT is a directory with jmh-result.json (or jmh-result.json.gz) and, when the run recorded them, activity/ (or
# activity.tgz) and failed-configurations.json: a run's target/factored, e.g. the example project's, or
# factored-analysis/src/test/resources/sixteen-cores. Several jars are timed in turn, run by run (A, B, A, B, ...), so
# that a load on a shared machine falls on all of them alike.
#
#   analyze  no analysis.json yet: the whole analysis, written
#   again    analyze once more beside the analysis.json it wrote: read back, not analysed (same SHA-256)
#   report   no analysis.json yet: the analysis and the standalone report
#
# CPU is user + system time of the whole JVM (the JIT compilers and the collector included).
set -euo pipefail
runs=5
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
if [ $# -lt 2 ]; then
  echo "usage: $0 [-n RUNS] INPUT JAR..." >&2
  exit 2
fi
input=$(readlink -f "$1"); shift
jars=()
for j in "$@"; do jars+=("$(readlink -f "$j")"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$input"/. "$work"/
cd "$work"
[ -f jmh-result.json.gz ] && gunzip -f jmh-result.json.gz
[ -f activity.tgz ] && tar xzf activity.tgz && rm activity.tgz
rm -f analysis.json
times="$work/times.txt"
timed() { # label, then the command
  local label=$1; shift
  /usr/bin/time -f "$label %e %U %S" -a -o "$times" "$@" > /dev/null 2>&1
}
for run in $(seq "$runs"); do
  for jar in "${jars[@]}"; do
    name=$(basename "$jar" .jar)
    rm -rf analysis.json report
    timed "$name analyze" java -jar "$jar" analyze jmh-result.json
    timed "$name again" java -jar "$jar" analyze jmh-result.json
    rm -rf analysis.json
    timed "$name report" java -jar "$jar" report jmh-result.json --output=report
  done
done
awk '{ key = $1 " " $2; wall[key] = wall[key] " " $3; cpu[key] = cpu[key] " " ($4 + $5) }
  function stats(list,   v, n, i, j, t) {
    n = split(list, v, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
    return sprintf("median %5.2f s  min %5.2f s", (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2, v[1])
  }
  END { for (k in wall) printf "%-28s wall %s   cpu %s\n", k, stats(wall[k]), stats(cpu[k]) }' "$times" | sort
