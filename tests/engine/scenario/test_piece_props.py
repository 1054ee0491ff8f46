"""Piece declarations in the catalogues: read, checked, defaulted, and published in the JSON Schema."""
import json
import os

import fastjsonschema
import pytest

from motu.engine.io.native import load_path, loads
from motu.engine.io.safe_yaml import load_yaml
from motu.engine.resources import resource_path
from motu.engine.rules.registry import BUILTIN, get_ruleset
from motu.engine.scenario import ruleset_schema
from motu.engine.scenario.catalogue import CatalogueError, catalogue_from_dict
from motu.engine.scenario.model import Piece
from motu.engine.scenario.piece_props import PieceRules, candidates, value_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FERN = get_ruleset("fern")


def tiny(**extra):
    data = {"id": "x", "default_terrain": "t", "terrain": {"t": {"token": "."}},
            "pieces": {"a": {"name": "A"}, "b": {"name": "B"}}}
    data.update(extra)
    return data


def test_a_catalogue_declares_each_kinds_count_and_properties():
    cat = FERN.catalogue
    regulars, leader = cat.pieces["regulars"], cat.pieces["leader"]
    assert [f.id for f in regulars.fields] == ["unit", "leader", "weapon", "nation", "hidden"]
    assert regulars.count.text == "Figures" and regulars.count.suggest == (6, 12)
    assert leader.count.fixed == 1 and leader.spec_of("unit").type == "group_ref"
    weapon = regulars.spec_of("weapon")
    assert weapon.label_of("tupara") == "Tupara" and weapon.choices == ("muzzle_loader", "tupara", "breech_loader")


def test_the_weapons_declared_are_the_weapons_the_rules_price():
    from motu.engine.rules.fern.data import tables
    assert set(FERN.catalogue.piece_props["weapon"].choices) == set(tables()["fire_cost"])


@pytest.mark.parametrize("extra, words", [
    ({"piece_fields": {"a": {"fields": ["nope"]}}}, "undeclared"),
    ({"piece_fields": {"zz": {"count": 1}}}, "does not have"),
    ({"piece_props": {"p": {"type": "colour"}}}, "type 'colour'"),
    ({"piece_props": {"p": {"type": "choice"}}}, "needs choices"),
    ({"victory": {"fields": {"v": {"option": "missing"}}}}, "no option"),
])
def test_a_bad_declaration_is_refused_with_its_name(extra, words):
    with pytest.raises(CatalogueError, match=words):
        catalogue_from_dict(tiny(**extra))


def test_values_are_as_set_else_computed_else_the_kinds():
    s = load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    rules = FERN.piece_rules
    cat = FERN.catalogue
    spec = cat.piece_props
    coy = s.pieces["a-coy"]
    assert value_of(rules, s, coy, spec["weapon"]) == "muzzle_loader", "the kind's weapon"
    assert value_of(rules, s, s.pieces["lt-a"], spec["attempts"]) == 3, "§1: ten figures, at most three"
    assert value_of(rules, s, s.pieces["major"], spec["attempts"]) == 2
    assert value_of(rules, s, s.pieces["scouts"], spec["nation"]) == "kupapa"
    assert value_of(rules, s, s.pieces["hapu-1"], spec["hidden"]) is True, "in the fern"
    leaders = [v for v, _ in candidates(rules, s, coy, spec["leader"])]
    assert "lt-a" in leaders and "rawiri" in leaders and "wiremu" not in leaders, "leaders of its own force"
    assert [v for v, _ in candidates(rules, s, s.pieces["lt-a"], spec["superior"])] == ["major"]


def test_the_base_rules_answer_from_the_catalogue_alone():
    cat = catalogue_from_dict(tiny(piece_props={"boss": {"type": "piece", "kinds": ["b"], "same": "side"}},
                                   piece_fields={"a": {"fields": ["boss"]}}))
    rules = PieceRules(cat)
    from motu.engine.board.grids import SquareGrid
    from motu.engine.scenario.model import Scenario, Side
    s = Scenario("x", SquareGrid(2, 2), ["t"] * 4, sides={"s": Side("s", "Blue"), "r": Side("r", "Red")})
    s.pieces = {"a": Piece("a", "a", "s"), "b1": Piece("b1", "b", "s"), "b2": Piece("b2", "b", "r")}
    assert rules.force_of(s, s.pieces["a"]) == "Blue"
    assert [v for v, _ in candidates(rules, s, s.pieces["a"], cat.piece_props["boss"])] == ["b1"]


def test_each_rule_sets_schema_file_is_made_from_its_catalogue():
    assert ruleset_schema.main(["--check"]) == 0, "run: python -m motu.engine.scenario.ruleset_schema"
    main = json.load(open(resource_path("schema", "scenario-v1.schema.json"), encoding="utf-8"))
    refs = {r["then"]["$ref"] for r in main["allOf"]}
    assert refs == {ruleset_schema.file_name(r) for r in BUILTIN}


def _published():
    main = json.load(open(resource_path("schema", "scenario-v1.schema.json"), encoding="utf-8"))
    return fastjsonschema.compile(main, handlers=ruleset_schema.published_handlers())


def test_the_published_schema_checks_a_pieces_properties_as_an_editor_would():
    validate = _published()
    for name in sorted(os.listdir(os.path.join(ROOT, "scenarios"))):
        path = os.path.join(ROOT, "scenarios", name)
        validate(load_yaml(open(path, encoding="utf-8").read(), path))
    doc = load_yaml(open(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"), encoding="utf-8").read(), "x")
    doc["pieces"][10]["props"]["hidden"] = "yes"
    with pytest.raises(fastjsonschema.JsonSchemaValueException, match="boolean"):
        validate(doc)
    doc["pieces"][10]["props"]["hidden"] = True
    doc["pieces"][2]["count"] = 2  # a leader is one piece
    with pytest.raises(fastjsonschema.JsonSchemaValueException):
        validate(doc)


def test_motu_opens_a_file_with_a_bad_property_and_reports_it_as_a_finding():
    text = open(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"), encoding="utf-8").read()
    text = text.replace("name: Ngati Rua hapu, props: {unit: hapu-1,", "name: Ngati Rua hapu, props: {hidden: 'yes', unit: hapu-1,")
    s = loads(text, "ambush.yaml")
    [f] = FERN.validate(s)
    assert f.code == "PIECE_PROP_TYPE" and f.pieces == ("hapu-1",) and f.message.startswith("Starts hidden: ")


def test_an_editors_validator_follows_the_rule_set_reference_from_the_files(tmp_path):
    import shutil
    import subprocess
    import sys
    from pathlib import Path
    check = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))
    text = open(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"), encoding="utf-8").read()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("name: Ngati Rua hapu, props: {unit: hapu-1,",
                                "name: Ngati Rua hapu, props: {hidden: 'yes', unit: hapu-1,"), encoding="utf-8")
    r = subprocess.run([check, "--schemafile", str(resource_path("schema", "scenario-v1.schema.json")), str(bad)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "hidden" in r.stdout, r.stdout + r.stderr
