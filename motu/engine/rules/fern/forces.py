"""What Fire in the Fern! adds to its catalogue's piece declarations, for designers.

Scope: a piece's force (§1: the British force takes in kupapa; the Maori), and the values
the rules work out that a designer may see and, where the rules allow, override: a
leader's activation attempts (§1: at most three, one per three figures of his unit; senior
officers and the C-in-C two; an override may only lower them), a piece's nation (its
kind's, or its side's; kupapa on a British side set it), and who starts hidden (§12; a
designer may set up in the open Maori who would start hidden, never the other way).
The validators are in validation.py and validation_command.py; play is in the other modules.
"""
from __future__ import annotations

import math

from motu.engine.scenario.declarations import PropSpec
from motu.engine.scenario.model import Piece, Scenario
from motu.engine.scenario.piece_props import Computed, PieceRules, groups

from .board import LEADER_ROLES, nation_of, piece_role, player_of
from .data import tables
from .model import BRITISH_PLAYER, LEADER, MAORI
from .spotting import hides_by_terrain

FORCE_NAMES = {BRITISH_PLAYER: "British", 1: "Maori"}
NATION_WORDS = {"british": "British", "kupapa": "Kupapa", "maori": "Maori"}


def _units(scenario: Scenario, catalogue) -> tuple[dict[str, int], dict[str, str]]:
    """(figures of each unit, leader id → the first unit whose figures name him), once per revision."""
    def build():
        figures = {k for k in catalogue.pieces if piece_role(catalogue, k) == "figures"}
        gs = groups(scenario, catalogue)
        count: dict[str, int] = {}
        named: dict[str, str] = {}
        for p in scenario.pieces.values():
            if p.kind in figures:
                g = gs.group[p.id]
                count[g] = count.get(g, 0) + p.count
                lid = p.props.get("leader")
                if isinstance(lid, str):
                    named.setdefault(lid, g)
        return count, named
    return scenario.cached(("fern", "units"), build)


def unit_figures(scenario: Scenario, catalogue) -> dict[str, int]:
    """Figures of each unit (group)."""
    return _units(scenario, catalogue)[0]


def led_unit(scenario: Scenario, catalogue, leader: Piece) -> str | None:
    """The unit a leader leads: the one he names, else the one whose figures name him."""
    u = leader.props.get("unit")
    if isinstance(u, str):
        return u
    return _units(scenario, catalogue)[1].get(leader.id)


def _set_up_index(scenario: Scenario) -> tuple[frozenset[int], dict[int, list[Piece]]]:
    """(rifle-pit squares, the pieces set up revealed in each square), once per scenario revision."""
    def build():
        revealed: dict[int, list[Piece]] = {}
        for p in scenario.pieces.values():
            if p.cell is not None and p.props.get("hidden") is False:
                revealed.setdefault(p.cell, []).append(p)
        return frozenset(f.cell for f in scenario.features if f.kind == "rifle_pit"), revealed
    return scenario.cached(("fern", "set-up-index"), build)


def attempts_allowed(scenario: Scenario, catalogue, piece: Piece) -> tuple[int, str]:
    """§1's maximum for a leader piece, and why."""
    t = tables(catalogue.ruleset)["attempts"]
    role = LEADER_ROLES.get(piece_role(catalogue, piece.kind))
    if role != LEADER:
        return t["senior_max"], "§1: senior officers have at most two"
    unit = led_unit(scenario, catalogue, piece)
    n = unit_figures(scenario, catalogue).get(unit, 0) if unit else 0
    cap = min(t["leader_max"], math.ceil(n / t["figures_per_attempt"]))
    return cap, f"§1: at most {t['leader_max']}, one per {t['figures_per_attempt']} figures ({n} in his unit)"


def starts_hidden(scenario: Scenario, catalogue, piece: Piece) -> tuple[bool, bool, str]:
    """(would hide by §12, starts hidden as set up, why), leaving the piece's own override aside."""
    if piece.cell is None:
        return False, False, "off the table"
    nation = nation_of(catalogue, piece.side, piece.kind, piece.props)
    pits, revealed = _set_up_index(scenario)
    bush = scenario.terrain[piece.cell] == "bush"
    pit = piece.cell in pits
    hides = hides_by_terrain(nation, bush, pit)
    if nation != MAORI:
        return False, False, f"§12: {NATION_WORDS.get(nation, nation)} figures never set up hidden"
    if not hides:
        return False, False, "§12: Maori in an open square set up in sight"
    where = "in bush" if bush else "in a rifle pit"
    others = [p for p in revealed.get(piece.cell, ()) if p.id != piece.id]
    if others:
        return True, False, f"§12: revealed with {others[0].name or others[0].id} in the same square"
    return True, True, f"§12: Maori {where} set up hidden"


class FernPieceRules(PieceRules):
    def force_of(self, scenario: Scenario, piece: Piece) -> str:
        nation = nation_of(self.catalogue, piece.side, piece.kind, piece.props)
        return FORCE_NAMES.get(player_of(scenario, piece.side, nation), "Maori")

    def computed(self, scenario: Scenario, piece: Piece, spec: PropSpec) -> Computed | None:
        cat = self.catalogue
        if spec.prop == "attempts" and piece_role(cat, piece.kind) in LEADER_ROLES:
            cap, why = attempts_allowed(scenario, cat, piece)
            return Computed(cap, overridable=cap > 1, limit=cap, why=why)
        if spec.prop == "nation":
            props = {k: v for k, v in piece.props.items() if k != "nation"}
            nation = nation_of(cat, piece.side, piece.kind, props)
            return Computed(nation, overridable=True, why="§1: the kind's nation, or the side's")
        if spec.prop == "hidden":
            hides, hidden, why = starts_hidden(scenario, cat, piece)
            return Computed(hidden, overridable=hides, why=why)
        return None

    def kinds_for_side(self, scenario: Scenario, side: str | None, kinds: list[str]) -> list[str]:
        # A British side takes British and kupapa figures (§1), a Maori side Maori warriors.
        force = player_of(scenario, side, nation_of(self.catalogue, side, "", {}))
        return [k for k in kinds if piece_role(self.catalogue, k) != "figures"
                or player_of(scenario, side, nation_of(self.catalogue, None, k, {})) == force]


__all__ = ["FernPieceRules", "attempts_allowed", "starts_hidden", "unit_figures"]
