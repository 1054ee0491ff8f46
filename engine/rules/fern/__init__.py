"""Fire in the Fern!: skirmishes of the New Zealand Wars on a grid of squares."""
from engine.board.sight import SquareSight
from engine.rules.ruleset import RuleSet
from engine.scenario.model import Scenario


class FernRules(RuleSet):
    id = "fern"
    name = "Fire in the Fern!"
    summary = "Semi-skirmish rules for the New Zealand Wars on a table of squares"

    def sight(self, scenario: Scenario):
        # Option bush_blocks_sight (docs/rules/fern.md): off, a bush square the line crosses
        # does not block, and only §1's diagonal rule (two bush squares touching at a corner) does.
        if scenario.options.get("bush_blocks_sight", self.catalogue.options["bush_blocks_sight"].default):
            return super().sight(scenario)
        key = ("sight", "diagonal-only")
        sight = scenario.cache.get(key)
        if sight is None:
            closed = [bool(self.catalogue.terrain[t].blocks_sight) if t in self.catalogue.terrain else False
                      for t in scenario.terrain]
            sight = SquareSight(scenario.grid, closed, crossing_blocks=False)
            scenario.cache[key] = sight
        return sight


RULESET = FernRules()
