#!/usr/bin/env bash
# The browsers the tests drive, all Debian's (Playwright's own browser downloads are unreachable
# here): Chromium for the browser tests, Firefox ESR and WebKitGTK (its WebDriver and MiniBrowser,
# on an Xvfb display) for the stories played in other engines (scripts/check-engines.ts).
# Installs what is missing through apt when we are root; otherwise says exactly what to run.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
firefox="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
webkit_driver="${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}"
missing() {
  local packages=()
  [ -x "$chromium" ] || packages+=(chromium)
  [ -x "$firefox" ] || packages+=(firefox-esr)
  [ -x "$webkit_driver" ] || packages+=(webkit2gtk-driver)
  [ -n "${DISPLAY:-}" ] || command -v Xvfb >/dev/null || packages+=(xvfb)
  echo "${packages[@]}"
}
packages=$(missing)
[ -z "$packages" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing the browsers the tests drive (apt-get install $packages)…"
  # shellcheck disable=SC2086 # one word per package
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
  packages=$(missing)
  [ -z "$packages" ] && exit 0
fi
echo "Missing browsers for the tests. Install them with: sudo apt-get update && sudo apt-get install -y $packages" >&2
echo "(or set CHROMIUM_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH and MINIBROWSER_PATH to your own builds)" >&2
exit 1
