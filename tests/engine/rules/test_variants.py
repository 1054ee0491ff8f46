"""Issue 28: a variant made by `motu rules new --from <id>`, with one number changed in its YAML,
changes what the game does exactly as the number says; the base, loaded in the same process, is
untouched. One test per shipped rule set, each through the rule set instance."""
import math
import os
import shutil
from pathlib import Path

import pytest

from motu.cli import main
from motu.engine.io.native import load_path
from motu.engine.plugins import get_ruleset
from motu.engine.resources import scenarios_dir


@pytest.fixture(autouse=True)
def no_user_rule_sets(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))
    monkeypatch.delenv("MOTU_RULESETS", raising=False)


def variant(tmp_path: Path, base: str, vid: str, change: str) -> Path:
    """A variant folder beside a scenario folder (`rulesets/<vid>`), made by the command, then a
    change appended to one of its files (the skeleton's lines are all comments)."""
    folder = tmp_path / "rulesets" / vid
    assert main(["rules", "new", "--from", base, str(folder)]) == 0
    name, _, text = change.partition("\n")
    with open(folder / name, "a", encoding="utf-8") as fh:
        fh.write(text)
    return folder


def scenario_as(tmp_path: Path, shipped: str, vid: str) -> Path:
    """A copy of a shipped scenario naming the variant, beside its `rulesets/` folder."""
    text = (scenarios_dir() / shipped).read_text(encoding="utf-8")
    base = load_path(scenarios_dir() / shipped).ruleset
    out = tmp_path / shipped
    out.write_text(text.replace(f"ruleset: {base}", f"ruleset: {vid}", 1), encoding="utf-8")
    return out


def test_tahiti_variant_clan_elder_allowance_15_13_moves_as_its_number_says(tmp_path, capsys):
    variant(tmp_path, "tahiti", "maori-t1", "catalogue.yaml\npieces:\n  clan_elder: {mp: 2}\n")
    path = scenario_as(tmp_path, "tahiti.yaml", "maori-t1")
    s = load_path(path)
    rs = get_ruleset(s.ruleset)
    base = get_ruleset("tahiti")
    assert (rs.id, type(rs)) == ("maori-t1", type(base))
    assert rs.unit_kind("clan_elder") == ("foot", 2.0)
    assert base.unit_kind("clan_elder") == ("foot", 3.0)
    start = next(c for c, t in enumerate(s.terrain) if t == "clear" and s.grid.label(c) >= "1010")
    label = s.grid.label(start)
    capsys.readouterr()
    assert main(["query", str(path), "reach", label, "--unit", "clan_elder", "--json"]) == 0
    varied = capsys.readouterr().out
    base_path = scenarios_dir() / "tahiti.yaml"
    assert main(["query", str(base_path), "reach", label, "--unit", "clan_elder", "--mp", "2", "--json"]) == 0
    two = capsys.readouterr().out
    assert main(["query", str(base_path), "reach", label, "--unit", "clan_elder", "--json"]) == 0
    three = capsys.readouterr().out
    assert varied == two != three  # the variant's Clan Elder reaches what 2 MP reach, the base's 3


def test_fern_variant_attempts_table_1_changes_a_leaders_cap(tmp_path):
    from motu.engine.rules.fern.forces import attempts_allowed
    variant(tmp_path, "fern", "fern-v1", "tables.yaml\nattempts:\n  leader_max: 2\n")
    s = load_path(scenario_as(tmp_path, "fern-ambush.yaml", "fern-v1"))
    rs, base = get_ruleset("fern-v1"), get_ruleset("fern")
    base_s = load_path(scenarios_dir() / "fern-ambush.yaml")
    lt = s.pieces["lt-a"]  # 10 figures in his unit: one attempt a 3 figures makes 4
    assert attempts_allowed(s, rs.catalogue, lt)[0] == 2
    assert attempts_allowed(base_s, base.catalogue, base_s.pieces["lt-a"])[0] == 3
    assert rs.document("tables")["motivation"] == base.document("tables")["motivation"]  # the rest is the base's
    assert rs.new_board(s).t["attempts"]["leader_max"] == 2
    assert base.new_board(base_s).t["attempts"]["leader_max"] == 3


def test_tiki_variant_fruits_to_win_option_default_ends_the_game_sooner(tmp_path):
    variant(tmp_path, "tiki", "tiki-v1", "catalogue.yaml\noptions:\n  fruits_to_win: {default: 3}\n")
    s = load_path(scenario_as(tmp_path, "tiki.yaml", "tiki-v1"))
    del s.options["fruits_to_win"]  # the shipped scenario sets it; a scenario that does not takes the default
    base_s = load_path(scenarios_dir() / "tiki.yaml")
    del base_s.options["fruits_to_win"]
    assert get_ruleset("tiki-v1").new_initial_state(s).to_win == 3
    assert get_ruleset("tiki").new_initial_state(base_s).to_win == 4


def test_pearls_variant_start_cash_and_savings_limit_are_the_variants(tmp_path):
    variant(tmp_path, "pearls", "pearls-v1", "catalogue.yaml\nrules:\n  start_cash: 20\n  max_save: 3\n")
    s = load_path(scenario_as(tmp_path, "pearls.yaml", "pearls-v1"))
    st = get_ruleset("pearls-v1").new_initial_state(s)
    base = get_ruleset("pearls").new_initial_state(load_path(scenarios_dir() / "pearls.yaml"))
    assert st.cash == [20] * st.n and base.cash == [15] * base.n
    assert st.nums.max_save == 3 and base.nums.max_save == 10
    assert st.nums.boats == base.nums.boats == 15  # what the variant does not change is the base's


def test_a_variant_removing_a_used_terrain_is_refused_with_the_places(tmp_path):
    from motu.engine.rules.variant import check_folder
    folder = variant(tmp_path, "tahiti", "no-jungle", "catalogue.yaml\nremove: [terrain.jungle]\n")
    errors = check_folder(folder)
    assert errors and all(e.source.endswith("catalogue.yaml") and e.line and e.column for e in errors)
    said = " ".join(e.message for e in errors)
    assert "removes terrain 'jungle', which tahiti.yaml uses (153 cells: 1406" in said


def test_a_variant_of_an_unused_thing_removed_loads(tmp_path):
    folder = variant(tmp_path, "tahiti", "no-log", "catalogue.yaml\nremove: [pieces.arioi]\n")
    from motu.engine.rules.variant import check_folder
    used = [e for e in check_folder(folder)]
    assert all("arioi" in e.message for e in used)  # refused only if a scenario sets the Arioi up


def test_merge_rule_lists_of_named_things_merge_by_id_others_replace():
    from motu.engine.rules.variant_merge import apply
    base = {"sides": [{"id": "a", "name": "A", "color": "#000000"}, {"id": "b", "name": "B"}],
            "column": [1, 2, 3], "costs": {"foot": 1, "canoe": 2}}
    over = {"sides": [{"id": "b", "name": "Bee"}, {"id": "c", "name": "C"}], "column": [4],
            "costs": {"foot": None}, "remove": ["costs.canoe"]}
    assert apply(base, over) == {"sides": [{"id": "a", "name": "A", "color": "#000000"}, {"id": "b", "name": "Bee"},
                                           {"id": "c", "name": "C"}], "column": [4], "costs": {"foot": None}}
    assert base["costs"] == {"foot": 1, "canoe": 2}


def test_a_folder_named_as_a_shipped_rule_set_never_shadows_it(tmp_path, monkeypatch):
    from motu.engine.plugins import refused_folders
    user = tmp_path / "user-data" / "Motu" / "rulesets" / "tahiti"
    user.mkdir(parents=True)
    (user / "ruleset.yaml").write_text("derives: fern\n", encoding="utf-8")
    assert get_ruleset("tahiti").folder is None
    assert [p.name for p, _ in refused_folders()] == ["tahiti"]
    assert "shipped rule set" in refused_folders()[0][1]
    assert not math.isinf(get_ruleset("tahiti").catalogue.pieces["clan_elder"].mp)
    shutil.rmtree(user)


def test_tahiti_variant_variable_movement_row_15_13_and_rain_are_the_games(tmp_path):
    variant(tmp_path, "tahiti", "maori-t2", "tables.yaml\nvariable_movement:\n  3: [1, 1, 1, 1, 1, 1]\n")
    with open(tmp_path / "rulesets" / "maori-t2" / "rules.yaml", "a", encoding="utf-8") as fh:
        fh.write("rain_allowance: {light: 3}\nsea_movement_hexes_per_mp: 4\n")
    s = load_path(scenario_as(tmp_path, "tahiti.yaml", "maori-t2"))
    st = get_ruleset("maori-t2").new_initial_state(s)
    base = get_ruleset("tahiti").new_initial_state(load_path(scenarios_dir() / "tahiti.yaml"))
    assert [st.b.data.variable_movement(3, d) for d in range(1, 7)] == [1] * 6
    assert [base.b.data.variable_movement(3, d) for d in range(1, 7)] == [0, 0, 1, 1, 2, 2]
    assert [st.b.data.variable_movement(4, d) for d in range(1, 7)] == [0, 1, 2, 2, 3, 3]  # the base's row
    assert st.b.data.rule("rain_allowance") == {"light": 3, "heavy": 1}
    # 15.13: sea hexes to a movement point, per game hex (this map draws a game hex as several)
    assert (st.b.hex_per_mp // st.b.game_hex, base.b.hex_per_mp // base.b.game_hex) == (4, 3)


def test_a_new_kind_of_a_role_the_base_knows_is_taken_and_one_it_cannot_play_is_refused(tmp_path):
    from motu.engine.rules.variant import check_folder
    ok = variant(tmp_path, "fern", "fern-rangers",
                 "catalogue.yaml\npieces:\n  rangers: {name: Forest Rangers, symbol: FR, movement_class: foot, "
                 "props: {role: figures, nation: british, weapon: breech_loader, colonial: true}}\n")
    assert check_folder(ok) == []
    assert get_ruleset("fern-rangers", near=tmp_path).catalogue.pieces["rangers"].role == "figures"
    assert "rangers" not in get_ruleset("fern").catalogue.pieces
    odd = variant(tmp_path, "fern", "fern-odd", "catalogue.yaml\npieces:\n  moa: {name: Moa, props: {role: bird}}\n")
    [e] = check_folder(odd)
    lines = (odd / "catalogue.yaml").read_text(encoding="utf-8").splitlines()
    assert (e.source, e.line, e.column) == (str((odd / "catalogue.yaml").resolve()),
                                            next(i for i, t in enumerate(lines, 1) if t.startswith("  moa:")), 3)
    assert e.message.startswith("piece 'moa': its role bird is not one Fire in the Fern! knows")
    leader = variant(tmp_path, "tahiti", "maori-chief", "catalogue.yaml\npieces:\n"
                     "  rangatira: {name: Rangatira, symbol: R, movement_class: foot, mp: 4, props: {leader: true}}\n")
    [e] = check_folder(leader)
    assert "take no new kind of leader" in e.message


def test_tahiti_variant_combat_value_9_2_and_canoe_capacity_are_the_games(tmp_path):
    from motu.engine.rules.tahiti.queries import unit_value
    variant(tmp_path, "tahiti", "maori-t3", "combat.yaml\ncombat_value: {fighters: 5}\n")
    with open(tmp_path / "rulesets" / "maori-t3" / "construction.yaml", "a", encoding="utf-8") as fh:
        fh.write("canoe_capacity: 4\n")
    s = load_path(scenario_as(tmp_path, "tahiti.yaml", "maori-t3"))  # finds rulesets/maori-t3 beside it
    st = get_ruleset(s.ruleset).new_initial_state(s)
    base = get_ruleset("tahiti").new_initial_state(load_path(scenarios_dir() / "tahiti.yaml"))
    cell = next(c for c, t in enumerate(st.b.terrain) if t == "clear")
    mine, theirs = st.add_unit("fighters", 0, cell), base.add_unit("fighters", 0, cell)
    assert (unit_value(st, mine), unit_value(base, theirs)) == (5, 3)
    assert (unit_value(st, st.add_unit("slingers", 0, cell)), unit_value(base, base.add_unit("slingers", 0, cell))) \
        == (2, 2)  # the rest of the combat values are the base's
    assert (st.b.data.capacity(), base.b.data.capacity()) == (4, 6)


def test_a_variant_edited_while_motu_runs_is_read_again_on_the_next_ask(tmp_path):
    folder = variant(tmp_path, "tahiti", "maori-live", "catalogue.yaml\npieces:\n  clan_elder: {mp: 2}\n")
    load_path(scenario_as(tmp_path, "tahiti.yaml", "maori-live"))
    first = get_ruleset("maori-live")
    assert get_ruleset("maori-live") is first  # unchanged: the same instance
    text = (folder / "catalogue.yaml").read_text(encoding="utf-8").replace("clan_elder: {mp: 2}", "clan_elder: {mp: 1}")
    (folder / "catalogue.yaml").write_text(text, encoding="utf-8")
    assert get_ruleset("maori-live").unit_kind("clan_elder") == ("foot", 1.0)
    assert get_ruleset("tahiti").unit_kind("clan_elder") == ("foot", 3.0)


def _folder(root: Path, rid: str, manifest: str, catalogue: str = "") -> Path:
    folder = root / rid
    folder.mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(manifest, encoding="utf-8")
    if catalogue:
        (folder / "catalogue.yaml").write_text(catalogue, encoding="utf-8")
    return folder


def test_folders_are_found_beside_the_scenario_then_motu_rulesets_then_the_users(tmp_path, monkeypatch):
    from motu.engine.plugins import ruleset_folders, user_rulesets_dir
    user, listed, beside = user_rulesets_dir(), tmp_path / "listed", tmp_path / "game"
    for root, mp in ((user, 1), (listed, 2), (beside / "rulesets", 3)):
        _folder(root, "order-test", "derives: tahiti\n", f"pieces:\n  clan_elder: {{mp: {mp}}}\n")
    _folder(user, "only-user", "derives: fern\n")
    monkeypatch.setenv("MOTU_RULESETS", os.pathsep.join([str(tmp_path / "missing"), str(listed)]))
    found = {f.id: f for f in ruleset_folders(beside)}
    assert (found["order-test"].origin, found["order-test"].path) == ("beside the scenario",
                                                                       (beside / "rulesets" / "order-test").resolve())
    assert found["only-user"].origin == "user folder"
    assert {f.id: f.origin for f in ruleset_folders()}["order-test"] == "MOTU_RULESETS"
    assert get_ruleset("order-test", near=beside).unit_kind("clan_elder")[1] == 3


def test_a_variant_of_a_variant_and_an_unknown_base_said_where(tmp_path):
    from motu.engine.rules.variant import check_folder, load_folder
    root = tmp_path / "rulesets"
    _folder(root, "kin-a", "derives: tahiti\n", "pieces:\n  clan_elder: {mp: 2}\n")
    b = _folder(root, "kin-b", "derives: kin-a\nname: Kin B\n", "options:\n  turn_limit: {default: 12}\n")
    rs = load_folder(b)
    assert (rs.base.id, rs.base.base.id) == ("kin-a", "tahiti")
    assert rs.unit_kind("clan_elder") == ("foot", 2.0) and rs.catalogue.options["turn_limit"].default == 12
    bad = _folder(root, "kin-c", "name: Kin C\nderives: nowhere\n")
    [e] = check_folder(bad)
    assert (e.source, e.line, e.column) == (str(bad.resolve() / "ruleset.yaml"), 2, 10)
    assert "unknown rule set 'nowhere'" in e.message


def test_a_variant_may_not_take_away_or_recast_a_kind_whose_role_the_code_fixes(tmp_path):
    from motu.engine.rules.variant import check_folder
    recast = variant(tmp_path, "tahiti", "maori-recast", "catalogue.yaml\npieces:\n  shaman: {props: {leader: true}}\n")
    [e] = check_folder(recast)
    assert e.message.startswith("changes the role of piece 'shaman'")
    gone = variant(tmp_path, "tahiti", "maori-gone", "catalogue.yaml\nremove: [pieces.clan_elder]\n")
    assert any(e.message.startswith("removes piece 'clan_elder', a leader kind Tahiti's code lists")
               for e in check_folder(gone))
