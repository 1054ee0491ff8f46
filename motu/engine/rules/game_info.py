"""A game's basic facts, declared once, as OpenSpiel's `GameType` and `GameInfo` declare them.

Scope: the typed record a rule set returns from `RuleSet.game_info(scenario)`: how many players
and what the seats are called, whether dice take part, whether a seat may not see everything,
how long a game can be, what its returns mean and what its outcomes are called (in the order a
designer reads them). Batch play, the playtest, the conformance check and reports read these
facts instead of guessing them from a state or from which methods a class overrides.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Chance(Enum):
    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit"  # chance nodes with listed outcomes (every Motu game with dice)


class Information(Enum):
    PERFECT = "perfect"
    IMPERFECT = "imperfect"  # some seat may not see everything: `observation(player)` hides it


class Utility(Enum):
    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL_SUM = "general_sum"
    IDENTICAL = "identical"


@dataclass(frozen=True)
class GameInfo:
    """The facts of one game (a rule set on one scenario with its options).

    `seats` names each player as the table says it (a side's own name); `outcomes` lists the
    outcome ids a report counts, in the order a designer reads them (greatest victory first);
    `max_length` bounds the number of actions, chance ones included (batch play stops there)."""

    short_name: str
    long_name: str
    seats: tuple[str, ...]
    chance: Chance = Chance.EXPLICIT
    information: Information = Information.PERFECT
    utility: Utility = Utility.ZERO_SUM
    min_utility: float = -1.0
    max_utility: float = 1.0
    max_length: int = 100_000
    playable: bool = True
    outcomes: tuple[str, ...] = ()
    turn_unit: str = "turns"  # what a report counts a game's length in ("turns", "rounds", "actions")

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def perfect_information(self) -> bool:
        return self.information is Information.PERFECT
