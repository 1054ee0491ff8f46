#!/usr/bin/env bash
# Installs a virtual X server (Debian's xvfb, with xauth for xvfb-run) and xdotool, when missing and
# we may install them (root on Debian), so the GUI soak test and `make screenshots` run in a real X
# window. Prints what it does; silent when all is there. Without them the soak test runs offscreen.
set -u
command -v xvfb-run >/dev/null 2>&1 && command -v xauth >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing a virtual X server for the GUI tests (xvfb, xauth, xdotool)…"
  export DEBIAN_FRONTEND=noninteractive
  (apt-get install -y -qq xvfb xauth xdotool >/dev/null 2>&1) || \
    (apt-get update -qq >/dev/null && apt-get install -y -qq xvfb xauth xdotool >/dev/null)
  command -v xvfb-run >/dev/null 2>&1 && exit 0
fi
echo "No virtual X server (install xvfb, xauth and xdotool): the GUI soak test runs offscreen instead." >&2
exit 0
