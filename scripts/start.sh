#!/usr/bin/env bash
# Installs what is missing, builds the web app and the server (sync-server/dist) and starts it on the embedded default:
# SQLite in ./data (the project root's; the server finds it from its package folder), a demo site,
# rig and crew on first start. PORT (default 8787) and PLOD_DATA_DIR override.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
pnpm --filter @plod/web --if-present build
exec pnpm --filter @plod/sync-server start
