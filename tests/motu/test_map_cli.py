"""`motu import` drafting an island, and `motu map resize | add-island | merge | rename`: the
files they write, what they say, and one line of error (exit 2) for what cannot be done."""
from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset
from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
MOOREA_FILE = os.path.join(ROOT, "tools", "maps", "moorea.geojson")
HUAHINE_FILE = os.path.join(ROOT, "tests", "data", "huahine.geojson")
RULES = get_ruleset("tahiti")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def findings(path):
    return [(f.code, f.severity) for f in RULES.validate(load_path(path))]


@pytest.fixture
def tahiti(tmp_path):
    p = tmp_path / "tahiti.yaml"
    shutil.copy(TAHITI, p)
    return p


def test_import_drafts_the_island_and_it_validates_clean(capsys, tmp_path):
    out = tmp_path / "huahine.yaml"
    code, text, err = run(capsys, "import", HUAHINE_FILE, "--rules", "tahiti", out)
    assert code == 0 and err == ""
    assert "lagoon" in text and "5 areas" in text
    s = load_path(out)
    assert {"sea", "lagoon", "coast", "clear", "jungle"} <= set(s.terrain) and "georeference" in s.tables
    assert list(s.islands) == ["huahine"] and list(s.regions) == ["huahine"] and len(s.areas) == 5
    # The map is clean; a game needs a clan's Home Village too, which a coastline draft has none of.
    assert findings(out) == [("TAHITI_NO_HOME_VILLAGE", "error")]


def test_import_options_hex_size_margin_land_fraction_bands_wedges(capsys, tmp_path):
    out = tmp_path / "m.yaml"
    code, text, _ = run(capsys, "--json", "import", MOOREA_FILE, "--rules", "tahiti", "--hex", "1mi", "--margin", "4km",
                        "--land-fraction", "12%", "--bands", "1.8km,2.6km", "--areas", "wedges", "--wedges", "3",
                        "--island", "Aimeho", "--region", "Aimeho nui", out)
    data = json.loads(text)
    assert code == 0 and data["draft"]["passes"] == 4 and len(data["areas"]) == 3
    assert 55 <= data["draft"]["land"] <= 70 and data["draft"]["mountain"] > 0
    s = load_path(out)
    assert s.islands["aimeho"].name == "Aimeho" and list(s.regions) == ["aimeho_nui"]
    assert s.tables["georeference"]["km_per_unit"] == pytest.approx(1.609344 / 3 ** 0.5, rel=1e-6)
    code, text, _ = run(capsys, "--json", "import", MOOREA_FILE, "--rules", "tahiti", "--hex", "0.5km", tmp_path / "b.yaml")
    assert 9 < json.loads(text)["draft"]["land"] / data["draft"]["land"] < 12  # (1.609 / 0.5) squared: 10.4
    plain = tmp_path / "plain.yaml"
    assert run(capsys, "import", MOOREA_FILE, "--rules", "tahiti", "--plain", "--scale", "1.6", plain)[0] == 0
    assert set(load_path(plain).terrain) == {"sea", "coast", "clear"}


@pytest.mark.parametrize("argv, message", [
    (["--size", "20x20"], "--size is for --plain imports"),
    (["--land-fraction", "2"], "at most 1"),
    (["--bands", "2km"], "--bands 2km: give 2 distances, where clear and jungle end"),
    (["--margin", "far"], "is not a distance"),
    (["--pass", "north"], "should be LON,LAT"),
    (["--hex", "5m"], "is not a distance"),
    (["--hex", "0.005km"], "more than 1,000,000 cells: use bigger hexes"),
    (["--areas", "wedges", "--wedges", "0"], "--wedges: '0': it must be a whole number from 1"),
    (["--lagoon", "-1"], "--lagoon: '-1': it must be a whole number from 0"),
    (["--like", HUAHINE_FILE], "GeoJSON files can be written but not read"),
])
def test_import_option_mistakes_are_one_line(capsys, tmp_path, argv, message):
    code, _, err = run(capsys, "import", MOOREA_FILE, "--rules", "tahiti", *argv, tmp_path / "x.yaml")
    assert code == 2 and re.search(message, err) and err.count("\n") == 1 and not (tmp_path / "x.yaml").exists()


def test_resize_writes_back_or_to_out_and_everything_moves(capsys, tahiti, tmp_path):
    out = tmp_path / "bigger.yaml"
    code, text, _ = run(capsys, "map", "resize", tahiti, "--west", "22", "--north", "2", "--out", out)
    assert code == 0 and "47x33 -> 69x35" in text
    s = load_path(out)
    assert s.pieces["red-chieftain"].cell == s.grid.parse_label("3308")  # 1106, moved by (+22, +2)
    assert open(tahiti, encoding="utf-8").read() == open(TAHITI, encoding="utf-8").read()  # FILE untouched with --out
    code, _, err = run(capsys, "map", "resize", tahiti, "--west", "1")
    assert code == 2 and "even number" in err
    code, _, err = run(capsys, "map", "resize", tahiti, "--east", "-40")
    assert code == 2 and "would cut" in err
    assert run(capsys, "map", "resize", tahiti, "--south", "3")[0] == 0 and load_path(tahiti).grid.rows == 36


def test_add_island_at_its_real_place_is_the_shipped_moorea_map(capsys, tahiti):
    code, text, _ = run(capsys, "map", "add-island", tahiti, MOOREA_FILE, "--bands", "1.8km,2.6km", "--margin", "4km",
                        "--rast-die", "6")
    assert code == 0 and "the map grew to 69x35" in text and "Afareaitu, Teavaro, Paopao, Papetoai, Haapiti" in text
    s, shipped = load_path(tahiti), load_path(os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml"))
    assert (s.terrain, s.cell_area, s.edges, s.areas, s.regions, s.islands, s.tables) == \
        (shipped.terrain, shipped.cell_area, shipped.edges, shipped.areas, shipped.regions, shipped.islands, shipped.tables)
    assert findings(tahiti) == []


def test_add_island_where_dropped_and_its_mistakes(capsys, tahiti):
    code, text, _ = run(capsys, "map", "add-island", tahiti, HUAHINE_FILE, "--at", "4604", "--rast-die", "5")
    assert code == 0 and "added Huahine" in text and "2 passes" in text
    assert findings(tahiti) == []
    code, _, err = run(capsys, "map", "add-island", tahiti, HUAHINE_FILE, "--at", "2015")
    assert code == 2 and "overlap the map's land" in err
    code, _, err = run(capsys, "map", "add-island", tahiti, HUAHINE_FILE, "--at", "9999")
    assert code == 2 and "off the map" in err
    code, _, err = run(capsys, "map", "add-island", tahiti, MOOREA_FILE, "--rast-die", "5")
    assert code == 2 and "a group of its own already" in err
    code, _, err = run(capsys, "map", "add-island", tahiti, str(HUAHINE_FILE) + ".missing")
    assert code == 2 and "no such file" in err
    text = dumps(load_path(tahiti))
    broken = os.path.join(os.path.dirname(str(tahiti)), "broken.geojson")
    with open(broken, "w", encoding="utf-8") as fh:
        fh.write('{"type": "FeatureCollection", "features": [')
    code, _, err = run(capsys, "map", "add-island", tahiti, broken)
    assert code == 2 and "broken.geojson" in err and "not valid JSON" in err and err.count("\n") == 1
    assert dumps(load_path(tahiti)) == text  # nothing written


def test_merge_another_map_renaming_what_clashes(capsys, tahiti, tmp_path):
    islet = tmp_path / "huahine.yaml"
    run(capsys, "import", HUAHINE_FILE, "--rules", "tahiti", "--like", tahiti, islet)
    code, text, _ = run(capsys, "--json", "map", "merge", tahiti, islet, "--offset", "48,8")
    data = json.loads(text)
    assert code == 0 and data["renamed"] == [] and data["grid"]["columns"] > 47
    code, text, _ = run(capsys, "map", "merge", tahiti, islet, "--offset", "48,-24")
    assert code == 0 and "island huahine is now huahine_2" in text and "area fare is now fare_2" in text
    code, _, err = run(capsys, "map", "merge", tahiti, islet, "--offset", "48,8")
    assert code == 2 and "the maps overlap" in err



def test_merge_at_the_real_position_of_two_georeferenced_maps(capsys, tahiti, tmp_path):
    import numpy as np
    from shapely.geometry import shape

    from motu.engine.board.geometry import cell_centres
    from motu.engine.scenario.georef import Georef
    islet = tmp_path / "huahine.yaml"
    run(capsys, "import", HUAHINE_FILE, "--rules", "tahiti", "--like", tahiti, islet)
    code, text, _ = run(capsys, "--json", "map", "merge", tahiti, islet)
    data = json.loads(text)
    assert code == 0 and data["offset"][0] < -60  # Huahine lies some 170 km west-north-west: the map grows west
    s = load_path(tahiti)
    cells = [c for c, a in enumerate(s.cell_area) if a and s.areas[a].island == "huahine"]
    lon, lat = Georef.of(s).to_lonlat(cell_centres(s.grid)[cells]).mean(axis=0)
    coast = shape(json.load(open(HUAHINE_FILE, encoding="utf-8"))["features"][0]["geometry"]).centroid
    assert np.hypot((lon - coast.x) * 106, (lat - coast.y) * 111) < 1.5  # km: at its real place


def test_rename_an_id_with_its_references_or_from_the_name(capsys, tahiti):
    code, text, _ = run(capsys, "map", "rename", tahiti, "faaa", "--name", "Fa'a'a")
    assert code == 0 and "area faaa is named Fa'a'a; its id stays faaa" in text
    code, text, _ = run(capsys, "map", "rename", tahiti, "pare", "te_pare")
    s = load_path(tahiti)
    assert code == 0 and "te_pare" in s.areas and s.tables["random_area_selection"]["groups"][0]["second"][3] == "te_pare"
    code, text, _ = run(capsys, "map", "rename", tahiti)
    assert code == 0 and "pare" in load_path(tahiti).areas  # every id from its name again
    code, _, err = run(capsys, "map", "rename", tahiti, "nowhere")
    assert code == 2 and "no island, region, area, side or piece has the id 'nowhere'" in err
    code, _, err = run(capsys, "map", "rename", tahiti, "arue", "mahina")
    assert code == 2 and "already an area 'mahina'" in err


def test_a_map_of_another_rule_set_is_refused_by_the_rule_sets_names(capsys, tahiti):
    code, _, err = run(capsys, "map", "merge", tahiti, os.path.join(ROOT, "scenarios", "fern-ambush.yaml"),
                       "--offset", "0,0")
    assert code == 2
    assert "a Fire in the Fern! map cannot be merged into a Tahiti map" in err and "fern map" not in err
