"""The common events in words (motu/engine/rules/event_words.py through Presentation.event_words): hand-made
events, players named by the scenario's sides, places by their labels and names, never by ids; an
event a seat may not know is not told to it."""
import pytest

from motu.engine.rules.events import (Battle, BattleSide, ControlChanged, Event, GameEnded, PhaseBegan, Roll, ScoreChanged,
                                 TurnBegan, UnitLost)
from motu.engine.rules.presentation import Presentation
from motu.engine.rules.registry import get_ruleset


@pytest.fixture(scope="module")
def state():
    """A Tiki game: its seats are the scenario's sides, "First player" and "Second player"."""
    rules = get_ruleset("tiki")
    return rules.new_initial_state(rules.new_scenario(), {"shuffle_tiles": False})


def said(event, state, seat=None, presentation=None):
    return (presentation or Presentation()).event_words(event, seat, state)


class Labelled(Presentation):
    """A presentation that can name cells, as a grid game's does."""

    def cell_label(self, state, cell):
        return f"{cell:04d}"


def test_a_battle_tells_both_sides_units_dice_totals_and_the_winner(state):
    e = Battle(12, "0612", (BattleSide((0,), ("Head Chieftain", "2 Fighters"), 7, (5,), 12),
                            BattleSide((1,), ("Militia",), 2, (2,), 4)), winner=0, result="decisive victory", rule="9.2")
    assert said(e, state) == ("Battle at 0612: First player attacks with Head Chieftain and 2 Fighters (7 + die 5 = 12) "
                              "against Second player with Militia (2 + die 2 = 4) — First player wins (decisive victory) (9.2)")


def test_a_battle_counts_its_units_and_says_the_margin_once():
    e = Battle(5, "2913", (BattleSide((0,), ("Head Chieftain", "Clan Elder", "Population", "Clan Elder", "Population"),
                                      4, (2,), 6, losses=("Population", "Population")),
                           BattleSide((1,), ("Fighters",), 10, (2,), 12, captured=("Clan Elder",))), winner=1, result="by 6")
    text = Presentation().event_words(e, None, None)
    assert text.startswith("Battle at 2913: Player 1 attacks with Head Chieftain, 2 Clan Elders and 2 Population (4 + die 2 = 6)")
    assert "— Player 2 wins by 6; Player 1 loses 2 Population; Player 2 captures Clan Elder" in text


def test_a_battle_tells_losses_captures_and_the_hex_retreated_to(state):
    e = Battle(12, "0612", (BattleSide((0,), ("Fighters",), 3, (4, 2), 9, captured=("Shaman",)),
                            BattleSide((1,), ("Militia", "Shaman"), 2, (1,), 3, losses=("Militia",), retreated_to=613)),
               winner=0)
    text = said(e, state, presentation=Labelled())
    assert "(3 + dice 4 + 2 = 9)" in text
    assert text.endswith("— First player wins; First player captures Shaman; Second player loses Militia; "
                         "Second player retreats to 0613")
    assert said(e, state).endswith("Second player retreats"), "no label: the retreat is told without an id"


def test_a_battle_nobody_won(state):
    e = Battle(None, "", (BattleSide((0,)), BattleSide((1,))))
    assert said(e, state) == "Battle: First player against Second player — nobody wins"


def test_control_changing_hands_names_the_place_and_both_holders(state):
    assert said(ControlChanged("area", "a3", "Hitiaa", 1, 0, rule="15.5"), state) == \
        "First player takes Hitiaa from Second player (15.5)"
    assert said(ControlChanged("area", "a3", "Hitiaa", None, 1), state) == "Second player takes Hitiaa"
    assert said(ControlChanged("village", "v2", "the top village", 0, None), state) == \
        "the top village becomes neutral: First player loses it"


def test_a_unit_lost_or_captured(state):
    assert said(UnitLost(1, "Militia", 12, "0612", cause="battle"), state) == "Second player loses Militia at 0612 (battle)"
    assert said(UnitLost(1, "Shaman", captured_by=0), state) == "First player captures Second player's Shaman"


def test_a_score_changing_a_roll_a_turn_and_a_phase(state):
    assert said(ScoreChanged(0, "fruits", 2, 3, why="a totem on a +1 village"), state) == \
        "First player's fruits: 2 → 3 (a totem on a +1 village)"
    assert said(Roll((4,), "Clan Elder panic (15.9)", player=1, outcome="the Elder stands"), state) == \
        "Clan Elder panic (15.9), Second player: 4 — the Elder stands"
    assert said(Roll((1, 6), "Random Events Table (15.12)"), state) == "Random Events Table (15.12): 1, 6"
    assert said(TurnBegan(3, "Early Summer"), state) == "Turn 3 begins (Early Summer)"
    assert said(PhaseBegan(3, "Movement Phase", player=0), state) == "Turn 3: Movement Phase of First player"


def test_the_end_says_why_and_who_won(state):
    assert said(GameEnded((1.0, -1.0), "four fruits", "four fruits collected", winners=(0,)), state) == \
        "The game is over: four fruits collected. Winner: First player"
    assert said(GameEnded((0.0, 0.0), "time limit"), state) == "The game is over: time limit"


def test_an_event_a_seat_may_not_know_is_not_told_to_it(state):
    secret = UnitLost(1, "Militia", seen_by=(1,))
    assert said(secret, state, seat=0) is None
    assert said(secret, state, seat=1) == "Second player loses Militia"
    assert said(secret, state, seat=None) == "Second player loses Militia", "a spectator sees everything"


def test_an_event_of_a_type_the_presentation_has_no_words_for_says_nothing(state):
    class Odd(Event):
        pass
    assert said(Odd(), state) is None


def test_events_are_filed_under_the_logs_filters():
    p = Presentation()
    assert p.event_kind(Battle(None, "", ())) == "combat"
    assert p.event_kind(UnitLost(0, "Militia")) == "combat"
    assert p.event_kind(Roll((3,), "die")) == "dice"
    assert p.event_kind(TurnBegan(2)) == "events"


def test_without_a_game_players_are_numbered_from_one():
    assert Presentation().event_words(UnitLost(1, "Militia", label="0612"), None) == "Player 2 loses Militia at 0612"
