#!/usr/bin/env bash
# Installs what is missing, builds the web app when its sources changed since the last build
# (web/scripts/build-if-changed.mjs), builds the server (sync-server/dist, half a second) and starts it
# on the embedded default: SQLite in ./data (the project root's; the server finds it from its package
# folder), a demo site, rig and crew on first start. PORT (default 8787) and PLOD_DATA_DIR override.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
node web/scripts/build-if-changed.mjs

port="${PORT:-8787}"
data_dir="${PLOD_DATA_DIR:-data}"
echo
echo "Plod: open http://localhost:${port}/ (phones on this network: http://<this computer's address>:${port}/)"
if [ -n "${PLOD_ADMIN_USERNAME:-}" ]; then
  echo "Plod: supervisor sign-in: ${PLOD_ADMIN_USERNAME} with PLOD_ADMIN_PASSWORD"
else
  echo "Plod: supervisor sign-in and crew access code: ${data_dir}/initial-credentials.txt (written on the first start; delete it after signing in)"
fi
echo
exec pnpm --filter @plod/sync-server start
