"""The four built-in rule sets, their catalogues, and third-party rule sets by entry point."""
import pytest

from motu.engine.io.native import dumps, loads
from motu.engine import plugins
from motu.engine.rules import registry
from motu.engine.rules.ruleset import RuleSet, RuleSetError


def test_the_four_builtins_are_registered():
    assert registry.known_ruleset_ids()[:4] == ["tahiti", "fern", "tiki", "pearls"]


@pytest.mark.parametrize("rid, shape", [("tahiti", "hex"), ("fern", "square"), ("tiki", "spaces"), ("pearls", "spaces")])
def test_each_rule_set_creates_saves_loads_and_validates_its_board(rid, shape):
    rs = registry.get_ruleset(rid)
    s = rs.new_scenario()
    assert s.grid.shape == shape and s.ruleset == rid
    back = loads(dumps(s))
    assert back == s
    # A blank Tahiti board has no clan yet: it cannot be played until a Home Village is placed.
    assert [f for f in rs.validate(back) if f.severity == "error" and f.code != "TAHITI_NO_HOME_VILLAGE"] == []


def test_catalogues_give_movement_costs_as_data():
    cat = registry.get_ruleset("tahiti").catalogue
    assert cat.terrain["jungle"].enter_cost("foot") == 2
    assert cat.terrain["sea"].enter_cost("foot") == float("inf")
    assert cat.edges["portage"].cross_cost("canoe") == 2
    assert cat.edges["reef"].cross_cost("canoe") == float("inf")
    fern = registry.get_ruleset("fern").catalogue
    assert fern.edges["stream"].cross_cost("foot") == 1 and fern.terrain["bush"].blocks_sight


def test_tiki_board_is_three_by_three_with_the_shipped_values():
    s = registry.get_ruleset("tiki").new_scenario()
    assert s.grid.size == 9 and (s.grid.columns, s.grid.rows) == (3, 3)
    values = sorted(p["value"] for p in s.cell_props.values())
    assert values.count(2) == 1 and values.count(-1) == 1
    assert s.grid.distance(s.grid.parse_label("v11"), s.grid.parse_label("v33")) == 4


def test_pearl_track_gives_each_letter_two_spaces_and_each_colour_three():
    s = registry.get_ruleset("pearls").new_scenario()
    track = [s.cell_props[c] for c in range(s.grid.size) if s.terrain[c] == "track"]
    assert len(track) == 12
    for letter in "ABCDEF":
        assert sum(t["letter"] == letter for t in track) == 2
    for colour in ("green", "white", "black", "blue"):
        assert sum(t["colour"] == colour for t in track) == 3
    assert s.terrain.count("island") == 1 and s.terrain.count("water") == 48


def test_unknown_rule_set_and_unit_kind_are_clear_errors():
    with pytest.raises(KeyError, match="unknown rule set 'chess'"):
        registry.get_ruleset("chess")
    with pytest.raises(RuleSetError, match="not a moving piece"):
        registry.get_ruleset("tahiti").unit_kind("village")


class _Plugin(RuleSet):
    id = "plugin_game"
    name = "Plug-in game"

    @property
    def catalogue(self):
        return registry.get_ruleset("fern").catalogue


class _EntryPoint:
    name = "plugin_game"
    value = "somewhere:RULESET"

    def load(self):
        return _Plugin


class _BrokenEntryPoint:
    name = "broken"
    value = "nowhere:RULESET"

    def load(self):
        raise ImportError("no module named nowhere")


def test_third_party_rule_sets_come_from_the_entry_point_group(monkeypatch):
    seen = {}

    def fake_entry_points(group):
        seen["group"] = group
        return [_EntryPoint(), _BrokenEntryPoint()]

    monkeypatch.setattr(plugins, "entry_points", fake_entry_points)
    monkeypatch.setattr(plugins, "_REGISTRY", {})
    monkeypatch.setattr(plugins, "_loaded", False)
    assert "plugin_game" in registry.known_ruleset_ids()
    assert seen["group"] == "motu.rulesets"
    assert registry.get_ruleset("plugin_game").name == "Plug-in game"
    assert "broken" not in registry.known_ruleset_ids()


@pytest.mark.parametrize("rid", ["fern", "tiki", "pearls"])
def test_motu_rules_lists_what_each_playable_game_implements_and_its_options(rid, capsys):
    from motu.cli import main
    rs = registry.get_ruleset(rid)
    assert rs.playable and rs.describe()["implements"], "a playable game says what it implements"
    assert main(["rules", rid]) == 0
    out = capsys.readouterr().out
    assert "board and catalogue only" not in out
    for option in rs.catalogue.options:
        assert f"  {option} = " in out
