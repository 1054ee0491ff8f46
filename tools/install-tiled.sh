#!/usr/bin/env bash
# Installs Debian's `tiled` (the map editor) when it is missing and we may (root with apt-get):
# the Tiled export tests run `tiled --export-map` on every shipped scenario, and `make bench`
# times it. Silent when tiled is there; says why when it cannot be installed (the tests then
# skip, except in CI, where MOTU_REQUIRE_TILED=1 makes them fail).
set -u
command -v tiled >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Tiled (Debian's tiled package) for the Tiled export tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends tiled >/dev/null
  command -v tiled >/dev/null 2>&1 && exit 0
fi
echo "Tiled is not installed and cannot be installed here (needs root and apt-get): the tests that run tiled will skip." >&2
exit 0
