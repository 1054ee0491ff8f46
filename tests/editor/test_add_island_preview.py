"""Map → Add Island from Coastline: the preview and its summary are what will be added, for each place
the island may go. The newcomer's case: Huahine "where I click" was previewed at its real place's
offset on Tahiti's lattice (16 clear, 23 jungle, 7 mountain, 82 reef hexsides) but added with its
centre on the clicked hex (17 clear, 24 jungle, 5 mountain, 80 reef hexsides)."""
import os

from editor_test_support import ROOT, make_window
from motu.editor.coastline_dialog import CoastlineDialog
from motu.editor.map_menu import island_offsets
from motu.engine.io.coastline import add_island, describe_draft, new_map
from motu.engine.io.island_file import read_island
from motu.engine.scenario.map_ops import resize_map

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
HUAHINE = os.path.join(ROOT, "tests", "data", "huahine.geojson")


def dialog(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, TAHITI)
    w.document.push(resize_map(w.document.scenario, right=20))  # room east of Tahiti, as the guide says
    d = CoastlineDialog(w, HUAHINE, read_island(HUAHINE), "add")
    qtbot.waitUntil(lambda: not d.busy() and d.preview is not None, timeout=10_000)
    return w, d


def test_where_i_click_previews_what_a_click_adds_on_any_hex(qtbot, tmp_path):
    w, d = dialog(qtbot, tmp_path)
    s = w.document.scenario
    assert d.place_real.isChecked() and d.summary.text().startswith("At its real place: ")
    d.place_click.setChecked(True)
    assert not d.busy()  # both places were drafted together: the summary changes at once
    text = d.summary.text()
    assert text.startswith("Its centre on the centre of a hex (the same island on any hex): ")
    for label in ("5716", "5717", "5816"):  # both column parities, and the next row
        _, added = add_island(s, d.preview.plan, s.grid.parse_label(label), d.form.options().margin_km)
        assert text.endswith(describe_draft(added.summary))
        assert describe_draft(d.preview.draft.summary) == describe_draft(added.summary)
        assert len(added.patch.terrain) == len(island_offsets(d.preview))  # the outline that follows the pointer
    assert "17 clear, 24 jungle, 5 mountain), 39 lagoon, 80 reef hexsides" in text
    d.place_hex.setChecked(True)
    assert d.summary.text() == text
    d.reject()


def test_at_its_real_place_previews_the_map_lattice_draft(qtbot, tmp_path):
    w, d = dialog(qtbot, tmp_path)
    s = w.document.scenario
    d.place_click.setChecked(True)
    d.place_real.setChecked(True)
    _, real = new_map("tahiti", d.preview.plan, like=s.copy(), orientation=s.grid.orientation, offset=s.grid.offset)
    assert d.summary.text() == f"At its real place: {describe_draft(real.summary)}"
    d.reject()
