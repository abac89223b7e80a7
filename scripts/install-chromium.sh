#!/usr/bin/env bash
# Makes sure a Chromium that playwright-core can drive is installed, for the
# browser test of /docs (test/e2e/docs.test.ts): Debian's `chromium` package.
# `npm run setup:browser` runs it; quiet and instant when chromium is there.
# CHROMIUM_PATH, when set, names the browser to use instead (the test reads it too).
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if [[ -x "$CHROMIUM_PATH" ]]; then exit 0; fi
  echo "install-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
  exit 1
fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi

install=(apt-get install -y --no-install-recommends chromium)
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium: no chromium on PATH and no apt-get here. Install Chromium with your system's package manager" >&2
  echo "  and set CHROMIUM_PATH to its binary (e.g. macOS: brew install --cask chromium)." >&2
  exit 1
fi
if [[ "$(id -u)" -ne 0 ]]; then
  echo "install-chromium: the browser test needs Debian's chromium package. Install it with:" >&2
  echo "  sudo apt-get update && sudo ${install[*]}" >&2
  exit 1
fi
echo "install-chromium: installing Debian's chromium for the browser test (apt-get) ..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
"${install[@]}" -qq >/dev/null
if ! command -v chromium >/dev/null 2>&1; then
  echo "install-chromium: apt-get installed chromium but it is not on PATH" >&2
  exit 1
fi
