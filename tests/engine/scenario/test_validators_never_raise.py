"""Validators never raise on a loaded value: every registered validator, run over scenarios
whose properties hold values of the wrong type, returns findings (or none) and nothing else.

The properties are every key a catalogue defines (options; piece, site and terrain props) and
every key the shipped scenarios use (record props, victory, tables), set on every record of a
kind at once, so that whichever validator reads the key meets the wrong value."""
from __future__ import annotations

import copy
import glob
import os
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset, rulesets

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
KINDS = ("options", "victory", "tables", "areas", "regions", "islands", "sides", "pieces", "features", "cells")

# Values a YAML or Tiled file can put anywhere: each is the wrong type for some property.
WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-2**53, 2**53), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8), st.sampled_from(["one", "", "0404", "true", "A", "red"]),
    st.lists(st.integers(-3, 3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just([[1, 2], {"a": None}]), st.just({"x": [None]}),
)


@lru_cache(maxsize=None)
def scenarios_of(rid: str):
    found = [load_path(p) for p in sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))]
    return [s for s in found if s.ruleset == rid] or [get_ruleset(rid).new_scenario()]


def keys_of(rid: str) -> list[str]:
    cat = get_ruleset(rid).catalogue
    keys = set(cat.options)
    for group in (cat.pieces, cat.features, cat.terrain, cat.edges):
        for kind in group.values():
            keys |= set(kind.props)
    for s in scenarios_of(rid):
        keys |= set(s.options) | set(s.victory) | set(s.tables)
        for records in (s.areas, s.regions, s.islands, s.sides, s.pieces):
            for r in records.values():
                keys |= set(r.props)
        for f in s.features:
            keys |= set(f.props)
        for props in s.cell_props.values():
            keys |= set(props)
    return sorted(map(str, keys))


def put(s, kind: str, key: str, value) -> None:
    if kind in ("options", "victory", "tables"):
        getattr(s, kind)[key] = value
        return
    if kind == "cells":
        for props in s.cell_props.values():
            props[key] = value
        return
    if kind == "features":
        for f in s.features:
            f.props[key] = value  # props are plain dicts inside the frozen records
        return
    for r in getattr(s, kind).values():
        r.props[key] = value


@pytest.mark.parametrize("rid", [rs.id for rs in rulesets()])
def test_every_validator_survives_wrong_types_in_every_property(rid):
    rs = get_ruleset(rid)
    keys = keys_of(rid)
    base = scenarios_of(rid)

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.integers(0, len(base) - 1), st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(keys), WRONG),
                                                   min_size=1, max_size=4))
    def run(which, changes):
        s = copy.deepcopy(base[which])
        for kind, key, value in changes:
            put(s, kind, key, value)
        for validator in rs.validators():
            try:
                list(validator(s, rs.catalogue))
            except Exception as exc:  # noqa: BLE001 - the point: name the validator and the value
                raise AssertionError(f"{validator.__module__}.{validator.__name__} raised {type(exc).__name__}: "
                                     f"{exc} on {changes}") from exc
    run()
