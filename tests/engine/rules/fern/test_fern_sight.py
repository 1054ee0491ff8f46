"""Fire in the Fern §1 sight on the example table, with and without the bush option."""
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario import edits as E


def test_rule_1_bush_blocks_sight_beyond_it_by_default(example_square):
    s = example_square
    sight = get_ruleset("fern").sight(s)
    L = s.grid.parse_label
    assert s.terrain[L("5,1")] == "bush"
    assert not sight.visible(L("4,1"), L("8,1"))
    assert sight.visible(L("4,1"), L("5,1")), "a bush square itself can be observed"


def test_rule_1_option_off_leaves_only_the_diagonal_rule(example_square):
    s = example_square
    L = s.grid.parse_label
    E.SetField("options", {"bush_blocks_sight": False}).apply(s)
    sight = get_ruleset("fern").sight(s)
    assert sight.visible(L("4,1"), L("8,1"))


def test_rule_1_option_off_still_refuses_passing_between_diagonal_bush(example_square):
    s = example_square
    L = s.grid.parse_label
    # Make 2,2 and 3,3 open, 3,2 and 2,3 bush: the diagonal 2,2 -> 3,3 slips between two closed squares.
    E.PaintTerrain((L("2,2"), L("3,3"), L("3,2"), L("2,3")), ("open", "open", "bush", "bush")).apply(s)
    E.SetField("options", {"bush_blocks_sight": False}).apply(s)
    sight = get_ruleset("fern").sight(s)
    assert not sight.visible(L("2,2"), L("3,3"))
    E.PaintTerrain((L("3,2"),), ("open",)).apply(s)
    assert get_ruleset("fern").sight(s).visible(L("2,2"), L("3,3"))
