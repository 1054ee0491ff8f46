"""VASSAL modules of every shipped scenario, read back with pywargame: board, grid on the picture,
zones, pieces, and one VASSAL version throughout. Images are drawn by Qt (motu/editor/export/painter.py)."""
import glob
import os
import zipfile
from xml.dom import minidom

import pytest
from PySide6.QtGui import QImage

from motu.engine.board.grids import HexGrid, SpacesGrid
from motu.engine.io.native import load_path
from motu.engine.io.print_map import catalogue_of, terrain_colour
from motu.editor.export.painter import render_png
from motu.engine.io.print_counters import counters
from motu.engine.io.print_shapes import rgb
from motu.engine.io.pywargame_compat import vassal_api
from motu.engine.io.vassal import VASSAL_VERSION, vassal_text
from motu.engine.io.vassal import write_vmod as _write_vmod
from motu.engine.scenario.model import blank_scenario

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCENARIOS = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))

shapely_geometry = pytest.importorskip("shapely.geometry")


def write_vmod(s, path):
    return _write_vmod(s, path, render_png)


class _Picture:
    """A PNG read by Qt, answering as much of Pillow's Image as these checks use."""

    def __init__(self, png: bytes):
        self.image = QImage.fromData(png, "PNG")
        assert not self.image.isNull()
        self.size = (self.image.width(), self.image.height())

    def getpixel(self, xy):
        c = self.image.pixelColor(*xy)
        return c.red(), c.green(), c.blue()


def _read(path):
    v = vassal_api()
    with v.VMod(path, "r") as vm:
        build = v.BuildFile(vm.getBuildFile())
        files = {n: vm.getFiles(n)[n] for n in vm.getFileNames()}
    return v, build.getGame(), files


def _vassal_centre(attrs, numbering, col, row):
    """Where VASSAL puts Motu's cell (col, row), from the grid and numbering attributes alone
    (VASSAL's HexGridNumbering, as pywargame reads it: odd columns half a hex lower, stagger
    moving odd columns' numbers up a row, sideways swapping the axes)."""
    dx, dy = float(attrs["dx"]), float(attrs["dy"])
    x0, y0 = float(attrs["x0"]), float(attrs["y0"])
    if numbering.TAG.endswith("SquareGridNumbering"):
        return x0 + col * dx, y0 + row * dy
    sideways = attrs.get("sideways") == "true"
    vcol, vrow = (row, col) if sideways else (col, row)  # label is first=V when sideways
    if numbering["stagger"] == "true" and vcol % 2:
        vrow -= 1
    x = vcol * dx + x0
    y = vrow * dy + (dy / 2 if vcol % 2 else 0) + y0
    return (y, x) if sideways else (x, y)


def _check_cells_on_picture(scenario, grid_el, numbering, board_png):
    image = _Picture(board_png)
    attrs = {k: grid_el[k] for k in ("dx", "dy", "x0", "y0", "sideways")}
    cat = catalogue_of(scenario)
    g = scenario.grid
    across = float(attrs["dy"]) if isinstance(g, HexGrid) else float(attrs["dx"])
    wrong = []
    for cell in range(g.size):
        col, row = g.col_row(cell)
        x, y = _vassal_centre(attrs, numbering, col, row)
        # Beside the centre, where neither the cell number, a feature symbol nor an area name is drawn.
        want = rgb(terrain_colour(cat, scenario.terrain[cell]))
        seen = [image.getpixel((round(x + ox * across), round(y + oy * across)))
                for ox, oy in ((0, -0.22), (-0.25, 0), (0.25, 0))]
        if not any(max(abs(a - b) for a, b in zip(px, want)) <= 3 for px in seen):
            wrong.append((g.label(cell), seen, want))
        if isinstance(g, HexGrid):
            label = (f"{col + int(numbering['hOff']):0{int(numbering['hLeading']) + 1}d}"
                     f"{row + int(numbering['vOff']):0{int(numbering['vLeading']) + 1}d}")
        else:
            label = f"{col + int(numbering['hOff'])}{numbering['sep']}{row + int(numbering['vOff'])}"
        assert label == g.label(cell)
    assert wrong == []


@pytest.mark.parametrize("path", SCENARIOS, ids=[os.path.basename(p) for p in SCENARIOS])
def test_every_shipped_scenario_reads_back_with_board_grid_zones_and_pieces(path, tmp_path):
    s = load_path(path)
    out = str(tmp_path / "m.vmod")
    summary = write_vmod(s, out)
    v, game, files = _read(out)
    assert game["name"] == (s.title or "Motu map")

    boards = game.getBoards()
    assert list(boards) == [summary.board]
    board = boards[summary.board]
    png = files["images/" + board["image"]]
    assert _Picture(png).size == (int(board["width"]), int(board["height"]))

    g = s.grid
    if isinstance(g, SpacesGrid):
        regions = board.getRegionGrids()[0].getAllElements(v.Region, single=False)
        assert sorted(r["name"] for r in regions) == sorted(g.label(c) for c in range(g.size))
        image = _Picture(png)
        cat = catalogue_of(s)
        for r in regions:
            cell = g.parse_label(r["name"])
            px = image.getpixel((int(r["originx"]), int(r["originy"]) - 15))
            assert px == rgb(terrain_colour(cat, s.terrain[cell]))
    else:
        holder = board.getZonedGrids()[0] if s.areas else board
        kind = v.HexGrid if isinstance(g, HexGrid) else v.SquareGrid
        grids = holder.getAllElements(kind, single=False)
        assert len(grids) == 1
        numbering = grids[0].getNumbering()[0]
        _check_cells_on_picture(s, grids[0], numbering, png)

    if s.areas:
        zones = board.getZones(asdict=False)
        names = {a.id: a.name or a.id for a in s.areas.values()}
        assert {z["name"].split(" (")[0] for z in zones} == {n for a, n in names.items() if a in s.area_cells() and s.area_cells()[a]}
        polys = [(z["name"].split(" (")[0], shapely_geometry.Polygon(z.getPath())) for z in zones]
        hexgrid = holder.getAllElements(v.HexGrid, single=False)[0]
        num = hexgrid.getNumbering()[0]
        attrs = {k: hexgrid[k] for k in ("dx", "dy", "x0", "y0", "sideways")}
        for cell, area in enumerate(s.cell_area):
            x, y = _vassal_centre(attrs, num, *g.col_row(cell))
            first = next((n for n, poly in polys if poly.contains(shapely_geometry.Point(x, y))), None)
            assert first == (names[area] if area else None), g.label(cell)

    window = game.getPieceWindows()["Pieces"]
    pieces = [v.PieceSlot(window, node=n) for n in window._node.getElementsByTagName(v.PieceSlot.TAG)]
    expected = [vassal_text(c.name) for c in counters(s)]
    assert sorted(p["entryName"] for p in pieces) == sorted(expected)
    for p in pieces:
        image = p.getTraits()[-1]["filename"]
        assert "images/" + image in files
    on_map = sorted(s.label(p.cell) for p in s.pieces.values() if p.cell is not None)
    starts = game.getMaps()["Main map"].getAtStarts(single=False)
    assert sorted(a["location"] for a in starts) == on_map


@pytest.mark.parametrize("orientation,offset", [("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")])
def test_other_hex_layouts_put_the_grid_on_the_picture(orientation, offset, tmp_path):
    s = blank_scenario("tahiti", HexGrid(7, 5, orientation, offset), "sea", title="Layout")
    s.terrain[8] = "jungle"  # one odd cell out: the check must find it where the grid says
    s.terrain[16] = "mountain"
    write_vmod(s, str(tmp_path / "l.vmod"))
    v, game, files = _read(str(tmp_path / "l.vmod"))
    board = next(iter(game.getBoards().values()))
    grid = board.getHexGrids()[0]
    _check_cells_on_picture(s, grid, grid.getNumbering()[0], files["images/" + board["image"]])


def test_a_failed_write_leaves_the_old_module(tmp_path, monkeypatch):
    import motu.engine.io.vassal as vassal
    s = load_path(os.path.join(ROOT, "scenarios", "example-hex.yaml"))
    (tmp_path / "out").mkdir()
    out = tmp_path / "out" / "m.vmod"
    out.write_bytes(b"old")

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(vassal_api().VMod, "addFile", boom)  # fails half-way through the zip
    with pytest.raises(OSError):
        vassal.write_vmod(s, str(out), render_png)
    assert out.read_bytes() == b"old"
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["m.vmod"]


def test_the_module_names_one_vassal_version_in_buildfile_and_moduledata(tmp_path):
    out = str(tmp_path / "m.vmod")
    write_vmod(load_path(os.path.join(ROOT, "scenarios", "example-hex.yaml")), out)
    with zipfile.ZipFile(out) as z:  # as VASSAL opens it: a zip with buildFile.xml and moduledata
        build = minidom.parseString(z.read("buildFile.xml")).documentElement
        data = minidom.parseString(z.read("moduledata"))
    assert build.getAttribute("VassalVersion") == VASSAL_VERSION
    assert [n.firstChild.data for n in data.getElementsByTagName("VassalVersion")] == [VASSAL_VERSION]
