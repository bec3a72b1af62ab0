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
# The crew's first route (/) stays within its download budget (exits non-zero above 200 KB). A build
# of its own in a temporary folder, so a colleague's server on web/dist keeps its files; no source
# maps, which the size does not count (a few seconds).
step "first-route size"
size_dist="$(mktemp -d)"
trap 'rm -rf "$size_dist"' EXIT
pnpm --filter @plod/web exec vite build --outDir "$size_dist" --emptyOutDir --sourcemap false --logLevel warn
node web/scripts/first-route-size.mjs --dist "$size_dist"
step "unit + integration"; pnpm test:unit
step "browser";     pnpm test:e2e
