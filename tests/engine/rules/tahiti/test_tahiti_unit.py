"""A unit is a named record (motu/engine/rules/tahiti/unit.py): what the state gives out, what a clone
copies, and how units compare and enter a state's key."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.constants import MOVED, SULLEN  # noqa: E402
from motu.engine.rules.tahiti.unit import Unit, copy_units  # noqa: E402

from test_tahiti_game_support import BLUE, RED, game  # noqa: E402


def test_add_unit_gives_a_record_with_the_next_id():
    st = game()
    first = st.next_uid
    u = st.add_unit("militia", BLUE, 245, SULLEN)
    assert (u.kind, u.player, u.cell, u.flags, u.uid) == ("militia", BLUE, 245, SULLEN, first)
    assert st.next_uid == first + 1 and st.unit(first) is u and u in st.units_at(245, BLUE)


def test_a_clone_owns_copies_of_the_units():
    st = game()
    c = st.clone()
    assert c.units == st.units and all(a is not b for a, b in zip(c.units, st.units))
    c.units[0].cell = 1
    c.units[0].flags |= MOVED
    assert st.units[0].cell != 1 and not st.units[0].flags & MOVED
    assert c.state_key() != st.state_key()


def test_a_state_key_holds_each_unit_by_its_fields():
    st = game()
    assert st.clone().state_key() == st.state_key()
    u = st.units[0]
    key = st.state_key()[1]
    assert (u.kind, u.player, u.cell, u.flags, u.uid) in key and key == tuple(sorted(key))
    u.player = RED if u.player != RED else BLUE
    assert st.state_key()[1] != key


def test_units_are_equal_by_value_never_hashable():
    a = Unit("fighters", RED, 10, 0, 3)
    b = a.copy()
    assert a == b and a is not b and a.key() == ("fighters", RED, 10, 0, 3)
    b.flags = SULLEN
    assert a != b and a != ["fighters", RED, 10, 0, 3]
    assert copy_units([a, b]) == [a, b]
    try:
        hash(a)
    except TypeError:
        pass
    else:
        raise AssertionError("a mutable unit must not be hashable")
