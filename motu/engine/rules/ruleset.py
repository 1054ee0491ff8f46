"""What a rule set is: its catalogue, its validators, its movement and sight, its game.

A rule set is a package under motu/engine/rules/ (or a third-party distribution's
`motu.rulesets` entry point) exposing a RuleSet. The base class answers the
board questions from the catalogue alone; games override what their rules add
(zones of influence, reef movement, portages…).
"""
from __future__ import annotations

import importlib
import math
import sys
from functools import cached_property
from typing import Any, Iterable, Mapping

import yaml

from motu.engine.board.grids import Grid, HexGrid, SquareGrid
from motu.engine.board.search import MovementProfile
from motu.engine.board.sight import line_of_sight
from motu.engine.resources import resource_path
from motu.engine.scenario.catalogue import Catalogue, catalogue_from_dict
from motu.engine.scenario.checks import COMMON_VALIDATORS
from motu.engine.scenario.model import Scenario, Side
from motu.engine.scenario.validation import Finding, Validator, run_validators

from .api import GameState
from .game_info import GameInfo
from .report import Collector, ReportWords

MOVE_LIMIT = 200_000
"""The game length (in actions, chance ones included) past which batch play stops a game as not
finished, for games whose rules set no bound of their own (a game's `GameInfo.max_length`)."""


class RuleSetError(ValueError):
    """A question the rule set cannot answer as asked (unknown unit kind, side…)."""


class RuleSet:
    id: str = ""
    name: str = ""
    summary: str = ""
    playable: bool = False  # declared: a rule set whose game can be played sets it True
    base: "RuleSet | None" = None  # the rule set a variant derives from (motu/engine/rules/variant.py)
    folder: Any = None  # a designer's rule set: the folder it was read from (a Path)
    origin: str = "shipped"  # where it was found: shipped, beside the scenario, MOTU_RULESETS, user folder
    # Roles (a piece's `role`, or its prop flags) whose kinds the rule set's code lists once, when
    # it is imported: a variant may not add a kind of one (it would not play the role).
    fixed_roles: tuple[str, ...] = ()

    # --- its data ----------------------------------------------------------------------
    # Every number of the rules is in the rule set's YAML documents, read through the instance
    # (`document`), so a variant (another instance of the same class, with merged documents)
    # changes them without code.
    def data_folder(self):
        """The shipped folder of the rule set's files: its own, or its base's for a variant."""
        return resource_path("rulesets", self.id) if self.base is None else self.base.data_folder()

    def document_names(self) -> tuple[str, ...]:
        """The rule set's YAML documents by name (`catalogue`, `tables`…), not its board template."""
        cat = self.document("catalogue") if self.id else None
        template = cat.get("template") if isinstance(cat, dict) else None
        folder = self.data_folder()
        names = sorted(p.stem for p in folder.glob("*.yaml") if p.name != template) if folder.is_dir() else []
        return tuple(names)

    def document(self, name: str) -> Any:
        """The rule set's YAML document `name` (the file `<name>.yaml`), None if it has none."""
        docs = self.__dict__.setdefault("_documents", {})
        if name not in docs:
            docs[name] = self._read_document(name)
        return docs[name]

    def _read_document(self, name: str) -> Any:
        path = self.data_folder() / f"{name}.yaml"
        if not path.is_file():
            return None
        with open(path, encoding="utf-8") as fh:
            return yaml.load(fh, Loader=yaml.CSafeLoader)

    def resource_file(self, name: str):
        """A file of the rule set that is not a document (a board template): the variant's own,
        else its base's."""
        if self.folder is not None and (self.folder / name).is_file():
            return self.folder / name
        return self.data_folder() / name

    @cached_property
    def catalogue(self) -> Catalogue:
        return catalogue_from_dict(self.document("catalogue"),
                                   lambda name: self.document(name.removesuffix(".yaml")))

    @property
    def piece_rules(self):
        """What the rule set adds to its catalogue's piece declarations: forces, computed values
        (motu/engine/scenario/piece_props.py; a game that computes values registers its own)."""
        from motu.engine.scenario.piece_props import piece_rules_for
        return piece_rules_for(self.catalogue)

    # --- validation ----------------------------------------------------------------
    def validators(self) -> tuple[Validator, ...]:
        return COMMON_VALIDATORS

    def validate(self, scenario: Scenario) -> list[Finding]:
        return run_validators(scenario, self.catalogue, self.validators())

    # --- new scenarios ---------------------------------------------------------------
    def new_scenario(self, shape: str | None = None, columns: int | None = None, rows: int | None = None,
                     title: str = "") -> Scenario:
        cat = self.catalogue
        grid: Grid
        if cat.template and shape in (None, "spaces"):
            from motu.engine.io.native import load_path
            s = load_path(self.resource_file(cat.template))
            s.ruleset = self.id
            s.title = title or s.title
            return s
        if shape == "spaces":
            raise RuleSetError(f"{self.name} has no board of spaces")
        shape = shape or cat.default_grid.get("shape", "hex")
        if shape == "hex":
            grid = HexGrid(columns or cat.default_grid.get("columns", 20), rows or cat.default_grid.get("rows", 15),
                           cat.default_grid.get("orientation", "flat"), cat.default_grid.get("offset"))
        elif shape == "square":
            grid = SquareGrid(columns or cat.default_grid.get("columns", 12), rows or cat.default_grid.get("rows", 12))
        else:
            raise RuleSetError(f"unknown grid shape {shape!r}")
        s = Scenario(ruleset=self.id, grid=grid, terrain=[cat.default_terrain] * grid.size, title=title,
                     terrain_tokens={t.id: t.token for t in cat.terrain.values()})
        for d in cat.default_sides:
            s.sides[d["id"]] = Side(d["id"], d.get("name", d["id"]), d.get("color"))
        return s

    # --- board questions ---------------------------------------------------------------
    def unit_kind(self, kind: str | None) -> tuple[str, float]:
        """(movement class, movement allowance) of a piece kind; the first class when none is named."""
        cat = self.catalogue
        if kind is None:
            if not cat.movement_classes:
                raise RuleSetError(f"{self.name} has no moving pieces")
            return cat.movement_classes[0], math.inf
        piece = cat.pieces.get(kind)
        if piece is not None and piece.movement_class:
            return piece.movement_class, piece.mp or math.inf
        if kind in cat.movement_classes:
            return kind, math.inf
        movers = [k for k, p in cat.pieces.items() if p.movement_class]
        raise RuleSetError(f"{kind!r} is not a moving piece of {self.name} (pieces: {', '.join(movers)}; "
                           f"movement classes: {', '.join(cat.movement_classes)})")

    def movement_profile(self, scenario: Scenario, kind: str | None = None, side: str | None = None,
                         conditions: Mapping[str, Any] | None = None, start: int | None = None) -> MovementProfile:
        """Costs for one kind of unit on this map; cached until the scenario changes. `start`, the
        cell the unit moves from, matters only where a rule set's `_start_key` says it does."""
        if side is not None and side not in scenario.sides:
            raise RuleSetError(f"there is no side {side!r} (sides: {', '.join(scenario.sides) or 'none'})")
        conditions = conditions or {}
        key = ("movement", kind, side, tuple(sorted(conditions.items())))
        at = None if start is None else self._start_key(scenario, kind, side, conditions, start)
        if at is None:  # the common case: one profile for every start
            return scenario.cached(key, lambda: self._build_profile(scenario, kind, side, conditions))
        return scenario.cached(key + (at,), lambda: self._build_profile(scenario, kind, side, conditions, at))

    def _start_key(self, scenario: Scenario, kind: str | None, side: str | None,
                   conditions: Mapping[str, Any], start: int) -> Any:
        """What of the start a profile depends on (hashable), passed to `_build_profile`;
        None when it depends on nothing of it. By default costs never depend on the start."""
        return None

    def _build_profile(self, scenario: Scenario, kind: str | None, side: str | None,
                       conditions: Mapping[str, Any], start_key: Any = None) -> MovementProfile:
        movement_class, _ = self.unit_kind(kind)
        cat = self.catalogue
        per_terrain = {t: (cat.terrain[t].enter_cost(movement_class) if t in cat.terrain else math.inf)
                       for t in set(scenario.terrain)}
        enter = [per_terrain[t] for t in scenario.terrain]
        edge_cost: dict[tuple[int, int], float] = {}
        for (a, b), feats in scenario.edges.items():
            extra = sum(cat.edges[f].cross_cost(movement_class) for f in feats if f in cat.edges)
            if extra:
                edge_cost[(a, b)] = extra
                edge_cost[(b, a)] = extra
        return MovementProfile.build(scenario.grid, enter, edge_cost, ())

    def movement_allowance(self, scenario: Scenario, kind: str | None, mp: float,
                           conditions: Mapping[str, Any] | None = None) -> float:
        """The movement points a unit may spend under `conditions` (weather may cut them); `mp` as is by default."""
        return mp

    def sight_blocks(self, scenario: Scenario) -> list[bool]:
        """Per cell, whether its terrain blocks sight (the catalogue's `blocks_sight`)."""
        cat = self.catalogue
        return [bool(cat.terrain[t].blocks_sight) if t in cat.terrain else False for t in scenario.terrain]

    def sight(self, scenario: Scenario):
        return scenario.cached(("sight",), lambda: line_of_sight(scenario.grid, self.sight_blocks(scenario)))

    def control(self, scenario: Scenario, conditions: Mapping[str, Any] | None = None) -> dict[str, str | None]:
        """Which side controls each area. The base rule: the only side with pieces in it."""
        present: dict[str, set[str]] = {a: set() for a in scenario.areas}
        for p in scenario.pieces.values():
            if p.cell is None or p.side is None:
                continue
            a = scenario.cell_area[p.cell]
            if a is not None:
                present.setdefault(a, set()).add(p.side)
        return {a: (next(iter(s)) if len(s) == 1 else None) for a, s in present.items()}

    # --- the game ------------------------------------------------------------------------
    def new_initial_state(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> GameState:
        raise RuleSetError(f"{self.name} cannot be played yet: its game rules are not implemented")

    # Bots by name, declared as data: "module:factory", where a factory takes the random
    # generator the bot draws from. A module starting with "." is in the rule set's own
    # package (its bots build on motu/engine/ai's searches, which sit above the rules). Every
    # playable rule set has at least random and MCTS; games add their heuristic bots.
    bots: Mapping[str, str] = {"random": "motu.engine.ai.bot:RandomBot", "mcts": "motu.engine.ai.mcts:default_mcts"}

    def bot_factories(self) -> dict[str, Any]:
        """The declared bots (`bots`), each name with its factory, loaded on first use."""
        return {name: self._declared(ref) for name, ref in self.bots.items()}

    # What else a rule set declares of its game, as "module:name" in its own package (a module
    # starting with "."), read on first use: its presentation (a Presentation subclass), its
    # balance collector (a Collector subclass) and the words its report says of it (ReportWords).
    presentation_class: str = "motu.engine.rules.presentation:Presentation"
    collector_class: str = "motu.engine.rules.report:Collector"
    report_words_of: str = "motu.engine.rules.report:ReportWords"

    def _declared(self, ref: str) -> Any:
        """What a "module:name" declaration names; a module starting with "." is in the rule set's package."""
        module_name = type(self).__module__
        package = module_name if _is_package(module_name) else module_name.rpartition(".")[0]
        module, _, attr = ref.partition(":")
        return getattr(importlib.import_module(module, package if module.startswith(".") else None), attr)

    def presentation(self):
        """What the game shows its players (motu/engine/rules/presentation.py): the declared
        `presentation_class`, by default the generic reading; a rule set declares its own subclass,
        saying things in its rulebook's words."""
        return self._declared(self.presentation_class)()

    def balance_bots(self, players: int) -> list[str]:
        """The bots a balance run plays with by default, one name (a key of `bot_factories`) per
        seat, the same in every seat so seats can be compared: bots that play to a result. The
        heuristic bot where the game has one (every shipped rule set: docs/bots.md), else MCTS;
        never the random bot, whose games can only time out in some rule sets."""
        names = self.bot_factories()
        name = "heuristic" if "heuristic" in names else "mcts" if "mcts" in names else "random"
        return [name] * players

    def player_sides(self, scenario: Scenario, players: int) -> list[str]:
        """Which scenario side each player of the game plays (for seats and reports)."""
        sides = list(scenario.sides)
        return [sides[i] if i < len(sides) else f"player{i + 1}" for i in range(players)]

    def game_info(self, scenario: Scenario, options: Mapping[str, Any] | None = None) -> GameInfo:
        """The game's facts on `scenario` (motu/engine/rules/game_info.py). By default: a seat per side,
        dice, nothing hidden, zero-sum, no bound of its own, counted in actions, `playable` as
        the rule set declares; each shipped rule set declares its own."""
        names = tuple(side.name for side in scenario.sides.values())
        return GameInfo(self.id, self.name, names, playable=self.playable, max_length=MOVE_LIMIT,
                        turn_unit="actions")

    def seat_names(self, scenario: Scenario, sides: Iterable[str]) -> tuple[str, ...]:
        """Each seat's name as the table says it: its side's own name in the scenario."""
        return tuple(scenario.sides[s].name if s in scenario.sides else s for s in sides)

    def report_collector(self, state: GameState) -> Collector:
        """What a balance report keeps of one game of this rule set, fed the game's events
        (motu/engine/rules/report.py; a rule set declares its own `collector_class`, in its report.py)."""
        return self._declared(self.collector_class)(state)

    def report_words(self) -> ReportWords:
        """What a balance report says of this rule set's figures (motu/engine/rules/report.py; the
        declared `report_words_of`: a ReportWords, or the class for the generic words)."""
        words = self._declared(self.report_words_of)
        return words() if isinstance(words, type) else words

    def describe(self) -> dict[str, Any]:
        cat = self.catalogue
        return {
            "id": self.id, "name": self.name, "summary": self.summary, "grids": list(cat.grids),
            "playable": self.playable,
            "terrain": list(cat.terrain), "edge_features": list(cat.edges), "cell_features": list(cat.features),
            "pieces": list(cat.pieces),
            "options": [{"id": o.id, "type": o.type, "default": o.default, "rule": o.rule, "text": o.text}
                        for o in cat.options.values()],
            "implements": list(cat.implements),
        }


def validators_of(*groups: Iterable[Validator]) -> tuple[Validator, ...]:
    out: list[Validator] = []
    for g in groups:
        out.extend(g)
    return tuple(out)


def _is_package(module: str) -> bool:
    """Whether the module of that name is a package (a rule set's class is usually in its __init__)."""
    mod = sys.modules.get(module)
    return mod is not None and hasattr(mod, "__path__")
