"""A Tahiti game played by bots at the playtest table tells, in its event log, what the game once
kept as narrative text only: the Arioi's move, a Leader's and a Forced March's movement points, a
Panic die by its cause, an area that stays neutral, a clan out of the game — each when it happens,
in the rulebook's words with the clans' own names. Seed 22 with these options: random bots at every
seat meet each of them in the game's first 500 actions (seed 66 met them in 250 until each Leader
had his own Forced March, 15.14; no seed from 1 to 140 does now with 250)."""
import os
import re
import sys

from motu.engine.rules.events import ControlChanged, Roll
from motu.engine.rules.tahiti.clan_events import ArioiMoved, ClanOut

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))

from playtest_support import bots_play, table  # noqa: E402

OPTIONS = {"rule_15_14_forced_march": True, "rule_15_13_variable_movement": True, "rule_15_6_arioi": True}


def test_a_seeded_tahiti_game_at_the_table_tells_the_lines_that_were_narrative_text(qtbot):
    w = table(qtbot, "tahiti.yaml", 22, options=OPTIONS)
    bots_play(w, 500)
    st = w.session.state
    name = st.player_name
    lines = w.log.lines(False)
    told = "\n".join(lines)
    events = [(i, e) for i, entry in enumerate(w.entries) for e in entry.events]

    def first(test):
        return next(((i, e) for i, e in events if test(e)), (None, None))

    # each in the presentation's words, told under the entry that brought it about
    at, arioi = first(lambda e: isinstance(e, ArioiMoved))
    assert arioi is not None
    assert f"{name(arioi.player)} places the Arioi in {arioi.area} at {arioi.label} (15.6)" in lines
    at, vm = first(lambda e: isinstance(e, Roll) and e.cause == "Variable Movement Table (15.13)")
    assert vm is not None
    assert f"Variable Movement Table (15.13), {name(vm.player)}: {vm.faces[0]} — {vm.outcome}" in lines
    at, march = first(lambda e: isinstance(e, Roll) and e.cause == "Forced March (15.14)")
    assert march is not None and " MP from " in march.outcome
    assert f"Forced March (15.14), {name(march.player)}: {march.faces[0]} — {march.outcome}" in lines
    at, panic = first(lambda e: isinstance(e, Roll) and e.cause.startswith(("Panic ", "Clan Elder panic"))
                       and "check" not in e.cause)
    assert panic is not None and "Panic (9.2)" not in told  # each Panic die by its cause
    assert f"Dice: {panic.cause}: {panic.faces[0]}" in lines
    assert f"{panic.cause}, {name(panic.player)}: {panic.faces[0]} — {panic.outcome}" in lines
    at, neutral = first(lambda e: isinstance(e, ControlChanged) and e.before is None and e.after is None)
    assert neutral is not None and f"{neutral.name} stays neutral ({neutral.rule})" in lines
    at, out = first(lambda e: isinstance(e, ClanOut))
    assert out is not None and st.out[out.player]
    assert f"{name(out.player)} is out of the game: {out.why}" in lines
    # told when it happened: the line follows the move that brought it about
    entry = w.entries[at]
    mover = "Dice" if entry.player < 0 else name(entry.player)
    assert lines.index(f"{name(out.player)} is out of the game: {out.why}") > lines.index(f"{mover}: {entry.full}")
    assert not any(re.search(rf"\b{side}\b", line) for side in st.players for line in lines), "clans by name, not id"
