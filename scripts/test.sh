#!/usr/bin/env bash
# The whole suite: lint, format, type-check, unit and integration tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-chromium.sh

step() { echo; echo "== $1"; }
step "lint";        pnpm lint
step "format";      pnpm format:check
step "type-check";  pnpm typecheck
step "unit + integration"; pnpm test:unit
step "browser";     pnpm test:e2e
