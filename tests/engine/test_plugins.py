"""Rule-set ids known before any rule set loads: the built-in ones and the entry points' names."""
import logging

from motu.engine import plugins
from motu.engine.io.native import FormatError, document_to_scenario
from motu.engine.rules import registry


class _EntryPoint:
    def __init__(self, name, obj=None):
        self.name, self.value, self._obj = name, f"pkg:{name}", obj

    def load(self):
        return self._obj


def test_ids_are_the_builtin_ones_then_the_entry_points_names(monkeypatch):
    monkeypatch.setattr(plugins, "entry_points", lambda group: [_EntryPoint("mygame"), _EntryPoint("fern")])
    plugins.ruleset_ids.cache_clear()
    try:
        assert plugins.ruleset_ids() == ("tahiti", "fern", "tiki", "pearls", "mygame")
    finally:
        plugins.ruleset_ids.cache_clear()


def test_a_file_naming_no_installed_rule_set_is_refused_where_it_says_so():
    doc = {"motu": 1, "ruleset": "chess", "map": {"grid": {"shape": "square", "columns": 2, "rows": 2},
                                                   "terrain": {"legend": {".": "open"}, "rows": [". .", ". ."]}}}
    try:
        document_to_scenario(doc)
    except FormatError as exc:
        assert exc.path == ("ruleset",) and "unknown rule set 'chess'" in str(exc)
    else:
        raise AssertionError("an unknown rule set was accepted")


def test_a_plug_in_whose_id_is_not_its_entry_point_name_is_not_registered(monkeypatch, caplog):
    class Other(registry.RuleSet):
        id = "other_name"
        name = "Mislabelled game"

    monkeypatch.setattr(plugins, "entry_points", lambda group: [_EntryPoint("plugged", Other)])
    monkeypatch.setattr(plugins, "_REGISTRY", {})
    monkeypatch.setattr(plugins, "_loaded", False)
    with caplog.at_level(logging.WARNING, logger=plugins.__name__):
        ids = registry.known_ruleset_ids()
    assert "other_name" not in ids and "plugged" not in ids
    assert "the entry point must be named by the id" in caplog.text
