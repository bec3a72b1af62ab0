#!/usr/bin/env bash
# Browser tests use Debian's Chromium, never a downloaded browser build: the headless shell for the
# test suite (lighter on the two cores), the full browser for the measuring scripts in web/scripts.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" = 0 ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "setup: installing Debian's ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
