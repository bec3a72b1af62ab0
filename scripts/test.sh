#!/usr/bin/env bash
# The whole suite: lint, format, type-check, unit and integration tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-nginx.sh

step() { echo; echo "== $1"; }
step "lint";        pnpm lint
step "format";      pnpm format:check
step "type-check";  pnpm typecheck
# The crew's first route (/) stays within its download budget (exits non-zero above 200 KB): what
# Chromium really loads for the list after joining, every script counted, however it is loaded
# (web/scripts/measure-download.mjs against the real server). A build of its own in a temporary
# folder, so a colleague's server on web/dist keeps its files; no source maps, which the size does
# not count (about 45 s in all on a busy 2-core machine).
step "first-route size"
size_dist="$(mktemp -d)"
trap 'rm -rf "$size_dist"' EXIT
pnpm --filter @plod/web exec vite build --outDir "$size_dist" --emptyOutDir --sourcemap false --logLevel warn
node web/scripts/measure-download.mjs --dist "$size_dist" --check
step "unit + integration"; pnpm test:unit
step "browser";     pnpm test:e2e
