#!/usr/bin/env bash
# Installs whatever this checkout needs that the machine lacks: pnpm, then the workspace's packages.
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pnpm >/dev/null 2>&1; then
  echo "setup: installing pnpm"
  npm install --global --no-fund --no-audit pnpm@12 >/dev/null
fi

# node-gyp must build better-sqlite3 against the local Node headers (no downloads here).
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
pnpm install --frozen-lockfile --reporter=append-only | grep -v '^Progress' || true
test -d node_modules/.pnpm || { echo "setup: pnpm install failed" >&2; exit 1; }
