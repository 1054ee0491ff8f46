"""Typed properties of a scenario's records (record_props.py): every rule set's catalogue may
declare the props its rules read on islands, regions, areas and sides; a value of the wrong
type is one finding with its place in the file, whatever the rule set."""
import dataclasses

import pytest

from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.catalogue import CatalogueError, catalogue_from_dict
from motu.engine.scenario.declarations import DeclarationError, record_props_spec
from motu.engine.scenario.record_props import check_record_props


def declared(cat, **tables):
    return dataclasses.replace(cat, record_props=record_props_spec(tables))


def test_each_record_table_is_checked_against_its_declarations(example_hex):
    s = example_hex
    cat = declared(get_ruleset(s.ruleset).catalogue,
                   areas={"fertile": {"type": "bool", "text": "Fertile"}},
                   sides={"stance": {"type": "choice", "choices": ["bold", "wary"], "text": "Stance"}},
                   islands={"motto": {"type": "text", "text": "Motto"}})
    assert list(check_record_props(s, cat)) == []  # nothing set: nothing to check
    s.areas["east"] = dataclasses.replace(s.areas["east"], props={"fertile": "yes"})
    red = next(iter(s.sides))
    s.sides[red] = dataclasses.replace(s.sides[red], props={"stance": "rash"})
    s.islands["example"] = dataclasses.replace(s.islands["example"], props={"motto": 7})
    got = {f.path: f for f in check_record_props(s, cat)}
    east = list(s.areas).index("east")
    assert set(got) == {("areas", east, "props", "fertile"), ("sides", 0, "props", "stance"),
                        ("islands", 0, "props", "motto")}
    assert (got[("areas", east, "props", "fertile")].message
            == "Fertile: area Eastpoint has fertile 'yes'; it should be true or false")
    assert got[("areas", east, "props", "fertile")].areas == ("east",)
    assert got[("sides", 0, "props", "stance")].message.endswith("it should be one of bold, wary")
    assert all(f.code == "RECORD_PROP_TYPE" and f.severity == "error" for f in got.values())


def test_a_prop_no_declaration_names_is_kept_unchecked(example_hex):
    s = example_hex
    s.regions["north"] = dataclasses.replace(s.regions["north"], props={"marae_limit": 1, "mood": ["any", 3]})
    assert [f for f in get_ruleset(s.ruleset).validate(s) if f.code == "RECORD_PROP_TYPE"] == []


def test_declarations_refuse_an_unknown_table_or_type():
    with pytest.raises(DeclarationError, match="'cells' is not one of"):
        record_props_spec({"cells": {"x": {"type": "int"}}})
    with pytest.raises(DeclarationError, match="type 'piece' is not int, bool, choice or text"):
        record_props_spec({"regions": {"x": {"type": "piece"}}})
    with pytest.raises(CatalogueError):
        catalogue_from_dict({"id": "t", "default_terrain": "c", "terrain": {"c": {"token": "c"}},
                             "record_props": {"regions": {"x": {"type": "choice"}}}})
