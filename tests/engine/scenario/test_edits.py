"""Every change is a reversible Edit: apply, then apply the inverse, and nothing changed."""
import pytest
from hypothesis import given, strategies as st

from motu.engine.io.native import dumps, loads
from motu.engine.scenario import edits as E
from motu.engine.scenario.model import Area, Piece, Region, Side
from scenario_strategies import edits_for, scenarios


@given(scenarios(), st.data())
def test_random_edit_sequences_undo_to_an_equal_scenario(s, data):
    original = s.copy()
    inverses = []
    for _ in range(data.draw(st.integers(1, 12))):
        edit = data.draw(edits_for(s))
        before = s.copy()
        try:
            inverses.append(edit.apply(s))
        except E.EditError:
            assert s == before, "a refused edit must leave the scenario as it was"
    for inv in reversed(inverses):
        inv.apply(s)
    assert s == original
    assert list(s.areas) == list(original.areas), "undo restores the order of records too"


@given(scenarios(), st.data())
def test_scenarios_made_by_edits_always_save_and_read_back(s, data):
    for _ in range(data.draw(st.integers(1, 8))):
        try:
            data.draw(edits_for(s)).apply(s)
        except E.EditError:
            pass
    text = dumps(s)
    assert loads(text) == s
    assert dumps(loads(text)) == text


@given(scenarios(), st.data())
def test_redo_after_undo_gives_the_edited_scenario(s, data):
    edit = data.draw(edits_for(s))
    try:
        inverse = edit.apply(s)
    except E.EditError:
        return
    edited = s.copy()
    redo = inverse.apply(s)
    redo.apply(s)
    assert s == edited


def test_paint_terrain_inverse_restores_cells_painted_twice_in_one_stroke(example_hex):
    s = example_hex
    c = s.grid.parse_label("0505")
    old = s.terrain[c]
    stroke = E.PaintTerrain((c,), ("clear",)).merge(E.PaintTerrain((c,), ("jungle",)))
    inverse = stroke.apply(s)
    assert s.terrain[c] == "jungle"
    inverse.apply(s)
    assert s.terrain[c] == old


def test_edit_bumps_revision_and_clears_derived_cache(example_hex):
    s = example_hex
    s.cache["x"] = 1
    rev = s.revision
    E.SetField("title", "New").apply(s)
    assert s.revision == rev + 1 and s.cache == {}


def test_put_record_keeps_position_on_undo(example_hex):
    s = example_hex
    order = list(s.areas)
    inverse = E.remove_area(s, order[0]).apply(s)
    assert order[0] not in s.areas and order[0] not in s.cell_area
    inverse.apply(s)
    assert list(s.areas) == order


@pytest.mark.parametrize("edit, why", [
    (E.PutRecord("regions", "north", None), "areas belong to it"),
    (E.PutRecord("sides", "red", None), "pieces or features belong to it"),
    (E.PutRecord("areas", "a1", Area("a1", "A", region="nowhere")), "no region"),
    (E.PutRecord("pieces", "p", Piece("p", "fighters", side="purple")), "no side"),
    (E.PaintArea((0,), ("nowhere",)), "no area"),
    (E.PaintTerrain((0,), ("two words",)), "not a valid id"),
    (E.PaintTerrain((10_000,), ("sea",)), "off the map"),
    (E.SetField("ruleset", "chess"), "unknown rule set"),
    (E.SetField("title", 3), "must be text"),
])
def test_edits_that_would_break_the_file_are_refused(example_hex, edit, why):
    before = example_hex.copy()
    with pytest.raises(E.EditError, match=why):
        edit.apply(example_hex)
    assert example_hex == before


def test_compound_applies_whole_or_not_at_all(example_hex):
    s = example_hex
    before = s.copy()
    bad = E.Compound((E.SetField("title", "changed"), E.PutRecord("regions", "north", None)), "Two")
    with pytest.raises(E.EditError):
        bad.apply(s)
    assert s == before


def test_edits_are_frozen_values():
    e = E.PaintTerrain((1, 2), ("sea", "sea"))
    with pytest.raises(AttributeError):
        e.cells = (3,)
    assert e == E.PaintTerrain((1, 2), ("sea", "sea"))


def test_deleting_a_side_after_its_pieces_is_allowed(example_hex):
    s = example_hex
    steps = [E.PutRecord("pieces", p.id, None) for p in list(s.pieces.values()) if p.side == "blue"]
    steps += [E.RemoveFeature(i) for i in reversed(range(len(s.features))) if s.features[i].side == "blue"]
    steps += [E.SetSetupZone("blue", None), E.PutRecord("sides", "blue", None)]
    before = s.copy()
    inverse = E.Compound(tuple(steps), "Delete side").apply(s)
    assert "blue" not in s.sides
    assert loads(dumps(s)) == s
    inverse.apply(s)
    assert s == before
    assert isinstance(s.sides["blue"], Side) and isinstance(s.regions["north"], Region)
