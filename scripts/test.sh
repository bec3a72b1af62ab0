#!/usr/bin/env bash
# The whole suite: lint, format, type-check, unit and integration tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-nginx.sh

step() { echo; echo "== $1"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The checks before the tests each keep one core busy (eslint, prettier, tsc and vite are single
# threaded for most of their run): two lanes at once on the two cores, each step's output kept and
# printed in order once both lanes are done. Lane one type-checks (the longest step); lane two lints,
# checks the format and builds the web app the browser tests serve.
#
# The web build goes to a folder of this run's own, so a colleague's server on web/dist keeps its
# files. The crew's first route (/) must stay within its download budget (exits non-zero above
# 200 KB), measured on this same build: what Chromium really loads for the list after joining, every
# script counted however it is loaded (web/scripts/measure-download.mjs against the real server).
# The browser tests then serve the build (PLOD_E2E_WEB_DIR with PLOD_E2E_PREBUILT) instead of
# building the app a second time.
web_dir="$work/web"
timed() {
  local name="$1"
  shift
  local start=$SECONDS status=0
  "$@" >"$work/$name.log" 2>&1 || status=$?
  echo "$name $status $((SECONDS - start))" >>"$work/steps"
  return "$status"
}
build_web() {
  pnpm --filter @plod/web exec vite build --outDir "$web_dir" --emptyOutDir --logLevel warn &&
    node web/scripts/measure-download.mjs --dist "$web_dir" --check
}
(timed type-check pnpm typecheck || true) &
lane_one=$!
(
  timed lint pnpm lint || true
  timed format pnpm format:check || true
  timed first-route-size build_web || true
) &
lane_two=$!
wait "$lane_one" "$lane_two"

failed=0
for name in lint format type-check first-route-size; do
  read -r _ status seconds < <(grep "^$name " "$work/steps")
  step "$name (${seconds}s)"
  cat "$work/$name.log"
  if [ "$status" != 0 ]; then
    echo "$name failed (exit $status)"
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1

step "unit + integration"; pnpm test:unit
step "browser"
PLOD_E2E_WEB_DIR="$web_dir" PLOD_E2E_PREBUILT=1 pnpm test:e2e
