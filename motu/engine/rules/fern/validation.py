"""What a Fire in the Fern! scenario designer is told: the set-up and the table.

Scope: a British base edge and §12's set-up zones (used when the scenario gives no
explicit zone for a side); hidden pieces only where §12 lets them hide; no
palisade beside bush (a warning: Motu's choice, docs/rules/fern.md); both forces
present; and victory conditions (a warning). The chain of command (§1, §2) is
validation_command.py's.
"""
from __future__ import annotations

from collections.abc import Iterable

from motu.engine.scenario.checks import piece_words
from motu.engine.scenario.model import Scenario
from motu.engine.scenario.validation import Finding, finding, register_code

from .board import LEADER_ROLES, base_edge_depth, nation_of, piece_role, player_of
from .model import BRITISH_PLAYER, MAORI

NO_BASE_EDGE = register_code("FERN_NO_BASE_EDGE", "error", "The scenario marks no British base edge (§12).")
SETUP_ZONE = register_code("FERN_SETUP_ZONE", "error", "A piece is set up outside its side's §12 set-up zone.")
HIDDEN_IN_OPEN = register_code("FERN_HIDDEN_IN_OPEN", "error",
                               "A piece marked hidden stands where §12 does not let it hide.")
PALISADE_IN_BUSH = register_code("FERN_PALISADE_IN_BUSH", "warning", "A palisade stands on the edge of a bush square.")
FORCE_MISSING = register_code("FERN_FORCE_MISSING", "error", "One of the two forces has no unit of figures on the table.")
NO_VICTORY = register_code("FERN_NO_VICTORY", "warning", "The scenario gives no victory conditions (§11).")


def _who(p, cat) -> str:
    """The piece by its name and its kind's, never its id."""
    kind = cat.pieces.get(p.kind)
    return piece_words(p, kind.name if kind is not None else "A piece")


def check_setup(s: Scenario, cat) -> Iterable[Finding]:
    placed = [p for p in s.pieces.values() if piece_role(cat, p.kind) in ("figures", *LEADER_ROLES)]
    forces = {player_of(s, p.side, nation_of(cat, p.side, p.kind, p.props)) for p in placed
              if piece_role(cat, p.kind) == "figures" and p.cell is not None}
    if placed and len(forces) < 2:  # once forces are placed, both need figures on the table (§11)
        yield finding(FORCE_MISSING, "the British force and the Maori each need at least one unit of figures "
                      "on the table")
    british = [p for p in placed if player_of(s, p.side, nation_of(cat, p.side, p.kind, p.props)) == BRITISH_PLAYER]
    depth = base_edge_depth(s)
    if british and depth is None:
        yield finding(NO_BASE_EDGE, "mark the British base edge with base_edge features (side british)")
    pits = {f.cell for f in s.features if f.kind == "rifle_pit"}
    base = {f.cell for f in s.features if f.kind == "base_edge"}
    for p in placed:
        if p.cell is None:
            continue
        nation = nation_of(cat, p.side, p.kind, p.props)
        open_square = s.terrain[p.cell] != "bush"
        if p.props.get("hidden") is True and (nation != MAORI or (open_square and p.cell not in pits)):
            yield finding(HIDDEN_IN_OPEN, f"{_who(p, cat)} at {s.label(p.cell)} is marked hidden; only Maori "
                          "in bush or in a rifle pit set up hidden", cells=[p.cell], pieces=[p.id])
        if depth is None or p.side in s.setup_zones:
            continue
        if player_of(s, p.side, nation) == BRITISH_PLAYER:
            if p.cell not in base or not open_square:
                yield finding(SETUP_ZONE, f"{_who(p, cat)} at {s.label(p.cell)} is not in a clear square of the "
                              "British base edge", cells=[p.cell], pieces=[p.id])
        elif depth[p.cell] < 2:
            yield finding(SETUP_ZONE, f"{_who(p, cat)} at {s.label(p.cell)} is within rows one and two",
                          cells=[p.cell], pieces=[p.id])


def check_table(s: Scenario, cat) -> Iterable[Finding]:
    bad = sorted(k for k, feats in s.edges.items() if "palisade" in feats
                 and (s.terrain[k[0]] == "bush" or s.terrain[k[1]] == "bush"))
    if bad:
        yield finding(PALISADE_IN_BUSH, f"{len(bad)} palisade edge(s) border bush; pa palisades stand in cleared "
                      "ground", edges=bad)
    if not s.victory:
        yield finding(NO_VICTORY, "give victory data (turns, field_at_time_limit); §11 points are counted anyway")


FERN_VALIDATORS = (check_setup, check_table)
