"""`motu export` and `motu import`: scenarios to Tiled and GeoJSON, and maps into new scenarios.

Scope: the two subcommands' arguments and what they do; the formats `motu export` writes, their
endings and which are print pages are the format registry's (motu/engine/io/registry.py), and the
formats themselves are motu/engine/io/tiled*.py, geojson*.py, print_formats.py, vassal.py
(docs/exports.md). cli.py adds these parsers.
"""
from __future__ import annotations

import argparse
import os
from typing import Any

from motu.engine.board.grids import GridError
from motu.engine.io import geojson
from motu.engine.io.errors import LoadError
from motu.engine.io.geojson_own import own_export
from motu.engine.io.geojson_import import GridChoice, layout_scale, load_geojson, motu_member
from motu.engine.io.registry import REGISTRY, save_scenario
from motu.engine.io.bounded import decode_utf8, read_bytes
from motu.engine.io.safe_yaml import load_yaml
from motu.engine.io.tiled_import import load_tiled
from motu.engine.rules.registry import get_ruleset, known_ruleset_ids

from . import map_cli
from .common import EXIT_OK, EXPORT_ENDINGS, UsageError, emit, load, note, ascii_digits, parse_size, positive_float, scenario_out

# What `motu export --to` takes, and the print formats --whole-map is for: the format registry's.
EXPORTS = tuple(f.id for f in REGISTRY.exports())
PRINTS = tuple(f.id for f in REGISTRY.exports() if f.paged)
# A PNG is one image of the map or the print's pages: `--to png-map|png-pages` (`png`: the map).
PNG_TO = {"png-map": "map", "png-pages": "pages"}
TO_CHOICES = tuple(t for e in EXPORTS for t in ((e, *PNG_TO) if e == "png" else (e,)))


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _print_choices(args: argparse.Namespace, to: str, png: str) -> dict[str, Any]:
    """--paper, --hex-size and --dpi as the export's options (formats.ExportOptions), each refused
    where it changes nothing: paper and hex size are for print, paper not for one image of the
    map, the resolution for PNG alone."""
    what = "png-map" if to == "png" and png == "map" else "png-pages" if to == "png" else to
    choices: dict[str, Any] = {"png": png}
    if args.paper is not None:
        if to not in PRINTS or what == "png-map":
            raise UsageError(f"--paper is for print pages ({', '.join(p for p in PRINTS if p != 'png')}, png-pages), "
                             f"not {what}")
        from motu.engine.io.print_layout import PrintError, paper_size
        try:
            paper_size(args.paper)
        except PrintError as exc:
            raise UsageError(f"--paper: {exc}") from None
        choices["paper"] = args.paper
    if args.hex_size is not None:
        if to not in PRINTS:
            raise UsageError(f"--hex-size is for print exports ({', '.join(PRINTS)}), not {to}")
        choices["cell_mm"] = args.hex_size
    if args.dpi is not None:
        if to != "png":
            raise UsageError(f"--dpi is for PNG (png-map, png-pages), not {to}: PDF and SVG are drawn as vectors")
        choices["dpi"] = args.dpi
    return choices


def _millimetres(text: str) -> float:
    """--hex-size: millimetres, with or without "mm"."""
    value = text.strip().lower().removesuffix("mm").strip()
    try:
        mm = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size in millimetres, as 19 or 19mm") from None
    if not 2 <= mm <= 500:
        raise argparse.ArgumentTypeError(f"{text!r}: a cell is printed 2 to 500 mm across")
    return mm


def _dpi(text: str) -> int:
    try:
        dpi = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of dots per inch, as 150") from None
    if not 30 <= dpi <= 1200:
        raise argparse.ArgumentTypeError(f"{dpi} dpi is outside 30 to 1200")
    return dpi


def cmd_export(args: argparse.Namespace) -> int:
    ending = os.path.splitext(args.out)[1].lower()
    to = args.to or EXPORT_ENDINGS.get(ending)
    if to is None:
        named = f"no format is written as {ending}" if ending else "it has no ending to tell the format by"
        raise UsageError(f"{args.out}: {named}; give --to {'|'.join(TO_CHOICES)}")
    png = "map"
    if to in PNG_TO:  # png-map, png-pages: the png format, writing the map or the pages
        to, png = "png", PNG_TO[to]
    whole_map = bool(getattr(args, "whole_map", False))
    if whole_map and to not in PRINTS:
        raise UsageError(f"--whole-map is for print exports ({', '.join(PRINTS)}), not {to}")
    choices = _print_choices(args, to, png)
    s = load(args.file)
    if _same_file(args.file, args.out):
        raise UsageError(f"{args.out} is the scenario being exported; name another file")
    formats = REGISTRY
    if REGISTRY.get(to).needs_qt:  # its pictures are drawn by Qt, imported only when asked for
        from motu.editor.export import formats as drawn
        formats = drawn()
    from motu.engine.io.export_files import export_clash, export_paths
    from motu.engine.io.print_layout import PrintError
    try:
        # Every file the export writes (print pages, tile images) is checked before any is written.
        clash = export_clash(export_paths(s, args.out, to, whole_map=whole_map, formats=formats, **choices), args.force)
        if clash:
            raise UsageError(clash if clash.startswith(args.out) else f"{args.out}: {clash}")
        written = formats.save(s, args.out, to, whole_map=whole_map, **choices)
    except geojson.GeoreferenceError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    except PrintError as exc:
        raise UsageError(f"{args.out}: {exc}") from None
    except OSError as exc:
        raise UsageError(f"{args.out}: cannot write: {exc.strerror or exc}") from None
    name = formats.get(to).name if to != "png" else {"map": "PNG image of the map", "pages": "PNG print pages"}[png]
    files = list(written.paths)
    text = f"{args.out}: {name}, {s.grid.size} cells"
    if files[0] == args.out and len(files) > 1:
        text += f", and {len(files) - 1} more files:\n" + "\n".join(f"  {p}" for p in files[1:])
    elif files != [args.out]:
        text += f", written as {len(files)} files:\n" + "\n".join(f"  {p}" for p in files)
    emit(args, {"file": args.out, "files": files, "format": to, "cells": s.grid.size, "notes": list(written.notes)},
          "\n".join([text] + [f"note: {n}" for n in written.notes]))
    return EXIT_OK


# A legend names a terrain for each tile id of a tileset: a few dozen lines. Limits (docs/format.md):
# a bigger file is refused before it is read (10 MB took seconds to parse before its refusal).
MAX_LEGEND_BYTES = 64 * 1024


def _legend(specs: list[str] | None) -> dict[int, str]:
    """--legend 1=sea,2=clear (repeatable), or --legend FILE holding such a mapping (YAML or JSON)."""
    out: dict[int, str] = {}
    for spec in specs or ():
        if "=" not in spec and os.path.lexists(spec):
            raw = read_bytes(spec, MAX_LEGEND_BYTES, what="the legend file")
            data = load_yaml(decode_utf8(raw, spec), spec)  # the scenario reader's own safety: no aliases, no tags
            if not isinstance(data, dict) or not all(isinstance(v, (str, int)) for v in data.values()):
                raise LoadError("a legend file maps tile ids to terrain names, as '1: sea'", spec)
            items = [(str(k), str(v)) for k, v in data.items()]
        else:
            items = [tuple(part.split("=", 1)) for part in spec.split(",") if part.strip()]  # type: ignore[misc]
        for item in items:
            if len(item) != 2 or not ascii_digits(item[0].strip(), 10):
                message = f"legend entry {'='.join(item)[:60]!r} should be TILE_ID=TERRAIN, as 3=jungle (digits 0-9)"
                raise LoadError(message, spec) if "=" not in spec else UsageError(message)
            out[int(item[0])] = item[1].strip()
    return out


def cmd_import(args: argparse.Namespace) -> int:
    if not os.path.exists(args.file):
        raise UsageError(f"{args.file}: no such file")
    kind = args.source or {".geojson": "geojson"}.get(os.path.splitext(args.file)[1].lower(), "tiled")
    if args.rules is not None and args.rules not in known_ruleset_ids():
        raise UsageError(f"unknown rule set {args.rules!r} (known: {', '.join(known_ruleset_ids())})")
    scenario_out(args.out, args.force)
    if _same_file(args.file, args.out):
        raise UsageError(f"{args.out} is the file being imported; name another file")
    notes: list[str] = []
    own = None
    if kind == "geojson" and not (args.size or args.scale is not None or args.units or getattr(args, "plain", False)):
        try:
            own = own_export(args.file, args.rules)  # Motu's own export: its cells read back as they were
        except LoadError:
            if args.rules:
                raise
            own = None  # not Motu's export, and no rule set: the usage error below comes first
    if own is not None:
        s = own
    elif kind == "tiled":
        s = load_tiled(args.file, args.rules, _legend(args.legend), args.layer or "terrain", notes)
    elif args.rules and map_cli.island_import_wanted(args):  # lagoon, reef, inland bands, areas
        s = map_cli.import_island(args)
    else:
        if not args.rules:
            raise UsageError("a GeoJSON import needs the rule set: --rules " + "|".join(known_ruleset_ids()))
        own = motu_member(args.file) or {}
        grid = own.get("grid") if isinstance(own.get("grid"), dict) else {}
        if grid.get("shape") not in ("hex", "square"):
            grid = {}
        shape = args.grid or grid.get("shape") or get_ruleset(args.rules).catalogue.default_grid.get("shape", "hex")
        choice = GridChoice(shape, parse_size(args.size), args.scale, map_cli.plain_margin(args.margin),
                            args.orientation or grid.get("orientation"), args.offset or grid.get("offset"))
        if own.get("georeferenced") is False and grid and not args.size and args.scale is None:
            # Motu's export of a map in its own plane: layout units, laid back one to one.
            choice.scale = layout_scale(choice)
            size = (grid.get("columns"), grid.get("rows"))
            if all(isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 10_000 for n in size):
                choice.size = size
        try:
            s = load_geojson(args.file, args.rules, choice, args.name_property, land=args.land, water=args.water,
                             coast=None if args.coast == "none" else (args.coast or ""),
                             geographic={"degrees": True, "plane": False}.get(args.units))
        except GridError as exc:
            raise UsageError(str(exc)) from None
    if args.title:
        s.title = args.title
    try:
        save_scenario(s, args.out, "motu")
    except OSError as exc:
        raise UsageError(f"{args.out}: cannot write: {exc.strerror or exc}") from None
    counts: dict[str, Any] = {t: s.terrain.count(t) for t in dict.fromkeys(s.terrain)}
    data = {"file": args.out, "ruleset": s.ruleset, "grid": s.grid.to_dict() if s.grid.shape != "spaces" else {"shape": "spaces"},
            "cells": s.grid.size, "terrain": counts, "areas": list(s.areas), "notes": notes}
    if getattr(args, "draft_summary", None):
        data["draft"] = args.draft_summary
    for line in notes:
        note(f"{args.file}: {line}")
    emit(args, data, f"{args.out}: {s.grid.shape} {s.grid.columns}x{s.grid.rows}, "
                      + ", ".join(f"{n} {t}" for t, n in counts.items()) + f"; {len(s.areas)} area{'s' * (len(s.areas) != 1)}")
    return EXIT_OK


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    sp = sub.add_parser("export", parents=[common], help="write a scenario in another tool's format: Tiled, GeoJSON, "
                                                         "print-and-play pages, a VASSAL module")
    sp.add_argument("file")
    endings = ", ".join("/".join(f.endings) for f in REGISTRY.exports())
    sp.add_argument("--to", choices=list(TO_CHOICES), help=f"format (default: from OUT's ending: {endings}); "
                    "png-map: the map in one image (what png and a .png name write), png-pages: the print's pages")
    sp.add_argument("--force", action="store_true", help="replace an existing file")
    sp.add_argument("--whole-map", action="store_true",
                    help=f"print ({', '.join(PRINTS)}): every cell, not only the land and a margin round it")
    sp.add_argument("--paper", metavar="a4|letter|legal|WxHmm",
                    help="print pages: the paper, a name (A4, Letter, Legal, A3, Tabloid…) or its size in mm, as "
                         "300x200mm (default A4)")
    sp.add_argument("--hex-size", type=_millimetres, metavar="MM",
                    help="print: a hex's printed size across its flats (a square's side), in mm (default 19)")
    sp.add_argument("--dpi", type=_dpi, help="PNG: dots per inch (default 150)")
    sp.add_argument("out", metavar="OUT")
    sp.set_defaults(func=cmd_export)

    sp = sub.add_parser("import", parents=[common], help="a Tiled map or GeoJSON polygons as a new scenario")
    sp.add_argument("file")
    sp.add_argument("--from", dest="source", choices=["tiled", "geojson"], help="input format (default: from FILE's ending)")
    sp.add_argument("--rules", help=f"rule set: {', '.join(known_ruleset_ids())} (Tiled maps Motu wrote name their own)")
    sp.add_argument("--title", help="scenario title")
    sp.add_argument("--force", action="store_true", help="replace an existing file")
    g = sp.add_argument_group("Tiled")
    g.add_argument("--legend", action="append", metavar="ID=TERRAIN,…|FILE",
                   help="tile id (gid) to terrain, as 1=sea,2=clear, or a YAML/JSON file of such pairs; "
                        "tiles with a 'terrain' property need none")
    g.add_argument("--layer", help="the tile layer holding terrain (default: 'terrain', else the first)")
    g = sp.add_argument_group("GeoJSON")
    g.add_argument("--grid", choices=["hex", "square"], help="grid shape (default: the rule set's)")
    g.add_argument("--size", help="COLUMNSxROWS; the polygons are fitted inside the margin unless --scale is given")
    g.add_argument("--scale", type=positive_float, help="distance between neighbouring cell centres: km for longitude/latitude "
                                               "input, else the input's units; without --size, the size follows")
    g.add_argument("--margin", help="water round the land: cells (default 1; with the island draft 3), or km as 4km")
    g.add_argument("--orientation", choices=["flat", "pointy"], help="hex orientation (default flat)")
    g.add_argument("--offset", choices=["odd-q", "even-q", "odd-r", "even-r"], help="hex offset layout")
    g.add_argument("--land", help="terrain inside the polygons (default: the rule set's first land terrain)")
    g.add_argument("--water", help="terrain outside them (default: the rule set's water, or its default terrain)")
    g.add_argument("--coast", help="terrain for land next to water (default: the rule set's coast, if any; 'none': off)")
    g.add_argument("--units", choices=["degrees", "plane"], help="the input's coordinates: longitude/latitude "
                   "(projected, and the scenario georeferenced) or plane units (default: degrees when they fit)")
    g.add_argument("--name-property", default="name", help="the property naming a polygon's area (default: name)")
    map_cli.island_options(sp, new_map=True)
    sp.add_argument("out", metavar="OUT.yaml")
    sp.set_defaults(func=cmd_import)


__all__ = ["add_parsers", "cmd_export", "cmd_import"]
