"""The typed events are plain frozen values, built quickly (quick_init) with the dataclass's own
parameters and defaults: equal by value, hashable, picklable across processes, never changed."""
import dataclasses
import pickle

import pytest

from motu.engine.rules.events import COMMON_EVENTS, BattleSide, ScoreChanged
from motu.engine.rules.tahiti.retreat_event import Retreat

QUICK = [*COMMON_EVENTS, BattleSide, Retreat]


def sample(cls, k):
    """A value of each field, by keyword: strings, numbers and tuples that differ from the defaults."""
    out = {}
    for i, f in enumerate(dataclasses.fields(cls)):
        out[f.name] = (k + i,) if f.name in ("seen_by", "players") else f"{f.name}{k}" if "str" in str(f.type) else k + i
    return out


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_an_event_holds_what_it_was_built_with_and_the_declared_defaults(cls):
    values = sample(cls, 3)
    e = cls(**values)
    assert {f.name: getattr(e, f.name) for f in dataclasses.fields(cls)} == values
    required = {f.name: values[f.name] for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
    bare = cls(**required)
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            assert getattr(bare, f.name) == f.default
    assert e == cls(**values) and hash(e) == hash(cls(**values)) and e != cls(**sample(cls, 4))
    assert pickle.loads(pickle.dumps(e)) == e
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(e, dataclasses.fields(cls)[-1].name, None)


def test_an_event_is_built_positionally_and_seen_by_only_by_keyword():
    e = ScoreChanged(1, "money", 3, 4, "payday")
    assert (e.player, e.what, e.before, e.after, e.why, e.seen_by) == (1, "money", 3, 4, "payday", None)
    assert not ScoreChanged(1, "money", 3, 4, seen_by=(1,)).visible_to(0)
    with pytest.raises(TypeError):
        ScoreChanged(1, "money")
    with pytest.raises(TypeError):
        ScoreChanged(1, "money", 3, 4, "payday", (1,))
