"""What a balance report keeps of each game, gathered in the worker while the game is played.

Scope: finding a game's collector and its words through its rule set (`RuleSet.report_collector`,
`RuleSet.report_words`; each rule set declares its own in its report.py), and feeding it from a
game loop: before each action the state it is applied to, and the events the action before it
emitted (`drain_events()`). motu/engine/rules/report.py says what a collector keeps. Nothing here
knows a rule set or reads a game's log.
"""
from __future__ import annotations

from typing import Any, Mapping

from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.report import Collector, ReportWords
from motu.engine.rules.report import ordered_outcomes as _ordered

__all__ = ["Collector", "collector_for", "feeder", "report_words", "ordered_outcomes"]


def collector_for(ruleset_id: str, state) -> Collector:
    """The collector of `ruleset_id`'s games (the generic one for a rule set that declares none)."""
    try:
        rules = get_ruleset(ruleset_id)
    except Exception:  # noqa: BLE001 - a rule set this process cannot load: counted as any game
        return Collector(state)
    collector = rules.report_collector(state)
    return collector


def report_words(ruleset_id: str) -> ReportWords:
    try:
        return get_ruleset(ruleset_id).report_words()
    except Exception:  # noqa: BLE001 - a report of a rule set not installed here: plain words
        return ReportWords()


def feeder(collector: Collector):
    """A game loop's `on_action(state, player, action)` (motu/engine/ai/bot.play_game calls it before
    each action) that feeds `collector` the events of the action before, then the state."""
    def on_action(state, player: int, action: int) -> None:
        collector.events(state.drain_events(), state)
        collector.step(state, player, action)
    return on_action


def finish(collector: Collector, state, returns: list[float], finished: bool = True) -> dict[str, Any]:
    """The record of a game played to `state`: the last action's events fed, then the collector's record."""
    collector.events(state.drain_events(), state)
    return collector.finish(state, returns, finished)


def ordered_outcomes(ruleset: str, counts: Mapping[str, int]) -> dict[str, int]:
    """The outcomes in the rule set's reading order (victory levels from the greatest), others by count."""
    return _ordered(report_words(ruleset).outcomes, counts)
