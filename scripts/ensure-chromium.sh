#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright's own browser download is unreachable here).
# Installs it through apt when missing and we are root; otherwise says exactly what to run.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$bin" ] && exit 0
fi
echo "Chromium is missing at $bin. Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
