#!/usr/bin/env bash
# Installs the real readers the export tests check Motu's files with, when missing and we may
# (root with apt-get): librsvg's rsvg-convert (print SVG), poppler's pdftotext/pdfinfo (print
# PDF), desktop-file-validate, shared-mime-info and gio (the installer's desktop entry and MIME type),
# appstreamcli (its AppStream metainfo).
# GDAL's ogrinfo and ogr2ogr (GeoJSON).
# Silent when all are there; says why when they cannot be installed (those tests then skip,
# except in CI, where MOTU_REQUIRE_TILED=1 makes them fail).
set -u
need=()
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v desktop-file-validate >/dev/null 2>&1 || need+=(desktop-file-utils)
command -v update-mime-database >/dev/null 2>&1 || need+=(shared-mime-info)
command -v gio >/dev/null 2>&1 || need+=(libglib2.0-bin)
command -v appstreamcli >/dev/null 2>&1 || need+=(appstream)
command -v ogrinfo >/dev/null 2>&1 || need+=(gdal-bin)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the export tests' readers (${need[*]})…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 && exit 0
fi
echo "Cannot install ${need[*]} here (needs root and apt-get): the tests that use them will skip." >&2
exit 0
