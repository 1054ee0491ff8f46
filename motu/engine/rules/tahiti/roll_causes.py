"""What each die of a Tahiti game is rolled for, in the rulebook's words (the Roll events).

Scope: per die handler (machinery.py's registry names), the words of its cause and which of the
handler's arguments is the player who rolls it (None: nobody's own die); a die whose handler is
not listed tells its own Roll with what the die did: Panic (`panic_cause`: 9.2, a Clan Elder's
15.9, with what made the unit roll), the Variable Movement Table (15.13) and the Forced March
(15.14) with the movement points they gave, the Forced March's Panic check with what it means.
"""
from __future__ import annotations

ROLL_CAUSES: dict[str, tuple[str, int | None]] = {
    "on_attack_die": ("attacker's combat die (9.2)", 1),
    "on_defence_die": ("defender's combat die (9.2)", None),
    "on_decisive_die": ("decisive battle die (Total Victory, event 66)", None),
    "on_first_die": ("expedition's voyage (15.5)", 0),
    "on_independence_die": ("independence of a neutral area (15.5, counters E and F)", 1),
    "on_elder_roll": ("attempt to receive a Clan Elder (15.5)", 0),
    "on_elder_contest": ("attempt to receive a Clan Elder (event 56)", 0),
    "on_plague": ("plague (event 43), a unit", None),
    "on_plague_village": ("plague (event 43), a Village", None),
    "on_event_first": ("random event, first die (15.12)", None),
    "on_event_second": ("random event, second die (15.12)", None),
    "on_event_third": ("random event, its result (15.12)", None),
    "on_rast_first": ("Random Area Selection Table, first die (15.12)", None),
    "on_rast_second": ("Random Area Selection Table, second die (15.12)", None),
}

VARIABLE_MOVEMENT = "Variable Movement Table (15.13)"
FORCED_MARCH = "Forced March (15.14)"
PANIC_CHECK = "Panic check after a Forced March (15.14)"

# What made a unit roll for Panic, as `panic_cause` completes it.
IN_A_RETREAT = "in a retreat (9.2)"
AFTER_A_FORCED_MARCH = "after a Forced March (15.14)"


def in_a_fire(number: int) -> str:
    """Event 62's Villages on fire: "All Units and Clan Elders roll for Panic"."""
    return f"in a Village on fire (event {number})"


def panic_cause(elder: bool, why: str) -> str:
    """A Panic die's cause: "Panic after a Forced March (15.14)", "Clan Elder panic (15.9) in a
    retreat (9.2)" (a Clan Elder rolls by 15.9's faces wherever he rolls)."""
    return ("Clan Elder panic (15.9) " if elder else "Panic ") + why


def panic_outcome(st, u, outcome: str) -> str:
    """What a Panic die did to unit `u`, naming it: "the Militia at 0918: flipped" (`outcome`: "flipped",
    "no panic" or "lost")."""
    where = st.b.labels[u.cell] if u.cell is not None and 0 <= u.cell < st.b.size else ""
    return f"the {st.b.names.get(u.kind, u.kind)}{f' at {where}' if where else ''}: {outcome}"


def panic_cause_of(st, uid: int, why: str) -> str:
    """The cause of the Panic die unit `uid` is about to roll (for the dice tray)."""
    u = st.unit(uid)
    return panic_cause(u is not None and u.kind == "clan_elder", why)
