#!/bin/sh
# Self-test of BrowserCheck.java: shows that each check can fail, and that a good page passes.
# Usage: maven-plugin/src/it/tools/browser-check-selftest.sh [screenshot-dir]
# Exit 0: all cases behaved as expected; 1: a case did not; 2: Chromium is not installed (skipped,
# unless --require semantics apply through CI=true, in which case BrowserCheck itself reports exit 1).
set -u
here=$(cd "$(dirname "$0")" && pwd)
fixtures="$here/browser-check-fixtures"
shots="${1:-${TMPDIR:-/tmp}/browser-check-selftest}"
mkdir -p "$shots"
classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
# Compile once: a single-file source launch would compile it again for every case.
javac -d "$classes" "$here/BrowserCheck.java" || exit 1

failures=0
# expect <name> <expected exit> <text> [<text> ...] -- <BrowserCheck arguments>
# The output must contain every text: the exit code alone would not show which check fired.
expect() {
  name=$1 want=$2; shift 2
  texts=""
  while [ "$1" != "--" ]; do texts="$texts$1
"; shift; done
  shift
  out=$(java -cp "$classes" BrowserCheck "$@" 2>&1); got=$?
  if [ "$got" -eq 2 ] && [ "$want" -ne 2 ]; then
    echo "$out"; echo "selftest SKIPPED: Chromium is not installed"; exit 2
  fi
  missing=$(printf '%s' "$texts" | while IFS= read -r text; do
    printf '%s\n' "$out" | grep -qF -- "$text" || echo "$text"; done)
  if [ "$got" -eq "$want" ] && [ -z "$missing" ]; then
    echo "ok   $name (exit $got)"
  else
    echo "FAIL $name: expected exit $want, got $got; missing from the output: ${missing:-nothing}"
    printf '%s\n' "$out" | sed 's/^/       /'
    failures=$((failures + 1))
  fi
}

expect good 0 "images:     2 (2 loaded)" "RESULT: OK" -- "$fixtures/good.html" "$shots/good.png" --min-images=2
expect missing-image 1 "image did not load: factored/no-such-chart.png" -- \
  "$fixtures/missing-image.html" "$shots/missing-image.png"
expect broken-image 1 "image did not load: img/not-a-png.png" -- "$fixtures/broken-image.html" "$shots/broken-image.png"
expect script-errors 1 "console.error: fixture console error 42" "uncaught exception: Error: fixture thrown error" -- \
  "$fixtures/script-errors.html" "$shots/script-errors.png"
expect missing-css-and-too-few-images 1 "no-such-style.css (net::ERR_FILE_NOT_FOUND)" "expected at least 1" -- \
  "$fixtures/missing-stylesheet.html" "$shots/missing-stylesheet.png" --min-images=1
expect wide-table 1 "a reader must scroll sideways" 'table.fct-components after "Speedup components"' -- \
  "$fixtures/wide-table.html" "$shots/wide-table.png"
expect missing-page 1 "does not exist" -- "$fixtures/no-such-page.html" "$shots/none.png"
# Without a browser (no Chromium is started for these):
export BROWSER_CHECK_CHROMIUM=/nonexistent/chromium
ci_saved=${CI-unset}
unset CI
expect no-chromium 2 "SKIPPED" -- "$fixtures/good.html" "$shots/none.png"
expect no-chromium-require 1 "apt-get install -y chromium" -- "$fixtures/good.html" "$shots/none.png" --require
export CI=true
expect no-chromium-ci 1 "apt-get install -y chromium" -- "$fixtures/good.html" "$shots/none.png"
if [ "$ci_saved" = unset ]; then unset CI; else export CI="$ci_saved"; fi
unset BROWSER_CHECK_CHROMIUM

if [ -f "$shots/good.png" ] && [ "$(head -c 8 "$shots/good.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then
  echo "ok   screenshot is a PNG: $shots/good.png"
else
  echo "FAIL screenshot $shots/good.png is missing or not a PNG"; failures=$((failures + 1))
fi
echo "screenshots in $shots"
[ "$failures" -eq 0 ] && echo "selftest OK" && exit 0
echo "selftest FAILED: $failures case(s)"; exit 1
