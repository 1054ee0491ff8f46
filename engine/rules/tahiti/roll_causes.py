"""What each die of a Tahiti game is rolled for, in the rulebook's words (the Roll events).

Scope: per die handler (machinery.py's registry names), the words of its cause and which of the
handler's arguments is the player who rolls it (None: nobody's own die). Panic (9.2) tells its own
Roll with what the die did (losses.py); a die whose handler is not listed is told as "a die".
"""
from __future__ import annotations

ROLL_CAUSES: dict[str, tuple[str, int | None]] = {
    "on_attack_die": ("attacker's combat die (9.2)", 1),
    "on_defence_die": ("defender's combat die (9.2)", None),
    "on_decisive_die": ("decisive battle die (Total Victory, event 66)", None),
    "on_retreat_panic": ("Panic in a retreat (9.2)", 0),
    "on_variable_movement": ("Variable Movement Table (15.14)", 0),
    "on_forced_march_roll": ("Forced March (15.14)", 0),
    "on_forced_march_panic_check": ("Panic check after a Forced March (15.14)", 0),
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
