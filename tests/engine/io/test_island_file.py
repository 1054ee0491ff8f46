"""A coastline file for the island draft (motu/engine/io/island_file.py): polygons are the land, Point
features marked `motu: pass | district | village | centre` are the designer's marks; a file
that is not what it should be is one clear error."""
from __future__ import annotations

import json
import os

import pytest

from motu.engine.io.errors import LoadError
from motu.engine.io.island_file import plan_from_file, read_island

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
MOOREA_FILE = os.path.join(ROOT, "tools", "maps", "moorea.geojson")
SQUARE = [[-150.0, -17.0], [-149.9, -17.0], [-149.9, -17.1], [-150.0, -17.1], [-150.0, -17.0]]


def _write(tmp_path, features):
    p = tmp_path / "island.geojson"
    p.write_text(json.dumps({"type": "FeatureCollection", "features": features}), encoding="utf-8")
    return str(p)


def _poly(name=None, ring=SQUARE):
    return {"type": "Feature", "properties": {"name": name} if name else {},
            "geometry": {"type": "Polygon", "coordinates": [ring]}}


def _pt(lon, lat, **props):
    return {"type": "Feature", "properties": props, "geometry": {"type": "Point", "coordinates": [lon, lat]}}


def test_moorea_s_file_marks_its_passes_districts_and_centre():
    f = read_island(MOOREA_FILE)
    assert f.name == "Mo'orea" and f.centre == (-149.861, -17.514) and len(f.passes) == 4
    assert [d.name for d in f.districts] == ["Afareaitu", "Teavaro", "Paopao", "Papetoai", "Haapiti"]
    assert f.districts[0].color == "#f768a1" and f.villages == []
    plan = plan_from_file(f, passes=((-149.8, -17.45),), region="Aimeho")
    assert len(plan.passes) == 5 and plan.region == "Aimeho" and plan.name == "Mo'orea"


def test_unmarked_points_are_ignored_and_villages_need_a_name(tmp_path):
    f = read_island(_write(tmp_path, [_poly("Motu"), _pt(-149.95, -17.05, name="a viewpoint"),
                                      _pt(-149.95, -17.05, motu="village", name="Hauru")]))
    assert [v.name for v in f.villages] == ["Hauru"] and f.passes == [] and f.name == "Motu"
    with pytest.raises(LoadError, match="feature 2: a district point needs a 'name'"):
        read_island(_write(tmp_path, [_poly(), _pt(-149.95, -17.05, motu="district")]))


def test_a_mark_on_something_not_a_point_or_of_an_unknown_kind_is_refused(tmp_path):
    with pytest.raises(LoadError, match="feature 2: 'motu: harbour' marks a Point as one of pass, district"):
        read_island(_write(tmp_path, [_poly(), _pt(-149.95, -17.05, motu="harbour")]))
    line = {"type": "Feature", "properties": {"motu": "pass"},
            "geometry": {"type": "LineString", "coordinates": [[-149.95, -17.05], [-149.9, -17.0]]}}
    with pytest.raises(LoadError, match="feature 2"):
        read_island(_write(tmp_path, [_poly(), line]))


def test_plane_coordinates_are_refused_for_the_draft(tmp_path):
    with pytest.raises(LoadError, match="needs longitude and latitude"):
        read_island(_write(tmp_path, [_poly(ring=[[0, 0], [500, 0], [500, 300], [0, 0]])]))


def test_a_point_without_finite_coordinates_is_refused(tmp_path):
    bad = {"type": "Feature", "properties": {"motu": "pass"}, "geometry": {"type": "Point", "coordinates": [float("nan"), 1]}}
    with pytest.raises(LoadError, match="NaN is not a number JSON allows"):
        read_island(_write(tmp_path, [_poly(), bad]))
