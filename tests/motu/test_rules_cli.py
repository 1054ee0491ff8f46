"""`motu rules`: listing shipped and designer's rule sets, `new --from`, `check`, `--numbers`,
and `motu new --rules` with a designer's rule set (issue 28)."""
import json

import pytest

from motu.cli import main


@pytest.fixture(autouse=True)
def user_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("MOTU_RULESETS", raising=False)
    return tmp_path / "data" / "Motu" / "rulesets"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_malformed_folder_is_refused_with_one_line_naming_file_line_and_column(tmp_path, capsys):
    folder = tmp_path / "broken"
    assert run(capsys, "rules", "new", "--from", "tahiti", str(folder))[0] == 0
    (folder / "catalogue.yaml").write_text("terrain:\n  clear: {move: {foot: fast}}\n", encoding="utf-8")
    code, out, err = run(capsys, "rules", "check", str(folder))
    assert code == 1
    assert err.splitlines() == [f"motu: {folder / 'catalogue.yaml'}:2:24: terrain.clear.move.foot must be number or null"]


def test_a_yaml_syntax_error_is_placed_too(tmp_path, capsys):
    folder = tmp_path / "bad"
    assert run(capsys, "rules", "new", "--from", "fern", str(folder))[0] == 0
    (folder / "tables.yaml").write_text("attempts: {leader_max: 2\n", encoding="utf-8")
    code, _, err = run(capsys, "rules", "check", str(folder))
    assert code == 1 and len(err.splitlines()) == 1
    assert err.startswith(f"motu: {folder / 'tables.yaml'}:")


def test_a_skeleton_checks_clean_and_lists_with_where_it_comes_from(tmp_path, capsys, user_folder):
    code, out, _ = run(capsys, "rules", "new", "--from", "tahiti", str(user_folder / "maori"))
    assert code == 0 and "derives" not in out
    assert (user_folder / "maori" / "ruleset.yaml").read_text(encoding="utf-8").count("derives: tahiti") == 1
    assert run(capsys, "rules", "check", str(user_folder / "maori"))[0] == 0
    code, out, _ = run(capsys, "rules", "--json")
    data = {d["id"]: d for d in json.loads(out)["rulesets"]}
    assert data["tahiti"]["origin"] == "shipped"
    assert (data["maori"]["origin"], data["maori"]["derives"]) == ("user folder", "tahiti")
    code, out, _ = run(capsys, "rules")
    assert "maori" in out and "a variant of tahiti" in out


def test_motu_new_accepts_a_users_rule_set(tmp_path, capsys, user_folder):
    assert run(capsys, "rules", "new", "--from", "tiki", str(user_folder / "tiki-house"))[0] == 0
    out = tmp_path / "house.yaml"
    code, text, err = run(capsys, "new", "--rules", "tiki-house", str(out))
    assert code == 0, err
    assert "ruleset: tiki-house" in out.read_text(encoding="utf-8")
    assert run(capsys, "validate", str(out))[0] == 0


def test_numbers_list_each_number_with_its_rule_reference(capsys):
    code, out, _ = run(capsys, "rules", "tahiti", "--numbers", "--json")
    rows = {f"{n['document']}.{n['path']}": n for n in json.loads(out)["numbers"]}
    assert rows["tables.variable_movement.2.0"]["value"] == -1
    assert rows["tables.variable_movement.2.0"]["rule"] == "15.13"
    assert rows["catalogue.options.mountain_cost.default"]["rule"] == "TEC"
    code, out, _ = run(capsys, "rules", "fern", "--numbers")
    assert "tables.attempts.leader_max = 3  [§1]" in out.splitlines()


def test_a_variants_numbers_show_its_own_value(tmp_path, capsys):
    folder = tmp_path / "elders"
    run(capsys, "rules", "new", "--from", "tahiti", str(folder))
    with open(folder / "catalogue.yaml", "a", encoding="utf-8") as fh:
        fh.write("pieces:\n  clan_elder: {mp: 2}  # 15.13: our Clan Elders walk slower\n")
    from motu.engine.rules.numbers import numbers
    from motu.engine.rules.variant import load_folder
    row = next(n for n in numbers(load_folder(folder)) if n.path == "pieces.clan_elder.mp")
    assert (row.value, row.rule, row.file) == (2, "15.13", str((folder / "catalogue.yaml").resolve()))


def test_the_existing_rules_listing_and_description_still_work(capsys):
    code, out, _ = run(capsys, "rules", "tahiti")
    assert code == 0 and out.startswith("Tahiti (tahiti):") and "from: shipped" in out
    code, out, _ = run(capsys, "rules")
    assert [line.split()[0] for line in out.splitlines()[:4]] == ["tahiti", "fern", "tiki", "pearls"]


def test_a_scenario_on_a_broken_variant_is_refused_with_the_variants_file_line_and_column(tmp_path, capsys):
    from motu.engine.resources import scenarios_dir
    folder = tmp_path / "rulesets" / "broken-elders"
    run(capsys, "rules", "new", "--from", "tahiti", str(folder))
    scenario = tmp_path / "m.yaml"
    scenario.write_text((scenarios_dir() / "tahiti.yaml").read_text(encoding="utf-8")
                        .replace("ruleset: tahiti", "ruleset: broken-elders", 1), encoding="utf-8")
    assert run(capsys, "validate", str(scenario))[0] == 0
    lines = (folder / "catalogue.yaml").read_text(encoding="utf-8").count("\n")
    with open(folder / "catalogue.yaml", "a", encoding="utf-8") as fh:
        fh.write("pieces:\n  clan_elder: {mp: -1}\n")
    code, _, err = run(capsys, "validate", str(scenario))
    assert code == 2
    assert err.splitlines() == [f"motu: {(folder / 'catalogue.yaml').resolve()}:{lines + 2}:20: "
                                "pieces.clan_elder.mp must be bigger than or equal to 0"]
