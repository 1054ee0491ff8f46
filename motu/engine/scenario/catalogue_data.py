"""Sections of a rule set's catalogue file that the catalogue model does not carry: presentation data.

`counters:` (counter_face.py) and `map_key:` (map_key.py) say how pieces, edges and features
look and which editor tools a rule set uses. They are read from the same YAML file as the
catalogue, once per rule set; a rule set without the file or the section gets {}.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml


@lru_cache(maxsize=32)
def _catalogue_file(ruleset: str) -> Mapping[str, Any]:
    from motu.engine.resources import resource_path
    path = resource_path("rulesets", ruleset, "catalogue.yaml")
    if not path.is_file():  # a designer's rule set: its catalogue, merged into its base's
        from motu.engine.plugins import get_ruleset
        try:
            data = get_ruleset(ruleset).document("catalogue")
        except (KeyError, OSError, ValueError):
            return {}
        return data if isinstance(data, Mapping) else {}
    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=yaml.CSafeLoader)
    except (OSError, yaml.YAMLError):
        return {}
    return data if isinstance(data, Mapping) else {}


def read_section(ruleset: str, name: str) -> Mapping[str, Any]:
    value = _catalogue_file(ruleset).get(name)
    return value if isinstance(value, Mapping) else {}


def read_table(folder: Path, ref: str) -> Mapping[str, Any]:
    """A mapping inside a rule-set file, named `file.yaml#key` (or `file.yaml` for the whole file)."""
    name, _, key = ref.partition("#")
    try:
        with open(Path(folder) / name, encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=yaml.CSafeLoader)
    except (OSError, yaml.YAMLError):
        return {}
    for part in filter(None, key.split(".")):
        data = data.get(part) if isinstance(data, Mapping) else None
    return data if isinstance(data, Mapping) else {}
